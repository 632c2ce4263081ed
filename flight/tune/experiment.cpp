#include "flight/tune/experiment.h"

#include "sim/base/parallel.h"

#include "flight/flight_runner.h"
#include "sim/base/frames.h"
#include "sim/batch/vehicle_variation.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <thread>

namespace vsim::tune {

Result<Experiment> Experiment::create(const VehicleModel& model, int threads) {
  auto flyable = checkAllocation(model);
  if (!flyable) return flyable.error();
  if (threads < 0) return Error{"threads must be 0 (all) or more, not " + std::to_string(threads)};
  return Experiment(model, threads);
}

Experiment::Experiment(VehicleModel model, int threads)
    : model_(std::move(model)), threads_(threads > 0 ? threads : usableCores()), flights_(std::size_t(threads_)) {}

Result<std::vector<FlightMetrics>> Experiment::fly(std::span<const FlightCase> cases, const ParamList& base,
                                                   std::span<const ParamList> sets, std::vector<Response>* responses) {
  const std::size_t n = cases.size();
  for (const FlightCase& c : cases)
    if (!sets.empty() && c.params >= sets.size())
      return Error{"a flight names parameter set " + std::to_string(c.params) + " of " + std::to_string(sets.size())};
  if (responses) responses->assign(n, {});
  // Shares of whole 16-vehicle blocks (the batch's SIMD groups), one per thread at most.
  const std::size_t blocks = (n + batch::kBlock - 1) / batch::kBlock;
  const std::size_t workers = std::max<std::size_t>(1, std::min(blocks, flights_.size()));
  std::vector<Result<std::vector<FlightMetrics>>> shares(workers, std::vector<FlightMetrics>{});
  const auto share = [&](std::size_t w) {
    const std::size_t first = std::min(n, blocks * w / workers * batch::kBlock);
    const std::size_t end = std::min(n, blocks * (w + 1) / workers * batch::kBlock);
    shares[w] =
        flyShare(w, cases.subspan(first, end - first), base, sets, responses ? responses->data() + first : nullptr);
  };
  std::vector<std::thread> threads;
  for (std::size_t w = 1; w < workers; ++w) threads.emplace_back(share, w);
  share(0);
  for (auto& t : threads) t.join();
  std::vector<FlightMetrics> out;
  out.reserve(n);
  for (auto& s : shares) {
    if (!s) return s.error();
    out.insert(out.end(), s->begin(), s->end());
  }
  return out;
}

double hoverThrustScale(const VehicleModel& model, const batch::VehicleVariation& v) {
  // Thrust goes with duty squared (hoverDuty): the ratio of the two hover duties, squared.
  const double ratio = hoverDuty(batch::variedModel(model, v)) / hoverDuty(model);
  return ratio * ratio;
}

namespace {

// The manoeuvre's measured quantity at one instant, from the truth in the flight axes: its
// Euler angles `e`, its body rates `rate` [°/s] and its attitude q_WF.
double measuredValue(Measured measured, const batch::BatchSimulator::Kinematics& s, const frames::EulerAngles& e,
                     const double rate[3], const Eigen::Quaterniond& q_WF) {
  const double deg = 180.0 / std::numbers::pi;
  switch (measured) {
    case Measured::RollDeg:
      return e.roll_rad * deg;
    case Measured::PitchDeg:
      return e.pitch_rad * deg;
    case Measured::RollRateDps:
      return rate[0];
    case Measured::PitchRateDps:
      return rate[1];
    case Measured::YawRateDps:
      return rate[2];
    case Measured::ClimbMps:
      return -s.v_W_mps.z();
    case Measured::TiltRmsDeg:
      return std::hypot(e.roll_rad, e.pitch_rad) * deg;
    case Measured::TiltDeg: {
      // The angle between the vehicle's up (−z of the flight axes) and the world's up.
      const double c = (q_WF * Eigen::Vector3d::UnitZ()).z();
      return std::acos(std::clamp(c, -1.0, 1.0)) * deg;
    }
    case Measured::HeightM:
      return -s.p_W_m.z() - 50.0;
  }
  return 0.0;
}

// The manoeuvres' scripted disturbances (a motor losing thrust, a gust), switched between
// periods from the step at or after their time: which vehicles have one and at which steps,
// worked out once.
class ScriptedDisturbances {
 public:
  ScriptedDisturbances(const std::vector<const Manoeuvre*>& of, int motors, double rate_hz) : of_(of) {
    const auto stepAt = [&](double t_s) { return int(std::lround(t_s * rate_hz)); };
    for (std::size_t i = 0; i < of.size(); ++i) {
      const Disturbance& d = of[i]->disturbance;
      if (d.kind == Disturbance::Kind::None || (d.kind == Disturbance::Kind::MotorLoss && d.rotor >= motors)) continue;
      scripted_.push_back({i, stepAt(d.t_s), d.duration_s > 0.0 ? stepAt(d.t_s + d.duration_s) : -1});
    }
  }

