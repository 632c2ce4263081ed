// PX4 and ArduPilot in Navigator's world (001; sim/service/autopilot_world.h), against the
// test-only stand-ins of autopilot_standins.h: the wire contract (HIL_SENSOR groups, units and
// clocks, HIL_GPS, HIL_STATE_QUATERNION on request, channel order, disarmed zero outputs; the
// JSON state per servo packet), strict lockstep with time_drift exactly 1, and silence named.
#include "tests/sim/service/autopilot_standins.h"
#include "tests/sim/shipped_airframes.h"

#include "sim/service/autopilot_world.h"
#include "sim/service/px4_backend.h"
#include "sim/service/sockets.h"
#include "sim/vehicle/sensor_models.h"

#include "tests/support/bound_sockets.h"

#include <QtTest>

#include <algorithm>
#include <csignal>
#include <functional>
#include <memory>
#include <mutex>
#include <sys/wait.h>
#include <thread>

namespace {

// Ports far from the autopilots' defaults, so a real PX4 or ArduPilot on this machine is not disturbed.
constexpr int kPx4TestPort = 24560, kArduPilotTestPort = 29002;
constexpr std::int64_t kUtcStartUs = 1'790'000'000'000'000;  // 2026-09-21T14:13:20Z, inside WMM2025's validity

// The world on its own thread; what the test may look at while it runs is copied out under a lock.
struct RunningWorld {
  std::unique_ptr<vsim::AutopilotWorld> world;
  std::atomic<bool> stop{false}, done{false};
  std::thread thread;
  std::mutex lock;
  std::vector<std::string> events;
  std::int64_t time_us = 0;
  std::vector<std::array<double, 4>> duties;  // each vehicle's applied duties in the last period

  explicit RunningWorld(std::unique_ptr<vsim::AutopilotWorld> w) : world(std::move(w)) {}
  void start() {
    thread = std::thread([this] {
      vsim::AutopilotWorld::Callbacks callbacks;
      callbacks.on_event = [this](const std::string& e) {
        std::lock_guard<std::mutex> g(lock);
        events.push_back(e);
      };
      callbacks.on_period = [this](const vsim::AutopilotWorld& w) {
        std::lock_guard<std::mutex> g(lock);
        time_us = w.vehicle(0).timeNs() / 1000;
        duties.resize(std::size_t(w.vehicleCount()));
        for (int i = 0; i < w.vehicleCount(); ++i)
          for (int r = 0; r < 4; ++r)
            duties[std::size_t(i)][std::size_t(r)] = w.vehicle(i).inputs().duty[std::size_t(r)];
      };
      world->run(stop, callbacks);
      done = true;
    });
  }
  ~RunningWorld() {
    stop = true;
    if (thread.joinable()) thread.join();
  }
  std::int64_t timeUs() {
    std::lock_guard<std::mutex> g(lock);
    return time_us;
  }
  bool sawEvent(const std::string& part) {
    std::lock_guard<std::mutex> g(lock);
    for (const std::string& e : events)
      if (e.find(part) != std::string::npos) return true;
    return false;
  }
  std::string allEvents() {
    std::lock_guard<std::mutex> g(lock);
    std::string all;
    for (const std::string& e : events) all += e + "\n";
    return all;
  }
};

vsim::SimulatorConfig groundConfig(int imu_rate_hz = 250) {
  vsim::SimulatorConfig config;
  config.imu_rate_hz = imu_rate_hz;
  config.physics_rate_hz = 8000;
  config.world.has_ground = true;
  return config;
}

vsim::AutopilotWorldOptions fastOptions(vsim::AutopilotKind kind, int base_port, double duration_s) {
  vsim::AutopilotWorldOptions o;
  o.autopilot = kind;
  o.base_port = base_port;
  o.speed = 0;  // as fast as the stand-ins answer
  o.duration_s = duration_s;
  o.utc_start_us = kUtcStartUs;
  return o;
}

// n of `model`, each standing on the ground, 2 m apart east, seeds 11, 12, ...
std::vector<vsim::WorldVehicle> vehiclesOf(const vsim::VehicleModel& model, int n) {
  const vsim::VehicleState standing = vsim::initialState(model, groundConfig().world, {});
  std::vector<vsim::WorldVehicle> v(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    v[std::size_t(i)].model = model;
    v[std::size_t(i)].seed = std::uint64_t(11 + i);
    v[std::size_t(i)].pose.p_W_m = standing.p_W_m + Eigen::Vector3d(0, 2.0 * i, 0);
  }
  return v;
}

// The s500 with its rotors listed in another order: front-left, rear-right, front-right, rear-left.
vsim::VehicleModel permutedS500() {
  vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  const auto r = m.rotors;
  m.rotors[0] = r[2];
  m.rotors[1] = r[3];
  m.rotors[2] = r[0];
  m.rotors[3] = r[1];
  return m;
}

// A test-only PX4 stand-in in a child process (autopilot_standin_main.cpp), so it can be killed.
pid_t spawnPx4StandIn(int port, int sysid) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    const std::string port_text = std::to_string(port), sysid_text = std::to_string(sysid);
    ::execl(NAVIGATOR_PX4_STANDIN, NAVIGATOR_PX4_STANDIN, port_text.c_str(), sysid_text.c_str(),
            static_cast<char*>(nullptr));
    ::_exit(127);
  }
  return pid;
}

