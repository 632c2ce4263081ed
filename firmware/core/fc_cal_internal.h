/* Shared by the calibration's files (fc_calibration.c, fc_cal_mag.c); not an interface. */
#ifndef NAVIGATOR_FC_CAL_INTERNAL_H
#define NAVIGATOR_FC_CAL_INTERNAL_H

#include "firmware/core/fc_calibration.h"

/* Pushes `format` with `word` in its one %s. */
void fc_cal_say(fc_events_t* events, mav_severity_t severity, const char* format, const char* word);
void fc_cal_stats_add(fc_cal_stats_t* s, fc_vec3_t x);
/* The largest per-axis standard deviation. */
float fc_cal_stats_spread(const fc_cal_stats_t* s);
float fc_cal_elapsed_s(uint64_t since_us, uint64_t now_us);
/* "[cal] progress <n>" when `fraction` reaches the next step of 5 %. */
void fc_cal_progress(fc_calibration_t* c, fc_events_t* events, float fraction);
/* Ends the run with `count` values for the parameters from `first` on. */
fc_cal_status_t fc_cal_solved(fc_calibration_t* c, int first, const float* values, int count);
fc_cal_status_t fc_cal_step_mag(fc_calibration_t* c, const fc_cal_sample_t* s, fc_events_t* events);

#endif
