// Synthetic sensor streams with known errors for the calibration tests (firmware/core/fc_calibration.h):
// an IMU and a magnetometer whose readings are the true specific force, rate and field through a
// known error model plus Gaussian noise from a fixed-seed generator, so every run is the same.
//   accel_S = K f_S + b_a + n,   gyro_S = w_S + b_g + n,   mag_S = D B_S + h + n
// (sensor axes = body axes; the body's attitude is a rotation matrix R_WB, body to world NED).
#pragma once

#include "firmware/core/fc_cal_fit.h"
#include "firmware/core/flight.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <random>

namespace calstream {

using Mat3 = std::array<std::array<double, 3>, 3>;
using Vec3 = std::array<double, 3>;

inline Mat3 identity() { return {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}; }
inline Mat3 mul(const Mat3& a, const Mat3& b) {
  Mat3 r{};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 3; ++k) r[i][j] += a[i][k] * b[k][j];
  return r;
}
inline Vec3 mul(const Mat3& a, const Vec3& v) {
  Vec3 r{};
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 3; ++k) r[i] += a[i][k] * v[k];
  return r;
}
inline Mat3 transpose(const Mat3& a) {
  Mat3 r{};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r[i][j] = a[j][i];
  return r;
}
inline Mat3 inverse(const Mat3& a) {
  const double det = a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) -
                     a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) +
                     a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
  Mat3 r{};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      const int r1 = (j + 1) % 3, r2 = (j + 2) % 3, c1 = (i + 1) % 3, c2 = (i + 2) % 3;
      r[i][j] = (a[r1][c1] * a[r2][c2] - a[r1][c2] * a[r2][c1]) / det;
    }
  return r;
}
inline double det(const Mat3& a) {
  return a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) +
         a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
}
inline Mat3 rotX(double a) { return {{{1, 0, 0}, {0, std::cos(a), -std::sin(a)}, {0, std::sin(a), std::cos(a)}}}; }
inline Mat3 rotY(double a) { return {{{std::cos(a), 0, std::sin(a)}, {0, 1, 0}, {-std::sin(a), 0, std::cos(a)}}}; }
inline Mat3 rotZ(double a) { return {{{std::cos(a), -std::sin(a), 0}, {std::sin(a), std::cos(a), 0}, {0, 0, 1}}}; }
// z-y-x Euler angles: R_WB = Rz(yaw) Ry(pitch) Rx(roll)
inline Mat3 euler(double roll, double pitch, double yaw) { return mul(rotZ(yaw), mul(rotY(pitch), rotX(roll))); }

constexpr double kG = FC_GRAVITY_MPS2;
constexpr double kDeg = 3.14159265358979323846 / 180.0;

// The attitude that puts side `side` (fc_cal_side_name's order: back, front, left, right, up, down)
// facing the ground.
inline Mat3 sideAttitude(int side) {
  const double q = 90.0 * kDeg;
  switch (side) {
    case 0:
      return rotY(q);  // back: nose up, body x reads +g
    case 1:
      return rotY(-q);  // front: nose down
    case 2:
      return rotX(-q);  // left side down: body y reads +g
    case 3:
      return rotX(q);  // right side down
    case 4:
      return rotX(2 * q);  // upside down
    default:
      return identity();  // down: level
  }
}

struct Sensors {
  Mat3 k = identity();  // accelerometer: scale and misalignment
  Vec3 accel_offset{0, 0, 0};
  Vec3 gyro_offset{0, 0, 0};
  Mat3 d = identity();  // magnetometer soft iron
  Vec3 hard_iron{0, 0, 0};
  Vec3 field_W{0.21, 0.02, 0.43};  // [gauss] NED: a mid-latitude field, 0.48 G, 64° down
  double accel_sigma = 0.02, gyro_sigma = 0.005, mag_sigma = 0.002;
  std::mt19937 rng{20261128u};
  std::normal_distribution<double> normal{0.0, 1.0};

  // One sample at attitude r_WB turning at rate_B [rad/s] (the specific force of a still body).
  fc_sensors_t sample(uint64_t time_us, const Mat3& r_WB, const Vec3& rate_B = {0, 0, 0}) {
    const Mat3 r_BW = transpose(r_WB);
    const Vec3 f = mul(r_BW, Vec3{0, 0, -kG});
    const Vec3 a = mul(k, f);
    const Vec3 b = mul(r_BW, field_W);
    const Vec3 m = mul(d, b);
    fc_sensors_t s{};
    s.time_us = time_us;
    s.accel_mps2 = v(a, accel_offset, accel_sigma);
    s.gyro_radps = v(rate_B, gyro_offset, gyro_sigma);
    s.mag = v(m, hard_iron, mag_sigma);
    s.mag_valid = true;
    return s;
  }
  fc_vec3_t v(const Vec3& x, const Vec3& offset, double sigma) {
    return fc_v3(float(x[0] + offset[0] + sigma * normal(rng)), float(x[1] + offset[1] + sigma * normal(rng)),
                 float(x[2] + offset[2] + sigma * normal(rng)));
  }
};

}  // namespace calstream
