// How integer parameters travel in PARAM_VALUE/PARAM_SET's float field, per vehicle: bytewise
// (PX4) or C cast (ArduPilot), chosen by AUTOPILOT_VERSION.capabilities, else by the HEARTBEAT's
// autopilot. Against the test-only stand-ins (autopilot_stand_in.h), which encode as the real
// programs do and declare what they declare, over the station's real AutopilotLink (PX4 on
// UDP, ArduCopter on TCP): every type PARAM_VALUE can carry (UINT8..INT32, REAL32) read and
// written with its boundary values; C cast's loss beyond 2^24 shown as approximate and writes
// it cannot carry refused; values that came before the declaration decoded again; a vehicle
// that never answers AUTOPILOT_VERSION; a PARAM_VALUE of a type the float cannot carry.
// Expected values: bytewise is the integer's own bytes (memcpy, little-endian), C cast is
// float(value) (IEEE 754 binary32 round-to-nearest-even), so a decoded value is value itself
// for |value| <= 2^24 and float(value) clamped to the type beyond. Network waits by condition
// (QTRY_*), never by sleeping.
#include "app/link/autopilot_link.h"
#include "app/link/param_client.h"
#include "app/link/raw_frames.h"
#include "app/link/tcp_transport.h"
#include "app/link/udp_transport.h"
#include "tests/app/link/autopilot_stand_in.h"

#include <QSignalSpy>
#include <QtTest>

#include <cmath>
#include <cstring>

using namespace navigator;

namespace {

LinkTimings fast() {
  LinkTimings t;
  t.command_retry_ms = 100;
  t.param_retry_ms = 150;
  t.param_list_gap_ms = 100;
  return t;
}

struct Row {
  const char* name;
  std::uint8_t type;
  double held;   // on the vehicle at the start
  double write;  // what the test then writes
};

// Boundary values of each type PARAM_VALUE carries (MAV_PARAM_TYPE 1..6 and 9): the ends of
// each integer range; UINT32 at 2^24 (the last integer C cast keeps with its neighbours) and
// 2^24 + 1 (the first it cannot); INT32's ends, which C cast rounds to ±2^31.
const Row kRows[] = {
    {"T_UINT8", ParamClient::kTypeUint8, 255, 0},
    {"T_INT8", ParamClient::kTypeInt8, -128, 127},
    {"T_UINT16", ParamClient::kTypeUint16, 65535, 1},
    {"T_INT16", ParamClient::kTypeInt16, -32768, 32767},
    {"T_UINT32_EXACT", ParamClient::kTypeUint32, 16777216, 4294967295.0},
    {"T_UINT32_ODD", ParamClient::kTypeUint32, 16777217, 16777217},
    {"T_INT32_MAX", ParamClient::kTypeInt32, 2147483647, -2147483648.0},
    {"T_INT32_MIN", ParamClient::kTypeInt32, -2147483648.0, 2147483647},
    {"T_REAL32", ParamClient::kTypeReal32, double(0.15f), double(-1.0e-7f)},
};

std::pair<double, double> range(std::uint8_t type) {
  switch (type) {
    case ParamClient::kTypeUint8:
      return {0, 255};
    case ParamClient::kTypeInt8:
      return {-128, 127};
    case ParamClient::kTypeUint16:
      return {0, 65535};
    case ParamClient::kTypeInt16:
      return {-32768, 32767};
    case ParamClient::kTypeUint32:
      return {0, 4294967295.0};
    default:
      return {-2147483648.0, 2147483647.0};
  }
}

// What the station must show for `held`: the value itself, except C cast of an integer beyond
// 2^24, where only float(held) (clamped to the type) arrives.
double shown(bool c_cast, const Row& r, double held) {
  if (!c_cast || r.type == ParamClient::kTypeReal32 || std::abs(held) <= 16777216.0) return held;
  return std::clamp(double(float(held)), range(r.type).first, range(r.type).second);
}

// Whether a write of `value` can reach the vehicle exactly: always bytewise; by C cast only
// when float(value) == value.
bool writable(bool c_cast, const Row& r, double value) {
  return !c_cast || r.type == ParamClient::kTypeReal32 || double(float(value)) == value;
}

// A station on an AutopilotLink and a stand-in on UDP (PX4) or TCP (ArduCopter), the vehicle known.
struct Pair {
  explicit Pair(const AutopilotStandIn::Options& o) : vehicle(o), station(fast()) {}
  bool connect() {
    if (vehicle_kind() == AutopilotStandIn::Kind::Px4) {
      if (!station.open(LinkEndpoint{LinkEndpoint::Kind::Udp, {}, 0})) return false;
      if (!vehicle.bindUdp(qobject_cast<UdpTransport*>(station.transport())->localPort())) return false;
    } else {
      if (!vehicle.listenTcp()) return false;
      if (!station.open(LinkEndpoint{LinkEndpoint::Kind::Tcp, QStringLiteral("127.0.0.1"), vehicle.tcpPort()}))
        return false;
      if (!QTest::qWaitFor([this] { return vehicle.tcpClientConnected(); }, 5000)) return false;
    }
    vehicle.heartbeat();
    return QTest::qWaitFor([this] { return station.roster()->selected() != nullptr; }, 3000);
  }
  AutopilotStandIn::Kind vehicle_kind() const { return kind; }
  ParamClient* params() { return station.roster()->selected()->params(); }

