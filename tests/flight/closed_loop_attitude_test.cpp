// The flight core flying the simulator in lockstep (flight/flight_runner): estimator, control
// loops, modes and failsafe, each against a threshold written here. Scenarios start on the
// ground (the estimator aligns at rest), take off in ALT_HOLD to about 3 m, then do their part.
// This file: attitude and altitude control: held steps, hover, 10-degree steps, turbulence, ALT_HOLD.
#include "sim/config/airframe_file.h"
#include "tests/flight/closed_loop_support.h"
#include "tests/sim/shipped_airframes.h"

#include <QtTest>

#include <cmath>

using namespace closed_loop;

class ClosedLoopAttitudeTest : public QObject {
  Q_OBJECT

 private slots:
  void heldStepEndsOnItsSetpoint_data();
  void heldStepEndsOnItsSetpoint();
  void angleHoverHoldsAttitudeAndHeading();
  void levelHoverShowsTrueHeading();
  void tenDegreeSteps_data();
  void tenDegreeSteps();
  void turbulenceKeepsItUpright();
  void altHoldHoldsAltitude();
};

void ClosedLoopAttitudeTest::heldStepEndsOnItsSetpoint_data() {
  QTest::addColumn<QString>("airframe");
  for (const char* a : {"s500.yaml", "generic_quad.yaml", "racer_5in.yaml", "heavy_650.yaml"})
    QTest::newRow(a) << QString(a);
}

void ClosedLoopAttitudeTest::heldStepEndsOnItsSetpoint() {
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

void ClosedLoopAttitudeTest::angleHoverHoldsAttitudeAndHeading() {
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

void ClosedLoopAttitudeTest::levelHoverShowsTrueHeading() {
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

void ClosedLoopAttitudeTest::tenDegreeSteps_data() {
  QTest::addColumn<QString>("airframe");
  QTest::addColumn<int>("axis");
  QTest::newRow("s500 roll") << "s500.yaml" << 0;
  QTest::newRow("s500 pitch") << "s500.yaml" << 1;
  QTest::newRow("generic_quad roll") << "generic_quad.yaml" << 0;
  QTest::newRow("generic_quad pitch") << "generic_quad.yaml" << 1;
}

void ClosedLoopAttitudeTest::tenDegreeSteps() {
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

void ClosedLoopAttitudeTest::turbulenceKeepsItUpright() {
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

void ClosedLoopAttitudeTest::altHoldHoldsAltitude() {
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

QTEST_APPLESS_MAIN(ClosedLoopAttitudeTest)
#include "closed_loop_attitude_test.moc"
