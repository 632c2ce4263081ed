/* The BMM150 magnetometer's trim registers and Bosch's compensation of its raw readings.
 *
 * The BMM150 (and the one inside the BMX160) reports raw Hall-plate counts that depend on the
 * chip's own temperature-dependent resistance (RHALL) and on per-part factory trims. Bosch does
 * not give the formulas in the datasheet; they are published in its BMM150 SensorAPI
 * (github.com/boschsensortec/BMM150_SensorAPI, bmm150.c v1.0.3, compensate_x/y/z with
 * BMM150_USE_FLOATING_POINT). This file evaluates the same floating-point formulas (written
 * afresh from their published form) and returns microtesla:
 *
 *   r     = dig_xyz1 * 16384 / rhall - 16384
 *   k_xy  = (dig_xy2 * r^2 / 2^28 + r * dig_xy1 / 2^14 + 256) * (dig_x2 + 160)   (dig_y2 for y)
 *   x_uT  = (raw_x * k_xy / 8192 + dig_x1 * 8) / 16                                (dig_y1 for y)
 *   z_uT  = ((raw_z - dig_z4) * 131072 - dig_z3 * (rhall - dig_xyz1))
 *           / ((dig_z2 + dig_z1 * rhall / 32768) * 4) / 16
 *
 * Register layout (BMM150 datasheet BST-BMM150-DS001, rev. 1.0, section 5.4; trim addresses from
 * the SensorAPI's bmm150_defs.h): x and y are 13-bit two's complement (LSB register bits 7..3,
 * MSB register all 8 bits), z is 15-bit (LSB bits 7..1), RHALL 14-bit unsigned (LSB bits 7..2).
 * The overflow codes are -4096 for x and y and -16384 for z. */
#ifndef NAVIGATOR_DRIVERS_BMM150_COMPENSATION_H
#define NAVIGATOR_DRIVERS_BMM150_COMPENSATION_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  BMM150_CHIP_ID = 0x32,
  BMM150_TRIM_FIRST_REGISTER = 0x5D, /* dig_x1 */
  BMM150_TRIM_LAST_REGISTER = 0x71,  /* dig_xy1 */
  BMM150_XY_OVERFLOW = -4096,
  BMM150_Z_OVERFLOW = -16384
};

typedef struct {
  int8_t dig_x1, dig_y1; /* 0x5D, 0x5E */
  int8_t dig_x2, dig_y2; /* 0x64, 0x65 */
  uint16_t dig_z1;       /* 0x6A..0x6B */
  int16_t dig_z2;        /* 0x68..0x69 */
  int16_t dig_z3;        /* 0x6E..0x6F */
  int16_t dig_z4;        /* 0x62..0x63 */
  uint8_t dig_xy1;       /* 0x71 */
  int8_t dig_xy2;        /* 0x70 */
  uint16_t dig_xyz1;     /* 0x6C..0x6D, 15 bits */
} bmm150_trim_t;

/* One measurement as the chip's data registers 0x42..0x49 hold it. */
typedef struct {
  int16_t x, y, z;
  uint16_t rhall;
} bmm150_raw_t;

/* Decodes the trims from the registers 0x5D..0x71 (`registers[0]` is 0x5D, 21 bytes). */
void bmm150_trim_decode(const uint8_t registers[21], bmm150_trim_t* trim);

/* Decodes the eight data bytes 0x42..0x49 (x LSB first). */
void bmm150_raw_decode(const uint8_t data[8], bmm150_raw_t* raw);

/* True when the trims can be used: dig_xyz1, dig_z1 and dig_z2 non-zero (the formulas divide
 * by them); a part that answers all-zero or all-ones trims fails here. */
bool bmm150_trim_plausible(const bmm150_trim_t* trim);

/* The compensated field in microtesla, in the chip's axes. Returns false (out_uT untouched) when
 * an axis holds its overflow code or RHALL is 0 (no measurement): the field is then unknown. */
bool bmm150_compensate_uT(const bmm150_trim_t* trim, const bmm150_raw_t* raw, float out_uT[3]);

#ifdef __cplusplus
}
#endif

#endif
