// The flight core flying the simulator in lockstep (flight/flight_runner): estimator, control
// loops, modes and failsafe, each against a threshold written here. Scenarios start on the
// ground (the estimator aligns at rest), take off in ALT_HOLD to about 3 m, then do their part.
#include "flight/flight_runner.h"
#include "sim/config/airframe_file.h"
#include "tests/sim/shipped_airframes.h"

#include <QtTest>

#include <cmath>

namespace {

using vsim::FlightSample;
using vsim::Scenario;
using vsim::ScenarioEvent;

constexpr double kRad2Deg = 180.0 / M_PI;

ScenarioEvent at(double t_s) {
  ScenarioEvent e;
  e.t_s = t_s;
  return e;
}
ScenarioEvent sticks(double t_s, float roll, float pitch, float yaw, float throttle) {
  ScenarioEvent e = at(t_s);
  e.sticks = fc_sticks_t{roll, pitch, yaw, throttle};
  return e;
}

// On the ground in ALT_HOLD, arm at 2 s, climb at ~0.8 m/s from 2.5 s to 6 s, then hold.
Scenario takeoff(double duration_s) {
  Scenario s;
  s.duration_s = duration_s;
  s.mode = VAYU_MODE_ALT_HOLD;
  s.timeline.push_back(sticks(0.0, 0, 0, 0, 0.0f));
  ScenarioEvent arm = at(2.0);
  arm.arm = true;
  s.timeline.push_back(arm);
  s.timeline.push_back(sticks(2.5, 0, 0, 0, 0.8f));
  s.timeline.push_back(sticks(6.0, 0, 0, 0, 0.5f));
  return s;
}

std::vector<FlightSample> fly(const vsim::VehicleModel& model, Scenario s, std::uint64_t seed = 1,
                              vsim::SimulatorCounters* counters = nullptr) {
  std::stable_sort(s.timeline.begin(), s.timeline.end(), [](const auto& a, const auto& b) { return a.t_s < b.t_s; });
  std::vector<FlightSample> samples;
  auto r = vsim::runScenario(model, s, seed, [&](const FlightSample& f) { samples.push_back(f); });
  if (!r) qFatal("%s", r.error().message.c_str());
  if (counters) *counters = *r;
  return samples;
}

double rmsDeg(const std::vector<FlightSample>& v, double from_s, double to_s, auto error_rad) {
  double sum = 0;
  int n = 0;
  for (const FlightSample& f : v)
    if (f.t_s >= from_s && f.t_s < to_s) {
      const double e = error_rad(f);
      sum += e * e;
      ++n;
    }
  return n ? std::sqrt(sum / n) * kRad2Deg : 1e9;
}

// Roll and pitch together: how far the true attitude is from the setpoint [rad].
double attitudeError(const FlightSample& f) {
  return std::hypot(f.truth_rpy_rad.x() - f.setpoint_rpy_rad.x(), f.truth_rpy_rad.y() - f.setpoint_rpy_rad.y());
}

// The worst |estimated − true| roll between from_s and to_s [deg].
double worstRollEstimateErrorDeg(const std::vector<FlightSample>& v, double from_s, double to_s) {
  double worst = 0;
  for (const FlightSample& f : v)
    if (f.t_s >= from_s && f.t_s < to_s)
      worst = std::max(worst, std::abs(f.estimate_rpy_rad.x() - f.truth_rpy_rad.x()) * kRad2Deg);
  return worst;
}

const FlightSample& sampleAt(const std::vector<FlightSample>& v, double t_s) {
  return v[std::min(v.size() - 1, std::size_t(std::llround(t_s * 1000.0)))];
}

double wrapDeg(double d) {
  while (d > 180) d -= 360;
  while (d <= -180) d += 360;
  return d;
}

// Step response of the true angle on `axis` (0 roll, 1 pitch) to a stick step at t0 lasting
// `hold_s`: rise time 10→90 %, overshoot and 10 % settling time, relative to the mean of the
// last 0.5 s of the step.
struct StepResponse {
  double rise_s, overshoot, settle_s, final_deg;
};
StepResponse stepResponse(const std::vector<FlightSample>& v, int axis, double t0, double hold_s) {
  auto angle = [&](const FlightSample& f) { return f.truth_rpy_rad[axis] * kRad2Deg; };
  const double start = angle(sampleAt(v, t0));
  double final_sum = 0;
  int n = 0;
  for (double t = t0 + hold_s - 0.5; t < t0 + hold_s; t += 0.001, ++n) final_sum += angle(sampleAt(v, t));
  const double final_deg = final_sum / n, step = final_deg - start;
  double t10 = -1, t90 = -1, peak = 0, last_outside = t0;
  for (double t = t0; t < t0 + hold_s; t += 0.001) {
    const double x = (angle(sampleAt(v, t)) - start) / step;
    if (t10 < 0 && x >= 0.1) t10 = t;
    if (t90 < 0 && x >= 0.9) t90 = t;
    peak = std::max(peak, x);
    if (std::abs(x - 1.0) > 0.1) last_outside = t;
  }
  return {t90 - t10, peak - 1.0, last_outside - t0, final_deg};
}

}  // namespace

