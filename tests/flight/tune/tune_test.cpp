// The autotuner's parts against closed forms and its promises: the manoeuvres' sticks command
// exactly their references through the firmware's own stick mapping; the step measures of a
// first-order and a second-order response match their textbook values; the cost is the
// written sum; a flight's metrics do not depend on its neighbours or the threads; bad inputs are
// refused by name. The whole search flown is test_tune_search's.
#include "firmware/core/stages.h"
#include "flight/param_file.h"
#include "flight/tune/cmaes.h"
#include "flight/tune/search_start.h"
#include "flight/tune/step_aims.h"
#include "flight/tune/tuner.h"
#include "sim/config/airframe_file.h"
#include "tests/flight/tune/tune_test_support.h"

#include <Eigen/QR>
#include <QtTest>

#include <cmath>
#include <numbers>

using namespace vsim::tune;

namespace {

// Feeds a recorder a response y(t) of a manoeuvre's first edge (no others), at 1 kHz.
FlightMetrics record(const Manoeuvre& m, const std::function<double(double)>& y) {
  MetricsRecorder r(&m);
  const double rate[3] = {0, 0, 0};
  const float duty[4] = {0.5f, 0.5f, 0.5f, 0.5f};
  for (int k = 0; k <= int(kManoeuvreS * 1000); ++k) {
    const double t = k * 1e-3;
    r.add(t, y(t), 0.0, 0.0, 0.0, rate, duty, 4, false);
  }
  return r.finish(kManoeuvreS, 0);
}

// Flies `manoeuvre` once with the defaults on `v` and returns the largest |measured| before
// `until_s` (NaN when the flight could not be flown).
double largestBefore(const vsim::VehicleModel& model, const char* manoeuvre, const vsim::batch::VehicleVariation& v,
                     double until_s) {
  auto e = Experiment::create(model, 1);
  if (!e) return std::nan("");
  const std::vector<FlightCase> cases = {{std::size_t(findManoeuvre(manoeuvre) - &standardManoeuvres()[0]), v, 0}};
  std::vector<Response> responses(1);
  if (!e.value().fly(cases, {}, &responses)) return std::nan("");
  double largest = 0.0;
  for (std::size_t k = 0; k < responses[0].t_s.size() && responses[0].t_s[k] < until_s; ++k)
    largest = std::max(largest, std::abs(responses[0].measured[k]));
  return largest;
}

}  // namespace

class TuneTest : public QObject {
  Q_OBJECT

 private slots:
  // RATE_RP_FF's start from the model (search_start.h). Quad X in closed form: a unit roll command
  // moves each motor's thrust by ±1 of its full thrust Tmax = k_f·bias·ω_max² (fc_mixer_quad_x),
  // so the roll torque is 4·Tmax·|y| and the pitch torque 4·Tmax·|x| for rotors at (±x, ±y);
  // the gain is √(Ixx/(4·Tmax·|y|) · Iyy/(4·Tmax·|x|)). generic_quad has no products of
  // inertia, so the torques lie on the body axes. Only the switched-off values are started.
  void shapingStartsFromTheModel() {
    const vsim::VehicleModel model = airframe("generic_quad");
    QVERIFY(std::abs(model.inertia_kgm2(0, 1)) < 1e-12 && std::abs(model.inertia_kgm2(0, 2)) < 1e-12);
    const vsim::RotorModel& r = model.rotors[0];
    const double t_max = r.k_f_N_per_radps2 * r.bias * r.max_speed_radps * r.max_speed_radps;
    const double x = std::abs(r.position_B_m.x()), y = std::abs(r.position_B_m.y());
    const double expected =
        std::sqrt(model.inertia_kgm2(0, 0) / (4 * t_max * y) * model.inertia_kgm2(1, 1) / (4 * t_max * x));
    // float thrusts in the mixer: 1e-6 relative
    QCOMPARE_LT(std::abs(accelerationFeedforwardOf(model) / expected - 1.0), 1e-5);

    const vsim::ParamList off = {{"ANG_RP_TC", 0.0}, {"RATE_RP_FF", 0.0}, {"ANG_RP_P", 8.0}};
    const vsim::ParamList started = searchStart(off, model, {"ANG_RP_TC", "RATE_RP_FF"});
    QCOMPARE(started[0].second, kShapingStartS);
    QCOMPARE(started[1].second, double(float(accelerationFeedforwardOf(model))));
    QCOMPARE(started[2].second, 8.0);
    // A stage that does not search them leaves them off; a value the vehicle has is kept.
    QCOMPARE(searchStart(off, model, {"ANG_RP_P"})[0].second, 0.0);
    QCOMPARE(searchStart({{"ANG_RP_TC", 0.08}}, model, {"ANG_RP_TC"})[0].second, 0.08);
  }