// The clock the world times silence on (AutopilotWorldOptions::silence_clock_ns), set by the
// test; every read is counted, so the test knows when the world has looked at a time it set.
struct ManualClock {
  std::atomic<std::int64_t> now_ns{0}, reads{0};
  std::function<std::int64_t()> reader() {
    return [this] {
      ++reads;
      return now_ns.load();
    };
  }
};

}  // namespace

class AutopilotWorldTest : public QObject {
  Q_OBJECT

 private slots:
  void outputMapFollowsPlaceAndSpin();
  void px4SensorContract();
  void px4ChannelOrderAndDisarmedZero();
  void arduPilotJsonPerServoPacket();
  void arduPilotStepsTooSlowForItsArmingCheckAreNamed();
  void threeVehiclesLockstepSixtySeconds();
  void theHandHoldsOneVehicleItsAutopilotHears();
  void killedAutopilotIsNamedAndOthersGoOn();
  void silenceIsNamedAtTheTimeoutAndOthersGoOn();
  void silentAutopilotPausesTheWorldBySetting();
  void badVehiclesAndPortsAreRefusedByName();
  void portsListenOnLoopbackUnlessAsked();
};

void AutopilotWorldTest::outputMapFollowsPlaceAndSpin() {
  // s500 and generic_quad list their rotors in PX4's/ArduCopter's quad X order already (their files say so).
  for (const char* file : {"s500.yaml", "generic_quad.yaml"}) {
    auto map = vsim::quadXOutputMap(loadShippedAirframe(file));
    QVERIFY2(map.ok(), file);
    QCOMPARE((*map), (std::array<int, 4>{0, 1, 2, 3}));
  }
  auto permuted = vsim::quadXOutputMap(permutedS500());
  QVERIFY(permuted.ok());
  QCOMPARE((*permuted), (std::array<int, 4>{2, 3, 0, 1}));  // output 1 (front-right) is listed third, ...
  vsim::VehicleModel wrong_spin = loadShippedAirframe("s500.yaml");
  wrong_spin.rotors[2].spin = 1.0;  // front-left turning ccw
  auto refused = vsim::quadXOutputMap(wrong_spin);
  QVERIFY(!refused.ok());
  QVERIFY2(refused.error().message.find("rotor 3 sits front-left but turns ccw") != std::string::npos,
           refused.error().message.c_str());
  auto lander = vsim::quadXOutputMap(loadShippedAirframe("lander_004.yaml"));
  QVERIFY(!lander.ok());
}

