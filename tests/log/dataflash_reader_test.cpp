// ArduPilot DataFlash logs (log/dataflash_reader.h) read through ULogFile, on files written
// byte by byte here from the published format (dataflash_test_support.h), independent of the
// reader:
// - every format character decoded to the exact number written, the scaled ones (c, C, e, E
//   stored ×100, L degrees ×1e7) as their value; strings of 4, 16 and 64 characters; an
//   int16[32]; PARM as parameters, MSG as strings, MODE as a topic; FMTU's instance field
//   splitting IMU into instances; a message without TimeUS timed by the TimeUS before it;
// - the file cut at every byte: everything wholly before the cut read, the cut named with the
//   offset of the message it broke;
// - a corrupt header, a stretch of garbage (with a false header in it), a message of a type no
//   FMT defines: skipped to the next message header, named with the offset and the bytes
//   skipped; FMTs that cannot be used (a zero length, an unknown character, labels that do not
//   match, a length that does not match): named, their messages skipped, the rest read;
// - files that are not DataFlash: an error naming the file and the offset; 20,000 mutations of a
//   good file read without a crash, every index inside the file;
// - CSV export and navigator-log on a .bin.
#include "log/dataflash_reader.h"
#include "log/ulog_csv.h"
#include "log/ulog_reader.h"
#include "tests/log/dataflash_test_support.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <random>

using namespace navigator::ulog;
using dataflash_test::Bin;

