// The flight core flying the simulator in lockstep (flight/flight_runner): estimator, control
// loops, modes and failsafe, each against a threshold written here. Scenarios start on the
// ground (the estimator aligns at rest), take off in ALT_HOLD to about 3 m, then do their part.
// This file: other airframes, landing, failsafe, gains too hot, determinism.
#include "sim/config/airframe_file.h"
#include "tests/flight/closed_loop_support.h"
#include "tests/sim/shipped_airframes.h"

#include <QtTest>

#include <cmath>

using namespace closed_loop;

class ClosedLoopAirframesTest : public QObject {
  Q_OBJECT

 private slots:
  void hexAndLanderTakeOffTranslateAndLand_data();
  void hexAndLanderTakeOffTranslateAndLand();
  void landerGyroRangeWarnsAndFliesOn();
  void landedVehicleIdlesAndDisarms();
  void failsafeLevelsDescendsAndDisarms();
  void tooHotGainNeverEmitsANonFiniteDuty();
  void sameSeedSameFlight();
};

void ClosedLoopAirframesTest::hexAndLanderTakeOffTranslateAndLand_data() {
  QTest::addColumn<QString>("airframe");
  QTest::newRow("hex_550") << "hex_550.yaml";
  QTest::newRow("lander_004") << "lander_004.yaml";
}

void ClosedLoopAirframesTest::hexAndLanderTakeOffTranslateAndLand() {
  // The shipped hexacopter (the firmware's defaults) and the lander (the gains
  // its airframe file gives) fly resources/scenarios/takeoff_translate_land.yaml:
  // take off and hold about 3–4 m, translate with half pitch stick for 4 s in POSITION
  // (0.47 · 5 m/s = 2.4 m/s; the lander's pilot faces between its axes, so for it the
  // stick asks that on two axes: 3.3 m/s diagonally), let go and hold, descend, land and
  // disarm. The bounds: off the ground by 3 m, at least 7 m travelled (4 s at 2.4 m/s is 9.5 m,
  // less about a second to reach the speed), stopped within 2 s and
  // then held within 0.5 m, tilt never beyond 2 × MAX_ANGLE_DEG (the lander's diagonal stick), touching down
  // below 0.5 m/s across the ground and at the asked descent (throttle 0.2 past the 0.1 deadband:
  // (1 − 2·0.2 − 0.1)/0.9 · ALT_VEL_MAX 1.5 m/s = 0.83 m/s) within 0.3 m/s, and disarmed at the end.
  QFETCH(QString, airframe);
  const vsim::VehicleModel m = loadShippedAirframe(airframe);
  QVERIFY(vsim::checkAllocation(m).ok());  // its firmware_params included
  vsim::VehicleModel misspelt = m;
  misspelt.firmware_params.push_back({"RATE_PP", 1.0});
  auto refused = vsim::checkAllocation(misspelt);
  QVERIFY(!refused.ok());
  QVERIFY2(refused.error().message.find(": firmware_params: parameter RATE_PP: ") != std::string::npos,
           refused.error().message.c_str());
  auto loaded = vsim::loadScenario(NAVIGATOR_SOURCE_DIR "/resources/scenarios/takeoff_translate_land.yaml");
  QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().message.c_str());
  const std::vector<FlightSample> v = fly(m, *loaded, 1);
  const double ground_h = -v.front().truth.p_W_m.z();
  double top = 0, worst_tilt = 0, stop_t = -1, held = 0;
  Eigen::Vector3d at_12 = Eigen::Vector3d::Zero(), stop_p = Eigen::Vector3d::Zero();
  double touchdown_speed = -1, touchdown_descent = -1;
  for (const FlightSample& f : v) {
    const double h = -f.truth.p_W_m.z() - ground_h;
    top = std::max(top, h);
    if (f.armed) worst_tilt = std::max(worst_tilt, std::hypot(f.truth_rpy_rad.x(), f.truth_rpy_rad.y()) * kRad2Deg);
    if (f.t_s >= 11.999 && f.t_s < 12.0) at_12 = f.truth.p_W_m;
    if (f.t_s >= 16.0 && stop_t < 0 && f.truth.v_W_mps.head<2>().norm() < 0.3) {
      stop_t = f.t_s;
      stop_p = f.truth.p_W_m;
    }
    if (stop_t > 0 && f.t_s <= 22.0) held = std::max(held, horizontalM(f, stop_p));
    if (f.t_s > 22.0 && touchdown_speed < 0 && h < 0.05) {
      touchdown_speed = f.truth.v_W_mps.head<2>().norm();
      touchdown_descent = f.truth.v_W_mps.z();
    }
  }
  const double travelled = (stop_p - at_12).head<2>().norm();
  qInfo(
      "%s: up %.2f m, travelled %.2f m, stopped %.2f s after letting go, held within %.3f m, worst tilt %.1f°, "
      "touched down at %.2f m/s across, %.2f m/s down, %s at the end",
      qPrintable(airframe), top, travelled, stop_t - 16.0, held, worst_tilt, touchdown_speed, touchdown_descent,
      v.back().armed ? "armed" : "disarmed");
  QCOMPARE_GT(top, 3.0);
  QCOMPARE_GT(travelled, 7.0);
  QVERIFY(stop_t > 0);
  QCOMPARE_LT(stop_t - 16.0, 2.0);
  QCOMPARE_LT(held, 0.5);
  QCOMPARE_LT(worst_tilt, 40.0);
  QVERIFY(touchdown_speed >= 0);
  QCOMPARE_LT(touchdown_speed, 0.5);
  QCOMPARE_LT(std::abs(touchdown_descent - (1.0 - 2 * 0.2 - 0.1) / 0.9 * 1.5), 0.3);
  QVERIFY(!v.back().armed);
}

