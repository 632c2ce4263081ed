/* Sensor calibration as PX4 runs it, so that a ground station made for PX4 (QGroundControl's sensor
 * setup) can drive it: a state machine stepped with each raw sensor sample (sensor axes, before
 * any correction), telling what it does as "[cal] ..." STATUSTEXTs in PX4's words, and leaving its
 * result for the core to write to the parameters at the end (nothing half-written; a cancel or a
 * failure writes nothing). Fixed arrays, no allocation. The methods: docs/design/calibration.md.
 *
 *   gyro   2 s at rest: the mean is the offset. Refused when the gyro's or the accelerometer's
 *          spread says it moved.
 *   accel  six sides, each held still in any order: a side is taken when the mean of 0.5 s at
 *          rest lies within FC_CAL_SIDE_TOLERANCE_DEG of a vehicle axis with a magnitude within
 *          20 % of g; then 2 s of it are averaged. A side done before is refused ("already
 *          completed"). From the six means, the offsets and the 3x3 correction in closed form.
 *   level  2 s at rest: the board's roll and pitch on the level vehicle (SENS_BOARD_X/Y_OFF), from the
 *          mean specific force with the accelerometer calibration applied; refused beyond 10°.
 *   mag    the vehicle turned about every way: readings kept in FC_CAL_DIRECTION_BINS direction bins
 *          (at most FC_CAL_MAG_PER_BIN each, one per 20 ms); once every bin holds two, an ellipsoid
 *          fit gives the offsets and the soft-iron matrix. Refused when the fit's RMS residual
 *          exceeds FC_CAL_MAG_RMS_MAX_GAUSS, when the fitted readings cover fewer than
 *          FC_CAL_MAG_BINS_MIN bins, or after FC_CAL_MAG_TIMEOUT_S without the coverage.
 *
 * The messages, each a STATUSTEXT (INFO; failures and the cancel CRITICAL), with <side> one of
 * back, front, left, right, up, down (the side of the vehicle facing the ground):
 *   [cal] calibration started: 2 <gyro|accel|level|mag>
 *   [cal] pending: <the sides still to do, in that order>        (accel)
 *   [cal] hold vehicle still on a pending side                   (accel)
 *   [cal] <side> orientation detected                            (accel)
 *   [cal] <side> side done, rotate to a different side           (accel)
 *   [cal] <side> side already completed                          (accel)
 *   [cal] detected motion, hold still...                         (accel, while a side is measured)
 *   [cal] progress <n>                                           (n in steps of 5)
 *   [cal] mag fit rms <r> G, <k>/24 directions                   (mag, before done)
 *   [cal] calibration done: <kind>
 *   [cal] calibration failed: <reason>
 *   [cal] calibration cancelled */
#ifndef NAVIGATOR_FC_CALIBRATION_H
#define NAVIGATOR_FC_CALIBRATION_H

#include "firmware/core/events.h"
#include "firmware/core/fc_cal_fit.h"
#include "firmware/core/fc_params.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { FC_CAL_NONE = 0, FC_CAL_GYRO, FC_CAL_ACCEL, FC_CAL_LEVEL, FC_CAL_MAG } fc_cal_kind_t;
const char* fc_cal_kind_name(fc_cal_kind_t kind); /* "gyro", "accel", "level", "mag" ("" for none) */

