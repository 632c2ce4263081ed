#include "sim/world/contact.h"

#include <algorithm>
#include <cassert>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

namespace vsim {

EdgeContact edgeInsideHull(const std::vector<HullPlane>& planes, const Eigen::Vector3d& a_B,
                           const Eigen::Vector3d& b_B) {
  // Cyrus–Beck: the part a + t(b − a), t in [t_lo, t_hi], inside every plane.
  EdgeContact c;
  const Eigen::Vector3d d = b_B - a_B;
  double t_lo = 0.0, t_hi = 1.0;
  for (const HullPlane& h : planes) {
    const double gap_a = h.offset_m - h.normal.dot(a_B), rate = h.normal.dot(d);  // gap(t) = gap_a − t·rate
    if (std::abs(rate) < 1e-15) {
      if (gap_a <= 0.0) return c;
      continue;
    }
    const double t = gap_a / rate;
    if (rate > 0.0)
      t_hi = std::min(t_hi, t);
    else
      t_lo = std::max(t_lo, t);
    if (t_lo >= t_hi) return c;
  }
  // The ends of the inside part; at its middle, how deep it is (the nearest face's gap).
  c.ends_B_m[0] = a_B + t_lo * d;
  c.ends_B_m[1] = a_B + t_hi * d;
  const Eigen::Vector3d middle = a_B + 0.5 * (t_lo + t_hi) * d;
  c.depth_m = std::numeric_limits<double>::infinity();
  for (const HullPlane& h : planes) {
    const double gap = h.offset_m - h.normal.dot(middle);
    if (gap < c.depth_m) {
      c.depth_m = gap;
      c.face_normal_B = h.normal;
    }
  }
  c.inside = c.depth_m > 0.0;
  return c;
}

double mechanicalEnergy(const VehicleModel& model, const VehicleState& s) {
  return 0.5 * model.mass_kg * s.v_W_mps.squaredNorm() +
         0.5 * s.omega_B_radps.dot(model.inertia_kgm2 * s.omega_B_radps) -
         model.mass_kg * model.gravity_mps2 * s.p_W_m.z();
}

double contactReach_m(const VehicleModel& model, const Eigen::Quaterniond& q_WB, const Eigen::Vector3d& down_W) {
  double reach = -std::numeric_limits<double>::infinity();
  for (int i = 0; i < model.contact_count; ++i)
    reach = std::max(reach, (q_WB * model.contact_points_B_m[i]).dot(down_W));
  return reach;
}

namespace {

constexpr int kMaxContacts = kMaxContactPoints + 2 * kMaxObstacleEdges;

// What touches this step: the vehicle's points inside the world, then the world's edges
// through the vehicle (a box's edge between two hull points) — entries from contact_count on
// are edge contacts — with each one's lever arm r_W and the deepest of them.
struct Touching {
  std::array<PointContact, kMaxContacts> contacts;
  std::array<Eigen::Vector3d, kMaxContacts> r_W;
  int deepest = -1, count = 0;
};

// The vehicle's contact points against the world.
void findPointContacts(const VehicleModel& model, const World& world, const WorldNear& near, const VehicleState& s,
                       const Eigen::Matrix3d& R, Touching& t, ContactReport& report) {
  t.count = model.contact_count;
  for (int i = 0; i < model.contact_count; ++i) {
    t.r_W[i] = R * model.contact_points_B_m[i];
    t.contacts[i] = world.contactAt(s.p_W_m + t.r_W[i], near);
    if (!t.contacts[i].touching) continue;
    ++report.touching;
    if (i < model.foot_count) ++report.feet_touching;
    if (t.deepest < 0 || t.contacts[i].depth_m > t.contacts[t.deepest].depth_m) t.deepest = i;
  }
}

// The near obstacles' edges inside the vehicle's hull: each inside part's two ends, pushed out
// through the hull face nearest its middle.
void findEdgeContacts(const VehicleModel& model, const World& world, const WorldNear& near, const VehicleState& s,
                      const Eigen::Matrix3d& R, Touching& t, ContactReport& report) {
  if (near.obstacle_count == 0 || model.hull_planes_B.empty()) return;
  std::array<Segment, kMaxObstacleEdges> edges;
  auto consider = [&](const Obstacle& o) {
    const int n = obstacleEdges(o, edges);
    for (int e = 0; e < n && t.count + 2 <= kMaxContacts; ++e) {
      const EdgeContact c = edgeInsideHull(model.hull_planes_B, R.transpose() * (edges[std::size_t(e)].a - s.p_W_m),
                                           R.transpose() * (edges[std::size_t(e)].b - s.p_W_m));
      if (!c.inside) continue;
      for (const Eigen::Vector3d& end_B : c.ends_B_m) {
        PointContact& k = t.contacts[std::size_t(t.count)];
        k.touching = true;
        k.normal_W = -(R * c.face_normal_B);  // the vehicle leaves the edge through that face
        k.depth_m = c.depth_m;                // (the edge's: one push-out for both ends)
        k.surface = o.surface;
        t.r_W[std::size_t(t.count)] = R * end_B;
        ++report.touching;
        if (t.deepest < 0 || c.depth_m > t.contacts[t.deepest].depth_m) t.deepest = t.count;
        ++t.count;
      }
    }
  };
  if (near.obstacle_count < 0)
    for (const Obstacle& o : world.obstacles) consider(o);
  else
    for (int k = 0; k < near.obstacle_count; ++k)
      consider(world.obstacles[std::size_t(near.obstacles[std::size_t(k)])]);
}

// Projected Gauss–Seidel over the touching points, along each point's normal n and two
// tangents t1, t2: impulses are accumulated and kept admissible (normal ≥ 0, friction inside
// the Coulomb disc μ·normal) across iterations, so feet that land together share the load
// instead of the first one taking it all. Per direction d at lever arm r, precomputed:
// r×d, the rate change per unit impulse I⁻¹(r×d), and the effective mass 1/m + (r×d)·I⁻¹(r×d)
// (the same as 1/m + d·((I⁻¹(r×d))×r)); its inverse is the effective mass.
class ImpulseSolver {
 public:
  ImpulseSolver(const VehicleModel& model, const ContactSettings& settings, const Eigen::Matrix3d& I_inv_W,
                const Eigen::Matrix3d& I_W, Eigen::Vector3d& v_W, Eigen::Vector3d& omega_W)
      : model_(model),
        settings_(settings),
        I_inv_W_(I_inv_W),
        I_W_(I_W),
        inv_m_(1.0 / model.mass_kg),
        v_W_(v_W),
        omega_W_(omega_W) {}

