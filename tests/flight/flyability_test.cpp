// The bounds of what the ground station flies (flight/flyability.h, sim/vehicle/vehicle_model.h),
// each at and around its closed form: the firmware's hover-thrust range, the mass below which RK4
// at 125 µs no longer steps the drag, the inertia below which the rotors' torque outruns the gyro
// within one control step. Every shipped airframe flies; the absurd bodies do not.
#include "firmware/core/fc_params.h"
#include "flight/flight_runner.h"
#include "flight/flyability.h"
#include "sim/vehicle/dynamics.h"
#include "tests/sim/shipped_airframes.h"

#include <Eigen/Eigenvalues>
#include <QtTest>

#include <cmath>

namespace {

constexpr double kDt_s = 1.0 / 8000.0;  // the simulator's physics step (SimulatorConfig::physics_rate_hz)

bool mentions(const std::vector<std::string>& problems, const char* words) {
  for (const std::string& p : problems)
    if (p.find(words) != std::string::npos) return true;
  return false;
}

QString joined(const std::vector<std::string>& problems) {
  QStringList l;
  for (const std::string& p : problems) l << QString::fromStdString(p);
  return l.join(" | ");
}

// The S500 with mass `mass_kg` and its tensor scaled by `inertia_scale`, about its own centre.
vsim::VehicleModel s500With(double mass_kg, double inertia_scale) {
  const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  auto body = vsim::withMassProperties(m, {mass_kg, m.com_file_m, m.inertia_kgm2 * inertia_scale});
  if (!body) qFatal("%s", body.error().message.c_str());
  return body.value();
}

// Full thrust along the first rotor's axis [N]: the S500's four rotors, k_f·ω_max² each
// (resources/airframes/s500.yaml: 9.4e-6 N/(rad/s)², 940 rad/s, bias 1).
constexpr double kS500FullThrust_N = 4.0 * 9.4e-6 * 940.0 * 940.0;

}  // namespace

class FlyabilityTest : public QObject {
  Q_OBJECT

 private slots:
  void everyShippedAirframeFlies() {
    for (const char* file :
         {"s500.yaml", "generic_quad.yaml", "heavy_650.yaml", "hex_550.yaml", "lander_004.yaml", "racer_5in.yaml"}) {
      const vsim::VehicleModel m = loadShippedAirframe(file);
      const std::vector<std::string> problems = vsim::flightProblems(m);
      const Eigen::Vector3d moments =
          Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(m.inertia_kgm2, Eigen::EigenvaluesOnly).eigenvalues();
      const Eigen::Vector3d smallest = vsim::smallestResolvedInertia_kgm2(m, {});
      qInfo("%-18s TW %.2f, mass %.3g kg (lightest %.3g), moments/smallest %.0f %.0f %.0f", file,
            vsim::thrustToWeight(m), m.mass_kg, vsim::lightestStableMass_kg(m, kDt_s), moments[0] / smallest[0],
            moments[1] / smallest[1], moments[2] / smallest[2]);
      QVERIFY2(problems.empty(), qPrintable(QString(file) + ": " + joined(problems)));
    }
  }

  void rk4LimitIsTheRootOfItsAmplification() {
    // R(z) = 1 + z + z²/2 + z³/6 + z⁴/24 is the factor RK4 multiplies e^(λt) by per step.
    auto R = [](double z) { return 1 + z + z * z / 2 + z * z * z / 6 + z * z * z * z / 24; };
    const double x = vsim::kRk4RealStabilityLimit;
    QCOMPARE_LT(std::abs(R(-x) - 1.0), 1e-14);
    QCOMPARE_LT(std::abs(R(-x * (1 - 1e-6))), 1.0);
    QCOMPARE_GT(std::abs(R(-x * (1 + 1e-6))), 1.0);
  }

