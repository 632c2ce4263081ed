// A calm ALT_HOLD hover with GPS: how far the vehicle drifts and how far its estimated level is
// from the true one, the firmware flying the simulator in lockstep (flight/flight_runner).
#include "flight/flight_runner.h"
#include "tests/sim/shipped_airframes.h"

#include <QtTest>

#include <cmath>

namespace {

using vsim::FlightSample;
using vsim::Scenario;
using vsim::ScenarioEvent;

constexpr double kRad2Deg = 180.0 / M_PI;

ScenarioEvent throttle(double t_s, float throttle) {
  ScenarioEvent e;
  e.t_s = t_s;
  e.sticks = fc_sticks_t{0, 0, 0, throttle};
  return e;
}

}  // namespace

class HoverDriftTest : public QObject {
  Q_OBJECT

 private slots:
  void altHoldDriftsNoMoreThanTheEstimateAllows_data() {
    QTest::addColumn<int>("seed");
    for (int seed : {1, 2, 3, 4}) QTest::addRow("seed %d", seed) << seed;
  }
  void altHoldDriftsNoMoreThanTheEstimateAllows() {
    // The vehicle stands 200 s on the ground before it takes off (as in a station session), so
    // the simulated accelerometer's bias has walked: 0.006 m/s^3/sqrt(Hz) (the IMU model) gives
    // sigma 0.006 * sqrt(200 s) = 0.085 m/s^2 per axis, 0.5 deg of "level". GPS velocity cannot
    // tell that bias from a tilt at a constant heading; before the firmware learned it across
    // the thrust axis these flights drifted 23-35 m in 30 s with the true attitude 0.4-0.64 deg
    // off while the estimate read level (measured with this test's qInfo).
    //
    // The bound: the same hover taken off at once (no bias yet) drifts 3.8 m in 30 s on seed 1
    // (build/bin/vsim-fly --airframe s500, ALT_HOLD, take-off at 2 s, 10-40 s): what the GPS-aided
    // tilt itself allows. Learning the bias through a 1 s low-pass (FC_ACCEL_BIAS_TC_S) lets the
    // hover pick up about bias * 1 s before it is learned, 0.085 m/s^2 -> 0.085 m/s, 2.5 m in
    // 30 s per sigma: 3.8 + 2 * 2.5 = 8.8 m; 8 m is asked. The estimate's mean tilt error, which
    // was the bias over g, must be under 0.15 deg (the bias' walk over the 1 s learning and the
    // remaining drag, 0.08 N s/m at 0.2 m/s on 1.26 kg: 0.013 m/s^2, 0.07 deg, twice that).
    QFETCH(int, seed);
    const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
    Scenario s;
    s.duration_s = 250.0;
    s.mode = VAYU_MODE_ALT_HOLD;
    s.timeline.push_back(throttle(0.0, 0.0f));
    ScenarioEvent arm;
    arm.t_s = 200.0;
    arm.arm = true;
    s.timeline.push_back(arm);
    s.timeline.push_back(throttle(200.5, 0.8f));
    s.timeline.push_back(throttle(204.0, 0.5f));
    Eigen::Vector3d p0 = Eigen::Vector3d::Zero(), p1 = Eigen::Vector3d::Zero();
    double roll_err = 0, pitch_err = 0;
    long n = 0;
    bool armed = true;
    auto r = vsim::runScenario(m, s, std::uint64_t(seed), [&](const FlightSample& f) {
      if (f.t_s < 215.0) p0 = f.truth.p_W_m;  // the last sample before the window, and ...
      if (f.t_s < 245.0) p1 = f.truth.p_W_m;  // ... before its end
      if (f.t_s >= 215.0 && f.t_s < 245.0) {
        roll_err += f.truth_rpy_rad.x() - f.estimate_rpy_rad.x();
        pitch_err += f.truth_rpy_rad.y() - f.estimate_rpy_rad.y();
        ++n;
        armed = armed && f.armed;
      }
    });
    QVERIFY(r.ok());
    const double drift_m = (p1 - p0).head<2>().norm();
    const double tilt_err_deg = std::hypot(roll_err / double(n), pitch_err / double(n)) * kRad2Deg;
    qInfo("ALT_HOLD 30 s after 200 s on the ground: drift %.2f m, mean tilt error %.3f deg", drift_m, tilt_err_deg);
    QVERIFY(armed);
    QVERIFY(-p0.z() > 1.0);  // flying (about 1.6 m up)
    QCOMPARE_LT(drift_m, 8.0);
    QCOMPARE_LT(tilt_err_deg, 0.15);
  }
};

QTEST_APPLESS_MAIN(HoverDriftTest)
#include "hover_drift_test.moc"
