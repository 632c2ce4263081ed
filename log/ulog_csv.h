// One topic of a ULog file as CSV: a header row of field names (timestamp first, arrays and
// nested messages unrolled as "accelerometer_m_s2[0]", "esc[1].esc_rpm"), then one row per
// DATA message. What navigator-log export and the Logs page's "Export CSV…" write. A DataFlash
// log's topic the same way, its labels as the header (TimeUS first), scaled integers as their
// value (degrees, not centidegrees).
#pragma once

#include "log/ulog_reader.h"

#include <string>

namespace navigator::ulog {

// Writes `sub` of `log` to `path` (replaced only when the whole file was written: a failed
// export leaves the old file). Gives the number of rows.
vsim::Result<std::size_t> exportCsv(const ULogFile& log, const Subscription& sub, const std::string& path);

// `sub`'s fields as CSV header cells, timestamp first.
std::vector<ScalarField> csvColumns(const ULogFile& log, const Subscription& sub);

}  // namespace navigator::ulog
