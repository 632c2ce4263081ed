#include "firmware/drivers/rc_input.h"

#include <stdio.h>

uint16_t rc_value_to_us(uint16_t value_11bit) {
  /* 1500 + (v - 992) * 5/8 = (5 v + 7040) / 8, rounded half up. */
  return (uint16_t)((5u * (uint32_t)(value_11bit & 0x7FFu) + 7040u + 4u) / 8u);
}

uint16_t rc_us_to_value(uint16_t pulse_us) {
  /* v = (8 us - 7040) / 5, rounded to nearest; below 880 us is value 0. */
  if (pulse_us <= 880u) return 0;
  const uint32_t v = (8u * (uint32_t)pulse_us - 7040u + 2u) / 5u;
  return (uint16_t)(v > 2047u ? 2047u : v);
}

void rc_unpack_11bit(const uint8_t packed[RC_PACKED_BYTES], uint16_t values[RC_PACKED_CHANNELS]) {
  uint32_t bits = 0;
  int have = 0;
  int byte = 0;
  for (int ch = 0; ch < RC_PACKED_CHANNELS; ++ch) {
    while (have < 11) {
      bits |= (uint32_t)packed[byte++] << have;
      have += 8;
    }
    values[ch] = (uint16_t)(bits & 0x7FFu);
    bits >>= 11;
    have -= 11;
  }
}

void rc_pack_11bit(const uint16_t values[RC_PACKED_CHANNELS], uint8_t packed[RC_PACKED_BYTES]) {
  uint32_t bits = 0;
  int have = 0;
  int byte = 0;
  for (int ch = 0; ch < RC_PACKED_CHANNELS; ++ch) {
    bits |= (uint32_t)(values[ch] & 0x7FFu) << have;
    have += 11;
    while (have >= 8) {
      packed[byte++] = (uint8_t)(bits & 0xFFu);
      bits >>= 8;
      have -= 8;
    }
  }
}

rc_map_config_t rc_map_config_default(void) {
  rc_map_config_t c;
  c.map_roll = 1;
  c.map_pitch = 2;
  c.map_throttle = 3;
  c.map_yaw = 4;
  c.map_mode_switch = 5;
  for (int i = 0; i < RC_MAX_CHANNELS; ++i) {
    c.channel[i].min_us = 1000;
    c.channel[i].trim_us = 1500;
    c.channel[i].max_us = 2000;
    c.channel[i].reversed = false;
    c.channel[i].deadband_us = i < 4 ? 10 : 0;
  }
  c.switch_low_below_us = 1250;
  c.switch_high_above_us = 1750;
  return c;
}

static bool check_map(const rc_map_config_t* c, char* text, size_t n) {
  const uint8_t map[5] = {c->map_roll, c->map_pitch, c->map_yaw, c->map_throttle, c->map_mode_switch};
  static const char* const names[5] = {"RC_MAP_ROLL", "RC_MAP_PITCH", "RC_MAP_YAW", "RC_MAP_THROTTLE",
                                       "RC_MAP_MODE_SW"};
  for (int i = 0; i < 5; ++i) {
    const bool optional = i == 4;
    if ((map[i] == 0 && !optional) || map[i] > RC_MAX_CHANNELS) {
      snprintf(text, n, "%s %u is not a channel (1..%d%s)", names[i], (unsigned)map[i], RC_MAX_CHANNELS,
               optional ? ", or 0 for none" : "");
      return false;
    }
    for (int j = 0; j < i; ++j) {
      if (map[i] != 0 && map[i] == map[j]) {
        snprintf(text, n, "%s %u is the channel of %s", names[i], (unsigned)map[i], names[j]);
        return false;
      }
    }
  }
  return true;
}

/* `throttle`: the channel the throttle is mapped to, whose trim may be its low end (a throttle
 * rests there; ground stations write RCn_TRIM = RCn_MIN for it, as PX4's and ArduPilot's radio
 * calibrations do) and whose deadband sits above that end (rc_channel_throttle). */
