#include "firmware/link/fc_link.h"

#include "firmware/link/fc_link_calibration.h"
#include "firmware/link/fc_link_motor_test.h"
#include "firmware/link/fc_link_status.h"

#include "firmware/mavlink/mavlink_sha256.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Copies text into a fixed MAVLink char field, which need not be terminated when full (the
 * rest of the field is zero, so a shorter text is). */
static void copy_field(char* field, size_t size, const char* text) {
  memset(field, 0, size);
  for (size_t i = 0; i < size && text[i] != '\0'; ++i) field[i] = text[i];
}

static void send_message(fc_link_t* link, uint32_t msgid, const void* message) {
  uint8_t frame[MAVLINK_MAX_FRAME_LEN];
  size_t n = mavlink_pack(&link->sender, msgid, message, frame);
  if (n > 0) n = mavlink_sign_frame(&link->signing, frame, n);
  if (n > 0 && link->send) link->send(link->context, frame, n);
}

void fc_link_send(fc_link_t* link, uint32_t msgid, const void* message) { send_message(link, msgid, message); }

void fc_link_init(fc_link_t* link, const fc_t* fc, fc_link_send_fn send, void* context) {
  memset(link, 0, sizeof *link);
  link->sender.sysid = (uint8_t)fc_param(&fc->config.params, FC_PARAM_SYSID);
  link->sender.compid = 1; /* MAV_COMP_ID_AUTOPILOT1 */
  link->send = send;
  link->context = context;
  link->param_stream_next = -1;
  link->estimate_period_us = 100000; /* 10 Hz */
  mavlink_signing_init(&link->signing, mavlink_sha256, 0);
}

/* A text of up to 50 characters as one STATUSTEXT; a longer one (a driver's message) as chunks
 * of 50 sharing a non-zero id, chunk_seq counting from 0, the last one shorter than 50 (an empty
 * one when the text fills its chunks): common.xml's rule for STATUSTEXT's id and chunk_seq. */
static void send_statustext(fc_link_t* link, uint8_t severity, const char* text) {
  mavlink_statustext_t m;
  memset(&m, 0, sizeof m);
  const size_t chunk = sizeof m.text;
  const size_t length = strlen(text);
  m.severity = severity;
  if (length <= chunk) {
    copy_field(m.text, sizeof m.text, text);
    send_message(link, MAVLINK_MSG_ID_STATUSTEXT, &m);
    return;
  }
  if (++link->statustext_id == 0) link->statustext_id = 1;
  m.id = link->statustext_id;
  for (size_t at = 0; at <= length; at += chunk) {
    copy_field(m.text, sizeof m.text, text + at);
    send_message(link, MAVLINK_MSG_ID_STATUSTEXT, &m);
    ++m.chunk_seq;
  }
}

/* INT parameters travel bytewise in the float field (as PX4 and QGroundControl do). */
static void send_param(fc_link_t* link, const fc_t* fc, int index) {
  const fc_param_info_t* info = fc_param_info(index);
  if (!info) return;
  mavlink_param_value_t m;
  memset(&m, 0, sizeof m);
  copy_field(m.param_id, sizeof m.param_id, info->name);
  if (info->type == FC_PARAM_TYPE_INT) {
    const int32_t v = (int32_t)fc->config.params.value[index];
    memcpy(&m.param_value, &v, sizeof v);
    m.param_type = MAV_PARAM_TYPE_INT32;
  } else {
    m.param_value = fc->config.params.value[index];
    m.param_type = MAV_PARAM_TYPE_REAL32;
  }
  m.param_count = FC_PARAM_COUNT;
  m.param_index = (uint16_t)index;
  send_message(link, MAVLINK_MSG_ID_PARAM_VALUE, &m);
}

static void report_unknown_param(fc_link_t* link, const char param_id[16]) {
  char text[FC_EVENT_TEXT];
  snprintf(text, sizeof text, "Unknown parameter %.16s", param_id);
  send_statustext(link, 4, text);
}

