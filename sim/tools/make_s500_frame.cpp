// vsim-make-s500-frame OUT.stl: writes the sample S500-class quad frame shipped in resources/.
// Units mm; axes x forward, y left, z up (the usual CAD convention). Every part is its own
// closed shell and parts touch without overlapping, so the solid's volume is their sum.
#include "sim/geometry/mesh_builders.h"
#include "sim/geometry/stl_writer.h"
#include "cli/cli.h"

#include <Eigen/Geometry>

#include <cmath>
#include <cstdio>
#include <exception>
#include <numbers>
#include <string>

namespace {

constexpr double kPi = std::numbers::pi;

vsim::Pose at(double yaw_rad, const Eigen::Vector3d& p_mm) {
  vsim::Pose pose;
  pose.R_PB = Eigen::AngleAxisd(yaw_rad, Eigen::Vector3d::UnitZ()).toRotationMatrix();
  pose.p_PB_m = p_mm;  // this file works in mm throughout
  return pose;
}

void add(vsim::TriangleMesh& frame, vsim::TriangleMesh part, const vsim::Pose& pose) {
  vsim::transformMesh(part, pose);
  vsim::appendMesh(frame, part);
}

vsim::TriangleMesh s500Frame() {
  // Stack, bottom to top: landing skids, legs, bottom plate (the power board),
  // arms clamped between the plates, top plate, motor mounts on the arm tips.
  constexpr double kBottomPlateMm = 1.6, kArmHeightMm = 16.0, kTopPlateMm = 2.0;
  constexpr double kArmInnerMm = 40.0, kArmOuterMm = 252.0, kMotorRadiusMm = 240.0;  // 480 mm wheelbase
  constexpr double kLegMm = 150.0;
  const double arm_bottom = kBottomPlateMm, arm_top = kBottomPlateMm + kArmHeightMm;

  vsim::TriangleMesh frame;
  add(frame, vsim::cylinderMesh(75.0, kBottomPlateMm, 8), at(kPi / 8, {0, 0, kBottomPlateMm / 2}));
  add(frame, vsim::cylinderMesh(65.0, kTopPlateMm, 8), at(kPi / 8, {0, 0, arm_top + kTopPlateMm / 2}));
  for (int i = 0; i < 4; ++i) {
    const double yaw = kPi / 4 + i * kPi / 2;  // X configuration
    const Eigen::Vector3d dir(std::cos(yaw), std::sin(yaw), 0.0);
    const double mid = 0.5 * (kArmInnerMm + kArmOuterMm);
    add(frame, vsim::boxMesh({kArmOuterMm - kArmInnerMm, 26.0, kArmHeightMm}),
        at(yaw, mid * dir + Eigen::Vector3d(0, 0, 0.5 * (arm_bottom + arm_top))));
    add(frame, vsim::cylinderMesh(16.0, 3.0, 32), at(0.0, kMotorRadiusMm * dir + Eigen::Vector3d(0, 0, arm_top + 1.5)));
  }
  for (int sx : {-1, 1})
    for (int sy : {-1, 1})
      add(frame, vsim::boxMesh({10.0, 10.0, kLegMm}), at(0.0, {sx * 55.0, sy * 55.0, -kLegMm / 2}));
  vsim::Pose skid_pose;
  skid_pose.R_PB = Eigen::AngleAxisd(kPi / 2, Eigen::Vector3d::UnitY()).toRotationMatrix();  // along x
  for (int sy : {-1, 1}) {
    skid_pose.p_PB_m = Eigen::Vector3d(0, sy * 55.0, -kLegMm - 5.0);
    add(frame, vsim::cylinderMesh(5.0, 240.0, 16), skid_pose);
  }
  return frame;
}

// The tool itself; main() turns what it throws into an error message.
int toolMain(int argc, char** argv) {
  std::string out;
  CLI::App app("Writes the sample S500-class frame (resources/meshes/s500_frame.stl) as a binary STL, drawn in mm.",
               "vsim-make-s500-frame");
  app.add_option("OUT", out, "the STL file to write")->type_name("OUT.stl")->required();
  if (const auto code = navigator::cli::parse(app, argc, argv)) return *code;
  const auto written = vsim::writeBinaryStl(out, s500Frame(), "Navigator S500-class frame; mm; x fwd, y left, z up");
  if (!written) {
    std::fprintf(stderr, "vsim-make-s500-frame: %s\n", written.error().message.c_str());
    return 1;
  }
  return 0;
}

}  // namespace

// An exception (out of memory, a library's own error) is a failure like the others: said as
// "vsim-make-s500-frame: what" on stderr with status 1, not an abort.
int main(int argc, char** argv) {
  try {
    return toolMain(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "vsim-make-s500-frame: %s\n", e.what());
  } catch (...) {
    std::fprintf(stderr, "vsim-make-s500-frame: an unexpected error (not a std::exception)\n");
  }
  return 1;
}