  AutopilotStandIn::Kind kind = AutopilotStandIn::Kind::Px4;
  AutopilotStandIn vehicle;
  AutopilotLink station;
};

AutopilotStandIn::Options options(AutopilotStandIn::Kind kind) {
  AutopilotStandIn::Options o;
  o.kind = kind;
  return o;
}

}  // namespace

class ParamEncodingTest : public QObject {
  Q_OBJECT

 private slots:
  void fieldsByClosedForm();
  void declaredEncodings();
  void everyTypeBothWays_data();
  void everyTypeBothWays();
  void valuesBeforeTheDeclarationDecodedAgain();
  void silentVehicleGoesByItsHeartbeat();
  void typeTheFloatCannotCarry();
  void scannerFindsUnknownAndCheckedFrames();
};

// The field's bits for each encoding, against the closed forms above.
void ParamEncodingTest::fieldsByClosedForm() {
  const auto bits = [](float f) {
    std::uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    return u;
  };
  // Bytewise: INT32 -1 is all ones; INT32 max 0x7FFFFFFF; UINT8 255 is 0x000000FF.
  QCOMPARE(bits(ParamClient::encode(ParamEncoding::Bytewise, ParamClient::kTypeInt32, -1)), 0xFFFFFFFFu);
  QCOMPARE(bits(ParamClient::encode(ParamEncoding::Bytewise, ParamClient::kTypeInt32, 2147483647)), 0x7FFFFFFFu);
  QCOMPARE(bits(ParamClient::encode(ParamEncoding::Bytewise, ParamClient::kTypeUint8, 255)), 0x000000FFu);
  // C cast: the number as a float; 1 is 0x3F800000 (the 1065353216 a bytewise reader showed
  // for ArduPilot's ARMING_CHECK = 1), 115 is 0x42E60000 (1122369536, SERIAL0_BAUD = 115).
  QCOMPARE(bits(ParamClient::encode(ParamEncoding::CCast, ParamClient::kTypeInt8, 1)), 0x3F800000u);
  QCOMPARE(bits(ParamClient::encode(ParamEncoding::CCast, ParamClient::kTypeInt32, 115)), 0x42E60000u);
  QCOMPARE(ParamClient::decode(ParamEncoding::CCast, ParamClient::kTypeInt8, 1.0f), 1.0);
  QCOMPARE(ParamClient::decode(ParamEncoding::CCast, ParamClient::kTypeInt32, 115.0f), 115.0);
  // … and read bytewise those fields are the nonsense seen with the real ArduCopter.
  QCOMPARE(ParamClient::decode(ParamEncoding::Bytewise, ParamClient::kTypeInt32, 1.0f), 1065353216.0);
  QCOMPARE(ParamClient::decode(ParamEncoding::Bytewise, ParamClient::kTypeInt32, 115.0f), 1122369536.0);
  // C cast beyond 2^24: INT32 max becomes 2^31, clamped back into the type.
  QCOMPARE(ParamClient::decode(ParamEncoding::CCast, ParamClient::kTypeInt32, float(2147483647)), 2147483647.0);
  QCOMPARE(ParamClient::decode(ParamEncoding::CCast, ParamClient::kTypeUint32, float(16777217)), 16777216.0);
  // REAL32 is the float itself in both.
  QCOMPARE(ParamClient::encode(ParamEncoding::Bytewise, ParamClient::kTypeReal32, 0.15), 0.15f);
  QCOMPARE(ParamClient::encode(ParamEncoding::CCast, ParamClient::kTypeReal32, 0.15), 0.15f);
}

