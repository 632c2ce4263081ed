#include "firmware/core/mixer.h"

#include <math.h>

void fc_mixer_quad_x(fc_mixer_table_t* t) {
  static const float roll[4] = {-1.0f, 1.0f, 1.0f, -1.0f};
  static const float pitch[4] = {1.0f, -1.0f, 1.0f, -1.0f};
  static const float yaw[4] = {1.0f, 1.0f, -1.0f, -1.0f};
  t->motor_count = 4;
  for (int i = 0; i < 4; ++i) {
    t->roll[i] = roll[i];
    t->pitch[i] = pitch[i];
    t->yaw[i] = yaw[i];
    t->thrust[i] = 1.0f;
  }
}

static void span(const fc_mixer_table_t* t, float thrust, float roll, float pitch, float yaw, float* lo, float* hi) {
  *lo = INFINITY;
  *hi = -INFINITY;
  for (int i = 0; i < t->motor_count; ++i) {
    const float u = t->thrust[i] * thrust + t->roll[i] * roll + t->pitch[i] * pitch + t->yaw[i] * yaw;
    if (u < *lo) *lo = u;
    if (u > *hi) *hi = u;
  }
}

bool fc_mix(const fc_mixer_table_t* t, float thrust, float roll, float pitch, float yaw, float out[FC_MAX_MOTORS]) {
  bool saturated = false;
  float lo, hi;
  /* 1. The spread the torques need without thrust; if it exceeds the range, give up yaw first,
   *    then scale roll and pitch together. */
  span(t, 0.0f, roll, pitch, yaw, &lo, &hi);
  if (hi - lo > 1.0f) {
    saturated = true;
    float rlo, rhi;
    span(t, 0.0f, roll, pitch, 0.0f, &rlo, &rhi);
    if (rhi - rlo >= 1.0f) {
      yaw = 0.0f;
      const float k = 1.0f / (rhi - rlo);
      roll *= k;
      pitch *= k;
    } else {
      /* keep as much yaw as fits: bisection on the yaw scale */
      float a = 0.0f, b = 1.0f;
      for (int it = 0; it < 12; ++it) {
        const float m = 0.5f * (a + b);
        span(t, 0.0f, roll, pitch, yaw * m, &lo, &hi);
        if (hi - lo > 1.0f)
          b = m;
        else
          a = m;
      }
      yaw *= a;
    }
    span(t, 0.0f, roll, pitch, yaw, &lo, &hi);
  }
  /* 2. Shift the collective so every motor fits in [0, 1]: attitude before altitude. */
  span(t, thrust, roll, pitch, yaw, &lo, &hi);
  if (hi > 1.0f) {
    thrust -= hi - 1.0f;
    saturated = true;
  } else if (lo < 0.0f) {
    saturated = true;
    if (thrust >= 0.1f) {
      thrust -= lo;
    } else {
      /* At idle (on the ground) the torques shrink instead: raising thrust would lift off. */
      float k = 1.0f;
      for (int i = 0; i < t->motor_count; ++i) {
        const float torque = t->roll[i] * roll + t->pitch[i] * pitch + t->yaw[i] * yaw;
        if (torque < 0.0f) {
          const float fit = t->thrust[i] * thrust / -torque;
          if (fit < k) k = fit;
        }
      }
      roll *= k;
      pitch *= k;
      yaw *= k;
    }
  }
  for (int i = 0; i < t->motor_count; ++i) {
    const float u = t->thrust[i] * thrust + t->roll[i] * roll + t->pitch[i] * pitch + t->yaw[i] * yaw;
    out[i] = u < 0.0f ? 0.0f : (u > 1.0f ? 1.0f : u);
  }
  for (int i = t->motor_count; i < FC_MAX_MOTORS; ++i) out[i] = 0.0f;
  return saturated;
}