  // Every shipped multirotor's untuned cascade is separated: its rate loop's crossover — RATE_RP_P
  // over the inertia per unit torque command (accelerationFeedforwardOf, in s²: the rate loop's
  // gain in 1/s) — at least 3 × the angle loop's ANG_RP_P, each from the airframe file's
  // firmware_params over the firmware's defaults (the usual rule for cascaded loops: the inner
  // loop several times faster than the outer, so the outer sees it as nearly immediate).
  // hex_550's file sets RATE_RP_P 0.25 for this: with the default 0.15 its ratio is 2.3 and the
  // angle steps ring (docs/design/tuner.md). The lander is not held to it: behind its
  // engines' 0.1 s valves its own gains cross over at 3.2 /s against an angle loop of 4.1 /s.
  void everyShippedMulticoptersCascadeIsSeparated() {
    for (const char* name : {"s500", "generic_quad", "racer_5in", "heavy_650", "hex_550"}) {
      const vsim::VehicleModel model = airframe(name);
      const auto valueOf = [&](const char* param) {
        for (const auto& [n, v] : model.firmware_params)
          if (n == param) return v;
        return double(fc_param_info(fc_param_find(param))->default_value);
      };
      const double crossover_per_s = valueOf("RATE_RP_P") / accelerationFeedforwardOf(model);
      const double ratio = crossover_per_s / valueOf("ANG_RP_P");
      qInfo("%s: rate loop %.1f /s, angle loop %.1f /s, ratio %.2f", name, crossover_per_s, valueOf("ANG_RP_P"), ratio);
      QVERIFY2(ratio >= 3.0, name);
    }
  }

  // Each manoeuvre's sticks, through the firmware's own mapping (stage_setpoints.c: deadband,
  // then × MAX_ANGLE_DEG / ACRO_RATE_DPS / YAW_RATE_DPS / ALT_VEL_MAX), command the reference.
  void sticksCommandTheReference() {
    fc_params_t p;
    fc_params_defaults(&p);
    const float band = fc_param(&p, FC_PARAM_STICK_DEADBAND);
    for (const Manoeuvre& m : standardManoeuvres()) {
      for (const Edge& e : m.edges) {
        const fc_sticks_t s = sticksAt(m, p, e.t_s + 0.01);
        double commanded = 0.0;
        switch (m.measured) {
          case Measured::RollDeg:
            commanded = fc_deadband(s.roll, band) * fc_param(&p, FC_PARAM_MAX_ANGLE_DEG);
            break;
          case Measured::PitchDeg:
            commanded = -fc_deadband(s.pitch, band) * fc_param(&p, FC_PARAM_MAX_ANGLE_DEG);
            break;
          case Measured::RollRateDps:
            commanded = fc_deadband(s.roll, band) * fc_param(&p, FC_PARAM_ACRO_RATE_DPS);
            break;
          case Measured::PitchRateDps:
            commanded = -fc_deadband(s.pitch, band) * fc_param(&p, FC_PARAM_ACRO_RATE_DPS);
            break;
          case Measured::YawRateDps:
            commanded = fc_deadband(s.yaw, band) * fc_param(&p, FC_PARAM_YAW_RATE_DPS);
            break;
          case Measured::ClimbMps:
            commanded = fc_deadband(2.0f * s.throttle - 1.0f, 2.0f * band) * fc_param(&p, FC_PARAM_ALT_VEL_MAX);
            break;
          case Measured::TiltRmsDeg:
          case Measured::TiltDeg:
          case Measured::HeightM:
            break;
        }
        QVERIFY2(std::abs(commanded - e.value) <= 1e-5 * std::max(1.0, std::abs(e.value)), m.name.c_str());
      }
      // Before the first edge: centred sticks; ALT_HOLD centres the throttle (hold height).
      const fc_sticks_t rest = sticksAt(m, p, 0.0);
      QCOMPARE(rest.roll, 0.0f);
      QCOMPARE(rest.pitch, 0.0f);
      QCOMPARE(rest.yaw, 0.0f);
      QCOMPARE(rest.throttle, m.mode == VAYU_MODE_ALT_HOLD ? 0.5f : fc_param(&p, FC_PARAM_HOVER_THRUST));
    }
  }

  // A first-order response y = A(1 − e^(−t/τ)) to the roll step (A = 10°, τ = 0.05 s, judged
  // over W = 0.5 s): ITAE = τ²(1 − e^(−W/τ)(1 + W/τ)) per edge and no overshoot; it settles
  // within 0.5° at τ·ln(A/0.5) = 0.1498 s. The second edge (back to 0) is the mirror image.
  void firstOrderStepMeasures() {
    const Manoeuvre& m = *findManoeuvre("roll_step");
    const double tau = 0.05, A = 10.0, W = 0.5;
    const auto y = [&](double t) {
      if (t < 1.0) return 0.0;
      if (t < 2.5) return A * (1.0 - std::exp(-(t - 1.0) / tau));
      const double at_release = A * (1.0 - std::exp(-1.5 / tau));
      return at_release * std::exp(-(t - 2.5) / tau);
    };
    const FlightMetrics f = record(m, y);
    const double itae_edge = tau * tau * (1.0 - std::exp(-W / tau) * (1.0 + W / tau));
    QVERIFY2(std::abs(f.itae - 2 * itae_edge) < 0.01 * 2 * itae_edge, qPrintable(QString::number(f.itae)));
    QVERIFY(f.overshoot < 1e-9);
    QVERIFY2(std::abs(f.settling_s - tau * std::log(A / 0.5)) < 0.0015, qPrintable(QString::number(f.settling_s)));
    QCOMPARE(f.diverged, 0.0);
  }

