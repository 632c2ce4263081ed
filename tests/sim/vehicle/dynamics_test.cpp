// Tests of sim/dynamics: conservation laws of the torque-free rigid body (angular momentum and
// energy), the intermediate-axis instability, quaternion drift under RK4, hover, the motor filter, drag.
#include "sim/vehicle/dynamics.h"

#include <QtTest>

#include <map>

namespace {

// A body with products of inertia and one idle rotor (a vehicle needs one), gravity off.
vsim::VehicleModel tumbler(const Eigen::Matrix3d& inertia) {
  vsim::VehicleModel m;
  m.name = "tumbler";
  m.mass_kg = 1.0;
  m.inertia_kgm2 = inertia;
  m.rotor_count = 1;
  m.rotors[0].k_f_N_per_radps2 = 1e-6;
  m.rotors[0].max_speed_radps = 1000;
  m.rotors[0].spin_up_s = m.rotors[0].spin_down_s = 0.02;
  auto r = vsim::finalizeModel(m);
  if (!r) qFatal("%s", r.error().message.c_str());
  return *r;
}

Eigen::Matrix3d skewInertia() {
  Eigen::Matrix3d I;
  I << 0.030, -0.004, 0.002, -0.004, 0.050, -0.003, 0.002, -0.003, 0.070;
  return I;
}

// A symmetric X quad: 1.5 kg, arms 0.25 m, k_f 8.5e-6, k_q 1.4e-7, 1100 rad/s, thrust along −z (up).
vsim::VehicleModel quad() {
  vsim::VehicleModel m;
  m.mass_kg = 1.5;
  m.inertia_kgm2 = Eigen::Vector3d(0.029, 0.029, 0.055).asDiagonal();
  m.rotor_count = 4;
  const double a = 0.25 / std::sqrt(2.0);
  const double pos[4][2] = {{a, a}, {-a, -a}, {a, -a}, {-a, a}};
  const double spin[4] = {1, 1, -1, -1};
  for (int i = 0; i < 4; ++i) {
    vsim::RotorModel& r = m.rotors[i];
    r.position_B_m = {pos[i][0], pos[i][1], 0};
    r.spin = spin[i];
    r.k_f_N_per_radps2 = 8.5e-6;
    r.k_q_Nm_per_radps2 = 1.4e-7;
    r.max_speed_radps = 1100;
    r.spin_up_s = 0.0125;
    r.spin_down_s = 0.025;
  }
  return *vsim::finalizeModel(m);
}

struct Conserved {
  Eigen::Vector3d L_W;
  double energy;
};

Conserved conserved(const vsim::VehicleModel& m, const vsim::VehicleState& s) {
  const Eigen::Vector3d Iw = m.inertia_kgm2 * s.omega_B_radps;
  return {s.q_WB * Iw, 0.5 * s.omega_B_radps.dot(Iw)};  // L = R·I·ω and ½ωᵀIω (no gravity, at rest)
}

}  // namespace

class DynamicsTest : public QObject {
  Q_OBJECT
 private slots:
  void torqueFreeTumbleConservesMomentumAndEnergy();
  void intermediateAxisIsUnstable();
  void majorAxisSpinStaysPut();
  void quaternionDrift();
  void hoverDutyHoldsAltitude();
  void motorFilterIsExactForAnyStep_data();
  void motorFilterIsExactForAnyStep();
  void yawTorqueFollowsSpin();
  void dragActsOnAirRelativeVelocity();
  void sanitiserResetsNonFiniteAndClampsRates();
  void singularTensorIsRefused();
};

