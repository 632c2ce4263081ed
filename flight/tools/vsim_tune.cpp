// vsim-tune: the flight firmware's gains tuned on an airframe's model before it flies
// (flight/tune/tuner.h; the experiment, cost and search: docs/design/tuner.md). Progress on
// stderr; the gains before and after, the cost per stage and the checks on held-out flights on
// stdout (or --json); the tuned gains in --out, the format vayu_sitl --params reads. Under
// mpirun the flights are shared between the ranks and rank 0 reports.
#include "flight/param_file.h"
#include "flight/tools/flight_ulog.h"
#include "flight/tune/manoeuvre_scenario.h"
#include "flight/tune/tuner.h"
#include "sim/config/airframe_file.h"
#include "cli/cli.h"
#include "cli/cli_util.h"

#ifdef NAVIGATOR_HAVE_MPI
#include "flight/tune/mpi_ranks.h"

#include <mpi.h>
#endif

#include <cmath>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace {

using namespace vsim::tune;
namespace cli = navigator::cli;

void printSummaryTable(const char* title, const std::vector<ManoeuvreSummary>& before,
                       const std::vector<ManoeuvreSummary>& after) {
  std::printf("\n%s\n", title);
  std::printf("  %-12s %-21s %-21s %-17s %-15s %-19s %s\n", "manoeuvre", "overshoot % mean/max", "settling s mean/max",
              "tilt RMS ° mean", "motor activity", "disturbance max", "failed");
  for (std::size_t i = 0; i < before.size() && i < after.size(); ++i) {
    const ManoeuvreSummary &b = before[i], &a = after[i];
    char os[48], st[48], tilt[40], act[40], dist[40], fail[24];
    std::snprintf(os, sizeof os, "%4.1f/%4.1f → %4.1f/%4.1f", 100 * b.overshoot_mean, 100 * b.overshoot_worst,
                  100 * a.overshoot_mean, 100 * a.overshoot_worst);
    std::snprintf(st, sizeof st, "%.3f/%.3f → %.3f/%.3f", b.settling_mean_s, b.settling_worst_s, a.settling_mean_s,
                  a.settling_worst_s);
    std::snprintf(tilt, sizeof tilt, "%.2f → %.2f", b.tilt_rms_mean_deg, a.tilt_rms_mean_deg);
    std::snprintf(act, sizeof act, "%.4f → %.4f", b.motor_activity_mean, a.motor_activity_mean);
    std::snprintf(dist, sizeof dist, "%.3f → %.3f", b.disturbance_worst, a.disturbance_worst);
    std::snprintf(fail, sizeof fail, "%d → %d of %d", b.failures, a.failures, a.flights);
    std::printf("  %-12s %-29s %-33s %-17s %-17s %-19s %s\n", b.manoeuvre.c_str(), os, st, tilt, act, dist, fail);
    if (a.failures > 0) std::printf("    after: %s\n", a.first_failure.c_str());
  }
}

nlohmann::ordered_json summaryJson(const std::vector<ManoeuvreSummary>& list) {
  auto out = nlohmann::ordered_json::array();
  for (const ManoeuvreSummary& s : list) {
    out.push_back({{"manoeuvre", s.manoeuvre},
                   {"flights", s.flights},
                   {"failures", s.failures},
                   {"first_failure", s.first_failure},
                   {"overshoot_mean", cli::number(s.overshoot_mean)},
                   {"overshoot_worst", cli::number(s.overshoot_worst)},
                   {"settling_mean_s", cli::number(s.settling_mean_s)},
                   {"settling_worst_s", cli::number(s.settling_worst_s)},
                   {"tilt_rms_mean_deg", cli::number(s.tilt_rms_mean_deg)},
                   {"tilt_rms_worst_deg", cli::number(s.tilt_rms_worst_deg)},
                   {"heading_rms_mean_deg", cli::number(s.heading_rms_mean_deg)},
                   {"motor_activity_mean", cli::number(s.motor_activity_mean)},
                   {"saturation_mean", cli::number(s.saturation_mean)},
                   {"disturbance_mean", cli::number(s.disturbance_mean)},
                   {"disturbance_worst", cli::number(s.disturbance_worst)},
                   {"cost",
                    {{"tracking", cli::number(s.cost.tracking)},
                     {"overshoot", cli::number(s.cost.overshoot)},
                     {"settling", cli::number(s.cost.settling)},
                     {"saturation", cli::number(s.cost.saturation)},
                     {"motor_activity", cli::number(s.cost.motor_activity)},
                     {"hover", cli::number(s.cost.hover)},
                     {"disturbance", cli::number(s.cost.disturbance)},
                     {"failure", cli::number(s.cost.failure)},
                     {"total", cli::number(s.cost.total())}}}});
  }
  return out;
}

}  // namespace

