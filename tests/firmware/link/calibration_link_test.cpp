// MAV_CMD_PREFLIGHT_CALIBRATION over the firmware's MAVLink side (firmware/link/fc_link_calibration.h):
// COMMAND_LONG in as QGroundControl sends it, COMMAND_ACK with PX4's results, the "[cal]" STATUSTEXTs
// and the PARAM_VALUEs of what was written read back from the frames the link sent, in order.
// The expected results are PX4's Commander's (ACCEPTED on start and on the all-zero cancel,
// TEMPORARILY_REJECTED while armed or busy, UNSUPPORTED otherwise; common.xml's MAV_RESULT values).
#include "firmware/link/fc_link.h"
#include "firmware/link/fc_link_calibration.h"
#include "tests/firmware/core/calibration_streams.h"

#include <QtTest>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

using namespace calstream;

namespace {

// What the link sent, in order: "T:<text>" for STATUSTEXT, "P:<name>=<value>" for PARAM_VALUE,
// "A:<command>=<result>" for COMMAND_ACK.
struct Wire {
  std::vector<std::string> lines;
  std::vector<mavlink_param_value_t> params;
  mavlink_parser_t parser;
  Wire() { mavlink_parser_init(&parser); }
  static void send(void* self, const std::uint8_t* bytes, std::size_t n) {
    auto* w = static_cast<Wire*>(self);
    mavlink_parse_all(
        &w->parser, bytes, n, [](void* s, const mavlink_frame_t* f) { static_cast<Wire*>(s)->take(*f); }, w);
  }
  void take(const mavlink_frame_t& f) {
    if (f.msgid == MAVLINK_MSG_ID_STATUSTEXT) {
      mavlink_statustext_t s;
      mavlink_statustext_decode(&f, &s);
      lines.push_back("T:" + std::string(s.text, strnlen(s.text, sizeof s.text)));
    } else if (f.msgid == MAVLINK_MSG_ID_PARAM_VALUE) {
      mavlink_param_value_t p;
      mavlink_param_value_decode(&f, &p);
      params.push_back(p);
      lines.push_back("P:" + std::string(p.param_id, strnlen(p.param_id, sizeof p.param_id)));
    } else if (f.msgid == MAVLINK_MSG_ID_COMMAND_ACK) {
      mavlink_command_ack_t a;
      mavlink_command_ack_decode(&f, &a);
      lines.push_back("A:" + std::to_string(a.command) + "=" + std::to_string(a.result));
    }
  }
  bool has(const std::string& line) const { return std::find(lines.begin(), lines.end(), line) != lines.end(); }
  int index(const std::string& line) const {
    const auto it = std::find(lines.begin(), lines.end(), line);
    return it == lines.end() ? -1 : int(it - lines.begin());
  }
};

struct Board {
  fc_t fc;
  fc_link_t link;
  Wire wire;
  Sensors sensors;
  mavlink_sender_t gcs{255, 190, 0};
  uint64_t t_us = 1'000'000;
  Board() {
    fc_mixer_table_t mixer;
    fc_mixer_quad_x(&mixer);
    fc_init(&fc, &mixer);
    fc_link_init(&link, &fc, &Wire::send, &wire);
    link.estimate_period_us = 0;
  }
  void command(float p1, float p2, float p3, float p4, float p5, float p6 = 0, float p7 = 0) {
    mavlink_command_long_t c;
    std::memset(&c, 0, sizeof c);
    c.target_system = 1;
    c.target_component = 1;
    c.command = MAV_CMD_PREFLIGHT_CALIBRATION;
    c.param1 = p1, c.param2 = p2, c.param3 = p3, c.param4 = p4, c.param5 = p5, c.param6 = p6, c.param7 = p7;
    std::uint8_t bytes[MAVLINK_MAX_FRAME_LEN];
    const std::size_t n = mavlink_pack(&gcs, MAVLINK_MSG_ID_COMMAND_LONG, &c, bytes);
    mavlink_parser_t p;
    mavlink_parser_init(&p);
    mavlink_parse_all(
        &p, bytes, n,
        [](void* self, const mavlink_frame_t* f) {
          fc_link_handle(&static_cast<Board*>(self)->link, &static_cast<Board*>(self)->fc, f);
        },
        this);
  }
  void run(double seconds, const Mat3& r = identity()) {
    for (double t = 0; t < seconds; t += 0.002) {
      t_us += 2000;
      const fc_sensors_t s = sensors.sample(t_us, r);
      fc_step(&fc, &s);
      fc_link_update(&link, &fc, &s);
    }
  }
  std::string ack() const {
    for (auto it = wire.lines.rbegin(); it != wire.lines.rend(); ++it)
      if (it->rfind("A:241=", 0) == 0) return *it;
    return "";
  }
};

const std::string kAccepted = "A:241=0", kTemporarilyRejected = "A:241=1", kUnsupported = "A:241=3";

}  // namespace

