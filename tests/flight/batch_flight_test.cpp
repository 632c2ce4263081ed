// N vehicles flown by N flight cores in lockstep (flight/batch_flight.h): a vehicle of the
// batch flies what vsim-fly's runner flies alone on the same model, and the cores' flights are
// the same bits whatever the batch size and the threads.
#include "flight/batch_flight.h"
#include "flight/flight_runner.h"
#include "sim/base/frames.h"
#include "tests/sim/shipped_airframes.h"

#include <QtTest>

#include <cmath>
#include <cstring>

using vsim::batch::VehicleVariation;

namespace {

// One mode for every vehicle of the batch.
const vayu_mode_t kAngleMode[1] = {VAYU_MODE_ANGLE};
const std::span<const vayu_mode_t> kAngle(kAngleMode);

// The pilot's sticks: hover throttle (thrust ∝ duty², the core's hover thrust), a 0.3 roll
// stick from 1 s to 2 s, then a 0.3 pitch stick from 2.5 s to 3.5 s.
fc_sticks_t pilot(double hover_thrust, std::int64_t time_us) {
  const double t = double(time_us) * 1e-6;
  const float roll = t >= 1.0 && t < 2.0 ? 0.3f : 0.0f, pitch = t >= 2.5 && t < 3.5 ? 0.3f : 0.0f;
  return fc_sticks_t{roll, pitch, 0.0f, float(hover_thrust)};
}

std::vector<VehicleVariation> spread(std::size_t count) {
  std::vector<VehicleVariation> v(count);
  for (std::size_t i = 0; i < count; ++i) {
    const double x = double(i) / double(count);
    v[i].seed = 500 + i;
    v[i].inertia_scale = {0.85 + 0.3 * x, 1.1 - 0.2 * x, 0.98 * std::min(0.85 + 0.3 * x, 1.1 - 0.2 * x)};
    v[i].motor_lag_scale = 1.0 + 0.5 * x;
  }
  return v;
}

}  // namespace

class BatchFlightTest : public QObject {
  Q_OBJECT

 private slots:
  void aBatchVehicleFliesAsTheRunnerFliesItAlone() {
    const vsim::VehicleModel model = loadShippedAirframe("s500.yaml");
    vsim::batch::BatchConfig config;
    config.sensor_noise = false;
    const std::size_t count = 19, probe = 13;
    auto created = vsim::BatchFlight::create(model, config, count);
    QVERIFY(created.ok());
    vsim::BatchFlight flight = std::move(created).value();
    const auto variations = spread(count);
    const vsim::VehicleState start = vsim::restingState(model, {0, 0, -20});
    QVERIFY(flight.reset(variations, start, kAngle, {}).ok());
    const double hover = vsim::hoverDuty(flight.batch().model());
    const double hover_thrust = hover * hover;

    // The same flight alone: the varied model without noise, scripted with the same sticks.
    VehicleVariation quiet = variations[probe];
    quiet.noise_scale = 0.0;
    vsim::Scenario scenario;
    scenario.duration_s = 4.0;
    scenario.world = "none";
    scenario.initial.p_W_m = start.p_W_m;
    scenario.airborne = true;
    for (double t : {0.0, 1.0, 2.0, 2.5, 3.5}) {
      vsim::ScenarioEvent e;
      e.t_s = t;
      e.sticks = pilot(hover_thrust, std::int64_t(std::llround(t * 1e6)));
      scenario.timeline.push_back(e);
    }
    std::vector<vsim::VehicleState> alone;
    auto r = vsim::runScenario(vsim::batch::variedModel(flight.batch().model(), quiet), scenario, quiet.seed,
                               [&](const vsim::FlightSample& s) { alone.push_back(s.truth); });
    QVERIFY(r.ok());

    double worst_attitude_rad = 0, worst_position_m = 0, max_roll_rad = 0;
    for (std::size_t k = 0; k + 1 < alone.size(); ++k) {
      const vsim::VehicleState b = flight.batch().state(probe);
      worst_attitude_rad = std::max(worst_attitude_rad, b.q_WB.angularDistance(alone[k].q_WB));
      worst_position_m = std::max(worst_position_m, (b.p_W_m - alone[k].p_W_m).norm());
      max_roll_rad = std::max(max_roll_rad, std::abs(vsim::frames::eulerFromQuaternion(b.q_WB).roll_rad));
      flight.step([&](std::size_t, std::int64_t t_us) { return pilot(hover_thrust, t_us); });
    }
    qInfo(
        "vehicle %zu of %zu against the runner alone over 4 s: attitude within %.3g rad, position within %.3g m; "
        "largest roll %.1f deg",
        probe, count, worst_attitude_rad, worst_position_m, max_roll_rad * 180.0 / M_PI);
    QVERIFY(max_roll_rad > 5.0 * M_PI / 180.0);  // the roll stick tilted it (ANGLE: 0.3 stick)
    // The sensors differ only in the barometer's last bits (Highway's exp/log against std::pow),
    // which the core reads as float: 1e-6 rad and 1e-6 m leave room for a float's last bit.
    QVERIFY(worst_attitude_rad < 1e-6);
    QVERIFY(worst_position_m < 1e-6);
    QCOMPARE(flight.batch().counters(probe).sanitiser_resets, 0);
  }