// --ulog DIR: each manoeuvre flown by the single-vehicle runner with the gains before and after
// (on top of the base parameters), every step logged.
vsim::Result<bool> writeManoeuvreLogs(const vsim::VehicleModel& model, const std::string& dir,
                                      const vsim::ParamList& base, const TuneResult& r, std::uint64_t seed) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return vsim::Error{dir + ": cannot create the folder: " + ec.message()};
  for (const Manoeuvre& m : standardManoeuvres()) {
    for (const auto& [label, gains] : {std::pair{"before", &r.before}, std::pair{"after", &r.tuned}}) {
      vsim::ParamList params = base;
      params.insert(params.end(), gains->begin(), gains->end());
      auto scenario = scenarioOf(model, m, params);
      if (!scenario) return scenario.error();
      navigator::ulog::FlightIdentity identity;
      identity.source = "vsim-tune";
      identity.airframe = model.name;
      identity.seed = seed;
      identity.has_seed = true;
      identity.start_utc = navigator::ulog::utcNowIso8601();
      const std::string path = (std::filesystem::path(dir) / (m.name + "_" + label + ".ulg")).string();
      vsim::tools::FlightUlog log(path, identity);
      auto flown = vsim::runScenario(model, *scenario, seed, [&](const vsim::FlightSample& s) { log.write(s); });
      if (!flown) return flown.error();
      if (auto closed = log.close(); !closed) return closed.error();
    }
  }
  return true;
}

