// Load + mass properties of a 1,000,000-triangle binary STL (aim: <= 100 ms end to end on
// this 2-core machine; tests/bench/massprops_vs_numpy_stl.py races numpy-stl). Reference measured
// in the same run: reading the file's bytes into memory, which no
// STL reader can beat. Run: build/bin/bench_massprops [--benchmark_repetitions=5]
#include "sim/geometry/mesh_builders.h"
#include "sim/geometry/mesh_import.h"
#include "sim/mass/mesh_mass_properties.h"
#include "sim/geometry/stl_writer.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

namespace {

// A UV sphere of 1000 slices x 501 stacks: 2·1000·500 = 1,000,000 triangles, closed.
const std::string& millionTriangleStl() {
  static const std::string path = [] {
    const auto p = std::filesystem::temp_directory_path() / "navigator_bench_sphere_1M.stl";
    const auto written = vsim::writeBinaryStl(p.string(), vsim::uvSphereMesh(50.0, 1000, 501), "bench sphere");
    if (!written) std::fprintf(stderr, "%s\n", written.error().message.c_str());
    return p.string();
  }();
  return path;
}

void BM_ReadFileBytes(benchmark::State& state) {
  for (auto _ : state) {
    std::ifstream file(millionTriangleStl(), std::ios::binary | std::ios::ate);
    std::vector<char> bytes(std::size_t(file.tellg()));
    file.seekg(0);
    file.read(bytes.data(), std::streamsize(bytes.size()));
    benchmark::DoNotOptimize(bytes.data());
  }
}

// The same file through Assimp's STL reader (what importMesh does for ASCII STL and other formats).
void BM_ImportAssimp(benchmark::State& state) {
  for (auto _ : state) {
    auto mesh = vsim::importMeshWithAssimp(millionTriangleStl());
    benchmark::DoNotOptimize(mesh.value().triangles.data());
  }
}

void BM_Import(benchmark::State& state) {
  for (auto _ : state) {
    auto mesh = vsim::importMesh(millionTriangleStl());
    benchmark::DoNotOptimize(mesh.value().triangles.data());
  }
}

void BM_Diagnose(benchmark::State& state) {
  const auto mesh = vsim::importMesh(millionTriangleStl());
  for (auto _ : state) benchmark::DoNotOptimize(vsim::diagnoseMesh(*mesh));
}

void BM_Integrate(benchmark::State& state) {
  const auto mesh = vsim::importMesh(millionTriangleStl());
  for (auto _ : state) benchmark::DoNotOptimize(vsim::integrateSolid(*mesh));
}

// What vsim-massprops and the inspector do: import, diagnose, integrate, scale.
void BM_LoadAndMassProperties(benchmark::State& state) {
  for (auto _ : state) {
    const auto mesh = vsim::importMesh(millionTriangleStl());
    const auto analysis = vsim::analyseMesh(*mesh, false, "bench");
    const auto mass = vsim::scaleToMass(
        analysis->solid, vsim::MassSpec{vsim::LengthUnit::Millimetre, vsim::MassSpec::Basis::Density, 1240.0});
    if (!mass) state.SkipWithError(mass.error().message.c_str());
    benchmark::DoNotOptimize(mass->body.mass_kg);
  }
}

}  // namespace

BENCHMARK(BM_ReadFileBytes)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ImportAssimp)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Import)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Diagnose)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Integrate)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LoadAndMassProperties)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