  // Judged where the step ends, not against the reference (a lean the estimator keeps is not the
  // gains' doing, docs/design/tuner.md): a first-order response
  // that comes to rest at 9° of a 10° step (a lean the estimator keeps) has no overshoot and
  // settles within 0.5° of 9° at τ·ln(9/0.5) = 0.1445 s; its ITAE still counts the 1° it misses.
  void judgedWhereTheStepEnds() {
    const Manoeuvre& m = *findManoeuvre("roll_step");
    const double tau = 0.05;
    const auto y = [&](double t) { return t < 1.0 ? 0.0 : t < 2.5 ? 9.0 * (1.0 - std::exp(-(t - 1.0) / tau)) : 0.0; };
    MetricsRecorder r(&m);
    const double rate[3] = {0, 0, 0};
    const float duty[4] = {0.5f, 0.5f, 0.5f, 0.5f};
    for (int k = 0; k <= 2400; ++k) r.add(k * 1e-3, y(k * 1e-3), 0.0, 0.0, 0.0, rate, duty, 4, false);
    const FlightMetrics f = r.finish(2.4, 0);
    QVERIFY(f.overshoot < 1e-12);
    QVERIFY2(std::abs(f.settling_s - tau * std::log(9.0 / 0.5)) < 0.0015, qPrintable(QString::number(f.settling_s)));
    // ITAE over the 0.5 s window includes ∫(t − 1)·(1/10) dt for the 1° left: ≥ 0.1·0.5²/2 = 0.0125.
    QVERIFY2(f.itae > 0.0125, qPrintable(QString::number(f.itae)));
  }

  // A second-order response, ζ = 0.5, ω = 40 rad/s: overshoot exp(−ζπ/√(1−ζ²)) = 16.3 %,
  // measured from where it stood at the edge (a constant offset of 0.7° is not an error).
  void secondOrderOvershootFromTheEdge() {
    const Manoeuvre& m = *findManoeuvre("pitch_step");
    const double zeta = 0.5, wn = 40.0, wd = wn * std::sqrt(1 - zeta * zeta), offset = 0.7;
    const auto y = [&](double t) {
      if (t < 1.0) return offset;
      const double s = std::min(t, 2.5) - 1.0;
      const double r =
          1.0 - std::exp(-zeta * wn * s) * (std::cos(wd * s) + zeta / std::sqrt(1 - zeta * zeta) * std::sin(wd * s));
      return offset + 10.0 * r;
    };
    const FlightMetrics f = record(m, y);
    const double expected = std::exp(-zeta * std::numbers::pi / std::sqrt(1 - zeta * zeta));
    QVERIFY2(std::abs(f.overshoot - expected) < 0.002, qPrintable(QString::number(f.overshoot)));
  }

  // The cost is the written sum (flight_metrics.h), and a failed flight costs more than any
  // stable one, graded by its tilt.
  void costIsTheWrittenSum() {
    const Manoeuvre& step = *findManoeuvre("roll_step");
    FlightMetrics f;
    f.itae = 0.002;
    f.overshoot = 0.05;
    f.settling_s = 0.3;
    f.saturation = 0.1;
    f.motor_activity = 0.02;
    const CostTerms c = costOf(step, f);
    QCOMPARE(c.tracking, 0.2);
    QCOMPARE(c.overshoot, 10 * 0.05 + 100 * (0.05 - 0.03));
    QCOMPARE(c.settling, 4 * 0.3 + 20 * (0.3 - 0.2));
    QCOMPARE(c.saturation, 0.5);
    QCOMPARE(c.motor_activity, 0.0);  // bounded by the tuner's constraint, not rewarded (weight 0)
    QCOMPARE(c.hover, 0.0);           // only the hover in gusts is scored on its attitude
    f.diverged = 1.0;
    f.peak_tilt_deg = 90.0;
    QCOMPARE(costOf(step, f).total(), 100.0 + 90.0 / 18.0);

    FlightMetrics chatter;
    chatter.motor_activity = 0.2;
    QVERIFY(QString::fromStdString(failureOf(step, chatter)).contains("chattering"));
    FlightMetrics ringing;
    ringing.end_rate_rms_dps = 20.0;
    QVERIFY(QString::fromStdString(failureOf(step, ringing)).contains("oscillation"));
    // In gusts the vehicle still moves at the end: that is not an oscillation.
    QVERIFY(failureOf(*findManoeuvre("hover_gusts"), ringing).empty());
  }

  // A flight's metrics are the same bits alone, among 20 others at another index, and on 1 or
  // 2 threads (each vehicle and its core depend on nothing else).
  void flightsAreIndependent() {
    const vsim::VehicleModel model = airframe("s500");
    auto one = Experiment::create(model, 1), two = Experiment::create(model, 2);
    QVERIFY(one.ok() && two.ok());
    const auto set = robustnessSet(model, 3, 9);
    std::vector<FlightCase> many;
    for (std::size_t m = 0; m < 3; ++m)
      for (const auto& v : set) many.push_back({m, v.variation});  // 27 flights
    const vsim::ParamList params = {{"RATE_RP_P", 0.2}};
    auto all1 = one.value().fly(many, params);
    auto all2 = two.value().fly(many, params);
    QVERIFY(all1.ok() && all2.ok());
    const std::size_t pick = 20;
    auto alone = one.value().fly(std::span(&many[pick], 1), params);
    QVERIFY(alone.ok());
    for (std::size_t i = 0; i < many.size(); ++i)
      QVERIFY(std::memcmp(all1.value()[i].toArray().data(), all2.value()[i].toArray().data(),
                          sizeof(double) * FlightMetrics::kFields) == 0);
    QVERIFY(std::memcmp(all1.value()[pick].toArray().data(), alone.value()[0].toArray().data(),
                        sizeof(double) * FlightMetrics::kFields) == 0);
    QVERIFY(all1.value()[pick].itae > 0.0);
  }