// MAV_PROTOCOL_CAPABILITY (common.xml): PARAM_FLOAT 2, PARAM_ENCODE_BYTEWISE 16,
// PARAM_ENCODE_C_CAST 131072.
void ParamEncodingTest::declaredEncodings() {
  QCOMPARE(ParamClient::declaredEncoding(AutopilotStandIn::kPx4Capabilities), ParamEncoding::Bytewise);
  QCOMPARE(ParamClient::declaredEncoding(AutopilotStandIn::kArduCopterVehicleCapabilities | 131072u),
           ParamEncoding::CCast);
  QCOMPARE(ParamClient::declaredEncoding(2u), ParamEncoding::CCast);           // older ArduPilot
  QCOMPARE(ParamClient::declaredEncoding(16u | 2u), ParamEncoding::Bytewise);  // PX4 declares both
  QVERIFY(!ParamClient::declaredEncoding(0));
  QVERIFY(!ParamClient::declaredEncoding(16u | 131072u));                    // contradictory: the HEARTBEAT decides
  QCOMPARE(ParamClient::encodingForAutopilot(3), ParamEncoding::CCast);      // MAV_AUTOPILOT_ARDUPILOTMEGA
  QCOMPARE(ParamClient::encodingForAutopilot(12), ParamEncoding::Bytewise);  // MAV_AUTOPILOT_PX4
  QCOMPARE(ParamClient::encodingForAutopilot(0), ParamEncoding::Bytewise);   // Vayu: GENERIC
}

void ParamEncodingTest::everyTypeBothWays_data() {
  QTest::addColumn<int>("kind");
  QTest::addColumn<bool>("legacy");
  QTest::newRow("PX4 over UDP") << int(AutopilotStandIn::Kind::Px4) << false;
  QTest::newRow("ArduCopter over TCP") << int(AutopilotStandIn::Kind::ArduCopter) << false;
  QTest::newRow("older ArduCopter (PARAM_FLOAT)") << int(AutopilotStandIn::Kind::ArduCopter) << true;
}

