#include "firmware/core/allocation.h"

#include "firmware/core/flight_axes.h"

#include <math.h>

/* The rotor's parameters, in the order of FC_ROTOR_PARAMS (fc_params.h): PX PY PZ AX AY AZ KM. */
static double rotor_param(const fc_params_t* p, int rotor, int k) {
  return (double)p->value[FC_PARAM_CA_ROTOR0_PX + rotor * FC_ROTOR_PARAM_COUNT + k];
}

/* Inverts the 4 x 4 matrix m in place (Gauss-Jordan, partial pivoting); false when a pivot
 * falls below `tiny` (the matrix is singular at that scale). */
static int invert4(double m[4][4], double tiny) {
  double inv[4][4] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
  for (int c = 0; c < 4; ++c) {
    int pivot = c;
    for (int r = c + 1; r < 4; ++r)
      if (fabs(m[r][c]) > fabs(m[pivot][c])) pivot = r;
    if (!(fabs(m[pivot][c]) > tiny)) return 0;
    for (int k = 0; k < 4; ++k) {
      double t = m[c][k];
      m[c][k] = m[pivot][k];
      m[pivot][k] = t;
      t = inv[c][k];
      inv[c][k] = inv[pivot][k];
      inv[pivot][k] = t;
    }
    const double d = m[c][c];
    for (int k = 0; k < 4; ++k) {
      m[c][k] /= d;
      inv[c][k] /= d;
    }
    for (int r = 0; r < 4; ++r) {
      if (r == c) continue;
      const double f = m[r][c];
      if (f == 0.0) continue;
      for (int k = 0; k < 4; ++k) {
        m[r][k] -= f * m[c][k];
        inv[r][k] -= f * inv[c][k];
      }
    }
  }
  for (int r = 0; r < 4; ++r)
    for (int k = 0; k < 4; ++k) m[r][k] = inv[r][k];
  return 1;
}

const char* fc_allocation_from_params(const fc_params_t* p, fc_mixer_table_t* out) {
  static const char* const no_effect[4] = {"rotors give no roll", "rotors give no pitch", "rotors give no yaw",
                                           "rotors give no lift"};
  const int n = (int)fc_param(p, FC_PARAM_CA_ROTOR_COUNT);
  if (n < 4 || n > FC_MAX_MOTORS) return "CA_ROTOR_COUNT not 4 to 8";
  double B[4][FC_MAX_MOTORS];
  double scale = 0.0; /* the largest lever arm, for the singularity threshold */
  const int up = (int)fc_param(p, FC_PARAM_VEH_UP);
  for (int i = 0; i < n; ++i) {
    /* Given in body axes; allocated in the flight axes (flight_axes.h). */
    const double r_B[3] = {rotor_param(p, i, 0), rotor_param(p, i, 1), rotor_param(p, i, 2)};
    const double a_B[3] = {rotor_param(p, i, 3), rotor_param(p, i, 4), rotor_param(p, i, 5)};
    double r[3], a[3];
    fc_body_to_flight_d(up, r_B, r);
    fc_body_to_flight_d(up, a_B, a);
    const double km = rotor_param(p, i, 6);
    const double norm = sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
    if (fabs(norm - 1.0) > 0.01) return "a CA_ROTOR axis not a unit vector";
    /* torque per unit thrust: r x a - km a */
    B[0][i] = r[1] * a[2] - r[2] * a[1] - km * a[0];
    B[1][i] = r[2] * a[0] - r[0] * a[2] - km * a[1];
    B[2][i] = r[0] * a[1] - r[1] * a[0] - km * a[2];
    B[3][i] = -a[2];
    for (int k = 0; k < 3; ++k) scale = fmax(scale, fabs(r[k]));
  }
  scale = fmax(scale, 1e-3);
  /* An axis no rotor acts on is named (lift first); otherwise a rank below 4 (B B^T singular). */
  static const int order[4] = {3, 0, 1, 2};
  for (int k = 0; k < 4; ++k) {
    const int row = order[k];
    double largest = 0.0;
    for (int i = 0; i < n; ++i) largest = fmax(largest, fabs(B[row][i]));
    if (largest < 1e-6 * (row == 3 ? 1.0 : scale)) return no_effect[row];
  }
  double BBt[4][4];
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) {
      double s = 0.0;
      for (int i = 0; i < n; ++i) s += B[r][i] * B[c][i];
      BBt[r][c] = s;
    }
  if (!invert4(BBt, 1e-9 * scale * scale)) return "rotors cannot separate the 4 axes";
  double A[FC_MAX_MOTORS][4];
  for (int i = 0; i < n; ++i)
    for (int c = 0; c < 4; ++c) {
      double s = 0.0;
      for (int r = 0; r < 4; ++r) s += B[r][i] * BBt[r][c];
      A[i][c] = s;
    }
  double largest[4] = {0, 0, 0, 0};
  for (int c = 0; c < 4; ++c)
    for (int i = 0; i < n; ++i) largest[c] = fmax(largest[c], c == 3 ? A[i][c] : fabs(A[i][c]));
  if (!(largest[3] > 0.0)) return no_effect[3];
  out->motor_count = n;
  for (int i = 0; i < FC_MAX_MOTORS; ++i) {
    const int on = i < n;
    out->roll[i] = on ? (float)(A[i][0] / largest[0]) : 0.0f;
    out->pitch[i] = on ? (float)(A[i][1] / largest[1]) : 0.0f;
    out->yaw[i] = on ? (float)(A[i][2] / largest[2]) : 0.0f;
    out->thrust[i] = on ? (float)(A[i][3] / largest[3]) : 0.0f;
  }
  return NULL;
}