  // The settling floor (step_aims.h) against a closed form and a simulation. Closed form, α =
  // 100 rad/s², τ = 50 ms, no dead time, a 10° step to ±0.5°: T = 2·√(0.174533/100) = 0.083554 s,
  // residual α·τ²·(1 − e^(−T/2τ))² = 0.080188 rad, floor T + τ·ln(0.080188/0.0087266) =
  // 0.194456 s (worked by hand, python3 to 6 digits). Without a lag the floor is d + T. The
  // simulation: torque ±α bang-bang (T/2 each way) through the first-order lag onto a double
  // integrator, 1 µs steps (semi-implicit Euler); the last instant outside the band is the floor,
  // to the step's 1e-4 s.
  void settlingFloorIsTheBangBangTurnThroughTheLag() {
    const double step = 10.0 * std::numbers::pi / 180.0, band = 0.5 * std::numbers::pi / 180.0;
    QVERIFY(std::abs(settlingFloorS(step, band, 100.0, 0.05, 0.0) - 0.194456) < 1e-6);
    QVERIFY(std::abs(settlingFloorS(step, band, 100.0, 0.0, 0.0015) - (0.0015 + 0.083554)) < 1e-6);
    QVERIFY(std::isinf(settlingFloorS(step, band, 0.0, 0.05, 0.0)));
    const double alpha = 100.0, tau = 0.05, turn = 2.0 * std::sqrt(step / alpha), dt = 1e-6;
    double torque = 0.0, rate = 0.0, angle = 0.0, last_outside = 0.0;
    for (int k = 0; k < 1'000'000; ++k) {
      const double t = k * dt;
      const double command = t < turn / 2 ? alpha : t < turn ? -alpha : 0.0;
      torque += (command - torque) * dt / tau;
      rate += torque * dt;
      angle += rate * dt;
      if (std::abs(angle - step) > band) last_outside = t + dt;
    }
    QVERIFY2(std::abs(last_outside - settlingFloorS(step, band, alpha, tau, 0.0)) < 1e-4,
             qPrintable(QString::number(last_outside)));
  }

  // Each airframe's reach and aims. generic_quad (quad X, no products of inertia): a unit roll
  // command moves each motor by ±1 of its full thrust Tmax = 5.84e-6 × 1100² = 7.0664 N
  // (fc_mixer_quad_x), each hovering on 1.5 × 9.80665 / 4 = 3.6775 N, so the command can grow
  // to min(1 − h, h) = 0.47958 (h = 0.52042) and the roll torque is 4 × 7.0664 × 0.1768 ×
  // 0.47958 = 2.39663 N·m, α = 2.39663 / 0.029125 = 82.288 rad/s²; lag (12.5 + 25)/2 = 18.75 ms,
  // dead time 1.5 ms: floor 0.112718 s; 1.15 × that is under 0.25 s, so the standing aims hold.
  // Every shipped multirotor keeps 5 % and 0.25 s. cargo650 (tests/data/airframes): Tmax =
  // 2.3444e-5 × 800² = 15.0042 N, hover 8.3357 N (h = 0.55556), torque 4 × 15.0042 × 0.2298 ×
  // 0.44444 = 6.12969 N·m about x and y (its centre of mass lies on the rotors' axis of
  // symmetry), pitch the slower (Iyy 0.095 kg·m²): α = 64.523 rad/s², lag 75 ms, floor 0.281183 s,
  // aim 1.15 × that = 0.323360 s.
  void stepAimsFromThePhysics() {
    const AxisReach roll = axisReachOf(airframe("generic_quad"), 0);
    QVERIFY2(std::abs(roll.torque_Nm - 2.39663) < 1e-4, qPrintable(QString::number(roll.torque_Nm)));
    QVERIFY(std::abs(roll.inertia_kgm2 - 0.029125) < 1e-9);
    QVERIFY(std::abs(roll.accel_radps2 - 82.288) < 1e-2);
    QVERIFY(std::abs(roll.lag_s - 0.01875) < 1e-12);
    QVERIFY(std::abs(roll.delay_s - 0.0015) < 1e-12);
    QVERIFY2(std::abs(roll.floor_s - 0.112718) < 1e-5, qPrintable(QString::number(roll.floor_s)));
    for (const char* name : {"generic_quad", "s500", "racer_5in", "heavy_650", "hex_550"}) {
      const StepAims aims = stepAimsOf(airframe(name));
      qInfo("%s: floors roll %.3f s, pitch %.3f s; aims %.3g %%, %.3g s", name, aims.roll.floor_s, aims.pitch.floor_s,
            100 * aims.overshoot, aims.settling_s);
      QCOMPARE(aims.overshoot, kStandingOvershoot);
      QCOMPARE(aims.settling_s, kStandingSettlingS);
      QVERIFY2(QString::fromStdString(aims.settling_source).startsWith("the standing 0.25 s"),
               aims.settling_source.c_str());
    }
    auto cargo = vsim::loadAirframe(NAVIGATOR_SOURCE_DIR "/tests/data/airframes/cargo650.yaml");
    QVERIFY2(cargo.ok(), cargo.ok() ? "" : cargo.error().message.c_str());
    const StepAims aims = stepAimsOf(*cargo);
    QVERIFY2(std::abs(aims.pitch.torque_Nm - 6.12969) < 1e-3, qPrintable(QString::number(aims.pitch.torque_Nm)));
    QVERIFY(std::abs(aims.roll.torque_Nm - 6.12969) < 1e-3);
    QVERIFY(std::abs(aims.pitch.inertia_kgm2 - 0.095) < 1e-9);
    QVERIFY(std::abs(aims.pitch.lag_s - 0.075) < 1e-12);
    QVERIFY2(std::abs(aims.pitch.floor_s - 0.281183) < 1e-4, qPrintable(QString::number(aims.pitch.floor_s)));
    QVERIFY2(std::abs(aims.settling_s - 0.323360) < 1e-4, qPrintable(QString::number(aims.settling_s)));
    QCOMPARE(aims.overshoot, kStandingOvershoot);
    QVERIFY2(
        QString::fromStdString(aims.settling_source).startsWith("from the airframe: 1.15 × the pitch floor 0.281 s"),
        aims.settling_source.c_str());
  }