  // Switches on or off what starts or ends at step `k`.
  void apply(int k, BatchFlight& flight, const std::vector<batch::VehicleVariation>& variations) {
    for (Scripted& x : scripted_) {
      const bool on = k == x.on_step, off = k == x.off_step;
      if (!on && !off) continue;
      const Disturbance& d = of_[x.vehicle]->disturbance;
      if (d.kind == Disturbance::Kind::MotorLoss) {
        if (on) x.held_bias = flight.batch().motorBias(x.vehicle, d.rotor);
        flight.batch().setMotorBias(x.vehicle, d.rotor, on ? x.held_bias * (1.0 - d.thrust_loss) : x.held_bias);
      } else {
        const Eigen::Vector3d gust(d.gust_NED_mps[0], d.gust_NED_mps[1], d.gust_NED_mps[2]);
        flight.batch().setSteadyWind(x.vehicle,
                                     variations[x.vehicle].steady_wind_NED_mps + (on ? gust : Eigen::Vector3d::Zero()));
      }
    }
  }

 private:
  struct Scripted {
    std::size_t vehicle;
    int on_step, off_step;   // off_step −1: held to the end
    double held_bias = 0.0;  // MotorLoss: the bias it had before
  };
  const std::vector<const Manoeuvre*>& of_;
  std::vector<Scripted> scripted_;
};

// Starts every flight: reset in its mode and variation from a settled hover, on the vehicle's
// axes, on its own hover thrust, with `base` and then its candidate's parameters.
Result<bool> startFlights(BatchFlight& flight, const VehicleModel& model, std::span<const FlightCase> cases,
                          const std::vector<batch::VehicleVariation>& variations, const std::vector<vayu_mode_t>& modes,
                          const ParamList& base, std::span<const ParamList> sets) {
  const std::size_t n = cases.size();
  // Each vehicle starts as it hovers in its mode once settled: level, drifting with its steady
  // wind (ALT_HOLD and ANGLE hold no position: with the sticks centred the vehicle goes with the
  // air). Held still over the ground in a wind instead, it would start with the wind's whole drag
  // unbalanced — its accelerometer's "down" tilted by it while the estimator aligns — and that
  // transient, not the gains, would decide the first seconds.
  std::vector<VehicleState> starts(n, restingState(model, {0.0, 0.0, -50.0}));
  for (std::size_t i = 0; i < n; ++i) starts[i].v_W_mps = variations[i].steady_wind_NED_mps;
  auto reset = flight.reset(variations, starts, modes, base);
  if (!reset) return reset.error();
  // The manoeuvres' sticks are on the vehicle's axes, whatever the airframe's pilot uses.
  for (std::size_t i = 0; i < n; ++i)
    if (auto set = flight.setParam(i, "STICK_MAP", 0.0); !set) return set.error();
  // ... and each hovers on its own thrust: its motors at the speed that carries its mass
  // (mass ×, motor biases) and HOVER_THRUST what a first hover taught it (as PX4 learns
  // MPC_THR_HOVER in flight). A vehicle 10 % heavier than the airframe's HOVER_THRUST would
  // otherwise sink for its first seconds while the climb-rate integrator wound up, and the
  // downdraft's response was measured on top of that sag and its rebound.
  for (std::size_t i = 0; i < n; ++i) {
    const double k = hoverThrustScale(model, variations[i]);
    VehicleState s = flight.batch().state(i);
    for (int r = 0; r < model.rotor_count; ++r) s.rotor_speed_radps[std::size_t(r)] *= std::sqrt(k);
    flight.batch().setState(i, s);
    const double hover = double(fc_param(&flight.core(i).config.params, FC_PARAM_HOVER_THRUST));
    if (auto set = flight.setParam(i, "HOVER_THRUST", hover * k); !set) return set.error();
  }
  if (!sets.empty())
    for (std::size_t i = 0; i < n; ++i)
      for (const auto& [name, value] : sets[cases[i].params])
        if (auto set = flight.setParam(i, name, value); !set) return set.error();
  return true;
}

}  // namespace

// The worker's batch, made anew when the share's size changed.
Result<BatchFlight*> Experiment::batchFor(std::size_t worker, std::size_t n) {
  std::optional<BatchFlight>& slot = flights_[worker];
  if (!slot || slot->count() != n) {
    batch::BatchConfig config;
    config.motor_jitter = 0.01;  // ±1 % on every motor command (H. Lara, LACORO 2025)
    config.threads = 1;
    auto created = BatchFlight::create(model_, std::move(config), n);
    if (!created) return created.error();
    slot.emplace(std::move(created).value());
  }
  return &*slot;
}

Result<std::vector<FlightMetrics>> Experiment::flyShare(std::size_t worker, std::span<const FlightCase> cases,
                                                        const ParamList& base, std::span<const ParamList> sets,
                                                        Response* responses) {
  const auto& manoeuvres = standardManoeuvres();
  const std::size_t n = cases.size();
  if (n == 0) return std::vector<FlightMetrics>{};
  auto batch = batchFor(worker, n);
  if (!batch) return batch.error();
  BatchFlight& flight = **batch;

  std::vector<batch::VehicleVariation> variations(n);
  std::vector<vayu_mode_t> modes(n);
  std::vector<const Manoeuvre*> of(n);
  std::vector<MetricsRecorder> recorders;
  recorders.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    if (cases[i].manoeuvre >= manoeuvres.size()) return Error{"no manoeuvre " + std::to_string(cases[i].manoeuvre)};
    of[i] = &manoeuvres[cases[i].manoeuvre];
    variations[i] = cases[i].variation;
    if (variations[i].turbulence_sigma_mps == 0.0) variations[i].turbulence_sigma_mps = of[i]->turbulence_sigma_mps;
    modes[i] = of[i]->mode;
    recorders.emplace_back(of[i]);
  }
  if (auto started = startFlights(flight, model_, cases, variations, modes, base, sets); !started)
    return started.error();
  if (responses)
    for (std::size_t i = 0; i < n; ++i) {
      responses[i].t_s.reserve(std::size_t(kManoeuvreS * 1000) + 1);
      responses[i].reference.reserve(responses[i].t_s.capacity());
      responses[i].measured.reserve(responses[i].t_s.capacity());
    }