class ClosedLoopTest : public QObject {
  Q_OBJECT

 private slots:
  void estimatorConvergesFrom30Degrees();
  void estimatorLearnsAConstantGyroBias();
  void estimatorHoldsAttitudeUnderThrustTilt();
  void heldStepEndsOnItsSetpoint_data();
  void heldStepEndsOnItsSetpoint();
  void angleHoverHoldsAttitudeAndHeading();
  void levelHoverShowsTrueHeading();
  void tenDegreeSteps_data();
  void tenDegreeSteps();
  void turbulenceKeepsItUpright();
  void altHoldHoldsAltitude();
  void positionHoldsThePointForFiveMinutes();
  void positionStickFliesAVelocityThenHolds();
  void positionHoldsAgainstAWindStep();
  void positionWithoutGpsIsRefused();
  void hexAndLanderTakeOffTranslateAndLand_data();
  void hexAndLanderTakeOffTranslateAndLand();
  void landerGyroRangeWarnsAndFliesOn();
  void landedVehicleIdlesAndDisarms();
  void failsafeLevelsDescendsAndDisarms();
  void tooHotGainNeverEmitsANonFiniteDuty();
  void sameSeedSameFlight();
};

void ClosedLoopTest::estimatorConvergesFrom30Degrees() {
  // At rest on the ground; the estimate is knocked 30° off in roll just after alignment.
  const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  fc_params_t p;
  fc_params_defaults(&p);
  const fc_attitude_gains_t gains = {fc_param(&p, FC_PARAM_ATT_ACC_KP),
                                     fc_param(&p, FC_PARAM_ATT_ACC_KI),
                                     fc_param(&p, FC_PARAM_ATT_ACC_GATE),
                                     fc_param(&p, FC_PARAM_ATT_MAG_KP),
                                     0.0f,
                                     0.0f};
  fc_attitude_t est{};
  double error_at_2s = 1e9;
  auto created = vsim::Simulator::create(m, [] {
    vsim::SimulatorConfig c;
    c.world = vsim::World{};
    return c;
  }());
  QVERIFY(created.ok());
  vsim::Simulator* sim = &created.value();
  sim->reset(3, vsim::initialState(m, sim->config().world, {}));
  for (int k = 0; k <= 2000; ++k) {
    const auto& f = sim->frame();
    const fc_vec3_t gyro{float(f.imu.gyro_S_radps.x()), float(f.imu.gyro_S_radps.y()), float(f.imu.gyro_S_radps.z())};
    const fc_vec3_t acc{float(f.imu.accel_S_mps2.x()), float(f.imu.accel_S_mps2.y()), float(f.imu.accel_S_mps2.z())};
    const fc_vec3_t mag{float(f.mag.field_S_gauss.x()), float(f.mag.field_S_gauss.y()), float(f.mag.field_S_gauss.z())};
    fc_attitude_update(&est, &gains, std::uint64_t(f.time_us), gyro, acc, mag, true, nullptr, 0.001f);
    if (k == 0) est.q_WB = fc_quat_mul(est.q_WB, fc_quat_from_euler(30.0f * FC_DEG2RAD, 0, 0));
    if (k == 2000) {
      const fc_vec3_t e = fc_quat_to_euler(est.q_WB);
      error_at_2s = std::abs(e.x) * kRad2Deg;
    }
    sim->advanceImuPeriod();
  }
  qInfo("roll error 2 s after a 30 degree misalignment: %.3f deg", error_at_2s);
  QVERIFY(error_at_2s < 1.0);  // threshold: 1°, the ANGLE hover test's RMS bound
}

