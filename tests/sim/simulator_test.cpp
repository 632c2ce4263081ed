// Tests of sim/simulator, sim/sensor_models and sim/wind_model: what the sensors read (specific
// force, not acceleration), the Dryden filter's calibration (the same RMS at any step),
// determinism (seed, cached normals and accumulators all restored by a reset) and the NaN
// defences (docs/design/physics-and-numerics.md explains each).
#include "sim/config/airframe_file.h"
#include "sim/base/frames.h"
#include "sim/world/initial_state.h"
#include "sim/simulator.h"

#include "tests/sim/shipped_airframes.h"

#include <QtTest>

#include <cstring>

namespace {

constexpr double g = 9.80665;

vsim::VehicleModel noiseless(vsim::VehicleModel m) {
  m.imu.gyro = m.imu.accel = m.mag.noise = vsim::NoiseModel{};
  m.baro.noise_pa = 0;
  m.gps.noise_horizontal_m = m.gps.noise_vertical_m = m.gps.noise_velocity_mps = 0;
  m.gps.drift_horizontal_m = m.gps.drift_vertical_m = 0;
  return m;
}

vsim::Simulator make(const vsim::VehicleModel& m, vsim::SimulatorConfig config = {}) {
  auto s = vsim::Simulator::create(m, config);
  if (!s) qFatal("%s", s.error().message.c_str());
  return std::move(s).value();
}

// Everything a run produces at one instant, as bytes, for bit-identical comparison.
QByteArray snapshot(const vsim::Simulator& s) {
  QByteArray b;
  auto put = [&](const auto& v) { b.append(reinterpret_cast<const char*>(&v), sizeof v); };
  put(s.state().p_W_m);
  put(s.state().v_W_mps);
  put(s.state().q_WB.coeffs());
  put(s.state().omega_B_radps);
  put(s.frame().imu.accel_S_mps2);
  put(s.frame().imu.gyro_S_radps);
  put(s.frame().mag.field_S_gauss);
  put(s.frame().baro.pressure_pa);
  put(s.frame().gps.latitude_deg);
  put(s.frame().wind_NED_mps);
  return b;
}

// A duty pattern that excites every axis.
std::array<double, 4> duties(int period) {
  const double t = period * 1e-3;
  return {0.7 + 0.05 * std::sin(7 * t), 0.7 + 0.05 * std::cos(5 * t), 0.72, 0.69 + 0.03 * std::sin(3 * t)};
}

}  // namespace

class SimulatorTest : public QObject {
  Q_OBJECT
 private slots:
  void hoverReadsMinusGOnTheAccelerometer();
  void tiltHeldInPlaceFeelsGravitySideways();
  void restingOnTheGroundReadsMinusG();
  void leverArmTermsAtAnOffCentreImu();
  void mountingRotationTurnsTheAxes();
  void biasWalkStaysWithinItsClamp();
  void drydenRmsIsSigmaAtAnyStep_data();
  void drydenRmsIsSigmaAtAnyStep();
  void sameSeedIsBitIdentical();
  void resetPlugsAllThreeLeaks();
  void noMassPutsTheVehicleUnderTheGround();
  void calmIsCalmAtOnce();
  void windDoesNotChangeSensorNoise();
  void nonFiniteDutiesAreRefused();
  void nonFiniteStateIsReset();
  void absurdRateIsClampedAndFlagged();
  void barometerFollowsIsa();
  void gpsReportsThePastAfterItsLatency();
  void geodeticToNedInvertsNedToGeodetic();
  void magnetometerSeesTheFieldInBodyAxes();
  void badRatesAreRefused();
};

void SimulatorTest::hoverReadsMinusGOnTheAccelerometer() {
  // An accelerometer measures specific force: at rest (here: hovering, thrust = weight) a level
  // airframe reads (0, 0, −g).
  const vsim::VehicleModel m = noiseless(loadShippedAirframe("generic_quad.yaml"));
  vsim::Simulator sim = make(m);
  vsim::VehicleState s = vsim::restingState(m);
  const double duty = vsim::hoverDuty(m);
  for (int i = 0; i < 4; ++i) s.rotor_speed_radps[i] = duty * m.rotors[i].max_speed_radps;
  sim.reset(1, s);
  const std::array<double, 4> hover{duty, duty, duty, duty};
  sim.setDuties(hover);
  for (int i = 0; i < 100; ++i) sim.advanceImuPeriod();
  QCOMPARE_LT((sim.frame().imu.accel_S_mps2 - Eigen::Vector3d(0, 0, -g)).norm(), 1e-9);
  QCOMPARE_LT(sim.frame().imu.gyro_S_radps.norm(), 1e-12);
}