/* The parameter a request names (param_id need not be terminated at 16), or -1 after telling
 * the ground station it does not exist. */
static int named_param(fc_link_t* link, const char param_id[16]) {
  char name[17] = {0};
  memcpy(name, param_id, 16);
  const int index = fc_param_find(name);
  if (index < 0) report_unknown_param(link, param_id);
  return index;
}

static bool for_us(const fc_link_t* link, uint8_t target_system) {
  return target_system == 0 || target_system == link->sender.sysid;
}

static void ack(fc_link_t* link, const mavlink_frame_t* frame, uint16_t command, uint8_t result) {
  mavlink_command_ack_t a;
  memset(&a, 0, sizeof a);
  a.command = command;
  a.result = result;
  a.target_system = frame->sysid;
  a.target_component = frame->compid;
  send_message(link, MAVLINK_MSG_ID_COMMAND_ACK, &a);
}

int fc_link_apply_params(fc_link_t* link, fc_t* fc, const fc_params_t* values) {
  int refused = 0;
  const float mixer = values->value[FC_PARAM_MIXER];
  /* With MIXER 0 while the geometry changes, half a geometry is never checked (nor warned of). */
  if (fc_param(&fc->config.params, FC_PARAM_MIXER) != 0.0f && fc_set_param(fc, FC_PARAM_MIXER, 0.0f) != FC_PARAM_OK)
    ++refused;
  for (int i = 0; i < FC_PARAM_COUNT; ++i) {
    if (i == FC_PARAM_MIXER || values->value[i] == fc->config.params.value[i]) continue;
    if (fc_set_param(fc, i, values->value[i]) != FC_PARAM_OK) ++refused;
  }
  if (fc_param(&fc->config.params, FC_PARAM_MIXER) != mixer && fc_set_param(fc, FC_PARAM_MIXER, mixer) != FC_PARAM_OK)
    ++refused;
  link->sender.sysid = (uint8_t)fc_param(&fc->config.params, FC_PARAM_SYSID);
  return refused;
}

/* Sends `prefix` and the storage's message (if any) as one STATUSTEXT. */
static void storage_text(fc_link_t* link, uint8_t severity, const char* prefix, const char* message) {
  char text[FC_EVENT_TEXT];
  snprintf(text, sizeof text, "%s%s", prefix, message ? message : "");
  send_statustext(link, severity, text);
}

/* MAV_CMD_PREFLIGHT_STORAGE (fc_link_param_storage_t). After a read or a reset every value goes
 * out again, so the station's list is the one in force. */
static uint8_t preflight_storage(fc_link_t* link, fc_t* fc, float param1) {
  const fc_link_param_storage_t* s = &link->storage;
  if (!s->save || !s->load) return MAV_RESULT_UNSUPPORTED;
  const int action = (int)param1;
  if ((float)action != param1 || action < 0 || action > 2) {
    send_statustext(link, 4, "Storage: param1 0 read, 1 write, 2 reset");
    return MAV_RESULT_DENIED;
  }
  if (fc->state.armed) {
    send_statustext(link, 4, "Parameter storage refused while armed");
    return MAV_RESULT_TEMPORARILY_REJECTED;
  }
  const char* message = NULL;
  fc_params_t values;
  fc_params_defaults(&values);
  if (action == 0 && !s->load(s->context, &values, &message)) {
    storage_text(link, 4, "Parameters not read: ", message);
    return MAV_RESULT_FAILED;
  }
  if (action == 0 || action == 2) {
    const int refused = fc_link_apply_params(link, fc, &values);
    if (message && message[0]) send_statustext(link, 5, message); /* what the stored set lost */
    if (refused > 0) {
      char text[FC_EVENT_TEXT];
      snprintf(text, sizeof text, "%d stored parameter value(s) refused", refused);
      send_statustext(link, 4, text);
    }
    link->param_stream_next = 0;
    link->params_changed = false;
    if (action == 0) return MAV_RESULT_ACCEPTED;
  }
  message = NULL;
  if (!s->save(s->context, &fc->config.params, &message)) {
    storage_text(link, 4, action == 2 ? "Defaults set, not saved: " : "Parameters not saved: ", message);
    return MAV_RESULT_FAILED;
  }
  link->params_changed = false;
  return MAV_RESULT_ACCEPTED;
}

