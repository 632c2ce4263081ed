// The ground station's own link code on the emulated board. QEMU 7.2's netduinoplus2 runs the
// STM32F405 image (vayu_stm32f4.elf) with USART1 on a pseudo-terminal, halted (-S) until the
// ground station has opened the terminal, then continued through the monitor (`cont`) — as
// board_qemu_test.cpp and board_hil_hover_test.cpp (the QEMU start code is theirs, copied: the
// terminal here is opened by SerialTransport, not by the helper). Then, with the application's
// classes only:
//   SerialTransport on its own QThread + MavlinkConnection + VehicleLink: the link state becomes
//   Connected on HEARTBEAT; ParamClient reads all 100 parameters, writes HOVER_THRUST (the S500's
//   hover thrust, as test_board_hil_hover) and has it echoed back by PARAM_VALUE;
//   sendManualControl at 50 Hz of wall time for half a second (sticks centred);
//   HilBridge (S500, flat ground) flies it in lockstep at the rate the link's baud rate allows:
//   ALT_HOLD via VehicleLink::setMode, 2 s on the ground for the estimator, an ordinary arm via
//   VehicleLink::arm (accepted), a climb at throttle 0.8 to 2 m, the throttle centred and the
//   hover held for 10 simulated seconds. Bounds: attitude error RMS < 1.0° (roll and pitch from
//   level; tests/flight/closed_loop_attitude_test.cpp) and height within 0.3 m of the height at
//   centring from 3 s after it (tests/flight/sitl_test.cpp:315).
// MANUAL_CONTROL during HIL goes out from HilBridge::sensorDue every 20 ms of SIMULATED time, not
// on a wall-clock timer: the firmware's failsafe (FS_TIMEOUT_S, 0.5 s) measures the pilot's
// silence in sensor time, and the world's pace against wall time is whatever the link gives
// (faster than real time over QEMU's pty, stalled during a resend), so only sim-time pacing
// keeps the input arriving at 50 Hz in the firmware's own clock.
// Exit 0 pass, 1 fail (also without qemu-system-arm or the image: neither is optional, and the
// QEMU-free case still runs first). QEMU is killed on every path.
#include "app/core/hil_bridge.h"
#include "app/link/mavlink_connection.h"
#include "app/link/param_client.h"
#include "app/link/serial_transport.h"
#include "app/link/signing_key_store.h"
#include "app/link/vehicle_link.h"
#include "firmware/core/fc_params.h"
#include "sim/config/airframe_file.h"
#include "sim/base/frames.h"
#include "tests/board/qemu_board.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QThread>
#include <QTimer>
#include <QtTest>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

extern char** environ;

using namespace navigator;

