// bench_fly: closed-loop speed of the in-process SITL (simulator at 8 kHz + flight core at
// 1 kHz), against the bare simulator in the same run, on the shipped hover-and-steps scenario.
#include "flight/flight_runner.h"
#include "sim/config/airframe_file.h"
#include "sim/world/initial_state.h"

#include <benchmark/benchmark.h>

namespace {

const vsim::VehicleModel& s500() {
  static const vsim::VehicleModel m = *vsim::loadAirframe(NAVIGATOR_SOURCE_DIR "/resources/airframes/s500.yaml");
  return m;
}

// One 30 s flight per iteration; reports simulated seconds per wall second.
void BM_ClosedLoopFlight(benchmark::State& state) {
  const vsim::Scenario scenario = *vsim::loadScenario(NAVIGATOR_SOURCE_DIR "/resources/scenarios/hover_and_steps.yaml");
  double simulated = 0;
  for (auto _ : state) {
    std::int64_t steps = 0;
    auto r = vsim::runScenario(s500(), scenario, 1, [&](const vsim::FlightSample&) { ++steps; });
    benchmark::DoNotOptimize(steps);
    simulated += scenario.duration_s;
  }
  state.counters["realtime_factor"] = benchmark::Counter(simulated, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ClosedLoopFlight)->Unit(benchmark::kMillisecond);

// The reference: the same flight's physics without the controller. The duties of one
// closed-loop run are replayed into a fresh simulator with the same seed, which then flies the
// identical trajectory (same contacts, same sensors), so the difference is the flight core.
void BM_ReplayedDutiesOnly(benchmark::State& state) {
  const vsim::Scenario scenario = *vsim::loadScenario(NAVIGATOR_SOURCE_DIR "/resources/scenarios/hover_and_steps.yaml");
  std::vector<std::vector<double>> duties;
  auto r = vsim::runScenario(s500(), scenario, 1, [&](const vsim::FlightSample& f) { duties.push_back(f.duty); });
  double simulated = 0;
  for (auto _ : state) {
    vsim::SimulatorConfig config;
    config.world = vsim::World{};
    auto created = vsim::Simulator::create(s500(), config);
    vsim::Simulator* sim = &created.value();
    sim->reset(1, vsim::initialState(s500(), config.world, {}));
    for (std::size_t k = 0; k + 1 < duties.size(); ++k) {
      sim->setDuties(duties[k]);
      sim->advanceImuPeriod();
    }
    benchmark::DoNotOptimize(sim->state());
    simulated += scenario.duration_s;
  }
  state.counters["realtime_factor"] = benchmark::Counter(simulated, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ReplayedDutiesOnly)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