void ClosedLoopTest::estimatorLearnsAConstantGyroBias() {
  // A gyro that reads (0.02, −0.015, 0.01) rad/s too much, at rest for 120 s: the learned
  // bias must be within 10 % of it on every axis. (With ATT_ACC_KI 0.02 and the gains of 0.4 and
  // 0.2 the bias loops settle in about 40 s for roll and pitch and 60 s for yaw.)
  const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  Scenario s;
  s.duration_s = 120.0;
  s.gyro_bias_radps = {0.02, -0.015, 0.01};
  s.timeline.push_back(sticks(0, 0, 0, 0, 0));
  const std::vector<FlightSample> v = fly(m, s, 2);
  Eigen::Vector3d learned = Eigen::Vector3d::Zero();  // averaged over the last 10 s (it is noisy)
  for (const FlightSample& f : v)
    if (f.t_s > 110.0) learned += f.est_gyro_bias_radps / 10000.0;
  qInfo("learned gyro bias after 120 s: %.5f %.5f %.5f rad/s", learned.x(), learned.y(), learned.z());
  for (int i = 0; i < 3; ++i)
    QCOMPARE_LT(std::abs(learned[i] - s.gyro_bias_radps[i]), 0.1 * std::abs(s.gyro_bias_radps[i]));
  // And the estimate did not drift with it (0.02 rad/s would be 69° a minute).
  const FlightSample& last = v.back();
  const double drift_deg = std::abs(last.estimate_rpy_rad.x() - last.truth_rpy_rad.x()) * kRad2Deg;
  qInfo("roll estimate error after 120 s: %.3f deg", drift_deg);
  // The accelerometer's own bias walks (0.006 m/s³/√Hz in the model): 3σ after 120 s is
  // 0.2 m/s², 1.15° of apparent tilt; without the learned bias the estimate would be 137° off.
  QVERIFY(drift_deg < 1.5);
}

void ClosedLoopTest::estimatorHoldsAttitudeUnderThrustTilt() {
  // An accelerometer measures specific force: flying at 20° of roll and holding altitude, the vehicle accelerates
  // sideways and its accelerometer feels thrust only (|f| = g/cos 20° = 1.064 g), "down" along the body's z. With GPS
  // velocity (the default, ATT_GPS_K 1) the tilt comes from it; without, the accelerometer gate must keep the estimate
  // from being dragged towards that phantom level.
  const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  Scenario s = takeoff(13.0);
  s.timeline.push_back(sticks(8.0, 1.0f, 0, 0, 0.5f));  // full right: MAX_ANGLE_DEG = 20°
  s.timeline.push_back(sticks(11.0, 0, 0, 0, 0.5f));
  const auto v = fly(m, s);
  const double worst = worstRollEstimateErrorDeg(v, 8.5, 11.0);
  qInfo("20 degree bank for 2.5 s: worst roll estimate error %.2f deg (true roll %.1f deg)", worst,
        sampleAt(v, 10.9).truth_rpy_rad.x() * kRad2Deg);
  QVERIFY(worst < 0.5);
  QVERIFY(sampleAt(v, 10.9).truth_rpy_rad.x() * kRad2Deg > 17.0);
  s.params.push_back({"ATT_GPS_K", 0.0});
  const auto gated = fly(m, s);
  const double worst_gated = worstRollEstimateErrorDeg(gated, 8.5, 11.0);
  qInfo("the same without GPS, the gate on: %.2f deg", worst_gated);
  QVERIFY(worst_gated < 1.5);
  // Without GPS or the gate the same flight drags the estimate several degrees: the corruption is real.
  s.params.push_back({"ATT_ACC_GATE", 0.0});
  const auto ungated = fly(m, s);
  const double worst_ungated = worstRollEstimateErrorDeg(ungated, 8.5, 11.0);
  qInfo("the same without GPS or the accelerometer gate: %.2f deg", worst_ungated);
  QVERIFY(worst_ungated > 3.0);
}