  const int motors = model_.rotor_count;
  const Eigen::Quaterniond q_BF = flightAxes_BF(model_);
  const auto sticks = [&](std::size_t i, std::int64_t time_us) {
    return sticksAt(*of[i], flight.core(i).config.params, double(time_us) * 1e-6);
  };
  const auto observe = [&](std::size_t i, std::int64_t time_us) {
    const double t = double(time_us) * 1e-6;
    const batch::BatchSimulator::Kinematics s = flight.batch().kinematics(i);
    // In the flight axes the core flies (flight_axes.h): the body's for a multirotor.
    const Eigen::Quaterniond q_WF = s.q_WB * q_BF;
    const frames::EulerAngles e = frames::eulerFromQuaternion(q_WF);
    const double deg = 180.0 / std::numbers::pi;
    const Eigen::Vector3d omega_F = q_BF.conjugate() * s.omega_B_radps;
    const double rate[3] = {omega_F.x() * deg, omega_F.y() * deg, omega_F.z() * deg};
    const double y = measuredValue(of[i]->measured, s, e, rate, q_WF);
    const fc_t& core = flight.core(i);
    recorders[i].add(t, y, e.roll_rad * deg, e.pitch_rad * deg, e.yaw_rad * deg, rate, core.state.out.duty, motors,
                     core.state.saturated);
    if (responses) {
      Response& r = responses[i];
      r.t_s.push_back(t);
      r.reference.push_back(referenceAt(*of[i], t));
      r.measured.push_back(y);
    }
  };
  const double rate_hz = flight.batch().config().imu_rate_hz;
  ScriptedDisturbances disturbances(of, motors, rate_hz);
  const int steps = int(std::lround(kManoeuvreS * rate_hz));
  for (int k = 0; k < steps; ++k) {
    disturbances.apply(k, flight, variations);
    flight.step(sticks, observe);
    // ... and with its attitude estimate as it aligned on the ground before it took off (the
    // first step aligned it to one noisy sample, which in the air no accelerometer can correct:
    // the steps' first second was the GPS aid learning that error away, not the gains).
    if (k == 0)
      for (std::size_t i = 0; i < n; ++i) flight.alignAtRest(i);
  }

  std::vector<FlightMetrics> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    const SimulatorCounters c = flight.batch().counters(i);
    out[i] = recorders[i].finish(kManoeuvreS, std::uint64_t(c.sanitiser_resets + c.rejected_duties));
  }
  return out;
}

}  // namespace vsim::tune
