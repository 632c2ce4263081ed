/* What a radio receiver gives the flight firmware, whatever its protocol (CRSF in crsf.h, SBUS in
 * sbus.h): channels in microseconds of the classic servo pulse, the link quality where the
 * protocol reports one, and whether the receiver is in failsafe. And the plain mapping of those
 * channels to the pilot's sticks, by parameters named as the open autopilots name them:
 *   RC_MAP_ROLL, RC_MAP_PITCH, RC_MAP_YAW, RC_MAP_THROTTLE (1-based channel numbers; PX4 and
 *   ArduPilot's RCMAP_*), RCx_MIN, RCx_TRIM, RCx_MAX, RCx_REV, RCx_DZ (per channel, microseconds;
 *   PX4's RCx_* and ArduPilot's RCx_* documented meaning; the code is ours).
 *
 * Normalisation of a stick channel (roll, pitch, yaw), v the pulse in us:
 *   v > TRIM + DZ:  (v - TRIM - DZ) / (MAX - TRIM - DZ)
 *   v < TRIM - DZ:  (v - TRIM + DZ) / (TRIM - MIN - DZ)
 *   otherwise 0;    clipped to -1..1, negated when reversed.
 * Throttle (0..1): (v - MIN - DZ) / (MAX - MIN - DZ), clipped; reversed: 1 - that (the deadband
 * sits at the bottom of the stick, where an idle throttle must read exactly 0).
 * Signs follow the flight core's pilot input (firmware/core/flight.h, as MANUAL_CONTROL has them):
 * roll +1 right, pitch +1 forward (nose down), yaw +1 clockwise, throttle 0..1; a transmitter
 * whose stick gives a shorter pulse for "right" or "forward" sets REV on that channel.
 *
 * Sources: the CRSF and SBUS value scales are in crsf.h and sbus.h; docs/design/radio_receiver.md
 * explains the choices (deadband, switch thresholds). No state, no allocation; any thread. */
#ifndef NAVIGATOR_DRIVERS_RC_INPUT_H
#define NAVIGATOR_DRIVERS_RC_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  RC_MAX_CHANNELS = 18, /* SBUS: 16 proportional + 2 digital; CRSF: 16 */
  RC_PACKED_CHANNELS = 16,
  RC_PACKED_BYTES = 22, /* 16 x 11 bits */
  RC_MESSAGE_CAPACITY = 128,
  RC_PULSE_MIN_US = 800, /* the calibration limits a parameter may take */
  RC_PULSE_MAX_US = 2200,
  RC_DEADBAND_MAX_US = 100
};

/* The 11-bit protocol value to microseconds that CRSF and FrSky's SBUS share: 172 -> 987.5 us,
 * 992 -> 1500 us, 1811 -> 2011.9 us, i.e. us = 1500 + (value - 992) * 5 / 8, rounded to the
 * nearest microsecond (172 -> 988, 1811 -> 2012). */
uint16_t rc_value_to_us(uint16_t value_11bit);

/* The inverse, rounded to the nearest value and clipped to 0..2047. */
uint16_t rc_us_to_value(uint16_t pulse_us);

/* 16 channels of 11 bits packed LSB first (channel 0 in bits 0..10 of the little-endian bit
 * stream: byte 0 holds its 8 low bits, byte 1's 3 low bits its 3 high bits, ...), as CRSF's
 * RC_CHANNELS_PACKED payload and SBUS's bytes 1..22 carry them. */
void rc_unpack_11bit(const uint8_t packed[RC_PACKED_BYTES], uint16_t values[RC_PACKED_CHANNELS]);
void rc_pack_11bit(const uint16_t values[RC_PACKED_CHANNELS], uint8_t packed[RC_PACKED_BYTES]);

/* A duration as "1.25 s" (two decimals, no floating point in printf): the receivers' health messages. */
void rc_seconds_text(uint64_t us, char* text, size_t capacity);

typedef enum {
  RC_FAILSAFE_NONE = 0,
  RC_FAILSAFE_NO_FRAMES,   /* no RC frame for the driver's timeout (or none yet) */
  RC_FAILSAFE_RECEIVER,    /* the receiver says it lost the transmitter (SBUS flag) */
  RC_FAILSAFE_LINK_QUALITY /* CRSF link statistics: uplink LQ 0 % */
} rc_failsafe_t;

