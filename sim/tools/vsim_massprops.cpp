// vsim-massprops: mass, centre of mass and inertia tensor of a mesh file, for people and scripts.
#include "sim/base/length_unit.h"
#include "sim/geometry/mesh_import.h"
#include "sim/mass/mesh_mass_properties.h"
#include "cli/cli_util.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace {

constexpr const char* kUsage =
    "usage: vsim-massprops FILE [--unit m|cm|mm|in] [--density KG_PER_M3 | --mass KG] [--allow-open] [--json]\n"
    "\n"
    "Mass, volume, centre of mass, inertia tensor about the centre of mass (off-diagonals are\n"
    "-∫xy dm etc.), principal moments and axes of the solid a closed triangle mesh bounds.\n"
    "Reads STL (binary and ASCII), OBJ, PLY, glTF/GLB and the other formats Assimp reads.\n"
    "\n"
    "  --unit U        length unit the mesh is drawn in (default m)\n"
    "  --density D     material density in kg/m^3 (default 1000)\n"
    "  --mass M        total mass in kg; the density follows from the volume\n"
    "  --allow-open    compute even when the mesh is not closed (result marked unreliable)\n"
    "  --json          print exactly one JSON object\n";

struct Options {
  std::string file;
  vsim::MassSpec spec;
  bool density_given = false;
  bool allow_open = false;
  bool json = false;
};

int usageError(const std::string& message) {
  std::fprintf(stderr, "vsim-massprops: %s\n%s", message.c_str(), kUsage);
  return 2;
}

// Returns an exit code when parsing ends the program (help, or a usage error).
std::optional<int> parseArgs(int argc, char** argv, Options& opt) {
  bool mass_given = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    auto value = [&](std::string_view name) -> std::optional<std::string_view> {
      if (i + 1 >= argc) return std::nullopt;
      (void)name;
      return std::string_view(argv[++i]);
    };
    if (arg == "-h" || arg == "--help") {
      std::fputs(kUsage, stdout);
      return 0;
    } else if (arg == "--unit") {
      const auto v = value(arg);
      if (!v) return usageError("--unit needs a value");
      const auto unit = vsim::parseLengthUnit(*v);
      if (!unit) return usageError("unknown unit '" + std::string(*v) + "' (use m, cm, mm or in)");
      opt.spec.unit = *unit;
    } else if (arg == "--density" || arg == "--mass") {
      const auto v = value(arg);
      if (!v) return usageError(std::string(arg) + " needs a value");
      const auto number = navigator::cli::parseNumber(*v);
      if (!number || !std::isfinite(*number) || *number <= 0.0)
        return usageError(std::string(arg) + " must be a positive number, got '" + std::string(*v) + "'");
      const bool is_mass = arg == "--mass";
      (is_mass ? mass_given : opt.density_given) = true;
      opt.spec.basis = is_mass ? vsim::MassSpec::Basis::TotalMass : vsim::MassSpec::Basis::Density;
      opt.spec.value = *number;
    } else if (arg == "--allow-open") {
      opt.allow_open = true;
    } else if (arg == "--json") {
      opt.json = true;
    } else if (arg.starts_with("-") && arg.size() > 1) {
      return usageError("unknown option '" + std::string(arg) + "'");
    } else if (opt.file.empty()) {
      opt.file = arg;
    } else {
      return usageError("only one FILE, got '" + opt.file + "' and '" + std::string(arg) + "'");
    }
  }
  if (opt.file.empty()) return usageError("no FILE given");
  if (mass_given && opt.density_given) return usageError("give --density or --mass, not both");
  return std::nullopt;
}

std::string jsonString(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.12g", v);
  return buf;
}

std::string vec(const Eigen::Vector3d& v) { return "[" + num(v.x()) + ", " + num(v.y()) + ", " + num(v.z()) + "]"; }

std::string rows(const Eigen::Matrix3d& m) {
  return "[" + vec(m.row(0)) + ", " + vec(m.row(1)) + ", " + vec(m.row(2)) + "]";
}

std::vector<std::string> warnings(const vsim::MeshAnalysis& a) {
  const vsim::MeshDiagnostics& d = a.diagnostics;
  std::vector<std::string> w;
  if (!a.reliable)
    w.push_back("the mesh is not closed (" + std::to_string(d.open_edges) + " open, " +
                std::to_string(d.non_manifold_edges) + " non-manifold, " + std::to_string(d.misoriented_edges) +
                " misoriented edges): the result is unreliable");
  if (d.inside_out) w.push_back("the surface is inside out (triangles wound inward); the result is corrected for it");
  if (d.degenerate > 0) w.push_back(std::to_string(d.degenerate) + " degenerate (zero-area) triangles");
  if (d.skipped_primitives > 0)
    w.push_back(std::to_string(d.skipped_primitives) + " points or lines in the file were ignored");
  return w;
}

