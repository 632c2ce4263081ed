// navigator-log: flight logs (ULog — Navigator's or PX4's — and ArduPilot's DataFlash .bin) for scripts.
//   navigator-log info FILE                       the header, INFO values, parameters, logged messages
//   navigator-log topics FILE                     each topic: fields, message count, time span
//   navigator-log export FILE TOPIC --out CSV     one topic as CSV, timestamp first
// Exit 0; 1 on a file that cannot be read (the message names it and the offset); 2 on usage.
#include "log/ulog_csv.h"
#include "log/ulog_reader.h"
#include "cli/cli.h"

#include <cstdio>
#include <exception>
#include <string>

namespace {

using navigator::ulog::ULogFile;

int fail(const std::string& message) {
  std::fprintf(stderr, "navigator-log: %s\n", message.c_str());
  return 1;
}

double seconds(std::uint64_t us) { return double(us) * 1e-6; }

void printProblems(const ULogFile& log) {
  for (const auto& p : log.problems())
    std::fprintf(stderr, "navigator-log: %s: offset %llu: %s\n", log.path().c_str(), (unsigned long long)p.offset,
                 p.what.c_str());
}

int info(const ULogFile& log) {
  std::printf("file: %s\nsize: %llu bytes\nstart: %.6f s (header timestamp)\ndata: %.6f s to %.6f s\n",
              log.path().c_str(), (unsigned long long)log.sizeBytes(), seconds(log.startUs()), seconds(log.firstUs()),
              seconds(log.lastUs()));
  std::printf("\ninfo (%zu):\n", log.info().size());
  for (const auto& kv : log.info()) std::printf("  %s %s = %s\n", kv.type.c_str(), kv.name.c_str(), kv.text().c_str());
  for (const auto& kv : log.infoMultiple())
    std::printf("  %s %s = (%zu bytes, multiple)\n", kv.type.c_str(), kv.name.c_str(), kv.raw.size());
  std::printf("\nparameters (%zu):\n", log.parameters().size());
  for (const auto& kv : log.parameters())
    std::printf("  %s = %s (%s)\n", kv.name.c_str(), kv.text().c_str(), kv.type.c_str());
  std::printf("\nlogged messages (%zu):\n", log.strings().size());
  for (const auto& s : log.strings())
    std::printf("  %.6f %s %s\n", seconds(s.t_us), navigator::ulog::logLevelName(s.level), s.text.c_str());
  std::printf("\ndropouts: %zu", log.dropouts().size());
  unsigned total_ms = 0;
  for (const auto& d : log.dropouts()) total_ms += d.duration_ms;
  std::printf(" (%u ms in all)\n", total_ms);
  printProblems(log);
  return 0;
}

int topics(const ULogFile& log) {
  for (const auto& sub : log.subscriptions()) {
    std::printf("%s", sub.name.c_str());
    if (sub.multi_id != 0) std::printf(" (instance %u)", unsigned(sub.multi_id));
    std::printf(": %zu messages", sub.count());
    if (sub.count() > 0) std::printf(", %.6f s to %.6f s", seconds(sub.first_us), seconds(sub.last_us));
    std::printf("\n  fields:");
    for (const auto& f : log.fields(sub)) std::printf(" %s", f.path.c_str());
    std::printf("\n");
  }
  printProblems(log);
  return 0;
}

// The tool itself; main() turns what it throws into an error message.
int toolMain(int argc, char** argv) {
  namespace cli = navigator::cli;
  CLI::App app("Reads flight logs for scripts: ULog (Navigator's or PX4's) and ArduPilot's DataFlash .bin.",
               "navigator-log");
  app.require_subcommand(1);
  std::string file, topic, out;
  int instance = 0;
  auto* info_cmd = app.add_subcommand("info", "the header, INFO values, parameters and logged messages");
  info_cmd->add_option("FILE", file, "a .ulg or .bin file")->required();
  auto* topics_cmd = app.add_subcommand("topics", "each topic with its fields, message count and time span");
  topics_cmd->add_option("FILE", file, "a .ulg or .bin file")->required();
  auto* export_cmd = app.add_subcommand("export", "one topic as CSV, timestamp [µs] first");
  export_cmd->add_option("FILE", file, "a .ulg or .bin file")->required();
  export_cmd->add_option("TOPIC", topic, "the topic's name, as 'topics' lists it")->required();
  export_cmd->add_option("--out", out, "the CSV file to write")->type_name("FILE.csv")->required();
  export_cmd->add_option("--instance", instance, "the topic's instance (multi_id), default 0")
      ->check(CLI::Range(0, 255));
  if (const auto code = cli::parse(app, argc, argv)) return *code;

  auto log = ULogFile::open(file);
  if (!log) return fail(log.error().message);
  if (info_cmd->parsed()) return info(*log);
  if (topics_cmd->parsed()) return topics(*log);
  const auto* sub = log->find(topic, instance);
  if (sub == nullptr) {
    std::string names;
    for (const auto& s : log->subscriptions()) names += (names.empty() ? "" : ", ") + s.name;
    return fail(file + ": no topic '" + topic + "' (instance " + std::to_string(instance) + "); it has " +
                (names.empty() ? std::string("none") : names));
  }
  auto rows = navigator::ulog::exportCsv(*log, *sub, out);
  if (!rows) return fail(rows.error().message);
  printProblems(*log);
  std::fprintf(stderr, "navigator-log: %s: %zu rows of %s written to %s\n", file.c_str(), *rows, topic.c_str(),
               out.c_str());
  return 0;
}

}  // namespace

// An exception (out of memory, a library's own error) is a failure like the others: said as
// "navigator-log: what" on stderr with status 1, not an abort.
int main(int argc, char** argv) {
  try {
    return toolMain(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "navigator-log: %s\n", e.what());
  } catch (...) {
    std::fprintf(stderr, "navigator-log: an unexpected error (not a std::exception)\n");
  }
  return 1;
}