/* The common result of a receiver driver. */
typedef struct {
  uint16_t channels_us[RC_MAX_CHANNELS];
  uint8_t channel_count;    /* 16 (CRSF), 18 (SBUS: 17 and 18 are its digital channels, 988/2012) */
  int16_t link_quality_pct; /* 0..100, -1 when the protocol reports none (SBUS) */
  int16_t rssi_dbm;         /* the better antenna's uplink RSSI; 0 when not reported */
  bool failsafe;            /* true: do not fly on these channels */
  rc_failsafe_t failsafe_reason;
  uint64_t frame_time_us; /* when the latest RC frame arrived (the driver's clock) */
  uint32_t frames;        /* RC frames decoded since start */
} rc_input_t;

/* One channel's calibration (RCx_MIN, RCx_TRIM, RCx_MAX, RCx_REV, RCx_DZ). */
typedef struct {
  uint16_t min_us, trim_us, max_us;
  bool reversed;
  uint16_t deadband_us;
} rc_channel_cal_t;

typedef struct {
  uint8_t map_roll, map_pitch, map_yaw, map_throttle; /* 1..RC_MAX_CHANNELS */
  uint8_t map_mode_switch;                            /* 1..RC_MAX_CHANNELS, 0: none */
  rc_channel_cal_t channel[RC_MAX_CHANNELS];          /* [0] is channel 1 */
  uint16_t switch_low_below_us;                       /* 3-position switch thresholds */
  uint16_t switch_high_above_us;
} rc_map_config_t;

/* AETR (roll 1, pitch 2, throttle 3, yaw 4: ArduPilot's RCMAP defaults and the order ExpressLRS
 * and Crossfire transmitters default to), mode switch on channel 5; every channel 1000/1500/2000
 * us, not reversed, deadband 10 us on channels 1..4 (a stick that rests a few microseconds off
 * its trim reads 0) and 0 on the others; switch thresholds 1250/1750 us (halfway between a
 * 3-position switch's 988, 1500 and 2012 us). */
rc_map_config_t rc_map_config_default(void);

/* True when the mapped channels are in range and distinct, each calibration has
 * RC_PULSE_MIN_US <= MIN < TRIM < MAX <= RC_PULSE_MAX_US and a deadband below
 * RC_DEADBAND_MAX_US and below both halves, and the switch thresholds are ordered; otherwise false
 * with `problem` (capacity bytes, may be NULL) naming the parameter and its value, e.g.
 * "RC_MAP_THROTTLE 4 is the channel of RC_MAP_YAW" or "RC2_MIN 1600 is not below RC2_TRIM 1500". */
bool rc_map_config_check(const rc_map_config_t* config, char* problem, size_t capacity);

/* A stick channel normalised to -1..1 and the throttle to 0..1, by the formulas above. */
float rc_channel_stick(const rc_channel_cal_t* cal, uint16_t pulse_us);
float rc_channel_throttle(const rc_channel_cal_t* cal, uint16_t pulse_us);

/* The pilot's sticks (same axes and signs as the flight core's fc_sticks_t). */
typedef struct {
  float roll, pitch, yaw, throttle;
} rc_sticks_t;

/* The sticks from `input` by `config` (checked with rc_map_config_check). Returns false, and
 * leaves *sticks alone, when the input is in failsafe or lacks a mapped channel. */
bool rc_map_sticks(const rc_map_config_t* config, const rc_input_t* input, rc_sticks_t* sticks);

typedef enum { RC_SWITCH_LOW = 0, RC_SWITCH_MID, RC_SWITCH_HIGH } rc_switch_t;

/* A 3-position switch: LOW below switch_low_below_us, HIGH above switch_high_above_us, MID
 * between (the pulse as received; a reversed channel swaps LOW and HIGH). */
rc_switch_t rc_switch_position(const rc_map_config_t* config, uint8_t channel, uint16_t pulse_us);

#ifdef __cplusplus
}
#endif

#endif
