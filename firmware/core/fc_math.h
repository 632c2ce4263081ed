/* Small float vector and quaternion helpers for the flight core. Frames: world NED, body FRD; q rotates body vectors
 * into the world (Hamilton, w first). */
#ifndef NAVIGATOR_FC_MATH_H
#define NAVIGATOR_FC_MATH_H

#include <math.h>

typedef struct {
  float x, y, z;
} fc_vec3_t;

typedef struct {
  float w, x, y, z;
} fc_quat_t;

#define FC_PI 3.14159265358979f
#define FC_DEG2RAD (FC_PI / 180.0f)
#define FC_RAD2DEG (180.0f / FC_PI)
#define FC_GRAVITY_MPS2 9.80665f

static inline fc_vec3_t fc_v3(float x, float y, float z) {
  fc_vec3_t v = {x, y, z};
  return v;
}
static inline fc_vec3_t fc_add(fc_vec3_t a, fc_vec3_t b) { return fc_v3(a.x + b.x, a.y + b.y, a.z + b.z); }
static inline fc_vec3_t fc_sub(fc_vec3_t a, fc_vec3_t b) { return fc_v3(a.x - b.x, a.y - b.y, a.z - b.z); }
static inline fc_vec3_t fc_scale(fc_vec3_t a, float s) { return fc_v3(a.x * s, a.y * s, a.z * s); }
static inline float fc_dot(fc_vec3_t a, fc_vec3_t b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline fc_vec3_t fc_cross(fc_vec3_t a, fc_vec3_t b) {
  return fc_v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
static inline float fc_norm(fc_vec3_t a) { return sqrtf(fc_dot(a, a)); }
static inline int fc_finite3(fc_vec3_t a) { return isfinite(a.x) && isfinite(a.y) && isfinite(a.z); }
static inline float fc_clampf(float v, float lo, float hi) { return v < lo ? lo : (v > hi ? hi : v); }

static inline fc_quat_t fc_quat_identity(void) {
  fc_quat_t q = {1.0f, 0.0f, 0.0f, 0.0f};
  return q;
}
static inline fc_quat_t fc_quat_mul(fc_quat_t a, fc_quat_t b) {
  fc_quat_t r = {a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z, a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
                 a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x, a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w};
  return r;
}
static inline fc_quat_t fc_quat_conj(fc_quat_t q) {
  fc_quat_t r = {q.w, -q.x, -q.y, -q.z};
  return r;
}
static inline fc_quat_t fc_quat_normalized(fc_quat_t q) {
  const float n = sqrtf(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
  if (!(n > 1e-6f) || !isfinite(n)) return fc_quat_identity();
  fc_quat_t r = {q.w / n, q.x / n, q.y / n, q.z / n};
  return r;
}
/* v_W = q ⊗ v_B ⊗ q* */
static inline fc_vec3_t fc_quat_rotate(fc_quat_t q, fc_vec3_t v) {
  const fc_vec3_t u = fc_v3(q.x, q.y, q.z);
  const fc_vec3_t t = fc_scale(fc_cross(u, v), 2.0f);
  return fc_add(fc_add(v, fc_scale(t, q.w)), fc_cross(u, t));
}
/* v_B = q* ⊗ v_W ⊗ q */
static inline fc_vec3_t fc_quat_rotate_inv(fc_quat_t q, fc_vec3_t v) { return fc_quat_rotate(fc_quat_conj(q), v); }

/* z-y-x Euler angles (roll, pitch, yaw) [rad] <-> quaternion. */
static inline fc_quat_t fc_quat_from_euler(float roll, float pitch, float yaw) {
  const float cr = cosf(roll * 0.5f), sr = sinf(roll * 0.5f), cp = cosf(pitch * 0.5f), sp = sinf(pitch * 0.5f);
  const float cy = cosf(yaw * 0.5f), sy = sinf(yaw * 0.5f);
  fc_quat_t q = {cr * cp * cy + sr * sp * sy, sr * cp * cy - cr * sp * sy, cr * sp * cy + sr * cp * sy,
                 cr * cp * sy - sr * sp * cy};
  return q;
}
static inline fc_vec3_t fc_quat_to_euler(fc_quat_t q) {
  const float roll = atan2f(2.0f * (q.w * q.x + q.y * q.z), 1.0f - 2.0f * (q.x * q.x + q.y * q.y));
  const float pitch = asinf(fc_clampf(2.0f * (q.w * q.y - q.z * q.x), -1.0f, 1.0f));
  const float yaw = atan2f(2.0f * (q.w * q.z + q.x * q.y), 1.0f - 2.0f * (q.y * q.y + q.z * q.z));
  return fc_v3(roll, pitch, yaw);
}
/* Wraps an angle to (−π, π]. */
static inline float fc_wrap_pi(float a) {
  while (a > FC_PI) a -= 2.0f * FC_PI;
  while (a <= -FC_PI) a += 2.0f * FC_PI;
  return a;
}

#endif
