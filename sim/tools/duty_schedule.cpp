#include "sim/tools/duty_schedule.h"

#include "cli/cli_util.h"

#include <cctype>
#include <fstream>

namespace vsim::tools {

Result<std::vector<DutyRow>> readDutyFile(const std::string& path, int rotors) {
  std::ifstream in(path);
  if (!in) return Error{path + ": cannot open the duty file"};
  std::vector<DutyRow> rows;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#' || std::isalpha(static_cast<unsigned char>(line[first])))
      continue;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    const auto values = navigator::cli::parseList(line);
    const std::string where = path + ":" + std::to_string(number) + ": ";
    if (!values) return Error{where + "expected 't_s,d1,d2,...' with finite numbers"};
    if (int(values->size()) != rotors + 1)
      return Error{where + "expected a time and " + std::to_string(rotors) + " duties, got " +
                   std::to_string(values->size()) + " numbers"};
    if (!rows.empty() && (*values)[0] <= rows.back().t_s) return Error{where + "times must increase"};
    rows.push_back({(*values)[0], std::vector<double>(values->begin() + 1, values->end())});
  }
  if (rows.empty()) return Error{path + ": no duty rows"};
  return rows;
}

Result<bool> checkDutyRange(const std::vector<DutyRow>& schedule) {
  for (const DutyRow& row : schedule)
    for (double d : row.duty)
      if (d < 0.0 || d > 1.0) return Error{"duties must be in [0, 1], got " + std::to_string(d)};
  return true;
}

}  // namespace vsim::tools