namespace {

using namespace navigator::board_test;

constexpr qint32 kBaud = 115200;                         // the usual flight-controller rate
constexpr std::int64_t kManualControlPeriodUs = 20'000;  // 50 Hz of sim time
constexpr double kAlignS = 2.0;
constexpr double kClimbToM = 2.0;
constexpr double kHoverS = 10.0;
constexpr double kMaxAttitudeRmsDeg = 1.0;       // tests/flight/closed_loop_attitude_test.cpp
constexpr double kMaxHeightDeviationM = 0.3;     // tests/flight/sitl_test.cpp:315
constexpr int kExpectedParams = FC_PARAM_COUNT;  // every row of FC_PARAM_TABLE (firmware/core/fc_params.h)
constexpr double kRad2Deg = 180.0 / M_PI;

// The transport on its own thread; closed and destroyed on that thread whatever happened.
struct TransportThread {
  QThread thread;
  SerialTransport* transport = nullptr;
  TransportThread(const QString& path, qint32 baud) {
    transport = new SerialTransport(path, baud);
    transport->moveToThread(&thread);
    thread.start();
  }
  bool open() {
    bool ok = false;
    QMetaObject::invokeMethod(
        transport, [&] { ok = transport->open(); }, Qt::BlockingQueuedConnection);
    return ok;
  }
  ~TransportThread() {
    QMetaObject::invokeMethod(
        transport,
        [t = transport] {
          t->close();
          delete t;
        },
        Qt::BlockingQueuedConnection);
    thread.quit();
    thread.wait();
  }
};

// A board played by hand on a MavlinkConnection without a transport: the HIL_SENSOR frames the
// station sends it, and answers stamped with a time_usec fed back (system 1, component 1).
struct HandPlayedBoard {
  HandPlayedBoard() {
    mavlink_parser_init(&parser);
    QObject::connect(&connection, &MavlinkConnection::bytesToSend, &connection, [this](const QByteArray& bytes) {
      const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.constData());
      size_t left = size_t(bytes.size());
      bool got = true;
      while (got) {
        mavlink_frame_t frame;
        const size_t used = mavlink_parse(&parser, data, left, &frame, &got);
        data += used;
        left -= used;
        mavlink_hil_sensor_t h;
        if (got && frame.msgid == MAVLINK_MSG_ID_HIL_SENSOR && mavlink_hil_sensor_decode(&frame, &h)) sent.push_back(h);
      }
    });
  }
  // HIL_ACTUATOR_CONTROLS for `time_usec`, 0.1 on the four motors.
  void answer(std::uint64_t time_usec) {
    mavlink_hil_actuator_controls_t a{};
    a.time_usec = time_usec;
    for (int i = 0; i < 4; ++i) a.controls[i] = 0.1f;
    std::uint8_t buffer[MAVLINK_MAX_FRAME_LEN];
    const size_t n = mavlink_pack(&board, MAVLINK_MSG_ID_HIL_ACTUATOR_CONTROLS, &a, buffer);
    connection.feedBytes(QByteArray(reinterpret_cast<const char*>(buffer), qsizetype(n)));
  }

  MavlinkConnection connection;
  std::vector<mavlink_hil_sensor_t> sent;

 private:
  mavlink_parser_t parser;
  mavlink_sender_t board{1, 1, 0};
};

// The flight through HilBridge's steps, in sim time: on the ground for kAlignS, arm, climb in
// ALT_HOLD to kClimbToM, hover for kHoverS; the hover's figures (attitude error [deg], height
// [m] and its worst deviation from the centred height after 3 s).
struct BoardFlight {
  enum class Phase { Align, Arming, Climb, Hover, Done, Failed };
  BoardFlight(HilBridge& b, VehicleLink& v, const std::vector<CommandResult>& r) : bridge(b), vehicle(v), results(r) {}

  void step(qint64 time_us) {
    const double t = double(time_us) * 1e-6;
    const double h = start_z - bridge.trueState()->p_W_m.z();  // NED: up is −z
    const bool armed = bridge.lastActuatorControls() && (bridge.lastActuatorControls()->mode & 128);
    switch (phase) {
      case Phase::Align:
        if (t >= kAlignS) {
          results_before_arm = results.size();
          vehicle.arm();
          phase = Phase::Arming;
        }
        break;
      case Phase::Arming:
        if (results.size() > results_before_arm) {
          const CommandResult& r = results.back();
          if (!r.accepted()) return failWith(QStringLiteral("arming: %1").arg(r.message));
          if (armed) {
            arm_s = t;
            throttle = 0.8f;
            phase = Phase::Climb;
          }
        }
        if (t > kAlignS + 5.0) failWith(QStringLiteral("not armed 5 s of sim time after the arm command"));
        break;
      case Phase::Climb:
        if (h >= kClimbToM) {
          throttle = 0.5f;
          centred_s = t;
          height_at_centre = h;
          phase = Phase::Hover;
        } else if (t > arm_s + 8.0) {
          failWith(QStringLiteral("no climb to 2 m within 8 s (height %1 m)").arg(h));
        }
        break;
      case Phase::Hover:
        hover(t, h, armed);
        break;
      case Phase::Done:
      case Phase::Failed:
        break;
    }
  }
  void hover(double t, double h, bool armed) {
    const vsim::frames::EulerAngles e = vsim::frames::eulerFromQuaternion(bridge.trueState()->q_WB);
    sum_sq += e.roll_rad * e.roll_rad + e.pitch_rad * e.pitch_rad;
    ++samples;
    max_roll = std::max(max_roll, std::abs(e.roll_rad) * kRad2Deg);
    max_pitch = std::max(max_pitch, std::abs(e.pitch_rad) * kRad2Deg);
    min_h = std::min(min_h, h);
    max_h = std::max(max_h, h);
    if (t > centred_s + 3.0) worst_dev = std::max(worst_dev, std::abs(h - height_at_centre));
    if (!armed) armed_throughout = false;
    if (t >= centred_s + kHoverS) {
      phase = Phase::Done;
      bridge.stop();
    }
  }
  void failWith(const QString& why) {
    failure = why;
    phase = Phase::Failed;
    bridge.stop();
  }
  bool finished() const { return phase == Phase::Done || phase == Phase::Failed; }
  double rmsDeg() const { return std::sqrt(sum_sq / double(std::max(samples, 1L))) * kRad2Deg; }

