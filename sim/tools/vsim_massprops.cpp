// vsim-massprops: mass, centre of mass and inertia tensor of a mesh file, for people and scripts.
#include "sim/base/length_unit.h"
#include "sim/geometry/mesh_import.h"
#include "sim/mass/mesh_mass_properties.h"
#include "cli/cli.h"
#include "cli/cli_util.h"

#include <malloc.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>
#include <string>
#include <vector>

namespace {

struct Options {
  std::string file;
  vsim::MassSpec spec;
  bool density_given = false;
  bool allow_open = false;
  bool json = false;
};

// Returns an exit code when parsing ends the program (help, or a usage error).
std::optional<int> parseArgs(int argc, char** argv, Options& opt) {
  CLI::App app(
      "Mass, volume, centre of mass, inertia tensor about the centre of mass (off-diagonals are\n"
      "-∫xy dm etc.), principal moments and axes of the solid a closed triangle mesh bounds.\n"
      "Reads STL (binary and ASCII), OBJ, PLY, glTF/GLB and the other formats Assimp reads.",
      "vsim-massprops");
  app.add_option("FILE", opt.file, "the mesh file")->type_name("");
  app.add_option_function<std::string>(
         "--unit",
         [&opt](const std::string& v) {
           const auto unit = vsim::parseLengthUnit(v);
           if (!unit) throw navigator::cli::UsageError("unknown unit '" + v + "' (use m, cm, mm or in)");
           opt.spec.unit = *unit;
         },
         "length unit the mesh is drawn in (default m)")
      ->type_name("m|cm|mm|in");
  double density = 0, mass = 0;
  auto positive = [](double v) { return v > 0.0; };
  auto* density_opt = navigator::cli::addNumber(app, "--density", density, positive, "a positive number",
                                                "material density in kg/m^3 (default 1000)")
                          ->type_name("KG_PER_M3");
  auto* mass_opt = navigator::cli::addNumber(app, "--mass", mass, positive, "a positive number",
                                             "total mass in kg; the density follows from the volume")
                       ->type_name("KG");
  app.add_flag("--allow-open", opt.allow_open, "compute even when the mesh is not closed (result marked unreliable)");
  app.add_flag("--json", opt.json, "print exactly one JSON object (a non-finite number is written as null)");
  if (const auto code = navigator::cli::parse(app, argc, argv)) return code;
  if (opt.file.empty()) return navigator::cli::usageError(app, "no FILE given");
  if (density_opt->count() > 0 && mass_opt->count() > 0)
    return navigator::cli::usageError(app, "give --density or --mass, not both");
  opt.density_given = density_opt->count() > 0;
  if (opt.density_given) {
    opt.spec.basis = vsim::MassSpec::Basis::Density;
    opt.spec.value = density;
  } else if (mass_opt->count() > 0) {
    opt.spec.basis = vsim::MassSpec::Basis::TotalMass;
    opt.spec.value = mass;
  }
  return std::nullopt;
}

using Json = nlohmann::ordered_json;

Json vec(const Eigen::Vector3d& v) {
  return Json::array({navigator::cli::number(v.x()), navigator::cli::number(v.y()), navigator::cli::number(v.z())});
}

Json rows(const Eigen::Matrix3d& m) {
  return Json::array({vec(m.row(0).transpose()), vec(m.row(1).transpose()), vec(m.row(2).transpose())});
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
  using navigator::cli::number;
  Json mesh;
  mesh["triangles"] = d.triangles;
  mesh["closed"] = d.closed;
  mesh["inside_out"] = d.inside_out;
  mesh["shells"] = d.shells;
  mesh["degenerate"] = d.degenerate;
  mesh["open_edges"] = d.open_edges;
  mesh["non_manifold_edges"] = d.non_manifold_edges;
  mesh["misoriented_edges"] = d.misoriented_edges;
  mesh["skipped_primitives"] = d.skipped_primitives;
  mesh["weld_tolerance_m"] = number(d.weld_tolerance * vsim::metresPerUnit(opt.spec.unit));
  mesh["tolerance_merged_vertices"] = d.tolerance_merged;
  mesh["size_m"] = vec((d.bounds_max - d.bounds_min).cast<double>() * vsim::metresPerUnit(opt.spec.unit));
  Json o;
  o["file"] = opt.file;
  o["unit"] = std::string(vsim::lengthUnitSymbol(opt.spec.unit));
  o["density_kgm3"] = number(m.density_kgm3);
  o["mass_kg"] = number(m.body.mass_kg);
  o["volume_m3"] = number(m.volume_m3);
  o["com_m"] = vec(m.body.com_B_m);
  o["inertia_com_kgm2"] = rows(m.body.inertia_com_B_kgm2);
  o["principal_moments_kgm2"] = vec(p.moments_kgm2);
  o["principal_axes"] = rows(p.R_BP);
  o["reliable"] = a.reliable;
  o["mesh"] = mesh;
  o["warnings"] = warnings(a);
  // Invalid UTF-8 in a file name is replaced rather than thrown on.
  std::printf("%s\n", o.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
}

void printText(const Options& opt, const vsim::MeshAnalysis& a, const vsim::MeshMassProperties& m,
               const vsim::PrincipalAxes& p) {
  const vsim::MeshDiagnostics& d = a.diagnostics;
  const Eigen::Matrix3d& I = m.body.inertia_com_B_kgm2;
  std::printf("file        %s\n", opt.file.c_str());
  std::printf("mesh        %zu triangles, %s, %zu shell%s, %zu degenerate%s\n", d.triangles,
              d.closed ? "closed" : "NOT closed", d.shells, d.shells == 1 ? "" : "s", d.degenerate,
              d.inside_out ? ", inside out (corrected)" : "");
  std::printf(
      "weld        within %.3g %s where edges were open (4 float32 ulps at the mesh's size): %zu vertices merged\n",
      d.weld_tolerance, std::string(vsim::lengthUnitSymbol(opt.spec.unit)).c_str(), d.tolerance_merged);
  const Eigen::Vector3f size = d.bounds_max - d.bounds_min;
  const std::string unit(vsim::lengthUnitSymbol(opt.spec.unit));
  std::printf("unit        %s (size %.6g x %.6g x %.6g %s)\n", unit.c_str(), size.x(), size.y(), size.z(),
              unit.c_str());
  std::printf("density     %.6g kg/m^3%s\n", m.density_kgm3,
              opt.spec.basis == vsim::MassSpec::Basis::TotalMass ? " (from the given mass)"
              : opt.density_given                                ? ""
                                                                 : " (default; set --density or --mass)");
  std::printf("mass        %.6g kg\n", m.body.mass_kg);
  std::printf("volume      %.6g m^3\n", m.volume_m3);
  std::printf("com         %12.6g %12.6g %12.6g  m\n", m.body.com_B_m.x(), m.body.com_B_m.y(), m.body.com_B_m.z());
  std::printf("inertia about the centre of mass, kg*m^2 (off-diagonals are -∫xy dm etc.)\n");
  for (int r = 0; r < 3; ++r) std::printf("            %12.6g %12.6g %12.6g\n", I(r, 0), I(r, 1), I(r, 2));
  std::printf("principal moments, kg*m^2\n            %12.6g %12.6g %12.6g\n", p.moments_kgm2.x(), p.moments_kgm2.y(),
              p.moments_kgm2.z());
  std::printf("principal axes (columns, in the mesh frame)\n");
  for (int r = 0; r < 3; ++r)
    std::printf("            %12.6f %12.6f %12.6f\n", p.R_BP(r, 0), p.R_BP(r, 1), p.R_BP(r, 2));
  for (const std::string& w : warnings(a)) std::printf("warning: %s\n", w.c_str());
}

// The tool itself; main() turns what it throws into an error message.
int toolMain(int argc, char** argv) {
  // The analysis frees its weld's working arrays just before it builds the edge adjacency, of
  // about the same size: keeping freed memory in the process (no unmapping, no trimming) lets
  // the adjacency reuse those pages instead of faulting in ~16 MB of fresh, kernel-zeroed ones.
  mallopt(M_MMAP_THRESHOLD, 32 << 20);  // glibc's largest; bigger blocks are mapped all the same
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
  Options opt;
  if (const auto code = parseArgs(argc, argv, opt)) return *code;

  opt.file = navigator::cli::shippedPath(opt.file, "meshes", ".stl", argv[0]);  // or a shipped mesh's name
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

}  // namespace

// An exception (out of memory, a library's own error) is a failure like the others: said as
// "vsim-massprops: what" on stderr with status 1, not an abort.
int main(int argc, char** argv) {
  try {
    return toolMain(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "vsim-massprops: %s\n", e.what());
  } catch (...) {
    std::fprintf(stderr, "vsim-massprops: an unexpected error (not a std::exception)\n");
  }
  return 1;
}