void printJson(const Options& opt, const vsim::MeshAnalysis& a, const vsim::MeshMassProperties& m,
               const vsim::PrincipalAxes& p) {
  const vsim::MeshDiagnostics& d = a.diagnostics;
  std::string w = "[";
  for (const std::string& s : warnings(a)) w += (w.size() > 1 ? ", " : "") + jsonString(s);
  w += "]";
  std::printf(
      "{\"file\": %s, \"unit\": \"%s\", \"density_kgm3\": %s, \"mass_kg\": %s, \"volume_m3\": %s,"
      " \"com_m\": %s, \"inertia_com_kgm2\": %s, \"principal_moments_kgm2\": %s, \"principal_axes\": %s,"
      " \"reliable\": %s, \"mesh\": {\"triangles\": %zu, \"closed\": %s, \"inside_out\": %s, \"shells\": %zu,"
      " \"degenerate\": %zu, \"open_edges\": %zu, \"non_manifold_edges\": %zu, \"misoriented_edges\": %zu,"
      " \"skipped_primitives\": %zu, \"size_m\": %s}, \"warnings\": %s}\n",
      jsonString(opt.file).c_str(), std::string(vsim::lengthUnitSymbol(opt.spec.unit)).c_str(),
      num(m.density_kgm3).c_str(), num(m.body.mass_kg).c_str(), num(m.volume_m3).c_str(),
      vec(m.body.com_B_m).c_str(), rows(m.body.inertia_com_B_kgm2).c_str(), vec(p.moments_kgm2).c_str(),
      rows(p.R_BP).c_str(), a.reliable ? "true" : "false", d.triangles, d.closed ? "true" : "false",
      d.inside_out ? "true" : "false", d.shells, d.degenerate, d.open_edges, d.non_manifold_edges,
      d.misoriented_edges, d.skipped_primitives,
      vec((d.bounds_max - d.bounds_min).cast<double>() * vsim::metresPerUnit(opt.spec.unit)).c_str(), w.c_str());
}

void printText(const Options& opt, const vsim::MeshAnalysis& a, const vsim::MeshMassProperties& m,
               const vsim::PrincipalAxes& p) {
  const vsim::MeshDiagnostics& d = a.diagnostics;
  const Eigen::Matrix3d& I = m.body.inertia_com_B_kgm2;
  std::printf("file        %s\n", opt.file.c_str());
  std::printf("mesh        %zu triangles, %s, %zu shell%s, %zu degenerate%s\n", d.triangles,
              d.closed ? "closed" : "NOT closed", d.shells, d.shells == 1 ? "" : "s", d.degenerate,
              d.inside_out ? ", inside out (corrected)" : "");
  const Eigen::Vector3f size = d.bounds_max - d.bounds_min;
  const std::string unit(vsim::lengthUnitSymbol(opt.spec.unit));
  std::printf("unit        %s (size %.6g x %.6g x %.6g %s)\n", unit.c_str(), size.x(), size.y(), size.z(), unit.c_str());
  std::printf("density     %.6g kg/m^3%s\n", m.density_kgm3,
              opt.spec.basis == vsim::MassSpec::Basis::TotalMass ? " (from the given mass)"
              : opt.density_given                                ? ""
                                                                 : " (default; set --density or --mass)");
  std::printf("mass        %.6g kg\n", m.body.mass_kg);
  std::printf("volume      %.6g m^3\n", m.volume_m3);
  std::printf("com         %12.6g %12.6g %12.6g  m\n", m.body.com_B_m.x(), m.body.com_B_m.y(), m.body.com_B_m.z());
  std::printf("inertia about the centre of mass, kg*m^2 (off-diagonals are -∫xy dm etc.)\n");
  for (int r = 0; r < 3; ++r) std::printf("            %12.6g %12.6g %12.6g\n", I(r, 0), I(r, 1), I(r, 2));
  std::printf("principal moments, kg*m^2\n            %12.6g %12.6g %12.6g\n", p.moments_kgm2.x(),
              p.moments_kgm2.y(), p.moments_kgm2.z());
  std::printf("principal axes (columns, in the mesh frame)\n");
  for (int r = 0; r < 3; ++r)
    std::printf("            %12.6f %12.6f %12.6f\n", p.R_BP(r, 0), p.R_BP(r, 1), p.R_BP(r, 2));
  for (const std::string& w : warnings(a)) std::printf("warning: %s\n", w.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  Options opt;
  if (const auto code = parseArgs(argc, argv, opt)) return *code;

  auto mesh = vsim::importMesh(opt.file);
  if (!mesh) {
    std::fprintf(stderr, "vsim-massprops: %s\n", mesh.error().message.c_str());
    return 1;
  }
  const auto analysis = vsim::analyseMesh(*mesh, opt.allow_open, opt.file);
  if (!analysis) {
    std::fprintf(stderr, "vsim-massprops: %s\n", analysis.error().message.c_str());
    return 1;
  }
  const auto mass = vsim::scaleToMass(analysis->solid, opt.spec);
  if (!mass) {
    std::fprintf(stderr, "vsim-massprops: %s: %s\n", opt.file.c_str(), mass.error().message.c_str());
    return 1;
  }
  const vsim::PrincipalAxes principal = vsim::principalAxes(mass->body.inertia_com_B_kgm2);
  if (opt.json)
    printJson(opt, *analysis, *mass, principal);
  else
    printText(opt, *analysis, *mass, principal);
  return 0;
}