void DynamicsTest::torqueFreeTumbleConservesMomentumAndEnergy() {
  // Torque-free: world angular momentum L = R·I·ω and rotational energy ½ωᵀIω stay constant
  // (Euler's equations conserve both). 60 s at 8 kHz with RK4: both within 1e-9 relative.
  const vsim::VehicleModel m = tumbler(skewInertia());
  const vsim::StepConstants k = vsim::makeStepConstants(m, 1.0 / 8000);
  vsim::StepInputs in;
  in.gravity = false;
  vsim::VehicleState s;
  s.omega_B_radps = {1.0, 2.0, -0.5};
  const Conserved start = conserved(m, s);
  double worst_L = 0, worst_E = 0;
  for (int step = 0; step < 60 * 8000; ++step) {
    vsim::stepVehicle(m, k, in, s);
    if (step % 800 == 0) {
      const Conserved now = conserved(m, s);
      worst_L = std::max(worst_L, (now.L_W - start.L_W).norm() / start.L_W.norm());
      worst_E = std::max(worst_E, std::abs(now.energy - start.energy) / start.energy);
    }
  }
  qInfo("60 s tumble: max |ΔL|/|L| = %.3g, max |ΔE|/E = %.3g", worst_L, worst_E);
  QCOMPARE_LE(worst_L, 1e-9);
  QCOMPARE_LE(worst_E, 1e-9);
  // The body really tumbled: the products of inertia moved rate between axes.
  QVERIFY((s.omega_B_radps - Eigen::Vector3d(1.0, 2.0, -0.5)).norm() > 0.1);
}

void DynamicsTest::intermediateAxisIsUnstable() {
  // Spin about the intermediate principal axis with a 0.1 % disturbance flips over
  // (Euler's equations for principal axes: the middle axis is unstable).
  const vsim::VehicleModel m = tumbler(Eigen::Vector3d(1.0, 2.0, 3.0).asDiagonal());
  const vsim::StepConstants k = vsim::makeStepConstants(m, 1.0 / 8000);
  vsim::StepInputs in;
  in.gravity = false;
  vsim::VehicleState s;
  s.omega_B_radps = {1e-3, 2.0, 1e-3};
  double lowest_wy = 2.0;
  for (int step = 0; step < 30 * 8000; ++step) {
    vsim::stepVehicle(m, k, in, s);
    lowest_wy = std::min(lowest_wy, s.omega_B_radps.y());
  }
  QVERIFY2(lowest_wy < -1.9, qPrintable(QString::number(lowest_wy)));
}

void DynamicsTest::majorAxisSpinStaysPut() {
  // The same disturbance on a spin about the major (or minor) axis stays small: stable.
  const vsim::VehicleModel m = tumbler(Eigen::Vector3d(1.0, 2.0, 3.0).asDiagonal());
  const vsim::StepConstants k = vsim::makeStepConstants(m, 1.0 / 8000);
  vsim::StepInputs in;
  in.gravity = false;
  for (int axis : {0, 2}) {
    vsim::VehicleState s;
    s.omega_B_radps = Eigen::Vector3d::Constant(1e-3);
    s.omega_B_radps[axis] = 2.0;
    double worst = 0;
    for (int step = 0; step < 30 * 8000; ++step) {
      vsim::stepVehicle(m, k, in, s);
      worst = std::max(worst, std::abs(s.omega_B_radps[axis] - 2.0));
    }
    QCOMPARE_LE(worst, 1e-5);
  }
}

void DynamicsTest::quaternionDrift() {
  // RK4 steps off the unit sphere a little every step (it does not preserve |q| = 1). Constant
  // body rate of 2 rad/s for 60 s: at 8 kHz and 1 kHz the drift without renormalising stays near
  // machine zero (its local error is O(dt⁵)); at 50 Hz the truncation error shows and grows far past it. With the
  // renormalisation the norm is 1 to rounding at every step and rate.
  const vsim::VehicleModel m = tumbler(Eigen::Vector3d(1.0, 1.0, 1.0).asDiagonal());  // ω stays constant
  vsim::StepInputs in;
  in.gravity = false;
  std::map<int, double> drift;
  for (int rate_hz : {8000, 1000, 50}) {
    const vsim::StepConstants k = vsim::makeStepConstants(m, 1.0 / rate_hz);
    vsim::VehicleState free_run, renormalised;
    free_run.omega_B_radps = renormalised.omega_B_radps = Eigen::Vector3d(1.2, -1.0, 1.2);
    double worst_renormalised = 0;
    for (int step = 0; step < 60 * rate_hz; ++step) {
      vsim::stepVehicleWithoutRenormalising(m, k, in, free_run);
      vsim::stepVehicle(m, k, in, renormalised);
      worst_renormalised = std::max(worst_renormalised, std::abs(renormalised.q_WB.norm() - 1.0));
    }
    drift[rate_hz] = std::abs(free_run.q_WB.norm() - 1.0);
    qInfo("%5d Hz: |q| drift after 60 s without renormalising %.3g, with %.3g", rate_hz, drift[rate_hz],
          worst_renormalised);
    QCOMPARE_LE(worst_renormalised, 4.0 * std::numeric_limits<double>::epsilon());
  }
  QCOMPARE_LE(drift[8000], 1e-12);
  QCOMPARE_LE(drift[1000], 1e-12);
  QVERIFY(drift[50] > 100 * std::max(drift[8000], drift[1000]));
}