namespace {

// The command line.
struct Options {
  std::string airframe, out_path, params_path, responses_path, ulog_dir, strategy = "staged", algorithm = "cmaes";
  long long seed = 1, max_evaluations = 0, threads = 0, population = 0, set_size = 0, per_generation = 0;
  double budget_s = kDefaultTimeLimitS;
  bool json = false, check = true, accept_unmet = false;
};

// The options that shape the search: budget, seed, caps, population, set, strategy, algorithm, threads.
void addSearchOptions(CLI::App& app, Options& o) {
  cli::addNumber(
      app, "--budget-s", o.budget_s, [](double v) { return v >= 0; }, "a number of seconds >= 0",
      "time limit on the search, a guard against a run far too long (default " +
          std::to_string(int(kDefaultTimeLimitS)) +
          "; 0: none). The search's length is its generation cap (--max-evaluations), the same on any machine; "
          "gains from a search the limit cut are marked as not the reproducible result")
      ->type_name("S");
  cli::addWhole(app, "--seed", o.seed, 0, 9'000'000'000'000'000LL, "a whole number >= 0",
                "seeds the robustness and held-out vehicles (default 1)")
      ->type_name("N");
  cli::addWhole(
      app, "--max-evaluations", o.max_evaluations, 0, 1'000'000, "a whole number >= 0",
      "cap on candidates over all stages, shared by dimension (default 0: " + std::to_string(kDefaultGenerations) +
          " generations in all for cmaes; 20 per parameter + 20 per stage for the NLopt methods)")
      ->type_name("N");
  cli::addWhole(app, "--population", o.population, 0, 1'000, "a whole number from 0 to 1000",
                "CMA-ES candidates per generation (default 0: " + std::to_string(kDefaultPopulation) + ")")
      ->type_name("N");
  cli::addWhole(app, "--set-size", o.set_size, 0, 1'000, "a whole number from 0 to 1000",
                "vehicles in the robustness set (default 0: " + std::to_string(kDefaultSetSize) + ")")
      ->type_name("N");
  cli::addWhole(
      app, "--vehicles-per-generation", o.per_generation, 0, 1'000, "a whole number from 0 to 1000",
      "of the set, flown by each generation's step manoeuvres: the nominal and a rotating share (default 0: " +
          std::to_string(kDefaultVehiclesPerGeneration) + ")")
      ->type_name("N");
}

// Parses the command line into `o`; an exit code when the run ends here (help, an error).
std::optional<int> parseOptions(int argc, char** argv, Options& o) {
  CLI::App app(
      "Tunes the flight firmware's gains on an airframe's model: every candidate is flown by the real\n"
      "flight core through roll, pitch and yaw steps, rate doublets, a hover in gusts, a climb, a motor\n"
      "losing thrust and a gust step, on varied vehicles (inertia ±20 % per axis, products of inertia,\n"
      "mass ±10 %, motor lag ×1.5, bias ±5 %, noise ×2, winds), searched with CMA-ES (a generation's\n"
      "candidates fly together) with the disturbance rejection and motor activity held to the defaults';\n"
      "then checked on the whole set and on held-out flights and airframes. A tune is\n"
      "written (exit 0) when it meets every aim, or when it is safe (every safety gate) and no worse than\n"
      "the defaults on every held-out flight — its header then names each missed performance aim and by\n"
      "how much; otherwise nothing is written (exit 3, the reason said) unless --accept-unmet. Same\n"
      "airframe, options and seed: the same gains, on any number of threads or MPI ranks and under any load: the "
      "search is counted in generations; the\n"
      "time limit (--budget-s) only guards against a run far too long, and says so when it cuts.",
      "vsim-tune");
  app.add_option("--airframe", o.airframe, "a file, or a shipped airframe's name")->type_name("NAME|FILE")->required();
  app.add_option("--out", o.out_path, "the tuned gains, NAME VALUE lines (vayu_sitl --params, vsim-fly --params)")
      ->type_name("FILE")
      ->required();
  addSearchOptions(app, o);
  app.add_flag("--accept-unmet", o.accept_unmet,
               "write the gains even when they are not a safe improvement (the file's header says why and which aims "
               "they miss)");
  app.add_option("--strategy", o.strategy,
                 "staged (rate, then the stick shaping, then angle, then altitude: the default) or joint (all "
                 "thirteen at once)")
      ->check(CLI::IsMember({"staged", "joint"}))
      ->type_name("joint|staged");
  app.add_option("--algorithm", o.algorithm,
                 "cmaes (the default: a population flown together) or an NLopt method, one candidate at a time")
      ->check(CLI::IsMember({"cmaes", "bobyqa", "sbplx", "neldermead", "cobyla"}))
      ->type_name("NAME");
  cli::addWhole(app, "--threads", o.threads, 0, 1024, "a whole number >= 0",
                "threads per process (default 0: every core this process may run on, its CPU affinity)")
      ->type_name("N");
  app.add_option("--params", o.params_path, "the vehicle's other parameters (NAME VALUE lines), under every candidate")
      ->type_name("FILE");
  app.add_option(
         "--responses", o.responses_path,
         "writes the held-out nominal flights before and after as CSV (manoeuvre, time, reference, before, after)")
      ->type_name("FILE.csv");
  app.add_option("--ulog", o.ulog_dir,
                 "flies the nominal airframe through every manoeuvre with the gains before and after and writes each "
                 "flight as a ULog log, every 1 kHz step: DIR/<manoeuvre>_before.ulg, DIR/<manoeuvre>_after.ulg")
      ->type_name("DIR");
  app.add_flag("--json", o.json, "the report as JSON on stdout");
  app.add_flag("!--no-check", o.check, "skip the held-out flights and the margins");
  return cli::parse(app, argc, argv);
}

// The tuner's options from the command line's (the base parameters read by the caller).
TuneOptions tuneOptionsOf(const Options& o) {
  TuneOptions options;
  options.seed = std::uint64_t(o.seed);
  options.budget_s = o.budget_s;
  options.max_evaluations = int(o.max_evaluations);
  options.strategy = o.strategy == "joint" ? Strategy::Joint : Strategy::Staged;
  options.algorithm = o.algorithm == "sbplx"        ? Algorithm::Sbplx
                      : o.algorithm == "neldermead" ? Algorithm::NelderMead
                      : o.algorithm == "cobyla"     ? Algorithm::Cobyla
                      : o.algorithm == "bobyqa"     ? Algorithm::Bobyqa
                                                    : Algorithm::Cmaes;
  options.population = int(o.population);
  options.set_size = int(o.set_size);
  options.vehicles_per_generation = int(o.per_generation);
  options.threads = int(o.threads);
  options.check = o.check;
  return options;
}

// The search's progress on stderr: each CMA-ES generation, every tenth NLopt evaluation (and
// each stage's first), and what the checks fly.
class ProgressPrinter {
 public:
  ProgressPrinter(bool reporter, bool generations) : reporter_(reporter), generations_(generations) {}

