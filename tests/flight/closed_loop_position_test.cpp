// The flight core flying the simulator in lockstep (flight/flight_runner): estimator, control
// loops, modes and failsafe, each against a threshold written here. Scenarios start on the
// ground (the estimator aligns at rest), take off in ALT_HOLD to about 3 m, then do their part.
// This file: POSITION mode: holding a point, flying a velocity, a wind step, no GPS.
#include "sim/config/airframe_file.h"
#include "tests/flight/closed_loop_support.h"
#include "tests/sim/shipped_airframes.h"

#include <QtTest>

#include <cmath>

using namespace closed_loop;

class ClosedLoopPositionTest : public QObject {
  Q_OBJECT

 private slots:
  void positionHoldsThePointForFiveMinutes();
  void positionStickFliesAVelocityThenHolds();
  void positionHoldsAgainstAWindStep();
  void positionWithoutGpsIsRefused();
};

void ClosedLoopPositionTest::positionHoldsThePointForFiveMinutes() {
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

void ClosedLoopPositionTest::positionStickFliesAVelocityThenHolds() {
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

void ClosedLoopPositionTest::positionHoldsAgainstAWindStep() {
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

void ClosedLoopPositionTest::positionWithoutGpsIsRefused() {
  // Without the GPS aid (ATT_GPS_K 0) nothing knows the velocity: the mode change is refused
  // and the vehicle stays in ALT_HOLD.
  const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  Scenario s = positionHover(12.0);
  s.params.push_back({"ATT_GPS_K", 0.0});
  const std::vector<FlightSample> v = fly(m, s, 1);
  QCOMPARE(int(v.back().mode), int(VAYU_MODE_ALT_HOLD));
  QVERIFY(v.back().armed);
}

QTEST_APPLESS_MAIN(ClosedLoopPositionTest)
#include "closed_loop_position_test.moc"