void DynamicsTest::hoverDutyHoldsAltitude() {
  // At the hover duty, with the motors at their steady speed, thrust = m·g: zero vertical
  // acceleration (closed form: duty = sqrt(m g / (Σ k_f ω_max²))).
  const vsim::VehicleModel m = quad();
  const double duty = vsim::hoverDuty(m);
  QCOMPARE_LE(std::abs(duty - std::sqrt(1.5 * 9.80665 / (4 * 8.5e-6 * 1100 * 1100))), 1e-15);
  vsim::StepInputs in;
  in.duty.fill(duty);
  vsim::VehicleState s;
  s.rotor_speed_radps.fill(duty * 1100);
  const vsim::StepConstants k = vsim::makeStepConstants(m, 1.0 / 8000);
  for (int step = 0; step < 8000; ++step) vsim::stepVehicle(m, k, in, s);
  QCOMPARE_LE(s.v_W_mps.norm(), 1e-12);
  QCOMPARE_LE(s.omega_B_radps.norm(), 1e-12);  // balanced spins: no yaw torque
  const auto d = vsim::rigidDerivative(m, k, s.v_W_mps, s.q_WB, s.omega_B_radps, vsim::rotorWrench(m, k, s), in);
  QCOMPARE_LE(std::abs(d.v_dot_W_mps2.z()), 1e-12);
}

void DynamicsTest::motorFilterIsExactForAnyStep_data() {
  QTest::addColumn<double>("dt_s");
  QTest::newRow("8 kHz") << 1.0 / 8000;
  QTest::newRow("1 kHz") << 1.0 / 1000;
  QTest::newRow("100 Hz") << 1.0 / 100;
}

void DynamicsTest::motorFilterIsExactForAnyStep() {
  // From rest, a held command c: ω(t) = c(1 − e^(−t/τ)) (first-order lag, τ = spin-up).
  // The zero-order-hold discretisation meets it at every sample, whatever the step.
  QFETCH(double, dt_s);
  const vsim::VehicleModel m = quad();
  const vsim::StepConstants k = vsim::makeStepConstants(m, dt_s);
  vsim::StepInputs in;
  in.duty.fill(0.6);
  vsim::VehicleState s;
  const int steps = int(std::lround(0.05 / dt_s));
  for (int i = 0; i < steps; ++i) vsim::updateRotorSpeeds(m, k, in, s);
  const double expected = 0.6 * 1100 * (1 - std::exp(-0.05 / 0.0125));
  QCOMPARE_LE(std::abs(s.rotor_speed_radps[0] - expected), 1e-9);
  // And down with the spin-down constant.
  in.duty.fill(0.0);
  const double from = s.rotor_speed_radps[0];
  for (int i = 0; i < steps; ++i) vsim::updateRotorSpeeds(m, k, in, s);
  QCOMPARE_LE(std::abs(s.rotor_speed_radps[0] - from * std::exp(-0.05 / 0.025)), 1e-9);
}