void SimulatorTest::restingOnTheGroundReadsMinusG() {
  // An accelerometer sitting still reads (0, 0, −g) — the ground's push is a
  // non-gravitational force it feels, so a parked vehicle must not read free fall.
  const vsim::VehicleModel m = noiseless(loadShippedAirframe("generic_quad.yaml"));
  vsim::SimulatorConfig config;
  config.world = vsim::World{};  // flat ground at z = 0
  vsim::Simulator sim = make(m, config);
  sim.reset(1, vsim::initialState(m, config.world, {}));
  Eigen::Vector3d mean = Eigen::Vector3d::Zero();
  for (int i = 0; i < 500; ++i) sim.advanceImuPeriod();  // settle
  for (int i = 0; i < 500; ++i) {
    sim.advanceImuPeriod();
    mean += sim.frame().imu.accel_S_mps2 / 500.0;
  }
  QVERIFY2((mean - Eigen::Vector3d(0, 0, -g)).norm() < 1e-3 * g,
           qPrintable(QString("mean %1 %2 %3").arg(mean.x()).arg(mean.y()).arg(mean.z())));
  QVERIFY(sim.counters().contact_steps > 0);
}

void SimulatorTest::tiltHeldInPlaceFeelsGravitySideways() {
  // Hovering in place (zero world acceleration) rolled 20°, the lateral axis reads
  // g·sin 20°: Rᵀ(0, 0, −g) = (0, −g sin φ, −g cos φ) for a roll φ.
  const vsim::VehicleModel m = loadShippedAirframe("generic_quad.yaml");
  const Eigen::Quaterniond q = vsim::frames::quaternionFromEuler({20 * M_PI / 180, 0, 0});
  const Eigen::Vector3d f =
      vsim::specificForceAtImu_B(m, q, Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(), true);
  QCOMPARE_LE(std::abs(f.y() + g * std::sin(20 * M_PI / 180)), 1e-12);
  QCOMPARE_LE(std::abs(f.z() + g * std::cos(20 * M_PI / 180)), 1e-12);
  QCOMPARE_LE(std::abs(f.x()), 1e-12);
}

void SimulatorTest::leverArmTermsAtAnOffCentreImu() {
  // An IMU 0.1 m ahead of the centre of mass, body turning at ω = 3 rad/s about z and
  // speeding up at ω̇ = 2 rad/s²: f = ω̇×r + ω×(ω×r) = (−ω²·0.1, ω̇·0.1, 0) with no gravity.
  vsim::VehicleModel m = loadShippedAirframe("generic_quad.yaml");
  m.imu.position_B_m = {0.1, 0, 0};
  const Eigen::Vector3d f = vsim::specificForceAtImu_B(m, Eigen::Quaterniond::Identity(), {0, 0, 3}, {0, 0, 2},
                                                       Eigen::Vector3d::Zero(), false);
  QCOMPARE_LT((f - Eigen::Vector3d(-0.9, 0.2, 0)).norm(), 1e-12);
  // Under a known rotation the world acceleration is seen in body axes: a = (1, 0, 0) N, yaw 90°.
  const Eigen::Quaterniond yaw90(Eigen::AngleAxisd(M_PI / 2, Eigen::Vector3d::UnitZ()));
  const Eigen::Vector3d f2 =
      vsim::specificForceAtImu_B(m, yaw90, Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(), {1, 0, 0}, false);
  QCOMPARE_LT((f2 - Eigen::Vector3d(0, -1, 0)).norm(), 1e-12);
}

void SimulatorTest::mountingRotationTurnsTheAxes() {
  // An IMU mounted yawed 90° (sensor x along body y): a body roll rate shows on the sensor's
  // −y axis and the hover specific force stays on z (R_SB = R_BSᵀ applied to body vectors).
  vsim::VehicleModel m = noiseless(loadShippedAirframe("generic_quad.yaml"));
  m.imu.R_BS = Eigen::AngleAxisd(M_PI / 2, Eigen::Vector3d::UnitZ()).toRotationMatrix();
  vsim::SimulatorConfig config;
  config.gravity = false;
  vsim::Simulator sim = make(m, config);
  vsim::VehicleState s = vsim::restingState(m);
  s.omega_B_radps = {0.5, 0, 0};
  sim.reset(1, s);
  QCOMPARE_LT((sim.frame().imu.gyro_S_radps - Eigen::Vector3d(0, -0.5, 0)).norm(), 1e-12);
}