  void operator()(const Progress& p) {
    if (!reporter_) return;
    if (p.stage == "checks") {
      if (!p.check.empty() && p.check != "done")
        std::fprintf(stderr, "vsim-tune: flying %s  %6.1f s\n", p.check.c_str(), p.elapsed_s);
      return;
    }
    if (generations_) {
      std::fprintf(stderr, "vsim-tune: %-8s generation %3d/%d (%4d candidates)  best %8.4f  so far %8.4f  %6.1f s\n",
                   p.stage.c_str(), p.generation, p.generations_max, p.evaluation, p.cost, p.best_cost, p.elapsed_s);
    } else if (p.stage != last_stage_ || p.evaluation - last_reported_ >= 10 || p.evaluation == 1) {
      std::fprintf(stderr, "vsim-tune: %-8s evaluation %4d/%d  cost %8.4f  best %8.4f  %6.1f s\n", p.stage.c_str(),
                   p.evaluation, p.evaluations_max, p.cost, p.best_cost, p.elapsed_s);
      last_reported_ = p.evaluation;
      last_stage_ = p.stage;
    }
  }

 private:
  bool reporter_, generations_;
  int last_reported_ = 0;
  std::string last_stage_;
};

// What the report and the file's header say when the time limit cut the search.
std::string cutByTimeLimitText(double limit_s) {
  char text[320];
  std::snprintf(text, sizeof text,
                "CUT BY THE TIME LIMIT (%.0f s): the search stopped where the clock said, so these gains are NOT "
                "the reproducible result of this airframe, options and seed; rerun with a larger --budget-s (or 0) "
                "for that.",
                limit_s);
  return text;
}

// The tuned file's header comments: how it was tuned, and what it misses when written anyway.
std::vector<std::string> fileComments(const Options& o, const std::string& airframe, const TuneResult& r,
                                      const WriteVerdict& verdict) {
  std::vector<std::string> comments = {"vsim-tune: " + airframe + ", seed " + std::to_string(o.seed) + ", " +
                                           o.strategy + ", " + o.algorithm + ", " + std::to_string(r.evaluations) +
                                           " evaluations",
                                       "The tuned gains only; the other parameters keep their values."};
  if (r.cut_by_time_limit) comments.push_back(cutByTimeLimitText(o.budget_s));
  if (!o.check) {
    comments.push_back("NOT CHECKED: tuned with --no-check; its aims were not judged.");
  } else if (!verdict.writable) {
    comments.push_back("NOT A SAFE IMPROVEMENT, written with --accept-unmet: " + verdict.reason);
    comments.push_back("NOT MET:");
    for (const Aim& a : r.aims)
      if (!a.met) comments.push_back("  " + a.text + (a.missed_by.empty() ? "" : ": missed by " + a.missed_by));
  } else if (!verdict.all_met) {
    comments.push_back(
        "Safe (every safety gate met) and no worse than the defaults on every held-out flight, but "
        "MISSES these performance aims:");
    for (const std::string& m : verdict.missed) comments.push_back("  MISSED: " + m);
  }
  return comments;
}

// --responses FILE: the held-out nominal flights before and after, as CSV.
vsim::Result<bool> writeResponses(const std::string& path, const TuneResult& r) {
  std::ofstream csv(path);
  if (!csv) return vsim::Error{path + ": cannot open for writing"};
  csv << "manoeuvre,time_s,reference,before,after\n";
  const auto& names = standardManoeuvres();
  for (std::size_t m = 0; m < r.responses_before.size() && m < r.responses_after.size(); ++m) {
    const Response &b = r.responses_before[m], &a = r.responses_after[m];
    for (std::size_t k = 0; k < b.t_s.size() && k < a.t_s.size(); ++k) {
      char line[160];
      std::snprintf(line, sizeof line, "%s,%.3f,%.9g,%.9g,%.9g\n", names[m].name.c_str(), b.t_s[k], b.reference[k],
                    b.measured[k], a.measured[k]);
      csv << line;
    }
  }
  if (!csv.flush()) return vsim::Error{path + ": write failed"};
  return true;
}

// The exit code: 0 when the gains were written (every aim met, a safe improvement that misses
// performance aims, unchecked, or forced by --accept-unmet), 3 when there is no safe improvement
// and nothing was written; what was missed and why on stderr either way.
int verdictCode(const WriteVerdict& v, bool checked, bool accept_unmet) {
  if (!checked || v.all_met) return 0;
  if (v.writable) {
    std::fprintf(stderr,
                 "vsim-tune: written: safe and no worse than the defaults on every held-out flight, but it "
                 "misses performance aims:\n");
    for (const std::string& m : v.missed) std::fprintf(stderr, "  MISSED: %s\n", m.c_str());
    return 0;
  }
  std::fprintf(stderr, "vsim-tune: no safe improvement over the defaults, %s: %s\n",
               accept_unmet ? "written anyway (--accept-unmet)" : "nothing written", v.reason.c_str());
  for (const std::string& m : v.missed) std::fprintf(stderr, "  MISSED: %s\n", m.c_str());
  if (!accept_unmet) std::fprintf(stderr, "vsim-tune: --accept-unmet writes it anyway, marked so in its header\n");
  return accept_unmet ? 0 : 3;
}

// The checks' part of the JSON report: both sets before and after, the margins and the aims.
void addChecksJson(nlohmann::ordered_json& j, const TuneResult& r) {
  j["robustness"] = {{"before", summaryJson(r.robust_before)}, {"after", summaryJson(r.robust_after)}};
  j["held_out"] = {{"before", summaryJson(r.held_before)}, {"after", summaryJson(r.held_after)}};
  auto margins = [](const Margins& m) {
    return nlohmann::ordered_json{{"rate_gain", cli::number(m.rate_gain)},
                                  {"rate_gain_beyond", m.rate_gain_beyond},
                                  {"motor_lag", cli::number(m.motor_lag)},
                                  {"motor_lag_beyond", m.motor_lag_beyond}};
  };
  j["margins"] = {{"before", margins(r.margins_before)}, {"after", margins(r.margins_after)}};
  auto aims_json = nlohmann::ordered_json::array();
  for (const Aim& a : r.aims)
    aims_json.push_back({{"aim", a.text},
                         {"pilot", a.pilot},
                         {"met", a.met},
                         {"kind", a.performance ? "performance" : "safety"},
                         {"source", a.source},
                         {"missed_by", a.missed_by}});
  j["aims"] = aims_json;
  const StepAims& s = r.step_aims;
  j["step_aims"] = {{"overshoot", cli::number(s.overshoot)},       {"overshoot_source", s.overshoot_source},
                    {"settling_s", cli::number(s.settling_s)},     {"settling_source", s.settling_source},
                    {"roll_floor_s", cli::number(s.roll.floor_s)}, {"pitch_floor_s", cli::number(s.pitch.floor_s)}};
}

// --json: the whole report as JSON on stdout.
void printJson(const Options& o, const std::string& airframe, int processes, const TuneResult& r, bool written,
               const WriteVerdict& v) {
  nlohmann::ordered_json j;
  j["airframe"] = airframe;
  j["seed"] = o.seed;
  j["strategy"] = o.strategy;
  j["algorithm"] = o.algorithm;
  j["processes"] = processes;
  j["evaluations"] = r.evaluations;
  j["search_s"] = cli::number(r.search_s);
  j["complete"] = r.complete;
  j["cut_by_time_limit"] = r.cut_by_time_limit;
  j["time_limit_s"] = cli::number(o.budget_s);
  j["written"] = written;
  if (o.check)
    j["write_verdict"] = {{"writable", v.writable},
                          {"all_met", v.all_met},
                          {"reason", v.reason},
                          {"missed", v.missed},
                          {"held_cost_before", cli::number(v.held_cost_before)},
                          {"held_cost_after", cli::number(v.held_cost_after)}};
  auto params = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < r.tuned.size(); ++i)
    params.push_back({{"name", r.tuned[i].first},
                      {"before", cli::number(r.before[i].second)},
                      {"after", cli::number(r.tuned[i].second)}});
  j["params"] = params;
  auto stages = nlohmann::ordered_json::array();
  for (const StageReport& s : r.stages)
    stages.push_back({{"name", s.stage.name},
                      {"params", s.stage.params},
                      {"manoeuvres", s.stage.manoeuvres},
                      {"evaluations", s.evaluations},
                      {"cost_before", cli::number(s.cost_before)},
                      {"cost_after", cli::number(s.cost_after)},
                      {"stopped_by", stopReasonText(s.stopped_by)}});
  j["stages"] = stages;
  if (o.check) addChecksJson(j, r);
  std::printf("%s\n", j.dump(2).c_str());
}

