/* The magnetometer's ellipsoid fit (fc_cal_fit.h): an algebraic least-squares fit of
 * x'Ax + 2b'x = 1 — as in Li and Griffiths, "Least squares ellipsoid specific fitting" (2004), without
 * their ellipsoid constraint, which the positive-definiteness check below replaces — on centred,
 * scaled readings, then the symmetric square root of A by Jacobi's eigenvalue method. */
#include "firmware/core/fc_cal_fit.h"

#include <math.h>
#include <string.h>

enum { UNKNOWNS = 9 };

/* Solves a x = y (n x n, a and y overwritten) by Gaussian elimination with partial pivoting. */
static bool solve(double a[UNKNOWNS][UNKNOWNS], double y[UNKNOWNS], double x[UNKNOWNS]) {
  for (int c = 0; c < UNKNOWNS; ++c) {
    int pivot = c;
    for (int r = c + 1; r < UNKNOWNS; ++r)
      if (fabs(a[r][c]) > fabs(a[pivot][c])) pivot = r;
    if (!(fabs(a[pivot][c]) > 1e-12)) return false;
    for (int k = 0; k < UNKNOWNS; ++k) {
      const double t = a[c][k];
      a[c][k] = a[pivot][k];
      a[pivot][k] = t;
    }
    const double t = y[c];
    y[c] = y[pivot];
    y[pivot] = t;
    for (int r = c + 1; r < UNKNOWNS; ++r) {
      const double f = a[r][c] / a[c][c];
      for (int k = c; k < UNKNOWNS; ++k) a[r][k] -= f * a[c][k];
      y[r] -= f * y[c];
    }
  }
  for (int r = UNKNOWNS - 1; r >= 0; --r) {
    double s = y[r];
    for (int k = r + 1; k < UNKNOWNS; ++k) s -= a[r][k] * x[k];
    x[r] = s / a[r][r];
  }
  return true;
}

/* Eigen-decomposition of a symmetric 3x3 matrix by cyclic Jacobi rotations: a = v diag(e) v'. */
static void jacobi3(const double a_in[3][3], double e[3], double v[3][3]) {
  double a[3][3];
  memcpy(a, a_in, sizeof a);
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) v[r][c] = r == c ? 1.0 : 0.0;
  for (int sweep = 0; sweep < 50; ++sweep) {
    const double off = fabs(a[0][1]) + fabs(a[0][2]) + fabs(a[1][2]);
    if (off < 1e-15 * (fabs(a[0][0]) + fabs(a[1][1]) + fabs(a[2][2]))) break;
    for (int p = 0; p < 2; ++p)
      for (int q = p + 1; q < 3; ++q) {
        if (a[p][q] == 0.0) continue;
        const double theta = (a[q][q] - a[p][p]) / (2.0 * a[p][q]);
        const double t = (theta >= 0.0 ? 1.0 : -1.0) / (fabs(theta) + sqrt(theta * theta + 1.0));
        const double c = 1.0 / sqrt(t * t + 1.0), s = t * c;
        for (int k = 0; k < 3; ++k) { /* a = J' a J, J the rotation in the (p, q) plane */
          const double akp = a[k][p], akq = a[k][q];
          a[k][p] = c * akp - s * akq;
          a[k][q] = s * akp + c * akq;
        }
        for (int k = 0; k < 3; ++k) {
          const double apk = a[p][k], aqk = a[q][k];
          a[p][k] = c * apk - s * aqk;
          a[q][k] = s * apk + c * aqk;
        }
        for (int k = 0; k < 3; ++k) {
          const double vkp = v[k][p], vkq = v[k][q];
          v[k][p] = c * vkp - s * vkq;
          v[k][q] = s * vkp + c * vkq;
        }
      }
  }
  for (int i = 0; i < 3; ++i) e[i] = a[i][i];
}

static double at(fc_vec3_t v, int i) { return (double)(i == 0 ? v.x : (i == 1 ? v.y : v.z)); }

