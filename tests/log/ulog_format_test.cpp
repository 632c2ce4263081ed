// ulog_format.h: the FORMAT text ("name:type field;…"), the sizes and offsets of resolved
// formats, trailing padding (not logged), and the scalar fields a format unrolls into. Sizes
// come from the specification's type table (docs.px4.io, "ULog File Format", Data types:
// int8/uint8/bool/char 1, int16/uint16 2, int32/uint32/float 4, int64/uint64/double 8); every
// expected size below is that table summed by hand.
#include "log/ulog_format.h"
#include "log/ulog_reader.h"
#include "log/ulog_recorder.h"
#include "tests/log/ulog_test_support.h"

#include <QTemporaryDir>
#include <QTest>

#include <cstring>

using namespace navigator::ulog;
using namespace ulog_test;

namespace {

std::map<std::string, Format> formatsOf(std::initializer_list<const char*> texts) {
  std::map<std::string, Format> formats;
  for (const char* t : texts) {
    auto f = parseFormat(t);
    if (!f) qFatal("%s: %s", t, f.error().message.c_str());
    formats.emplace(f->name, *f);
  }
  return formats;
}

}  // namespace

class ULogFormatTest : public QObject {
  Q_OBJECT

 private slots:
  void parsesFields() {
    auto f =
        parseFormat("sensor_combined:uint64_t timestamp;float[3] gyro_rad;uint8_t gyro_clipping;esc_report[8] esc;");
    QVERIFY(f);
    QCOMPARE(f->name, std::string("sensor_combined"));
    QCOMPARE(f->fields.size(), std::size_t(4));
    QCOMPARE(f->fields[0].type, BaseType::UInt64);
    QCOMPARE(f->fields[0].array_length, 0);
    QCOMPARE(f->fields[0].name, std::string("timestamp"));
    QCOMPARE(f->fields[1].type, BaseType::Float);
    QCOMPARE(f->fields[1].array_length, 3);
    QCOMPARE(f->fields[1].name, std::string("gyro_rad"));
    QCOMPARE(f->fields[2].type, BaseType::UInt8);
    QCOMPARE(f->fields[3].type, BaseType::Nested);
    QCOMPARE(f->fields[3].type_name, std::string("esc_report"));
    QCOMPARE(f->fields[3].array_length, 8);
    // formatText is its inverse.
    QCOMPARE(
        formatText(*f),
        std::string("sensor_combined:uint64_t timestamp;float[3] gyro_rad;uint8_t gyro_clipping;esc_report[8] esc;"));
    // A format without the last ';' (PX4 writes it, the specification's grammar does not need it).
    auto g = parseFormat("a:uint64_t timestamp;int8_t x");
    QVERIFY(g);
    QCOMPARE(g->fields.size(), std::size_t(2));
    QCOMPARE(g->fields[1].type, BaseType::Int8);
  }