  // The rows of every touching point, each warm-started with last step's normal impulse at it.
  void setUp(const Touching& t, const std::array<double, kMaxContactPoints>& previous_Ns) {
    for (int i = 0; i < t.count; ++i) {
      const PointContact& contact = t.contacts[i];
      if (!contact.touching) continue;
      const Eigen::Vector3d& n = contact.normal_W;
      const Eigen::Vector3d t1 =
          (std::abs(n.x()) < 0.9 ? Eigen::Vector3d::UnitX() : Eigen::Vector3d::UnitY()).cross(n).normalized();
      PointRows& p = rows_[active_];
      p.n = makeRow(t.r_W[i], n);
      p.t1 = makeRow(t.r_W[i], t1);
      p.t2 = makeRow(t.r_W[i], n.cross(t1));
      const double vn = speedAlong(p.n);
      const double e = vn < -settings_.bounce_threshold_mps ? contact.surface.restitution : 0.0;
      p.target_vn = vn < 0.0 ? -e * vn : 0.0;
      p.friction = contact.surface.friction;
      p.t1_impulse = p.t2_impulse = 0.0;
      p.angular_impulse.setZero();
      // Warm start: last step's impulse at this point, applied up front and corrected below.
      p.normal_impulse = i < model_.contact_count ? std::max(0.0, previous_Ns[i]) : 0.0;
      push(p.n, p.normal_impulse);
      p.point = i;
      ++active_;
    }
  }