void ClosedLoopTest::heldStepEndsOnItsSetpoint_data() {
  QTest::addColumn<QString>("airframe");
  for (const char* a : {"s500.yaml", "generic_quad.yaml", "racer_5in.yaml", "heavy_650.yaml"})
    QTest::newRow(a) << QString(a);
}

void ClosedLoopTest::heldStepEndsOnItsSetpoint() {
  // In ALT_HOLD a half-stick roll step, then a pitch step, each held 2 s; at the end of each
  // the true angle must be within 0.3° of the firmware's own setpoint with GPS (a pilot holding
  // a stick expects the angle asked for; 0.3° is half the smallest lean without the aid).
  // Without GPS the estimate leans (the accelerometer reads thrust, not "down") and the truth
  // ends 0.6–3.2° beyond the setpoint on these airframes and seeds 1–2 (measured with vsim-fly,
  // docs/design/firmware.md, "Estimation"): reported, and required to be beyond 0.3° so that this test
  // would see the aid stop working.
  QFETCH(QString, airframe);
  const vsim::VehicleModel m = loadShippedAirframe(airframe);
  Scenario s = takeoff(17.0);
  s.timeline.push_back(sticks(10.0, 0.5f, 0, 0, 0.5f));
  s.timeline.push_back(sticks(12.0, 0, 0, 0, 0.5f));
  s.timeline.push_back(sticks(14.0, 0, -0.5f, 0, 0.5f));
  s.timeline.push_back(sticks(16.0, 0, 0, 0, 0.5f));
  auto endErrors = [&](const std::vector<FlightSample>& v) {
    const FlightSample& roll = sampleAt(v, 11.999);
    const FlightSample& pitch = sampleAt(v, 15.999);
    return std::pair{(roll.truth_rpy_rad.x() - roll.setpoint_rpy_rad.x()) * kRad2Deg,
                     (pitch.truth_rpy_rad.y() - pitch.setpoint_rpy_rad.y()) * kRad2Deg};
  };
  const auto [roll_gps, pitch_gps] = endErrors(fly(m, s));
  s.params.push_back({"ATT_GPS_K", 0.0});
  const auto [roll_none, pitch_none] = endErrors(fly(m, s));
  qInfo("%s, truth - setpoint at the end of 2 s held steps: roll %+.3f, pitch %+.3f deg with GPS; %+.3f, %+.3f without",
        qPrintable(airframe), roll_gps, pitch_gps, roll_none, pitch_none);
  QVERIFY2(std::abs(roll_gps) <= 0.3 && std::abs(pitch_gps) <= 0.3, "with GPS");
  QVERIFY2(std::max(std::abs(roll_none), std::abs(pitch_none)) > 0.3, "without GPS");
}

void ClosedLoopTest::angleHoverHoldsAttitudeAndHeading() {
  // ANGLE mode for 60 s in still air, sticks centred, throttle at the hover thrust.
  const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  Scenario s = takeoff(70.0);
  ScenarioEvent angle = at(9.0);
  angle.mode = VAYU_MODE_ANGLE;
  s.timeline.push_back(angle);
  const double hover = vsim::hoverDuty(m) * vsim::hoverDuty(m);
  s.timeline.push_back(sticks(9.0, 0, 0, 0, float(hover)));
  const auto v = fly(m, s);
  const double rms = rmsDeg(v, 10.0, 70.0, attitudeError);
  const double drift =
      std::abs(wrapDeg((sampleAt(v, 70.0).truth_rpy_rad.z() - sampleAt(v, 10.0).truth_rpy_rad.z()) * kRad2Deg));
  qInfo("ANGLE hover 60 s: attitude error RMS %.3f deg, heading drift %.3f deg, height %.2f m", rms, drift,
        -sampleAt(v, 70.0).truth.p_W_m.z());
  QVERIFY(rms < 1.0);
  QVERIFY(drift < 2.0);
  QVERIFY(sampleAt(v, 70.0).armed);
}