  HilBridge& bridge;
  VehicleLink& vehicle;
  const std::vector<CommandResult>& results;
  Phase phase = Phase::Align;
  QString failure;
  float throttle = 0.5f;  // centred: ALT_HOLD holds
  double start_z = 0, centred_s = 0, height_at_centre = 0, arm_s = 0;
  double sum_sq = 0, max_roll = 0, max_pitch = 0, min_h = 1e9, max_h = -1e9, worst_dev = 0;
  long samples = 0;
  bool armed_throughout = true;
  std::size_t results_before_arm = 0;
};

// Signing set over the board's private link (SETUP_SIGNING): the board signs from then on and
// says so; QEMU 7.2 maps the flash as ROM (the writes vanish), so the board says the key lasts
// only until reset (a real board saves it in flash and reads it back). `texts`: its STATUSTEXTs.
void signTheLink(MavlinkConnection& connection, const QStringList& texts) {
  const SigningKey key = SigningKeyStore::generateKey();
  mavlink_setup_signing_t setup{};
  setup.target_system = 1;
  setup.target_component = 1;
  std::memcpy(setup.secret_key, key.data(), key.size());
  setup.initial_timestamp = signingTimestampNow();
  connection.sendRaw(connection.pack(MAVLINK_MSG_ID_SETUP_SIGNING, &setup));
  connection.setSigningKey(1, key, setup.initial_timestamp, /*switching=*/true);
  QVERIFY2(QTest::qWaitFor([&] { return connection.stats().signed_in > 0; }, 5000), "the board does not sign");
  QVERIFY2(texts.contains(QStringLiteral("Signing on: unsigned frames refused")), qPrintable(texts.join('\n')));
  QVERIFY2(
      QTest::qWaitFor(
          [&] { return texts.contains(QStringLiteral("Signing key not kept in flash: lasts until reset")); }, 5000),
      qPrintable(texts.join('\n')));
}