namespace {

// HIL_SENSOR at rest on the ground, every frame: fields_updated has accel 0x7 and gyro 0x38 in
// every frame; mag 0x1C0 and baro 0x1A00 whole or not at all, at 100 Hz and 50 Hz
// (HIL_SENSOR_UPDATED_FLAGS, common.xml), and 201 and 101 of them in 2 s.
void checkRestingHilSensors(const std::vector<mavlink_hil_sensor_t>& sensors, const vsim::VehicleModel& model) {
  int mag = 0, baro = 0;
  const double g = model.gravity_mps2;
  const Eigen::Vector3d field = model.mag.field_NED_gauss;  // level, heading north: body = NED
  for (const mavlink_hil_sensor_t& s : sensors) {
    QCOMPARE(s.fields_updated & 0x3Fu, 0x3Fu);
    QVERIFY((s.fields_updated & 0x1C0u) == 0 || (s.fields_updated & 0x1C0u) == 0x1C0u);
    QVERIFY((s.fields_updated & 0x1A00u) == 0 || (s.fields_updated & 0x1A00u) == 0x1A00u);
    QCOMPARE(s.fields_updated & ~0x1BFFu, 0u);  // no differential pressure, no reset bit
    // At rest on the ground: specific force (0, 0, -g) in FRD [m/s²], rates 0 [rad/s].
    QVERIFY2(std::abs(s.zacc + g) < 0.3 && std::abs(s.xacc) < 0.3 && std::abs(s.yacc) < 0.3,
             qPrintable(QString::number(s.zacc)));
    QVERIFY(std::abs(s.xgyro) < 0.05 && std::abs(s.ygyro) < 0.05 && std::abs(s.zgyro) < 0.05);
    if (s.fields_updated & 0x1C0u) {
      ++mag;  // gauss: the world field within noise (σ 0.0063 G at 250 Hz) and bias (clamped at 0.01 G)
      QVERIFY(std::abs(s.xmag - field.x()) < 0.04 && std::abs(s.ymag - field.y()) < 0.04 &&
              std::abs(s.zmag - field.z()) < 0.04);
    }
    if (s.fields_updated & 0x1A00u) {
      ++baro;  // hPa: the ISA pressure at the home altitude (0 m: 1013.25 hPa) within 0.2 hPa; °C
      QVERIFY2(std::abs(s.abs_pressure - vsim::isaPressure_Pa(0.0) / 100.0) < 0.2,
               qPrintable(QString::number(s.abs_pressure)));
      QVERIFY(std::abs(s.temperature - 15.0) < 0.5);
      QVERIFY(std::abs(s.pressure_alt) < 3.0);
    }
  }
  QCOMPARE(mag, 201);   // 0, 10, ..., 2000 ms
  QCOMPARE(baro, 101);  // 0, 20, ..., 2000 ms
}

// HIL_GPS over 2 s: 3-D fix, >= 6 satellites, degE7 at the home, time_usec UTC (the start plus
// the fix's time), a fix every 100 ms (10 Hz).
void checkRestingHilGps(const std::vector<mavlink_hil_gps_t>& gps, const vsim::VehicleModel& model) {
  QVERIFY2(gps.size() >= 19 && gps.size() <= 21, qPrintable(QString::number(gps.size())));
  for (const mavlink_hil_gps_t& fix : gps) {
    QCOMPARE(int(fix.fix_type), 3);
    QVERIFY(fix.satellites_visible >= 6);
    QVERIFY(fix.eph > 0 && fix.eph <= 100 && fix.epv > 0 && fix.epv <= 100);
    const std::int64_t since_start = std::int64_t(fix.time_usec) - kUtcStartUs;
    QVERIFY(since_start >= 0 && since_start <= 2'000'000 && since_start % 100'000 == 0);
    QVERIFY(std::abs(fix.lat - model.gps.home_latitude_deg * 1e7) < 200);  // 200 degE7 = 2.2 m
    QVERIFY(std::abs(fix.lon - model.gps.home_longitude_deg * 1e7) < 300);
  }
}

}  // namespace

void AutopilotWorldTest::px4SensorContract() {
  const vsim::VehicleModel model = loadShippedAirframe("s500.yaml");
  auto created = vsim::AutopilotWorld::create(vehiclesOf(model, 1), groundConfig(),
                                              fastOptions(vsim::AutopilotKind::Px4, kPx4TestPort, 2.0));
  QVERIFY2(created.ok(), created.ok() ? "" : created.error().message.c_str());
  RunningWorld running(std::move(created).value());
  Px4StandIn px4(kPx4TestPort);
  px4.expected_step_us = 4000;                                                   // 250 Hz: PX4 SITL's IMU rate
  px4.controls[0] = px4.controls[1] = px4.controls[2] = px4.controls[3] = 0.7f;  // disarmed: must not spin anything
  QVERIFY(px4.connect());
  running.start();
  while (!running.done) QVERIFY(px4.serviceOnce(20));
  running.thread.join();
  while (px4.serviceOnce(0) && px4.sensors.size() < 501) {
  }
  const vsim::Simulator& sim = running.world->vehicle(0);
  const vsim::AutopilotStatus& status = running.world->backend(0).status();
  QVERIFY2(running.sawEvent("PX4 #0 (TCP 24560): in lockstep"), running.allEvents().c_str());

  // Lockstep: one HIL_SENSOR per 4 ms period from t = 0 to the end, each answered before the
  // next step; PX4's clock (time_usec) grows exactly as the world's: time_drift 1.000.
  QCOMPARE(sim.timeNs(), std::int64_t(2'000'000'000));
  QCOMPARE(px4.sensors.size(), std::size_t(501));  // t = 0, 4 ms, ..., 2 s
  QCOMPARE(px4.clock_steps_irregular, std::int64_t(0));
  QCOMPARE(px4.first_clock_us, std::int64_t(0));
  QCOMPARE(px4.clock_us - px4.first_clock_us, sim.timeNs() / 1000);
  QCOMPARE(status.answers_in, std::int64_t(500));  // the answer to the last frame comes after the end

  checkRestingHilSensors(px4.sensors, model);
  if (QTest::currentTestFailed()) return;
  checkRestingHilGps(px4.gps, model);
  if (QTest::currentTestFailed()) return;

  // HIL_STATE_QUATERNION at the 20 ms interval the stand-in asked for, after an ACCEPTED ack.
  QVERIFY(!px4.acks.empty());
  QCOMPARE(int(px4.acks.front().command), 511);
  QCOMPARE(int(px4.acks.front().result), 0);
  QVERIFY2(px4.truths.size() >= 100 && px4.truths.size() <= 101, qPrintable(QString::number(px4.truths.size())));
  QVERIFY(std::abs(px4.truths.back().attitude_quaternion[0] - 1.0f) < 1e-3f);

  // Disarmed (mode without 128): 0.7 on every output, and no motor ever got anything.
  QVERIFY(!status.armed);
  for (int r = 0; r < 4; ++r) QCOMPARE(sim.inputs().duty[std::size_t(r)], 0.0);
}

void AutopilotWorldTest::px4ChannelOrderAndDisarmedZero() {
  auto created = vsim::AutopilotWorld::create(vehiclesOf(permutedS500(), 1), groundConfig(),
                                              fastOptions(vsim::AutopilotKind::Px4, kPx4TestPort + 10, 0.4));
  QVERIFY(created.ok());
  RunningWorld running(std::move(created).value());
  Px4StandIn px4(kPx4TestPort + 10);
  px4.state_interval_us = 0;  // not asked: no HIL_STATE_QUATERNION
  px4.controls[0] = 0.11f;    // none_iris output 1: front-right ccw
  px4.controls[1] = 0.22f;    // 2: rear-left ccw
  px4.controls[2] = 0.33f;    // 3: front-left cw
  px4.controls[3] = 0.44f;    // 4: rear-right cw
  px4.controls[4] = 0.9f;     // a fifth output: no rotor of a quad
  px4.armed = true;
  QVERIFY(px4.connect());
  running.start();
  while (!running.done) QVERIFY(px4.serviceOnce(20));
  running.thread.join();
  const vsim::Simulator& sim = running.world->vehicle(0);
  // The permuted airframe lists front-left, rear-right, front-right, rear-left.
  QCOMPARE(sim.inputs().duty[0], double(0.33f));
  QCOMPARE(sim.inputs().duty[1], double(0.44f));
  QCOMPARE(sim.inputs().duty[2], double(0.11f));
  QCOMPARE(sim.inputs().duty[3], double(0.22f));
  QVERIFY(running.world->backend(0).status().armed);
  QVERIFY(px4.truths.empty());
  QVERIFY(running.sawEvent("PX4 #0 (TCP 24570): armed"));
}

void AutopilotWorldTest::arduPilotJsonPerServoPacket() {
  const vsim::VehicleModel model = loadShippedAirframe("s500.yaml");
  // At ArduPilot's default rate (1000 Hz: 1.8× its 400 Hz loop is 720 Hz, which its arming check wants).
  QCOMPARE(vsim::defaultImuRateHz(vsim::AutopilotKind::ArduPilot), 1000);
  auto created = vsim::AutopilotWorld::create(vehiclesOf(permutedS500(), 1), groundConfig(1000),
                                              fastOptions(vsim::AutopilotKind::ArduPilot, kArduPilotTestPort, -1));
  QVERIFY(created.ok());
  RunningWorld running(std::move(created).value());
  running.start();
  ArduPilotStandIn ardupilot(kArduPilotTestPort);
  ardupilot.pwm_us = {1000, 1000, 1000, 1000};
  // 100 packets, each answered by exactly one state whose timestamp is one IMU period (1 ms) on.
  double last_timestamp = -1;
  for (int k = 0; k < 100; ++k) {
    ardupilot.sendNext();
    auto state = ardupilot.receive(5000);
    QVERIFY2(state.has_value(), "no JSON state within 5 s");
    QCOMPARE(ardupilot.malformed, 0);
    if (last_timestamp >= 0)
      QVERIFY2(std::abs(state->timestamp_s - last_timestamp - 0.001) < 1e-9, qPrintable(state->raw));
    last_timestamp = state->timestamp_s;
    // At rest, level: specific force (0, 0, -g) FRD, quaternion (1, 0, 0, 0), NED position as placed.
    QVERIFY(std::abs(state->accel_body[2] + model.gravity_mps2) < 0.3);
    QVERIFY(std::abs(state->quaternion[0] - 1.0) < 1e-3);
    QVERIFY(std::abs(state->velocity[2]) < 0.5);
    QVERIFY(!ardupilot.receive(0).has_value());  // exactly one state per packet
  }
  QVERIFY(std::abs(ardupilot.clock_s - 99 * 0.001) < 1e-9);  // its clock moved by the timestamps' Δ
  QVERIFY2(
      running.sawEvent("ArduPilot #0 (UDP 29002): ArduPilot connected, asks for 1200 Hz frames, stepped at 1000 Hz"),
      running.allEvents().c_str());
  QVERIFY(!running.sawEvent("below the 720 Hz"));
  // A repeated frame_count (ArduPilot resending after silence) gets the same state again; the world does not step.
  const std::int64_t before = std::llround(last_timestamp * 1e6);
  QTRY_COMPARE_WITH_TIMEOUT(running.timeUs(), before, 5000);  // the world's own record catches up with its reply
  ardupilot.sendCurrent();
  auto again = ardupilot.receive(5000);
  QVERIFY(again.has_value());
  QCOMPARE(again->timestamp_s, last_timestamp);
  QCOMPARE(running.timeUs(), before);
  // PWM 1000-2000 µs is duty 0-1 on ArduCopter's quad X outputs (the same places as PX4's).
  ardupilot.pwm_us = {1100, 1200, 1300, 1400};
  ardupilot.sendNext();
  QVERIFY(ardupilot.receive(5000).has_value());
  ardupilot.sendNext();
  QVERIFY(ardupilot.receive(5000).has_value());
  {
    std::lock_guard<std::mutex> g(running.lock);
    QCOMPARE(running.duties[0][0], 0.3);  // front-left = output 3
    QCOMPARE(running.duties[0][1], 0.4);
    QCOMPARE(running.duties[0][2], 0.1);
    QCOMPARE(running.duties[0][3], 0.2);
  }
  // A datagram of the wrong kind is refused by name and answered with nothing.
  const std::uint8_t garbage[40] = {0x12, 0x34};
  ardupilot.sendRaw(garbage, sizeof garbage);
  QVERIFY(!ardupilot.receive(200).has_value());
  QTRY_VERIFY_WITH_TIMEOUT(
      running.sawEvent("ArduPilot #0 (UDP 29002): ignored: magic 13330 is not a 16-channel servo packet's 18458"),
      5000);
}

void AutopilotWorldTest::arduPilotStepsTooSlowForItsArmingCheckAreNamed() {
  // At PX4's 250 Hz ArduCopter refuses to arm ("Gyro 0 rate 250Hz < loop ratex1.8 720Hz"): the
  // world says so when it connects, with the rate to use.
  auto created = vsim::AutopilotWorld::create(vehiclesOf(loadShippedAirframe("s500.yaml"), 1), groundConfig(250),
                                              fastOptions(vsim::AutopilotKind::ArduPilot, kArduPilotTestPort + 40, -1));
  QVERIFY(created.ok());
  RunningWorld running(std::move(created).value());
  running.start();
  ArduPilotStandIn ardupilot(kArduPilotTestPort + 40);
  ardupilot.sendNext();
  QVERIFY(ardupilot.receive(5000).has_value());
  QTRY_VERIFY2_WITH_TIMEOUT(
      running.sawEvent(
          "asks for 1200 Hz frames, stepped at 250 Hz — below the 720 Hz ArduCopter's arming check wants at its "
          "default 400 Hz loop (it will refuse to arm: use an IMU rate of 1000 Hz)"),
      running.allEvents().c_str(), 5000);
}

void AutopilotWorldTest::threeVehiclesLockstepSixtySeconds() {
  const vsim::VehicleModel model = loadShippedAirframe("s500.yaml");
  auto created = vsim::AutopilotWorld::create(vehiclesOf(model, 3), groundConfig(),
                                              fastOptions(vsim::AutopilotKind::Px4, kPx4TestPort + 20, 60.0));
  QVERIFY(created.ok());
  RunningWorld running(std::move(created).value());
  std::vector<std::unique_ptr<Px4StandIn>> px4;
  for (int i = 0; i < 3; ++i) {
    px4.push_back(std::make_unique<Px4StandIn>(kPx4TestPort + 20 + i, std::uint8_t(1 + i)));
    px4.back()->expected_step_us = 4000;
    px4.back()->state_interval_us = 0;
    QVERIFY(px4.back()->connect());
  }
  std::atomic<bool> stop{false};
  std::vector<std::thread> threads;
  for (auto& p : px4) threads.emplace_back([&p, &stop] { p->serve(stop); });
  running.start();
  running.thread.join();
  stop = true;
  for (auto& t : threads) t.join();
  const std::int64_t world_us = running.world->vehicle(0).timeNs() / 1000;
  QCOMPARE(world_us, std::int64_t(60'000'000));
  QCOMPARE(running.world->status().periods, std::int64_t(15'000));
  for (int i = 0; i < 3; ++i) {
    const Px4StandIn& p = *px4[std::size_t(i)];
    // time_drift = world time growth / autopilot clock growth = 1.000, exactly: every period
    // was one 4 ms step of each autopilot's clock, none skipped, none repeated.
    QCOMPARE(p.clock_us - p.first_clock_us, world_us);
    QCOMPARE(p.clock_steps_irregular, std::int64_t(0));
    QCOMPARE(running.world->backend(i).status().drop_outs, std::int64_t(0));
    QCOMPARE(running.world->backend(i).status().autopilot_time_us,
             world_us - 4000);  // its last answer: the frame before the end
    QCOMPARE(running.world->vehicle(i).timeNs(), running.world->vehicle(0).timeNs());
  }
}

// The hand (AutopilotWorld::setHand) holds vehicle 2 of two, both armed by their PX4s at 0.7:
// vehicle 2 is turned onto its right side (roll 90°, reached at the hand's 90 °/s in 1 s) with its
// motors stopped, and its PX4 hears gravity on the body's y axis; vehicle 1 is not held. An index
// outside the world is refused.
void AutopilotWorldTest::theHandHoldsOneVehicleItsAutopilotHears() {
  const vsim::VehicleModel model = loadShippedAirframe("s500.yaml");
  auto created = vsim::AutopilotWorld::create(vehiclesOf(model, 2), groundConfig(),
                                              fastOptions(vsim::AutopilotKind::Px4, kPx4TestPort + 25, 2.0));
  QVERIFY(created.ok());
  RunningWorld running(std::move(created).value());
  QVERIFY(!running.world->setHand(2, vsim::HandGrip{}));
  QVERIFY(!running.world->setHand(-1, std::nullopt));
  vsim::HandGrip grip;
  grip.q_WB = Eigen::Quaterniond(Eigen::AngleAxisd(M_PI / 2, Eigen::Vector3d::UnitX()));
  QVERIFY(running.world->setHand(1, grip));
  std::vector<std::unique_ptr<Px4StandIn>> px4;
  for (int i = 0; i < 2; ++i) {
    px4.push_back(std::make_unique<Px4StandIn>(kPx4TestPort + 25 + i, std::uint8_t(1 + i)));
    px4.back()->state_interval_us = 0;
    px4.back()->armed = true;
    px4.back()->controls[0] = px4.back()->controls[1] = px4.back()->controls[2] = px4.back()->controls[3] = 0.7f;
    QVERIFY(px4.back()->connect());
  }
  std::atomic<bool> stop{false};
  std::vector<std::thread> threads;
  for (auto& p : px4) threads.emplace_back([&p, &stop] { p->serve(stop); });
  running.start();
  running.thread.join();
  stop = true;
  for (auto& t : threads) t.join();

  const vsim::Simulator& held = running.world->vehicle(1);
  QVERIFY(held.state().q_WB.angularDistance(*grip.q_WB) < 1e-9);
  QVERIFY(held.state().v_W_mps.norm() < 1e-12);
  for (int r = 0; r < 4; ++r) QCOMPARE(held.state().rotor_speed_radps[std::size_t(r)], 0.0);
  // At rest on its right side the specific force is −g along the body's y axis (FRD: y points
  // down), within the s500's accelerometer noise and bias.
  const mavlink_hil_sensor_t& last = px4[1]->sensors.back();
  QVERIFY2(std::abs(last.yacc + 9.80665f) < 0.3f && std::abs(last.xacc) < 0.3f && std::abs(last.zacc) < 0.3f,
           qPrintable(QStringLiteral("%1 %2 %3").arg(last.xacc).arg(last.yacc).arg(last.zacc)));
  // Vehicle 1, not held, flew on its PX4's 0.7: its rotors turn.
  QVERIFY(running.world->vehicle(0).state().rotor_speed_radps[0] > 100.0);
}

void AutopilotWorldTest::killedAutopilotIsNamedAndOthersGoOn() {
  const vsim::VehicleModel model = loadShippedAirframe("s500.yaml");
  auto options = fastOptions(vsim::AutopilotKind::Px4, kPx4TestPort + 30, -1);
  options.answer_timeout_ms = 500;
  auto created = vsim::AutopilotWorld::create(vehiclesOf(model, 3), groundConfig(), options);
  QVERIFY(created.ok());
  RunningWorld running(std::move(created).value());
  running.start();
  std::vector<pid_t> children;
  for (int i = 0; i < 3; ++i) children.push_back(spawnPx4StandIn(kPx4TestPort + 30 + i, 1 + i));
  QTRY_VERIFY_WITH_TIMEOUT(
      running.sawEvent("PX4 #2 (TCP 24592): in lockstep") && running.sawEvent("PX4 #0 (TCP 24590): in lockstep"),
      20000);
  QTRY_VERIFY_WITH_TIMEOUT(running.timeUs() >= 2'000'000, 20000);
  ::kill(children[1], SIGKILL);
  ::waitpid(children[1], nullptr, 0);
  QTRY_VERIFY_WITH_TIMEOUT(running.sawEvent("PX4 #1 (TCP 24591): connection lost ("), 10000);
  QVERIFY2(running.sawEvent("); its motors are stopped"), running.allEvents().c_str());
  // The others go on: the world's time keeps growing in lockstep with PX4 #0 and #2.
  const std::int64_t at_kill = running.timeUs();
  QTRY_VERIFY_WITH_TIMEOUT(running.timeUs() >= at_kill + 2'000'000, 20000);
  running.stop = true;
  running.thread.join();
  QVERIFY(!running.world->backend(1).status().connected);
  for (pid_t child : {children[0], children[2]}) {
    ::kill(child, SIGKILL);
    ::waitpid(child, nullptr, 0);
  }
}

void AutopilotWorldTest::silenceIsNamedAtTheTimeoutAndOthersGoOn() {
  // The world's silence clock stands at 0 while two stand-ins fly; #1 holds its answer from
  // t = 1.0 s on, so the world waits there. At 1.999 s on the silence clock (timeout 2 s,
  // AutopilotWorldOptions) nothing is said; at 2.000 s it is named, its motors stop and #0
  // goes on; answering again, it rejoins and its outputs fly again.
  const vsim::VehicleModel model = loadShippedAirframe("s500.yaml");
  ManualClock clock;
  auto options = fastOptions(vsim::AutopilotKind::Px4, kPx4TestPort + 60, -1);
  options.answer_timeout_ms = 2000;
  options.silence_clock_ns = clock.reader();
  auto created = vsim::AutopilotWorld::create(vehiclesOf(model, 2), groundConfig(), options);
  QVERIFY(created.ok());
  RunningWorld running(std::move(created).value());
  running.start();
  ServedPx4 served(kPx4TestPort + 60, 2);
  for (auto& p : served.px4) {
    p->armed = true;
    for (int i = 0; i < 4; ++i) p->controls[i] = 0.2f;  // below hover: they stay on the ground
  }
  served.px4[1]->silent_from_us = 1'000'000;
  QVERIFY(served.start());
  QTRY_COMPARE_WITH_TIMEOUT(served.px4[1]->last_sensor_us.load(), std::int64_t(1'000'000), 20000);
  QTRY_COMPARE_WITH_TIMEOUT(running.timeUs(), std::int64_t(1'000'000), 20000);
  {
    std::lock_guard<std::mutex> g(running.lock);
    QCOMPARE(running.duties[1][0], double(0.2f));  // its outputs until then
  }
  // One step short of the timeout: the world looks (two reads after the set) and says nothing.
  clock.now_ns = 1'999'000'000;
  std::int64_t reads = clock.reads;
  QTRY_VERIFY_WITH_TIMEOUT(clock.reads >= reads + 2, 10000);
  QVERIFY2(!running.sawEvent("no answer"), running.allEvents().c_str());
  QCOMPARE(running.timeUs(), std::int64_t(1'000'000));
  // At the timeout: named with how long and when, and #0 goes on alone.
  clock.now_ns = 2'000'000'000;
  QTRY_VERIFY2_WITH_TIMEOUT(running.sawEvent("PX4 #1 (TCP 24621): no answer for 2.0 s at t = 1.0 s; its motors are "
                                             "stopped and the others go on"),
                            running.allEvents().c_str(), 10000);
  QTRY_VERIFY_WITH_TIMEOUT(running.timeUs() >= 2'000'000, 20000);
  {
    std::lock_guard<std::mutex> g(running.lock);
    QCOMPARE(running.duties[0][0], double(0.2f));
    for (double duty : running.duties[1]) QCOMPARE(duty, 0.0);
  }
  QVERIFY2(!running.sawEvent("PX4 #0 (TCP 24620): no answer"), running.allEvents().c_str());
  // It answers again: it rejoins, and its outputs drive its motors again.
  served.px4[1]->silent_from_us = -1;
  QTRY_VERIFY_WITH_TIMEOUT(running.sawEvent("PX4 #1 (TCP 24621): answers again"), 10000);
  QTRY_VERIFY_WITH_TIMEOUT(
      [&] {
        std::lock_guard<std::mutex> g(running.lock);
        return running.duties[1][0] == double(0.2f);
      }(),
      10000);
}

void AutopilotWorldTest::silentAutopilotPausesTheWorldBySetting() {
  // As above with SilencePolicy::PauseAll: at the timeout the whole world stops where it was
  // (t = 1.0 s), said once, until the silent one answers.
  const vsim::VehicleModel model = loadShippedAirframe("s500.yaml");
  ManualClock clock;
  auto options = fastOptions(vsim::AutopilotKind::Px4, kPx4TestPort + 40, -1);
  options.answer_timeout_ms = 2000;
  options.on_silence = vsim::SilencePolicy::PauseAll;
  options.silence_clock_ns = clock.reader();
  auto created = vsim::AutopilotWorld::create(vehiclesOf(model, 2), groundConfig(), options);
  QVERIFY(created.ok());
  RunningWorld running(std::move(created).value());
  running.start();
  ServedPx4 served(kPx4TestPort + 40, 2);
  served.px4[1]->silent_from_us = 1'000'000;
  QVERIFY(served.start());
  QTRY_COMPARE_WITH_TIMEOUT(running.timeUs(), std::int64_t(1'000'000), 20000);
  QTRY_COMPARE_WITH_TIMEOUT(served.px4[1]->last_sensor_us.load(), std::int64_t(1'000'000), 20000);
  clock.now_ns = 2'000'000'000;
  QTRY_VERIFY2_WITH_TIMEOUT(running.sawEvent("PX4 #1 (TCP 24601): no answer for 2.0 s at t = 1.0 s; the world is "
                                             "paused until it answers"),
                            running.allEvents().c_str(), 10000);
  // Paused: later looks (the clock read again, later still) step nothing and say nothing more.
  clock.now_ns = 3'000'000'000;
  std::int64_t reads = clock.reads;
  QTRY_VERIFY_WITH_TIMEOUT(clock.reads >= reads + 2, 10000);
  QCOMPARE(running.timeUs(), std::int64_t(1'000'000));
  QCOMPARE(served.px4[0]->last_sensor_us.load(), std::int64_t(1'000'000));
  {
    std::lock_guard<std::mutex> g(running.lock);
    QCOMPARE(std::count_if(running.events.begin(), running.events.end(),
                           [](const std::string& e) { return e.find("no answer") != std::string::npos; }),
             std::ptrdiff_t(1));
  }
  served.px4[1]->silent_from_us = -1;
  QTRY_VERIFY_WITH_TIMEOUT(running.timeUs() > 1'500'000, 20000);
  QVERIFY(running.sawEvent("PX4 #1 (TCP 24601): answers again"));
}

void AutopilotWorldTest::badVehiclesAndPortsAreRefusedByName() {
  auto lander = vsim::AutopilotWorld::create(vehiclesOf(loadShippedAirframe("lander_004.yaml"), 1), groundConfig(),
                                             fastOptions(vsim::AutopilotKind::Px4, kPx4TestPort + 50, 1));
  QVERIFY(!lander.ok());
  QVERIFY2(lander.error().message.rfind("vehicle 1 (", 0) == 0 &&
               lander.error().message.find("PX4 #0: ") != std::string::npos,
           lander.error().message.c_str());
  const vsim::VehicleModel model = loadShippedAirframe("s500.yaml");
  auto first = vsim::AutopilotWorld::create(vehiclesOf(model, 1), groundConfig(),
                                            fastOptions(vsim::AutopilotKind::Px4, kPx4TestPort + 50, 1));
  QVERIFY(first.ok());
  auto second = vsim::AutopilotWorld::create(vehiclesOf(model, 1), groundConfig(),
                                             fastOptions(vsim::AutopilotKind::Px4, kPx4TestPort + 50, 1));
  QVERIFY(!second.ok());
  QVERIFY2(second.error().message.find("TCP 127.0.0.1:24610: cannot bind") != std::string::npos,
           second.error().message.c_str());
  auto udp = vsim::AutopilotWorld::create(vehiclesOf(model, 2), groundConfig(),
                                          fastOptions(vsim::AutopilotKind::ArduPilot, kArduPilotTestPort + 100, 1));
  QVERIFY(udp.ok());
  QCOMPARE(udp.value()->backend(1).name(), std::string("ArduPilot #1 (UDP 29112)"));  // 9002 + 10·i, from the base
}

void AutopilotWorldTest::portsListenOnLoopbackUnlessAsked() {
  // Whoever connects to the simulator as "PX4" drives a vehicle's motors, so by
  // default the ports are bound to 127.0.0.1 (the kernel's socket table says where), and only
  // an address that is asked for opens them: 0.0.0.0 binds every interface. An address that is
  // not one, or that no interface has (192.0.2.1, RFC 5737's documentation range), is refused
  // by name.
  const vsim::VehicleModel model = loadShippedAirframe("s500.yaml");
  {
    auto px4 = vsim::AutopilotWorld::create(vehiclesOf(model, 1), groundConfig(),
                                            fastOptions(vsim::AutopilotKind::Px4, kPx4TestPort + 70, 1));
    QVERIFY(px4.ok());
    QCOMPARE(boundIpv4Address("tcp", kPx4TestPort + 70), QStringLiteral("127.0.0.1"));
    auto ardupilot = vsim::AutopilotWorld::create(
        vehiclesOf(model, 1), groundConfig(), fastOptions(vsim::AutopilotKind::ArduPilot, kArduPilotTestPort + 170, 1));
    QVERIFY(ardupilot.ok());
    QCOMPARE(boundIpv4Address("udp", kArduPilotTestPort + 170), QStringLiteral("127.0.0.1"));
  }
  vsim::AutopilotWorldOptions open = fastOptions(vsim::AutopilotKind::Px4, kPx4TestPort + 71, 1);
  open.listen_address = "0.0.0.0";
  auto everywhere = vsim::AutopilotWorld::create(vehiclesOf(model, 1), groundConfig(), open);
  QVERIFY(everywhere.ok());
  QCOMPARE(boundIpv4Address("tcp", kPx4TestPort + 71), QStringLiteral("0.0.0.0"));
  QVERIFY(!vsim::isLoopbackAddress("0.0.0.0") && vsim::isLoopbackAddress("127.0.0.1") &&
          vsim::isLoopbackAddress("127.1.2.3"));
  QCOMPARE(vsim::describeListenAddress("0.0.0.0"), std::string("0.0.0.0 (open to the network)"));

  vsim::AutopilotWorldOptions bad = fastOptions(vsim::AutopilotKind::Px4, kPx4TestPort + 72, 1);
  bad.listen_address = "localhost";
  auto refused = vsim::AutopilotWorld::create(vehiclesOf(model, 1), groundConfig(), bad);
  QVERIFY(!refused.ok());
  QVERIFY2(refused.error().message.find("listen address 'localhost': not an IPv4 address") != std::string::npos,
           refused.error().message.c_str());
  bad.listen_address = "192.0.2.1";
  auto absent = vsim::AutopilotWorld::create(vehiclesOf(model, 1), groundConfig(), bad);
  QVERIFY(!absent.ok());
  QVERIFY2(absent.error().message.find("TCP 192.0.2.1:24632: cannot bind") != std::string::npos &&
               absent.error().message.find("no interface of this machine has that address") != std::string::npos,
           absent.error().message.c_str());
}

QTEST_GUILESS_MAIN(AutopilotWorldTest)
#include "autopilot_world_test.moc"