void ClosedLoopTest::levelHoverShowsTrueHeading() {
  // Unchecked, the estimated heading was 4–5° off the truth, because the simulated field (the
  // S500's default, field_NED = (0.21, 0.015, 0.42) G) points atan2(0.015, 0.21) = 4.085° east
  // of true north and the estimator took magnetic north as true. vsim-fly now sets MAG_DECL_DEG
  // to the field's declination: the estimate of a level hover is within 1° of the true heading.
  // With MAG_DECL_DEG = 0 the old error comes back, the size of the declination.
  const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  QCOMPARE_LT(std::abs(m.mag.declination_deg() - std::atan2(0.015, 0.21) * kRad2Deg), 1e-12);
  auto meanHeadingErrorDeg = [](const std::vector<FlightSample>& v) {
    double sum = 0;
    int n = 0;
    for (const FlightSample& f : v)
      if (f.t_s >= 15.0 && f.t_s < 25.0) sum += wrapDeg((f.estimate_rpy_rad.z() - f.truth_rpy_rad.z()) * kRad2Deg), ++n;
    return sum / n;
  };
  Scenario s = takeoff(25.0);
  const double with_declination = meanHeadingErrorDeg(fly(m, s));
  s.params.push_back({"MAG_DECL_DEG", 0.0});
  const double without = meanHeadingErrorDeg(fly(m, s));
  qInfo("hover heading error, estimate - truth: %.3f deg with MAG_DECL_DEG, %.3f deg without", with_declination,
        without);
  QCOMPARE_LT(std::abs(with_declination), 1.0);
  QCOMPARE_LT(std::abs(without - (-m.mag.declination_deg())), 1.0);  // the old error: the declination
}

void ClosedLoopTest::tenDegreeSteps_data() {
  QTest::addColumn<QString>("airframe");
  QTest::addColumn<int>("axis");
  QTest::newRow("s500 roll") << "s500.yaml" << 0;
  QTest::newRow("s500 pitch") << "s500.yaml" << 1;
  QTest::newRow("generic_quad roll") << "generic_quad.yaml" << 0;
  QTest::newRow("generic_quad pitch") << "generic_quad.yaml" << 1;
}

void ClosedLoopTest::tenDegreeSteps() {
  QFETCH(QString, airframe);
  QFETCH(int, axis);
  const vsim::VehicleModel m = loadShippedAirframe(airframe);
  Scenario s = takeoff(13.0);
  // Half stick = 10° (MAX_ANGLE_DEG 20); pitch stick forward is nose down, so pull back.
  s.timeline.push_back(sticks(9.0, axis == 0 ? 0.5f : 0.0f, axis == 1 ? -0.5f : 0.0f, 0, 0.5f));
  s.timeline.push_back(sticks(11.0, 0, 0, 0, 0.5f));
  const auto v = fly(m, s);
  const StepResponse r = stepResponse(v, axis, 9.0, 2.0);
  qInfo("%s %s step: rise %.3f s, overshoot %.1f %%, settling %.3f s, final %.2f deg", qPrintable(airframe),
        axis == 0 ? "roll" : "pitch", r.rise_s, r.overshoot * 100, r.settle_s, r.final_deg);
  QCOMPARE_LT(std::abs(r.final_deg - 10.0), 1.5);  // it goes where the stick says
  QVERIFY(r.rise_s > 0 && r.rise_s < 0.3);         // a crisp response
  QVERIFY(r.overshoot < 0.15);                     // the bound
  QVERIFY(r.settle_s < 0.5);                       // the bound
}

void ClosedLoopTest::turbulenceKeepsItUpright() {
  const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  Scenario s = takeoff(40.0);
  ScenarioEvent gusts = at(8.0);
  gusts.turbulence_sigma_mps = 2.0;
  s.timeline.push_back(gusts);
  const auto v = fly(m, s);
  double worst_tilt = 0;
  for (const FlightSample& f : v)
    if (f.t_s >= 8.0) worst_tilt = std::max({worst_tilt, std::abs(f.truth_rpy_rad.x()), std::abs(f.truth_rpy_rad.y())});
  const double rms = rmsDeg(v, 10.0, 40.0, attitudeError);
  qInfo("Dryden sigma 2 m/s, 30 s: attitude error RMS %.2f deg, worst tilt %.1f deg", rms, worst_tilt * kRad2Deg);
  QVERIFY(worst_tilt * kRad2Deg < 45.0);  // upright
  QVERIFY(rms < 5.0);
  QVERIFY(v.back().armed);
}