namespace {

// Types of the sample log and their lengths: 3 header bytes + the fields' sizes as the format
// characters give them (Q 8, b B M 1, h H c C 2, i I f e E L 4, d q 8, n 4, N 16, Z 64, a 64).
constexpr std::uint8_t kTyps = 10, kStrs = 11, kParm = 12, kMsg = 13, kMode = 14, kFmtu = 15, kImu = 16, kUntm = 17;
constexpr std::uint8_t kTypsBytes = 3 + 8 + 1 + 1 + 2 + 2 + 4 + 4 + 4 + 8 + 8 + 1 + 2 + 2 + 4 + 4 + 4;  // 62
constexpr std::uint8_t kStrsBytes = 3 + 8 + 4 + 16 + 64 + 64;                                           // 159
constexpr std::uint8_t kParmBytes = 3 + 8 + 16 + 4 + 4;                                                 // 35
constexpr std::uint8_t kMsgBytes = 3 + 8 + 64;                                                          // 75
constexpr std::uint8_t kModeBytes = 3 + 8 + 1 + 1 + 1;                                                  // 14
constexpr std::uint8_t kFmtuBytes = 3 + 8 + 1 + 16 + 16;                                                // 44
constexpr std::uint8_t kImuBytes = 3 + 8 + 1 + 4 + 4;                                                   // 20
constexpr std::uint8_t kUntmBytes = 3 + 1 + 2;                                                          // 6

// One TYPS message: every numeric format character once.
struct Typs {
  std::uint64_t t_us;
  std::int8_t b;
  std::uint8_t B;
  std::int16_t h;
  std::uint16_t H;
  std::int32_t i;
  std::uint32_t I;
  float f;
  double d;
  std::int64_t q;
  std::uint8_t M;
  std::int16_t c;
  std::uint16_t C;
  std::int32_t e;
  std::uint32_t E;
  std::int32_t L;
};
constexpr Typs kFirst{
    10000, -7,    250,   -30000,     65000,       -2000000000, 4000000000u, 1.5f, -2.25, -(std::int64_t(1) << 40),
    5,     -1234, 65535, -123456789, 4000000000u, -353632621};
constexpr Typs kSecond{30000, 127, 0, 1, 2, 3, 4, -0.125f, 1e300, 9, 0, 1, 2, 3, 4, 1800000000};

void putTyps(Bin& bin, const Typs& v) {
  bin.begin(kTyps).put(v.t_us).put(v.b).put(v.B).put(v.h).put(v.H).put(v.i).put(v.I).put(v.f).put(v.d).put(v.q);
  bin.put(v.M).put(v.c).put(v.C).put(v.e).put(v.E).put(v.L);
}

void putImu(Bin& bin, std::uint64_t t_us, std::uint8_t instance, float gyr, float acc) {
  bin.begin(kImu).put(t_us).put(instance).put(gyr).put(acc);
}

void putParm(Bin& bin, std::uint64_t t_us, const char* name, float value) {
  bin.begin(kParm).put(t_us).text(name, 16).put(value).put(value);
}

// The definitions: FMT's own, then one FMT per type.
Bin definitions() {
  Bin bin;
  bin.fmtOfFmt();
  bin.fmt(kTyps, kTypsBytes, "TYPS", "QbBhHiIfdqMcCeEL", "TimeUS,b8,B8,h16,H16,i32,I32,f32,d64,q64,Mode,c,C,e,E,Lat");
  bin.fmt(kStrs, kStrsBytes, "STRS", "QnNZa", "TimeUS,Four,Sixteen,SixtyFour,Arr");
  bin.fmt(kParm, kParmBytes, "PARM", "QNff", "TimeUS,Name,Value,Default");
  bin.fmt(kMsg, kMsgBytes, "MSG", "QZ", "TimeUS,Message");
  bin.fmt(kMode, kModeBytes, "MODE", "QMBB", "TimeUS,Mode,ModeNum,Rsn");
  bin.fmt(kFmtu, kFmtuBytes, "FMTU", "QBNN", "TimeUS,FmtType,UnitIds,MultIds");
  bin.fmt(kImu, kImuBytes, "IMU", "QBff", "TimeUS,I,GyrX,AccX");
  bin.fmt(kUntm, kUntmBytes, "UNTM", "Bh", "Seq,Val");
  return bin;
}

const std::string kSixtyFour(64, 'x');  // fills its char[64]: no NUL in the file

// The sample log: every type, IMU from two instances, a parameter changed, a message without TimeUS
// before any TimeUS and one after.
Bin sampleLog() {
  Bin bin = definitions();
  bin.begin(kUntm).put(std::uint8_t(1)).put(std::int16_t(-5));
  bin.begin(kFmtu).put(std::uint64_t(1000)).put(kImu).text("s#Eo", 16).text("F-00", 16);
  putParm(bin, 2000, "ATC_RAT_RLL_P", 0.135f);
  putParm(bin, 2000, "FRAME_CLASS", 1.0f);
  putTyps(bin, kFirst);
  putImu(bin, 10000, 0, 0.25f, -9.75f);
  putImu(bin, 10000, 1, 0.5f, -9.5f);
  bin.begin(kStrs).put(std::uint64_t(12000)).text("ABCD", 4).text("sixteen chars ok", 16).text(kSixtyFour, 64);
  for (int k = 0; k < 32; ++k) bin.put(std::int16_t(k * 100 - 1600));
  bin.begin(kMsg).put(std::uint64_t(15000)).text("ArduCopter V4.5.7 (2a3dc4b7)", 64);
  bin.begin(kMode).put(std::uint64_t(16000)).put(std::uint8_t(5)).put(std::uint8_t(5)).put(std::uint8_t(2));
  bin.begin(kUntm).put(std::uint8_t(2)).put(std::int16_t(7));
  putImu(bin, 20000, 0, 0.125f, -9.875f);
  putImu(bin, 20000, 1, 0.0625f, -9.0f);
  putParm(bin, 25000, "ATC_RAT_RLL_P", 0.15f);
  putTyps(bin, kSecond);
  return bin;
}

vsim::Result<ULogFile> read(const Bin& bin, std::size_t cut = SIZE_MAX) {
  std::vector<std::uint8_t> bytes = bin.bytes;
  if (cut < bytes.size()) bytes.resize(cut);
  return ULogFile::fromBytes("test.bin", std::move(bytes));
}

double valueOf(const ULogFile& log, const Subscription& sub, std::size_t i, const std::string& path) {
  for (const ScalarField& f : log.fields(sub))
    if (f.path == path) return log.value(sub, i, f);
  return std::nan("");
}

std::string textOf(const ULogFile& log, const Subscription& sub, std::size_t i, const std::string& path) {
  for (const ScalarField& f : log.fields(sub))
    if (f.path == path) return log.text(sub, i, f);
  return "(no field " + path + ")";
}

std::size_t messagesIndexed(const ULogFile& log) {
  std::size_t k = 0;
  for (const Subscription& s : log.subscriptions()) k += s.count();
  return k;
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

std::string problemsText(const ULogFile& log) {
  std::string s;
  for (const Problem& p : log.problems()) s += std::to_string(p.offset) + ": " + p.what + "\n";
  return s;
}

}  // namespace

class DataFlashReaderTest : public QObject {
  Q_OBJECT