void ParamEncodingTest::everyTypeBothWays() {
  QFETCH(int, kind);
  QFETCH(bool, legacy);
  AutopilotStandIn::Options o = options(AutopilotStandIn::Kind(kind));
  o.legacy_capabilities = legacy;
  Pair p(o);
  p.kind = o.kind;
  for (const Row& r : kRows) p.vehicle.addParam(QString::fromLatin1(r.name), r.type, r.held);
  QVERIFY(p.connect());
  const bool c_cast = o.kind == AutopilotStandIn::Kind::ArduCopter;
  ParamClient* params = p.params();
  // The declaration arrives and decides.
  QTRY_VERIFY_WITH_TIMEOUT(params->encodingReason().contains(QStringLiteral("AUTOPILOT_VERSION")), 3000);
  QCOMPARE(params->encoding(), c_cast ? ParamEncoding::CCast : ParamEncoding::Bytewise);
  QCOMPARE(p.vehicle.version_requests.size(), std::size_t(1));
  QCOMPARE(int(p.vehicle.version_requests[0].command), 512);  // MAV_CMD_REQUEST_MESSAGE
  QCOMPARE(p.vehicle.version_requests[0].param1, 148.0f);     // AUTOPILOT_VERSION

  QSignalSpy complete(params, &ParamClient::listComplete);
  params->requestAll();
  QTRY_COMPARE_WITH_TIMEOUT(complete.count(), 1, 5000);
  for (const Row& r : kRows) {
    const std::optional<ParamValue> v = params->param(QString::fromLatin1(r.name));
    QVERIFY2(v, r.name);
    QCOMPARE(int(v->mav_type), int(r.type));
    QCOMPARE(v->value, shown(c_cast, r, r.held));
    // From 2^24 on a float stands for more than one integer (2^24 + 1 rounds to 2^24).
    const bool approximate = c_cast && r.type != ParamClient::kTypeReal32 && std::abs(v->value) >= 16777216.0;
    QCOMPARE(v->approximate, approximate);
    if (approximate) QVERIFY2(v->text().startsWith(QChar(0x2248)), qPrintable(v->text()));
  }

  // Writes: each verified by the echo, and the stand-in holds exactly what was asked.
  QSignalSpy finished(params, &ParamClient::setFinished);
  int expected_sets = 0;
  for (const Row& r : kRows) {
    const QString name = QString::fromLatin1(r.name);
    const int before = finished.count();
    params->setParam(name, r.write);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), before + 1, 3000);
    const bool ok = finished.last().at(1).toBool();
    const QString message = finished.last().at(2).toString();
    QVERIFY2(ok == writable(c_cast, r, r.write), qPrintable(message));
    const double on_vehicle = std::find_if(p.vehicle.params.begin(), p.vehicle.params.end(), [&](const auto& q) {
                                return q.name == name;
                              })->value;
    if (ok) {
      ++expected_sets;
      QCOMPARE(on_vehicle, r.write);
      QCOMPARE(params->param(name)->value, r.write);
    } else {
      // Refused before sending, naming the parameter and the floats around it: 16777217 lies
      // between 16777216 and 16777218 (step 2 in [2^24, 2^25)); 4294967295 between
      // 4294967040 and 4294967296 (step 256 in [2^31, 2^32)).
      QVERIFY2(message.startsWith(name) && message.contains(QStringLiteral("cannot reach the vehicle exactly")),
               qPrintable(message));
      if (r.write == 16777217) QVERIFY2(message.contains("16777216 and 16777218"), qPrintable(message));
      if (r.write == 4294967295.0) QVERIFY2(message.contains("4294967040 and 4294967296"), qPrintable(message));
      QCOMPARE(on_vehicle, r.held);  // nothing sent, nothing changed
    }
  }
  QCOMPARE(int(p.vehicle.param_sets.size()), expected_sets);
}

// ArduCopter's values read before its AUTOPILOT_VERSION is heard while the HEARTBEAT had not
// yet said ArduPilot (a vehicle whose heartbeat the station missed): decoded again when the
// declaration comes. Fed to a ParamClient on a plain connection, frame by frame.
void ParamEncodingTest::valuesBeforeTheDeclarationDecodedAgain() {
  MavlinkConnection connection;
  ParamClient client(&connection, fast());
  client.setTarget(1, 1);
  QSignalSpy updated(&client, &ParamClient::paramUpdated);
  mavlink_sender_t sender{1, 1, 0};
  const auto feed = [&](const mavlink_param_value_t& m) {
    std::uint8_t frame[MAVLINK_MAX_FRAME_LEN];
    const std::size_t n = mavlink_param_value_pack(&sender, &m, frame);
    connection.feedBytes(QByteArray(reinterpret_cast<const char*>(frame), qsizetype(n)));
  };
  mavlink_param_value_t m{};
  std::memcpy(m.param_id, "FS_THR_ENABLE", 13);
  m.param_type = ParamClient::kTypeInt8;
  m.param_value = 2.0f;  // C cast of 2
  m.param_count = 1;
  feed(m);
  QCOMPARE(client.encoding(), ParamEncoding::Bytewise);  // nothing known yet: the default
  QCOMPARE(client.param("FS_THR_ENABLE")->value, 0.0);   // 2.0f's low byte read as INT8
  client.setDeclaredCapabilities(AutopilotStandIn::kArduCopterVehicleCapabilities | 131072u);
  QCOMPARE(client.encoding(), ParamEncoding::CCast);
  QCOMPARE(client.param("FS_THR_ENABLE")->value, 2.0);
  QCOMPARE(updated.count(), 2);
  QCOMPARE(updated.last().at(0).value<ParamValue>().value, 2.0);
}