static bool check_channel(const rc_channel_cal_t* cal, int number, bool throttle, char* text, size_t n) {
  if (cal->min_us < RC_PULSE_MIN_US || cal->max_us > RC_PULSE_MAX_US) {
    snprintf(text, n, "RC%d_MIN %u / RC%d_MAX %u are not within %d..%d us", number, (unsigned)cal->min_us, number,
             (unsigned)cal->max_us, RC_PULSE_MIN_US, RC_PULSE_MAX_US);
  } else if (throttle && cal->min_us >= cal->max_us) {
    snprintf(text, n, "RC%d_MIN %u is not below RC%d_MAX %u", number, (unsigned)cal->min_us, number,
             (unsigned)cal->max_us);
  } else if (throttle && (cal->trim_us < cal->min_us || cal->trim_us >= cal->max_us)) {
    snprintf(text, n, "RC%d_TRIM %u is not within RC%d_MIN %u .. RC%d_MAX %u", number, (unsigned)cal->trim_us, number,
             (unsigned)cal->min_us, number, (unsigned)cal->max_us);
  } else if (throttle) {
    if (cal->deadband_us < RC_DEADBAND_MAX_US && cal->deadband_us < cal->max_us - cal->min_us) return true;
    snprintf(text, n, "RC%d_DZ %u is not below %d us and the range (%u us)", number, (unsigned)cal->deadband_us,
             RC_DEADBAND_MAX_US, (unsigned)(cal->max_us - cal->min_us));
  } else if (cal->min_us >= cal->trim_us) {
    snprintf(text, n, "RC%d_MIN %u is not below RC%d_TRIM %u", number, (unsigned)cal->min_us, number,
             (unsigned)cal->trim_us);
  } else if (cal->trim_us >= cal->max_us) {
    snprintf(text, n, "RC%d_TRIM %u is not below RC%d_MAX %u", number, (unsigned)cal->trim_us, number,
             (unsigned)cal->max_us);
  } else if (cal->deadband_us >= RC_DEADBAND_MAX_US || cal->deadband_us >= cal->trim_us - cal->min_us ||
             cal->deadband_us >= cal->max_us - cal->trim_us) {
    snprintf(text, n, "RC%d_DZ %u is not below %d us and both halves of the range (%u, %u us)", number,
             (unsigned)cal->deadband_us, RC_DEADBAND_MAX_US, (unsigned)(cal->trim_us - cal->min_us),
             (unsigned)(cal->max_us - cal->trim_us));
  } else {
    return true;
  }
  return false;
}

bool rc_map_config_check(const rc_map_config_t* config, char* problem, size_t capacity) {
  char text[RC_MESSAGE_CAPACITY] = "";
  bool ok = check_map(config, text, sizeof text);
  for (int i = 0; ok && i < RC_MAX_CHANNELS; ++i)
    ok = check_channel(&config->channel[i], i + 1, i + 1 == config->map_throttle, text, sizeof text);
  if (ok && (config->switch_low_below_us >= config->switch_high_above_us || config->switch_low_below_us < 1000 ||
             config->switch_high_above_us > 2000)) {
    snprintf(text, sizeof text, "switch thresholds %u / %u us are not ordered within 1000..2000 us",
             (unsigned)config->switch_low_below_us, (unsigned)config->switch_high_above_us);
    ok = false;
  }
  if (problem && capacity > 0) snprintf(problem, capacity, "%s", text);
  return ok;
}

static float clip(float x, float lo, float hi) { return x < lo ? lo : (x > hi ? hi : x); }

float rc_channel_stick(const rc_channel_cal_t* cal, uint16_t pulse_us) {
  const float v = (float)pulse_us;
  const float trim = (float)cal->trim_us;
  const float dz = (float)cal->deadband_us;
  float x = 0.0f;
  if (v > trim + dz) {
    x = (v - trim - dz) / ((float)cal->max_us - trim - dz);
  } else if (v < trim - dz) {
    x = (v - trim + dz) / (trim - (float)cal->min_us - dz);
  }
  x = clip(x, -1.0f, 1.0f);
  return cal->reversed ? -x : x;
}

float rc_channel_throttle(const rc_channel_cal_t* cal, uint16_t pulse_us) {
  const float lo = (float)cal->min_us + (float)cal->deadband_us;
  const float x = clip(((float)pulse_us - lo) / ((float)cal->max_us - lo), 0.0f, 1.0f);
  return cal->reversed ? 1.0f - x : x;
}

bool rc_map_sticks(const rc_map_config_t* config, const rc_input_t* input, rc_sticks_t* sticks) {
  if (input->failsafe) return false;
  const uint8_t map[4] = {config->map_roll, config->map_pitch, config->map_yaw, config->map_throttle};
  for (int i = 0; i < 4; ++i) {
    if (map[i] == 0 || map[i] > input->channel_count || map[i] > RC_MAX_CHANNELS) return false;
  }
  const int r = config->map_roll - 1, p = config->map_pitch - 1, y = config->map_yaw - 1, t = config->map_throttle - 1;
  sticks->roll = rc_channel_stick(&config->channel[r], input->channels_us[r]);
  sticks->pitch = rc_channel_stick(&config->channel[p], input->channels_us[p]);
  sticks->yaw = rc_channel_stick(&config->channel[y], input->channels_us[y]);
  sticks->throttle = rc_channel_throttle(&config->channel[t], input->channels_us[t]);
  return true;
}

rc_switch_t rc_switch_position(const rc_map_config_t* config, uint8_t channel, uint16_t pulse_us) {
  rc_switch_t s = RC_SWITCH_MID;
  if (pulse_us < config->switch_low_below_us) {
    s = RC_SWITCH_LOW;
  } else if (pulse_us > config->switch_high_above_us) {
    s = RC_SWITCH_HIGH;
  }
  const bool reversed = channel >= 1 && channel <= RC_MAX_CHANNELS && config->channel[channel - 1].reversed;
  if (reversed && s != RC_SWITCH_MID) s = s == RC_SWITCH_LOW ? RC_SWITCH_HIGH : RC_SWITCH_LOW;
  return s;
}

void rc_seconds_text(uint64_t us, char* text, size_t capacity) {
  const unsigned long centi = (unsigned long)(us / 10000u);
  snprintf(text, capacity, "%lu.%02lu s", centi / 100ul, centi % 100ul);
}
