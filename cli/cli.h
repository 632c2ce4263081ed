// What every Navigator command-line tool shares: argument parsing through CLI11 with one way of
// reporting a usage error, options whose values are checked as they are read, and JSON numbers
// with a defined form for non-finite values (nlohmann-json).
#pragma once

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <array>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace navigator::cli {

// A usage error in the tool's own words, thrown by a check while parsing; parse() prints it.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// What parsing found, without printing anything: help asked for, or a usage error's text in the
// words described at parse() (empty: the tool goes on).
struct ParseOutcome {
  bool help = false;
  std::string error;
};
ParseOutcome parseArguments(CLI::App& app, int argc, const char* const* argv);

// Parses argv. --help prints the help on stdout and gives 0. A usage error is printed once on
// stderr, as "TOOL: MESSAGE" and "Run 'TOOL --help' for the options.", and gives 2: CLI11's own
// ("--seed is required"), an option without its value ("--unit needs a value"), an unknown
// option ("unknown option '--x'"), a stray argument ("unexpected argument 'x'"), or a check's
// UsageError. Otherwise nothing: the tool goes on.
std::optional<int> parse(CLI::App& app, int argc, const char* const* argv);

// Prints a usage error found after parsing (options that exclude each other, …) the same way
// and gives 2.
int usageError(const CLI::App& app, const std::string& message);
int usageError(const std::string& tool, const std::string& message);

// Options checked as they are read; a refusal reads "NAME must be WHAT, got 'VALUE'". Numbers
// are finite and whole strings ("12abc", "nan" and "inf" are refused).
CLI::Option* addNumber(CLI::App& app, const std::string& name, double& target, const std::function<bool(double)>& ok,
                       const std::string& what, const std::string& help);
CLI::Option* addWhole(CLI::App& app, const std::string& name, long long& target, long long min, long long max,
                      const std::string& what, const std::string& help);
// A comma-separated list of numbers ("0.5,0.5,0.6").
CLI::Option* addList(CLI::App& app, const std::string& name, std::vector<double>& target, const std::string& what,
                     const std::string& help);
// Exactly three comma-separated numbers ("3,0,-1").
CLI::Option* addTriple(CLI::App& app, const std::string& name, std::array<double, 3>& target, const std::string& what,
                       const std::string& help);

// A number for JSON output: finite numbers as they are, a non-finite one (NaN, ±inf — which
// JSON cannot carry) as null. Every tool that writes JSON writes numbers through this.
nlohmann::ordered_json number(double value);

}  // namespace navigator::cli
