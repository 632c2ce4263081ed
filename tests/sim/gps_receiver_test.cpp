// The simulated GPS receiver: its error wanders as a first-order Gauss–Markov
// process (sim/vehicle/vehicle_model.h, GpsModel) plus small white noise, so that a vehicle at
// rest passes the checks an autopilot makes of a real receiver outdoors. The check measured is
// PX4's own (EKF2 gps_checks.cpp at upstream b67c65bf, read for its definition): the change of
// position between fixes over their time apart, low-pass filtered with a 10 s time constant
// (coefficient dt/10 s, the filter's state clamped to ±10× the limit), its horizontal norm
// against EKF2_REQ_HDRIFT = 0.1 m/s and its vertical part against EKF2_REQ_VDRIFT = 0.2 m/s;
// and the filtered GNSS velocity against the same limits.
#include "sim/simulator.h"
#include "sim/world/initial_state.h"

#include "tests/sim/shipped_airframes.h"

#include <QtTest>

#include <cmath>

namespace {

vsim::Simulator make(const vsim::VehicleModel& m, const vsim::SimulatorConfig& config) {
  auto s = vsim::Simulator::create(m, config);
  if (!s) qFatal("%s", s.error().message.c_str());
  return std::move(s).value();
}

// PX4's drift check, fix by fix (the definition above); keeps the worst of each quantity.
struct Px4DriftCheck {
  static constexpr double kReqHdrift = 0.1, kReqVdrift = 0.2, kTimeConstant_s = 10.0;
  bool have_previous = false;
  Eigen::Vector3d previous_NED_m, position_rate_filtered = Eigen::Vector3d::Zero();
  Eigen::Vector2d velocity_filtered = Eigen::Vector2d::Zero();
  double velocity_down_filtered = 0;
  std::int64_t previous_time_us = 0;
  double worst_hdrift = 0, worst_vdrift = 0, worst_hspeed = 0, worst_vspeed = 0;

  void take(const Eigen::Vector3d& p_NED_m, const Eigen::Vector3d& v_NED_mps, std::int64_t time_us) {
    if (!have_previous) {
      have_previous = true;
      previous_NED_m = p_NED_m;
      previous_time_us = time_us;
    }
    const double dt = std::clamp(double(time_us - previous_time_us) * 1e-6, 0.001, kTimeConstant_s);
    const double k = dt / kTimeConstant_s;
    const Eigen::Vector3d limit(kReqHdrift, kReqHdrift, kReqVdrift);
    position_rate_filtered = ((p_NED_m - previous_NED_m) / dt * k + position_rate_filtered * (1 - k))
                                 .cwiseMax(-10 * limit)
                                 .cwiseMin(10 * limit);
    const Eigen::Vector2d v_NE = v_NED_mps.head<2>().cwiseMax(-10 * kReqHdrift).cwiseMin(10 * kReqHdrift);
    velocity_filtered = v_NE * k + velocity_filtered * (1 - k);
    velocity_down_filtered =
        std::clamp(v_NED_mps.z(), -10 * kReqVdrift, 10 * kReqVdrift) * k + velocity_down_filtered * (1 - k);
    worst_hdrift = std::max(worst_hdrift, position_rate_filtered.head<2>().norm());
    worst_vdrift = std::max(worst_vdrift, std::abs(position_rate_filtered.z()));
    worst_hspeed = std::max(worst_hspeed, velocity_filtered.norm());
    worst_vspeed = std::max(worst_vspeed, std::abs(velocity_down_filtered));
    previous_NED_m = p_NED_m;
    previous_time_us = time_us;
  }
};

// The receiver's NED position of the latest fix.
Eigen::Vector3d fixNed(const vsim::Simulator& sim) {
  const vsim::GpsSample& fix = sim.frame().gps;
  return vsim::geodeticToNed(sim.model().gps, sim.model().baro.home_altitude_m, fix.latitude_deg, fix.longitude_deg,
                             fix.altitude_m);
}

}  // namespace

class GpsReceiverTest : public QObject {
  Q_OBJECT
 private slots:
  void atRestPassesPx4sDriftCheckForTenMinutes();
  void wanderIsGaussMarkovWithItsSigmaAndTimeConstant();
  void gpsHasItsOwnGenerator();
};

