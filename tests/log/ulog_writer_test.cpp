// ulog_writer.h: each message kind encoded byte for byte as the specification lays it out
// (docs.px4.io, "ULog File Format": a uint16 msg_size that excludes the 3-byte header, a uint8
// msg_type, the payload; little-endian). The expected bytes are written out by hand from those
// layouts, not produced by the code under test.
#include "log/ulog_writer.h"

#include <QTest>

#include <cstring>

using namespace navigator::ulog;

namespace {

Bytes bytes(std::initializer_list<int> v) {
  Bytes b;
  for (int x : v) b.push_back(std::uint8_t(x));
  return b;
}

Bytes text(const char* s) { return Bytes(s, s + std::strlen(s)); }

Bytes cat(std::initializer_list<Bytes> parts) {
  Bytes out;
  for (const Bytes& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

QByteArray hex(const Bytes& b) {
  return QByteArray(reinterpret_cast<const char*>(b.data()), qsizetype(b.size())).toHex(' ');
}

}  // namespace

class ULogWriterTest : public QObject {
  Q_OBJECT

 private slots:
  void header() {
    Bytes out;
    appendHeader(out, 0x0102030405060708ull);
    // magic "ULog" 01 12 35, version 1, the timestamp little-endian.
    QCOMPARE(hex(out), hex(bytes({0x55, 0x4c, 0x6f, 0x67, 0x01, 0x12, 0x35, 0x01, 8, 7, 6, 5, 4, 3, 2, 1})));
  }

  void flagBits() {
    Bytes out;
    appendFlagBits(out);
    // 8 compat, 8 incompat flag bytes and three uint64 appended offsets: 40 bytes, all zero.
    Bytes want = bytes({40, 0, 'B'});
    want.insert(want.end(), 40, 0);
    QCOMPARE(hex(out), hex(want));
  }

  void format() {
    const Format f{
        "t",
        {Field{BaseType::UInt64, "uint64_t", 0, "timestamp", 0, 0}, Field{BaseType::Float, "float", 3, "v", 0, 0}},
        0,
        0};
    Bytes out;
    appendFormat(out, f);
    const char* body = "t:uint64_t timestamp;float[3] v;";
    QCOMPARE(hex(out), hex(cat({bytes({int(std::strlen(body)), 0, 'F'}), text(body)})));
  }

  void infoAndParameters() {
    Bytes out;
    appendInfo(out, "sys_name", std::string_view("PX4"));
    // key_len, key "char[3] sys_name", value "PX4".
    QCOMPARE(hex(out), hex(cat({bytes({1 + 16 + 3, 0, 'I', 16}), text("char[3] sys_name"), text("PX4")})));
    out.clear();
    appendInfo(out, "seed", std::uint64_t(0x1122334455667788ull));
    QCOMPARE(hex(out), hex(cat({bytes({1 + 13 + 8, 0, 'I', 13}), text("uint64_t seed"),
                                bytes({0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11})})));
    out.clear();
    appendInfo(out, "n", std::int32_t(-2));
    QCOMPARE(hex(out), hex(cat({bytes({1 + 9 + 4, 0, 'I', 9}), text("int32_t n"), bytes({0xfe, 0xff, 0xff, 0xff})})));
    out.clear();
    appendParameter(out, "MC_P", 1.0f);  // 1.0f = 0x3f800000
    QCOMPARE(hex(out), hex(cat({bytes({1 + 10 + 4, 0, 'P', 10}), text("float MC_P"), bytes({0, 0, 0x80, 0x3f})})));
    out.clear();
    appendParameter(out, "SYS_ID", std::int32_t(258));
    QCOMPARE(hex(out), hex(cat({bytes({1 + 14 + 4, 0, 'P', 14}), text("int32_t SYS_ID"), bytes({2, 1, 0, 0})})));
  }

  void dataSectionMessages() {
    Bytes out;
    appendAddLoggedMessage(out, 2, 0x0103, "sensor_combined");
    QCOMPARE(hex(out), hex(cat({bytes({3 + 15, 0, 'A', 2, 0x03, 0x01}), text("sensor_combined")})));
    out.clear();
    const std::uint8_t payload[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    appendData(out, 0x0201, payload, sizeof payload);
    QCOMPARE(hex(out), hex(bytes({11, 0, 'D', 0x01, 0x02, 1, 2, 3, 4, 5, 6, 7, 8, 9})));
    out.clear();
    appendLogging(out, LogLevel::Warning, 0x0102030405060708ull, "hi");
    // level '4', the uint64 timestamp, the text (no NUL).
    QCOMPARE(hex(out), hex(bytes({11, 0, 'L', '4', 8, 7, 6, 5, 4, 3, 2, 1, 'h', 'i'})));
    out.clear();
    appendSync(out);
    QCOMPARE(hex(out), hex(bytes({8, 0, 'S', 0x2F, 0x73, 0x13, 0x20, 0x25, 0x0C, 0xBB, 0x12})));
    out.clear();
    appendDropout(out, 500);
    QCOMPARE(hex(out), hex(bytes({2, 0, 'O', 0xF4, 0x01})));
    QCOMPARE(messageBytes(2), std::size_t(5));
  }

  void logLevelNames() {
    QCOMPARE(std::string(logLevelName('0')), std::string("EMERGENCY"));
    QCOMPARE(std::string(logLevelName('3')), std::string("ERROR"));
    QCOMPARE(std::string(logLevelName('7')), std::string("DEBUG"));
    QCOMPARE(std::string(logLevelName(7)), std::string("?"));
  }
};

QTEST_GUILESS_MAIN(ULogWriterTest)
#include "ulog_writer_test.moc"
