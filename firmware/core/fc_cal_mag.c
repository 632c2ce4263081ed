/* The magnetometer calibration's collection and verdict (fc_calibration.h). */
#include "firmware/core/fc_cal_internal.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static fc_vec3_t vmin(fc_vec3_t a, fc_vec3_t b) { return fc_v3(fminf(a.x, b.x), fminf(a.y, b.y), fminf(a.z, b.z)); }
static fc_vec3_t vmax(fc_vec3_t a, fc_vec3_t b) { return fc_v3(fmaxf(a.x, b.x), fmaxf(a.y, b.y), fmaxf(a.z, b.z)); }

/* A reading tells a direction only once the vehicle has turned (the range seen spans at least
 * FC_CAL_MAG_MIN_HALF_RANGE_GAUSS on some axis) and when it lies at least half that half-range from
 * the centre: the noise of a vehicle held still scatters its readings into every direction about
 * their mean, and counted, those filled every bin before the vehicle had turned at all (the fit
 * then found the centre at the still vehicle's reading). */
static bool far_enough(const fc_calibration_t* c, fc_vec3_t centre, fc_vec3_t m) {
  const fc_vec3_t half = fc_scale(fc_sub(c->mag_max, c->mag_min), 0.5f);
  const float half_range = fmaxf(half.x, fmaxf(half.y, half.z));
  return half_range >= FC_CAL_MAG_MIN_HALF_RANGE_GAUSS && fc_norm(fc_sub(m, centre)) >= 0.5f * half_range;
}

/* The kept readings' bins around the field's centre as seen now (the middle of the range on each
 * axis). Binned again at every reading: a reading kept early, while the range was small, lies in
 * another direction from the centre once the range has grown, and counted in its first bin it
 * would fill bins the vehicle never pointed into (turned about one axis after another, as a hand
 * turns it, the fit then had too few directions to stand on). */
static fc_vec3_t rebin(fc_calibration_t* c) {
  const fc_vec3_t centre = fc_scale(fc_add(c->mag_min, c->mag_max), 0.5f);
  memset(c->bin_fill, 0, sizeof c->bin_fill);
  for (int i = 0; i < c->mag_count; ++i) {
    if (!far_enough(c, centre, c->mag_S[i])) continue;
    const int bin = fc_cal_direction_bin(fc_sub(c->mag_S[i], centre));
    if (c->bin_fill[bin] < UINT8_MAX) ++c->bin_fill[bin];
  }
  return centre;
}

/* Keeps a reading when its direction from the field's centre so far falls in a bin that is not
 * full, one per FC_CAL_MAG_SPACING_US. */
static void collect(fc_calibration_t* c, const fc_cal_sample_t* s) {
  if (!s->mag_valid || !fc_finite3(s->mag_S)) return;
  c->mag_min = c->mag_seen ? vmin(c->mag_min, s->mag_S) : s->mag_S;
  c->mag_max = c->mag_seen ? vmax(c->mag_max, s->mag_S) : s->mag_S;
  if (c->mag_seen && s->time_us - c->mag_last_us < FC_CAL_MAG_SPACING_US) return;
  c->mag_seen = true;
  c->mag_last_us = s->time_us;
  const fc_vec3_t centre = rebin(c);
  if (!far_enough(c, centre, s->mag_S)) return;
  const int bin = fc_cal_direction_bin(fc_sub(s->mag_S, centre));
  if (c->bin_fill[bin] >= FC_CAL_MAG_PER_BIN) return;
  if (c->mag_count < FC_CAL_MAG_SAMPLES) {
    ++c->bin_fill[bin];
    c->mag_S[c->mag_count++] = s->mag_S;
    return;
  }
  /* Every slot taken: the reading replaces one that no longer tells a direction, else one of the
   * fullest bin's (readings kept early that crowd into one bin once binned again), so the slots go
   * on following the directions missing. */
  for (int i = 0; i < c->mag_count; ++i)
    if (!far_enough(c, centre, c->mag_S[i])) {
      c->mag_S[i] = s->mag_S;
      ++c->bin_fill[bin];
      return;
    }
  int fullest = 0;
  for (int b = 1; b < FC_CAL_DIRECTION_BINS; ++b)
    if (c->bin_fill[b] > c->bin_fill[fullest]) fullest = b;
  if (c->bin_fill[fullest] <= c->bin_fill[bin] + 1) return;
  for (int i = 0; i < c->mag_count; ++i)
    if (fc_cal_direction_bin(fc_sub(c->mag_S[i], centre)) == fullest) {
      c->mag_S[i] = s->mag_S;
      --c->bin_fill[fullest];
      ++c->bin_fill[bin];
      return;
    }
}

