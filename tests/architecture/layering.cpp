#include "tests/architecture/layering.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <utility>

namespace navigator::architecture {
namespace {

// The layer table of docs/architecture.md (test_layer_table holds the two together). A folder is
// a layer; the top-level files of a folder (the simulator in sim/, main.cpp in app/) are a module
// of their own above its subfolders.
const std::vector<ModuleRule>& rules() {
  using S = SystemHeaders;
  static const std::vector<ModuleRule> table = {
      {"sim/base", {}, S::NoQt},
      {"sim/geometry", {"sim/base"}, S::NoQt},
      {"sim/mass", {"sim/geometry"}, S::NoQt},
      {"sim/vehicle", {"sim/mass"}, S::NoQt},
      {"sim/world", {"sim/vehicle"}, S::NoQt},
      {"sim", {"sim/world"}, S::NoQt},
      {"sim/config", {"sim/world"}, S::NoQt},
      {"sim/batch", {"sim"}, S::NoQt},
      {"sim/service", {"sim", "sim/config", "firmware/mavlink"}, S::NoQt},
      {"sim/tools", {"sim", "sim/config", "sim/batch", "sim/service", "cli", "log"}, S::NoQt},
      {"firmware/protocol", {}, S::CLibrary},
      {"firmware/mavlink", {"firmware/protocol"}, S::CLibrary},
      {"firmware/core", {"firmware/protocol"}, S::CLibrary},
      {"firmware/link", {"firmware/core", "firmware/mavlink"}, S::CLibrary},
      {"firmware/drivers", {}, S::CLibrary},
      {"firmware/chips", {"firmware/drivers"}, S::CLibrary},
      {"firmware/hal/sitl", {"firmware/link", "firmware/drivers", "firmware/chips"}, S::NoQt},
      {"firmware/hal/stm32f4", {"firmware/link", "firmware/drivers"}, S::NoQt},
      {"flight", {"sim", "sim/config", "sim/batch", "firmware/core", "firmware/drivers", "firmware/chips"}, S::NoQt},
      {"flight/tune", {"flight"}, S::NoQt},
      {"flight/tools", {"flight", "flight/tune", "cli", "log"}, S::NoQt},
      {"cli", {}, S::NoQt},
      {"flash", {"cli"}, S::NoQt},
      {"log", {"sim", "cli"}, S::NoQt},
      {"app/clock", {}, S::NoWidgets},
      {"app/link", {"app/clock", "firmware/mavlink"}, S::NoWidgets},
      {"app/vehicle", {"app/link"}, S::NoWidgets},
      {"app/joystick", {"app/clock", "firmware/mavlink"}, S::NoWidgets},
      {"app/core",
       {"app/vehicle", "app/link", "app/joystick", "flash", "sim/config", "sim/service", "flight", "flight/tune",
        "log"},
       S::NoWidgets},
      {"app/ui", {"app/core", "widgets", "widgets/plots", "widgets/flight_view", "widgets/joystick"}, S::Any},
      {"app", {"app/ui"}, S::Any},
      {"widgets/scene3d", {}, S::Any},
      {"widgets", {"widgets/scene3d"}, S::Any},
      {"widgets/plots", {}, S::Any},
      {"widgets/flight_view", {"widgets/scene3d"}, S::Any},
      {"widgets/joystick", {}, S::Any},
  };
  return table;
}

const ModuleRule* find(const std::string& name) {
  for (const ModuleRule& m : rules())
    if (name == m.name) return &m;
  return nullptr;
}

// Everything `name` may include: itself and the closure of its arrows.
const std::set<std::string>& reach(const std::string& name) {
  static std::map<std::string, std::set<std::string>> memo;
  auto it = memo.find(name);
  if (it != memo.end()) return it->second;
  std::set<std::string> out{name};
  std::vector<std::string> todo{name};
  while (!todo.empty()) {
    const std::string m = todo.back();
    todo.pop_back();
    if (const ModuleRule* mod = find(m))
      for (const std::string& next : mod->arrows)
        if (out.insert(next).second) todo.emplace_back(next);
  }
  return memo.emplace(name, std::move(out)).first->second;
}

std::string join(const std::set<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

bool cLibraryHeader(const std::string& h) {
  static const std::set<std::string> allowed = {"assert.h", "float.h",  "limits.h", "math.h",  "stdbool.h",
                                                "stddef.h", "stdint.h", "stdio.h",  "string.h"};
  return allowed.count(h) > 0;
}

// A Qt header: <QString>, <QtCore/QString>, <Qt3DCore/QEntity>, <qcustomplot.h>.
bool qtHeader(const std::string& h) {
  return (h.size() > 1 && h[0] == 'Q' && std::isupper(static_cast<unsigned char>(h[1]))) || h.rfind("Qt", 0) == 0 ||
         h == "qcustomplot.h";
}

// A header of Qt's GUI side (QtWidgets, QtGui, Qt3D*, PrintSupport, QCustomPlot).
bool qtGuiHeader(const std::string& h, const std::filesystem::path& qt_dir) {
  static const char* gui_modules[] = {"QtWidgets", "QtGui",    "Qt3DCore",       "Qt3DRender", "Qt3DExtras",
                                      "Qt3DInput", "QtOpenGL", "QtPrintSupport", "QtSvg"};
  if (h == "qcustomplot.h") return true;
  for (const char* m : gui_modules) {
    if (h.rfind(std::string(m) + "/", 0) == 0) return true;
    if (!qt_dir.empty() && std::filesystem::exists(qt_dir / m / h)) return true;
  }
  if (qt_dir.empty()) {
    // Without Qt's headers at hand: the usual widget and GUI class names.
    static const std::set<std::string> names = {"QWidget",         "QApplication", "QMainWindow", "QDialog",
                                                "QLabel",          "QPushButton",  "QLineEdit",   "QComboBox",
                                                "QSpinBox",        "QTabWidget",   "QKeyEvent",   "QPainter",
                                                "QGuiApplication", "QVector3D",    "QQuaternion"};
    return names.count(h) > 0;
  }
  return false;
}

std::string systemProblem(SystemHeaders rule, const std::string& h, const std::filesystem::path& qt_dir) {
  switch (rule) {
    case SystemHeaders::Any:
      return {};
    case SystemHeaders::NoWidgets:
      return qtGuiHeader(h, qt_dir) ? "is the station's core: no widget or GUI header (docs/architecture.md)" : "";
    case SystemHeaders::NoQt:
      return qtHeader(h) ? "never includes Qt (docs/architecture.md)" : "";
    case SystemHeaders::CLibrary:
      return cLibraryHeader(h) ? ""
                               : "is portable firmware: the C library's assert, float, limits, math, stdbool, "
                                 "stddef, stdint, stdio and string headers only (docs/architecture.md)";
  }
  return {};
}

// The include on a line — its bracket ('<' or '"') and path — or a zero bracket when the line
// is not an #include. (By hand: std::regex trips GCC 12's -Wmaybe-uninitialized under ASan.)
std::pair<char, std::string> includeOn(const std::string& line) {
  std::size_t i = line.find_first_not_of(" \t");
  if (i == std::string::npos || line[i] != '#') return {0, {}};
  i = line.find_first_not_of(" \t", i + 1);
  if (i == std::string::npos || line.compare(i, 7, "include") != 0) return {0, {}};
  i = line.find_first_not_of(" \t", i + 7);
  if (i == std::string::npos || (line[i] != '<' && line[i] != '"')) return {0, {}};
  const char open = line[i];
  const std::size_t end = line.find(open == '<' ? '>' : '"', i + 1);
  if (end == std::string::npos) return {0, {}};
  return {open, line.substr(i + 1, end - i - 1)};
}

bool checkedSource(const std::filesystem::path& p) {
  const std::string ext = p.extension().string();
  return ext == ".h" || ext == ".hpp" || ext == ".c" || ext == ".cpp";
}

}  // namespace

const std::vector<ModuleRule>& moduleRules() { return rules(); }

std::string moduleOf(const std::string& path) {
  const std::string dir = path.substr(0, path.rfind('/') == std::string::npos ? 0 : path.rfind('/'));
  std::string best;
  for (const ModuleRule& m : rules()) {
    const std::string& name = m.name;
    if ((dir == name || dir.rfind(name + "/", 0) == 0) && name.size() > best.size()) best = name;
  }
  return best;
}

std::vector<Violation> checkTree(const std::filesystem::path& root, const std::filesystem::path& qt_include_dir) {
  std::vector<std::string> files;
  for (const char* top : {"sim", "firmware", "flight", "log", "flash", "cli", "app", "widgets"}) {
    if (!std::filesystem::is_directory(root / top)) continue;
    for (const auto& e : std::filesystem::recursive_directory_iterator(root / top))
      if (e.is_regular_file() && checkedSource(e.path()))
        files.push_back(std::filesystem::relative(e.path(), root).generic_string());
  }
  std::sort(files.begin(), files.end());

  std::vector<Violation> out;
  for (const std::string& file : files) {
    const std::string from = moduleOf(file);
    const ModuleRule* mod = find(from);
    if (!mod) continue;  // a folder the layer table does not name (none today)
    std::ifstream in(root / file);
    std::string text;
    int line_no = 0;
    while (std::getline(in, text)) {
      ++line_no;
      const auto [bracket, inc] = includeOn(text);
      if (bracket == 0) continue;
      if (bracket == '<') {
        const std::string problem = systemProblem(mod->system, inc, qt_include_dir);
        if (!problem.empty()) out.push_back({file, line_no, "<" + inc + ">", from + " " + problem});
        continue;
      }
      if (inc.size() > 4 && inc.compare(inc.size() - 4, 4, ".moc") == 0) continue;  // Qt's moc output
      const std::string to = moduleOf(inc);
      if (to.empty()) {
        out.push_back({file, line_no, "\"" + inc + "\"",
                       "not a header of a module: include by the path from the repository root"});
        continue;
      }
      const auto& allowed = reach(from);
      if (!allowed.count(to))
        out.push_back({file, line_no, "\"" + inc + "\"",
                       from + " may not include " + to + " (the layer table lets it include " + join(allowed) + ")"});
    }
  }
  return out;
}

std::string describe(const Violation& v) {
  std::ostringstream s;
  s << v.file << ":" << v.line << ": #include " << v.include << ": " << v.why;
  return s.str();
}

}  // namespace navigator::architecture