static float axis(int16_t v, float fallback) { return v == INT16_MAX ? fallback : (float)v / 1000.0f; }

/* Tells the station how many frames signing refused, after the 1st, 10th, 100th, ... */
static void report_refusals(fc_link_t* link) {
  const uint32_t* c = link->signing.counts;
  const uint32_t refused = c[MAVLINK_SIGNATURE_UNSIGNED] + c[MAVLINK_SIGNATURE_WRONG] + c[MAVLINK_SIGNATURE_REPLAYED] +
                           c[MAVLINK_SIGNATURE_TOO_OLD];
  uint32_t next = 1;
  while (next <= link->refusals_reported && next < 1000000000u) next *= 10;
  if (refused < next) return;
  link->refusals_reported = refused;
  char text[96]; /* sized for any counts; STATUSTEXT keeps the first 50 characters */
  /* replays and too-old frames told together, to stay within those 50 at usual counts */
  snprintf(text, sizeof text, "Refused %lu: %lu unsigned, %lu bad, %lu replayed", (unsigned long)refused,
           (unsigned long)c[MAVLINK_SIGNATURE_UNSIGNED], (unsigned long)c[MAVLINK_SIGNATURE_WRONG],
           (unsigned long)c[MAVLINK_SIGNATURE_REPLAYED] + (unsigned long)c[MAVLINK_SIGNATURE_TOO_OLD]);
  send_statustext(link, 4, text);
}

/* SETUP_SIGNING: a new key (all zero: signing off) and the timestamp to start from. */
static void setup_signing(fc_link_t* link, const mavlink_frame_t* frame, bool private_link) {
  if (!private_link) {
    if (!link->signing.enabled) {
      send_statustext(link, 4, "SETUP_SIGNING refused: only over USB/serial");
      return;
    }
    const mavlink_signature_result_t r = mavlink_signing_check(&link->signing, frame);
    if (r != MAVLINK_SIGNATURE_OK) {
      report_refusals(link);
      return;
    }
  }
  const mavlink_message_info_t* info = mavlink_message_info(MAVLINK_MSG_ID_SETUP_SIGNING);
  mavlink_setup_signing_t m;
  mavlink_setup_signing_decode(frame, &m);
  if (frame->length > info->max_length || m.initial_timestamp >= (1ull << 48)) {
    send_statustext(link, 4, "SETUP_SIGNING refused: malformed; key kept");
    return;
  }
  if (!for_us(link, m.target_system) || m.target_system == 0) return; /* a key is for one vehicle */
  const bool same_key = link->signing.enabled && memcmp(link->signing.key, m.secret_key, MAVLINK_SIGNING_KEY_LEN) == 0;
  if (same_key) {
    /* the station restating the key (it does at every start): the streams heard stay, so frames
     * from before are still refused as replays; only the timestamp may move forward */
    mavlink_signing_advance(&link->signing, m.initial_timestamp);
    memset(&m, 0, sizeof m);
    return;
  }
  mavlink_signing_set_key(&link->signing, m.secret_key, m.initial_timestamp);
  memset(&m, 0, sizeof m);
  link->signing_changed = true;
  link->refusals_reported = 0;
  memset(link->signing.counts, 0, sizeof link->signing.counts);
  send_statustext(link, 6, link->signing.enabled ? "Signing on: unsigned frames refused" : "Signing off");
}