/* The bins the kept readings cover once corrected by the fit. */
static int fitted_bins(const fc_calibration_t* c) {
  bool hit[FC_CAL_DIRECTION_BINS] = {false};
  int bins = 0;
  for (int i = 0; i < c->mag_count; ++i) {
    const fc_vec3_t d = fc_sub(c->mag_S[i], c->fit.offset);
    const float(*w)[3] = c->fit.w;
    const fc_vec3_t u =
        fc_v3(w[0][0] * d.x + w[0][1] * d.y + w[0][2] * d.z, w[1][0] * d.x + w[1][1] * d.y + w[1][2] * d.z,
              w[2][0] * d.x + w[2][1] * d.y + w[2][2] * d.z);
    const int bin = fc_cal_direction_bin(u);
    if (!hit[bin]) ++bins;
    hit[bin] = true;
  }
  return bins;
}

/* A field in gauss to three decimals, by hand: the board's C library (newlib-nano) prints no
 * floating point. What is not a finite 0-1000 G says so. */
static void gauss_text(float gauss, char* out, size_t size) {
  if (!(gauss >= 0.0f && gauss < 1000.0f)) {
    snprintf(out, size, "%s", isfinite(gauss) ? "beyond 0-1000" : "not finite");
    return;
  }
  const long milli = lroundf(gauss * 1000.0f);
  snprintf(out, size, "%ld.%03ld", milli / 1000, milli % 1000);
}

static fc_cal_status_t verdict(fc_calibration_t* c, fc_events_t* events) {
  char text[FC_EVENT_TEXT];
  if (!fc_cal_fit_ellipsoid(c->mag_S, c->mag_count, &c->fit)) {
    fc_calibration_fail(c, events, "not an ellipsoid");
    return FC_CAL_FAILED;
  }
  if (!(c->fit.rms <= FC_CAL_MAG_RMS_MAX_GAUSS)) {
    char rms[24];
    gauss_text(c->fit.rms, rms, sizeof rms);
    snprintf(text, sizeof text, "mag fit rms %s G", rms);
    fc_calibration_fail(c, events, text);
    return FC_CAL_FAILED;
  }
  c->fit_bins = fitted_bins(c);
  if (c->fit_bins < FC_CAL_MAG_BINS_MIN) {
    snprintf(text, sizeof text, "mag coverage %d/%d", c->fit_bins, (int)FC_CAL_DIRECTION_BINS);
    fc_calibration_fail(c, events, text);
    return FC_CAL_FAILED;
  }
  char rms[24];
  gauss_text(c->fit.rms, rms, sizeof rms);
  snprintf(text, sizeof text, "[cal] mag fit rms %s G, %d/%d directions", rms, c->fit_bins, (int)FC_CAL_DIRECTION_BINS);
  fc_event_push(events, MAV_SEVERITY_INFO, text);
  float(*w)[3] = c->fit.w;
  const float values[9] = {c->fit.offset.x, c->fit.offset.y, c->fit.offset.z, w[0][0], w[1][1],
                           w[2][2],         w[0][1],         w[0][2],         w[1][2]};
  return fc_cal_solved(c, FC_PARAM_CAL_MAG_XOFF, values, 9);
}

fc_cal_status_t fc_cal_step_mag(fc_calibration_t* c, const fc_cal_sample_t* s, fc_events_t* events) {
  collect(c, s);
  int filled = 0, bins = 0;
  for (int b = 0; b < FC_CAL_DIRECTION_BINS; ++b) {
    filled += c->bin_fill[b] < FC_CAL_MAG_FILL ? c->bin_fill[b] : FC_CAL_MAG_FILL;
    bins += c->bin_fill[b] > 0;
  }
  fc_cal_progress(c, events, (float)filled / (float)(FC_CAL_MAG_FILL * FC_CAL_DIRECTION_BINS));
  if (filled == FC_CAL_MAG_FILL * FC_CAL_DIRECTION_BINS) return verdict(c, events);
  if (fc_cal_elapsed_s(c->start_us, s->time_us) > FC_CAL_MAG_TIMEOUT_S) {
    char text[FC_EVENT_TEXT];
    snprintf(text, sizeof text, "mag coverage %d/%d", bins, (int)FC_CAL_DIRECTION_BINS);
    fc_calibration_fail(c, events, text);
    return FC_CAL_FAILED;
  }
  return FC_CAL_RUNNING;
}