  // Iterates until the impulses settle or the iteration cap.
  void solve(double dt_s) {
    constexpr int kMaxIterations = 12;  // 4 is too few for a four-foot landing (tests/sim/contact_test)
    // Impulse changes below 0.1 % of what gravity gives in a step (m·g·dt): done.
    const double converged_Ns = 1e-3 * model_.mass_kg * std::max(model_.gravity_mps2, 1.0) * dt_s;
    for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
      double largest_change = 0.0;
      for (int k = 0; k < active_; ++k) relax(rows_[k], largest_change);
      if (largest_change < converged_Ns) break;
    }
  }

  // Each contact point's normal impulse, the next step's warm start.
  void storeImpulses(std::array<double, kMaxContactPoints>& impulse_Ns) const {
    for (int k = 0; k < active_; ++k)
      if (rows_[k].point < model_.contact_count) impulse_Ns[rows_[k].point] = rows_[k].normal_impulse;
  }

 private:
  struct Row {
    Eigen::Vector3d dir, r_cross_dir, rate_per_impulse;
    double effective_mass_kg;
  };
  struct PointRows {
    Row n, t1, t2;
    double target_vn, friction, normal_impulse, t1_impulse, t2_impulse;
    // Rolling and torsional friction: the contact patch resists turning about any axis, up to
    // μ·patch_radius_m times the normal impulse (a point alone could stop neither a spinning top
    // nor a coin rolling on its rim).
    Eigen::Vector3d angular_impulse;
    int point;  // index among the contact points
  };

  Row makeRow(const Eigen::Vector3d& r, const Eigen::Vector3d& dir) const {
    Row row;
    row.dir = dir;
    row.r_cross_dir = r.cross(dir);
    row.rate_per_impulse = I_inv_W_ * row.r_cross_dir;
    row.effective_mass_kg = 1.0 / (inv_m_ + row.r_cross_dir.dot(row.rate_per_impulse));
    return row;
  }
  double speedAlong(const Row& row) const { return v_W_.dot(row.dir) + omega_W_.dot(row.r_cross_dir); }
  void push(const Row& row, double impulse) {
    v_W_ += (impulse * inv_m_) * row.dir;
    omega_W_ += impulse * row.rate_per_impulse;
  }

  // One point's pass: its normal impulse, its Coulomb friction, its rolling and torsional
  // friction; `largest_change` grows to the largest change of a linear impulse.
  void relax(PointRows& p, double& largest_change) {
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
    // The angular impulse that would stop the turning (I_W·ω), within the patch's limit.
    Eigen::Vector3d angular = p.angular_impulse - I_W_ * omega_W_;
    const double angular_limit = limit * settings_.patch_radius_m, angular_size = angular.norm();
    if (angular_size > angular_limit) angular *= angular_limit / angular_size;
    omega_W_ += I_inv_W_ * (angular - p.angular_impulse);
    p.angular_impulse = angular;
  }

