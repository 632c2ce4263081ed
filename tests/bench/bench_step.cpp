// One vehicle's simulation step at 8 kHz (issue 3's aim: ≤ 125 ns per step, ≥ 1000× real
// time, one core). Run: build/bin/bench_step --benchmark_repetitions=5
//   BM_RigidStep     motors + RK4 + renormalise (stepVehicle)
//   BM_FullStep      what the simulator does per 8 kHz step: the above, the sanitiser, and an
//                    eighth of the 1 kHz work (wind, jitter, every sensor with noise)
#include "sim/airframe_file.h"
#include "sim/simulator.h"

#include <benchmark/benchmark.h>

namespace {

vsim::VehicleModel s500() {
  auto m = vsim::loadAirframe(NAVIGATOR_SOURCE_DIR "/resources/airframes/s500.yaml");
  if (!m) throw std::runtime_error(m.error().message);
  return *m;
}

void report(benchmark::State& state, double steps) {
  state.counters["s_per_8kHz_step"] = benchmark::Counter(steps, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["realtime_x"] = benchmark::Counter(steps / 8000.0, benchmark::Counter::kIsRate);
}

void BM_RigidStep(benchmark::State& state) {
  const vsim::VehicleModel m = s500();
  const vsim::StepConstants k = vsim::makeStepConstants(m, 1.0 / 8000);
  vsim::StepInputs in;
  in.duty.fill(vsim::hoverDuty(m));
  in.wind_W_mps = {2, -1, 0};
  vsim::VehicleState s = vsim::restingState(m);
  s.omega_B_radps = {0.3, -0.2, 0.1};
  for (auto _ : state) {
    vsim::stepVehicle(m, k, in, s);
    benchmark::DoNotOptimize(s);
  }
  report(state, double(state.iterations()));
}

void BM_FullStep(benchmark::State& state) {
  vsim::SimulatorConfig config;
  config.wind.steady_NED_mps = {2, -1, 0};
  config.wind.turbulence_sigma_mps = 1.0;
  config.motor_jitter = 0.01;
  auto sim = std::move(vsim::Simulator::create(s500(), config)).value();
  sim.reset(1, vsim::restingState(sim.model()));
  const double duty = vsim::hoverDuty(sim.model());
  const std::array<double, 4> duties{duty, duty, duty, duty};
  for (auto _ : state) {
    sim.setDuties(duties);
    sim.advanceImuPeriod();  // 8 physics steps
    benchmark::DoNotOptimize(sim.frame());
  }
  report(state, 8.0 * double(state.iterations()));
}

}  // namespace

BENCHMARK(BM_RigidStep);
BENCHMARK(BM_FullStep);
BENCHMARK_MAIN();