bool fc_link_accept(fc_link_t* link, fc_t* fc, const mavlink_frame_t* frame, bool private_link) {
  (void)fc;
  if (frame->msgid == MAVLINK_MSG_ID_SETUP_SIGNING) {
    setup_signing(link, frame, private_link);
    return false;
  }
  if (!link->signing.enabled) return true;
  if (mavlink_signing_check(&link->signing, frame) == MAVLINK_SIGNATURE_OK) return true;
  report_refusals(link);
  return false;
}

void fc_link_handle(fc_link_t* link, fc_t* fc, const mavlink_frame_t* frame) {
  if (fc_link_accept(link, fc, frame, false)) fc_link_dispatch(link, fc, frame);
}

/* COMMAND_LONG: arm/disarm, mode, parameter storage; anything else UNSUPPORTED. */
static void handle_command(fc_link_t* link, fc_t* fc, const mavlink_frame_t* frame) {
  mavlink_command_long_t c;
  mavlink_command_long_decode(frame, &c);
  if (!for_us(link, c.target_system)) return;
  if (c.command == MAV_CMD_COMPONENT_ARM_DISARM) {
    const bool arm = c.param1 > 0.5f;
    const bool force = (int)c.param2 == MAV_ARM_FORCE_MAGIC;
    const fc_arm_result_t r = fc_arm(fc, arm, force);
    ack(link, frame, c.command, r == FC_ARM_OK ? MAV_RESULT_ACCEPTED : MAV_RESULT_DENIED);
  } else if (c.command == MAV_CMD_DO_SET_MODE) {
    const int mode = (int)c.param2;
    if (((int)c.param1 & 1) && mode >= 0 && mode < VAYU_MODE_COUNT && c.param2 == (float)mode) {
      ack(link, frame, c.command, fc_set_mode(fc, (vayu_mode_t)mode) ? MAV_RESULT_ACCEPTED : MAV_RESULT_DENIED);
    } else {
      ack(link, frame, c.command, MAV_RESULT_DENIED);
    }
  } else if (c.command == MAV_CMD_PREFLIGHT_STORAGE) {
    ack(link, frame, c.command, preflight_storage(link, fc, c.param1));
  } else if (c.command == MAV_CMD_PREFLIGHT_CALIBRATION) {
    const float params[7] = {c.param1, c.param2, c.param3, c.param4, c.param5, c.param6, c.param7};
    ack(link, frame, c.command, fc_link_preflight_calibration(fc, params));
  } else if (c.command == MAV_CMD_DO_MOTOR_TEST) {
    const float params[7] = {c.param1, c.param2, c.param3, c.param4, c.param5, c.param6, c.param7};
    ack(link, frame, c.command, fc_link_motor_test(fc, params));
  } else {
    ack(link, frame, c.command, MAV_RESULT_UNSUPPORTED);
  }
}