  const VehicleModel& model_;
  const ContactSettings& settings_;
  const Eigen::Matrix3d& I_inv_W_;
  const Eigen::Matrix3d& I_W_;
  const double inv_m_;
  Eigen::Vector3d& v_W_;
  Eigen::Vector3d& omega_W_;
  std::array<PointRows, kMaxContacts> rows_;
  int active_ = 0;
};

// One shared push-out by the deepest point, so overlapping sources do not fight: out of the
// surface it is inside, along that surface's normal — and never below the ground.
void pushOut(const VehicleModel& model, const World& world, const WorldNear& near, const Touching& t, VehicleState& s) {
  s.p_W_m += t.contacts[t.deepest].depth_m * t.contacts[t.deepest].normal_W;
  // An obstacle's way out can point into the ground (a vehicle inside a post that stands on
  // it: found by fuzz_config_files). The ground has no other side, so it wins: no point is
  // left below it.
  if (world.has_ground && near.ground) {
    double below_m = 0.0;
    for (int i = 0; i < model.contact_count; ++i)
      below_m = std::max(below_m, s.p_W_m.z() + t.r_W[i].z() - world.ground_down_m);
    s.p_W_m.z() -= below_m;
  }
  // The hull holds the centre of mass: if it is left under the ground, the geometry is wrong.
  assert(!(world.has_ground && near.ground) || s.p_W_m.z() <= world.ground_down_m + 1e-9);
}

// Righting torque at rest: body-up towards the surface normal `n`, so the edge of the footprint
// does not hold a slightly tilted vehicle up. Only on its feet alone and only a small tilt: a
// vehicle resting on its side or back stays there, as a real frame does.
void applyRighting(const VehicleModel& model, const ContactSettings& settings, double dt_s, const Eigen::Matrix3d& R,
                   const Eigen::Matrix3d& I_inv_W, const Eigen::Vector3d& n, ContactReport& report,
                   Eigen::Vector3d& omega_W) {
  const Eigen::Vector3d body_up_W = R * (model.rest_attitude_WB.conjugate() * Eigen::Vector3d(0, 0, -1));
  const Eigen::Vector3d axis = body_up_W.cross(n);
  const double tilt_rad = std::atan2(axis.norm(), body_up_W.dot(n));
  if (tilt_rad > settings.righting_tilt_rad && tilt_rad < settings.righting_max_tilt_rad) {
    report.righting = true;
    double reach_m = 0.0;
    for (int i = 0; i < model.foot_count; ++i) reach_m = std::max(reach_m, model.contact_points_B_m[i].norm());
    // Of the order of the weight's moment about an arm tip: m·g·reach·sin(tilt).
    const Eigen::Vector3d torque_W = model.mass_kg * model.gravity_mps2 * reach_m * axis;
    omega_W += I_inv_W * torque_W * dt_s;
  }
}

}  // namespace

ContactReport resolveContacts(const VehicleModel& model, const World& world, const ContactSettings& settings,
                              double dt_s, bool gravity, VehicleState& s) {
  ContactReport report;
  // Far from everything: nothing to do (and nothing to carry forward).
  const WorldNear near = world.near(s.p_W_m, model.contact_radius_m);
  if (near.empty()) {
    if (s.contact_warm) {
      s.contact_impulse_Ns.fill(0.0);
      s.contact_warm = false;
    }
    return report;
  }
  const Eigen::Matrix3d R = s.q_WB.toRotationMatrix();
  const Eigen::Matrix3d I_inv_W = R * model.inertia_inv_per_kgm2 * R.transpose();
  const Eigen::Matrix3d I_W = R * model.inertia_kgm2 * R.transpose();
  Eigen::Vector3d omega_W = R * s.omega_B_radps;

  Touching t;
  findPointContacts(model, world, near, s, R, t, report);
  findEdgeContacts(model, world, near, s, R, t, report);
  const std::array<double, kMaxContactPoints> previous_Ns = s.contact_impulse_Ns;
  s.contact_impulse_Ns.fill(0.0);  // points that touch nothing now carry nothing forward
  s.contact_warm = false;
  if (report.touching == 0) return report;
  report.deepest_m = t.contacts[t.deepest].depth_m;

  ImpulseSolver solver(model, settings, I_inv_W, I_W, s.v_W_mps, omega_W);
  solver.setUp(t, previous_Ns);
  solver.solve(dt_s);
  solver.storeImpulses(s.contact_impulse_Ns);
  s.contact_warm = true;
  pushOut(model, world, near, t, s);

  // Tangential damping of creep, scaled per unit time: the same decay whatever the step.
  const Eigen::Vector3d& n = t.contacts[t.deepest].normal_W;
  const Eigen::Vector3d v_t = s.v_W_mps - s.v_W_mps.dot(n) * n;
  if (v_t.norm() < settings.creep_speed_mps) s.v_W_mps -= (1.0 - std::exp(-settings.creep_damping_per_s * dt_s)) * v_t;

  if (gravity && report.feet_touching == report.touching && s.v_W_mps.norm() < settings.resting_speed_mps &&
      omega_W.norm() < settings.resting_rate_radps)
    applyRighting(model, settings, dt_s, R, I_inv_W, n, report, omega_W);
  s.omega_B_radps = R.transpose() * omega_W;
  return report;
}

}  // namespace vsim
