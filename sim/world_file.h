// World files: the ground, obstacles and a world mesh in YAML (JSON accepted), documented
// in resources/worlds/README.md.
#pragma once

#include "sim/result.h"
#include "sim/world.h"

#include <string>

namespace vsim {

// Reads and checks a world file. Every error names the file, the key path and the line.
// Mesh paths are relative to the world file's folder.
Result<World> loadWorld(const std::string& path);

}  // namespace vsim