  void refusesBadFormats_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");
    QTest::newRow("no colon") << "sensor_combined"
                              << "no ':' after the message name";
    QTest::newRow("empty name") << ":uint64_t timestamp;"
                                << "is not a name";
    QTest::newRow("bad name") << "a b:uint64_t timestamp;"
                              << "the message name 'a b' is not a name";
    QTest::newRow("no fields") << "a:"
                               << "message a has no fields";
    QTest::newRow("field without name") << "a:uint64_t;"
                                        << "field 'uint64_t' of a has no 'type name' form";
    QTest::newRow("bad field name") << "a:uint64_t time-stamp;"
                                    << "has a bad name";
    QTest::newRow("unclosed bracket") << "a:float[3 x;"
                                      << "field 'x' of a: unclosed '['";
    QTest::newRow("array length 0") << "a:float[0] x;"
                                    << "field 'x' of a: an array of length 0";
    QTest::newRow("array length not a number") << "a:float[3a] x;"
                                               << "field 'x' of a: bad array length";
    QTest::newRow("array length empty") << "a:float[] x;"
                                        << "field 'x' of a: bad array length";
    QTest::newRow("array length too long") << "a:float[123456] x;"
                                           << "field 'x' of a: bad array length";
    QTest::newRow("bad type") << "a:flo.at x;"
                              << "field 'x' of a has a bad type";
  }
  void refusesBadFormats() {
    QFETCH(QString, text);
    QFETCH(QString, error);
    auto f = parseFormat(text.toStdString());
    QVERIFY(!f);
    QVERIFY2(f.error().message.find(error.toStdString()) != std::string::npos, f.error().message.c_str());
  }

  // Offsets and sizes from the type table; a nested message takes its full size (padding
  // included) in the message that contains it.
  void resolvesSizesAndOffsets() {
    auto formats = formatsOf({"esc_report:uint32_t esc_rpm;float esc_voltage;uint8_t esc_state;uint8_t[3] _padding0;",
                              "esc_status:uint64_t timestamp;uint16_t counter;uint8_t esc_count;esc_report[4] esc;",
                              "plain:uint64_t timestamp;double[2] d;int16_t s;bool b;char[5] c;"});
    QVERIFY(resolveFormats(formats));
    const Format& report = formats.at("esc_report");
    QCOMPARE(report.bytes, std::size_t(4 + 4 + 1 + 3));     // 12
    QCOMPARE(report.logged_bytes, std::size_t(4 + 4 + 1));  // 9: the trailing padding is not logged
    const Format& status = formats.at("esc_status");
    QCOMPARE(status.bytes, std::size_t(8 + 2 + 1 + 4 * 12));  // 59
    QCOMPARE(status.logged_bytes, status.bytes);              // its last field is not padding
    QCOMPARE(status.fields[3].offset, std::size_t(11));
    QCOMPARE(status.fields[3].bytes, std::size_t(48));
    const Format& plain = formats.at("plain");
    QCOMPARE(plain.bytes, std::size_t(8 + 16 + 2 + 1 + 5));  // 32
    QCOMPARE(plain.fields[4].offset, std::size_t(27));

    // Unrolled: arrays element by element, nested messages by path, padding left out, a char
    // array one string.
    const std::vector<ScalarField> fields = scalarFields(status, formats);
    QCOMPARE(fields.size(), std::size_t(3 + 4 * 3));
    QCOMPARE(fields[3].path, std::string("esc[0].esc_rpm"));
    QCOMPARE(fields[3].offset, std::size_t(11));
    QCOMPARE(fields[14].path, std::string("esc[3].esc_state"));
    QCOMPARE(fields[14].offset, std::size_t(11 + 3 * 12 + 8));
    QCOMPARE(fields[14].type, BaseType::UInt8);
    const std::vector<ScalarField> pf = scalarFields(plain, formats);
    QCOMPARE(pf.size(), std::size_t(1 + 2 + 1 + 1 + 1));
    QCOMPARE(pf[2].path, std::string("d[1]"));
    QCOMPARE(pf[2].offset, std::size_t(16));
    QCOMPARE(pf[5].path, std::string("c"));
    QCOMPARE(pf[5].type, BaseType::Char);
    QCOMPARE(pf[5].char_length, std::size_t(5));
  }

  // Only padding at the end is left out; padding between fields is logged.
  void loggedBytesLeaveOutTrailingPaddingOnly() {
    auto formats = formatsOf({"mid:uint64_t timestamp;uint8_t[3] _padding0;float x;",
                              "two:uint64_t timestamp;uint8_t a;uint8_t[3] _padding0;uint8_t[4] _padding1;",
                              "all:uint8_t[8] _padding0;"});
    QVERIFY(resolveFormats(formats));
    QCOMPARE(formats.at("mid").logged_bytes, std::size_t(15));
    QCOMPARE(formats.at("mid").bytes, std::size_t(15));
    QCOMPARE(formats.at("two").bytes, std::size_t(16));
    QCOMPARE(formats.at("two").logged_bytes, std::size_t(9));
    QCOMPARE(formats.at("all").logged_bytes, std::size_t(0));
  }

  void resolveRefuses_data() {
    QTest::addColumn<QStringList>("texts");
    QTest::addColumn<QString>("error");
    QTest::newRow("unknown nested type") << QStringList{"a:uint64_t timestamp;b_thing x;"}
                                         << "field 'x' of a has type b_thing, which no format defines";
    QTest::newRow("contains itself") << QStringList{"a:uint64_t timestamp;a x;"} << "format a contains itself";
    QTest::newRow("cycle of two") << QStringList{"a:uint64_t timestamp;b x;", "b:a y;"} << "contains itself";
    // 65536 bytes: one more than a message's 16-bit size can carry.
    QTest::newRow("too large") << QStringList{"a:uint64_t timestamp;uint8_t[65528] x;"}
                               << "format a is larger than a message can be";
  }
  void resolveRefuses() {
    QFETCH(QStringList, texts);
    QFETCH(QString, error);
    std::map<std::string, Format> formats;
    for (const QString& t : texts) {
      auto f = parseFormat(t.toStdString());
      QVERIFY(f);
      formats.emplace(f->name, *f);
    }
    auto r = resolveFormats(formats);
    QVERIFY(!r);
    QVERIFY2(r.error().message.find(error.toStdString()) != std::string::npos, r.error().message.c_str());
  }

  void scalarValuesAreLittleEndian() {
    const std::uint8_t b[8] = {0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x88};
    QCOMPARE(scalarValue(b, BaseType::UInt16), double(0x0201));
    QCOMPARE(scalarValue(b, BaseType::Int32), double(0x04030201));
    QCOMPARE(scalarValue(b + 4, BaseType::Int32), double(std::int32_t(0x88070605u)));
    QCOMPARE(scalarValue(b + 7, BaseType::Int8), -120.0);
    QCOMPARE(scalarValue(b + 7, BaseType::Bool), 1.0);
    const std::uint8_t one_f[4] = {0x00, 0x00, 0x80, 0x3f};  // 1.0f in IEEE 754, little-endian
    QCOMPARE(scalarValue(one_f, BaseType::Float), 1.0);
  }

  // A topic whose format ends in padding, recorded with DATA messages of the logged size only
  // (as PX4's logger writes them), read back by both readers with the right values; one DATA
  // message shorter than that is refused by ours at its offset.
  void trailingPaddingIsNotLogged() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("padded.ulg").toStdString();
    LogDefinitions defs;
    auto f = parseFormat("padded:uint64_t timestamp;float x;uint8_t flag;uint8_t[3] _padding0;");
    QVERIFY(f);
    defs.formats = {*f};
    RecorderOptions options;
    options.writer_period_ms = 1;
    auto rec = ULogRecorder::create(path, defs, options);
    QVERIFY(rec);
    const int id = rec.value()->subscribe("padded");
    QCOMPARE(id, 0);