void ClosedLoopAirframesTest::landerGyroRangeWarnsAndFliesOn() {
  // The lander's gyro reads up to 100 °/s (its airframe file). A 0.3 s push of 3000 N·m
  // about its up axis (its heading: I ≈ 130 kg·m², so about 7 rad/s² for 0.3 s, 120 °/s) drives
  // it past that: the firmware warns once per excursion ("Gyro range exceeded") and keeps flying — it stays
  // armed, the motors never cut, and it is back upright once the push ends (cutting thrust
  // there would turn a lost attitude into a crash).
  const vsim::VehicleModel m = loadShippedAirframe("lander_004.yaml");
  Scenario s = takeoff(20.0);
  ScenarioEvent push = at(10.0);
  push.torque_B_Nm = Eigen::Vector3d(3000, 0, 0);  // body +x: the lander's up
  s.timeline.push_back(push);
  ScenarioEvent stop = at(10.3);
  stop.torque_B_Nm = Eigen::Vector3d::Zero();
  s.timeline.push_back(stop);
  std::uint32_t clips = 0;
  int samples_beyond = 0;
  double peak_dps = 0, min_thrust = 1, tilt_end = 0;
  bool armed = true;
  auto r = vsim::runScenario(m, s, 1, [&](const FlightSample& f) {
    if (f.t_s >= 10.0) {
      peak_dps = std::max(peak_dps, f.truth.omega_B_radps.cwiseAbs().maxCoeff() * kRad2Deg);
      samples_beyond += f.truth.omega_B_radps.cwiseAbs().maxCoeff() * kRad2Deg > 100.0;
      min_thrust = std::min(min_thrust, f.thrust_sp);
      armed = armed && f.armed;
    }
    clips = f.fc->state.gyro_clip_count;
    tilt_end = std::hypot(f.truth_rpy_rad.x(), f.truth_rpy_rad.y()) * kRad2Deg;
  });
  QVERIFY(r.ok());
  qInfo(
      "lander pushed about its up axis: %.0f °/s at most (gyro range 100), %d samples beyond, %u warning(s), "
      "thrust never below %.2f, tilt %.1f° at the end",
      peak_dps, samples_beyond, clips, min_thrust, tilt_end);
  QCOMPARE_GT(peak_dps, 100.0);
  // One warning per excursion, not per sample: the push and the swing back are one or two.
  QVERIFY(clips >= 1 && clips <= 2);
  QCOMPARE_GT(samples_beyond, 50);
  QVERIFY(armed);
  QCOMPARE_GT(min_thrust, 0.2);
  QCOMPARE_LT(tilt_end, 10.0);
}

