// End to end: vayu_sitl flying vsim_d's S500 in lockstep, this test the ground station on UDP, as
// QGroundControl drives a PX4 vehicle's sensor setup: MAV_CMD_PREFLIGHT_CALIBRATION for the gyro and
// for the level horizon, the COMMAND_ACK, the "[cal]" STATUSTEXTs word for word, the PARAM_VALUEs of
// the result, and the result in vayu_sitl's parameter file. The simulated IMU is given errors the
// calibrations must find (the airframe file's imu.gyro.offset_dps and imu.mount_error_rpy_deg,
// sim/vehicle/vehicle_model.h): a gyro offset of (0.6, -0.4, 0.3) deg/s and a board mounted rolled
// 2° and pitched -1.5°. The vehicle rests on flat ground, motors off. The wall clock only bounds a hang.
#include "firmware/core/fc_param_text.h"
#include "firmware/link/fc_link_calibration.h"
#include "firmware/mavlink/mavlink_codec.h"

#include <QtTest>

#include <arpa/inet.h>
#include <csignal>
#include <netinet/in.h>
#include <optional>
#include <poll.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

namespace {

constexpr double kDeg = 3.14159265358979323846 / 180.0;

// A ground station on an ephemeral loopback UDP port.
class Station {
 public:
  Station() {
    fd_ = ::socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ::bind(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a);
    socklen_t n = sizeof a;
    ::getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &n);
    port_ = ntohs(a.sin_port);
    mavlink_parser_init(&parser_);
  }
  ~Station() { ::close(fd_); }
  int port() const { return port_; }

  // Waits up to `ms` (wall) for a frame satisfying `pred`; every frame is kept in `log`.
  template <class Pred>
  std::optional<mavlink_frame_t> waitFor(int ms, Pred pred) {
    QElapsedTimer t;
    t.start();
    std::size_t checked = log.size();
    while (t.elapsed() < ms) {
      receive();
      for (; checked < log.size(); ++checked)
        if (pred(log[checked])) return log[checked];
      pollfd readable{fd_, POLLIN, 0};
      ::poll(&readable, 1, 10);  // until a datagram comes (at most 10 ms: the deadline is checked again)
    }
    return std::nullopt;
  }
  void command(float p1, float p5) {
    mavlink_command_long_t c{};
    c.target_system = 1;
    c.target_component = 1;
    c.command = MAV_CMD_PREFLIGHT_CALIBRATION;
    c.param1 = p1;
    c.param5 = p5;
    receive();
    std::uint8_t frame[MAVLINK_MAX_FRAME_LEN];
    const std::size_t n = mavlink_pack(&sender_, MAVLINK_MSG_ID_COMMAND_LONG, &c, frame);
    ::sendto(fd_, frame, n, 0, reinterpret_cast<sockaddr*>(&vehicle_), sizeof vehicle_);
  }
  // The "[cal]" texts from log entry `from` on.
  std::vector<std::string> calTexts(std::size_t from) const {
    std::vector<std::string> out;
    for (std::size_t i = from; i < log.size(); ++i) {
      mavlink_statustext_t s;
      if (!mavlink_statustext_decode(&log[i], &s)) continue;
      const std::string text(s.text, strnlen(s.text, sizeof s.text));
      if (text.rfind("[cal]", 0) == 0) out.push_back(text);
    }
    return out;
  }
  std::optional<float> paramValue(std::size_t from, const char* name) const {
    std::optional<float> v;
    for (std::size_t i = from; i < log.size(); ++i) {
      mavlink_param_value_t p;
      if (mavlink_param_value_decode(&log[i], &p) && std::strncmp(p.param_id, name, 16) == 0) v = p.param_value;
    }
    return v;
  }
  std::vector<mavlink_frame_t> log;

 private:
  void receive() {
    std::uint8_t buf[4096];
    for (;;) {
      sockaddr_in from{};
      socklen_t n = sizeof from;
      const ssize_t got = ::recvfrom(fd_, buf, sizeof buf, 0, reinterpret_cast<sockaddr*>(&from), &n);
      if (got <= 0) return;
      vehicle_ = from;
      mavlink_parse_all(
          &parser_, buf, std::size_t(got),
          [](void* o, const mavlink_frame_t* f) { static_cast<std::vector<mavlink_frame_t>*>(o)->push_back(*f); },
          &log);
    }
  }
  int fd_ = -1, port_ = 0;
  sockaddr_in vehicle_{};
  mavlink_parser_t parser_{};
  mavlink_sender_t sender_{255, 190, 0};
};

