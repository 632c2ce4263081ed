// Airframe files: a vehicle model in YAML (JSON accepted, as YAML), documented in
// resources/airframes/README.md. Mass properties are given, or computed from a composite of
// meshes, primitives and point masses placed at poses (mass_properties.h: combined with the
// parallel-axis theorem).
#pragma once

#include "sim/base/result.h"
#include "sim/vehicle/vehicle_model.h"
#include "sim/config/yaml_reader.h"

#include <string>

namespace vsim {

// Reads and checks an airframe file. Every error names the file, the key path and the
// line, and what is wrong: "s500.yaml: rotors[2].k_f (line 31): must be positive, got -1".
// Mesh paths are relative to the airframe file's folder.
Result<VehicleModel> loadAirframe(const std::string& path);

// The same from a document already parsed (the control pipe's geometry command carries one):
// errors are prefixed with `source`; mesh paths are relative to `folder`.
Result<VehicleModel> airframeFromDocument(const YamlReader& root, const std::string& folder, const std::string& source);

}  // namespace vsim