void SimulatorTest::biasWalkStaysWithinItsClamp() {
  // No white noise, a fast random walk and a 0.01 rad/s clamp: at rest the gyro reads its bias
  // alone, which wanders but never leaves ±0.01 rad/s per axis; reset returns it to zero.
  vsim::VehicleModel m = noiseless(loadShippedAirframe("generic_quad.yaml"));
  m.imu.gyro = vsim::NoiseModel{0.0, 0.05, 0.01};
  vsim::SimulatorConfig config;
  config.gravity = false;
  vsim::Simulator sim = make(m, config);
  sim.reset(3, vsim::restingState(m));
  double largest = 0;
  for (int i = 0; i < 5000; ++i) {
    sim.advanceImuPeriod();
    largest = std::max(largest, sim.frame().imu.gyro_S_radps.cwiseAbs().maxCoeff());
  }
  QCOMPARE_LE(largest, 0.01);
  QVERIFY(largest > 0.009);  // it did reach the clamp: 5 s of 0.05 rad/s/√s walks ≈ 0.11 rad/s
  sim.reset(3, vsim::restingState(m));
  QCOMPARE_LE(sim.frame().imu.gyro_S_radps.norm(), 0.05 * std::sqrt(0.001) * 5);  // one step from zero
}

void SimulatorTest::drydenRmsIsSigmaAtAnyStep_data() {
  QTest::addColumn<double>("sigma");
  QTest::addColumn<double>("dt_s");
  for (double sigma : {0.5, 1.0, 2.0, 3.0, 4.0})
    for (double dt : {0.001, 0.005, 0.020})
      QTest::newRow(qPrintable(QString("sigma %1 dt %2 ms").arg(sigma).arg(dt * 1000))) << sigma << dt;
}

void SimulatorTest::drydenRmsIsSigmaAtAnyStep() {
  // The filter's driving noise is scaled by sqrt(1 − a²), so its stationary variance is σ²
  // exactly (a first-order Gauss–Markov process): the RMS is σ at every dt, within ±10 %. Airspeed 10 m/s,
  // scale 20 m (correlation time 2 s), 1000 s of turbulence per case, three axes pooled.
  QFETCH(double, sigma);
  QFETCH(double, dt_s);
  vsim::WindSettings w;
  w.turbulence_sigma_mps = sigma;
  w.length_scale_m = {20, 20, 20};
  std::mt19937_64 rng(2024);
  std::normal_distribution<double> normal;
  Eigen::Vector3d u = Eigen::Vector3d::Zero();
  const int warmup = int(20 / dt_s), steps = int(1000 / dt_s);
  double sum_sq = 0;
  for (int i = 0; i < warmup + steps; ++i) {
    const double a = normal(rng), b = normal(rng), c = normal(rng);
    vsim::stepDryden(w, 10.0, dt_s, {a, b, c}, u);
    if (i >= warmup) sum_sq += u.squaredNorm();
  }
  const double rms = std::sqrt(sum_sq / (3.0 * steps));
  QVERIFY2(std::abs(rms / sigma - 1.0) < 0.10, qPrintable(QString("RMS %1 for σ %2").arg(rms).arg(sigma)));
}

void SimulatorTest::sameSeedIsBitIdentical() {
  vsim::SimulatorConfig config;
  config.wind.turbulence_sigma_mps = 1.5;
  config.motor_jitter = 0.01;
  const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  vsim::Simulator a = make(m, config), b = make(m, config);
  a.reset(99, vsim::restingState(m));
  b.reset(99, vsim::restingState(m));
  for (int i = 0; i < 2000; ++i) {
    a.setDuties(duties(i));
    b.setDuties(duties(i));
    a.advanceImuPeriod();
    b.advanceImuPeriod();
    QVERIFY(snapshot(a) == snapshot(b));
  }
  QVERIFY(a.state().p_W_m.norm() > 0.01);  // it did fly
}