// Parameters: the whole list (kExpectedParams), then HOVER_THRUST written and echoed.
void readAndWriteParameters(VehicleLink& vehicle, const vsim::VehicleModel& model) {
  QObject scope;  // the connections below end with this function
  ParamClient* params = vehicle.params();
  int listed = -1;
  QString list_failure;
  QObject::connect(params, &ParamClient::listComplete, &scope, [&](int n) { listed = n; });
  QObject::connect(params, &ParamClient::listFailed, &scope, [&](const QString& m) { list_failure = m; });
  params->requestAll();
  QVERIFY2(QTest::qWaitFor([&] { return listed >= 0 || !list_failure.isEmpty(); }, 10000), "parameter list timed out");
  QVERIFY2(list_failure.isEmpty(), qPrintable(list_failure));
  QCOMPARE(listed, kExpectedParams);
  QVERIFY(params->complete());
  qInfo("parameters: %d read", listed);

  const float hover_thrust = float(vsim::hoverDuty(model) * vsim::hoverDuty(model));
  bool set_done = false, set_ok = false;
  QString set_message;
  QObject::connect(params, &ParamClient::setFinished, &scope, [&](const QString& name, bool ok, const QString& m) {
    if (name != QLatin1String("HOVER_THRUST")) return;
    set_done = true;
    set_ok = ok;
    set_message = m;
  });
  params->setParam(QStringLiteral("HOVER_THRUST"), double(hover_thrust));
  QVERIFY2(QTest::qWaitFor([&] { return set_done; }, 5000), "no PARAM_VALUE echo for HOVER_THRUST");
  QVERIFY2(set_ok, qPrintable(set_message));
  const auto echoed = params->param(QStringLiteral("HOVER_THRUST"));
  QVERIFY(echoed.has_value());
  QCOMPARE(float(echoed->value), hover_thrust);
  qInfo("HOVER_THRUST written %.4f, read back %.4f", double(hover_thrust), echoed->value);
}

// MANUAL_CONTROL for 0.5 s of the pilot's 50 Hz stream (before HIL: no sensor time runs yet):
// all 25 frames are taken and counted as they leave on the link (a count, not a rate). Then
// ALT_HOLD, accepted (`results`: the vehicle's command results).
void manualControlThenAltHold(MavlinkConnection& connection, VehicleLink& vehicle,
                              const std::vector<CommandResult>& results) {
  const auto frames_before = connection.stats().frames_out;
  int manual_sent = 0;
  for (int i = 0; i < 25; ++i) manual_sent += vehicle.sendManualControl(0, 0, 500, 0, 0) ? 1 : 0;
  QCOMPARE(manual_sent, 25);
  QVERIFY(connection.stats().frames_out >= frames_before + std::uint64_t(manual_sent));
  vehicle.setMode(VAYU_MODE_ALT_HOLD);
  QVERIFY2(QTest::qWaitFor([&] { return !results.empty(); }, 5000), "no answer to the mode change");
  QVERIFY2(results.back().accepted(), qPrintable(results.back().message));
  qInfo("%s", qPrintable(results.back().message));
}