// A vehicle that answers neither request: two REQUEST_MESSAGE, one REQUEST_AUTOPILOT_CAPABILITIES,
// then the link says so and the HEARTBEAT's ArduPilot means C cast.
void ParamEncodingTest::silentVehicleGoesByItsHeartbeat() {
  AutopilotStandIn::Options o = options(AutopilotStandIn::Kind::ArduCopter);
  o.answers_version = false;
  Pair p(o);
  p.kind = o.kind;
  p.vehicle.addParam("ARMING_CHECK", ParamClient::kTypeInt32, 1);
  p.vehicle.addParam("SERIAL0_BAUD", ParamClient::kTypeInt32, 115);
  p.vehicle.addParam("FRAME_CLASS", ParamClient::kTypeInt8, 1);
  QSignalSpy notes(&p.station, &AutopilotLink::note);
  QVERIFY(p.connect());
  QTRY_VERIFY_WITH_TIMEOUT(
      std::any_of(notes.begin(), notes.end(),
                  [](const QList<QVariant>& n) { return n.at(0).toString().contains("did not answer"); }),
      3000);
  QCOMPARE(p.vehicle.version_requests.size(), std::size_t(3));
  QCOMPARE(int(p.vehicle.version_requests[0].command), 512);
  QCOMPARE(int(p.vehicle.version_requests[1].command), 512);
  QCOMPARE(int(p.vehicle.version_requests[2].command), 520);  // MAV_CMD_REQUEST_AUTOPILOT_CAPABILITIES
  QCOMPARE(p.vehicle.version_requests[2].param1, 1.0f);
  ParamClient* params = p.params();
  QCOMPARE(params->encoding(), ParamEncoding::CCast);
  QSignalSpy complete(params, &ParamClient::listComplete);
  params->requestAll();
  QTRY_COMPARE_WITH_TIMEOUT(complete.count(), 1, 5000);
  // The values the station showed wrongly before: ARMING_CHECK 1, SERIAL0_BAUD 115, FRAME_CLASS 1.
  QCOMPARE(params->param("ARMING_CHECK")->value, 1.0);
  QCOMPARE(params->param("SERIAL0_BAUD")->value, 115.0);
  QCOMPARE(params->param("FRAME_CLASS")->value, 1.0);
}

