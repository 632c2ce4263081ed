// The architecture, checked by reading the sources: every #include of every production file
// (sim/, firmware/, flight/, cli/, app/, widgets/) is held against the layer table of
// docs/architecture.md. A module is a folder (the longest matching prefix); it may include itself
// and what its arrows reach, transitively. Angle-bracket includes are checked too: no Qt below
// the station, no widgets (QtWidgets, QtGui, Qt3D) in the station's core, and the flight core
// on the C library alone. The rules are written here once; tests/architecture/layer_table.h
// checks that the document's table says the same.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace navigator::architecture {

// What a module may include between angle brackets (the table's "system headers" column).
enum class SystemHeaders {
  Any,        // the station's widgets and composition root: Qt Widgets, Qt3D, SDL, …
  NoWidgets,  // the station's core: Qt Core/Network/SerialPort/Concurrent, SDL, never a widget
  NoQt,       // the simulator, the tools, the flasher: the standard library, Eigen, POSIX — never Qt
  CLibrary,   // the portable firmware: assert, float, limits, math, stdbool, stddef, stdint, stdio, string
};

// One row of the layer table: a module, the modules it may include directly, its system headers.
struct ModuleRule {
  std::string name;
  std::vector<std::string> arrows;
  SystemHeaders system;
};

// Every module's rule, in the order of the layer table.
const std::vector<ModuleRule>& moduleRules();

struct Violation {
  std::string file;  // relative to the root, '/'-separated
  int line = 0;
  std::string include;
  std::string why;  // which module may not include what, and what it may include
};

// The module a repository path belongs to ("sim/world" for "sim/world/contact.h"; "sim" for
// "sim/simulator.h"), or "" when the path is in no checked module.
std::string moduleOf(const std::string& path);

// Every violation under `root`. `qt_include_dir` is Qt's header folder (holding QtWidgets/,
// QtGui/, …); when empty, Qt headers are recognised by name only.
std::vector<Violation> checkTree(const std::filesystem::path& root, const std::filesystem::path& qt_include_dir = {});

// One line per violation: "app/core/x.cpp:12: #include "widgets/y.h": app/core may not include widgets (…)".
std::string describe(const Violation& v);

}  // namespace navigator::architecture