  // CMA-ES (Hansen's tutorial defaults) finds the minimum of a rotated, badly scaled quadratic
  // in 6 dimensions — f(x) = Σ 10^(3i/5)·((Rx)_i − (Rc)_i)², minimum 0 at c — to 1e-6, and the
  // same seed asks for the same points bit for bit.
  void cmaesFindsAQuadraticsMinimum() {
    const int n = 6;
    Eigen::VectorXd c(n);
    c << 0.3, 0.7, 0.5, 0.2, 0.9, 0.4;
    const Eigen::MatrixXd R =
        Eigen::MatrixXd(Eigen::HouseholderQR<Eigen::MatrixXd>(Eigen::MatrixXd::Random(n, n)).householderQ());
    const auto f = [&](const Eigen::VectorXd& x) {
      const Eigen::VectorXd d = R * (x - c);
      double sum = 0.0;
      for (int i = 0; i < n; ++i) sum += std::pow(10.0, 3.0 * i / (n - 1)) * d[i] * d[i];
      return sum;
    };
    Cmaes a(Eigen::VectorXd::Constant(n, 0.5), 0.2, 0, 7), b(Eigen::VectorXd::Constant(n, 0.5), 0.2, 0, 7);
    QCOMPARE(a.lambda(), 4 + int(std::floor(3 * std::log(6.0))));  // 9
    for (int g = 0; g < 400 && a.spread() > 1e-9; ++g) {
      const std::vector<Eigen::VectorXd> xa = a.ask(), xb = b.ask();
      std::vector<double> cost;
      for (std::size_t k = 0; k < xa.size(); ++k) {
        QVERIFY(xa[k] == xb[k]);
        cost.push_back(f(xa[k]));
      }
      a.tell(cost);
      b.tell(cost);
    }
    QVERIFY2((a.mean() - c).norm() < 1e-6, qPrintable(QString::number((a.mean() - c).norm())));
    QVERIFY(f(a.mean()) < 1e-10);
  }

  // A disturbance's response: the angle the body's up axis turns from the onset — a vehicle
  // leaning 5° in roll (into a wind) that pitches 3° has turned by acos(sin²5° + cos²5°·cos 3°)
  // = 2.989° (yaw 0; R_WB's third column: (cos φ sin θ, −sin φ, cos φ cos θ)), not by the
  // 0.83° its tilt's magnitude grew.
  void disturbanceResponseIsTheTurnFromTheOnset() {
    const Manoeuvre& m = *findManoeuvre("motor_loss");
    MetricsRecorder r(&m);
    const double rate[3] = {0, 0, 0};
    const float duty[4] = {0.5f, 0.5f, 0.5f, 0.5f};
    for (int k = 0; k <= int(kManoeuvreS * 1000); ++k) {
      const double t = k * 1e-3;
      const double pitch = t >= 2.0 && t < 2.2 ? 3.0 : 0.0;
      r.add(t, std::hypot(5.0, pitch), 5.0, pitch, 0.0, rate, duty, 4, false);
    }
    const FlightMetrics f = r.finish(kManoeuvreS, 0);
    const double deg = std::numbers::pi / 180.0;
    const double expected =
        std::acos(std::cos(5 * deg) * std::cos(5 * deg) * std::cos(3 * deg) + std::sin(5 * deg) * std::sin(5 * deg)) /
        deg;
    QVERIFY2(std::abs(f.disturbance_peak - expected) < 1e-9, qPrintable(QString::number(f.disturbance_peak)));
    QVERIFY(std::abs(expected - 2.989) < 1e-3);
    // The motor loss, flown: the s500 turns by about a degree; without it, the same vehicle does
    // not turn at the onset time's scale (sensor noise alone: well under 0.2°).
    const vsim::VehicleModel model = airframe("s500");
    auto e = Experiment::create(model, 1);
    QVERIFY(e.ok());
    vsim::batch::VehicleVariation v;
    v.seed = 3;
    const std::vector<FlightCase> cases = {{std::size_t(findManoeuvre("motor_loss") - &standardManoeuvres()[0]), v, 0}};
    auto flown = e.value().fly(cases, {});
    QVERIFY(flown.ok());
    QVERIFY2(flown.value()[0].disturbance_peak > 0.5 && flown.value()[0].disturbance_peak < 5.0,
             qPrintable(QString::number(flown.value()[0].disturbance_peak)));
    QCOMPARE(flown.value()[0].diverged, 0.0);
  }