 private slots:
  // Each format character's field type, array length and divisor, as LogStructure.h lists them.
  void formatCharacters() {
    const std::string all = "abBhHiIfdnNZcCeELMqQ";
    const std::size_t sizes[] = {64, 1, 1, 2, 2, 4, 4, 4, 8, 4, 16, 64, 2, 2, 4, 4, 4, 1, 8, 8};
    const double divisors[] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 100, 100, 100, 100, 1e7, 1, 1, 1};
    for (std::size_t k = 0; k < all.size(); ++k) {
      const auto t = dataflash::fieldType(all[k]);
      QVERIFY(t);
      QCOMPARE(baseTypeBytes(t->type) * std::size_t(std::max(1, t->array_length)), sizes[k]);
      QCOMPARE(t->divisor, divisors[k]);
    }
    QVERIFY(!dataflash::fieldType('X'));
    QVERIFY(!dataflash::fieldType('\0'));
  }

  // Every value as written; scaled ones divided (−1234 / 100 = −12.34 and so on, the double
  // nearest the quotient, which is the literal's double).
  void decodesEveryType() {
    auto log = read(sampleLog());
    QVERIFY2(log, log ? "" : log.error().message.c_str());
    QVERIFY2(log->problems().empty(), problemsText(*log).c_str());
    const Subscription* typs = log->find("TYPS");
    QVERIFY(typs);
    QCOMPARE(typs->count(), std::size_t(2));
    QCOMPARE(log->timestampUs(*typs, 0), std::uint64_t(10000));
    QCOMPARE(valueOf(*log, *typs, 0, "b8"), -7.0);
    QCOMPARE(valueOf(*log, *typs, 0, "B8"), 250.0);
    QCOMPARE(valueOf(*log, *typs, 0, "h16"), -30000.0);
    QCOMPARE(valueOf(*log, *typs, 0, "H16"), 65000.0);
    QCOMPARE(valueOf(*log, *typs, 0, "i32"), -2000000000.0);
    QCOMPARE(valueOf(*log, *typs, 0, "I32"), 4000000000.0);
    QCOMPARE(valueOf(*log, *typs, 0, "f32"), 1.5);
    QCOMPARE(valueOf(*log, *typs, 0, "d64"), -2.25);
    QCOMPARE(valueOf(*log, *typs, 0, "q64"), -1099511627776.0);  // −2^40
    QCOMPARE(valueOf(*log, *typs, 0, "Mode"), 5.0);
    QCOMPARE(valueOf(*log, *typs, 0, "c"), -12.34);
    QCOMPARE(valueOf(*log, *typs, 0, "C"), 655.35);
    QCOMPARE(valueOf(*log, *typs, 0, "e"), -1234567.89);
    QCOMPARE(valueOf(*log, *typs, 0, "E"), 40000000.0);
    QCOMPARE(valueOf(*log, *typs, 0, "Lat"), -35.3632621);
    QCOMPARE(valueOf(*log, *typs, 1, "d64"), 1e300);
    QCOMPARE(valueOf(*log, *typs, 1, "f32"), -0.125);
    QCOMPARE(valueOf(*log, *typs, 1, "Lat"), 180.0);
    QCOMPARE(log->timestampUs(*typs, 1), std::uint64_t(30000));
    // The file's span: the earliest TimeUS (FMTU's, 1000 µs) to the latest.
    QCOMPARE(log->firstUs(), std::uint64_t(1000));
    QCOMPARE(log->lastUs(), std::uint64_t(30000));
    QCOMPARE(log->startUs(), std::uint64_t(1000));
  }

