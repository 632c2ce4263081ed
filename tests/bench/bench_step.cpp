// One vehicle's simulation step at 8 kHz (aim: ≤ 125 ns per step, ≥ 1000× real
// time, one core). Run: build/bin/bench_step --benchmark_repetitions=5
//   BM_RigidStep     motors + RK4 + renormalise (stepVehicle)
//   BM_FullStep      what the simulator does per 8 kHz step: the above, the sanitiser, and an
//                    eighth of the 1 kHz work (wind, jitter, every sensor with noise); flying
//                    free in empty space
//   BM_FullStepOnGround / BM_FullStepOnMesh   the same, resting on flat ground / on a
//                    1,000,000-triangle world mesh (contact resolved every step)
//   BM_MeshPointQuery   one footprint point against that mesh through the BVH
#include "sim/config/airframe_file.h"
#include "sim/simulator.h"

#include <random>

#include <benchmark/benchmark.h>

namespace {

vsim::VehicleModel s500() {
  auto m = vsim::loadAirframe(NAVIGATOR_SOURCE_DIR "/resources/airframes/s500.yaml");
  if (!m) throw std::runtime_error(m.error().message);
  return *m;
}

void report(benchmark::State& state, double steps) {
  state.counters["s_per_8kHz_step"] =
      benchmark::Counter(steps, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
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

// A flat 100 m × 100 m terrain at z = 0 of 708 × 708 squares (1,002,528 triangles), wound
// so that its normals point up (−z in NED).
std::shared_ptr<const vsim::MeshBvh> millionTriangleTerrain() {
  static const auto bvh = [] {
    constexpr int n = 708;
    constexpr double size = 100.0;
    vsim::TriangleMesh mesh;
    for (int i = 0; i <= n; ++i)
      for (int j = 0; j <= n; ++j)
        mesh.vertices.emplace_back(float(size * i / n - size / 2), float(size * j / n - size / 2), 0.0f);
    auto at = [](int i, int j) { return std::uint32_t(i * (n + 1) + j); };
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        mesh.triangles.push_back({at(i, j), at(i, j + 1), at(i + 1, j + 1)});
        mesh.triangles.push_back({at(i, j), at(i + 1, j + 1), at(i + 1, j)});
      }
    return std::make_shared<const vsim::MeshBvh>(mesh);
  }();
  return bvh;
}

void fullStep(benchmark::State& state, vsim::World world, bool on_ground) {
  vsim::SimulatorConfig config;
  config.world = std::move(world);
  config.wind.steady_NED_mps = {2, -1, 0};
  config.wind.turbulence_sigma_mps = 1.0;
  config.motor_jitter = 0.01;
  auto sim = std::move(vsim::Simulator::create(s500(), config)).value();
  vsim::VehicleState start = vsim::restingState(sim.model());
  if (on_ground) start.p_W_m.z() = -vsim::contactReach_m(sim.model(), start.q_WB, Eigen::Vector3d::UnitZ());
  sim.reset(1, start);
  const std::array<double, 4> idle{0.0, 0.0, 0.0, 0.0};
  for (int i = 0; i < 500; ++i) sim.advanceImuPeriod();  // settle
  for (auto _ : state) {
    sim.setDuties(idle);
    sim.advanceImuPeriod();
    benchmark::DoNotOptimize(sim.frame());
  }
  if (on_ground && sim.counters().contact_steps == 0) state.SkipWithError("never touched");
  report(state, 8.0 * double(state.iterations()));
}

void BM_FullStepOnGround(benchmark::State& state) { fullStep(state, vsim::World{}, true); }

void BM_FullStepOnMesh(benchmark::State& state) {
  vsim::World w;
  w.has_ground = false;
  w.mesh = millionTriangleTerrain();
  fullStep(state, w, true);
}

void BM_MeshPointQuery(benchmark::State& state) {
  const auto bvh = millionTriangleTerrain();
  std::mt19937_64 rng(1);
  std::uniform_real_distribution<double> u(-40, 40);
  std::array<Eigen::Vector3d, 256> points;
  for (auto& p : points) p = {u(rng), u(rng), 0.01};
  std::size_t k = 0;
  vsim::MeshBvh::Hit hit;
  for (auto _ : state) benchmark::DoNotOptimize(bvh->closest(points[k++ & 255], 0.25, hit));
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
BENCHMARK(BM_FullStepOnGround);
BENCHMARK(BM_FullStepOnMesh);
BENCHMARK(BM_MeshPointQuery);
BENCHMARK_MAIN();