bool isText(const mavlink_frame_t& f, const std::string& text) {
  mavlink_statustext_t s;
  return mavlink_statustext_decode(&f, &s) && std::string(s.text, strnlen(s.text, sizeof s.text)) == text;
}

std::optional<int> ackOf(Station& gcs) {
  const auto a = gcs.waitFor(5000, [](const mavlink_frame_t& f) {
    mavlink_command_ack_t a;
    return mavlink_command_ack_decode(&f, &a) && a.command == MAV_CMD_PREFLIGHT_CALIBRATION;
  });
  if (!a) return std::nullopt;
  mavlink_command_ack_t ack;
  mavlink_command_ack_decode(&*a, &ack);
  return ack.result;
}

QString stop(QProcess& p, const QString& log) {
  if (p.state() != QProcess::NotRunning) {
    ::kill(pid_t(p.processId()), SIGTERM);
    if (!p.waitForFinished(5000)) p.kill();
  }
  QFile f(log);
  return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()).right(3000) : QString();
}

// The S500 with the IMU's errors, written next to the pipes.
QString airframeWithErrors(const QString& dir) {
  QFile shipped(NAVIGATOR_SOURCE_DIR "/resources/airframes/s500.yaml");
  if (!shipped.open(QIODevice::ReadOnly)) return {};
  QString text = QString::fromUtf8(shipped.readAll());
  const QString imu = "imu:\n  position_m: [0.0, 0.0, -0.0276]   # on the flight controller\n";
  if (!text.contains(imu)) return {};
  text.replace("file: ../meshes/", "file: " NAVIGATOR_SOURCE_DIR "/resources/meshes/");  // written elsewhere
  text.replace(imu, imu + "  mount_error_rpy_deg: [2.0, -1.5, 0.0]\n  gyro:\n    offset_dps: [0.6, -0.4, 0.3]\n");
  QFile out(dir + "/s500_errors.yaml");
  if (!out.open(QIODevice::WriteOnly)) return {};
  out.write(text.toUtf8());
  return out.fileName();
}

// The value of `name` in vayu_sitl's parameter file (fc_param_text.h's format).
std::optional<float> savedValue(const QString& path, const char* name) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return std::nullopt;
  std::optional<float> v;
  for (const QByteArray& line : f.readAll().split('\n')) {
    const fc_param_line_t l = fc_param_parse_line(line.constData());
    if (l.kind == FC_PARAM_LINE_VALUE && l.id == fc_param_find(name)) v = l.value;
  }
  return v;
}

}  // namespace

class CalibrationSitlTest : public QObject {
  Q_OBJECT

 private slots:
  void gyroAndLevelThroughVayuSitl();
};

