// A duty schedule for the open-loop tools (vsim-run, vsim-batch): rows of motor duties, each
// held from its time to the next row's. The file form is CSV lines 't_s,d1,d2,...' with times
// increasing; blank lines, '#' comments and a header line (starting with a letter) are skipped.
#pragma once

#include "sim/base/result.h"

#include <string>
#include <vector>

namespace vsim::tools {

struct DutyRow {
  double t_s;
  std::vector<double> duty;
};

// Reads a schedule for `rotors` motors; the error names the file and line.
Result<std::vector<DutyRow>> readDutyFile(const std::string& path, int rotors);

// Every duty of the schedule in [0, 1]; the error quotes the first one that is not.
Result<bool> checkDutyRange(const std::vector<DutyRow>& schedule);

}  // namespace vsim::tools
