#include "sim/contact.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace vsim {

double mechanicalEnergy(const VehicleModel& model, const VehicleState& s) {
  return 0.5 * model.mass_kg * s.v_W_mps.squaredNorm() + 0.5 * s.omega_B_radps.dot(model.inertia_kgm2 * s.omega_B_radps) -
         model.mass_kg * model.gravity_mps2 * s.p_W_m.z();
}

ContactReport resolveContacts(const VehicleModel& model, const World& world, const ContactSettings& settings,
                              double dt_s, bool gravity, VehicleState& s) {
  ContactReport report;
  const Eigen::Matrix3d R = s.q_WB.toRotationMatrix();
  const Eigen::Matrix3d I_inv_W = R * model.inertia_inv_per_kgm2 * R.transpose();
  const double inv_m = 1.0 / model.mass_kg;
  Eigen::Vector3d omega_W = R * s.omega_B_radps;

  std::array<PointContact, kMaxContactPoints> contacts;
  std::array<Eigen::Vector3d, kMaxContactPoints> r_W;
  int deepest = -1;
  for (int i = 0; i < model.contact_count; ++i) {
    r_W[i] = R * model.contact_points_B_m[i];
    contacts[i] = world.contactAt(s.p_W_m + r_W[i]);
    if (!contacts[i].touching) continue;
    ++report.touching;
    if (deepest < 0 || contacts[i].depth_m > contacts[deepest].depth_m) deepest = i;
  }
  if (report.touching == 0) return report;
  report.deepest_m = contacts[deepest].depth_m;

  auto effectiveInverseMass = [&](const Eigen::Vector3d& r, const Eigen::Vector3d& dir) {
    return inv_m + dir.dot((I_inv_W * r.cross(dir)).cross(r));
  };
  auto applyImpulse = [&](const Eigen::Vector3d& r, const Eigen::Vector3d& impulse) {
    s.v_W_mps += inv_m * impulse;
    omega_W += I_inv_W * r.cross(impulse);
  };
  auto pointVelocity = [&](const Eigen::Vector3d& r) { return Eigen::Vector3d(s.v_W_mps + omega_W.cross(r)); };

  // Projected Gauss–Seidel over the touching points: the impulses are accumulated and kept
  // admissible (normal ≥ 0, friction inside the Coulomb disc μ·normal) across iterations, so
  // feet that land together share the load instead of the first one taking it all.
  std::array<double, kMaxContactPoints> target_vn{}, k_n{}, normal_impulse{};
  std::array<Eigen::Vector3d, kMaxContactPoints> friction_impulse;
  for (int i = 0; i < model.contact_count; ++i) {
    friction_impulse[i].setZero();
    if (!contacts[i].touching) continue;
    const double vn = pointVelocity(r_W[i]).dot(contacts[i].normal_W);
    const double e = vn < -settings.bounce_threshold_mps ? contacts[i].surface.restitution : 0.0;
    target_vn[i] = vn < 0.0 ? -e * vn : 0.0;
    k_n[i] = effectiveInverseMass(r_W[i], contacts[i].normal_W);
  }
  constexpr int kIterations = 12;
  for (int iteration = 0; iteration < kIterations; ++iteration) {
    for (int i = 0; i < model.contact_count; ++i) {
      if (!contacts[i].touching) continue;
      const Eigen::Vector3d& n = contacts[i].normal_W;
      const Eigen::Vector3d& r = r_W[i];
      const double wanted = normal_impulse[i] - (pointVelocity(r).dot(n) - target_vn[i]) / k_n[i];
      const double next = std::max(0.0, wanted);
      applyImpulse(r, (next - normal_impulse[i]) * n);
      normal_impulse[i] = next;
      // Coulomb friction: oppose the sliding of this point, within μ times its normal impulse.
      const Eigen::Vector3d v_point = pointVelocity(r);
      const Eigen::Vector3d v_t = v_point - v_point.dot(n) * n;
      const double slip = v_t.norm();
      Eigen::Vector3d total = friction_impulse[i];
      if (slip > 1e-12) total -= v_t / effectiveInverseMass(r, v_t / slip);
      const double limit = contacts[i].surface.friction * normal_impulse[i];
      if (total.norm() > limit) total *= limit / total.norm();
      applyImpulse(r, total - friction_impulse[i]);
      friction_impulse[i] = total;
    }
  }
  // One shared push-out by the deepest point, so overlapping sources do not fight.
  s.p_W_m += contacts[deepest].depth_m * contacts[deepest].normal_W;

  // Tangential damping of creep, scaled per unit time: the same decay whatever the step.
  const Eigen::Vector3d& n = contacts[deepest].normal_W;
  const Eigen::Vector3d v_t = s.v_W_mps - s.v_W_mps.dot(n) * n;
  if (v_t.norm() < settings.creep_speed_mps) s.v_W_mps -= (1.0 - std::exp(-settings.creep_damping_per_s * dt_s)) * v_t;

  // Righting torque at rest (000 §6): body-up towards the surface normal, so an edge does not
  // hold the vehicle up.
  if (gravity && s.v_W_mps.norm() < settings.resting_speed_mps && omega_W.norm() < settings.resting_rate_radps) {
    const Eigen::Vector3d body_up_W = R * (model.rest_attitude_WB.conjugate() * Eigen::Vector3d(0, 0, -1));
    const Eigen::Vector3d axis = body_up_W.cross(n);
    if (std::asin(std::min(1.0, axis.norm())) > settings.righting_tilt_rad && body_up_W.dot(n) > 0.0) {
      double reach_m = 0.0;
      for (int i = 0; i < model.contact_count; ++i) reach_m = std::max(reach_m, model.contact_points_B_m[i].norm());
      // Of the order of the weight's moment about an arm tip: m·g·reach·sin(tilt).
      const Eigen::Vector3d torque_W = model.mass_kg * model.gravity_mps2 * reach_m * axis;
      omega_W += I_inv_W * torque_W * dt_s;
    }
  }
  s.omega_B_radps = R.transpose() * omega_W;
  return report;
}

}  // namespace vsim
