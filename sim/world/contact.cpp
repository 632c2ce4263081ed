#include "sim/world/contact.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace vsim {

double mechanicalEnergy(const VehicleModel& model, const VehicleState& s) {
  return 0.5 * model.mass_kg * s.v_W_mps.squaredNorm() + 0.5 * s.omega_B_radps.dot(model.inertia_kgm2 * s.omega_B_radps) -
         model.mass_kg * model.gravity_mps2 * s.p_W_m.z();
}

double footprintReach_m(const VehicleModel& model, const Eigen::Quaterniond& q_WB, const Eigen::Vector3d& down_W) {
  double reach = -std::numeric_limits<double>::infinity();
  for (int i = 0; i < model.contact_count; ++i) reach = std::max(reach, (q_WB * model.contact_points_B_m[i]).dot(down_W));
  return reach;
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
  const std::array<double, kMaxContactPoints> previous_Ns = s.contact_impulse_Ns;
  s.contact_impulse_Ns.fill(0.0);  // points that touch nothing now carry nothing forward
  if (report.touching == 0) return report;
  report.deepest_m = contacts[deepest].depth_m;

  // Projected Gauss–Seidel over the touching points, along each point's normal n and two
  // tangents t1, t2: impulses are accumulated and kept admissible (normal ≥ 0, friction inside
  // the Coulomb disc μ·normal) across iterations, so feet that land together share the load
  // instead of the first one taking it all. Per direction d at lever arm r, precomputed:
  // r×d, the rate change per unit impulse I⁻¹(r×d), and the effective mass 1/m + (r×d)·I⁻¹(r×d)
  // (the same as 1/m + d·((I⁻¹(r×d))×r)); its inverse is the effective mass.
  struct Row {
    Eigen::Vector3d dir, r_cross_dir, rate_per_impulse;
    double effective_mass_kg;
  };
  struct PointRows {
    Row n, t1, t2;
    double target_vn, friction, normal_impulse, t1_impulse, t2_impulse;
    int point;  // index in the footprint
  };
  std::array<PointRows, kMaxContactPoints> rows;
  auto makeRow = [&](const Eigen::Vector3d& r, const Eigen::Vector3d& dir) {
    Row row;
    row.dir = dir;
    row.r_cross_dir = r.cross(dir);
    row.rate_per_impulse = I_inv_W * row.r_cross_dir;
    row.effective_mass_kg = 1.0 / (inv_m + row.r_cross_dir.dot(row.rate_per_impulse));
    return row;
  };
  auto speedAlong = [&](const Row& row) { return s.v_W_mps.dot(row.dir) + omega_W.dot(row.r_cross_dir); };
  auto push = [&](const Row& row, double impulse) {
    s.v_W_mps += (impulse * inv_m) * row.dir;
    omega_W += impulse * row.rate_per_impulse;
  };
  int active = 0;
  for (int i = 0; i < model.contact_count; ++i) {
    if (!contacts[i].touching) continue;
    const Eigen::Vector3d& n = contacts[i].normal_W;
    const Eigen::Vector3d t1 = (std::abs(n.x()) < 0.9 ? Eigen::Vector3d::UnitX() : Eigen::Vector3d::UnitY()).cross(n).normalized();
    PointRows& p = rows[active];
    p.n = makeRow(r_W[i], n);
    p.t1 = makeRow(r_W[i], t1);
    p.t2 = makeRow(r_W[i], n.cross(t1));
    const double vn = speedAlong(p.n);
    const double e = vn < -settings.bounce_threshold_mps ? contacts[i].surface.restitution : 0.0;
    p.target_vn = vn < 0.0 ? -e * vn : 0.0;
    p.friction = contacts[i].surface.friction;
    p.t1_impulse = p.t2_impulse = 0.0;
    // Warm start: last step's impulse at this point, applied up front and corrected below.
    p.normal_impulse = std::max(0.0, previous_Ns[i]);
    push(p.n, p.normal_impulse);
    p.point = i;
    ++active;
  }
  constexpr int kMaxIterations = 12;  // 4 is too few for a four-foot landing (tests/sim/contact_test)
  // Impulse changes below 0.1 % of what gravity gives in a step (m·g·dt): done.
  const double converged_Ns = 1e-3 * model.mass_kg * std::max(model.gravity_mps2, 1.0) * dt_s;
  for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
    double largest_change = 0.0;
    for (int k = 0; k < active; ++k) {
      PointRows& p = rows[k];
      const double normal = std::max(0.0, p.normal_impulse - (speedAlong(p.n) - p.target_vn) * p.n.effective_mass_kg);
      push(p.n, normal - p.normal_impulse);
      largest_change = std::max(largest_change, std::abs(normal - p.normal_impulse));
      p.normal_impulse = normal;
      // Coulomb friction: oppose the sliding of this point, within μ times its normal impulse.
      double f1 = p.t1_impulse - speedAlong(p.t1) * p.t1.effective_mass_kg;
      double f2 = p.t2_impulse - speedAlong(p.t2) * p.t2.effective_mass_kg;
      const double limit = p.friction * normal, magnitude = std::sqrt(f1 * f1 + f2 * f2);  // not hypot: 40x slower here
      if (magnitude > limit) {
        f1 *= limit / magnitude;
        f2 *= limit / magnitude;
      }
      push(p.t1, f1 - p.t1_impulse);
      push(p.t2, f2 - p.t2_impulse);
      largest_change = std::max({largest_change, std::abs(f1 - p.t1_impulse), std::abs(f2 - p.t2_impulse)});
      p.t1_impulse = f1;
      p.t2_impulse = f2;
    }
    if (largest_change < converged_Ns) break;
  }
  for (int k = 0; k < active; ++k) s.contact_impulse_Ns[rows[k].point] = rows[k].normal_impulse;

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