  // A manoeuvre starts as the vehicle hovers once settled in its mode: in ALT_HOLD with the
  // sticks centred it drifts with a steady wind, level. Held still over the ground in a 5 m/s
  // crosswind instead (as it started before), the unbalanced drag tilted the accelerometer's
  // "down" while the estimator aligned, and the s500 rolled 7.8° before the step's edge (measured
  // so); drifting with the wind, with no sensor noise to tilt it, it stays within 0.05°.
  void aVehicleStartsDriftingWithItsWind() {
    vsim::batch::VehicleVariation v;
    v.seed = 7;
    v.noise_scale = 0.0;
    v.steady_wind_NED_mps = {0.0, 5.0, 0.0};
    const double worst = largestBefore(airframe("s500"), "roll_step", v, 1.0);
    QVERIFY2(worst < 0.05, qPrintable(QString::number(worst)));
  }

  // Each vehicle hovers on its own thrust: the factor on the airframe's hover thrust is its mass
  // over its motors' thrust (hoverThrustScale, closed form on quad X's four equal rotors), and a
  // vehicle 10 % heavier, with no noise, holds its height from the first step: it sank 0.21 m
  // in the 1.5 s before the downdraft's onset while its climb-rate integrator wound up (measured
  // so before HOVER_THRUST and the motors started at its own hover).
  void eachVehicleHoversOnItsOwnThrust() {
    const vsim::VehicleModel model = airframe("generic_quad");
    vsim::batch::VehicleVariation v;
    v.mass_scale = 1.1;
    QCOMPARE(hoverThrustScale(model, v), 1.1);
    v.motor_bias = {0.95, 0.95, 0.95, 0.95};
    QVERIFY(std::abs(hoverThrustScale(model, v) - 1.1 / 0.95) < 1e-12);
    v.motor_bias = {1.05, 0.95, 1.05, 0.95};  // the mean is what counts on equal rotors
    QVERIFY(std::abs(hoverThrustScale(model, v) - 1.1) < 1e-12);

    vsim::batch::VehicleVariation heavy;
    heavy.seed = 11;
    heavy.noise_scale = 0.0;
    heavy.mass_scale = 1.1;
    const double worst = largestBefore(model, "gust_step", heavy, 1.5);
    QVERIFY2(worst < 0.02, qPrintable(QString::number(worst)));
  }

  // The verdict: a tune whose hover in turbulence is 10 % worse than the defaults' on one
  // held-out vehicle misses that aim, by that much, naming the vehicle; equal flights meet it.
  void aimsJudgeEveryVehicle() {
    TuneResult r;
    const std::size_t manoeuvres = standardManoeuvres().size();
    r.robust_names = {"nominal", "#1"};
    // Seven held-out flights: the six of the airframe as built (kHeldOutAsBuilt), then one
    // held-out airframe.
    r.held_names = {"calm", "wind A", "wind B", "wind C", "wind D", "held B", "held-out #10000"};
    const std::size_t held = r.held_names.size();
    FlightMetrics f;
    f.tilt_rms_deg = 0.05;
    f.disturbance_peak = 1.0;
    f.motor_activity = 0.02;
    r.robust_flights_before.assign(2 * manoeuvres, f);
    r.robust_flights_after = r.robust_flights_before;
    r.held_flights_before.assign(held * manoeuvres, f);
    r.held_flights_after = r.held_flights_before;
    const std::size_t gusts = std::size_t(findManoeuvre("hover_gusts") - &standardManoeuvres()[0]);
    r.held_flights_after[gusts * held + 5].tilt_rms_deg = 0.055;
    // Held-out roll steps: two of the airframe as built failed outright and the others overshot
    // 0 %; the aim says the failures beside that worst (it read "worst 0.0 %" and met). The
    // held-out airframe overshot 9 % and took 0.4 s: said beside the aim, not judged by it.
    const std::size_t roll = std::size_t(findManoeuvre("roll_step") - &standardManoeuvres()[0]);
    r.held_flights_after[roll * held + 1].diverged = 1.0;
    r.held_flights_after[roll * held + 2].diverged = 1.0;
    r.held_flights_after[roll * held + 6].overshoot = 0.09;
    r.held_flights_after[roll * held + 6].settling_s = 0.4;
    const std::size_t pitch = std::size_t(findManoeuvre("pitch_step") - &standardManoeuvres()[0]);
    r.held_flights_after[pitch * held + 6].overshoot = 0.09;
    r.held_flights_after[pitch * held + 3].overshoot = 0.02;
    r.held_flights_after[pitch * held + 3].settling_s = 0.2;
    const std::vector<Aim> aims = aimsOf(r);
    const auto find = [&](const char* text) {
      for (const Aim& a : aims)
        if (QString::fromStdString(a.text).contains(text)) return a;
      return Aim{};
    };
    const Aim gust = find("hover in σ = 2 m/s gusts");
    QVERIFY(!gust.met);
    QVERIFY2(QString::fromStdString(gust.text).contains("×1.100: held-out held B"), gust.text.c_str());
    QVERIFY2(QString::fromStdString(gust.pilot).contains("+10 %"), gust.pilot.c_str());
    QVERIFY(find("motor losing 20 %").met);
    // The two failed flights count as without bound against the defaults' (a diverged flight
    // has no activity to compare).
    QVERIFY2(QString::fromStdString(find("motor activity").text).contains("worst ×inf: held-out wind A (roll_step)"),
             find("motor activity").text.c_str());
    const Aim overshoot = find("roll_step: overshoot");
    QVERIFY(!overshoot.met);
    QCOMPARE(QString::fromStdString(overshoot.text),
             QStringLiteral(
                 "roll_step: overshoot ≤ 5 % on every held-out flight of the airframe as built (worst 0.0 %; 2 of 6 "
                 "flights failed; the 1 held-out airframes: worst 9.0 %: held-out #10000)"));
    QVERIFY2(QString::fromStdString(overshoot.pilot).endsWith("2 of 6 test flights failed outright."),
             overshoot.pilot.c_str());
    QVERIFY(
        QString::fromStdString(find("roll_step: settled").text)
            .endsWith(
                "(worst 0.000 s; 2 of 6 flights failed; the 1 held-out airframes: worst 0.400 s: held-out #10000)"));
    // The pitch step: met on the airframe as built (2 %, 0.2 s on wind C), the held-out airframe's
    // 9 % said and not judged.
    const Aim pitch_overshoot = find("pitch_step: overshoot");
    QVERIFY(pitch_overshoot.met);
    QVERIFY2(QString::fromStdString(pitch_overshoot.text)
                 .contains("(worst 2.0 %: wind C; the 1 held-out airframes: worst 9.0 %"),
             pitch_overshoot.text.c_str());
    QVERIFY(find("pitch_step: settled").met);
  }