void ClosedLoopTest::altHoldHoldsAltitude() {
  // A pilot expects ALT_HOLD to hold the height within ±0.5 m for minutes. Five
  // minutes of hover with the sticks centred, in calm air (streamed: 310 000 samples).
  const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  double h0 = 0, worst = 0, sum_sq = 0;
  long n = 0;
  auto r = vsim::runScenario(m, takeoff(310.0), 1, [&](const FlightSample& f) {
    const double h = -f.truth.p_W_m.z();
    if (f.t_s >= 10.0 && f.t_s < 10.0005) h0 = h;
    if (f.t_s >= 10.0) {
      worst = std::max(worst, std::abs(h - h0));
      sum_sq += (h - h0) * (h - h0);
      ++n;
    }
  });
  QVERIFY(r.ok());
  qInfo("ALT_HOLD 300 s at %.2f m: worst deviation %.3f m, RMS %.3f m", h0, worst, std::sqrt(sum_sq / double(n)));
  QVERIFY(h0 > 2.0);
  QCOMPARE_LT(worst, 0.5);
}

namespace {
// takeoff(), then POSITION at 8 s (the GPS aid is running by then: it starts a second after
// alignment, with the first fix).
Scenario positionHover(double duration_s) {
  Scenario s = takeoff(duration_s);
  ScenarioEvent mode = at(8.0);
  mode.mode = VAYU_MODE_POSITION;
  s.timeline.push_back(mode);
  return s;
}
double horizontalM(const FlightSample& f, const Eigen::Vector3d& from) {
  return (f.truth.p_W_m - from).head<2>().norm();
}
}  // namespace

void ClosedLoopTest::positionHoldsThePointForFiveMinutes() {
  // With the sticks centred in calm air ALT_HOLD drifts sideways (the GPS-aided tilt's own
  // error and what is left of the accelerometer's bias walk: test_hover_drift). POSITION holds
  // the point. Its position is the GPS-aided
  // velocity integrated, so it wanders like a random walk of the velocity's noise: 0.05 m/s per
  // 10 Hz fix gives σ = 0.05·√(0.1 s · 300 s) = 0.27 m after five minutes per axis; the bound is
  // 1 m, about 3σ of the radial error plus the hold's own jitter (±0.1 m).
  const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  for (std::uint64_t seed : {1, 2}) {
    Eigen::Vector3d p0 = Eigen::Vector3d::Zero();
    double worst = 0, h0 = 0, worst_h = 0;
    bool held = true;
    auto r = vsim::runScenario(m, positionHover(320.0), seed, [&](const FlightSample& f) {
      if (f.t_s >= 20.0 && f.t_s < 20.0005) {
        p0 = f.truth.p_W_m;
        h0 = -p0.z();
      }
      if (f.t_s >= 20.0) {
        worst = std::max(worst, horizontalM(f, p0));
        worst_h = std::max(worst_h, std::abs(-f.truth.p_W_m.z() - h0));
        held = held && f.mode == VAYU_MODE_POSITION && f.armed;
      }
    });
    QVERIFY(r.ok());
    qInfo("seed %d: POSITION 300 s: worst %.3f m from the point, height within %.3f m", int(seed), worst, worst_h);
    QVERIFY(held);
    QCOMPARE_LT(worst, 1.0);
    QCOMPARE_LT(worst_h, 0.5);  // the same bound as ALT_HOLD's
  }
}