void GpsReceiverTest::atRestPassesPx4sDriftCheckForTenMinutes() {
  // A vehicle held still (no gravity, no thrust) for 10 simulated minutes, with the shipped
  // airframe's receiver (σ 0.4 m horizontal wander, τ 60 s, 0.05 m white): from the first fix
  // on, every fix passes. What to expect, per horizontal axis, of the filtered rate: the
  // wander through the filter gives σ/√(T(T+τ)) = 0.4/√(10·70) = 0.015 m/s, the white part
  // about (dt/T)·σw/dt = 0.005 m/s; the norm of two such axes rarely exceeds four of them
  // (0.06 m/s), under the 0.1 m/s limit. Three seeds, as three power-ups of the receiver.
  const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  vsim::SimulatorConfig config;
  config.gravity = false;
  config.imu_rate_hz = 250;  // PX4's rate
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    vsim::Simulator sim = make(m, config);
    sim.reset(seed, vsim::restingState(m));
    Px4DriftCheck check;
    std::int64_t last_fix_us = -1;
    int fixes = 0;
    for (int period = 0; period < 250 * 600; ++period) {
      sim.advanceImuPeriod();
      const vsim::GpsSample& fix = sim.frame().gps;
      if (fix.time_us < 0 || fix.time_us == last_fix_us) continue;
      last_fix_us = fix.time_us;
      ++fixes;
      check.take(fixNed(sim), fix.v_NED_mps, fix.time_us);
    }
    qInfo(
        "seed %d: %d fixes; worst filtered horizontal drift %.4f m/s, vertical %.4f m/s, horizontal speed %.4f m/s, "
        "vertical speed %.4f m/s",
        int(seed), fixes, check.worst_hdrift, check.worst_vdrift, check.worst_hspeed, check.worst_vspeed);
    QCOMPARE(fixes, 6000);  // 10 Hz for 600 s: the fixes of t = 0 … 599.9 s, each reported 0.1 s later
    QCOMPARE_LT(check.worst_hdrift, Px4DriftCheck::kReqHdrift);
    QCOMPARE_LT(check.worst_vdrift, Px4DriftCheck::kReqVdrift);
    QCOMPARE_LT(check.worst_hspeed, Px4DriftCheck::kReqHdrift);
    QCOMPARE_LT(check.worst_vspeed, Px4DriftCheck::kReqVdrift);
  }
}

void GpsReceiverTest::wanderIsGaussMarkovWithItsSigmaAndTimeConstant() {
  // With τ = 1 s, 600 s at rest hold 600 time constants: the error's spread is σ (0.4 m; the
  // sample σ of ~300 independent values is within ±10 % of it with odds far beyond 99.9 %),
  // and fix-to-fix its correlation is exp(−0.1 s / 1 s) = 0.905 (±0.02). No white part here,
  // so the error measured is the wander itself.
  vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  m.gps.drift_time_constant_s = 1.0;
  m.gps.noise_horizontal_m = m.gps.noise_vertical_m = 0.0;
  vsim::SimulatorConfig config;
  config.gravity = false;
  config.imu_rate_hz = 250;
  vsim::Simulator sim = make(m, config);
  sim.reset(7, vsim::restingState(m));
  std::vector<double> north;
  std::int64_t last_fix_us = -1;
  for (int period = 0; period < 250 * 600; ++period) {
    sim.advanceImuPeriod();
    const vsim::GpsSample& fix = sim.frame().gps;
    if (fix.time_us < 0 || fix.time_us == last_fix_us) continue;
    last_fix_us = fix.time_us;
    north.push_back(fixNed(sim).x());
  }
  double mean = 0;
  for (double x : north) mean += x;
  mean /= double(north.size());
  double var = 0, lag1 = 0;
  for (std::size_t i = 0; i < north.size(); ++i) {
    var += (north[i] - mean) * (north[i] - mean);
    if (i > 0) lag1 += (north[i] - mean) * (north[i - 1] - mean);
  }
  const double sigma = std::sqrt(var / double(north.size())), correlation = lag1 / var;
  qInfo("%zu fixes: σ %.4f m (model 0.4), fix-to-fix correlation %.4f (exp(-0.1) = %.4f)", north.size(), sigma,
        correlation, std::exp(-0.1));
  QCOMPARE_LT(std::abs(sigma - 0.4), 0.04);
  QCOMPARE_LT(std::abs(correlation - std::exp(-0.1)), 0.02);
}

void GpsReceiverTest::gpsHasItsOwnGenerator() {
  // The receiver draws from its own generator: a different GPS error leaves every other
  // sensor's noise bit for bit as it was (as wind and motor jitter do: each has a generator salted from the master
  // seed).
  vsim::VehicleModel a = loadShippedAirframe("s500.yaml");
  vsim::VehicleModel b = a;
  b.gps.drift_horizontal_m = 3.0;
  b.gps.noise_velocity_mps = 0.5;
  vsim::Simulator sa = make(a, {}), sb = make(b, {});
  sa.reset(11, vsim::restingState(a));
  sb.reset(11, vsim::restingState(b));
  for (int period = 0; period < 3000; ++period) {
    sa.advanceImuPeriod();
    sb.advanceImuPeriod();
    QCOMPARE(sa.frame().imu.accel_S_mps2, sb.frame().imu.accel_S_mps2);
    QCOMPARE(sa.frame().imu.gyro_S_radps, sb.frame().imu.gyro_S_radps);
    QCOMPARE(sa.frame().mag.field_S_gauss, sb.frame().mag.field_S_gauss);
    QCOMPARE(sa.frame().baro.pressure_pa, sb.frame().baro.pressure_pa);
  }
  QVERIFY(sa.frame().gps.latitude_deg != sb.frame().gps.latitude_deg);
}

QTEST_APPLESS_MAIN(GpsReceiverTest)
#include "gps_receiver_test.moc"