/* The fit's unknowns p in y-units: A = [[p0 p3 p4] [p3 p1 p5] [p4 p5 p2]], b = (p6, p7, p8). */
static bool fit_quadric(const fc_vec3_t* x, int n, const double mean[3], double scale, double p[UNKNOWNS]) {
  double ata[UNKNOWNS][UNKNOWNS], aty[UNKNOWNS];
  memset(ata, 0, sizeof ata);
  memset(aty, 0, sizeof aty);
  for (int i = 0; i < n; ++i) {
    double y[3];
    for (int k = 0; k < 3; ++k) y[k] = (at(x[i], k) - mean[k]) / scale;
    const double row[UNKNOWNS] = {y[0] * y[0],       y[1] * y[1], y[2] * y[2], 2.0 * y[0] * y[1], 2.0 * y[0] * y[2],
                                  2.0 * y[1] * y[2], 2.0 * y[0],  2.0 * y[1],  2.0 * y[2]};
    for (int r = 0; r < UNKNOWNS; ++r) {
      aty[r] += row[r];
      for (int c = 0; c < UNKNOWNS; ++c) ata[r][c] += row[r] * row[c];
    }
  }
  return solve(ata, aty, p);
}

/* From the quadric in y-units to the offset and W in gauss; false unless an ellipsoid. */
static bool to_ellipsoid(const double p[UNKNOWNS], const double mean[3], double scale, fc_cal_ellipsoid_t* out) {
  const double a[3][3] = {{p[0], p[3], p[4]}, {p[3], p[1], p[5]}, {p[4], p[5], p[2]}};
  double e[3], v[3][3];
  jacobi3(a, e, v);
  if (!(e[0] > 0.0 && e[1] > 0.0 && e[2] > 0.0)) return false;
  /* centre c = -A^-1 b; then (y - c)'A(y - c) = 1 + c'Ac */
  double c[3], k = 1.0;
  for (int r = 0; r < 3; ++r) {
    c[r] = 0.0;
    for (int i = 0; i < 3; ++i) c[r] -= v[r][i] * (v[0][i] * p[6] + v[1][i] * p[7] + v[2][i] * p[8]) / e[i];
  }
  for (int r = 0; r < 3; ++r) k -= c[r] * p[6 + r]; /* c'Ac = -c'b */
  if (!(k > 0.0)) return false;
  /* W ∝ (A/k)^(1/2) / scale, with det W = 1: eigenvalues sqrt(e_i / k) / scale over their geometric mean */
  double s[3], gm = 1.0;
  for (int i = 0; i < 3; ++i) {
    s[i] = sqrt(e[i] / k) / scale;
    gm *= s[i];
  }
  gm = cbrt(gm);
  for (int r = 0; r < 3; ++r)
    for (int col = 0; col < 3; ++col) {
      double w = 0.0;
      for (int i = 0; i < 3; ++i) w += v[r][i] * (s[i] / gm) * v[col][i];
      out->w[r][col] = (float)w;
    }
  out->offset =
      fc_v3((float)(mean[0] + scale * c[0]), (float)(mean[1] + scale * c[1]), (float)(mean[2] + scale * c[2]));
  out->radius = (float)(1.0 / gm);
  return isfinite(out->radius) && fc_finite3(out->offset);
}

bool fc_cal_fit_ellipsoid(const fc_vec3_t* x, int n, fc_cal_ellipsoid_t* out) {
  memset(out, 0, sizeof *out);
  if (n < 2 * UNKNOWNS) return false;
  double mean[3] = {0, 0, 0}, spread = 0.0;
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < 3; ++k) mean[k] += at(x[i], k) / n;
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < 3; ++k) spread += (at(x[i], k) - mean[k]) * (at(x[i], k) - mean[k]) / n;
  const double scale = sqrt(spread);
  double p[UNKNOWNS];
  if (!(scale > 1e-9) || !fit_quadric(x, n, mean, scale, p) || !to_ellipsoid(p, mean, scale, out)) return false;
  double sum_sq = 0.0;
  for (int i = 0; i < n; ++i) {
    double u[3] = {0, 0, 0}, norm = 0.0;
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < 3; ++c)
        u[r] += (double)out->w[r][c] *
                (at(x[i], c) - (double)(c == 0 ? out->offset.x : (c == 1 ? out->offset.y : out->offset.z)));
      norm += u[r] * u[r];
    }
    const double d = sqrt(norm) - (double)out->radius;
    sum_sq += d * d;
  }
  out->rms = (float)sqrt(sum_sq / n);
  return true;
}