  // What may be written (writeVerdictOf). Identical flights before and after meet every aim:
  // written. The defaults' roll steps overshoot 20 % on the held-out flights, the tune's 9 %:
  // the overshoot aim (5 %) is missed by 4.0 points, every safety gate is met and every held-out
  // flight costs less or the same (the overshoot term grows with the overshoot, flight_metrics.h),
  // so it is written with that miss named — also when a held-out airframe's climb (not the
  // airframe as built: the safety gates judge those) settles later. One held-out climb of the
  // airframe as built settling 1 s later than the
  // defaults' (cost grows with settling) makes it no safe improvement, naming that flight; a tune
  // flying exactly as the defaults with a missed aim is no improvement; a failed safety gate
  // (turbulence 10 % worse) is named first.
  void writtenWhenSafeAndNoWorse() {
    TuneResult r;
    const std::size_t manoeuvres = standardManoeuvres().size();
    r.robust_names = {"nominal"};
    r.held_names = {"calm", "wind A", "wind B", "wind C", "wind D", "held B", "held-out #10000"};
    const std::size_t held = r.held_names.size();
    FlightMetrics f;
    f.tilt_rms_deg = 0.05;
    f.disturbance_peak = 1.0;
    f.motor_activity = 0.02;
    f.settling_s = 0.1;
    r.robust_flights_before.assign(manoeuvres, f);
    r.robust_flights_after = r.robust_flights_before;
    r.held_flights_before.assign(held * manoeuvres, f);
    r.held_flights_after = r.held_flights_before;
    r.aims = aimsOf(r);
    WriteVerdict v = writeVerdictOf(r);
    QVERIFY(v.writable && v.all_met && v.missed.empty());

    const std::size_t roll = std::size_t(findManoeuvre("roll_step") - &standardManoeuvres()[0]);
    for (std::size_t k = 0; k < held; ++k) {
      r.held_flights_before[roll * held + k].overshoot = 0.20;
      r.held_flights_after[roll * held + k].overshoot = 0.09;
    }
    r.aims = aimsOf(r);
    v = writeVerdictOf(r);
    QVERIFY2(v.writable && !v.all_met, v.reason.c_str());
    QCOMPARE(int(v.missed.size()), 1);
    QVERIFY2(QString::fromStdString(v.missed[0]).startsWith("roll_step: overshoot ≤ 5 %"), v.missed[0].c_str());
    QVERIFY2(QString::fromStdString(v.missed[0]).endsWith(": missed by 4.0 percentage points over"),
             v.missed[0].c_str());
    QVERIFY(v.held_cost_after < v.held_cost_before);

    const std::size_t climb = std::size_t(findManoeuvre("climb") - &standardManoeuvres()[0]);
    r.held_flights_after[climb * held + 6].settling_s = 1.1;  // the held-out airframe
    r.aims = aimsOf(r);
    QVERIFY(writeVerdictOf(r).writable);
    r.held_flights_after[climb * held + 1].settling_s = 1.1;
    r.aims = aimsOf(r);
    v = writeVerdictOf(r);
    QVERIFY(!v.writable);
    QVERIFY2(QString::fromStdString(v.reason).startsWith("worse than the defaults on a held-out flight: climb on "
                                                         "held-out wind A costs"),
             v.reason.c_str());

    r.held_flights_after = r.held_flights_before;  // flies as the defaults: the 20 % misses the aim
    r.aims = aimsOf(r);
    v = writeVerdictOf(r);
    QVERIFY(!v.writable);
    QVERIFY2(QString::fromStdString(v.reason).startsWith("no improvement: the held-out flights cost"),
             v.reason.c_str());

    const std::size_t gusts = std::size_t(findManoeuvre("hover_gusts") - &standardManoeuvres()[0]);
    r.held_flights_after[gusts * held + 5].tilt_rms_deg = 0.055;
    r.aims = aimsOf(r);
    v = writeVerdictOf(r);
    QVERIFY(!v.writable);
    QVERIFY2(QString::fromStdString(v.reason).startsWith("a safety gate is not met: hover in σ = 2 m/s gusts"),
             v.reason.c_str());
  }