  void stringsAndArrays() {
    auto log = read(sampleLog());
    QVERIFY(log);
    const Subscription* strs = log->find("STRS");
    QVERIFY(strs && strs->count() == 1);
    QCOMPARE(textOf(*log, *strs, 0, "Four"), std::string("ABCD"));
    QCOMPARE(textOf(*log, *strs, 0, "Sixteen"), std::string("sixteen chars ok"));
    QCOMPARE(textOf(*log, *strs, 0, "SixtyFour"), kSixtyFour);
    for (int k = 0; k < 32; ++k)
      QCOMPARE(valueOf(*log, *strs, 0, "Arr[" + std::to_string(k) + "]"), double(k * 100 - 1600));
  }

  // PARM: parameters in the file's order, the change included; MSG: a string at its TimeUS;
  // MODE: a topic.
  void parametersMessagesAndModes() {
    auto log = read(sampleLog());
    QVERIFY(log);
    QCOMPARE(log->parameters().size(), std::size_t(3));
    QCOMPARE(log->parameters()[0].name, std::string("ATC_RAT_RLL_P"));
    QCOMPARE(log->parameters()[0].type, std::string("float"));
    QCOMPARE(log->parameters()[0].number(), double(0.135f));
    QCOMPARE(log->parameters()[1].name, std::string("FRAME_CLASS"));
    QCOMPARE(log->parameters()[1].text(), std::string("1"));
    QCOMPARE(log->parameters()[2].number(), double(0.15f));
    QCOMPARE(log->strings().size(), std::size_t(1));
    QCOMPARE(log->strings()[0].text, std::string("ArduCopter V4.5.7 (2a3dc4b7)"));
    QCOMPARE(log->strings()[0].t_us, std::uint64_t(15000));
    QCOMPARE(log->strings()[0].level, std::uint8_t('6'));  // INFO: DataFlash's MSG has no severity
    // The firmware string ArduPilot logs first: the INFO sys_name, as PX4's.
    QCOMPARE(log->info().size(), std::size_t(1));
    QVERIFY(log->findInfo("sys_name"));
    QCOMPARE(log->findInfo("sys_name")->text(), std::string("ArduCopter V4.5.7 (2a3dc4b7)"));
    QCOMPARE(log->findInfo("sys_name")->type, std::string("char[28]"));
    const Subscription* mode = log->find("MODE");
    QVERIFY(mode && mode->count() == 1);
    QCOMPARE(valueOf(*log, *mode, 0, "Mode"), 5.0);
    QCOMPARE(valueOf(*log, *mode, 0, "Rsn"), 2.0);
    QCOMPARE(log->find("PARM")->count(), std::size_t(3));  // a topic as well
  }

  // FMTU marks IMU's second field as the instance ('#'): two subscriptions, by instance.
  void instancesFromFmtu() {
    auto log = read(sampleLog());
    QVERIFY(log);
    const Subscription* imu0 = log->find("IMU", 0);
    const Subscription* imu1 = log->find("IMU", 1);
    QVERIFY(imu0 && imu1);
    QCOMPARE(imu0->count(), std::size_t(2));
    QCOMPARE(imu1->count(), std::size_t(2));
    QCOMPARE(valueOf(*log, *imu0, 1, "GyrX"), 0.125);
    QCOMPARE(valueOf(*log, *imu1, 0, "AccX"), -9.5);
    QCOMPARE(valueOf(*log, *imu1, 1, "AccX"), -9.0);
    QCOMPARE(imu1->first_us, std::uint64_t(10000));
    QCOMPARE(imu1->last_us, std::uint64_t(20000));
    QCOMPARE(log->indexAt(*imu0, 15000), std::size_t(1));
  }