void ClosedLoopAirframesTest::landedVehicleIdlesAndDisarms() {
  // Unchecked, a descent the ground stops kept ~85 % of the hover thrust on a vehicle standing
  // on its legs, armed, for ever (it hopped). Now, after LAND_DETECT_S (1 s) landed, ALT_HOLD
  // spools to MOT_IDLE (0.06 duty) and DISARM_LAND_S (2 s) later the vehicle disarms; it does
  // not move on the ground meanwhile.
  const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  Scenario s = takeoff(30.0);
  s.timeline.push_back(sticks(8.0, 0, 0, 0, 0.3f));  // a descent, never released
  const auto v = fly(m, s);
  double touchdown = -1, idle_at = -1, disarmed_at = -1;
  Eigen::Vector3d at_idle = Eigen::Vector3d::Zero();
  double moved_at_idle = 0;
  for (const FlightSample& f : v) {
    if (f.t_s > 8.0 && touchdown < 0 && std::abs(f.truth.v_W_mps.z()) < 0.05 && -f.truth.p_W_m.z() < 0.3)
      touchdown = f.t_s;
    if (touchdown > 0 && idle_at < 0 && f.armed && f.raw_duty[0] == 0.06f && f.raw_duty[3] == 0.06f) {
      idle_at = f.t_s;
      at_idle = f.truth.p_W_m;
    }
    if (idle_at > 0) moved_at_idle = std::max(moved_at_idle, (f.truth.p_W_m - at_idle).norm());
    if (touchdown > 0 && disarmed_at < 0 && !f.armed) disarmed_at = f.t_s;
  }
  qInfo("touchdown at %.2f s, idle at %.2f s, disarmed at %.2f s; moved %.4f m on the ground from idle", touchdown,
        idle_at, disarmed_at, moved_at_idle);
  QVERIFY(touchdown > 8.0);
  // LAND_DETECT_S (1 s) after the detector sees the vehicle still: its climb estimate (the
  // height filter, peak time 1.1 s) settles below 0.2 m/s within about a second of touchdown.
  QVERIFY(idle_at > touchdown + 1.0 && idle_at < touchdown + 2.5);
  QCOMPARE_LT(std::abs(disarmed_at - idle_at - 2.0), 0.01);  // DISARM_LAND_S after landed
  QCOMPARE_LT(moved_at_idle, 0.01);                          // stays put
  for (double d : v.back().duty) QCOMPARE(d, 0.0);
}