// The report's first part: the search, stage by stage, and the gains before and after.
void printSearch(const Options& o, const std::string& airframe, const TuneResult& r) {
  std::printf("vsim-tune: %s, seed %lld, %s search (%s), %d evaluations in %.1f s\n", airframe.c_str(), o.seed,
              o.strategy.c_str(), o.algorithm.c_str(), r.evaluations, r.search_s);
  if (r.cut_by_time_limit) std::printf("%s\n", cutByTimeLimitText(o.budget_s).c_str());
  std::printf("\n  %-9s %-58s %5s %-16s %s\n", "stage", "manoeuvres", "evals", "stopped by", "cost (robustness set)");
  for (const StageReport& s : r.stages) {
    std::string names;
    for (const auto& m : s.stage.manoeuvres) names += (names.empty() ? "" : ", ") + m;
    std::printf("  %-9s %-58s %5d %-16s %.4f → %.4f\n", s.stage.name.c_str(), names.c_str(), s.evaluations,
                stopReasonText(s.stopped_by), s.cost_before, s.cost_after);
  }
  std::printf("\n  %-14s %12s %12s\n", "parameter", "before", "after");
  for (std::size_t i = 0; i < r.tuned.size(); ++i)
    std::printf("  %-14s %12.6g %12.6g\n", r.tuned[i].first.c_str(), r.before[i].second, r.tuned[i].second);
}