void SimulatorTest::resetPlugsAllThreeLeaks() {
  // After any amount of flying, reset(seed) must equal a fresh run with that seed: the
  // engines reseeded, the normal distributions' cached values dropped, the bias walks and
  // the turbulence zeroed. 1,337 periods leave an odd number of normals drawn.
  vsim::SimulatorConfig config;
  config.wind.turbulence_sigma_mps = 2.0;
  config.motor_jitter = 0.01;
  const vsim::VehicleModel m = loadShippedAirframe("generic_quad.yaml");
  vsim::Simulator used = make(m, config), fresh = make(m, config);
  used.reset(7, vsim::restingState(m));
  for (int i = 0; i < 1337; ++i) {
    used.setDuties(duties(i));
    used.advanceImuPeriod();
  }
  used.reset(42, vsim::restingState(m));
  fresh.reset(42, vsim::restingState(m));
  QVERIFY(snapshot(used) == snapshot(fresh));
  for (int i = 0; i < 1000; ++i) {
    used.setDuties(duties(i));
    fresh.setDuties(duties(i));
    used.advanceImuPeriod();
    fresh.advanceImuPeriod();
  }
  QVERIFY(snapshot(used) == snapshot(fresh));
}

void SimulatorTest::noMassPutsTheVehicleUnderTheGround() {
  // However heavy, a vehicle whose centre of mass is inside its hull stays on the ground (a
  // wrong mass once sank a vehicle through it): the S500 at 1000 t, motors at full, dropped
  // from 0.5 m, for 3 s. The contact model keeps the hull out, so the centre of mass stays at least its lowest contact
  // point's height above the ground, less the push-out's tolerance.
  const vsim::VehicleModel s500 = loadShippedAirframe("s500.yaml");
  for (const double mass : {1e3, 1e6}) {
    const auto heavy =
        vsim::withMassProperties(s500, {mass, s500.com_file_m, s500.inertia_kgm2 * (mass / s500.mass_kg)});
    QVERIFY(heavy.ok());
    vsim::SimulatorConfig ground;
    ground.world = vsim::World{};  // flat ground at 0 m
    vsim::Simulator sim = make(heavy.value(), ground);
    const vsim::VehicleState resting = vsim::initialState(heavy.value(), ground.world, {});
    vsim::VehicleState start = resting;
    start.p_W_m.z() -= 0.5;
    sim.reset(1, start);
    const double rest_height_m = -resting.p_W_m.z();
    double lowest_m = 1e9;
    const std::vector<double> full(std::size_t(heavy.value().rotor_count), 1.0);
    for (int i = 0; i < 3000; ++i) {
      sim.setDuties(full);
      sim.advanceImuPeriod();
      lowest_m = std::min(lowest_m, -sim.state().p_W_m.z());
    }
    qInfo("%.0e kg: resting height %.3f m, lowest %.3f m", mass, rest_height_m, lowest_m);
    QVERIFY(std::isfinite(lowest_m));
    QCOMPARE_GT(lowest_m, rest_height_m - 0.01);
  }
}

void SimulatorTest::calmIsCalmAtOnce() {
  // Choosing Calm must be calm at once: left alone, 0.8–1.0 m/s of "wind" stayed for 20+ s — the Dryden state decays
  // with L/V = 200 s at hover. A new σ rescales the state (σ × a unit process, wind_model.h):
  // σ 0 is zero wind in the next frame; σ halved halves the gust now blowing.
  vsim::SimulatorConfig config;
  config.wind.turbulence_sigma_mps = 2.0;
  const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  vsim::Simulator sim = make(m, config);
  sim.reset(3, vsim::restingState(m));
  for (int i = 0; i < 2000; ++i) sim.advanceImuPeriod();
  const Eigen::Vector3d gust = sim.frame().turbulence_NED_mps;
  QVERIFY(gust.norm() > 0.1);
  vsim::WindSettings half = config.wind;
  half.turbulence_sigma_mps = 1.0;
  sim.setWind(half);
  sim.advanceImuPeriod();
  // One more step of the filter: a = exp(−1 m/s · 1 ms / L) ≈ 1 − 5e-6, plus σ·sqrt(1 − a²)·n ≈ 3e-3·n.
  QCOMPARE_LT((sim.frame().turbulence_NED_mps - 0.5 * gust).norm(), 0.02);
  vsim::WindSettings calm = config.wind;
  calm.turbulence_sigma_mps = 0.0;
  sim.setWind(calm);
  for (int i = 0; i < 100; ++i) {
    sim.advanceImuPeriod();
    QCOMPARE(sim.frame().turbulence_NED_mps, Eigen::Vector3d::Zero());
  }
  // And back: turbulence builds up again from zero.
  sim.setWind(config.wind);
  for (int i = 0; i < 2000; ++i) sim.advanceImuPeriod();
  QVERIFY(sim.frame().turbulence_NED_mps.norm() > 0.0);
}

