#include "firmware/core/fc_cal_fit.h"

#include "firmware/core/stages.h"

#include <math.h>
#include <string.h>

static float par(const fc_params_t* p, fc_param_id_t id) { return fc_param(p, id); }

fc_vec3_t fc_cal_gyro(const fc_params_t* p, fc_vec3_t g) {
  const fc_vec3_t off =
      fc_v3(par(p, FC_PARAM_CAL_GYRO_XOFF), par(p, FC_PARAM_CAL_GYRO_YOFF), par(p, FC_PARAM_CAL_GYRO_ZOFF));
  if (off.x == 0.0f && off.y == 0.0f && off.z == 0.0f) return g;
  return fc_sub(g, off);
}

/* m (v - off) */
static fc_vec3_t affine(fc_vec3_t v, fc_vec3_t off, float m[3][3]) {
  const fc_vec3_t d = fc_sub(v, off);
  return fc_v3(m[0][0] * d.x + m[0][1] * d.y + m[0][2] * d.z, m[1][0] * d.x + m[1][1] * d.y + m[1][2] * d.z,
               m[2][0] * d.x + m[2][1] * d.y + m[2][2] * d.z);
}

static bool is_identity(float m[3][3], fc_vec3_t off) {
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c)
      if (m[r][c] != (r == c ? 1.0f : 0.0f)) return false;
  return off.x == 0.0f && off.y == 0.0f && off.z == 0.0f;
}

fc_vec3_t fc_cal_accel(const fc_params_t* p, fc_vec3_t a) {
  float m[3][3];
  for (int i = 0; i < 9; ++i) m[i / 3][i % 3] = p->value[FC_PARAM_CAL_ACC_M00 + i];
  const fc_vec3_t off =
      fc_v3(par(p, FC_PARAM_CAL_ACC_XOFF), par(p, FC_PARAM_CAL_ACC_YOFF), par(p, FC_PARAM_CAL_ACC_ZOFF));
  return is_identity(m, off) ? a : affine(a, off, m);
}

fc_vec3_t fc_cal_mag(const fc_params_t* p, fc_vec3_t v) {
  const float xy = par(p, FC_PARAM_CAL_MAG_XODIAG), xz = par(p, FC_PARAM_CAL_MAG_YODIAG),
              yz = par(p, FC_PARAM_CAL_MAG_ZODIAG);
  float m[3][3] = {{par(p, FC_PARAM_CAL_MAG_XSCALE), xy, xz},
                   {xy, par(p, FC_PARAM_CAL_MAG_YSCALE), yz},
                   {xz, yz, par(p, FC_PARAM_CAL_MAG_ZSCALE)}};
  const fc_vec3_t off =
      fc_v3(par(p, FC_PARAM_CAL_MAG_XOFF), par(p, FC_PARAM_CAL_MAG_YOFF), par(p, FC_PARAM_CAL_MAG_ZOFF));
  return is_identity(m, off) ? v : affine(v, off, m);
}

fc_vec3_t fc_cal_level(const fc_params_t* p, fc_vec3_t v) {
  const float roll = par(p, FC_PARAM_SENS_BOARD_X_OFF) * FC_DEG2RAD,
              pitch = par(p, FC_PARAM_SENS_BOARD_Y_OFF) * FC_DEG2RAD;
  if (roll == 0.0f && pitch == 0.0f) return v;
  const float cr = cosf(roll), sr = sinf(roll), cp = cosf(pitch), sp = sinf(pitch);
  const fc_vec3_t r = fc_v3(v.x, cr * v.y - sr * v.z, sr * v.y + cr * v.z); /* Rx(roll) */
  return fc_v3(cp * r.x + sp * r.z, r.y, -sp * r.x + cp * r.z);             /* Ry(pitch) */
}

void fc_cal_rotation_matrix(int rotation, float r_BS[3][3]) {
  for (int c = 0; c < 3; ++c) {
    const fc_vec3_t col =
        fc_sensor_rotate(rotation, fc_v3(c == 0 ? 1.0f : 0.0f, c == 1 ? 1.0f : 0.0f, c == 2 ? 1.0f : 0.0f));
    r_BS[0][c] = col.x;
    r_BS[1][c] = col.y;
    r_BS[2][c] = col.z;
  }
}

static double comp(fc_vec3_t v, int i) { return (double)(i == 0 ? v.x : (i == 1 ? v.y : v.z)); }

/* Inverts a 3x3 matrix by its adjugate; false when (nearly) singular. */
static bool invert3(double a[3][3], double inv[3][3]) {
  const double det = a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) -
                     a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) +
                     a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
  if (!(fabs(det) > 1e-12) || !isfinite(det)) return false;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) {
      const int r1 = (c + 1) % 3, r2 = (c + 2) % 3, c1 = (r + 1) % 3, c2 = (r + 2) % 3;
      inv[r][c] = (a[r1][c1] * a[r2][c2] - a[r1][c2] * a[r2][c1]) / det;
    }
  return true;
}

bool fc_cal_solve_accel(const fc_vec3_t mean_S[6], const fc_vec3_t true_S[6], fc_vec3_t* offset, float m[3][3]) {
  int plus[3] = {-1, -1, -1}, minus[3] = {-1, -1, -1};
  for (int s = 0; s < 6; ++s)
    for (int i = 0; i < 3; ++i) {
      const double t = comp(true_S[s], i);
      if (t > 1.0) plus[i] = s;
      if (t < -1.0) minus[i] = s;
    }
  double k[3][3], b[3] = {0, 0, 0};
  for (int i = 0; i < 3; ++i) {
    if (plus[i] < 0 || minus[i] < 0) return false;
    const double g = comp(true_S[plus[i]], i) - comp(true_S[minus[i]], i); /* 2 g */
    for (int r = 0; r < 3; ++r) {
      k[r][i] = (comp(mean_S[plus[i]], r) - comp(mean_S[minus[i]], r)) / g;
      b[r] += (comp(mean_S[plus[i]], r) + comp(mean_S[minus[i]], r)) / 6.0;
    }
  }
  double inv[3][3];
  if (!invert3(k, inv)) return false;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) m[r][c] = (float)inv[r][c];
  *offset = fc_v3((float)b[0], (float)b[1], (float)b[2]);
  return true;
}

void fc_cal_level_angles(fc_vec3_t f, float* roll_rad, float* pitch_rad) {
  *roll_rad = atan2f(-f.y, -f.z);
  *pitch_rad = atan2f(f.x, sqrtf(f.y * f.y + f.z * f.z));
}

int fc_cal_direction_bin(fc_vec3_t v) {
  const float ax = fabsf(v.x), ay = fabsf(v.y), az = fabsf(v.z);
  int face;
  float u, w;
  if (ax >= ay && ax >= az) {
    face = v.x >= 0.0f ? 0 : 1;
    u = v.y;
    w = v.z;
  } else if (ay >= az) {
    face = v.y >= 0.0f ? 2 : 3;
    u = v.x;
    w = v.z;
  } else {
    face = v.z >= 0.0f ? 4 : 5;
    u = v.x;
    w = v.y;
  }
  return face * 4 + (u >= 0.0f ? 0 : 1) + (w >= 0.0f ? 0 : 2);
}
