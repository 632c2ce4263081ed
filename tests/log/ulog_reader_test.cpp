// ULogFile (log/ulog_reader.h) against the independent reader of the specification
// (ulog_spec_reader.py) and against two logs PX4 wrote:
// - a log cut at random byte offsets (seeded; in the header, in the definitions, inside DATA
//   messages, anywhere): both readers give exactly the messages that lie wholly before the cut —
//   the spec reader's walk of the whole file says which those are — and ours names the offset of
//   the first message the cut broke;
// - bytes corrupted in the middle: ours skips to the next SYNC message and names the offset
//   and the bytes skipped; everything outside that stretch is read; a well-framed message of
//   an unknown type is skipped by its size, as the specification asks, in both readers;
// - files that are not ULog (text, empty, a folder, missing, refused flag bits): an error naming
//   the file and the offset;
// - appended data (FLAG_BITS DATA_APPENDED), a newer format version;
// - PX4's sample_log_small.ulg and sample_px4_events.ulg (pyulog's test logs): no problem, and
//   every subscription's count and time span, INFO, INFO_MULTIPLE, parameters, logged strings,
//   dropouts and the decoded values of chosen topics (nested ones among them) equal to what the
//   spec reader finds in the same file.
#include "log/ulog_reader.h"
#include "log/ulog_writer.h"
#include "tests/log/ulog_test_support.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <bit>
#include <cmath>
#include <cstring>
#include <random>
#include <set>
#include <string_view>
#include <tuple>

using namespace navigator::ulog;
using namespace ulog_test;