void CalibrationSitlTest::gyroAndLevelThroughVayuSitl() {
  QTemporaryDir dir;
  const QString airframe = airframeWithErrors(dir.path());
  QVERIFY2(!airframe.isEmpty(), "resources/airframes/s500.yaml: its imu block is not as this test expects");
  Station gcs;
  QProcess sim, firmware;
  sim.setStandardErrorFile(dir.path() + "/vsim_d.log");
  firmware.setStandardErrorFile(dir.path() + "/vayu_sitl.log");
  sim.start(NAVIGATOR_BIN_DIR "/vsim_d",
            {"--dir", dir.path(), "--airframe", airframe, "--mode", "lockstep", "--seed", "7", "--quiet"});
  QVERIFY(sim.waitForStarted());
  const QString params = dir.path() + "/params.txt";
  firmware.start(NAVIGATOR_BIN_DIR "/vayu_sitl",
                 {"--dir", dir.path(), "--gcs-port", QString::number(gcs.port()), "--port", "0", "--params", params});
  QVERIFY(firmware.waitForStarted());
  const auto fail = [&](const char* what) {
    return QString(what) + "\n" + stop(firmware, dir.path() + "/vayu_sitl.log") + stop(sim, dir.path() + "/vsim_d.log");
  };
  // Two simulated seconds for the vehicle to settle on its skids (ATTITUDE's time_boot_ms).
  if (!gcs.waitFor(60000, [](const mavlink_frame_t& f) {
        mavlink_attitude_t a;
        return mavlink_attitude_decode(&f, &a) && a.time_boot_ms >= 2000;
      }))
    QFAIL(qPrintable(fail("no ATTITUDE at 2 s")));

  // Gyro: ACCEPTED, PX4's words, the offsets.
  std::size_t from = gcs.log.size();
  gcs.command(1, 0);
  QCOMPARE(ackOf(gcs), std::optional<int>(MAV_RESULT_ACCEPTED));
  if (!gcs.waitFor(60000, [](const mavlink_frame_t& f) { return isText(f, "[cal] calibration done: gyro"); }))
    QFAIL(qPrintable(fail("no \"[cal] calibration done: gyro\"")));
  std::vector<std::string> expected = {"[cal] calibration started: 2 gyro"};
  for (int n = 0; n <= 100; n += 5) expected.push_back("[cal] progress <" + std::to_string(n) + ">");
  expected.push_back("[cal] calibration done: gyro");
  QCOMPARE(gcs.calTexts(from), expected);
  // The simulated gyro's white noise (0.00034 rad/s/√Hz at 1 kHz: σ 0.011 rad/s per reading) over
  // 2000 readings: σ 2.4e-4 rad/s; its bias walk (3.9e-5 rad/s²/√Hz) adds about 1e-4 in 5 s. 1e-3 rad/s.
  const double truth[3] = {0.6 * kDeg, -0.4 * kDeg, 0.3 * kDeg};
  const char* names[3] = {"CAL_GYRO_XOFF", "CAL_GYRO_YOFF", "CAL_GYRO_ZOFF"};
  float gyro_x = 0.0f;
  for (int i = 0; i < 3; ++i) {
    const std::optional<float> v = gcs.paramValue(from, names[i]);
    QVERIFY2(v.has_value(), names[i]);
    qInfo("%s %.5f rad/s (set %.5f)", names[i], double(*v), truth[i]);
    QVERIFY2(std::fabs(*v - truth[i]) < 1e-3, names[i]);
    if (i == 0) gyro_x = *v;
  }

  // Level: the board's mounting error. The accelerometer's noise (0.004 m/s²/√Hz: σ 0.126 m/s² per
  // reading) over 2000 readings is 0.017°; its bias walk about 0.06° more: 0.15°.
  from = gcs.log.size();
  gcs.command(0, 2);
  QCOMPARE(ackOf(gcs), std::optional<int>(MAV_RESULT_ACCEPTED));
  if (!gcs.waitFor(60000, [](const mavlink_frame_t& f) { return isText(f, "[cal] calibration done: level"); }))
    QFAIL(qPrintable(fail("no \"[cal] calibration done: level\"")));
  const std::vector<std::string> level = gcs.calTexts(from);
  QCOMPARE(level.front(), std::string("[cal] calibration started: 2 level"));
  const std::optional<float> roll = gcs.paramValue(from, "SENS_BOARD_X_OFF"),
                             pitch = gcs.paramValue(from, "SENS_BOARD_Y_OFF");
  QVERIFY(roll && pitch);
  qInfo("SENS_BOARD_X_OFF %.3f deg, SENS_BOARD_Y_OFF %.3f deg (mounted 2, -1.5)", double(*roll), double(*pitch));
  QVERIFY(std::fabs(*roll - 2.0f) < 0.15f);
  QVERIFY(std::fabs(*pitch + 1.5f) < 0.15f);

  // Stored: vayu_sitl's parameter file holds what the station was told, bit for bit (9 digits).
  stop(firmware, dir.path() + "/vayu_sitl.log");
  QCOMPARE(savedValue(params, "CAL_GYRO_XOFF"), std::optional<float>(gyro_x));
  QCOMPARE(savedValue(params, "SENS_BOARD_X_OFF"), roll);
  stop(sim, dir.path() + "/vsim_d.log");
}

QTEST_GUILESS_MAIN(CalibrationSitlTest)
#include "calibration_sitl_test.moc"