void fc_link_dispatch(fc_link_t* link, fc_t* fc, const mavlink_frame_t* frame) {
  ++link->frames_in;
  switch (frame->msgid) {
    case MAVLINK_MSG_ID_MANUAL_CONTROL: {
      mavlink_manual_control_t m;
      mavlink_manual_control_decode(frame, &m);
      if (!for_us(link, m.target)) return;
      /* x forward, y right, z thrust 0..1000, r clockwise; INT16_MAX: axis not present. */
      const fc_sticks_t s = {axis(m.y, 0.0f), axis(m.x, 0.0f), axis(m.r, 0.0f), axis(m.z, 0.0f)};
      fc_set_sticks(fc, &s);
      ++link->manual_controls_in;
      return;
    }
    case MAVLINK_MSG_ID_COMMAND_LONG:
      handle_command(link, fc, frame);
      return;
    case MAVLINK_MSG_ID_PARAM_REQUEST_LIST: {
      mavlink_param_request_list_t r;
      mavlink_param_request_list_decode(frame, &r);
      if (for_us(link, r.target_system)) link->param_stream_next = 0;
      return;
    }
    case MAVLINK_MSG_ID_PARAM_REQUEST_READ: {
      mavlink_param_request_read_t r;
      mavlink_param_request_read_decode(frame, &r);
      if (!for_us(link, r.target_system)) return;
      const int index = r.param_index >= 0 ? r.param_index : named_param(link, r.param_id);
      if (fc_param_info(index))
        send_param(link, fc, index);
      else if (r.param_index >= 0)
        report_unknown_param(link, r.param_id);
      return;
    }
    case MAVLINK_MSG_ID_PARAM_SET: {
      mavlink_param_set_t p;
      mavlink_param_set_decode(frame, &p);
      if (!for_us(link, p.target_system)) return;
      const int index = named_param(link, p.param_id);
      if (index < 0) return;
      float value = p.param_value;
      if (p.param_type == MAV_PARAM_TYPE_INT32) {
        int32_t v;
        memcpy(&v, &p.param_value, sizeof v);
        value = (float)v;
      }
      const fc_param_result_t r = fc_set_param(fc, index, value);
      if (r == FC_PARAM_OK) {
        link->params_changed = true;
        if (index == FC_PARAM_SYSID) link->sender.sysid = (uint8_t)value;
      } else {
        char text[FC_EVENT_TEXT];
        snprintf(text, sizeof text, "%.16s not set: %s", fc_param_info(index)->name, fc_param_result_text(r));
        send_statustext(link, 4, text);
      }
      send_param(link, fc, index); /* the value now in force, set or not */
      return;
    }
    default:
      return;
  }
}

/* The streams' schedule follows the core's clock. When that clock goes back (a simulation reset
 * starts the world again at zero, however long it had run), a stream due more than one period
 * ahead would stay silent until the old time came round again: it is due now instead. */
static void restart_if_time_went_back(uint64_t* next_us, uint64_t now, uint64_t period_us) {
  if (*next_us > now + period_us) *next_us = now;
}

/* HEARTBEAT.type from the allocation in force: the geometry's rotor count (MIXER 1; engines
 * with X up are a rocket, as the lander_004 airframe), else the HAL's quad X. */
static uint8_t vehicle_type(const fc_config_t* c) {
  if ((int)fc_param(&c->params, FC_PARAM_MIXER) != 1 || c->allocation_problem) return MAV_TYPE_QUADROTOR;
  if ((int)fc_param(&c->params, FC_PARAM_VEH_UP) == 1) return MAV_TYPE_ROCKET;
  switch (c->mixer.motor_count) {
    case 6:
      return MAV_TYPE_HEXAROTOR;
    case 8:
      return MAV_TYPE_OCTOROTOR;
    default:
      return MAV_TYPE_QUADROTOR;
  }
}

/* HEARTBEAT: the vehicle's type, its mode (custom_mode: vayu_mode_t), armed, and its state. */
static void send_heartbeat(fc_link_t* link, const fc_t* fc) {
  mavlink_heartbeat_t h;
  memset(&h, 0, sizeof h);
  h.type = vehicle_type(&fc->config);
  h.autopilot = MAV_AUTOPILOT_GENERIC;
  /* CUSTOM_MODE_ENABLED | MANUAL_INPUT_ENABLED | STABILIZE_ENABLED (not in ACRO) | SAFETY_ARMED */
  h.base_mode = (uint8_t)(MAV_MODE_FLAG_CUSTOM_MODE_ENABLED | MAV_MODE_FLAG_MANUAL_INPUT_ENABLED |
                          (fc->state.mode != VAYU_MODE_ACRO ? MAV_MODE_FLAG_STABILIZE_ENABLED : 0) |
                          (fc->state.armed ? MAV_MODE_FLAG_SAFETY_ARMED : 0));
  h.custom_mode = (uint32_t)fc->state.mode;
  h.system_status = fc->state.failsafe ? MAV_STATE_CRITICAL : (fc->state.armed ? MAV_STATE_ACTIVE : MAV_STATE_STANDBY);
  h.mavlink_version = 3;
  send_message(link, MAVLINK_MSG_ID_HEARTBEAT, &h);
}