// The figures of the flight, and its verdicts: the hover within the SITL hover test's bounds,
// no CRC error, still connected; signed, every frame of the board's checked and none refused.
void reportAndJudge(const BoardFlight& fl, const MavlinkConnection& connection, const VehicleLink& vehicle,
                    bool signing, const QStringList& texts, double hil_wall_s, int manual_in_hil, double wall_s) {
  const HilBridge& bridge = fl.bridge;
  const double sim_s = double(bridge.simTimeUs()) * 1e-6;
  const LinkStats stats = connection.stats();
  qInfo(
      "HIL: %llu exchanges of %lld us sim time, %llu resends, %llu ignored answers; %.2f s sim in %.2f s wall "
      "(%.1f exchanges/s, sim-time ratio %.2f); %d MANUAL_CONTROL in sim time",
      static_cast<unsigned long long>(bridge.exchanges()), static_cast<long long>(bridge.exchangePeriodUs()),
      static_cast<unsigned long long>(bridge.resends()), static_cast<unsigned long long>(bridge.ignoredAnswers()),
      sim_s, hil_wall_s, double(bridge.exchanges()) / hil_wall_s, sim_s / hil_wall_s, manual_in_hil);
  qInfo(
      "armed at %.3f s, centred at %.3f s at %.2f m; hover %.0f s: attitude RMS %.3f deg (bound %.1f), "
      "max |roll| %.3f, max |pitch| %.3f deg; height %.2f..%.2f m, worst deviation after 3 s %.3f m (bound %.1f)",
      fl.arm_s, fl.centred_s, fl.height_at_centre, kHoverS, fl.rmsDeg(), kMaxAttitudeRmsDeg, fl.max_roll, fl.max_pitch,
      fl.min_h, fl.max_h, fl.worst_dev, kMaxHeightDeviationM);
  qInfo("link: %llu frames in, %llu out, %llu CRC errors, %llu bytes dropped; whole test %.1f s wall",
        static_cast<unsigned long long>(stats.frames_in), static_cast<unsigned long long>(stats.frames_out),
        static_cast<unsigned long long>(stats.crc_errors), static_cast<unsigned long long>(stats.bytes_dropped),
        wall_s);

  QVERIFY2(fl.armed_throughout, "disarmed during the hover");
  QVERIFY2(fl.rmsDeg() < kMaxAttitudeRmsDeg, "attitude error RMS above the SITL hover bound");
  QVERIFY2(fl.worst_dev < kMaxHeightDeviationM, "height not held within ALT_HOLD's bound");
  QVERIFY2(fl.min_h > 1.0, "not off the ground all through the hover");
  QCOMPARE(stats.crc_errors, std::uint64_t(0));
  QCOMPARE(vehicle.linkState(), LinkState::Connected);
  if (signing) {
    qInfo("signed: %llu frames checked, %llu refused, %llu sequence gaps, %llu resends",
          static_cast<unsigned long long>(stats.signed_in), static_cast<unsigned long long>(stats.refused()),
          static_cast<unsigned long long>(stats.sequence_gaps), static_cast<unsigned long long>(bridge.resends()));
    QCOMPARE(bridge.imuPeriodsPerExchange(), 12);
    QVERIFY(stats.signed_in >= bridge.exchanges());
    QCOMPARE(stats.refused(), std::uint64_t(0));
    for (const QString& t : texts) QVERIFY2(!t.startsWith(QStringLiteral("Refused")), qPrintable(t));
  }
}

}  // namespace

class BoardLinkTest : public QObject {
  Q_OBJECT

 private slots:
  void lockstepResendsAndIgnoresStaleAnswers();  // no QEMU: a board played by hand
  void groundStationFliesTheBoard_data();
  void groundStationFliesTheBoard();
};