  // An instance number that does not fit a multi_id (0–255): named, the instances kept together.
  void instanceOutOfRange() {
    Bin bin = definitions();
    bin.fmt(41, 3 + 8 + 2, "IMX", "Qh", "TimeUS,I");
    bin.begin(kFmtu).put(std::uint64_t(1)).put(std::uint8_t(41)).text("s#", 16).text("F-", 16);
    bin.begin(41).put(std::uint64_t(2)).put(std::int16_t(0));
    const std::size_t at = bin.done().size();
    bin.begin(41).put(std::uint64_t(3)).put(std::int16_t(300));
    auto log = read(bin);
    QVERIFY(log);
    QCOMPARE(log->problems().size(), std::size_t(1));
    QCOMPARE(log->problems()[0].offset, std::uint64_t(at));
    QCOMPARE(log->problems()[0].what,
             std::string("IMX's instance I is 300, outside 0–255: its instances are kept together"));
    QCOMPARE(log->find("IMX")->count(), std::size_t(2));
  }

  // FMT and UNTM have no TimeUS: each message is given the latest TimeUS before it, those
  // before any the first in the file (FMTU's 1000 µs).
  void untimedMessagesTakeTheTimeBefore() {
    auto log = read(sampleLog());
    QVERIFY(log);
    const Subscription* untm = log->find("UNTM");
    QVERIFY(untm && untm->count() == 2);
    QCOMPARE(log->timestampUs(*untm, 0), std::uint64_t(1000));
    QCOMPARE(log->timestampUs(*untm, 1), std::uint64_t(16000));  // MODE's, the message before it
    QCOMPARE(valueOf(*log, *untm, 1, "Val"), 7.0);
    const Subscription* fmt = log->find("FMT");
    QVERIFY(fmt);
    QCOMPARE(fmt->count(), std::size_t(9));
    QCOMPARE(fmt->first_us, std::uint64_t(1000));
    QCOMPARE(fmt->last_us, std::uint64_t(1000));
    QCOMPARE(textOf(*log, *fmt, 7, "Name"), std::string("IMU"));
    QCOMPARE(valueOf(*log, *fmt, 7, "Length"), double(kImuBytes));
    QCOMPARE(textOf(*log, *fmt, 1, "Columns"),
             std::string("TimeUS,b8,B8,h16,H16,i32,I32,f32,d64,q64,Mode,c,C,e,E,Lat"));
  }

  // An older log's TimeMS (uint32 ms) times its messages in µs, and the untimed ones after it.
  void timeMsOfOlderLogs() {
    Bin bin = definitions();
    bin.fmt(40, 3 + 4 + 2, "OLDT", "Ih", "TimeMS,Val");
    bin.begin(40).put(std::uint32_t(1234)).put(std::int16_t(-3));
    bin.begin(kUntm).put(std::uint8_t(1)).put(std::int16_t(9));
    auto log = read(bin);
    QVERIFY(log);
    QVERIFY2(log->problems().empty(), problemsText(*log).c_str());
    QCOMPARE(log->timestampUs(*log->find("OLDT"), 0), std::uint64_t(1234000));
    QCOMPARE(log->timestampUs(*log->find("UNTM"), 0), std::uint64_t(1234000));
    QCOMPARE(log->firstUs(), std::uint64_t(1234000));
    QCOMPARE(valueOf(*log, *log->find("OLDT"), 0, "Val"), -3.0);
  }

  // Cut at every byte: before the first FMT is whole, an error naming offset 0; after, every
  // message wholly before the cut, and the broken one (if any) named by its offset.
  void cutAtEveryByte() {
    Bin bin = sampleLog();
    const std::size_t n = bin.bytes.size();
    for (std::size_t cut = 0; cut <= n; ++cut) {
      auto log = read(bin, cut);
      if (cut < 89) {
        QVERIFY(!log);
        QVERIFY2(contains(log.error().message, "test.bin: offset 0: "), log.error().message.c_str());
        continue;
      }
      QVERIFY2(log, log ? "" : log.error().message.c_str());
      QCOMPARE(messagesIndexed(*log), bin.wholeBefore(cut));
      const auto broken = std::find_if(bin.messages.begin(), bin.messages.end(),
                                       [&](const dataflash_test::Message& m) { return m.offset < cut && m.end > cut; });
      if (broken == bin.messages.end()) {
        QVERIFY2(log->problems().empty(), problemsText(*log).c_str());
        continue;
      }
      QCOMPARE(log->problems().size(), std::size_t(1));
      QCOMPARE(log->problems()[0].offset, std::uint64_t(broken->offset));
      QVERIFY2(contains(log->problems()[0].what, "cut inside a message") &&
                   contains(log->problems()[0].what, "everything before offset " + std::to_string(broken->offset)),
               log->problems()[0].what.c_str());
    }
  }