void SimulatorTest::windDoesNotChangeSensorNoise() {
  // Without drag the wind cannot move the vehicle, so any difference in the IMU would be
  // the wind drawing from the sensors' generator. It has its own, salted from the master seed.
  vsim::VehicleModel m = loadShippedAirframe("generic_quad.yaml");
  m.drag_linear_Ns_per_m.setZero();
  m.drag_quadratic_Ns2_per_m2.setZero();
  vsim::SimulatorConfig calm, windy;
  windy.wind.steady_NED_mps = {3, -2, 0};
  windy.wind.turbulence_sigma_mps = 2.5;
  vsim::Simulator a = make(m, calm), b = make(m, windy);
  a.reset(5, vsim::restingState(m));
  b.reset(5, vsim::restingState(m));
  for (int i = 0; i < 500; ++i) {
    a.setDuties(duties(i));
    b.setDuties(duties(i));
    a.advanceImuPeriod();
    b.advanceImuPeriod();
    QVERIFY(a.frame().imu.accel_S_mps2 == b.frame().imu.accel_S_mps2);
    QVERIFY(a.frame().imu.gyro_S_radps == b.frame().imu.gyro_S_radps);
  }
  QVERIFY(b.frame().wind_NED_mps != a.frame().wind_NED_mps);
}

void SimulatorTest::nonFiniteDutiesAreRefused() {
  const vsim::VehicleModel m = loadShippedAirframe("generic_quad.yaml");
  vsim::Simulator sim = make(m);
  const std::array<double, 4> bad{std::nan(""), std::numeric_limits<double>::infinity(), 0.5,
                                  -std::numeric_limits<double>::infinity()};
  QCOMPARE(sim.setDuties(bad), 3);
  QCOMPARE(sim.counters().rejected_duties, std::int64_t(3));
  for (int i = 0; i < 100; ++i) sim.advanceImuPeriod();
  QVERIFY(sim.state().p_W_m.allFinite() && sim.state().omega_B_radps.allFinite());
  QVERIFY(sim.state().rotor_speed_radps[0] == 0.0 && sim.state().rotor_speed_radps[2] > 0.0);
}

void SimulatorTest::nonFiniteStateIsReset() {
  const vsim::VehicleModel m = loadShippedAirframe("generic_quad.yaml");
  vsim::Simulator sim = make(m);
  vsim::VehicleState poisoned = vsim::restingState(m, {1, 2, -3});
  poisoned.v_W_mps.x() = std::nan("");
  sim.reset(1, poisoned);
  sim.advanceImuPeriod();
  QCOMPARE(sim.counters().sanitiser_resets, std::int64_t(1));
  QVERIFY(sim.state().v_W_mps.allFinite());
  QVERIFY(sim.frame().imu.accel_S_mps2.allFinite() && sim.frame().imu.gyro_S_radps.allFinite());
}

void SimulatorTest::absurdRateIsClampedAndFlagged() {
  // The lander's gyro reads up to 100 °/s (its airframe file); a 3 rad/s spin exceeds it: the reading
  // saturates at the range and the frame says so. An absurd 1e6 rad/s is clamped, never NaN.
  const vsim::VehicleModel m = noiseless(loadShippedAirframe("lander_004.yaml"));
  vsim::Simulator sim = make(m);
  vsim::VehicleState s = vsim::restingState(m);
  s.omega_B_radps = {0, 3, 0};
  sim.reset(1, s);
  sim.advanceImuPeriod();
  QVERIFY(sim.frame().imu.gyro_saturated);
  QCOMPARE_LE(std::abs(sim.frame().imu.gyro_S_radps.y() - m.imu.gyro_range_radps), 1e-12);
  QCOMPARE(sim.counters().gyro_saturations, std::int64_t(2));  // the frame at reset and the one after
  s.omega_B_radps = {1e6, -1e6, 1e6};
  sim.reset(1, s);
  for (int i = 0; i < 50; ++i) sim.advanceImuPeriod();
  QVERIFY(sim.state().omega_B_radps.allFinite());
  QVERIFY(sim.state().omega_B_radps.cwiseAbs().maxCoeff() <= vsim::kMaxBodyRate_radps);
  QVERIFY(sim.frame().imu.accel_S_mps2.allFinite());
}

