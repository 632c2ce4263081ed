#include "cli/cli.h"

#include "cli/cli_util.h"

#include <cmath>
#include <cstdio>

namespace navigator::cli {
namespace {

void printUsageError(const std::string& tool, const std::string& message) {
  std::fprintf(stderr, "%s: %s\nRun '%s --help' for the options.\n", tool.c_str(), message.c_str(), tool.c_str());
}

void printUsageError(const CLI::App& app, const std::string& message) { printUsageError(app.get_name(), message); }

// CLI11's "--unit: 1 required TEXT missing" in the tools' words.
std::string missingValue(const std::string& what) {
  const auto colon = what.find(':');
  return (colon == std::string::npos ? what : what.substr(0, colon)) + " needs a value";
}

CLI::Option* addChecked(CLI::App& app, const std::string& name, const std::function<void(const std::string&)>& take,
                        const std::string& help) {
  return app.add_option_function<std::string>(name, take, help)->type_name("");
}

}  // namespace

ParseOutcome parseArguments(CLI::App& app, int argc, const char* const* argv) {
  app.allow_extras();  // reported below, in the tools' words
  ParseOutcome out;
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    out.help = true;
    return out;
  } catch (const UsageError& e) {
    out.error = e.what();
    return out;
  } catch (const CLI::ArgumentMismatch& e) {
    out.error = missingValue(e.what());
    return out;
  } catch (const CLI::ParseError& e) {
    out.error = e.what();
    return out;
  }
  const std::vector<std::string> extra = app.remaining();
  if (!extra.empty()) {
    const std::string& x = extra.front();
    out.error = (x.size() > 1 && x[0] == '-' ? "unknown option '" : "unexpected argument '") + x + "'";
  }
  return out;
}

std::optional<int> parse(CLI::App& app, int argc, const char* const* argv) {
  const ParseOutcome outcome = parseArguments(app, argc, argv);
  if (outcome.help) {
    std::fputs(app.help().c_str(), stdout);
    return 0;
  }
  if (!outcome.error.empty()) return usageError(app, outcome.error);
  return std::nullopt;
}

int usageError(const CLI::App& app, const std::string& message) {
  printUsageError(app, message);
  return 2;
}

int usageError(const std::string& tool, const std::string& message) {
  printUsageError(tool, message);
  return 2;
}

CLI::Option* addNumber(CLI::App& app, const std::string& name, double& target, const std::function<bool(double)>& ok,
                       const std::string& what, const std::string& help) {
  return addChecked(
      app, name,
      [&target, ok, name, what](const std::string& v) {
        const auto d = parseNumber(v);
        if (!d || !ok(*d)) throw UsageError(name + " must be " + what + ", got '" + v + "'");
        target = *d;
      },
      help);
}

CLI::Option* addWhole(CLI::App& app, const std::string& name, long long& target, long long min, long long max,
                      const std::string& what, const std::string& help) {
  return addChecked(
      app, name,
      [&target, min, max, name, what](const std::string& v) {
        const auto d = parseNumber(v);
        if (!d || *d != std::floor(*d) || *d < double(min) || *d > double(max))
          throw UsageError(name + " must be " + what + ", got '" + v + "'");
        target = static_cast<long long>(*d);
      },
      help);
}

CLI::Option* addList(CLI::App& app, const std::string& name, std::vector<double>& target, const std::string& what,
                     const std::string& help) {
  return addChecked(
      app, name,
      [&target, name, what](const std::string& v) {
        const auto list = parseList(v);
        if (!list) throw UsageError(name + " must be " + what + ", got '" + v + "'");
        target = *list;
      },
      help);
}

CLI::Option* addTriple(CLI::App& app, const std::string& name, std::array<double, 3>& target, const std::string& what,
                       const std::string& help) {
  return addChecked(
      app, name,
      [&target, name, what](const std::string& v) {
        const auto list = parseList(v);
        if (!list || list->size() != 3) throw UsageError(name + " must be " + what + ", got '" + v + "'");
        target = {(*list)[0], (*list)[1], (*list)[2]};
      },
      help);
}

nlohmann::ordered_json number(double value) {
  if (!std::isfinite(value)) return nullptr;
  return value;
}

}  // namespace navigator::cli