  void coresFlyTheSameBitsWhateverTheBatch() {
    const vsim::VehicleModel model = loadShippedAirframe("s500.yaml");
    auto fly = [&](std::size_t count, std::size_t index, int threads) {
      vsim::batch::BatchConfig config;
      config.threads = threads;
      config.motor_jitter = 0.01;
      auto created = vsim::BatchFlight::create(model, config, count);
      if (!created) qFatal("%s", created.error().message.c_str());
      vsim::BatchFlight flight = std::move(created).value();
      std::vector<VehicleVariation> v = spread(count);
      v[index] = spread(7)[3];  // the tracked vehicle's own variation and seed, wherever it is
      v[index].turbulence_sigma_mps = 1.0;
      if (!flight.reset(v, vsim::restingState(model, {0, 0, -20}), kAngle, {{"RATE_RP_P", 0.09}}).ok())
        qFatal("reset refused");
      const double hover = vsim::hoverDuty(flight.batch().model());
      for (int k = 0; k < 1500; ++k)
        flight.step([&](std::size_t, std::int64_t t_us) { return pilot(hover * hover, t_us); });
      const vsim::VehicleState s = flight.batch().state(index);
      const fc_t& core = flight.core(index);
      return std::vector<double>{s.p_W_m.x(),
                                 s.p_W_m.y(),
                                 s.p_W_m.z(),
                                 s.q_WB.w(),
                                 s.q_WB.x(),
                                 s.q_WB.y(),
                                 s.q_WB.z(),
                                 double(core.state.att.q_WB.w),
                                 double(core.state.att.q_WB.x),
                                 double(core.state.out.duty[0])};
    };
    const auto alone = fly(1, 0, 1);
    for (const auto& [count, index, threads] :
         {std::tuple{300, 257, 2}, std::tuple{300, 257, 1}, std::tuple{17, 16, 2}}) {
      const auto other = fly(std::size_t(count), std::size_t(index), threads);
      QVERIFY2(std::memcmp(other.data(), alone.data(), alone.size() * sizeof(double)) == 0,
               qPrintable(QString("vehicle %1 of %2 on %3 threads").arg(index).arg(count).arg(threads)));
    }
  }

  // Each vehicle may start from its own state (the tuner starts each drifting with its wind);
  // a count that is neither one nor the batch's is refused, naming both.
  void eachVehicleStartsFromItsOwnState() {
    const vsim::VehicleModel model = loadShippedAirframe("s500.yaml");
    auto created = vsim::BatchFlight::create(model, vsim::batch::BatchConfig{}, 2);
    QVERIFY(created.ok());
    vsim::BatchFlight flight = std::move(created).value();
    const std::vector<VehicleVariation> v(2);
    std::vector<vsim::VehicleState> starts(2, vsim::restingState(model, {0, 0, -20}));
    starts[1].v_W_mps = {1.5, -4.0, 0.0};
    QVERIFY(flight.reset(v, starts, kAngle, {}).ok());
    QCOMPARE(flight.batch().state(0).v_W_mps, Eigen::Vector3d(0.0, 0.0, 0.0));
    QCOMPARE(flight.batch().state(1).v_W_mps, Eigen::Vector3d(1.5, -4.0, 0.0));
    // Both hover: the motors at the airframe's hover speed whatever the start.
    const double hover = vsim::hoverDuty(model) * model.rotors[0].max_speed_radps;
    QCOMPARE(flight.batch().state(1).rotor_speed_radps[0], hover);
    starts.push_back(starts[0]);
    auto refused = flight.reset(v, starts, kAngle, {});
    QVERIFY(!refused.ok());
    QVERIFY2(refused.error().message.find("3 start states for 2 vehicles") != std::string::npos,
             refused.error().message.c_str());
  }

