/* The pilot's input sources: the station's MANUAL_CONTROL and a radio receiver, one of them in
 * force by RC_IN_MODE (flight.h). */
#include "firmware/core/flight.h"
#include "firmware/core/stages.h"

static fc_sticks_t sanitised(const fc_sticks_t* in) {
  fc_sticks_t s;
  s.roll = fc_clampf(isfinite(in->roll) ? in->roll : 0.0f, -1.0f, 1.0f);
  s.pitch = fc_clampf(isfinite(in->pitch) ? in->pitch : 0.0f, -1.0f, 1.0f);
  s.yaw = fc_clampf(isfinite(in->yaw) ? in->yaw : 0.0f, -1.0f, 1.0f);
  s.throttle = fc_clampf(isfinite(in->throttle) ? in->throttle : 0.0f, 0.0f, 1.0f);
  return s;
}

static bool input_fresh(const fc_params_t* p, const fc_state_t* s, const fc_pilot_input_t* in) {
  return in->seen && s->time_us >= in->time_us &&
         (float)(s->time_us - in->time_us) * 1e-6f <= fc_param(p, FC_PARAM_FS_TIMEOUT_S);
}

void fc_set_sticks(fc_t* fc, const fc_sticks_t* sticks) {
  fc_state_t* s = &fc->state;
  s->station.sticks = sanitised(sticks);
  s->station.seen = true;
  s->station.time_us = s->time_us;
  fc_select_pilot_input(fc);
}

void fc_rc_input(fc_t* fc, const fc_rc_frame_t* frame) {
  fc_state_t* s = &fc->state;
  const bool new_frame = !s->receiver.seen || frame->frame_count != s->receiver_frames;
  s->receiver_frames = frame->frame_count;
  s->receiver_failsafe = frame->failsafe;
  s->receiver_quality_pct = frame->link_quality_pct;
  if (!frame->failsafe && new_frame) {
    s->receiver.sticks = sanitised(&frame->sticks);
    s->receiver.seen = true;
    s->receiver.time_us = s->time_us;
  }
  fc_select_pilot_input(fc);
}

static fc_pilot_source_t choose(const fc_params_t* p, const fc_state_t* s) {
  switch ((int)fc_param(p, FC_PARAM_RC_IN_MODE)) {
    case FC_RC_IN_STATION:
      return FC_PILOT_STATION;
    case FC_RC_IN_RECEIVER:
      return FC_PILOT_RECEIVER;
    default:
      break;
  }
  if (!s->receiver_failsafe && input_fresh(p, s, &s->receiver)) return FC_PILOT_RECEIVER;
  if (input_fresh(p, s, &s->station)) return FC_PILOT_STATION;
  return s->pilot_source; /* neither: the one in force ages into the failsafe */
}

void fc_select_pilot_input(fc_t* fc) {
  const fc_params_t* p = &fc->config.params;
  fc_state_t* s = &fc->state;
  const fc_pilot_source_t source = choose(p, s);
  if (source != s->pilot_source) {
    /* Told only once an input has been heard: a source nobody uses is no news. */
    if (s->station.seen || s->receiver.seen) {
      const bool fallback = source == FC_PILOT_STATION &&
                            (int)fc_param(p, FC_PARAM_RC_IN_MODE) == FC_RC_IN_RECEIVER_FIRST && s->receiver.seen;
      fc_event_push(&s->events, fallback ? MAV_SEVERITY_WARNING : MAV_SEVERITY_INFO,
                    source == FC_PILOT_RECEIVER ? "Pilot input: radio receiver"
                    : fallback                  ? "Pilot input: station, receiver lost"
                                                : "Pilot input: station (MANUAL_CONTROL)");
    }
    s->pilot_source = source;
  }
  const fc_pilot_input_t* in = source == FC_PILOT_RECEIVER ? &s->receiver : &s->station;
  s->sticks = in->sticks;
  s->sticks_seen = in->seen;
  s->sticks_time_us = in->time_us;
}

bool fc_rc_channel_cal(const fc_params_t* params, int channel, fc_rc_channel_cal_t* cal) {
  if (channel < 1 || channel > FC_RC_CAL_CHANNELS) return false;
  const int first = FC_PARAM_RC1_MIN + (channel - 1) * FC_RC_CHANNEL_PARAM_COUNT;
  cal->min_us = (uint16_t)lroundf(params->value[first]);
  cal->trim_us = (uint16_t)lroundf(params->value[first + 1]);
  cal->max_us = (uint16_t)lroundf(params->value[first + 2]);
  cal->reversed = params->value[first + 3] != 0.0f;
  cal->deadband_us = (uint16_t)lroundf(params->value[first + 4]);
  return true;
}

/* fc_rc_channel_cal reads each channel's five parameters in FC_RC_CHANNEL_PARAMS' order. */
_Static_assert(FC_PARAM_RC2_MIN == FC_PARAM_RC1_MIN + FC_RC_CHANNEL_PARAM_COUNT, "RCn_* in blocks of five");
_Static_assert(FC_PARAM_RC8_DZ == FC_PARAM_RC1_MIN + FC_RC_CAL_CHANNELS * FC_RC_CHANNEL_PARAM_COUNT - 1,
               "RC1..RC8 contiguous");
_Static_assert(FC_PARAM_RC1_TRIM == FC_PARAM_RC1_MIN + 1 && FC_PARAM_RC1_MAX == FC_PARAM_RC1_MIN + 2 &&
                   FC_PARAM_RC1_REV == FC_PARAM_RC1_MIN + 3 && FC_PARAM_RC1_DZ == FC_PARAM_RC1_MIN + 4,
               "MIN, TRIM, MAX, REV, DZ");