  void lightestMassIsWhereTheRealStepDiverges() {
    // Linear drag only (c = 0.1 N·s/m on every axis, no quadratic term, no damping): v̇ = −c/m·v
    // exactly, so the bound is m = c·dt/2.785…; the real physics step (stepVehicle, motors
    // stopped, no gravity) decays a 10 m/s velocity just above it and amplifies it just below.
    vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
    m.drag_linear_Ns_per_m = Eigen::Vector3d::Constant(0.1);
    m.drag_quadratic_Ns2_per_m2.setZero();
    const double lightest_kg = vsim::lightestStableMass_kg(m, kDt_s);
    QCOMPARE_LT(std::abs(lightest_kg - 0.1 * kDt_s / vsim::kRk4RealStabilityLimit), 1e-18);
    for (const double factor : {1.01, 0.99}) {
      vsim::VehicleModel body = m;
      body.mass_kg = lightest_kg * factor;
      body.inertia_kgm2 = m.inertia_kgm2 * (body.mass_kg / m.mass_kg);
      auto fin = vsim::finalizeModel(body);
      QVERIFY(fin.ok());
      const vsim::StepConstants k = vsim::makeStepConstants(fin.value(), kDt_s);
      vsim::StepInputs in;
      in.gravity = false;
      vsim::VehicleState s;
      s.v_W_mps = Eigen::Vector3d(10, 0, 0);
      for (int i = 0; i < 2000; ++i) vsim::stepVehicle(fin.value(), k, in, s);
      if (factor > 1)
        QCOMPARE_LT(s.v_W_mps.norm(), 10.0);  // |R| < 1: it decays
      else
        QCOMPARE_GT(s.v_W_mps.norm(), 10.0);  // |R| > 1: each step amplifies
      QCOMPARE(mentions(vsim::flyabilityProblems(fin.value()), "too light to simulate"), factor < 1);
    }
    // With quadratic drag, linearised at the fastest air speed the state holds (√3·1000 m/s):
    // the S500's z axis, 0.12 + 2·0.03·1732.05 N·s/m (resources/airframes/s500.yaml), is the stiffest.
    const vsim::VehicleModel s500 = loadShippedAirframe("s500.yaml");
    QCOMPARE_LT(std::abs(vsim::lightestStableMass_kg(s500, kDt_s) -
                         (0.12 + 2 * 0.03 * std::sqrt(3.0) * 1000.0) * kDt_s / vsim::kRk4RealStabilityLimit),
                1e-15);
  }

  void smallestInertiaIsTheRotorsTorqueOverTheGyrosRange() {
    // A diagonal tensor, so the principal axes are the body's: yaw (the largest moment, last in
    // ascending order) is turned by the rotors' reaction alone, two ccw rotors at full speed:
    // 2·k_q·ω² = 2·1.5e-7·940² N·m (s500.yaml); in one 1 ms control step it must not pass the
    // gyro's full scale (2000 °/s), so I_z ≥ τ·1 ms / (2000·π/180 rad/s).
    vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
    const double yaw_torque_Nm = 2 * 1.5e-7 * 940.0 * 940.0;
    QCOMPARE_LT(std::abs(vsim::maxRotorTorque_Nm(m, Eigen::Vector3d::UnitZ()) - yaw_torque_Nm), 1e-12);
    const double smallest_yaw_kgm2 = yaw_torque_Nm * 1e-3 / (2000.0 * M_PI / 180.0);
    m.inertia_kgm2 = Eigen::Vector3d(0.012, 0.013, 0.022).asDiagonal();
    auto fin = vsim::finalizeModel(m);
    QVERIFY(fin.ok());
    const Eigen::Vector3d smallest = vsim::smallestResolvedInertia_kgm2(fin.value(), {kDt_s, 1e-3});
    QCOMPARE_LT(std::abs(smallest[2] - smallest_yaw_kgm2), 1e-15);
    // The whole tensor scaled to put its nearest moment at 1.01 and 0.99 times its bound.
    double nearest = 1e300;
    for (int k = 0; k < 3; ++k) nearest = std::min(nearest, fin.value().inertia_kgm2.diagonal()[k] / smallest[k]);
    for (const double factor : {1.01, 0.99}) {
      vsim::VehicleModel scaled = fin.value();
      scaled.inertia_kgm2 *= factor / nearest;
      const auto problems = vsim::flyabilityProblems(vsim::finalizeModel(scaled).value());
      QVERIFY2(mentions(problems, "inertia is too small") == (factor < 1), qPrintable(joined(problems)));
    }
  }

