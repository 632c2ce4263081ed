#include "sim/config/world_file.h"

#include "sim/base/length_unit.h"
#include "sim/geometry/mesh_builders.h"
#include "sim/geometry/mesh_import.h"
#include "sim/config/yaml_reader.h"

#include <filesystem>

namespace vsim {
namespace {

SurfaceProperties surface(const YamlReader& r, const SurfaceProperties& defaults) {
  SurfaceProperties s;
  s.friction = r.number("friction", defaults.friction);
  s.restitution = r.number("restitution", defaults.restitution);
  if (s.friction < 0.0) r.fail("friction", "must not be negative");
  if (s.restitution < 0.0 || s.restitution > 1.0) r.fail("restitution", "must be between 0 and 1");
  return s;
}

Pose pose(const YamlReader& r) {
  Pose p;
  p.R_PB = r.rotationRpyDeg("rotation_rpy_deg").toRotationMatrix();
  p.p_PB_m = r.vector3("position_m", Eigen::Vector3d::Zero());
  return p;
}

Obstacle obstacle(const YamlReader& r, const SurfaceProperties& defaults) {
  r.allowOnly({"name", "box", "sphere", "cylinder", "position_m", "rotation_rpy_deg", "friction", "restitution"});
  int kinds = 0;
  for (const char* k : {"box", "sphere", "cylinder"}) kinds += r.has(k) ? 1 : 0;
  if (kinds != 1) r.fail("", "needs exactly one of box, sphere, cylinder");
  Obstacle o;
  o.pose_W = pose(r);
  o.surface = surface(r, defaults);
  if (r.has("box")) {
    const YamlReader b = r.child("box");
    b.allowOnly({"size_m"});
    const Eigen::Vector3d size = b.vector3("size_m");
    if (size.minCoeff() <= 0.0) b.fail("size_m", "every edge must be positive");
    o.shape = Obstacle::Shape::Box;
    o.half_size_m = 0.5 * size;
  } else if (r.has("sphere")) {
    const YamlReader sp = r.child("sphere");
    sp.allowOnly({"radius_m"});
    o.shape = Obstacle::Shape::Sphere;
    o.radius_m = sp.positive("radius_m");
  } else {
    const YamlReader c = r.child("cylinder");
    c.allowOnly({"radius_m", "length_m"});
    o.shape = Obstacle::Shape::Cylinder;
    o.radius_m = c.positive("radius_m");
    o.half_length_m = 0.5 * c.positive("length_m");
  }
  return o;
}

World readWorld(const YamlReader& root, const std::filesystem::path& folder) {
  root.allowOnly({"name", "description", "ground", "obstacles", "mesh", "friction", "restitution"});
  World w;
  const SurfaceProperties defaults = surface(root, SurfaceProperties{});
  w.ground = defaults;
  w.mesh_surface = defaults;
  if (root.has("ground")) {
    const YamlReader g = root.child("ground");
    if (g.node().IsScalar() && g.node().as<std::string>() == "none") {
      w.has_ground = false;
    } else {
      g.allowOnly({"height_m", "friction", "restitution"});
      w.ground_down_m = -g.number("height_m", 0.0);
      w.ground = surface(g, defaults);
    }
  }
  if (root.has("obstacles")) {
    const YamlReader list = root.child("obstacles");
    for (std::size_t i = 0; i < list.sequenceSize(); ++i) w.obstacles.push_back(obstacle(list.item(i), defaults));
  }
  if (root.has("mesh")) {
    const YamlReader m = root.child("mesh");
    m.allowOnly({"file", "unit", "position_m", "rotation_rpy_deg", "friction", "restitution"});
    const std::string file = (folder / m.text("file")).lexically_normal().string();
    const auto unit = parseLengthUnit(m.text("unit", "m"));
    if (!unit) m.fail("unit", "must be one of m, cm, mm, in");
    auto imported = importMesh(file);
    if (!imported) m.fail("file", imported.error().message);
    TriangleMesh mesh = std::move(imported).value();
    Pose scale;
    scale.R_PB = Eigen::Matrix3d::Identity() * metresPerUnit(*unit);  // scaling first, then the placement
    transformMesh(mesh, scale);
    transformMesh(mesh, pose(m));
    for (const Eigen::Vector3f& v : mesh.vertices)
      if (!v.allFinite()) m.fail("file", file + ": the mesh has non-finite coordinates");
    w.mesh = std::make_shared<MeshBvh>(mesh);
    w.mesh_surface = surface(m, defaults);
  }
  return w;
}

}  // namespace

Result<World> loadWorld(const std::string& path) {
  return readChecked<World>(path, [&] {
    return worldFromDocument(YamlReader::loadFile(path), std::filesystem::path(path).parent_path().string(), path);
  });
}

Result<World> worldFromDocument(const YamlReader& root, const std::string& folder, const std::string& source) {
  return readChecked<World>(source, [&]() -> Result<World> { return readWorld(root, folder); });
}

bool isWorldKeyword(const std::string& text) { return text == "ground" || text == "none"; }

Result<World> worldFromArgument(const std::string& keyword_or_path) {
  World world;  // flat ground at z = 0
  if (keyword_or_path == "ground") return world;
  if (keyword_or_path == "none") {
    world.has_ground = false;
    return world;
  }
  return loadWorld(keyword_or_path);
}

}  // namespace vsim
