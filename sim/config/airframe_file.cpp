#include "sim/config/airframe_file.h"

#include "sim/base/frames.h"
#include "sim/mass/mass_primitives.h"
#include "sim/geometry/mesh_import.h"
#include "sim/mass/mesh_mass_properties.h"
#include "sim/config/yaml_reader.h"
#include "sim/vehicle/contact_geometry.h"

#include <filesystem>
#include <numbers>
#include <vector>

namespace vsim {
namespace {

constexpr double kRadPerDeg = std::numbers::pi / 180.0;

// One part of a composite body, in the file's body frame; its support points (the shape the
// contact hull is derived from, contact_geometry.h) are appended to `shape_m`.
MassProperties compositePart(const YamlReader& part, const std::filesystem::path& folder,
                             std::vector<Eigen::Vector3d>& shape_m) {
  part.allowOnly({"name", "mesh", "box", "cylinder", "sphere", "point_mass", "mass_kg", "density_kgm3", "position_m",
                  "rotation_rpy_deg"});
  int kinds = 0;
  for (const char* k : {"mesh", "box", "cylinder", "sphere", "point_mass"}) kinds += part.has(k) ? 1 : 0;
  if (kinds != 1) part.fail("", "needs exactly one of mesh, box, cylinder, sphere, point_mass");
  Pose pose;
  pose.R_PB = part.rotationRpyDeg("rotation_rpy_deg").toRotationMatrix();
  pose.p_PB_m = part.vector3("position_m", Eigen::Vector3d::Zero());

  MassProperties body;
  std::vector<Eigen::Vector3d> points;  // the part's own points, placed by `pose`
  if (part.has("mesh")) {
    const YamlReader mesh = part.child("mesh");
    mesh.allowOnly({"file", "unit"});
    const std::string file = (folder / mesh.text("file")).lexically_normal().string();
    const auto unit = parseLengthUnit(mesh.text("unit", "m"));
    if (!unit) mesh.fail("unit", "must be one of m, cm, mm, in");
    MassSpec spec;
    spec.unit = *unit;
    if (part.has("mass_kg") == part.has("density_kgm3"))
      part.fail("", "a mesh part needs mass_kg or density_kgm3 (one of them)");
    spec.basis = part.has("mass_kg") ? MassSpec::Basis::TotalMass : MassSpec::Basis::Density;
    spec.value = part.has("mass_kg") ? part.positive("mass_kg") : part.positive("density_kgm3");
    const auto triangles = importMesh(file);
    if (!triangles) mesh.fail("file", triangles.error().message);
    const auto analysis = analyseMesh(*triangles, false, file);
    if (!analysis) mesh.fail("file", analysis.error().message);
    const auto mass = scaleToMass(analysis->solid, spec);
    if (!mass) mesh.fail("file", mass.error().message);
    body = mass->body;
    const double metres = metresPerUnit(*unit);
    std::vector<Eigen::Vector3d> vertices;
    vertices.reserve(triangles->vertices.size());
    for (const Eigen::Vector3f& v : triangles->vertices)
      vertices.push_back(pose.R_PB * (v.cast<double>() * metres) + pose.p_PB_m);
    points = supportPoints(vertices);
  } else {
    if (part.has("density_kgm3")) part.fail("density_kgm3", "primitives take mass_kg");
    const double m = part.positive("mass_kg");
    if (part.has("box")) {
      const YamlReader box = part.child("box");
      box.allowOnly({"size_m"});
      const Eigen::Vector3d size = box.vector3("size_m");
      if (size.minCoeff() <= 0.0) box.fail("size_m", "every edge must be positive");
      body = solidBox(m, size);
      appendBoxPoints(points, pose, size);
    } else if (part.has("cylinder")) {
      const YamlReader c = part.child("cylinder");
      c.allowOnly({"radius_m", "length_m"});
      body = solidCylinder(m, c.positive("radius_m"), c.positive("length_m"));
      appendCylinderPoints(points, pose, c.positive("radius_m"), c.positive("length_m"));
    } else if (part.has("sphere")) {
      const YamlReader s = part.child("sphere");
      s.allowOnly({"radius_m"});
      body = solidSphere(m, s.positive("radius_m"));
      appendSpherePoints(points, pose, s.positive("radius_m"));
    } else {
      body = pointMass(m);
      points.push_back(pose.p_PB_m);
    }
  }
  const std::vector<Eigen::Vector3d> support = supportPoints(points);
  shape_m.insert(shape_m.end(), support.begin(), support.end());
  return expressedInParent(body, pose);
}

// The body's mass properties; a composite's parts also give its shape points (file frame).
MassProperties massProperties(const YamlReader& mp, const std::filesystem::path& folder,
                              std::vector<Eigen::Vector3d>& shape_m) {
  if (mp.has("composite")) {
    mp.allowOnly({"composite"});
    const YamlReader list = mp.child("composite");
    const std::size_t n = list.sequenceSize();
    if (n == 0) list.fail("", "needs at least one part");
    std::vector<MassProperties> parts;
    for (std::size_t i = 0; i < n; ++i) parts.push_back(compositePart(list.item(i), folder, shape_m));
    return combine(parts);
  }
  mp.allowOnly({"mass_kg", "com_m", "inertia_kgm2"});
  MassProperties given;
  given.mass_kg = mp.positive("mass_kg");
  given.com_B_m = mp.vector3("com_m", Eigen::Vector3d::Zero());
  given.inertia_com_B_kgm2 = mp.matrix3("inertia_kgm2");
  return given;
}

// The noise keys of one sensor; the caller has already checked the keys of its mapping.
NoiseModel noise(const YamlReader& r, const NoiseModel& defaults) {
  NoiseModel n;
  n.noise_density = r.number("noise_density", defaults.noise_density);
  n.random_walk = r.number("random_walk", defaults.random_walk);
  n.bias_limit = r.number("bias_limit", defaults.bias_limit);
  if (n.noise_density < 0 || n.random_walk < 0 || n.bias_limit < 0) r.fail("", "noise figures must not be negative");
  return n;
}

// The bench errors of one IMU sensor (AxisErrors); `offset_key` carries the file's unit and
// `to_si` turns it into the model's (rad/s from °/s).
AxisErrors axisErrors(const YamlReader& r, const char* offset_key, double to_si) {
  AxisErrors e;
  e.offset = r.vector3(offset_key, Eigen::Vector3d::Zero()) * to_si;
  e.scale = r.vector3("scale", Eigen::Vector3d::Ones());
  if (!(e.scale.minCoeff() > 0.0)) r.fail("scale", "every factor must be positive (1: no scale error)");
  if (r.has("cross_axis_rad")) {
    e.cross_axis_rad = r.matrix3("cross_axis_rad");
    if (e.cross_axis_rad.diagonal() != Eigen::Vector3d::Zero())
      r.fail("cross_axis_rad", "the diagonal must be 0 (an axis's own gain is `scale`)");
    if (e.cross_axis_rad.cwiseAbs().maxCoeff() > 0.2)
      r.fail("cross_axis_rad", "each term must be a small angle, within ±0.2 rad");
  }
  return e;
}

void readMagErrors(const YamlReader& mag, MagModel& m) {
  m.hard_iron_gauss = mag.vector3("hard_iron_gauss", m.hard_iron_gauss);
  if (mag.has("motor_current")) {
    const YamlReader motors = mag.child("motor_current");
    motors.allowOnly({"gauss_per_amp", "torque_constant_Nm_per_A"});
    m.motor_field_gauss_per_A = motors.vector3("gauss_per_amp");
    m.motor_torque_constant_Nm_per_A = motors.positive("torque_constant_Nm_per_A");
  }
  if (!mag.has("soft_iron")) return;
  m.soft_iron = mag.matrix3("soft_iron");
  const double det = m.soft_iron.determinant();
  if (!(det > 1e-6))
    mag.fail("soft_iron",
             "must be invertible with a positive determinant (soft iron bends the field, it cannot "
             "flatten or mirror it), got determinant " +
                 std::to_string(det));
}

// battery: {cells, capacity_mAh, internal_resistance_ohm, charge, efficiency, avionics_current_A,
// speed_reference_V} (battery_model.h); cells and capacity_mAh required, the rest optional.
void readBattery(const YamlReader& root, VehicleModel& m) {
  if (!root.has("battery")) return;
  const YamlReader b = root.child("battery");
  b.allowOnly({"cells", "capacity_mAh", "internal_resistance_ohm", "charge", "efficiency", "avionics_current_A",
               "speed_reference_V"});
  BatteryModel& battery = m.battery;
  if (!b.has("cells")) b.fail("cells", "is required: the number of cells in series");
  battery.cells = b.integer("cells", 0);
  if (battery.cells < 1 || battery.cells > 14) b.fail("cells", "must be from 1 to 14");
  battery.capacity_mAh = b.positive("capacity_mAh");
  battery.internal_resistance_ohm = b.number("internal_resistance_ohm", battery.internal_resistance_ohm);
  if (battery.internal_resistance_ohm < 0) b.fail("internal_resistance_ohm", "must not be negative");
  battery.initial_charge = b.positive("charge", battery.initial_charge);
  if (battery.initial_charge > 1.0) b.fail("charge", "is a fraction of the capacity, at most 1");
  battery.efficiency = b.positive("efficiency", battery.efficiency);
  if (battery.efficiency > 1.0) b.fail("efficiency", "is shaft power over electrical power, at most 1");
  battery.avionics_current_A = b.number("avionics_current_A", battery.avionics_current_A);
  if (battery.avionics_current_A < 0) b.fail("avionics_current_A", "must not be negative");
  battery.speed_reference_V = b.positive("speed_reference_V", battery.referenceVoltage_V());
}

// pilot: {sticks: vehicle_axes | between_axes | between_axes_twist_angle}: the firmware's STICK_MAP.
void readPilot(const YamlReader& root, VehicleModel& m) {
  if (!root.has("pilot")) return;
  const YamlReader pilot = root.child("pilot");
  pilot.allowOnly({"sticks"});
  if (!pilot.has("sticks")) return;
  const std::string sticks = pilot.text("sticks");
  if (sticks == "vehicle_axes")
    m.stick_map = 0;
  else if (sticks == "between_axes")
    m.stick_map = 1;
  else if (sticks == "between_axes_twist_angle")
    m.stick_map = 2;
  else
    pilot.fail("sticks", "must be vehicle_axes, between_axes or between_axes_twist_angle, got '" + sticks + "'");
}

// firmware_params: {NAME: number, ...}, kept in the file's order.
void readFirmwareParams(const YamlReader& root, VehicleModel& m) {
  if (!root.has("firmware_params")) return;
  const YamlReader params = root.child("firmware_params");
  if (!params.node().IsMap()) params.fail("", "must be a mapping of firmware parameter names to numbers");
  for (const auto& kv : params.node()) {
    const std::string name = kv.first.as<std::string>();
    m.firmware_params.push_back({name, params.number(name)});
  }
}

void readSensors(const YamlReader& root, VehicleModel& m) {
  if (root.has("imu")) {
    const YamlReader imu = root.child("imu");
    imu.allowOnly({"position_m", "rotation_rpy_deg", "mount_error_rpy_deg", "gyro", "accel"});
    m.imu.position_B_m = imu.vector3("position_m", m.com_file_m);
    m.imu.R_BS = imu.rotationRpyDeg("rotation_rpy_deg").toRotationMatrix();
    if (imu.has("mount_error_rpy_deg")) m.imu.R_mount = imu.rotationRpyDeg("mount_error_rpy_deg").toRotationMatrix();
    if (imu.has("gyro")) {
      const YamlReader g = imu.child("gyro");
      g.allowOnly({"noise_density", "random_walk", "bias_limit", "range_dps", "offset_dps", "scale", "cross_axis_rad"});
      m.imu.gyro = noise(g, m.imu.gyro);
      m.imu.gyro_errors = axisErrors(g, "offset_dps", kRadPerDeg);
      m.imu.gyro_range_radps = g.positive("range_dps", m.imu.gyro_range_radps / kRadPerDeg) * kRadPerDeg;
    }
    if (imu.has("accel")) {
      const YamlReader a = imu.child("accel");
      a.allowOnly({"noise_density", "random_walk", "bias_limit", "range_g", "offset_mps2", "scale", "cross_axis_rad"});
      m.imu.accel = noise(a, m.imu.accel);
      m.imu.accel_errors = axisErrors(a, "offset_mps2", 1.0);
      m.imu.accel_range_mps2 = a.positive("range_g", m.imu.accel_range_mps2 / 9.80665) * 9.80665;
    }
  }
  if (root.has("mag")) {
    const YamlReader mag = root.child("mag");
    mag.allowOnly({"field_ned_gauss", "noise_density", "random_walk", "bias_limit", "hard_iron_gauss", "soft_iron",
                   "motor_current"});
    m.mag.field_NED_gauss = mag.vector3("field_ned_gauss", m.mag.field_NED_gauss);
    m.mag.noise = noise(mag, m.mag.noise);
    readMagErrors(mag, m.mag);
  }
  if (root.has("baro")) {
    const YamlReader b = root.child("baro");
    b.allowOnly({"home_altitude_m", "noise_pa"});
    m.baro.home_altitude_m = b.number("home_altitude_m", m.baro.home_altitude_m);
    m.baro.noise_pa = b.number("noise_pa", m.baro.noise_pa);
    if (m.baro.noise_pa < 0) b.fail("noise_pa", "must not be negative");
  }
  if (root.has("gps")) {
    const YamlReader g = root.child("gps");
    g.allowOnly({"rate_hz", "latency_s", "drift_horizontal_m", "drift_vertical_m", "drift_time_constant_s",
                 "noise_horizontal_m", "noise_vertical_m", "noise_velocity_mps", "satellites", "hdop", "vdop",
                 "home_latitude_deg", "home_longitude_deg"});
    m.gps.rate_hz = g.positive("rate_hz", m.gps.rate_hz);
    m.gps.latency_s = g.number("latency_s", m.gps.latency_s);
    if (m.gps.latency_s < 0) g.fail("latency_s", "must not be negative");
    const auto notNegative = [&g](const char* key, double& value) {
      value = g.number(key, value);
      if (!(value >= 0)) g.fail(key, "must not be negative");
    };
    notNegative("drift_horizontal_m", m.gps.drift_horizontal_m);
    notNegative("drift_vertical_m", m.gps.drift_vertical_m);
    m.gps.drift_time_constant_s = g.positive("drift_time_constant_s", m.gps.drift_time_constant_s);
    notNegative("noise_horizontal_m", m.gps.noise_horizontal_m);
    notNegative("noise_vertical_m", m.gps.noise_vertical_m);
    notNegative("noise_velocity_mps", m.gps.noise_velocity_mps);
    m.gps.satellites = g.integer("satellites", m.gps.satellites);
    if (m.gps.satellites < 0 || m.gps.satellites > 254) g.fail("satellites", "must be from 0 to 254");
    m.gps.hdop = g.positive("hdop", m.gps.hdop);
    m.gps.vdop = g.positive("vdop", m.gps.vdop);
    m.gps.home_latitude_deg = g.number("home_latitude_deg", m.gps.home_latitude_deg);
    m.gps.home_longitude_deg = g.number("home_longitude_deg", m.gps.home_longitude_deg);
    if (std::abs(m.gps.home_latitude_deg) > 89.0) g.fail("home_latitude_deg", "must be within ±89°");
  }
}

VehicleModel readAirframe(const YamlReader& root, const std::filesystem::path& folder) {
  root.allowOnly({"name", "description", "mass_properties", "launch_attitude_rpy_deg", "rotors", "contact_points_m",
                  "contact_hull_m", "drag", "damping", "imu", "mag", "baro", "gps", "gravity_mps2", "pilot",
                  "firmware_params", "battery"});
  VehicleModel m;
  m.name = root.text("name");
  std::vector<Eigen::Vector3d> shape_m;
  const MassProperties mp = massProperties(root.child("mass_properties"), folder, shape_m);
  m.mass_kg = mp.mass_kg;
  m.com_file_m = mp.com_B_m;
  m.inertia_kgm2 = mp.inertia_com_B_kgm2;
  for (const Eigen::Vector3d& p : shape_m) m.shape_points_B_m.push_back(p - m.com_file_m);
  m.rest_attitude_WB = root.rotationRpyDeg("launch_attitude_rpy_deg");
  m.gravity_mps2 = root.number("gravity_mps2", m.gravity_mps2);

  const YamlReader rotors = root.child("rotors");
  const std::size_t n = rotors.sequenceSize(1, kMaxRotors, "rotors");
  m.rotor_count = int(n);
  for (std::size_t i = 0; i < n; ++i) {
    const YamlReader r = rotors.item(i);
    r.allowOnly({"name", "position_m", "axis", "spin", "k_f", "k_q", "max_speed_radps", "spin_up_s", "spin_down_s",
                 "bias", "prop_radius_m"});
    RotorModel& rotor = m.rotors[i];
    rotor.position_B_m = r.vector3("position_m") - m.com_file_m;  // about the centre of mass
    rotor.axis_B = r.vector3("axis");
    if (rotor.axis_B.norm() < 1e-9) r.fail("axis", "must be a non-zero vector");
    const std::string spin = r.text("spin");
    if (spin != "ccw" && spin != "cw") r.fail("spin", "must be ccw (turning positively about axis, right hand) or cw");
    rotor.spin = spin == "ccw" ? 1.0 : -1.0;
    rotor.k_f_N_per_radps2 = r.positive("k_f");
    rotor.k_q_Nm_per_radps2 = r.number("k_q");
    if (rotor.k_q_Nm_per_radps2 < 0) r.fail("k_q", "must not be negative");
    rotor.max_speed_radps = r.positive("max_speed_radps");
    rotor.spin_up_s = r.positive("spin_up_s");
    rotor.spin_down_s = r.positive("spin_down_s", rotor.spin_up_s);
    rotor.bias = r.positive("bias", 1.0);
    if (r.has("prop_radius_m")) rotor.prop_radius_m = r.positive("prop_radius_m");
  }
  if (root.has("contact_points_m")) {
    const YamlReader points = root.child("contact_points_m");
    m.contact_count = int(points.sequenceSize(1, kMaxFeet, "points"));
    for (int i = 0; i < m.contact_count; ++i)
      m.contact_points_B_m[i] = points.item(std::size_t(i)).asVector3() - m.com_file_m;
  }
  if (root.has("contact_hull_m")) {  // instead of the hull derived from the parts (contact_geometry.h)
    const YamlReader points = root.child("contact_hull_m");
    const std::size_t n = points.sequenceSize(1, std::size_t(kMaxContactPoints - kMaxFeet), "points");
    for (std::size_t i = 0; i < n; ++i) m.hull_override_B_m.push_back(points.item(i).asVector3() - m.com_file_m);
  }
  if (root.has("drag")) {
    const YamlReader d = root.child("drag");
    d.allowOnly({"linear_Ns_per_m", "quadratic_Ns2_per_m2"});
    m.drag_linear_Ns_per_m = d.vector3("linear_Ns_per_m", Eigen::Vector3d::Zero());
    m.drag_quadratic_Ns2_per_m2 = d.vector3("quadratic_Ns2_per_m2", Eigen::Vector3d::Zero());
    if (m.drag_linear_Ns_per_m.minCoeff() < 0 || m.drag_quadratic_Ns2_per_m2.minCoeff() < 0)
      d.fail("", "drag coefficients must not be negative");
  }
  if (root.has("damping")) {
    const YamlReader d = root.child("damping");
    d.allowOnly({"linear_Ns_per_m", "rotational_Nms_per_rad"});
    m.damping_linear_Ns_per_m = d.number("linear_Ns_per_m", 0.0);
    m.damping_rotational_Nms_per_rad = d.number("rotational_Nms_per_rad", 0.0);
    if (m.damping_linear_Ns_per_m < 0 || m.damping_rotational_Nms_per_rad < 0)
      d.fail("", "damping must not be negative");
  }
  m.imu.position_B_m = m.com_file_m;  // at the centre of mass unless the file places it
  readSensors(root, m);
  readBattery(root, m);
  readPilot(root, m);
  readFirmwareParams(root, m);
  m.imu.position_B_m -= m.com_file_m;
  return m;
}

}  // namespace

Result<VehicleModel> loadAirframe(const std::string& path) {
  return readChecked<VehicleModel>(path, [&] {
    return airframeFromDocument(YamlReader::loadFile(path), std::filesystem::path(path).parent_path().string(), path);
  });
}

Result<VehicleModel> airframeFromDocument(const YamlReader& root, const std::string& folder,
                                          const std::string& source) {
  return readChecked<VehicleModel>(source, [&]() -> Result<VehicleModel> {
    auto checked = finalizeModel(readAirframe(root, folder));
    if (!checked) return Error{source + ": " + checked.error().message};
    return checked;
  });
}

}  // namespace vsim