// A margin as the report says it: "unstable at ×1", "×2.50", or "≥ ×16.00" when stable up to
// the largest factor tried.
std::string marginText(const Margins& m, bool gain) {
  char text[32];
  const double v = gain ? m.rate_gain : m.motor_lag;
  const bool beyond = gain ? m.rate_gain_beyond : m.motor_lag_beyond;
  if (v == 0.0) return std::string("unstable at ×1");
  std::snprintf(text, sizeof text, "%s×%.2f", beyond ? "≥ " : "", v);
  return std::string(text);
}

// What the airframe can reach on the angle steps (stepAimsOf), per axis.
void printStepReach(const StepAims& aims) {
  std::printf("\nAngle steps: what the airframe can reach (10° step to ±0.5°; step_aims.h):\n");
  for (const auto& [axis, reach] : {std::pair{"roll", &aims.roll}, std::pair{"pitch", &aims.pitch}})
    std::printf(
        "  %-5s torque %.3f N·m / inertia %.4f kg·m² = %.1f rad/s², motor lag %.1f ms, loop %.1f ms: turn %.3f s, "
        "settling floor %.3f s\n",
        axis, reach->torque_Nm, reach->inertia_kgm2, reach->accel_radps2, 1e3 * reach->lag_s, 1e3 * reach->delay_s,
        reach->turn_s, reach->floor_s);
  std::printf("  overshoot aim %.3g %%: %s\n  settling aim %.3g s: %s\n", 100 * aims.overshoot,
              aims.overshoot_source.c_str(), aims.settling_s, aims.settling_source.c_str());
}