#pragma pack(push, 1)
    struct Padded {
      std::uint64_t timestamp;
      float x;
      std::uint8_t flag;
    };
#pragma pack(pop)
    static_assert(sizeof(Padded) == 13);
    for (int k = 0; k < 5; ++k)
      QVERIFY(rec.value()->data(id, Padded{std::uint64_t(1000 + k), 0.5f * float(k), std::uint8_t(k)}));
    QVERIFY(rec.value()->close());

    auto log = ULogFile::open(path);
    QVERIFY(log);
    QVERIFY(log->problems().empty());
    const Subscription* sub = log->find("padded");
    QVERIFY(sub);
    QCOMPARE(sub->format->logged_bytes, std::size_t(13));
    QCOMPARE(sub->count(), std::size_t(5));
    const auto fields = log->fields(*sub);
    QCOMPARE(fields.size(), std::size_t(3));
    QCOMPARE(log->value(*sub, 4, fields[1]), 2.0);
    QCOMPARE(log->value(*sub, 4, fields[2]), 4.0);

    const SpecResult r = specRead(path, {"--values", "padded", "--messages"});
    QVERIFY2(r.error.empty(), r.error.c_str());
    QVERIFY(r.out["problems"].empty());
    const json& values = r.out["topics"][0]["values"];
    QCOMPARE(values.size(), std::size_t(5));
    QCOMPARE(values[4]["x"].get<double>(), 2.0);
    QCOMPARE(values[4]["flag"].get<int>(), 4);
    QVERIFY(!values[4].contains("_padding0"));
    // DATA payload: msg_id (2) + the 13 logged bytes.
    for (const SpecMessage& m : specMessages(r.out))
      if (m.kind == 'D') QCOMPARE(m.size, std::uint16_t(15));

    // One byte short of the logged size: refused at that message's offset (the spec reader
    // names the same message).
    std::vector<std::uint8_t> bytes = readFile(path);
    std::uint64_t at = 0;
    for (const SpecMessage& m : specMessages(r.out))
      if (m.kind == 'D') {
        at = m.offset;
        break;
      }
    const std::uint16_t shorter = 14;
    std::memcpy(bytes.data() + at, &shorter, 2);
    auto bad = ULogFile::fromBytes("short.ulg", bytes);
    QVERIFY(bad);
    QVERIFY(!bad->problems().empty());
    QCOMPARE(bad->problems().front().offset, at);
    QVERIFY2(bad->problems().front().what.find("holds 12 bytes, its format at least 13") != std::string::npos,
             bad->problems().front().what.c_str());
  }
};

QTEST_GUILESS_MAIN(ULogFormatTest)
#include "ulog_format_test.moc"