void SimulatorTest::barometerFollowsIsa() {
  // ISA at 100 m: T = 288.15 − 0.65 = 287.5 K, p = 101325·(287.5/288.15)^5.25588 = 100129.4 Pa.
  const vsim::VehicleModel m = noiseless(loadShippedAirframe("generic_quad.yaml"));
  vsim::Simulator sim = make(m);
  sim.reset(1, vsim::restingState(m, {0, 0, -100}));
  QCOMPARE_LE(std::abs(sim.frame().baro.pressure_pa - 100129.4), 0.1);
  QCOMPARE_LE(std::abs(sim.frame().baro.temperature_degc - 14.35), 1e-9);
  QCOMPARE_LE(std::abs(sim.frame().baro.altitude_m - 100.0), 1e-6);
}

void SimulatorTest::gpsReportsThePastAfterItsLatency() {
  // Moving north at 10 m/s without gravity or drag, the 10 Hz fix carries the position of
  // 0.1 s (the latency) before it is reported: 1 m behind. 1 m north = 1/6378137 rad of latitude.
  vsim::VehicleModel m = noiseless(loadShippedAirframe("generic_quad.yaml"));
  m.drag_linear_Ns_per_m.setZero();
  m.drag_quadratic_Ns2_per_m2.setZero();
  vsim::SimulatorConfig config;
  config.gravity = false;
  vsim::Simulator sim = make(m, config);
  vsim::VehicleState s = vsim::restingState(m);
  s.v_W_mps = {10, 0, 0};
  sim.reset(1, s);
  for (int i = 0; i < 500; ++i) sim.advanceImuPeriod();  // 0.5 s
  const vsim::GpsSample& fix = sim.frame().gps;
  QCOMPARE(fix.time_us, std::int64_t(400000));
  const double north_m = (fix.latitude_deg - m.gps.home_latitude_deg) * M_PI / 180 * 6378137.0;
  QCOMPARE_LE(std::abs(north_m - 4.0), 1e-6);
  QCOMPARE_LE(std::abs(sim.state().p_W_m.x() - 5.0), 1e-9);
  QCOMPARE_LT((fix.v_NED_mps - Eigen::Vector3d(10, 0, 0)).norm(), 1e-12);
}

void SimulatorTest::geodeticToNedInvertsNedToGeodetic() {
  // The flat-earth map and its inverse: a point 1 km north, 2 km west and 300 m up of the home
  // comes back to within float rounding of itself (both are linear in the offsets).
  const vsim::VehicleModel m = loadShippedAirframe("generic_quad.yaml");
  const Eigen::Vector3d p_NED_m(1000.0, -2000.0, -300.0);
  double lat = 0, lon = 0, alt = 0;
  vsim::nedToGeodetic(m.gps, m.baro.home_altitude_m, p_NED_m, lat, lon, alt);
  QCOMPARE_LE(std::abs(alt - (m.baro.home_altitude_m + 300.0)), 1e-9);
  // 1 km north is 1000/6378137 rad of latitude (sensor_models.h: the WGS-84 equatorial radius).
  QCOMPARE_LE(std::abs((lat - m.gps.home_latitude_deg) - 1000.0 / 6378137.0 * 180.0 / M_PI), 1e-12);
  const Eigen::Vector3d back = vsim::geodeticToNed(m.gps, m.baro.home_altitude_m, lat, lon, alt);
  QCOMPARE_LT((back - p_NED_m).norm(), 1e-6);
}

void SimulatorTest::magnetometerSeesTheFieldInBodyAxes() {
  // Nose east (yaw 90°): the north component of the field lies along −y body, east along +x.
  const vsim::VehicleModel m = noiseless(loadShippedAirframe("generic_quad.yaml"));
  vsim::Simulator sim = make(m);
  vsim::VehicleState s = vsim::restingState(m);
  s.q_WB = Eigen::AngleAxisd(M_PI / 2, Eigen::Vector3d::UnitZ());
  sim.reset(1, s);
  const Eigen::Vector3d& f = m.mag.field_NED_gauss;
  QCOMPARE_LT((sim.frame().mag.field_S_gauss - Eigen::Vector3d(f.y(), -f.x(), f.z())).norm(), 1e-12);
}

void SimulatorTest::badRatesAreRefused() {
  const vsim::VehicleModel m = loadShippedAirframe("generic_quad.yaml");
  vsim::SimulatorConfig c;
  c.physics_rate_hz = 7000;
  QVERIFY(!vsim::Simulator::create(m, c).ok());
  c.physics_rate_hz = 8000;
  c.wind.turbulence_sigma_mps = -1;
  QVERIFY(!vsim::Simulator::create(m, c).ok());
}

QTEST_APPLESS_MAIN(SimulatorTest)
#include "simulator_test.moc"