// MAV_PARAM_TYPE INT64 (8) and a number MAV_PARAM_TYPE does not define (42): not taken, named,
// the list still completes, nothing known is replaced, a write is refused.
void ParamEncodingTest::typeTheFloatCannotCarry() {
  Pair p(options(AutopilotStandIn::Kind::Px4));
  p.vehicle.addParam("GOOD_INT", ParamClient::kTypeInt32, 42);
  p.vehicle.addParam("BIG_COUNTER", 8, 5);
  QVERIFY(p.connect());
  ParamClient* params = p.params();
  QSignalSpy problems(params, &ParamClient::paramProblem);
  QSignalSpy notes(&p.station, &AutopilotLink::note);  // the station's log
  QSignalSpy complete(params, &ParamClient::listComplete);
  params->requestAll();
  QTRY_COMPARE_WITH_TIMEOUT(complete.count(), 1, 5000);
  QCOMPARE(problems.count(), 1);
  QCOMPARE(problems.at(0).at(0).toString(), QStringLiteral("BIG_COUNTER"));
  QVERIFY2(problems.at(0).at(1).toString().contains(QStringLiteral("INT64")),
           qPrintable(problems.at(0).at(1).toString()));
  QVERIFY(std::any_of(notes.begin(), notes.end(), [](const QList<QVariant>& n) {
    return n.at(0).toString().startsWith(
        QStringLiteral("Vehicle 1: BIG_COUNTER: the vehicle sent a value of type INT64"));
  }));
  QVERIFY(!params->param("BIG_COUNTER")->readable);
  QCOMPARE(params->param("BIG_COUNTER")->text(), QStringLiteral("unreadable (type INT64)"));
  QSignalSpy finished(params, &ParamClient::setFinished);
  params->setParam("BIG_COUNTER", 6);
  QCOMPARE(finished.count(), 1);
  QVERIFY(!finished.at(0).at(1).toBool());
  QVERIFY(finished.at(0).at(2).toString().startsWith(QStringLiteral("BIG_COUNTER has type INT64")));
  // A known parameter pushed with a type nobody defines keeps its value.
  p.vehicle.params[0].type = 42;
  p.vehicle.pushParam("GOOD_INT");
  QTRY_COMPARE_WITH_TIMEOUT(problems.count(), 2, 3000);
  QVERIFY(problems.at(1).at(1).toString().contains(QStringLiteral("type 42")));
  QCOMPARE(params->param("GOOD_INT")->value, 42.0);
  QVERIFY(params->param("GOOD_INT")->readable);
}

// The raw scanner: a known message checked by its CRC, AUTOPILOT_VERSION by the CRC_EXTRA
// listed here, an unknown message taken unchecked once the next frame starts, garbage skipped.
void ParamEncodingTest::scannerFindsUnknownAndCheckedFrames() {
  mavlink_sender_t sender{7, 1, 0};
  const QByteArray version = packRawFrame(&sender, mav::kMsgIdAutopilotVersion, mav::kCrcExtraAutopilotVersion,
                                          autopilotVersionPayload(0x20010ull, 5));
  const QByteArray unknown = packRawFrame(&sender, 42424, 99, QByteArray("\x01\x02\x03", 3));
  mavlink_heartbeat_t h{};
  h.autopilot = 3;
  std::uint8_t hb[MAVLINK_MAX_FRAME_LEN];
  const QByteArray heartbeat(reinterpret_cast<const char*>(hb), qsizetype(mavlink_heartbeat_pack(&sender, &h, hb)));
  RawFrameScanner scanner;
  std::vector<RawFrame> frames = scanner.feed(QByteArray("xyz") + version + unknown);
  QCOMPARE(frames.size(), std::size_t(1));  // the unknown one waits for the next start marker
  QCOMPARE(frames[0].msgid, 148u);
  QVERIFY(frames[0].checked);
  QCOMPARE(autopilotVersionCapabilities(frames[0].payload), 0x20010ull);  // trailing zeros cut, read as zero
  frames = scanner.feed(heartbeat);  // the unknown one, then the heartbeat (checked: complete, taken)
  QCOMPARE(frames.size(), std::size_t(2));
  QCOMPARE(frames[0].msgid, 42424u);
  QVERIFY(!frames[0].checked);
  QCOMPARE(frames[0].payload, QByteArray("\x01\x02\x03", 3));
  QCOMPARE(frames[1].msgid, 0u);
  QVERIFY(frames[1].checked);
  QCOMPARE(scanner.bytesSkipped(), std::uint64_t(3));  // "xyz"
  // A corrupted AUTOPILOT_VERSION (one payload bit) is not taken; the heartbeat after it is.
  QByteArray bad = packRawFrame(&sender, mav::kMsgIdAutopilotVersion, mav::kCrcExtraAutopilotVersion,
                                autopilotVersionPayload(0x10ull, 5));
  bad[12] = char(bad[12] ^ 0x04);
  frames = scanner.feed(bad + heartbeat);
  QCOMPARE(frames.size(), std::size_t(1));
  QCOMPARE(frames[0].msgid, 0u);
  QCOMPARE(scanner.bytesSkipped(), std::uint64_t(3 + bad.size()));
}

QTEST_GUILESS_MAIN(ParamEncodingTest)
#include "param_encoding_test.moc"
