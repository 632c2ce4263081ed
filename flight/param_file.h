// Parameter files ("NAME VALUE" lines, the format vayu_sitl --params reads and writes:
// firmware/core/fc_param_text.h) for the tools: vsim-fly --params reads one, vsim-tune writes
// one. Reading is strict — a tool must not fly a half-read set.
#pragma once

#include "sim/base/result.h"

#include <string>
#include <utility>
#include <vector>

namespace vsim {

using ParamList = std::vector<std::pair<std::string, double>>;

// Every line must parse and hold a value the firmware accepts; the first that does not is the
// error, named by file and line. A file that cannot be opened is an error too.
Result<ParamList> readParamFile(const std::string& path);

// Writes `comments` (each as "# " lines, a long one folded at spaces into lines of at most 160
// bytes that readParamFile takes) and then the parameters, through a temporary file
// renamed into place: a failure leaves any existing file as it was. A parameter the firmware
// would refuse is an error before anything is written.
Result<bool> writeParamFile(const std::string& path, const ParamList& params, const std::vector<std::string>& comments);

}  // namespace vsim
