// bench_tune: the autotuner's aims (docs/design/tuner.md), measured, never in a timed test.
// For each shipped quad and each strategy (staged, joint) it runs the tuner with its defaults
// (60 s budget, 3 repeats with seeds 1..3) and prints the wall time of the search and of the
// whole run (with the held-out checks and margins), the evaluations, the robustness cost before
// and after, and each aim on the held-out flights. `--quick` runs one short tune (the smoke
// test in ctest).
#include "flight/tune/tuner.h"
#include "sim/config/airframe_file.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>
#include <string>

using namespace vsim::tune;

namespace {

const ManoeuvreSummary& find(const std::vector<ManoeuvreSummary>& list, const char* name) {
  static const ManoeuvreSummary none;
  const ManoeuvreSummary* s = findSummary(list, name);
  return s ? *s : none;
}

double totalCost(const std::vector<ManoeuvreSummary>& list) {
  double c = 0;
  for (const auto& s : list) c += s.cost.total();
  return c;
}

}  // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  const char* airframes[] = {"s500", "generic_quad"};
  std::printf("%-13s %-7s %4s %8s %8s %6s %11s %-26s %-26s %-16s %s\n", "airframe", "search", "seed", "search_s",
              "total_s", "evals", "robust cost", "roll step os%/settle s", "pitch step os%/settle s", "gust tilt RMS °",
              "failed");
  for (const char* name : airframes) {
    auto model = vsim::loadAirframe(std::string(NAVIGATOR_SOURCE_DIR) + "/resources/airframes/" + name + ".yaml");
    if (!model) {
      std::fprintf(stderr, "bench_tune: %s\n", model.error().message.c_str());
      return 1;
    }
    // --quick: the joint search, whose single stage two generations of 12 fill.
    const std::vector<Strategy> strategies =
        quick ? std::vector<Strategy>{Strategy::Joint} : std::vector<Strategy>{Strategy::Staged, Strategy::Joint};
    for (Strategy strategy : strategies) {
      for (std::uint64_t seed = 1; seed <= (quick ? 1u : 3u); ++seed) {
        TuneOptions o;
        o.seed = seed;
        o.strategy = strategy;
        if (quick) {
          o.max_evaluations = 24;
          o.set_size = 8;
          o.check = false;
        }
        const auto t0 = std::chrono::steady_clock::now();
        auto r = tune(*model, o, Ranks{});
        const double total_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (!r) {
          std::fprintf(stderr, "bench_tune: %s\n", r.error().message.c_str());
          return 1;
        }
        char roll[48] = "-", pitch[48] = "-", gust[40] = "-", robust[40] = "-";
        int failed = 0;
        if (o.check) {
          const auto &rb = find(r->held_after, "roll_step"), &pb = find(r->held_after, "pitch_step");
          std::snprintf(roll, sizeof roll, "%.1f/%.3f", 100 * rb.overshoot_worst, rb.settling_worst_s);
          std::snprintf(pitch, sizeof pitch, "%.1f/%.3f", 100 * pb.overshoot_worst, pb.settling_worst_s);
          std::snprintf(gust, sizeof gust, "%.3f→%.3f", find(r->held_before, "hover_gusts").tilt_rms_mean_deg,
                        find(r->held_after, "hover_gusts").tilt_rms_mean_deg);
          std::snprintf(robust, sizeof robust, "%.1f→%.1f", totalCost(r->robust_before), totalCost(r->robust_after));
          for (const auto& s : r->held_after) failed += s.failures;
          for (const auto& s : r->robust_after) failed += s.failures;
        }
        std::printf("%-13s %-7s %4llu %8.1f %8.1f %6d %11s %-26s %-26s %-16s %d\n", name,
                    strategy == Strategy::Staged ? "staged" : "joint", (unsigned long long)seed, r->search_s, total_s,
                    r->evaluations, robust, roll, pitch, gust, failed);
        std::fflush(stdout);
        if (quick) break;
      }
      if (quick) break;
    }
    if (quick) break;
  }
  return 0;
}