  // A message whose header is overwritten: skipped to the next header, named, the rest read.
  void corruptHeaderIsSkipped() {
    Bin bin = sampleLog();
    const std::size_t k = 13;  // the first TYPS
    QCOMPARE(bin.messages[k].type, kTyps);
    bin.bytes[bin.messages[k].offset] = 0x00;
    auto log = read(bin);
    QVERIFY(log);
    QCOMPARE(log->problems().size(), std::size_t(1));
    QCOMPARE(log->problems()[0].offset, std::uint64_t(bin.messages[k].offset));
    QCOMPARE(log->problems()[0].what, "no message header (0xA3 0x95) here; skipped " + std::to_string(kTypsBytes) +
                                          " bytes to the next message header");
    QCOMPARE(messagesIndexed(*log), bin.messages.size() - 1);
    QCOMPARE(log->find("TYPS")->count(), std::size_t(1));
    QCOMPARE(valueOf(*log, *log->find("TYPS"), 0, "Lat"), 180.0);  // the second one
  }

  // 40 bytes of garbage between two messages, a header of an undefined type (99) and a false
  // IMU header (its 20 bytes are not followed by a header) in them: all 40 skipped at once.
  void garbageStretchIsSkipped() {
    Bin bin = definitions();
    putImu(bin, 100, 0, 1.0f, 2.0f);
    const std::size_t at = bin.done().size();
    std::vector<std::uint8_t> garbage(40, 0x00);
    garbage[1] = 0x01;
    garbage[2] = 0xA3, garbage[3] = 0x95, garbage[4] = 99;
    garbage[5] = 0xA3, garbage[6] = 0x95, garbage[7] = kImu;
    bin.bytes.insert(bin.bytes.end(), garbage.begin(), garbage.end());
    putImu(bin, 200, 0, 3.0f, 4.0f);
    auto log = read(bin);
    QVERIFY(log);
    QCOMPARE(log->problems().size(), std::size_t(1));
    QCOMPARE(log->problems()[0].offset, std::uint64_t(at));
    QCOMPARE(log->problems()[0].what,
             std::string("no message header (0xA3 0x95) here; skipped 40 bytes to the next message header"));
    const Subscription* imu = log->find("IMU");
    QVERIFY(imu && imu->count() == 2);
    QCOMPARE(valueOf(*log, *imu, 1, "AccX"), 4.0);
  }

  // A well-framed message of a type no FMT defined: its length is unknown, so it is corruption.
  void undefinedTypeIsSkipped() {
    Bin bin = definitions();
    const std::size_t at = bin.done().size();
    bin.begin(99).put(std::uint64_t(7)).put(std::uint16_t(8));  // 13 bytes
    putImu(bin, 200, 0, 3.0f, 4.0f);
    auto log = read(bin);
    QVERIFY(log);
    QCOMPARE(log->problems().size(), std::size_t(1));
    QCOMPARE(log->problems()[0].offset, std::uint64_t(at));
    QCOMPARE(log->problems()[0].what, std::string("a message of type 99, which no usable FMT defines; skipped 13 "
                                                  "bytes to the next message header"));
    QCOMPARE(log->find("IMU")->count(), std::size_t(1));
  }