// The report's checks: both sets before → after, the cost terms, the margins and the aims.
void printChecks(const TuneResult& r) {
  printSummaryTable(
      "Held-out flights (the nominal airframe on 6 other seeds in calm air and winds, and 12 held-out "
      "airframes), before → after:",
      r.held_before, r.held_after);
  printSummaryTable(
      ("Robustness set (the " + std::to_string(r.robust_names.size()) + " tuning vehicles), before → after:").c_str(),
      r.robust_before, r.robust_after);
  std::printf(
      "\nCost per flight on the robustness set (tracking + overshoot + settling + saturation + motor activity "
      "+ hover + disturbance + failure), before → after:\n");
  for (std::size_t i = 0; i < r.robust_before.size(); ++i) {
    const CostTerms &b = r.robust_before[i].cost, &a = r.robust_after[i].cost;
    std::printf(
        "  %-12s %7.3f → %7.3f   (%.2f %.2f %.2f %.2f %.2f %.2f %.2f %.0f → %.2f %.2f %.2f %.2f %.2f %.2f %.2f "
        "%.0f)\n",
        r.robust_before[i].manoeuvre.c_str(), b.total(), a.total(), b.tracking, b.overshoot, b.settling, b.saturation,
        b.motor_activity, b.hover, b.disturbance, b.failure, a.tracking, a.overshoot, a.settling, a.saturation,
        a.motor_activity, a.hover, a.disturbance, a.failure);
  }
  std::printf("\nMargins (every robustness vehicle stable on the calm manoeuvres):\n");
  std::printf("  rate-loop gains (P, I, D of roll/pitch and yaw) × up to: %s → %s\n",
              marginText(r.margins_before, true).c_str(), marginText(r.margins_after, true).c_str());
  std::printf("  motor time constants × up to:                          %s → %s\n",
              marginText(r.margins_before, false).c_str(), marginText(r.margins_after, false).c_str());
  printStepReach(r.step_aims);
  std::printf("\nAims (each with where its figure comes from):\n");
  for (const Aim& a : r.aims) {
    std::printf("  [%s] %s%s%s\n", a.met ? "met" : "NOT met", a.text.c_str(), a.missed_by.empty() ? "" : ": missed by ",
                a.missed_by.c_str());
    std::printf("        aim: %s\n", a.source.c_str());
  }
}

// The report as text on stdout, ending with whether the file was written.
void printText(const Options& o, const std::string& airframe, const TuneResult& r, bool written,
               const WriteVerdict& v) {
  printSearch(o, airframe, r);
  if (o.check) printChecks(r);
  if (o.check)
    std::printf("\nHeld-out flights' summed cost: %.4f with the defaults → %.4f tuned.\n", v.held_cost_before,
                v.held_cost_after);
  if (!written)
    std::printf("\nNot written: no safe improvement over the defaults: %s (--accept-unmet writes it anyway).\n",
                v.reason.c_str());
  else if (o.check && v.writable && !v.all_met)
    std::printf(
        "\nWrote %s (%zu parameters): safe and no worse than the defaults on every held-out flight; it misses "
        "%zu performance aim(s), named in its header.\n",
        o.out_path.c_str(), r.tuned.size(), v.missed.size());
  else
    std::printf("\nWrote %s (%zu parameters)%s.\n", o.out_path.c_str(), r.tuned.size(),
                o.check && !v.writable ? ", not a safe improvement (--accept-unmet), said in its header" : "");
}