  void badInputsAreRefusedByName() {
    TuneOptions o;
    o.max_evaluations = 30;
    o.check = false;
    // Four rotors all spinning one way: yaw cannot be told from lift (allocation.h).
    vsim::VehicleModel same_spin = airframe("generic_quad");
    same_spin.name = "same_spin";
    for (int i = 0; i < same_spin.rotor_count; ++i) same_spin.rotors[std::size_t(i)].spin = 1.0;
    auto refused = tune(same_spin, o, Ranks{});
    QVERIFY(!refused.ok());
    QVERIFY2(QString::fromStdString(refused.error().message)
                 .contains("same_spin: the flight core cannot allocate its rotors: rotors cannot separate the 4 axes"),
             refused.error().message.c_str());
    o.base = {{"RATE_RP_P", 50.0}};
    auto range = tune(airframe("s500"), o, Ranks{});
    QVERIFY(!range.ok());
    QCOMPARE(QString::fromStdString(range.error().message), QString("parameter RATE_RP_P: value out of range"));
    o.base.clear();
    o.max_evaluations = 10;  // under two generations of 12
    auto few = tune(airframe("s500"), o, Ranks{});
    QVERIFY(!few.ok());
    QVERIFY2(QString::fromStdString(few.error().message).contains("leaves the rate stage"),
             few.error().message.c_str());
    // A cap is shared as the default search's generations are (rate 4 of 20): 100 leaves the
    // rate stage 100 × 4 / 20 = 20 candidates, under two generations.
    o.max_evaluations = 100;
    auto short_rate = tune(airframe("s500"), o, Ranks{});
    QVERIFY(!short_rate.ok());
    QVERIFY2(QString::fromStdString(short_rate.error().message)
                 .contains("an evaluation cap of 100 leaves the rate stage 20 evaluations; it needs at least 24"),
             short_rate.error().message.c_str());
  }

  // The default search's length: the staged stages' generations add up to kDefaultGenerations,
  // which the joint search flies alone.
  void defaultSearchLengthIsTheStagesGenerations() {
    int staged = 0;
    for (const Stage& s : stagesOf(Strategy::Staged)) {
      QVERIFY2(s.generations >= 2, s.name.c_str());  // CMA-ES needs two to start
      staged += s.generations;
    }
    QCOMPARE(staged, kDefaultGenerations);
    QCOMPARE(stagesOf(Strategy::Joint).front().generations, kDefaultGenerations);
  }

  // Parameter files: floats round-trip bit for bit; a bad line is refused with its file and
  // line; a refused set writes nothing (an existing file is left as it was).
  void parameterFiles() {
    QTemporaryDir dir;
    const std::string path = (dir.path() + "/p.txt").toStdString();
    const vsim::ParamList set = {{"RATE_RP_P", double(0.1234567f)}, {"SYSID", 7.0}, {"RATE_D_LPF_HZ", double(33.3f)}};
    QVERIFY(vsim::writeParamFile(path, set, {"tuned for a test"}).ok());
    auto back = vsim::readParamFile(path);
    QVERIFY(back.ok());
    QCOMPARE(back.value(), set);
    QVERIFY(!vsim::writeParamFile(path, {{"RATE_RP_P", 99.0}}, {}).ok());
    // A long comment (a missed aim naming its vehicle) is folded into lines the reader takes,
    // a word longer than a line included; every byte of it is kept.
    const std::string aim =
        "hover in σ = 2 m/s gusts: tilt RMS no worse than the defaults' on every vehicle (worst ×1.094: "
        "held-out nominal, wind N 0.0 E 3.0 m/s) " +
        std::string(300, 'x') + " end";
    const std::string folded = (dir.path() + "/folded.txt").toStdString();
    QVERIFY(vsim::writeParamFile(folded, set, {aim}).ok());
    QCOMPARE(vsim::readParamFile(folded).value(), set);
    QFile text(QString::fromStdString(folded));
    QVERIFY(text.open(QIODevice::ReadOnly));
    QString joined;
    for (const QByteArray& line : text.readAll().split('\n')) {
      QVERIFY(line.size() <= 200);
      if (line.startsWith("# ")) joined += QString::fromUtf8(line.mid(2)).trimmed();
    }
    QString expected = QString::fromStdString(aim);
    expected.remove(' ');
    joined.remove(' ');
    QCOMPARE(joined, expected);
    QCOMPARE(vsim::readParamFile(path).value(), set);
    QFile bad(dir.path() + "/bad.txt");
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("# comment\nRATE_RP_P 0.2\nRATE_RP_Q 0.3\n");
    bad.close();
    auto refused = vsim::readParamFile(bad.fileName().toStdString());
    QVERIFY(!refused.ok());
    QCOMPARE(QString::fromStdString(refused.error().message), bad.fileName() + ":3: RATE_RP_Q: unknown parameter");
  }
};

QTEST_GUILESS_MAIN(TuneTest)
#include "tune_test.moc"
