#include "firmware/drivers/bmm150_compensation.h"

static uint16_t u16_le(const uint8_t* p) { return (uint16_t)(p[0] | ((uint16_t)p[1] << 8)); }

void bmm150_trim_decode(const uint8_t registers[21], bmm150_trim_t* trim) {
  /* Offsets from 0x5D. */
  const uint8_t* r = registers;
  trim->dig_x1 = (int8_t)r[0x5D - 0x5D];
  trim->dig_y1 = (int8_t)r[0x5E - 0x5D];
  trim->dig_z4 = (int16_t)u16_le(&r[0x62 - 0x5D]);
  trim->dig_x2 = (int8_t)r[0x64 - 0x5D];
  trim->dig_y2 = (int8_t)r[0x65 - 0x5D];
  trim->dig_z2 = (int16_t)u16_le(&r[0x68 - 0x5D]);
  trim->dig_z1 = u16_le(&r[0x6A - 0x5D]);
  trim->dig_xyz1 = (uint16_t)(u16_le(&r[0x6C - 0x5D]) & 0x7FFFu);
  trim->dig_z3 = (int16_t)u16_le(&r[0x6E - 0x5D]);
  trim->dig_xy2 = (int8_t)r[0x70 - 0x5D];
  trim->dig_xy1 = r[0x71 - 0x5D];
}

/* A two's complement field of `bits` bits, its MSB in the high byte's bit 7. */
static int16_t signed_field(uint8_t lsb, uint8_t msb, int lsb_bits) {
  const int16_t high = (int16_t)(int8_t)msb; /* sign-extends */
  return (int16_t)(high * (1 << lsb_bits) + (lsb >> (8 - lsb_bits)));
}

void bmm150_raw_decode(const uint8_t data[8], bmm150_raw_t* raw) {
  raw->x = signed_field(data[0], data[1], 5);
  raw->y = signed_field(data[2], data[3], 5);
  raw->z = signed_field(data[4], data[5], 7);
  raw->rhall = (uint16_t)(((uint16_t)data[7] << 6) | (data[6] >> 2));
}

bool bmm150_trim_plausible(const bmm150_trim_t* trim) {
  return trim->dig_xyz1 != 0 && trim->dig_z1 != 0 && trim->dig_z2 != 0;
}

static float compensate_xy(const bmm150_trim_t* trim, int16_t raw, uint16_t rhall, int8_t dig_1, int8_t dig_2) {
  const float r = (float)trim->dig_xyz1 * 16384.0f / (float)rhall - 16384.0f;
  const float k = ((float)trim->dig_xy2 * (r * r / 268435456.0f) + r * (float)trim->dig_xy1 / 16384.0f + 256.0f) *
                  ((float)dig_2 + 160.0f);
  return ((float)raw * k / 8192.0f + (float)dig_1 * 8.0f) / 16.0f;
}

static float compensate_z(const bmm150_trim_t* trim, int16_t raw, uint16_t rhall) {
  const float numerator =
      ((float)raw - (float)trim->dig_z4) * 131072.0f - (float)trim->dig_z3 * ((float)rhall - (float)trim->dig_xyz1);
  const float denominator = ((float)trim->dig_z2 + (float)trim->dig_z1 * (float)rhall / 32768.0f) * 4.0f;
  return numerator / denominator / 16.0f;
}

bool bmm150_compensate_uT(const bmm150_trim_t* trim, const bmm150_raw_t* raw, float out_uT[3]) {
  if (raw->x == BMM150_XY_OVERFLOW || raw->y == BMM150_XY_OVERFLOW || raw->z == BMM150_Z_OVERFLOW) return false;
  if (raw->rhall == 0 || !bmm150_trim_plausible(trim)) return false;
  const float z_denominator = (float)trim->dig_z2 + (float)trim->dig_z1 * (float)raw->rhall / 32768.0f;
  if (z_denominator == 0.0f) return false;
  out_uT[0] = compensate_xy(trim, raw->x, raw->rhall, trim->dig_x1, trim->dig_x2);
  out_uT[1] = compensate_xy(trim, raw->y, raw->rhall, trim->dig_y1, trim->dig_y2);
  out_uT[2] = compensate_z(trim, raw->z, raw->rhall);
  return true;
}