  // A start in the air aligns the estimate as a ground alignment would have left it
  // (BatchFlight::alignAtRest): the first step aligns to one noisy accelerometer sample (0.7° σ
  // at 1 kHz with PX4 SITL's 0.004 m/s²/√Hz), the realignment to the noise-free gravity and field
  // at the vehicle's attitude. Expected: the true attitude in the flight axes
  // (q_WF = q_WB·flightAxes_BF), to float precision — for a multirotor and for the lander,
  // whose flight axes are its body's turned 90° (VEH_UP 1), tilted and turned away from north.
  void anAirborneStartAlignsAsAtRest() {
    for (const char* airframe : {"s500.yaml", "lander_004.yaml"}) {
      const vsim::VehicleModel model = loadShippedAirframe(airframe);
      auto created = vsim::BatchFlight::create(model, vsim::batch::BatchConfig{}, 1);
      QVERIFY(created.ok());
      vsim::BatchFlight flight = std::move(created).value();
      const VehicleVariation v;
      vsim::VehicleState start = vsim::restingState(model, {0, 0, -30});
      const Eigen::Quaterniond turn = Eigen::AngleAxisd(40.0 * M_PI / 180.0, Eigen::Vector3d::UnitZ()) *
                                      Eigen::AngleAxisd(-3.0 * M_PI / 180.0, Eigen::Vector3d::UnitY()) *
                                      Eigen::AngleAxisd(4.0 * M_PI / 180.0, Eigen::Vector3d::UnitX());
      start.q_WB = turn * start.q_WB;
      QVERIFY(flight.reset(std::span(&v, 1), start, kAngle, {}).ok());
      const auto sticks = [](std::size_t, std::int64_t) { return fc_sticks_t{0.0f, 0.0f, 0.0f, 0.5f}; };
      flight.step(sticks);
      const auto errorDeg = [&] {
        const fc_quat_t& q = flight.core(0).state.att.q_WB;
        const Eigen::Quaterniond estimate(q.w, q.x, q.y, q.z);
        const Eigen::Quaterniond truth = flight.batch().state(0).q_WB * vsim::flightAxes_BF(model);
        return estimate.angularDistance(truth) * 180.0 / M_PI;
      };
      const double first_sample_deg = errorDeg();
      flight.alignAtRest(0);
      const double aligned_deg = errorDeg();
      qInfo("%s: %.3f° after the first sample, %.5f° aligned at rest", airframe, first_sample_deg, aligned_deg);
      QVERIFY2(aligned_deg < 0.01, airframe);
      QVERIFY(first_sample_deg > 10.0 * aligned_deg);  // the noisy sample's error, for contrast
    }
  }

  void aBadParameterIsRefusedByName() {
    const vsim::VehicleModel model = loadShippedAirframe("s500.yaml");
    auto created = vsim::BatchFlight::create(model, vsim::batch::BatchConfig{}, 3);
    QVERIFY(created.ok());
    vsim::BatchFlight flight = std::move(created).value();
    const VehicleVariation v;
    auto r = flight.reset(std::span(&v, 1), vsim::restingState(model, {0, 0, -5}), kAngle, {{"RATE_RP_Q", 1.0}});
    QVERIFY(!r.ok());
    QVERIFY(r.error().message.find("RATE_RP_Q") != std::string::npos);
    QVERIFY(!flight.setParam(1, "RATE_RP_P", -5.0).ok());  // out of its range
  }
};

QTEST_GUILESS_MAIN(BatchFlightTest)
#include "batch_flight_test.moc"
