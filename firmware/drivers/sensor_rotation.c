#include "firmware/drivers/sensor_rotation.h"

#include <math.h>

/* Roll, pitch, yaw in degrees for each MAV_SENSOR_ORIENTATION value (MAVLink common.xml:
 * NONE, YAW_45 .. YAW_315, ROLL_180, ROLL_180_YAW_45 .. 135, PITCH_180, ROLL_180_YAW_225 .. 315,
 * ROLL_90, ROLL_90_YAW_45 .. 135, ROLL_270, ROLL_270_YAW_45 .. 135, PITCH_90, PITCH_270). */
static const short kEulerDeg[SENSOR_ROTATION_COUNT][3] = {
    {0, 0, 0},     {0, 0, 45},    {0, 0, 90},    {0, 0, 135},  {0, 0, 180},   {0, 0, 225},  {0, 0, 270},
    {0, 0, 315},   {180, 0, 0},   {180, 0, 45},  {180, 0, 90}, {180, 0, 135}, {0, 180, 0},  {180, 0, 225},
    {180, 0, 270}, {180, 0, 315}, {90, 0, 0},    {90, 0, 45},  {90, 0, 90},   {90, 0, 135}, {270, 0, 0},
    {270, 0, 45},  {270, 0, 90},  {270, 0, 135}, {0, 90, 0},   {0, 270, 0}};

/* cos and sin of a whole number of degrees, exact at multiples of 90. */
static void cos_sin_deg(int degrees, float* c, float* s) {
  switch (((degrees % 360) + 360) % 360) {
    case 0:
      *c = 1.0f, *s = 0.0f;
      return;
    case 90:
      *c = 0.0f, *s = 1.0f;
      return;
    case 180:
      *c = -1.0f, *s = 0.0f;
      return;
    case 270:
      *c = 0.0f, *s = -1.0f;
      return;
    default:
      break;
  }
  const double radians = degrees * 3.14159265358979323846 / 180.0;
  *c = (float)cos(radians);
  *s = (float)sin(radians);
}

bool sensor_rotation_from_orientation(int orientation, sensor_rotation_t* rotation) {
  const bool known = orientation >= 0 && orientation < SENSOR_ROTATION_COUNT;
  const short* euler = kEulerDeg[known ? orientation : 0];
  float cr, sr, cp, sp, cy, sy;
  cos_sin_deg(euler[0], &cr, &sr);
  cos_sin_deg(euler[1], &cp, &sp);
  cos_sin_deg(euler[2], &cy, &sy);
  /* Rz(yaw) Ry(pitch) Rx(roll), written out. */
  const float m[3][3] = {{cy * cp, cy * sp * sr - sy * cr, cy * sp * cr + sy * sr},
                         {sy * cp, sy * sp * sr + cy * cr, sy * sp * cr - cy * sr},
                         {-sp, cp * sr, cp * cr}};
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) rotation->m[r][c] = m[r][c] == 0.0f ? 0.0f : m[r][c]; /* no -0 */
  }
  return known;
}

void sensor_rotation_apply(const sensor_rotation_t* rotation, const float v_S[3], float out_B[3]) {
  const float x = v_S[0], y = v_S[1], z = v_S[2];
  for (int r = 0; r < 3; ++r) out_B[r] = rotation->m[r][0] * x + rotation->m[r][1] * y + rotation->m[r][2] * z;
}
