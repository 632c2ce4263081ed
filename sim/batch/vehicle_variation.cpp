#include "sim/batch/vehicle_variation.h"

#include <Eigen/Eigenvalues>

#include <cmath>
#include <sstream>
#include <string>

namespace vsim::batch {

Result<VehicleVariation> checkedVariation(const VehicleVariation& v, const VehicleModel& model) {
  const int rotor_count = model.rotor_count;
  auto positive = [](double x) { return std::isfinite(x) && x > 0.0; };
  if (!positive(v.mass_scale)) return Error{"mass scale must be a positive factor"};
  for (int i = 0; i < 3; ++i)
    if (!positive(v.inertia_scale[i])) return Error{"inertia scale must be three positive factors"};
  for (int i = 0; i < rotor_count; ++i)
    if (!positive(v.motor_bias[std::size_t(i)]))
      return Error{"motor " + std::to_string(i) + ": bias must be a positive factor"};
  for (int i = 0; i < 3; ++i)
    if (!(std::abs(v.inertia_products[i]) < 1.0)) return Error{"products of inertia must be fractions within (-1, 1)"};
  if (v.inertia_scale != Eigen::Vector3d::Ones() || v.inertia_products != Eigen::Vector3d::Zero()) {
    const Eigen::Vector3d m = Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(
                                  variedInertia(model.inertia_kgm2, v.inertia_scale, v.inertia_products))
                                  .eigenvalues();
    if (!(m(0) > 0.0)) {
      std::ostringstream s;
      s << "products of inertia (" << v.inertia_products.x() << ", " << v.inertia_products.y() << ", "
        << v.inertia_products.z() << ") make a tensor that is not positive definite (smallest principal moment " << m(0)
        << " kg·m²)";
      return Error{s.str()};
    }
    if (m(2) > (m(0) + m(1)) * (1.0 + 1e-9)) {
      std::ostringstream s;
      s << "inertia scale (" << v.inertia_scale.x() << ", " << v.inertia_scale.y() << ", " << v.inertia_scale.z()
        << ")";
      if (v.inertia_products != Eigen::Vector3d::Zero())
        s << " with products of inertia (" << v.inertia_products.x() << ", " << v.inertia_products.y() << ", "
          << v.inertia_products.z() << ")";
      s << " makes a tensor no body has: principal moment " << m(2) << " exceeds the sum of the others (" << m(0)
        << " + " << m(1) << " kg·m²)";
      return Error{s.str()};
    }
  }
  if (!positive(v.motor_lag_scale)) return Error{"motor lag scale must be a positive factor"};
  if (!(std::isfinite(v.noise_scale) && v.noise_scale >= 0.0))
    return Error{"noise scale must be zero or a positive factor"};
  if (!v.steady_wind_NED_mps.allFinite()) return Error{"steady wind must be finite"};
  if (!v.thrust_offset_B_m.allFinite() || v.thrust_offset_B_m.norm() > 0.1 * model.contact_radius_m) {
    std::ostringstream s;
    s << "thrust offset (" << v.thrust_offset_B_m.x() << ", " << v.thrust_offset_B_m.y() << ", "
      << v.thrust_offset_B_m.z() << ") m must be finite and at most a tenth of the vehicle's size ("
      << 0.1 * model.contact_radius_m << " m)";
    return Error{s.str()};
  }
  if (!(std::isfinite(v.turbulence_sigma_mps) && v.turbulence_sigma_mps >= 0.0))
    return Error{"turbulence σ must be zero or a positive number of m/s"};
  return v;
}

Eigen::Matrix3d variedInertia(const Eigen::Matrix3d& inertia_kgm2, const Eigen::Vector3d& scale,
                              const Eigen::Vector3d& products) {
  Eigen::Matrix3d I = inertia_kgm2;
  const int pair[3][2] = {{0, 1}, {0, 2}, {1, 2}};
  for (int k = 0; k < 3; ++k) {
    if (products[k] == 0.0) continue;
    const int a = pair[k][0], b = pair[k][1];
    const double added = products[k] * std::sqrt(inertia_kgm2(a, a) * inertia_kgm2(b, b));
    I(a, b) += added;
    I(b, a) += added;
  }
  const Eigen::Vector3d d = scale.cwiseSqrt();
  return d.asDiagonal() * I * d.asDiagonal();
}

VariedConstants variedConstants(const VehicleModel& model, const VehicleVariation& v) {
  VariedConstants c;
  c.mass_kg = model.mass_kg * v.mass_scale;
  c.inertia_kgm2 = model.inertia_kgm2;
  c.inertia_inv_per_kgm2 = model.inertia_inv_per_kgm2;
  if (v.inertia_scale != Eigen::Vector3d::Ones() || v.inertia_products != Eigen::Vector3d::Zero()) {
    c.inertia_kgm2 = variedInertia(model.inertia_kgm2, v.inertia_scale, v.inertia_products);
    c.inertia_inv_per_kgm2 = c.inertia_kgm2.inverse();
  }
  for (std::size_t i = 0; i < std::size_t(model.rotor_count); ++i) {
    c.bias[i] = model.rotors[i].bias * v.motor_bias[i];
    c.spin_up_s[i] = model.rotors[i].spin_up_s * v.motor_lag_scale;
    c.spin_down_s[i] = model.rotors[i].spin_down_s * v.motor_lag_scale;
  }
  return c;
}

VehicleModel variedModel(const VehicleModel& model, const VehicleVariation& v) {
  const VariedConstants c = variedConstants(model, v);
  VehicleModel m = model;
  m.mass_kg = c.mass_kg;
  m.inertia_kgm2 = c.inertia_kgm2;
  m.inertia_inv_per_kgm2 = c.inertia_inv_per_kgm2;
  for (std::size_t i = 0; i < std::size_t(m.rotor_count); ++i) {
    m.rotors[i].position_B_m += v.thrust_offset_B_m;
    m.rotors[i].bias = c.bias[i];
    m.rotors[i].spin_up_s = c.spin_up_s[i];
    m.rotors[i].spin_down_s = c.spin_down_s[i];
  }
  for (NoiseModel* n : {&m.imu.gyro, &m.imu.accel, &m.mag.noise}) {
    n->noise_density *= v.noise_scale;
    n->random_walk *= v.noise_scale;
  }
  m.baro.noise_pa *= v.noise_scale;
  for (double* e : {&m.gps.drift_horizontal_m, &m.gps.drift_vertical_m, &m.gps.noise_horizontal_m,
                    &m.gps.noise_vertical_m, &m.gps.noise_velocity_mps})
    *e *= v.noise_scale;
  return m;
}

}  // namespace vsim::batch