void ClosedLoopTest::positionStickFliesAVelocityThenHolds() {
  // Pitch stick 0.6 for 5 s asks (0.6 − 0.05)/0.95 · VEL_XY_MAX (5 m/s) = 2.89 m/s forward
  // (north: the heading is about north); released, the vehicle brakes and holds where it
  // stopped: within 0.5 m for the next 10 s.
  const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  Scenario s = positionHover(32.0);
  s.timeline.push_back(sticks(10.0, 0, 0.6f, 0, 0.5f));
  s.timeline.push_back(sticks(15.0, 0, 0, 0, 0.5f));
  const std::vector<FlightSample> v = fly(m, s, 1);
  const double asked = (0.6 - 0.05) / 0.95 * 5.0;
  double along = 0, speed_end = 0;  // the velocity along the heading, and the speed, at release
  for (const FlightSample& f : v)
    if (f.t_s < 15.0) {
      const double yaw = f.truth_rpy_rad.z();
      along = std::cos(yaw) * f.truth.v_W_mps.x() + std::sin(yaw) * f.truth.v_W_mps.y();
      speed_end = f.truth.v_W_mps.head<2>().norm();
    }
  qInfo("POSITION stick 0.6: %.3f m/s (%.3f along the heading), asked %.3f m/s", speed_end, along, asked);
  QCOMPARE_LT(std::abs(along - asked), 0.1 * asked);
  // Stopped: the first sample after release below 0.3 m/s; then held.
  double stop_t = -1;
  Eigen::Vector3d stop_p = Eigen::Vector3d::Zero();
  double worst = 0;
  for (const FlightSample& f : v) {
    if (f.t_s < 15.0) continue;
    if (stop_t < 0 && f.truth.v_W_mps.head<2>().norm() < 0.3) {
      stop_t = f.t_s;
      stop_p = f.truth.p_W_m;
    }
    if (stop_t > 0 && f.t_s <= stop_t + 10.0) worst = std::max(worst, horizontalM(f, stop_p));
  }
  qInfo("POSITION released: stopped %.2f s later, then held within %.3f m for 10 s", stop_t - 15.0, worst);
  QVERIFY(stop_t > 0);
  // Braking from 2.9 m/s at the 20° tilt limit (3.6 m/s²) takes 0.8 s; the loop's own lag adds
  // to it, so 2.5 s is the bound.
  QCOMPARE_LT(stop_t - 15.0, 2.5);
  QCOMPARE_LT(worst, 0.5);
}

void ClosedLoopTest::positionHoldsAgainstAWindStep() {
  // A 5 m/s wind from the west starts at 20 s (in ALT_HOLD it blows the S500 18 m east in the
  // next 10 s: vsim-fly, seed 1): the drag pushes the vehicle east until the
  // velocity loop's integrator takes over the lean. The aim: never blown more than 1 m off, and
  // back within 0.3 m of the point 15 s later (VEL_XY_I 0.4 /s² settles in about 10 s).
  const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  Scenario s = positionHover(45.0);
  ScenarioEvent wind = at(20.0);
  wind.wind_NED_mps = Eigen::Vector3d(0, 5, 0);
  s.timeline.push_back(wind);
  const std::vector<FlightSample> v = fly(m, s, 1);
  Eigen::Vector3d p0 = Eigen::Vector3d::Zero();
  double worst = 0, late = 0;
  for (const FlightSample& f : v) {
    if (f.t_s >= 19.999 && f.t_s < 20.0) p0 = f.truth.p_W_m;
    if (f.t_s >= 20.0) worst = std::max(worst, horizontalM(f, p0));
    if (f.t_s >= 35.0) late = std::max(late, horizontalM(f, p0));
  }
  qInfo("POSITION in a 5 m/s wind step: blown %.3f m off at most, within %.3f m after 15 s", worst, late);
  QCOMPARE_LT(worst, 1.0);
  QCOMPARE_LT(late, 0.3);
}

void ClosedLoopTest::positionWithoutGpsIsRefused() {
  // Without the GPS aid (ATT_GPS_K 0) nothing knows the velocity: the mode change is refused
  // and the vehicle stays in ALT_HOLD.
  const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  Scenario s = positionHover(12.0);
  s.params.push_back({"ATT_GPS_K", 0.0});
  const std::vector<FlightSample> v = fly(m, s, 1);
  QCOMPARE(int(v.back().mode), int(VAYU_MODE_ALT_HOLD));
  QVERIFY(v.back().armed);
}

void ClosedLoopTest::hexAndLanderTakeOffTranslateAndLand_data() {
  QTest::addColumn<QString>("airframe");
  QTest::newRow("hex_550") << "hex_550.yaml";
  QTest::newRow("lander_004") << "lander_004.yaml";
}

void ClosedLoopTest::hexAndLanderTakeOffTranslateAndLand() {
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

void ClosedLoopTest::landerGyroRangeWarnsAndFliesOn() {
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

void ClosedLoopTest::landedVehicleIdlesAndDisarms() {
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

void ClosedLoopTest::failsafeLevelsDescendsAndDisarms() {
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

void ClosedLoopTest::tooHotGainNeverEmitsANonFiniteDuty() {
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

void ClosedLoopTest::sameSeedSameFlight() {
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

QTEST_APPLESS_MAIN(ClosedLoopTest)
#include "closed_loop_test.moc"