  void thrustToWeightWithinTheFirmwaresHoverRange() {
    // HOVER_THRUST = 1/TW, accepted from 0.05 to 0.9 (firmware/core/fc_params.h): TW 1.11 to 20.
    // The S500's MOT_IDLE is the default 0.06, whose idle lifts 0.0036 of full thrust: no tighter.
    const vsim::ThrustToWeightRange range = vsim::firmwareThrustToWeightRange(loadShippedAirframe("s500.yaml"));
    QCOMPARE(range.lowest, 1.0 / double(0.9f));
    QCOMPARE(range.highest, 1.0 / double(0.05f));
    const double g = 9.80665;
    struct Case {
      double tw;
      bool flies;
    };
    // (1e-4 either side: HOVER_THRUST goes to the firmware as a float.)
    for (const Case c : {Case{range.lowest * 0.9999, false}, Case{range.lowest * 1.0001, true},
                         Case{range.highest * 0.9999, true}, Case{range.highest * 1.0001, false}}) {
      const double mass_kg = kS500FullThrust_N / (g * c.tw);
      const vsim::VehicleModel body = s500With(mass_kg, mass_kg / 1.2);  // (about the S500's density)
      QCOMPARE_LT(std::abs(vsim::thrustToWeight(body) / c.tw - 1.0), 1e-12);
      const auto problems = vsim::flightProblems(body);
      QVERIFY2(problems.empty() == c.flies, qPrintable(QString::number(c.tw) + ": " + joined(problems)));
      // The firmware's own table agrees: the hover thrust it would be written is taken or refused.
      QCOMPARE(fc_param_check(FC_PARAM_HOVER_THRUST, float(1.0 / c.tw)) == FC_PARAM_OK, c.flies);
      QCOMPARE(vsim::checkAllocation(body).ok(), c.flies);
    }
    // An airframe idling at MOT_IDLE 0.3 (its maximum) lifts 0.09 of full thrust at idle: above
    // TW 1/0.09 = 11.1 it could not come down.
    vsim::VehicleModel idle = loadShippedAirframe("s500.yaml");
    idle.firmware_params.push_back({"MOT_IDLE", 0.3});
    QCOMPARE_LT(std::abs(vsim::firmwareThrustToWeightRange(idle).highest - 1.0 / 0.09), 1e-12);
  }

  void aBoxDrawnInMetresReadAsMillimetresIsRefused() {
    // 0.1 × 0.06 × 0.02 read in mm at 1000 kg/m³: 1.2e-13 m³, m = 1.2e-10 kg, I = m(b² + c²)/12.
    const double m = 1000.0 * 1e-4 * 6e-5 * 2e-5;
    const Eigen::Matrix3d I =
        Eigen::Vector3d(m * (6e-5 * 6e-5 + 2e-5 * 2e-5) / 12, m * (1e-4 * 1e-4 + 2e-5 * 2e-5) / 12,
                        m * (1e-4 * 1e-4 + 6e-5 * 6e-5) / 12)
            .asDiagonal();
    const vsim::VehicleModel s500 = loadShippedAirframe("s500.yaml");
    const auto body = vsim::withMassProperties(s500, {m, s500.com_file_m, I});
    QVERIFY(body.ok());                                        // a valid rigid body …
    const auto problems = vsim::flightProblems(body.value());  // … that nothing here can fly
    qInfo("%s", qPrintable(joined(problems)));
    QVERIFY(mentions(problems, "too light for the flight firmware: thrust-to-weight 2.82e+10"));
    QVERIFY(mentions(problems, "too light to simulate: 1.2e-10 kg"));
    QVERIFY(mentions(problems, "inertia is too small to simulate"));
  }
};

QTEST_APPLESS_MAIN(FlyabilityTest)
#include "flyability_test.moc"