// HilBridge against a board played by this test through a MavlinkConnection without a transport:
// the world does not move without the answer; a missing answer brings the same HIL_SENSOR again
// after the timeout (counted); an answer for another time_usec is ignored; the right one advances
// the world by the exchange period. Also the rate rule for a few baud rates.
void BoardLinkTest::lockstepResendsAndIgnoresStaleAnswers() {
  QCOMPARE(HilBridge::imuPeriodsPerExchange(115200), 11);
  QCOMPARE(HilBridge::imuPeriodsPerExchange(230400), 6);
  QCOMPARE(HilBridge::imuPeriodsPerExchange(921600), 2);
  QCOMPARE(HilBridge::imuPeriodsPerExchange(57600), 20);  // capped: the firmware's dt clamp
  // Signed, 13 bytes more per frame: 11520 · 0.8 / 106 = 86 Hz → one exchange per 12 ms.
  QCOMPARE(HilBridge::imuPeriodsPerExchange(115200, 1000, true), 12);
  QCOMPARE(HilBridge::imuPeriodsPerExchange(0), 0);

  auto model = vsim::loadAirframe(NAVIGATOR_SOURCE_DIR "/resources/airframes/s500.yaml");
  QVERIFY2(bool(model), "s500.yaml does not load");
  HandPlayedBoard board;
  std::vector<mavlink_hil_sensor_t>& sent = board.sent;
  auto answer = [&](std::uint64_t time_usec) { board.answer(time_usec); };

  vsim::SimulatorConfig config;
  config.world = vsim::World{};
  HilBridge bridge(&board.connection, model.value(), config, 115200);
  std::int64_t now_ns = 1'000'000'000;  // the clock the resend is timed on, driven here
  bridge.setClock([&] { return now_ns; });
  bridge.setResendTimeoutMs(50);
  QCOMPARE(bridge.rateDescription(),
           QStringLiteral("115200 baud → 99 HIL_SENSOR/s (77 B each, 8N1) → one every 11 ms of sim time"));
  QVERIFY(bridge.start().isEmpty());
  QCOMPARE(sent.size(), size_t(1));
  const std::uint64_t t0 = sent[0].time_usec;
  QVERIFY(sent[0].fields_updated & vsim::kHilSensorReset);
  // No answer: nothing before the resend timeout (50 ms), then the same HIL_SENSOR again, the
  // world where it was.
  now_ns += 49'000'000;
  bridge.resendIfDue();
  QCOMPARE(bridge.resends(), std::uint64_t(0));
  now_ns += 1'000'000;
  bridge.resendIfDue();
  QCOMPARE(bridge.resends(), std::uint64_t(1));
  now_ns += 50'000'000;
  bridge.resendIfDue();
  QCOMPARE(bridge.resends(), std::uint64_t(2));
  QCOMPARE(sent.size(), size_t(3));
  QCOMPARE(sent.back().time_usec, t0);
  QCOMPARE(std::uint64_t(bridge.simTimeUs()), t0);
  QCOMPARE(bridge.exchanges(), std::uint64_t(0));
  // The answer moves the world by 11 ms and sends the next frame; a second answer stamped t0
  // is now late (LockstepExchange: an answer answers the frame out only when stamped at or
  // after its time) and is ignored: the world stays at t0 + 11 ms.
  const size_t before = sent.size();
  answer(t0);
  QCOMPARE(bridge.exchanges(), std::uint64_t(1));
  QCOMPARE(bridge.simTimeUs(), std::int64_t(t0) + 11'000);
  QCOMPARE(sent.size(), before + 1);
  QCOMPARE(sent.back().time_usec, t0 + 11'000);
  QVERIFY(!(sent.back().fields_updated & vsim::kHilSensorReset));
  answer(t0);
  QCOMPARE(bridge.ignoredAnswers(), std::uint64_t(1));
  QCOMPARE(bridge.exchanges(), std::uint64_t(1));
  QCOMPARE(bridge.simTimeUs(), std::int64_t(t0) + 11'000);
  QCOMPARE(sent.size(), before + 1);
  bridge.stop();
  const size_t after_stop = sent.size();
  now_ns += 10'000'000'000;  // ten seconds without an answer
  bridge.resendIfDue();
  QCOMPARE(sent.size(), after_stop);  // stopped: no more resends
}

// Unsigned, and signed (MAVLink 2 signing set over the serial port, the board's private link,
// before the parameters are read: the whole flight then runs signed both ways, at the rate the
// signed frames leave room for).
void BoardLinkTest::groundStationFliesTheBoard_data() {
  QTest::addColumn<bool>("signing");
  QTest::newRow("unsigned") << false;
  QTest::newRow("signed") << true;
}

void BoardLinkTest::groundStationFliesTheBoard() {
  QFETCH(bool, signing);
  QElapsedTimer wall;
  wall.start();
  auto model = vsim::loadAirframe(NAVIGATOR_SOURCE_DIR "/resources/airframes/s500.yaml");
  QVERIFY2(bool(model), "s500.yaml does not load");

  Qemu q;
  std::string error;
  QVERIFY2(start_qemu(q, find_in_path("qemu-system-arm"), NAVIGATOR_BOARD_IMAGE, error), error.c_str());
  qInfo("QEMU's USART1 is %s", q.pty.c_str());

  // The link: transport on its thread, connection and vehicle here.
  MavlinkConnection connection;
  LinkTimings timings;
  VehicleLink vehicle(&connection, timings);
  TransportThread serial(QString::fromStdString(q.pty), kBaud);
  connection.attachTransport(serial.transport);
  QVERIFY2(serial.open(), "SerialTransport cannot open the pty");
  QVERIFY2(monitor_command(q, "cont"), "cannot reach QEMU's monitor to continue the CPU");

  // 1. HEARTBEAT: Connected.
  QVERIFY2(QTest::qWaitFor([&] { return vehicle.linkState() == LinkState::Connected; }, 5000),
           "no HEARTBEAT (link state not Connected) within 5 s of boot");
  qInfo("Connected: system %u, type %u, mode %s, armed %d", vehicle.vehicle().system_id, vehicle.vehicle().mav_type,
        qPrintable(VehicleLink::modeName(vehicle.vehicle().custom_mode)), int(vehicle.vehicle().armed));
  QVERIFY(!vehicle.vehicle().armed);
  QStringList texts;
  connect(&vehicle, &VehicleLink::statusText, this, [&](int, const QString& t) { texts << t; });
  if (signing) signTheLink(connection, texts);
  if (QTest::currentTestFailed()) return;
  // 2. Parameters. 3. MANUAL_CONTROL before HIL. 4. ALT_HOLD.
  readAndWriteParameters(vehicle, model.value());
  if (QTest::currentTestFailed()) return;
  std::vector<CommandResult> results;
  connect(&vehicle, &VehicleLink::commandFinished, this, [&](const CommandResult& r) { results.push_back(r); });
  manualControlThenAltHold(connection, vehicle, results);
  if (QTest::currentTestFailed()) return;

  // 5. HIL: MANUAL_CONTROL at 50 Hz of sim time, the flight driven by the bridge's steps.
  vsim::SimulatorConfig config;
  config.world = vsim::World{};
  HilBridge bridge(&connection, model.value(), config, kBaud);
  qInfo("HIL rate: %s", qPrintable(bridge.rateDescription()));
  BoardFlight flight(bridge, vehicle, results);
  std::int64_t next_manual_us = 0;
  int manual_in_hil = 0;
  connect(&bridge, &HilBridge::sensorDue, this, [&](qint64 time_us) {
    if (time_us < next_manual_us) return;
    manual_in_hil += vehicle.sendManualControl(0, 0, std::int16_t(std::lround(flight.throttle * 1000.0f)), 0, 0);
    next_manual_us = time_us + kManualControlPeriodUs;
  });
  connect(&bridge, &HilBridge::stepped, this, [&](qint64 time_us) { flight.step(time_us); });

  QElapsedTimer hil_wall;
  hil_wall.start();
  const QString started = bridge.start();
  QVERIFY2(started.isEmpty(), qPrintable(started));
  flight.start_z = bridge.trueState()->p_W_m.z();
  QVERIFY2(
      QTest::qWaitFor([&] { return flight.finished(); }, 90000),
      qPrintable(QStringLiteral("HIL did not finish in 90 s of wall time (sim time %1 s, %2 exchanges, %3 resends)")
                     .arg(double(bridge.simTimeUs()) * 1e-6)
                     .arg(bridge.exchanges())
                     .arg(bridge.resends())));
  const double hil_wall_s = double(hil_wall.elapsed()) * 1e-3;
  QVERIFY2(flight.phase == BoardFlight::Phase::Done, qPrintable(flight.failure));
  reportAndJudge(flight, connection, vehicle, signing, texts, hil_wall_s, manual_in_hil, double(wall.elapsed()) * 1e-3);
}

int main(int argc, char** argv) {
  killQemuOnSignals();
  QCoreApplication app(argc, argv);
  BoardLinkTest test;
  std::string qemu;
  if (const int missing = checkQemuAndImage(NAVIGATOR_BOARD_IMAGE, &qemu); missing != 0) {
    // The QEMU-free case still runs; the missing tool's verdict is the program's.
    char lockstep[] = "lockstepResendsAndIgnoresStaleAnswers";
    char* args[] = {argv[0], lockstep, nullptr};
    const int rc = QTest::qExec(&test, 2, args);
    return rc == 0 ? missing : rc;
  }
  return QTest::qExec(&test, argc, argv);
}

#include "board_link_test.moc"