/* Once a second: SYS_STATUS, BATTERY_STATUS (with a battery) and DEBUG_VECT "PILOT_IN"
 * (fc_link_status.h). */
static void send_status(fc_link_t* link, const fc_t* fc, uint64_t now) {
  mavlink_sys_status_t s;
  fc_link_sys_status(fc, now, &s);
  send_message(link, MAVLINK_MSG_ID_SYS_STATUS, &s);
  mavlink_battery_status_t b;
  if (fc_link_battery_status(fc, &b)) send_message(link, MAVLINK_MSG_ID_BATTERY_STATUS, &b);
  mavlink_debug_vect_t v;
  fc_link_pilot_vect(fc, now, &v);
  send_message(link, MAVLINK_MSG_ID_DEBUG_VECT, &v);
}

/* ATTITUDE and ATTITUDE_QUATERNION (the estimate), and HIGHRES_IMU (the last sensor sample). */
static void send_attitude(fc_link_t* link, const fc_t* fc, uint64_t now) {
  const fc_vec3_t e = fc_quat_to_euler(fc->state.att.q_WB);
  mavlink_attitude_t a;
  memset(&a, 0, sizeof a);
  a.time_boot_ms = (uint32_t)(now / 1000);
  a.roll = e.x;
  a.pitch = e.y;
  a.yaw = e.z;
  a.rollspeed = fc->state.att.rate_B.x;
  a.pitchspeed = fc->state.att.rate_B.y;
  a.yawspeed = fc->state.att.rate_B.z;
  send_message(link, MAVLINK_MSG_ID_ATTITUDE, &a);
  mavlink_attitude_quaternion_t q;
  memset(&q, 0, sizeof q);
  q.time_boot_ms = a.time_boot_ms;
  q.q1 = fc->state.att.q_WB.w;
  q.q2 = fc->state.att.q_WB.x;
  q.q3 = fc->state.att.q_WB.y;
  q.q4 = fc->state.att.q_WB.z;
  q.rollspeed = a.rollspeed;
  q.pitchspeed = a.pitchspeed;
  q.yawspeed = a.yawspeed;
  send_message(link, MAVLINK_MSG_ID_ATTITUDE_QUATERNION, &q);
  mavlink_highres_imu_t imu;
  memset(&imu, 0, sizeof imu);
  imu.time_usec = now;
  imu.xacc = link->last_sensors.accel_mps2.x;
  imu.yacc = link->last_sensors.accel_mps2.y;
  imu.zacc = link->last_sensors.accel_mps2.z;
  imu.xgyro = link->last_sensors.gyro_radps.x;
  imu.ygyro = link->last_sensors.gyro_radps.y;
  imu.zgyro = link->last_sensors.gyro_radps.z;
  imu.xmag = link->last_sensors.mag.x;
  imu.ymag = link->last_sensors.mag.y;
  imu.zmag = link->last_sensors.mag.z;
  imu.pressure_alt = link->last_sensors.baro_alt_m;
  imu.fields_updated = 0x01FF | (1u << 11); /* acc, gyro, mag, pressure altitude */
  send_message(link, MAVLINK_MSG_ID_HIGHRES_IMU, &imu);
}

/* VFR_HUD, the instruments' message: heading (true, with MAG_DECL_DEG), throttle, altitude (the
 * barometer's pressure altitude, above mean sea level in the standard atmosphere) and climb.
 * Vayu has no airspeed sensor: airspeed is NaN, "not known", as MAVLink marks a float it cannot
 * fill, and so is the ground speed unless GPS aids the estimate (then it is the horizontal speed
 * of the GPS-aided velocity, which POSITION flies on). */