namespace {

// What lies wholly before byte `cut` of a file whose messages are `all`.
struct Before {
  std::vector<SpecMessage> whole;
  std::optional<std::uint64_t> broken;  // the offset of the message the cut goes through
  std::size_t count(char kind) const {
    return std::size_t(std::count_if(whole.begin(), whole.end(), [&](const SpecMessage& m) { return m.kind == kind; }));
  }
  std::vector<std::uint64_t> dataOffsets(int msg_id) const {
    std::vector<std::uint64_t> v;
    for (const SpecMessage& m : whole)
      if (m.kind == 'D' && m.msg_id == msg_id) v.push_back(m.offset + 5);  // past the header and msg_id
    return v;
  }
};

Before before(const std::vector<SpecMessage>& all, std::uint64_t cut) {
  Before b;
  for (const SpecMessage& m : all) {
    if (m.end() <= cut)
      b.whole.push_back(m);
    else if (m.offset < cut && !b.broken)
      b.broken = m.offset;
  }
  return b;
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

std::string px4Log(const char* name) { return std::string(NAVIGATOR_PX4_ULOG_DIR) + "/" + name; }

// INFO, each value by its type; INFO_MULTIPLE, the parts of each key, continued ones joined, byte
// for byte; parameters, in the file's order, to the bit: as the spec reader's JSON `o` has them.
void compareInfoAndParameters(const ULogFile& log, const json& o) {
  std::set<std::string> names;
  for (const KeyValue& kv : log.info()) {
    names.insert(kv.name);
    const json& want = o["info"][kv.name];
    QCOMPARE(kv.type, want["type"].get<std::string>());
    if (kv.isString())
      QCOMPARE(kv.raw, want["value"].get<std::string>());
    else
      QCOMPARE(kv.number(), want["value"].get<double>());
  }
  QCOMPARE(names.size(), o["info"].size());
  std::map<std::string, std::vector<std::string>> multiple;
  for (const KeyValue& kv : log.infoMultiple()) {
    QByteArray raw(kv.raw.data(), qsizetype(kv.raw.size()));
    multiple[kv.name].push_back(raw.toHex().toStdString());
  }
  QCOMPARE(multiple.size(), o["info_multiple"].size());
  for (const auto& [name, parts] : multiple)
    QVERIFY2(parts == o["info_multiple"][name].get<std::vector<std::string>>(), name.c_str());
  QCOMPARE(log.parameters().size(), o["params"].size());
  for (std::size_t i = 0; i < log.parameters().size(); ++i) {
    const KeyValue& kv = log.parameters()[i];
    QCOMPARE(kv.name, o["params"][i]["name"].get<std::string>());
    QCOMPARE(kv.type, o["params"][i]["type"].get<std::string>());
    const double got = kv.number(), want = o["params"][i]["value"].get<double>();
    QVERIFY2(std::bit_cast<std::uint64_t>(got) == std::bit_cast<std::uint64_t>(want), kv.name.c_str());
  }
}

// Every field of the first messages of `sub`: the same paths in the same order, the same values
// (`values`: the spec reader's; `what` names the subscription in messages).
void compareFirstMessages(const ULogFile& log, const Subscription& sub, const json& values, const std::string& what) {
  const std::vector<ScalarField> fields = log.fields(sub);
  QCOMPARE(values.size(), std::min<std::size_t>(sub.count(), 60));
  for (std::size_t k = 0; k < values.size(); ++k) {
    std::vector<std::string> paths;
    for (const auto& item : values[k].items()) paths.push_back(item.key());
    QCOMPARE(paths.size(), fields.size());
    for (std::size_t c = 0; c < fields.size(); ++c) {
      const ScalarField& f = fields[c];
      QCOMPARE(f.path, paths[c]);
      const json& want = values[k][f.path];
      const std::string where = what + "[" + std::to_string(k) + "]." + f.path + " = " + want.dump();
      if (f.char_length > 0) {
        QVERIFY2(log.text(sub, k, f) == want.get<std::string>(), where.c_str());
      } else if (f.type == BaseType::UInt64 || f.type == BaseType::Int64) {
        std::uint64_t raw;
        std::memcpy(&raw, log.payload(sub, k) + f.offset, 8);
        QVERIFY2(f.type == BaseType::UInt64 ? raw == want.get<std::uint64_t>()
                                            : std::int64_t(raw) == want.get<std::int64_t>(),
                 where.c_str());
      } else if (want.is_string()) {
        const double v = log.value(sub, k, f);
        QVERIFY2(want == "nan" ? std::isnan(v) : v == (want == "inf" ? INFINITY : -INFINITY), where.c_str());
      } else {
        const double v = log.value(sub, k, f), w = want.get<double>();
        QVERIFY2(std::bit_cast<std::uint64_t>(v) == std::bit_cast<std::uint64_t>(w), where.c_str());
      }
    }
  }
}

// Subscriptions: order, instance, msg_id, count, time span, and the values of those the spec
// reader printed.
void compareSubscriptions(const ULogFile& log, const json& o) {
  QCOMPARE(log.subscriptions().size(), o["topics"].size());
  for (std::size_t i = 0; i < log.subscriptions().size(); ++i) {
    const Subscription& sub = log.subscriptions()[i];
    const json& t = o["topics"][i];
    const std::string what = sub.name + " " + std::to_string(sub.multi_id);
    QCOMPARE(sub.name, t["name"].get<std::string>());
    QCOMPARE(int(sub.multi_id), t["multi_id"].get<int>());
    QCOMPARE(int(sub.msg_id), t["msg_id"].get<int>());
    QVERIFY2(sub.count() == t["count"].get<std::size_t>(), what.c_str());
    if (sub.count() > 0) {
      QCOMPARE(sub.first_us, t["first_timestamp"].get<std::uint64_t>());
      QCOMPARE(sub.last_us, t["last_timestamp"].get<std::uint64_t>());
    }
    if (!t.contains("values")) continue;
    compareFirstMessages(log, sub, t["values"], what);
    if (QTest::currentTestFailed()) return;
  }
}

// Logged strings and dropouts.
void compareStringsAndDropouts(const ULogFile& log, const json& o) {
  QCOMPARE(log.strings().size(), o["logged"].size());
  for (std::size_t i = 0; i < log.strings().size(); ++i) {
    const LoggedString& s = log.strings()[i];
    QCOMPARE(int(s.level), o["logged"][i]["level"].get<int>());
    QCOMPARE(s.t_us, o["logged"][i]["timestamp"].get<std::uint64_t>());
    QCOMPARE(s.text, o["logged"][i]["text"].get<std::string>());
    QCOMPARE(s.tag, o["logged"][i]["tag"].is_null() ? -1 : o["logged"][i]["tag"].get<int>());
  }
  QCOMPARE(log.dropouts().size(), o["dropouts"].size());
  for (std::size_t i = 0; i < log.dropouts().size(); ++i) {
    QCOMPARE(int(log.dropouts()[i].duration_ms), o["dropouts"][i]["duration_ms"].get<int>());
    QCOMPARE(log.dropouts()[i].t_us, o["dropouts"][i]["after_timestamp"].get<std::uint64_t>());
  }
}

}  // namespace

class ULogReaderTest : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir dir_;
  std::string path_;
  WrittenFlight flight_;
  std::vector<std::uint8_t> bytes_;
  std::vector<SpecMessage> messages_;  // the spec reader's walk of the whole file