  // A zero-length FMT cannot frame its messages: named, and its message is then corruption.
  void zeroLengthFmt() {
    Bin bin = definitions();
    const std::size_t fmt_at = bin.done().size();
    bin.fmt(20, 0, "ZERO", "Q", "TimeUS");
    const std::size_t msg_at = bin.done().size();
    bin.begin(20).put(std::uint64_t(5));
    putImu(bin, 300, 0, 3.0f, 4.0f);
    auto log = read(bin);
    QVERIFY(log);
    QCOMPARE(log->problems().size(), std::size_t(2));
    QCOMPARE(log->problems()[0].offset, std::uint64_t(fmt_at));
    QCOMPARE(log->problems()[0].what,
             std::string("FMT for type 20 (ZERO) gives a length of 0 bytes, which cannot frame its messages"));
    QCOMPARE(log->problems()[1].offset, std::uint64_t(msg_at));
    QVERIFY(contains(log->problems()[1].what, "type 20, which no usable FMT defines; skipped 11 bytes"));
    QVERIFY(!log->find("ZERO"));
    QCOMPARE(log->find("IMU")->count(), std::size_t(1));
    QCOMPARE(log->timestampUs(*log->find("IMU"), 0), std::uint64_t(300));
  }

  // FMTs that frame their messages but cannot describe them: named; their messages skipped by
  // their length; a type defined again differently keeps its first definition.
  void unusableFmts() {
    Bin bin = definitions();
    std::vector<std::size_t> at;
    at.push_back(bin.done().size());
    bin.fmt(21, 12, "BADC", "QX", "TimeUS,Foo");
    at.push_back(bin.done().size());
    bin.fmt(22, 15, "LBLS", "Qf", "TimeUS");
    at.push_back(bin.done().size());
    bin.fmt(23, 20, "LENS", "Qf", "TimeUS,V");
    at.push_back(bin.done().size());
    bin.fmt(kImu, 15, "IMU2", "Qf", "TimeUS,V");
    bin.fmt(kImu, kImuBytes, "IMU", "QBff", "TimeUS,I,GyrX,AccX");  // the same again: no problem
    bin.begin(21).put(std::uint64_t(1)).put(std::uint8_t(2));       // 3 + 8 + 1 = 12
    bin.begin(22).put(std::uint64_t(1)).put(1.0f);                  // 15
    bin.begin(23).put(std::uint64_t(1)).put(1.0f).text("", 5);      // 3 + 8 + 4 + 5 = 20
    putImu(bin, 400, 0, 3.0f, 4.0f);
    auto log = read(bin);
    QVERIFY(log);
    QVERIFY2(log->problems().size() == 4, problemsText(*log).c_str());
    const std::string want[] = {
        "FMT for type 21 (BADC) cannot be used: BADC: format character 'X' of field 'Foo' is not one DataFlash "
        "defines; its messages are skipped",
        "FMT for type 22 (LBLS) cannot be used: LBLS has 2 format characters ('Qf') but 1 labels ('TimeUS'); its "
        "messages are skipped",
        "FMT for type 23 (LENS) cannot be used: LENS: its fields ('Qf') take 12 bytes, its FMT length 20 leaves 17 "
        "after the header; its messages are skipped",
        "FMT defines type 16 (IMU) again, as IMU2 of 15 bytes: the first definition is kept"};
    for (std::size_t k = 0; k < 4; ++k) {
      QCOMPARE(log->problems()[k].offset, std::uint64_t(at[k]));
      QCOMPARE(log->problems()[k].what, want[k]);
    }
    QCOMPARE(log->find("IMU")->count(), std::size_t(1));
    QCOMPARE(valueOf(*log, *log->find("IMU"), 0, "AccX"), 4.0);
  }

  // Not DataFlash (nor ULog): an error naming the file and offset 0. A file that starts as one
  // but holds no FMT: the same.
  void notDataFlash() {
    const std::string text = "solid cube\nendsolid cube\n";
    auto t = ULogFile::fromBytes("cube.bin", std::vector<std::uint8_t>(text.begin(), text.end()));
    QVERIFY(!t);
    QVERIFY2(contains(t.error().message, "cube.bin: offset 0: not a ULog file"), t.error().message.c_str());
    std::mt19937 rng(7);
    std::vector<std::uint8_t> noise = {0xA3, 0x95};
    for (int k = 0; k < 500; ++k) noise.push_back(std::uint8_t(rng() % 0x80));  // never 0xA3
    auto r = ULogFile::fromBytes("noise.bin", noise);
    QVERIFY(!r);
    QVERIFY2(contains(r.error().message,
                      "noise.bin: offset 0: a DataFlash log (it starts with 0xA3 0x95) without a "
                      "usable FMT message: a message of type "),
             r.error().message.c_str());
  }