void DynamicsTest::yawTorqueFollowsSpin() {
  // Rotors 0 and 1 spin positively about their axis (up, −z): their drag turns the body the
  // other way, a positive torque about +z (FRD down): τz = 2·k_q·ω² (reaction −spin·k_q·ω²·axis).
  const vsim::VehicleModel m = quad();
  vsim::VehicleState s;
  s.rotor_speed_radps = {800, 800, 0, 0};
  const vsim::Wrench w = vsim::rotorWrench(m, vsim::makeStepConstants(m, 1.0 / 8000), s);
  QCOMPARE_LE(std::abs(w.torque_B_Nm.z() - 2 * 1.4e-7 * 800 * 800), 1e-12);
  QCOMPARE_LE(std::abs(w.torque_B_Nm.x()), 1e-12);  // diagonal pair: no roll or pitch
  QCOMPARE_LE(std::abs(w.force_B_N.z() + 2 * 8.5e-6 * 800 * 800), 1e-12);
}

void DynamicsTest::dragActsOnAirRelativeVelocity() {
  // At rest in a 5 m/s wind from the south (air moving north), linear drag c pushes north:
  // a = c·5/m (drag acts on the air-relative velocity v − w).
  vsim::VehicleModel m = quad();
  m.drag_linear_Ns_per_m = {0.3, 0.3, 0.5};
  vsim::StepInputs in;
  in.gravity = false;
  in.wind_W_mps = {5.0, 0, 0};
  const vsim::VehicleState s;
  const vsim::StepConstants k = vsim::makeStepConstants(m, 1.0 / 8000);
  const auto d = vsim::rigidDerivative(m, k, s.v_W_mps, s.q_WB, s.omega_B_radps, vsim::Wrench{}, in);
  QCOMPARE_LE(std::abs(d.v_dot_W_mps2.x() - 0.3 * 5 / 1.5), 1e-12);
  // Moving with the air: no drag.
  const auto with_air = vsim::rigidDerivative(m, k, in.wind_W_mps, s.q_WB, s.omega_B_radps, vsim::Wrench{}, in);
  QCOMPARE_LE(with_air.v_dot_W_mps2.norm(), 1e-12);
}

void DynamicsTest::sanitiserResetsNonFiniteAndClampsRates() {
  const vsim::VehicleModel m = quad();
  vsim::VehicleState s;
  s.p_W_m = {1, 2, -3};
  s.omega_B_radps = {std::numeric_limits<double>::quiet_NaN(), 0, 0};
  QVERIFY(vsim::sanitiseState(m, s));
  QVERIFY(s.omega_B_radps.allFinite() && s.q_WB.coeffs().allFinite());
  QVERIFY((s.p_W_m - Eigen::Vector3d(1, 2, -3)).norm() == 0);  // the last finite position is kept
  s.omega_B_radps = {1e9, -1e9, 3};
  QVERIFY(!vsim::sanitiseState(m, s));
  QCOMPARE(s.omega_B_radps.x(), vsim::kMaxBodyRate_radps);
  QCOMPARE(s.omega_B_radps.y(), -vsim::kMaxBodyRate_radps);
  QCOMPARE(s.omega_B_radps.z(), 3.0);
}

void DynamicsTest::singularTensorIsRefused() {
  vsim::VehicleModel m = quad();
  m.inertia_kgm2 = Eigen::Vector3d(0.03, 0.03, 0.0).asDiagonal();
  auto r = vsim::finalizeModel(m);
  QVERIFY(!r.ok());
  QVERIFY(r.error().message.find("singular") != std::string::npos);
  m.inertia_kgm2 = Eigen::Vector3d(0.01, 0.01, 0.05).asDiagonal();  // 0.05 > 0.01 + 0.01
  r = vsim::finalizeModel(m);
  QVERIFY(!r.ok());
  QVERIFY(r.error().message.find("not physical") != std::string::npos);
  m.inertia_kgm2(0, 1) = std::numeric_limits<double>::quiet_NaN();
  QVERIFY(!vsim::finalizeModel(m).ok());
}

QTEST_APPLESS_MAIN(DynamicsTest)
#include "dynamics_test.moc"
