#include "sim/vehicle/vehicle_model.h"

#include "sim/vehicle/contact_geometry.h"
#include "sim/vehicle/dynamics.h"

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <sstream>

namespace vsim {
namespace {

std::optional<Error> checkInertia(const Eigen::Matrix3d& I) {
  if (!I.allFinite()) return Error{"inertia tensor has non-finite entries"};
  const double scale = I.cwiseAbs().maxCoeff();
  if (scale <= 0.0) return Error{"inertia tensor is zero"};
  if ((I - I.transpose()).cwiseAbs().maxCoeff() > 1e-9 * scale) return Error{"inertia tensor is not symmetric"};
  const Eigen::Vector3d m = Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(I, Eigen::EigenvaluesOnly).eigenvalues();
  if (m(0) <= 1e-12 * scale) {
    std::ostringstream s;
    s << "inertia tensor is singular or not positive definite (principal moments " << m(0) << ", " << m(1) << ", "
      << m(2) << " kg·m²)";
    return Error{s.str()};
  }
  // A real body: each principal moment is at most the sum of the other two.
  if (m(2) > (m(0) + m(1)) * (1.0 + 1e-9)) {
    std::ostringstream s;
    s << "inertia tensor is not physical: principal moment " << m(2) << " exceeds the sum of the others (" << m(0)
      << " + " << m(1) << " kg·m²)";
    return Error{s.str()};
  }
  return std::nullopt;
}

}  // namespace

Result<VehicleModel> finalizeModel(VehicleModel model) {
  if (!(std::isfinite(model.mass_kg) && model.mass_kg > 0.0)) return Error{"mass must be a positive number of kg"};
  if (auto e = checkInertia(model.inertia_kgm2)) return *e;
  model.inertia_inv_per_kgm2 = model.inertia_kgm2.inverse();
  if (model.rotor_count < 1 || model.rotor_count > kMaxRotors)
    return Error{"a vehicle needs 1 to " + std::to_string(kMaxRotors) + " rotors, got " +
                 std::to_string(model.rotor_count)};
  for (int i = 0; i < model.rotor_count; ++i) {
    RotorModel& r = model.rotors[i];
    const std::string which = "rotor " + std::to_string(i) + ": ";
    if (!r.position_B_m.allFinite()) return Error{which + "position is not finite"};
    if (!(r.axis_B.allFinite() && r.axis_B.norm() > 1e-9))
      return Error{which + "thrust axis must be a non-zero vector"};
    r.axis_B.normalize();
    if (!(r.k_f_N_per_radps2 > 0.0 && std::isfinite(r.k_f_N_per_radps2))) return Error{which + "k_f must be positive"};
    if (!(r.k_q_Nm_per_radps2 >= 0.0 && std::isfinite(r.k_q_Nm_per_radps2)))
      return Error{which + "k_q must be zero or positive"};
    if (!(r.max_speed_radps > 0.0 && std::isfinite(r.max_speed_radps)))
      return Error{which + "max speed must be positive"};
    if (!(r.spin_up_s > 0.0 && r.spin_down_s > 0.0))
      return Error{which + "spin-up and spin-down time constants must be positive"};
    if (!(r.bias > 0.0 && std::isfinite(r.bias))) return Error{which + "bias must be a positive factor"};
    if (r.spin != 1.0 && r.spin != -1.0) return Error{which + "spin must be +1 or -1"};
    if (!(std::isfinite(r.prop_radius_m) && r.prop_radius_m >= 0.0))
      return Error{which + "propeller radius must be zero (derived) or positive"};
  }
  if (!(model.gravity_mps2 >= 0.0)) return Error{"gravity must be zero or positive"};
  if (const std::string battery = batteryProblem(model.battery); !battery.empty()) return Error{battery};
  // The feet: as given (before a first finalizeModel, all contact points are feet), or by
  // default the rotor positions (the arm tips).
  if (model.foot_count == 0) model.foot_count = model.contact_count;
  if (model.foot_count == 0) {
    model.foot_count = std::min(model.rotor_count, kMaxFeet);
    for (int i = 0; i < model.foot_count; ++i) model.contact_points_B_m[i] = model.rotors[i].position_B_m;
  }
  if (model.foot_count < 1 || model.foot_count > kMaxFeet)
    return Error{"a vehicle needs 1 to " + std::to_string(kMaxFeet) + " contact points (feet)"};
  for (int i = 0; i < model.foot_count; ++i)
    if (!model.contact_points_B_m[i].allFinite()) return Error{"contact point " + std::to_string(i) + " is not finite"};
  for (const Eigen::Vector3d& p : model.hull_override_B_m)
    if (!p.allFinite()) return Error{"a contact hull point is not finite"};
  if (int(model.hull_override_B_m.size()) > kMaxContactPoints - kMaxFeet)
    return Error{"a contact hull has at most " + std::to_string(kMaxContactPoints - kMaxFeet) + " points"};
  // The hull after the feet.
  model.contact_count = model.foot_count;
  for (const Eigen::Vector3d& p : derivedHull(model)) {
    if (model.contact_count == kMaxContactPoints) break;
    model.contact_points_B_m[std::size_t(model.contact_count++)] = p;
  }
  model.contact_radius_m = 0.0;
  for (int i = 0; i < model.contact_count; ++i)
    model.contact_radius_m = std::max(model.contact_radius_m, model.contact_points_B_m[std::size_t(i)].norm());
  model.hull_planes_B =
      hullPlanes({model.contact_points_B_m.begin(), model.contact_points_B_m.begin() + model.contact_count});
  return model;
}

Result<VehicleModel> withMassProperties(const VehicleModel& model, const MassProperties& body) {
  VehicleModel m = model;
  // A point's offset from the centre of mass: its file coordinates less the centre's.
  const Eigen::Vector3d shift_m = model.com_file_m - body.com_B_m;
  for (int i = 0; i < m.rotor_count; ++i) m.rotors[std::size_t(i)].position_B_m += shift_m;
  // The feet move with the file's coordinates; finalizeModel derives the hull again.
  const int feet = m.foot_count > 0 ? m.foot_count : m.contact_count;
  for (int i = 0; i < feet; ++i) m.contact_points_B_m[std::size_t(i)] += shift_m;
  m.contact_count = feet;
  for (Eigen::Vector3d& p : m.shape_points_B_m) p += shift_m;
  for (Eigen::Vector3d& p : m.hull_override_B_m) p += shift_m;
  m.imu.position_B_m += shift_m;
  m.mass_kg = body.mass_kg;
  m.inertia_kgm2 = body.inertia_com_B_kgm2;
  m.com_file_m = body.com_B_m;
  return finalizeModel(std::move(m));
}

double thrustToWeight(const VehicleModel& model) {
  const double duty = hoverDuty(model);
  return 1.0 / (duty * duty);
}

double lightestStableMass_kg(const VehicleModel& model, double physics_dt_s) {
  // |v_air| along a body axis is at most the state's speed bound on every world axis, √3 times
  // kMaxSpeed_mps (calm air; the wind adds its own few m/s, far inside that).
  const double fastest_air_mps = std::sqrt(3.0) * kMaxSpeed_mps;
  double rate_per_s_kg = 0.0;  // the decay rate times the mass, the stiffest axis
  for (int a = 0; a < 3; ++a)
    rate_per_s_kg = std::max(rate_per_s_kg, model.drag_linear_Ns_per_m[a] +
                                                2.0 * model.drag_quadratic_Ns2_per_m2[a] * fastest_air_mps +
                                                model.damping_linear_Ns_per_m);
  return rate_per_s_kg * physics_dt_s / kRk4RealStabilityLimit;
}

double maxRotorTorque_Nm(const VehicleModel& model, const Eigen::Vector3d& axis_B) {
  double positive_Nm = 0.0, negative_Nm = 0.0;
  for (int i = 0; i < model.rotor_count; ++i) {
    const RotorModel& r = model.rotors[std::size_t(i)];
    const double w2 = r.bias * r.max_speed_radps * r.max_speed_radps;  // ω² at full speed
    // As the dynamics has it: r × F for the thrust, −spin·k_q·ω²·axis for the reaction.
    const Eigen::Vector3d torque_B_Nm =
        w2 * (r.k_f_N_per_radps2 * r.position_B_m.cross(r.axis_B) - r.spin * r.k_q_Nm_per_radps2 * r.axis_B);
    const double about = torque_B_Nm.dot(axis_B);
    (about > 0.0 ? positive_Nm : negative_Nm) += std::abs(about);
  }
  return std::max(positive_Nm, negative_Nm);
}

Eigen::Vector3d smallestResolvedInertia_kgm2(const VehicleModel& model, const SimulationSteps& steps) {
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> principal(model.inertia_kgm2);
  // The fastest rate the simulation still measures and holds: the gyro's full scale, and never
  // above the state's own bound.
  const double measurable_radps = std::min(model.imu.gyro_range_radps, kMaxBodyRate_radps);
  Eigen::Vector3d smallest_kgm2;
  for (int k = 0; k < 3; ++k) {
    const double torque_Nm = maxRotorTorque_Nm(model, principal.eigenvectors().col(k));
    const double resolved_kgm2 = torque_Nm * steps.control_period_s / measurable_radps;  // α·T ≤ ω_range
    const double stable_kgm2 = model.damping_rotational_Nms_per_rad * steps.physics_dt_s / kRk4RealStabilityLimit;
    smallest_kgm2[k] = std::max(resolved_kgm2, stable_kgm2);
  }
  return smallest_kgm2;
}

std::vector<std::string> flyabilityProblems(const VehicleModel& model, const SimulationSteps& steps) {
  std::vector<std::string> problems;
  char text[240];
  const double tw = thrustToWeight(model);
  if (!(tw >= 1.0)) {
    std::snprintf(text, sizeof text, "it cannot lift itself: thrust-to-weight %.3g at full throttle (%.4g kg)", tw,
                  model.mass_kg);
    problems.emplace_back(text);
  }
  double outside_m = 0.0;  // how far the centre of mass (the body origin) lies beyond the hull's faces
  for (const HullPlane& p : model.hull_planes_B) outside_m = std::max(outside_m, -p.offset_m);
  if (outside_m > 1e-9) {
    std::snprintf(text, sizeof text, "its centre of mass lies %.3g m outside the vehicle's contact hull", outside_m);
    problems.emplace_back(text);
  }
  const double lightest_kg = lightestStableMass_kg(model, steps.physics_dt_s);
  if (!(model.mass_kg >= lightest_kg)) {
    std::snprintf(text, sizeof text,
                  "it is too light to simulate: %.3g kg, below the %.3g kg its drag allows at a physics step of "
                  "%.3g µs",
                  model.mass_kg, lightest_kg, steps.physics_dt_s * 1e6);
    problems.emplace_back(text);
  }
  const Eigen::Vector3d moments_kgm2 =
      Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(model.inertia_kgm2, Eigen::EigenvaluesOnly).eigenvalues();
  const Eigen::Vector3d smallest_kgm2 = smallestResolvedInertia_kgm2(model, steps);
  for (int k = 0; k < 3; ++k) {
    if (moments_kgm2[k] >= smallest_kgm2[k]) continue;
    std::snprintf(text, sizeof text,
                  "its inertia is too small to simulate: principal moment %.3g kg·m², below the %.3g kg·m² in which "
                  "its rotors' torque stays within the gyro's range for one %.3g ms control step",
                  moments_kgm2[k], smallest_kgm2[k], steps.control_period_s * 1e3);
    problems.emplace_back(text);
    break;  // the first axis says it
  }
  return problems;
}

double hoverDuty(const VehicleModel& model) {
  double thrust_at_full_N = 0.0;  // along the first rotor's axis
  const Eigen::Vector3d up = model.rotors[0].axis_B;
  for (int i = 0; i < model.rotor_count; ++i) {
    const RotorModel& r = model.rotors[i];
    thrust_at_full_N += r.bias * r.k_f_N_per_radps2 * r.max_speed_radps * r.max_speed_radps * r.axis_B.dot(up);
  }
  // thrust ∝ duty², so duty = sqrt(weight / full thrust).
  return std::sqrt(model.mass_kg * model.gravity_mps2 / thrust_at_full_N);
}

}  // namespace vsim
