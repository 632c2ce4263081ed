// The true-state columns of the open-loop tools' CSV (vsim-run's rows, vsim-batch's final
// states): one header and one number format, so their files compare as text.
#pragma once

#include "sim/vehicle/vehicle_state.h"

#include <cstdio>

namespace vsim::tools {

// "time_s,pos_n_m,…,rate_z_radps,motor0_radps,…" without a line end.
void writeStateHeader(std::FILE* f, int rotors);
// The matching values: time as %.6f, the rest as %.9g, without a line end.
void writeStateColumns(std::FILE* f, double time_s, const VehicleState& s, int rotors);

}  // namespace vsim::tools