  std::string scratch(const std::string& name) const {
    return dir_.filePath(QString::fromStdString(name)).toStdString();
  }

  // The SYNC messages and the DATA messages between the k-th and (k+1)-th SYNC.
  std::vector<SpecMessage> syncs() const {
    std::vector<SpecMessage> s;
    for (const SpecMessage& m : messages_)
      if (m.kind == 'S') s.push_back(m);
    return s;
  }

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    path_ = scratch("flight.ulg");
    std::string error;
    flight_ = writeFlight(path_, FlightShape{40, 5, 3}, error);
    QVERIFY2(error.empty(), error.c_str());
    bytes_ = readFile(path_);
    const SpecResult r = specRead(path_, {"--messages"});
    QVERIFY2(r.error.empty(), r.error.c_str());
    QCOMPARE(r.exit_code, 0);
    messages_ = specMessages(r.out);
    // The file's shape the cases below rely on: a SYNC after every block but the last
    // (ulog_recorder.h: the final block has none) — at least one per batch writeFlight waited
    // for, more when the writer woke inside a batch — and every message accounted for.
    QVERIFY(syncs().size() >= 4);
    QCOMPARE(messages_.back().end(), std::uint64_t(bytes_.size()));
    QCOMPARE(before(messages_, bytes_.size()).count('D'), std::size_t(13 * 40));
  }

  void cutAtRandomOffsets() {
    std::mt19937_64 rng(20261125);
    auto uniform = [&](std::uint64_t lo, std::uint64_t hi) { return lo + rng() % (hi - lo + 1); };  // [lo, hi]
    std::uint64_t definitions_end = 0;
    for (const SpecMessage& m : messages_)
      if (m.kind == 'A') {
        definitions_end = m.offset;
        break;
      }
    std::vector<SpecMessage> data;
    for (const SpecMessage& m : messages_)
      if (m.kind == 'D') data.push_back(m);

    std::vector<std::pair<std::string, std::uint64_t>> cuts;
    for (int i = 0; i < 3; ++i) cuts.emplace_back("in the header", uniform(1, 15));
    for (int i = 0; i < 4; ++i) cuts.emplace_back("in the definitions", uniform(16, definitions_end - 1));
    for (int i = 0; i < 8; ++i) {
      const SpecMessage& m = data[std::size_t(uniform(0, data.size() - 1))];
      cuts.emplace_back("inside a DATA message", uniform(m.offset + 1, m.end() - 1));
    }
    for (int i = 0; i < 4; ++i) cuts.emplace_back("anywhere", uniform(16, bytes_.size() - 1));
    cuts.emplace_back("between two messages", data[data.size() / 2].end());
    cuts.emplace_back("after the header", 16);

    for (const auto& [where, cut] : cuts) {
      const std::string what = where + ", at byte " + std::to_string(cut);
      const std::string path = scratch("cut.ulg");
      QVERIFY(writeFile(path, std::vector<std::uint8_t>(bytes_.begin(), bytes_.begin() + std::ptrdiff_t(cut))));
      auto log = ULogFile::open(path);
      const SpecResult spec = specRead(path, {"--messages"});
      QVERIFY2(spec.error.empty(), spec.error.c_str());
      if (cut < kHeaderBytes) {
        QVERIFY2(!log, what.c_str());
        QCOMPARE(log.error().message, path + ": offset 0: not a ULog file: " + std::to_string(cut) +
                                          " bytes, fewer than the 16-byte header");
        QCOMPARE(spec.exit_code, 1);
        QCOMPARE(spec.out["offset"].get<int>(), 0);
        continue;
      }
      QVERIFY2(log, (what + ": " + (log ? "" : log.error().message)).c_str());
      const Before want = before(messages_, cut);

      // Ours: the problem names the broken message's offset, and nothing else is wrong.
      if (want.broken) {
        QVERIFY2(log->problems().size() == 1, what.c_str());
        QCOMPARE(log->problems()[0].offset, *want.broken);
        QVERIFY2(
            contains(log->problems()[0].what, "everything before offset " + std::to_string(*want.broken) + " was read"),
            log->problems()[0].what.c_str());
      } else {
        QVERIFY2(log->problems().empty(), what.c_str());
      }
      QCOMPARE(log->info().size(), want.count('I'));
      QCOMPARE(log->parameters().size(), want.count('P'));
      QCOMPARE(log->formats().size(), want.count('F'));
      QCOMPARE(log->strings().size(), want.count('L'));
      QCOMPARE(log->subscriptions().size(), want.count('A'));
      QCOMPARE(log->dropouts().size(), want.count('O'));
      for (const Subscription& sub : log->subscriptions())
        QVERIFY2(sub.data_offsets == want.dataOffsets(sub.msg_id), (what + ", " + sub.name).c_str());

      // The spec reader: the same messages, to the byte, and the cut at the same offset.
      QCOMPARE(spec.exit_code, 0);
      const std::vector<SpecMessage> got = specMessages(spec.out);
      QCOMPARE(got.size(), want.whole.size());
      for (std::size_t i = 0; i < got.size(); ++i) {
        QCOMPARE(got[i].offset, want.whole[i].offset);
        QCOMPARE(got[i].kind, want.whole[i].kind);
        QCOMPARE(got[i].size, want.whole[i].size);
      }
      if (want.broken)
        QCOMPARE(spec.out["end"]["cut_at"].get<std::uint64_t>(), *want.broken);
      else
        QVERIFY(spec.out["end"]["cut_at"].is_null());
    }
  }

  // A corrupt stretch from a message's header on: ours skips to the end of the next SYNC
  // message, names where it started and how far it skipped, and reads everything else.
  void corruptionSkipsToTheNextSync_data() {
    QTest::addColumn<int>("how");
    QTest::newRow("unknown message type, its size framing nothing") << 0;
    QTest::newRow("32 bytes of 0xff") << 1;
    QTest::newRow("DATA for a msg_id nobody subscribed") << 2;
    QTest::newRow("SYNC with a wrong magic") << 3;
  }
  void corruptionSkipsToTheNextSync() {
    QFETCH(int, how);
    const std::vector<SpecMessage> s = syncs();
    // The block (between two SYNCs, not the first) with the most DATA messages; the corrupt
    // message is a DATA message in its middle, or the SYNC that opens it.
    std::vector<SpecMessage> block;
    std::size_t opened_by = 0;
    for (std::size_t i = 1; i + 1 < s.size(); ++i) {
      std::vector<SpecMessage> between;
      for (const SpecMessage& m : messages_)
        if (m.kind == 'D' && m.offset > s[i].offset && m.offset < s[i + 1].offset) between.push_back(m);
      if (between.size() > block.size()) {
        block = between;
        opened_by = i;
      }
    }
    QVERIFY(block.size() > 10);
    const SpecMessage victim = how == 3 ? s[opened_by] : block[block.size() / 2];
    const std::uint64_t resume = s[opened_by + 1].end();  // the next SYNC after the victim ends here
    std::vector<std::uint8_t> bytes = bytes_;
    std::string expected;
    switch (how) {
      case 0: {
        // A size after which no known message begins (the smallest such), so that this is not
        // a well-framed message of a newer kind (unknownMessageTypeIsSkippedBySize).
        std::uint16_t size = 1;
        auto known = [](std::uint8_t k) {
          return std::string_view("BFIMPQARDLCSO").find(char(k)) != std::string_view::npos;
        };
        while (known(bytes[victim.offset + 3 + size + 2])) ++size;
        std::memcpy(bytes.data() + victim.offset, &size, 2);
        bytes[victim.offset + 2] = 0x00;
        expected = "unknown message type 0x00";
        break;
      }
      case 1:
        std::fill_n(bytes.begin() + std::ptrdiff_t(victim.offset), 32, std::uint8_t(0xff));
        expected = "unknown message type 0xff";
        break;
      case 2: {
        const std::uint16_t id = 999;
        std::memcpy(bytes.data() + victim.offset + 3, &id, 2);
        expected = "a DATA message for msg_id 999, which nothing subscribed";
        break;
      }
      case 3:
        bytes[victim.offset + 3 + 4] ^= 0x01;
        expected = "a SYNC message with a wrong magic";
        break;
    }
    expected += "; skipped " + std::to_string(resume - victim.offset) + " bytes to the next SYNC message";
    const std::string name = "corrupt.ulg";
    auto log = ULogFile::fromBytes(name, bytes);
    QVERIFY(log);
    QCOMPARE(log->problems().size(), std::size_t(1));
    QCOMPARE(log->problems()[0].offset, victim.offset);
    QCOMPARE(log->problems()[0].what, expected);

    // Everything outside [victim, resume) is there.
    std::vector<SpecMessage> kept;
    for (const SpecMessage& m : messages_)
      if (m.offset < victim.offset || m.offset >= resume) kept.push_back(m);
    Before want{kept, std::nullopt};
    for (const Subscription& sub : log->subscriptions())
      QVERIFY2(sub.data_offsets == want.dataOffsets(sub.msg_id), sub.name.c_str());
    QCOMPARE(log->strings().size(), want.count('L'));
    QVERIFY(want.count('D') < before(messages_, bytes_.size()).count('D'));
  }

  // A well-framed message of a type the reader does not know (a newer logger's) is skipped by
  // its size, as the specification requires of a parser ("must ignore unknown messages"), and
  // named; nothing else is lost, and the spec reader counts the same. One inserted, and one
  // DATA message's type changed.
  void unknownMessageTypeIsSkippedBySize() {
    const Before all = before(messages_, bytes_.size());
    std::vector<SpecMessage> data;
    for (const SpecMessage& m : messages_)
      if (m.kind == 'D') data.push_back(m);
    const SpecMessage& at = data[data.size() / 3];
    const std::uint8_t z[] = {4, 0, 'Z', 'a', 'b', 'c', 'd'};
    std::vector<std::uint8_t> inserted = bytes_;
    inserted.insert(inserted.begin() + std::ptrdiff_t(at.offset), std::begin(z), std::end(z));
    std::vector<std::uint8_t> retyped = bytes_;
    retyped[at.offset + 2] = 'Z';

    for (const auto& [name, bytes, lost] :
         {std::tuple{"inserted.ulg", inserted, 0}, std::tuple{"retyped.ulg", retyped, 1}}) {
      auto log = ULogFile::fromBytes(name, bytes);
      QVERIFY(log);
      QCOMPARE(log->problems().size(), std::size_t(1));
      QCOMPARE(log->problems()[0].offset, at.offset);
      const std::uint16_t size = lost ? at.size : 4;
      QCOMPARE(log->problems()[0].what, "unknown message type 0x5a (" + std::to_string(size) + " bytes) skipped");
      std::size_t total = 0;
      for (const Subscription& sub : log->subscriptions()) total += sub.count();
      QCOMPARE(total, all.count('D') - std::size_t(lost));
      QCOMPARE(log->strings().size(), all.count('L'));

      const std::string path = scratch(name);
      QVERIFY(writeFile(path, bytes));
      const SpecResult spec = specRead(path);
      QCOMPARE(spec.exit_code, 0);
      QCOMPARE(spec.out["unknown_messages"].size(), std::size_t(1));
      for (const Subscription& sub : log->subscriptions()) {
        const json& t = spec.out["topics"][std::size_t(sub.msg_id)];
        QCOMPARE(t["name"].get<std::string>(), sub.name);
        QCOMPARE(t["count"].get<std::size_t>(), sub.count());
      }
    }
  }

  // A FORMAT message whose text cannot be read: named, its topic's subscription named and its
  // data left out, every other topic read whole.
  void unreadableFormatLeavesOnlyItsTopicOut() {
    std::vector<std::uint8_t> bytes = bytes_;
    const std::string name = "vehicle_status:";
    std::uint64_t format_at = 0, add_at = 0;
    int status_id = -1;
    for (const SpecMessage& m : messages_) {
      if (m.kind == 'F' && std::equal(name.begin(), name.end(), bytes.begin() + std::ptrdiff_t(m.offset + 3)))
        format_at = m.offset;
      if (m.kind == 'A' && std::string(bytes.begin() + std::ptrdiff_t(m.offset + 6),
                                       bytes.begin() + std::ptrdiff_t(m.end())) == "vehicle_status") {
        add_at = m.offset;
        status_id = m.msg_id;
      }
    }
    QVERIFY(format_at > 0 && add_at > 0);
    bytes[format_at + 3 + name.size() - 1] = '!';  // "vehicle_status!uint64_t timestamp;…": no ':'
    auto log = ULogFile::fromBytes("format.ulg", bytes);
    QVERIFY(log);
    QCOMPARE(log->problems().size(), std::size_t(2));
    QCOMPARE(log->problems()[0].offset, format_at);
    QCOMPARE(log->problems()[0].what, std::string("a FORMAT message is unreadable: no ':' after the message name"));
    QCOMPARE(log->problems()[1].offset, add_at);
    QCOMPARE(log->problems()[1].what,
             std::string("a subscription to 'vehicle_status', which no format defines: its data is left out"));
    QCOMPARE(log->subscriptions().size(), std::size_t(12));
    const Before all = before(messages_, bytes_.size());
    for (const Subscription& sub : log->subscriptions()) {
      QVERIFY(sub.msg_id != status_id);
      QVERIFY(sub.data_offsets == all.dataOffsets(sub.msg_id));
    }
  }

  // A format that cannot be resolved (a nested type nobody defines) is dropped alone, even
  // when another format is named like a word of the error ("field 'y' of x has type nope, …"
  // once dropped the topic "has", whose data then lost its fields: found writing the fuzz
  // target, fixed in ulog_reader.cpp's resolveWhatCan).
  void unresolvableFormatDropsOnlyItself() {
    Bytes b;
    appendHeader(b, 0);
    appendFormat(b, parseFormat("has:uint64_t timestamp;float v;").value());
    appendAddLoggedMessage(b, 0, 0, "has");
#pragma pack(push, 1)
    struct Has {
      std::uint64_t timestamp;
      float v;
    };
#pragma pack(pop)
    const Has first{1000, 1.5f}, second{2000, 2.5f};
    appendData(b, 0, &first, sizeof first);
    const std::size_t bad_at = b.size();
    appendFormat(b, parseFormat("x:uint64_t timestamp;nope y;").value());
    appendData(b, 0, &second, sizeof second);
    auto log = ULogFile::fromBytes("words.ulg", b);
    QVERIFY(log);
    QCOMPARE(log->problems().size(), std::size_t(1));
    QCOMPARE(log->problems()[0].what, std::string("field 'y' of x has type nope, which no format defines"));
    QVERIFY(log->problems()[0].offset >= bad_at);  // where the reader found out: at or after that FORMAT
    QCOMPARE(log->formats().count("x"), std::size_t(0));
    const Subscription* has = log->find("has");
    QVERIFY(has);
    QCOMPARE(has->count(), std::size_t(2));
    const std::vector<ScalarField> fields = log->fields(*has);
    QCOMPARE(fields.size(), std::size_t(2));
    QCOMPARE(log->value(*has, 1, fields[1]), 2.5);
  }

  void filesThatAreNotULog() {
    const std::string text = scratch("notes.txt");
    QVERIFY(writeFile(text, std::vector<std::uint8_t>(100, 'x')));
    auto t = ULogFile::open(text);
    QVERIFY(!t);
    QCOMPARE(t.error().message, text + ": offset 0: not a ULog file (its first bytes are not 'ULog' 0x01 0x12 0x35)");
    const SpecResult st = specRead(text);
    QCOMPARE(st.exit_code, 1);
    QCOMPARE(st.out["offset"].get<int>(), 0);

    const std::string empty = scratch("empty.ulg");
    QVERIFY(writeFile(empty, {}));
    auto e = ULogFile::open(empty);
    QVERIFY(!e);
    QCOMPARE(e.error().message, empty + ": offset 0: not a ULog file: 0 bytes, fewer than the 16-byte header");
    QCOMPARE(specRead(empty).exit_code, 1);

    const std::string folder = scratch("a_folder.ulg");
    QVERIFY(QDir().mkpath(QString::fromStdString(folder)));
    auto d = ULogFile::open(folder);
    QVERIFY(!d);
    QCOMPARE(d.error().message, folder + ": not a regular file");

    const std::string missing = scratch("missing.ulg");
    auto m = ULogFile::open(missing);
    QVERIFY(!m);
    QCOMPARE(m.error().message, missing + ": cannot open: No such file or directory");

    // In memory: the name given stands for the path.
    auto b = ULogFile::fromBytes("bytes.ulg", {0x55, 0x4c, 0x6f, 0x67, 0x01, 0x12, 0x36, 1, 0, 0, 0, 0, 0, 0, 0, 0});
    QVERIFY(!b);
    QVERIFY(contains(b.error().message, "bytes.ulg: offset 0: not a ULog file"));
  }

  // FLAG_BITS: an incompatible bit the reader does not know refuses the file (the
  // specification: a parser must not read it), at the message's offset 16; both readers agree.
  void unknownIncompatibleFlagRefusesTheFile() {
    std::vector<std::uint8_t> bytes = bytes_;
    QCOMPARE(messages_[0].kind, 'B');
    bytes[16 + 3 + 8] |= 0x02;  // incompat_flags[0] bit 1
    const std::string path = scratch("incompat.ulg");
    QVERIFY(writeFile(path, bytes));
    auto log = ULogFile::open(path);
    QVERIFY(!log);
    QVERIFY2(contains(log.error().message, path + ": offset 16: the file sets incompatible flag bits"),
             log.error().message.c_str());
    const SpecResult spec = specRead(path);
    QCOMPARE(spec.exit_code, 1);
    QCOMPARE(spec.out["offset"].get<int>(), 16);
  }

  // A newer format version: read as version 1 (the specification: parse future versions too),
  // said once, at byte 7.
  void newerVersionIsReadAndSaid() {
    std::vector<std::uint8_t> bytes = bytes_;
    bytes[7] = 2;
    auto log = ULogFile::fromBytes("v2.ulg", bytes);
    QVERIFY(log);
    QCOMPARE(log->problems().size(), std::size_t(1));
    QCOMPARE(log->problems()[0].offset, std::uint64_t(7));
    QCOMPARE(log->subscriptions().size(), std::size_t(13));
  }

  // Data appended after the log was first closed (FLAG_BITS incompat bit 0, appended_offsets[0]):
  // the message the first part ends in the middle of is left, the appended messages read as
  // part of the data section. The file is built here by the specification's layout.
  void appendedDataIsRead() {
    Bytes b;
    appendHeader(b, 1000);
    const std::size_t flags_at = b.size();
    appendFlagBits(b);
    auto f = parseFormat("t:uint64_t timestamp;float v;");
    QVERIFY(f);
    appendFormat(b, *f);
    appendAddLoggedMessage(b, 0, 0, "t");
#pragma pack(push, 1)
    struct T {
      std::uint64_t timestamp;
      float v;
    };
#pragma pack(pop)
    for (int k = 0; k < 2; ++k) {
      const T m{std::uint64_t(2000 + k), float(k)};
      appendData(b, 0, &m, sizeof m);
    }
    Bytes torn;
    const T cut{2002, 2.0f};
    appendData(torn, 0, &cut, sizeof cut);
    b.insert(b.end(), torn.begin(), torn.begin() + 7);  // the writer stopped 7 bytes into this one
    const std::uint64_t appended_at = b.size();
    for (int k = 3; k < 5; ++k) {
      const T m{std::uint64_t(2000 + k), float(k)};
      appendData(b, 0, &m, sizeof m);
    }
    appendLogging(b, LogLevel::Info, 2005, "appended");
    b[flags_at + 3 + 8] = kIncompatDataAppended;
    std::memcpy(b.data() + flags_at + 3 + 16, &appended_at, 8);

    const std::string path = scratch("appended.ulg");
    QVERIFY(writeFile(path, b));
    auto log = ULogFile::open(path);
    QVERIFY(log);
    QVERIFY(log->problems().empty());
    const Subscription* sub = log->find("t");
    QVERIFY(sub);
    QCOMPARE(sub->count(), std::size_t(4));
    const std::uint64_t want[] = {2000, 2001, 2003, 2004};
    for (std::size_t k = 0; k < 4; ++k) QCOMPARE(log->timestampUs(*sub, k), want[k]);
    QCOMPARE(log->strings().size(), std::size_t(1));

    const SpecResult spec = specRead(path);
    QCOMPARE(spec.exit_code, 0);
    QCOMPARE(spec.out["topics"][0]["count"].get<int>(), 4);
    QCOMPARE(spec.out["logged"].size(), std::size_t(1));
    QVERIFY(spec.out["end"]["cut_at"].is_null());
  }

  void progressAndCancel() {
    std::vector<double> seen;
    ReadOptions options;
    options.progress = [&](double f) { seen.push_back(f); };
    auto log = ULogFile::open(path_, options);
    QVERIFY(log);
    QVERIFY(!seen.empty());
    QCOMPARE(seen.back(), 1.0);
    QVERIFY(std::is_sorted(seen.begin(), seen.end()));
    std::atomic<bool> cancel{true};
    ReadOptions cancelled;
    cancelled.cancel = &cancel;
    auto c = ULogFile::open(path_, cancelled);
    QVERIFY(!c);
    QCOMPARE(c.error().message, path_ + ": offset 16: cancelled");
  }

  // indexAt: the first message at or after a time (a binary search over the file's timestamps).
  void indexAtFindsTheFirstMessageAtOrAfter() {
    auto log = ULogFile::open(path_);
    QVERIFY(log);
    const Subscription* sub = log->find("sensor_combined");
    QVERIFY(sub);
    const TopicRecord& want = *flight_.find("sensor_combined");
    QCOMPARE(log->indexAt(*sub, 0), std::size_t(0));
    for (std::size_t k = 0; k < want.messages.size(); ++k) {
      const std::uint64_t t = want.messages[k].at("timestamp").u;
      QCOMPARE(log->indexAt(*sub, t), k);
      QCOMPARE(log->indexAt(*sub, t + 1), k + 1);
    }
  }

  // PX4's logs: ours and the spec reader find the same, and ours finds no problem.
  void px4LogsAgreeWithTheSpecReader_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("topics");  // whose values are compared, field by field
    QTest::newRow("sample_log_small") << "sample_log_small.ulg"
                                      << QStringList{"sensor_combined", "vehicle_attitude", "vehicle_gps_position",
                                                     "battery_status",  "actuator_outputs", "vehicle_status"};
    QTest::newRow("sample_px4_events") << "sample_px4_events.ulg"
                                       << QStringList{"sensor_combined", "vehicle_attitude", "esc_status",
                                                      "event",           "sensor_gps",       "vehicle_local_position"};
  }
  void px4LogsAgreeWithTheSpecReader() {
    QFETCH(QString, file);
    QFETCH(QStringList, topics);
    const std::string path = px4Log(file.toUtf8().constData());
    QVERIFY2(QFileInfo::exists(QString::fromStdString(path)), path.c_str());
    auto opened = ULogFile::open(path);
    QVERIFY2(opened, opened ? "" : opened.error().message.c_str());
    const ULogFile& log = *opened;
    for (const Problem& p : log.problems()) qWarning("offset %llu: %s", (unsigned long long)p.offset, p.what.c_str());
    QVERIFY(log.problems().empty());

    std::vector<std::string> args = {"--limit", "60"};
    for (const QString& t : topics) args.insert(args.end(), {"--values", t.toStdString()});
    const SpecResult spec = specRead(path, args);
    QVERIFY2(spec.error.empty(), spec.error.c_str());
    QCOMPARE(spec.exit_code, 0);
    const json& o = spec.out;
    QVERIFY(o["problems"].empty());
    QVERIFY(o["end"]["cut_at"].is_null());
    QCOMPARE(log.startUs(), o["header"]["timestamp"].get<std::uint64_t>());

    compareInfoAndParameters(log, o);
    if (QTest::currentTestFailed()) return;
    compareSubscriptions(log, o);
    if (QTest::currentTestFailed()) return;
    compareStringsAndDropouts(log, o);
  }

  // pyulog's own expectation for sample_log_small.ulg (PX4/pyulog, test/sample_log_small_messages.txt:
  // "0:00:22 INFO: [commander] Takeoff detected", "0:00:23 … Landing detected", "0:00:25 …
  // Disarmed by landing"), a third reader's word on the same file.
  void sampleLogSmallHasPyulogsMessages() {
    const std::string path = px4Log("sample_log_small.ulg");
    QVERIFY2(QFileInfo::exists(QString::fromStdString(path)), path.c_str());
    auto log = ULogFile::open(path);
    QVERIFY(log);
    QCOMPARE(log->strings().size(), std::size_t(3));
    const char* texts[] = {"[commander] Takeoff detected", "[commander] Landing detected",
                           "[commander] Disarmed by landing"};
    const std::uint64_t seconds[] = {22, 23, 25};
    for (std::size_t i = 0; i < 3; ++i) {
      QCOMPARE(log->strings()[i].text, std::string(texts[i]));
      QCOMPARE(log->strings()[i].t_us / 1'000'000, seconds[i]);
      QCOMPARE(std::string(logLevelName(log->strings()[i].level)), std::string("INFO"));
    }
  }
};

QTEST_GUILESS_MAIN(ULogReaderTest)
#include "ulog_reader_test.moc"