static void send_vfr_hud(fc_link_t* link, const fc_t* fc) {
  const fc_vec3_t e = fc_quat_to_euler(fc->state.att.q_WB);
  float heading_deg = e.z * FC_RAD2DEG;
  if (heading_deg < 0.0f) heading_deg += 360.0f;
  mavlink_vfr_hud_t hud;
  memset(&hud, 0, sizeof hud);
  hud.airspeed = NAN;
  const fc_horizontal_t* h = &fc->state.horizontal;
  hud.groundspeed = h->valid ? sqrtf(h->vel_W_mps.x * h->vel_W_mps.x + h->vel_W_mps.y * h->vel_W_mps.y) : NAN;
  hud.alt = fc->state.height.initialised ? fc->state.height.baro_origin_m + fc->state.height.height_m : NAN;
  hud.climb = fc->state.height.initialised ? fc->state.height.climb_mps : NAN;
  hud.heading = (int16_t)((int)lroundf(heading_deg) % 360);
  hud.throttle = (uint16_t)lroundf(100.0f * fc_clampf(fc->state.armed ? fc->state.out.thrust_sp : 0.0f, 0.0f, 1.0f));
  send_message(link, MAVLINK_MSG_ID_VFR_HUD, &hud);
}

/* What a flight log wants of the firmware beside the attitude, every estimate_period_us:
 * LOCAL_POSITION_NED, the estimate (height and climb once the height filter has started; the
 * horizontal position and velocity while GPS aids them, NaN otherwise: "not known");
 * ATTITUDE_TARGET, the attitude, body-rate and thrust setpoints; and the gyro bias estimate
 * [rad/s, body FRD] as DEBUG_VECT "GYRO_BIAS" (common.xml has no message of its own for it). */
static void send_estimate_and_setpoints(fc_link_t* link, const fc_t* fc, uint64_t now) {
  const uint32_t time_boot_ms = (uint32_t)(now / 1000);
  const fc_horizontal_t* h = &fc->state.horizontal;
  const fc_height_t* v = &fc->state.height;
  mavlink_local_position_ned_t p;
  memset(&p, 0, sizeof p);
  p.time_boot_ms = time_boot_ms;
  p.x = h->valid ? h->pos_W_m.x : NAN;
  p.y = h->valid ? h->pos_W_m.y : NAN;
  p.vx = h->valid ? h->vel_W_mps.x : NAN;
  p.vy = h->valid ? h->vel_W_mps.y : NAN;
  p.z = v->initialised ? -v->height_m : NAN;
  p.vz = v->initialised ? -v->climb_mps : NAN;
  send_message(link, MAVLINK_MSG_ID_LOCAL_POSITION_NED, &p);
  const fc_outputs_t* out = &fc->state.out;
  mavlink_attitude_target_t t;
  memset(&t, 0, sizeof t);
  t.time_boot_ms = time_boot_ms;
  t.q[0] = out->q_sp_WB.w;
  t.q[1] = out->q_sp_WB.x;
  t.q[2] = out->q_sp_WB.y;
  t.q[3] = out->q_sp_WB.z;
  t.body_roll_rate = out->rate_sp_B.x;
  t.body_pitch_rate = out->rate_sp_B.y;
  t.body_yaw_rate = out->rate_sp_B.z;
  t.thrust = out->thrust_sp;
  send_message(link, MAVLINK_MSG_ID_ATTITUDE_TARGET, &t);
  mavlink_debug_vect_t b;
  memset(&b, 0, sizeof b);
  b.time_usec = now;
  memcpy(b.name, "GYRO_BIAS", 9);
  b.x = fc->state.att.gyro_bias_B.x;
  b.y = fc->state.att.gyro_bias_B.y;
  b.z = fc->state.att.gyro_bias_B.z;
  send_message(link, MAVLINK_MSG_ID_DEBUG_VECT, &b);
}