// Writes what the command line asked for besides the report: the gains (unless an aim is unmet
// and not accepted), the responses, the manoeuvres' logs.
vsim::Result<bool> writeOutputs(const Options& o, const vsim::VehicleModel& model, const TuneOptions& options,
                                const TuneResult& r, bool write, const WriteVerdict& verdict) {
  if (write)
    if (auto w = vsim::writeParamFile(o.out_path, r.tuned, fileComments(o, model.name, r, verdict)); !w) return w;
  if (!o.responses_path.empty())
    if (auto w = writeResponses(o.responses_path, r); !w) return w;
  if (!o.ulog_dir.empty())
    if (auto logged = writeManoeuvreLogs(model, o.ulog_dir, options.base, r, std::uint64_t(o.seed)); !logged)
      return logged;
  return true;
}

// The tool itself on this rank; main() turns what it throws into an error message.
int toolMain(int argc, char** argv, const Ranks& ranks) {
  const bool reporter = ranks.rank() == 0;
  Options o;
  if (const auto code = parseOptions(argc, argv, o)) return *code;
  auto fail = [&](const std::string& message) {
    if (reporter) std::fprintf(stderr, "vsim-tune: %s\n", message.c_str());
    return 1;
  };

  auto model = vsim::loadAirframe(cli::airframePath(o.airframe, argv[0]));
  if (!model) return fail(model.error().message);
  TuneOptions options = tuneOptionsOf(o);
  if (!o.params_path.empty()) {
    auto base = vsim::readParamFile(o.params_path);
    if (!base) return fail(base.error().message);
    options.base = *base;
  }

  ProgressPrinter progress(reporter, options.algorithm == Algorithm::Cmaes);
  if (reporter)
    std::fprintf(stderr, "vsim-tune: %s, seed %lld, %s, %s, %d process%s\n", model->name.c_str(), o.seed,
                 o.strategy.c_str(), o.algorithm.c_str(), ranks.size(), ranks.size() == 1 ? "" : "es");
  auto result = tune(*model, options, ranks, std::ref(progress));
  if (!result) return fail(result.error().message);
  if (!reporter) return 0;
  const TuneResult& r = *result;

  const WriteVerdict verdict = writeVerdictOf(r);
  const bool write = !o.check || verdict.writable || o.accept_unmet;
  if (auto written = writeOutputs(o, *model, options, r, write, verdict); !written)
    return fail(written.error().message);
  if (o.json)
    printJson(o, model->name, ranks.size(), r, write, verdict);
  else
    printText(o, model->name, r, write, verdict);
  if (r.cut_by_time_limit) std::fprintf(stderr, "vsim-tune: %s\n", cutByTimeLimitText(o.budget_s).c_str());
  return verdictCode(verdict, o.check, o.accept_unmet);
}

}  // namespace

// An exception (out of memory, a library's own error) is a failure like the others: said as
// "vsim-tune: what" on stderr with status 1, not an abort.
int main(int argc, char** argv) {
#ifdef NAVIGATOR_HAVE_MPI
  MpiRanks ranks(&argc, &argv);
#else
  Ranks ranks;
#endif
  try {
    return toolMain(argc, argv, ranks);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "vsim-tune: %s\n", e.what());
  } catch (...) {
    std::fprintf(stderr, "vsim-tune: an unexpected error (not a std::exception)\n");
  }
#ifdef NAVIGATOR_HAVE_MPI
  // The other ranks may be waiting for this one in a collective, where MPI_Finalize would leave
  // them (and mpirun) hanging: all of them are ended.
  if (ranks.size() > 1) MPI_Abort(MPI_COMM_WORLD, 1);
#endif
  return 1;
}