#define FC_CAL_REST_S 2.0f              /* gyro, level and each accelerometer side: averaged this long */
#define FC_CAL_DETECT_S 0.5f            /* accelerometer: a side is looked for in blocks this long */
#define FC_CAL_STILL_GYRO_RADPS 0.03f   /* at rest: every gyro axis' standard deviation below this */
#define FC_CAL_STILL_ACCEL_MPS2 0.3f    /* ... and every accelerometer axis' below this */
#define FC_CAL_SIDE_TOLERANCE_DEG 25.0f /* a side: the mean within this of a vehicle axis */
#define FC_CAL_SIDE_TIMEOUT_S 120.0f    /* accelerometer: failed when no side is done for this long */
#define FC_CAL_LEVEL_MAX_DEG 10.0f      /* level: refused beyond this tilt */
#define FC_CAL_MAG_TIMEOUT_S 120.0f
#define FC_CAL_MAG_SPACING_US 20000u
#define FC_CAL_MAG_RMS_MAX_GAUSS 0.03f
#define FC_CAL_MAG_MIN_HALF_RANGE_GAUSS 0.1f /* turned: the Earth's field is 0.25-0.65 G */
enum {
  FC_CAL_SIDES = 6,
  FC_CAL_MAG_PER_BIN = 6,
  FC_CAL_MAG_FILL = 2, /* readings in every bin before the fit */
  FC_CAL_MAG_BINS_MIN = 20,
  FC_CAL_MAG_SAMPLES = FC_CAL_DIRECTION_BINS * FC_CAL_MAG_PER_BIN,
  FC_CAL_RESULT_MAX = 12
};

/* The sides in PX4's order and words: 0 back (tail down), 1 front (nose down), 2 left, 3 right, 4 up
 * (upside down), 5 down (level). */
const char* fc_cal_side_name(int side);

/* A run's mean and spread (Welford's update). */
typedef struct {
  int n;
  fc_vec3_t mean, m2;
} fc_cal_stats_t;

typedef enum { FC_CAL_IDLE, FC_CAL_RUNNING, FC_CAL_FAILED, FC_CAL_SOLVED } fc_cal_status_t;

typedef struct {
  fc_cal_kind_t kind;
  bool clock_set;
  uint64_t start_us, block_us, last_side_us, last_us;
  fc_cal_stats_t accel, gyro;
  int progress_told;
  /* accelerometer */
  bool measuring;
  int side, refused_side;
  bool side_done[FC_CAL_SIDES];
  fc_vec3_t side_mean_S[FC_CAL_SIDES];
  /* magnetometer */
  int mag_count;
  uint8_t bin_fill[FC_CAL_DIRECTION_BINS];
  fc_vec3_t mag_min, mag_max;
  bool mag_seen;
  uint64_t mag_last_us;
  fc_vec3_t mag_S[FC_CAL_MAG_SAMPLES];
  fc_cal_ellipsoid_t fit;
  int fit_bins;
  /* FC_CAL_SOLVED: the values of parameters result_first .. result_first + result_count - 1 */
  int result_first, result_count;
  float result[FC_CAL_RESULT_MAX];
  /* what the core wrote at the end, for the link to announce (PARAM_VALUE) */
  int announce_first, announce_count;
} fc_calibration_t;

/* Starts a calibration (any running one is dropped): "[cal] calibration started: 2 <kind>". */
void fc_calibration_begin(fc_calibration_t* c, fc_cal_kind_t kind, fc_events_t* events);
/* Stops the running one, nothing written: "[cal] calibration cancelled". */
void fc_calibration_cancel(fc_calibration_t* c, fc_events_t* events);
/* Ends the running one with "[cal] calibration failed: <reason>". */
void fc_calibration_fail(fc_calibration_t* c, fc_events_t* events, const char* reason);
/* One raw sample (sensor axes; `p` for SENS_ROT, VEH_UP and, for level, the accelerometer's
 * calibration). FC_CAL_SOLVED once: the result is ready and the calibration is over (kind NONE);
 * the caller writes it and says "done" (fc_calibration_done). A reading that is not a number fails
 * the run ("reading sensor"), and so does time going back ("time went back"). */
typedef struct {
  uint64_t time_us;
  fc_vec3_t accel_S, gyro_S, mag_S;
  bool mag_valid;
} fc_cal_sample_t;
fc_cal_status_t fc_calibration_step(fc_calibration_t* c, const fc_params_t* p, const fc_cal_sample_t* s,
                                    fc_events_t* events);
/* "[cal] calibration done: <kind>" */
void fc_calibration_done(fc_events_t* events, fc_cal_kind_t kind);

#ifdef __cplusplus
}
#endif

#endif