void fc_link_update(fc_link_t* link, fc_t* fc, const fc_sensors_t* sensors) {
  const uint64_t now = fc->state.time_us;
  if (sensors) link->last_sensors = *sensors;
  restart_if_time_went_back(&link->next_heartbeat_us, now, 1000000);
  restart_if_time_went_back(&link->next_status_us, now, 1000000);
  restart_if_time_went_back(&link->next_attitude_us, now, 40000);
  restart_if_time_went_back(&link->next_hud_us, now, 100000);
  restart_if_time_went_back(&link->next_estimate_us, now, link->estimate_period_us);
  /* A calibration's result, before its "done" (the events below): the values the station reads back,
   * and saved by the HAL as a PARAM_SET's. */
  fc_calibration_t* cal = &fc->state.cal;
  for (int i = 0; i < cal->announce_count; ++i) send_param(link, fc, cal->announce_first + i);
  if (cal->announce_count > 0) link->params_changed = true;
  cal->announce_count = 0;
  fc_event_t event;
  while (fc_pop_event(fc, &event)) send_statustext(link, event.severity, event.text);

  if (now >= link->next_heartbeat_us) {
    link->next_heartbeat_us = now + 1000000;
    send_heartbeat(link, fc);
  }
  if (now >= link->next_status_us) {
    link->next_status_us = now + 1000000;
    send_status(link, fc, now);
  }
  if (now >= link->next_attitude_us) {
    link->next_attitude_us = now + 40000; /* 25 Hz */
    send_attitude(link, fc, now);
  }
  if (now >= link->next_hud_us) {
    link->next_hud_us = now + 100000; /* 10 Hz */
    send_vfr_hud(link, fc);
  }
  if (link->estimate_period_us > 0 && now >= link->next_estimate_us) {
    link->next_estimate_us = now + link->estimate_period_us;
    send_estimate_and_setpoints(link, fc, now);
  }
  /* A parameter list goes out ten at a time per step, so a 1 kHz loop sends it in 4 ms. */
  for (int i = 0; i < 10 && link->param_stream_next >= 0; ++i) {
    send_param(link, fc, link->param_stream_next);
    if (++link->param_stream_next >= FC_PARAM_COUNT) link->param_stream_next = -1;
  }
}

void fc_sensors_from_hil(const mavlink_hil_sensor_t* hil, fc_gps_t* pending_gps, fc_sensors_t* sensors) {
  memset(sensors, 0, sizeof *sensors);
  sensors->time_us = hil->time_usec;
  sensors->accel_mps2 = fc_v3(hil->xacc, hil->yacc, hil->zacc);
  sensors->gyro_radps = fc_v3(hil->xgyro, hil->ygyro, hil->zgyro);
  sensors->mag = fc_v3(hil->xmag, hil->ymag, hil->zmag);
  sensors->baro_alt_m = hil->pressure_alt;
  sensors->mag_valid = (hil->fields_updated & 0x1C0u) == 0x1C0u;
  sensors->baro_valid = (hil->fields_updated & 0x800u) != 0;
  sensors->reset = (hil->fields_updated & 0x80000000u) != 0;
  if (pending_gps) {
    sensors->gps = *pending_gps;
    pending_gps->fresh = false;
  }
}

void fc_gps_from_hil(const mavlink_hil_gps_t* hil, fc_gps_t* gps) {
  memset(gps, 0, sizeof *gps);
  gps->fresh = hil->fix_type >= 3;
  gps->time_us = hil->time_usec;
  gps->vel_ned_mps = fc_v3((float)hil->vn * 0.01f, (float)hil->ve * 0.01f, (float)hil->vd * 0.01f);
}

void fc_hil_actuator_controls(const fc_t* fc, uint64_t time_usec, mavlink_hil_actuator_controls_t* out) {
  memset(out, 0, sizeof *out);
  out->time_usec = time_usec;
  for (int i = 0; i < fc->config.mixer.motor_count; ++i) out->controls[i] = fc->state.out.duty[i];
  out->mode = fc->state.armed ? MAV_MODE_FLAG_SAFETY_ARMED : 0;
}