  // Any byte changed, any length: no crash, and every message indexed lies inside the file with
  // its whole format.
  void mutationsNeverEscapeTheFile() {
    const Bin good = sampleLog();
    std::mt19937 rng(20261128);
    for (int round = 0; round < 20000; ++round) {
      std::vector<std::uint8_t> bytes = good.bytes;
      const int changes = 1 + int(rng() % 8);
      for (int c = 0; c < changes; ++c) bytes[rng() % bytes.size()] = std::uint8_t(rng());
      if (rng() % 4 == 0) bytes.resize(rng() % bytes.size());
      auto log = ULogFile::fromBytes("m.bin", bytes);
      if (!log) continue;
      for (const Subscription& s : log->subscriptions())
        for (std::size_t i = 0; i < s.count(); ++i) {
          QVERIFY(s.data_offsets[i] + s.format->bytes <= bytes.size());
          QVERIFY(s.timestamps_us.empty() || s.timestamps_us.size() == s.count());
        }
    }
  }

  void cancelStopsTheRead() {
    std::atomic<bool> cancel{true};
    ReadOptions options;
    options.cancel = &cancel;
    auto log = ULogFile::fromBytes("c.bin", sampleLog().bytes, options);
    QVERIFY(!log);
    QCOMPARE(log.error().message, std::string("c.bin: offset 0: cancelled"));
  }

  // CSV: the labels as the header, TimeUS first; scaled fields as their value in the shortest
  // decimal; navigator-log reads the same file.
  void csvAndNavigatorLog() {
    QTemporaryDir dir;
    const std::string bin_path = dir.filePath("flight.bin").toStdString();
    QVERIFY(sampleLog().write(bin_path));
    auto log = ULogFile::open(bin_path);
    QVERIFY(log);
    const std::string csv = dir.filePath("typs.csv").toStdString();
    auto rows = exportCsv(*log, *log->find("TYPS"), csv);
    QVERIFY(rows && *rows == 2);
    QFile f(QString::fromStdString(csv));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(f.readAll()).split('\n');
    QCOMPARE(lines[0], QStringLiteral("TimeUS,b8,B8,h16,H16,i32,I32,f32,d64,q64,Mode,c,C,e,E,Lat"));
    QCOMPARE(lines[1], QStringLiteral("10000,-7,250,-30000,65000,-2000000000,4000000000,1.5,-2.25,-1099511627776,5,"
                                      "-12.34,655.35,-1234567.89,40000000,-35.3632621"));

    QProcess p;
    p.start(QStringLiteral(NAVIGATOR_BIN_DIR "/navigator-log"),
            {QStringLiteral("topics"), QString::fromStdString(bin_path)});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 0);
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    QVERIFY2(out.contains(QStringLiteral("IMU (instance 1): 2 messages, 0.010000 s to 0.020000 s\n"
                                         "  fields: TimeUS I GyrX AccX\n")),
             qPrintable(out));
    p.start(QStringLiteral(NAVIGATOR_BIN_DIR "/navigator-log"),
            {QStringLiteral("info"), QString::fromStdString(bin_path)});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 0);
    const QString info = QString::fromUtf8(p.readAllStandardOutput());
    QVERIFY2(info.contains(QStringLiteral("  ATC_RAT_RLL_P = 0.135000005 (float)\n")), qPrintable(info));
    QVERIFY2(info.contains(QStringLiteral("  0.015000 INFO ArduCopter V4.5.7 (2a3dc4b7)\n")), qPrintable(info));
  }
};

QTEST_GUILESS_MAIN(DataFlashReaderTest)
#include "dataflash_reader_test.moc"