class CalibrationLinkTest : public QObject {
  Q_OBJECT

 private slots:
  // QGroundControl's gyro calibration: the ACK, PX4's words, then the three offsets as PARAM_VALUE
  // before "done" (so a station refreshing CAL_* on "done" reads the new ones), marked for storing.
  void gyroCalibrationOverTheLink() {
    Board b;
    b.sensors.gyro_offset = {0.01, 0.02, -0.03};
    b.run(0.1);
    b.command(1, 0, 0, 0, 0);
    QCOMPARE(b.ack(), kAccepted);
    QVERIFY(!b.link.params_changed);
    b.run(2.5);
    const int started = b.wire.index("T:[cal] calibration started: 2 gyro");
    const int first_value = b.wire.index("P:CAL_GYRO_XOFF");
    const int done = b.wire.index("T:[cal] calibration done: gyro");
    QVERIFY(started > b.wire.index(kAccepted));
    QVERIFY(b.wire.has("T:[cal] progress <50>"));
    QVERIFY(started >= 0 && first_value > started && done > first_value);
    QCOMPARE(b.wire.lines[first_value + 1], std::string("P:CAL_GYRO_YOFF"));
    QCOMPARE(b.wire.lines[first_value + 2], std::string("P:CAL_GYRO_ZOFF"));
    const mavlink_param_value_t& z = b.wire.params.back();
    QCOMPARE(z.param_type, uint8_t(MAV_PARAM_TYPE_REAL32));
    QCOMPARE(int(z.param_index), int(FC_PARAM_CAL_GYRO_ZOFF));
    QCOMPARE(int(z.param_count), int(FC_PARAM_COUNT));
    QVERIFY(std::fabs(z.param_value + 0.03f) < 1e-3f);  // the 5σ tolerance of calibration_test.cpp
    QVERIFY(b.link.params_changed);                     // what vayu_sitl and the board save on
  }

  // Armed: TEMPORARILY_REJECTED (PX4) and a "[cal] calibration failed" for a station waiting on the words.
  void refusedWhileArmed() {
    Board b;
    b.run(0.1);
    b.fc.state.armed = true;
    b.command(0, 0, 0, 0, 1);
    QCOMPARE(b.ack(), kTemporarilyRejected);
    b.run(0.01);
    QVERIFY(b.wire.has("T:[cal] calibration failed: vehicle armed"));
    QVERIFY(!b.wire.has("T:[cal] calibration started: 2 accel"));
    QCOMPARE(b.fc.state.cal.kind, FC_CAL_NONE);
  }

  // QGroundControl's cancel, all seven parameters 0, half-way through the accelerometer's sides.
  void cancelFromTheStation() {
    Board b;
    b.run(0.1);
    const fc_params_t before = b.fc.config.params;
    b.command(0, 0, 0, 0, 1);
    QCOMPARE(b.ack(), kAccepted);
    b.run(4.0, sideAttitude(5));
    QVERIFY(b.wire.has("T:[cal] down side done, rotate to a different side"));
    b.command(0, 0, 0, 0, 0, 0, 0);
    QCOMPARE(b.ack(), kAccepted);
    b.run(0.1);
    QCOMPARE(b.wire.lines.back(), std::string("T:[cal] calibration cancelled"));
    QVERIFY(b.wire.params.empty());
    QVERIFY(!b.link.params_changed);
    QVERIFY(std::memcmp(&before, &b.fc.config.params, sizeof before) == 0);
  }

  void otherRequestsAnsweredAsPx4() {
    Board b;
    b.run(0.1);
    b.command(0, 0, 1, 0, 0);  // barometer
    QCOMPARE(b.ack(), kUnsupported);
    b.command(0, 0, 0, 0, 4);  // PX4's quick accelerometer calibration
    QCOMPARE(b.ack(), kUnsupported);
    b.command(NAN, 0, 0, 0, 0);  // not a number: no request
    QCOMPARE(b.ack(), kUnsupported);
    b.command(0, 1, 0, 0, 0);  // magnetometer
    QCOMPARE(b.ack(), kAccepted);
    b.command(1, 0, 0, 0, 0);  // a second one while it runs
    QCOMPARE(b.ack(), kTemporarilyRejected);
    QCOMPARE(b.fc.state.cal.kind, FC_CAL_MAG);
  }
};

QTEST_APPLESS_MAIN(CalibrationLinkTest)
#include "calibration_link_test.moc"
