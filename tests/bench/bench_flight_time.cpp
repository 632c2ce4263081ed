// Where a tuner flight's time goes, per flight-second, by subtraction on one
// thread: the same 64 vehicles of an airframe hover for 4 s (a) flown by their flight cores
// (BatchFlight, as the tuner flies them), (b) with the duties held at hover and the sensors
// sampled (no core), (c) the same without sensors. Then physics = (c), sensors = (b) − (c),
// flight core with its glue (frames in, duties out) = (a) − (b). Each figure is the median of
// five repeats; the spread (min–max) is printed beside it.
//
//   build/bin/bench_flight_time [AIRFRAME]      (default s500)
#include "flight/batch_flight.h"
#include "flight/flight_runner.h"
#include "sim/config/airframe_file.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

namespace {

constexpr std::size_t kVehicles = 64;
constexpr double kSeconds = 4.0;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  const std::string name = argc > 1 ? argv[1] : "s500";
  auto model = vsim::loadAirframe(std::string(NAVIGATOR_SOURCE_DIR) + "/resources/airframes/" + name + ".yaml");
  if (!model) {
    std::fprintf(stderr, "bench_flight_time: %s\n", model.error().message.c_str());
    return 1;
  }
  std::vector<vsim::batch::VehicleVariation> variations(kVehicles);
  for (std::size_t i = 0; i < kVehicles; ++i) variations[i].seed = i + 1;
  const vsim::VehicleState start = vsim::restingState(*model, {0.0, 0.0, -50.0});
  const auto seconds = [](auto t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  const int periods = int(kSeconds * 1000);

  std::vector<double> flown, held, bare;
  for (int repeat = 0; repeat < 5; ++repeat) {
    {  // (a) the flight cores in the loop
      vsim::batch::BatchConfig config;
      config.threads = 1;
      config.motor_jitter = 0.01;
      auto created = vsim::BatchFlight::create(*model, config, kVehicles);
      if (!created) return std::fprintf(stderr, "bench_flight_time: %s\n", created.error().message.c_str()), 1;
      vsim::BatchFlight flight = std::move(created).value();
      const vayu_mode_t mode = VAYU_MODE_ANGLE;
      if (auto r = flight.reset(variations, start, std::span(&mode, 1), {}); !r) return 1;
      const auto sticks = [](std::size_t, std::int64_t) { return fc_sticks_t{0.0f, 0.0f, 0.0f, 0.5f}; };
      const auto t0 = std::chrono::steady_clock::now();
      for (int k = 0; k < periods; ++k) flight.step(sticks);
      flown.push_back(seconds(t0));
    }
    for (bool sensors : {true, false}) {  // (b), (c): the duties held at hover
      vsim::batch::BatchConfig config;
      config.threads = 1;
      config.motor_jitter = 0.01;
      config.sensors = sensors;
      auto created = vsim::batch::BatchSimulator::create(*model, config, kVehicles);
      if (!created) return 1;
      vsim::batch::BatchSimulator sim = std::move(created).value();
      vsim::batch::BatchSimulator* batch = &sim;
      vsim::VehicleState hovering = start;
      const double duty = vsim::hoverDuty(*model);
      for (int r = 0; r < model->rotor_count; ++r)
        hovering.rotor_speed_radps[std::size_t(r)] = duty * model->rotors[std::size_t(r)].max_speed_radps;
      if (auto r = batch->reset(variations, std::span(&hovering, 1)); !r) return 1;
      const std::vector<double> duties(std::size_t(model->rotor_count), duty);
      const auto t0 = std::chrono::steady_clock::now();
      for (int k = 0; k < periods; ++k) {
        for (std::size_t i = 0; i < kVehicles; ++i) batch->setDuties(i, duties);
        batch->advanceImuPeriod();
      }
      (sensors ? held : bare).push_back(seconds(t0));
    }
  }
  const double flight_seconds = double(kVehicles) * kSeconds;
  const auto us = [&](double s) { return 1e6 * s / flight_seconds; };
  const auto spread = [&](const std::vector<double>& v) {
    return std::to_string(int(us(*std::min_element(v.begin(), v.end())))) + "–" +
           std::to_string(int(us(*std::max_element(v.begin(), v.end()))));
  };
  const double a = median(flown), b = median(held), c = median(bare);
  std::printf(
      "bench_flight_time: %s, %zu vehicles × %.0f s, one thread, SIMD %s; µs of wall time per flight-second "
      "(median of 5, min–max):\n",
      model->name.c_str(), kVehicles, kSeconds, vsim::batch::BatchSimulator::simdTarget());
  std::printf("  whole flight (a)            %7.0f  (%s)\n", us(a), spread(flown).c_str());
  std::printf("  flight core and glue (a−b)  %7.0f\n", us(a - b));
  std::printf("  sensors (b−c)               %7.0f\n", us(b - c));
  std::printf("  physics, 8 RK4 steps per ms (c) %3.0f  (%s)\n", us(c), spread(bare).c_str());
  return 0;
}