void ClosedLoopAirframesTest::failsafeLevelsDescendsAndDisarms() {
  const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  Scenario s = takeoff(25.0);
  s.timeline.push_back(sticks(8.0, 0.5f, 0, 0, 0.5f));  // banked when the link goes
  ScenarioEvent lost = at(9.0);
  lost.manual_control = false;
  s.timeline.push_back(lost);
  const auto v = fly(m, s);
  double failsafe_at = -1, disarmed_at = -1, max_descent = 0;
  for (const FlightSample& f : v) {
    if (failsafe_at < 0 && f.failsafe) failsafe_at = f.t_s;
    if (failsafe_at > 0 && disarmed_at < 0 && !f.armed) disarmed_at = f.t_s;
    if (failsafe_at > 0) max_descent = std::max(max_descent, f.truth.v_W_mps.z());
  }
  qInfo(
      "failsafe after %.2f s, level within 2 s: roll %.2f deg; descent up to %.2f m/s; disarmed at %.2f s, height %.2f "
      "m",
      failsafe_at - 9.0, sampleAt(v, failsafe_at + 2.0).truth_rpy_rad.x() * kRad2Deg, max_descent, disarmed_at,
      -v.back().truth.p_W_m.z());
  QVERIFY(failsafe_at > 9.0 && failsafe_at < 9.0 + 0.5 + 0.05);                             // FS_TIMEOUT_S 0.5
  QCOMPARE_LT(std::abs(sampleAt(v, failsafe_at + 2.0).truth_rpy_rad.x()) * kRad2Deg, 3.0);  // levelled
  QVERIFY(max_descent > 0.5);                                // descending (FS_DESCENT 0.7)
  QVERIFY(disarmed_at > 0);                                  // disarmed ...
  QVERIFY(-sampleAt(v, disarmed_at).truth.p_W_m.z() < 0.5);  // ... on the ground
  for (double d : v.back().duty) QCOMPARE(d, 0.0);
}

void ClosedLoopAirframesTest::tooHotGainNeverEmitsANonFiniteDuty() {
  // Rate gains at their maximum and a hard kick: the loop diverges (the vehicle tumbles and
  // crashes). The core must keep every duty finite and the simulator's defences the state.
  const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  Scenario s = takeoff(14.0);
  ScenarioEvent hot = at(8.0);
  hot.params = {{"RATE_RP_P", 10.0}, {"RATE_RP_D", 1.0}, {"RATE_RP_I", 5.0}};
  s.timeline.push_back(hot);
  ScenarioEvent kick = at(9.0), release = at(9.3);
  kick.torque_B_Nm = Eigen::Vector3d(20, 10, 2);
  release.torque_B_Nm = Eigen::Vector3d::Zero();
  s.timeline.push_back(kick);
  s.timeline.push_back(release);
  vsim::SimulatorCounters counters;
  const auto v = fly(m, s, 1, &counters);
  double worst_rate = 0;
  for (const FlightSample& f : v) {
    for (float d : f.raw_duty) QVERIFY2(std::isfinite(d) && d >= 0.0f && d <= 1.0f, "a duty left [0, 1]");
    QVERIFY(f.truth.p_W_m.allFinite() && f.truth.omega_B_radps.allFinite());
    worst_rate = std::max(worst_rate, f.truth.omega_B_radps.norm());
  }
  qInfo("too-hot gains: worst body rate %.1f rad/s, refused duties %lld, sanitiser resets %lld", worst_rate,
        (long long)counters.rejected_duties, (long long)counters.sanitiser_resets);
  QVERIFY(worst_rate > 5.0);  // it did diverge
  QCOMPARE(counters.rejected_duties, 0LL);
}

void ClosedLoopAirframesTest::sameSeedSameFlight() {
  const vsim::VehicleModel m = loadShippedAirframe("generic_quad.yaml");
  Scenario s = takeoff(12.0);
  ScenarioEvent gusts = at(7.0);
  gusts.turbulence_sigma_mps = 1.0;
  s.timeline.push_back(gusts);
  const auto a = fly(m, s, 5), b = fly(m, s, 5), c = fly(m, s, 6);
  QCOMPARE(a.size(), b.size());
  bool same = true, differs = false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    same = same && a[i].truth.p_W_m == b[i].truth.p_W_m && a[i].truth.q_WB.coeffs() == b[i].truth.q_WB.coeffs() &&
           a[i].raw_duty == b[i].raw_duty;
    differs = differs || a[i].truth.p_W_m != c[i].truth.p_W_m;
  }
  QVERIFY(same);
  QVERIFY(differs);
}

QTEST_APPLESS_MAIN(ClosedLoopAirframesTest)
#include "closed_loop_airframes_test.moc"
