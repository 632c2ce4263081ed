// The architecture of DESIGN.md §1, checked by reading the sources: every #include of every
// production file (sim/, firmware/, flight/, cli/, app/, widgets/) is held against the arrows
// the design allows. A module is a folder (the longest matching prefix); it may include itself
// and what its arrows reach, transitively. Angle-bracket includes are checked too: no Qt below
// the station, no widgets (QtWidgets, QtGui, Qt3D) in the station's core, and the flight core
// on the C library alone.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace navigator::architecture {

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
