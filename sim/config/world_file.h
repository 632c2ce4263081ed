// World files: the ground, obstacles and a world mesh in YAML (JSON accepted), documented
// in resources/worlds/README.md.
#pragma once

#include "sim/base/result.h"
#include "sim/world/world.h"
#include "sim/config/yaml_reader.h"

#include <string>

namespace vsim {

// Reads and checks a world file. Every error names the file, the key path and the line.
// Mesh paths are relative to the world file's folder.
Result<World> loadWorld(const std::string& path);

// The world a command line names: "ground" (flat ground at z = 0, the default), "none" (empty
// space), or a world file's path. The one place these keywords are read.
Result<World> worldFromArgument(const std::string& keyword_or_path);
bool isWorldKeyword(const std::string& text);

// The same from a document already parsed (the control pipe's world command carries one):
// errors are prefixed with `source`; mesh paths are relative to `folder`.
Result<World> worldFromDocument(const YamlReader& root, const std::string& folder, const std::string& source);

}  // namespace vsim
