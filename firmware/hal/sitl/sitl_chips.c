/* vayu_sitl --sensors chips (sitl_chips.h). */
#include "firmware/hal/sitl/sitl_chips.h"

#include "firmware/link/fc_link_status.h"

#include <math.h>
#include <string.h>

static uint64_t bench_now_us(void* context) { return ((const sitl_chips_t*)context)->bench.now_us; }
/* The receiver's and the battery's drivers never wait (bus.h: start-up waits only). */
static void no_wait(void* context, uint32_t microseconds) {
  (void)context;
  (void)microseconds;
}

/* Puts `f` into its model. */
static void apply_fault(sitl_chips_t* chips, const sitl_chip_fault_t* f) {
  chip_sensors_t* b = &chips->bench;
  static const bmx160_model_fault_t imu[] = {BMX160_MODEL_FAULT_NONE,      BMX160_MODEL_FAULT_NO_ANSWER,
                                             BMX160_MODEL_FAULT_BUS_ERROR, BMX160_MODEL_FAULT_WRONG_ID,
                                             BMX160_MODEL_FAULT_STUCK,     BMX160_MODEL_FAULT_SATURATED};
  static const bmp388_model_fault_t baro[] = {BMP388_MODEL_FAULT_NONE,      BMP388_MODEL_FAULT_NO_ANSWER,
                                              BMP388_MODEL_FAULT_BUS_ERROR, BMP388_MODEL_FAULT_WRONG_ID,
                                              BMP388_MODEL_FAULT_STUCK,     BMP388_MODEL_FAULT_FATAL};
  static const ublox_model_fault_t gps[] = {UBLOX_MODEL_FAULT_NONE, UBLOX_MODEL_FAULT_SILENT,
                                            UBLOX_MODEL_FAULT_BAD_CHECKSUM, UBLOX_MODEL_FAULT_CUT_FRAMES,
                                            UBLOX_MODEL_FAULT_NO_FIX};
  switch (f->chip) {
    case SITL_CHIP_BMX160:
      b->imu_chip.fault = imu[f->fault];
      break;
    case SITL_CHIP_BMM150: /* a BMM150's neighbour in the Bosch family answers 0x31 */
      if (f->fault == SITL_BMM150_WRONG_ID) b->imu_chip.bmm150_id = 0x31;
      break;
    case SITL_CHIP_BMP388:
      b->baro_chip.fault = baro[f->fault];
      break;
    case SITL_CHIP_GPS:
      b->gps_chip.fault = gps[f->fault];
      break;
    case SITL_CHIP_CRSF:
      chips->rc_chip.silent |= f->fault == SITL_CRSF_LOST;
      chips->rc_chip.lq_zero |= f->fault == SITL_CRSF_LQ_ZERO;
      if (f->fault == SITL_CRSF_BAD_CRC) chips->rc_chip.bad_crc_every = 1; /* every frame */
      if (f->fault == SITL_CRSF_CUT) chips->rc_chip.cut_every = 1;
      break;
    case SITL_CHIP_BATTERY:
      chips->power.chip.fault = f->fault == SITL_BATTERY_ADC_FAILS ? BATTERY_MODEL_FAULT_ADC_FAILS
                                : f->fault == SITL_FAULT_NONE      ? BATTERY_MODEL_FAULT_NONE
                                                                   : BATTERY_MODEL_FAULT_CHANNEL_FIXED;
      chips->power.chip.fixed_channel = chips->power.chip.voltage_channel;
      /* unplugged: an open divider reads 0; saturated: full scale, 2^bits - 1 */
      chips->power.chip.fixed_counts =
          f->fault == SITL_BATTERY_UNPLUGGED ? 0u : (uint16_t)((1u << chips->power.chip.bits) - 1u);
      break;
    default:
      break;
  }
}

/* The receiver and the battery monitor, started on the bench's clock. */
static void start_board_parts(sitl_chips_t* chips, const fc_params_t* params) {
  const bus_clock_t clock = {bench_now_us, no_wait, chips};
  sitl_power_init(&chips->power, params);
  crsf_model_init(&chips->rc_chip);
  if (chips->receiver_fitted) {
    const crsf_config_t rc_config = crsf_config_default();
    (void)crsf_start(&chips->rc, crsf_model_uart(&chips->rc_chip), clock, &rc_config);
  }
}

bool sitl_chips_init(sitl_chips_t* chips, const sitl_chip_fault_t* faults, int fault_count, const fc_params_t* params,
                     FILE* log) {
  /* A 1 kHz loop: the simulator's default frame rate, and the first step's advance only. */
  const chip_sensors_config_t config = {1000u, 2000.0f, 16.0f * 9.80665f, 100u};
  char problem[256] = "";
  memset(chips, 0, sizeof *chips);
  bool start_faults = false;
  for (int i = 0; i < fault_count && i < SITL_CHIP_FAULTS; ++i) {
    chips->faults[chips->fault_count++] = faults[i];
    chips->receiver_fitted |= faults[i].chip == SITL_CHIP_CRSF;
    start_faults |= faults[i].at_start && faults[i].fault != SITL_FAULT_NONE;
  }
  if (!chip_sensors_power_up(&chips->bench, &config, problem, sizeof problem)) {
    fprintf(log, "vayu_sitl: --sensors chips: %s\n", problem);
    return false;
  }
  start_board_parts(chips, params);
  for (int i = 0; i < chips->fault_count; ++i) {
    if (!chips->faults[i].at_start) continue;
    apply_fault(chips, &chips->faults[i]);
    chips->faults[i].applied = true;
    fprintf(log, "vayu_sitl: --chip-fault %s:%s from the start\n", sitl_chip_name(chips->faults[i].chip),
            sitl_chip_fault_name(chips->faults[i].chip, chips->faults[i].fault));
  }
  if (!chip_sensors_start(&chips->bench, problem, sizeof problem)) {
    fprintf(log, "vayu_sitl: --sensors chips: %s%s\n", problem,
            start_faults ? " (as --chip-fault asked: the firmware runs on without it)" : "");
    if (!start_faults) return false;
  }
  chips->imu_reported = bmx160_health(&chips->bench.imu); /* said below: only changes are said later */
  chips->baro_reported = bmp388_health(&chips->bench.baro);
  chips->gps_reported = ublox_health(&chips->bench.gps);
  fprintf(log, "vayu_sitl: sensors through the chips: %s, %s, %s; %s%s%s\n", bmx160_message(&chips->bench.imu),
          bmp388_message(&chips->bench.baro), ublox_message(&chips->bench.gps), battery_message(&chips->power.monitor),
          chips->receiver_fitted ? ", " : "", chips->receiver_fitted ? crsf_message(&chips->rc) : "");
  return true;
}

void sitl_chips_gps(sitl_chips_t* chips, const mavlink_hil_gps_t* hil) {
  chip_sensors_input_t* p = &chips->gps_pending;
  p->gps_new = hil->fix_type >= 3; /* as fc_gps_from_hil takes a fix */
  p->gps_time_us = hil->time_usec;
  p->gps_lat_deg = (double)hil->lat * 1e-7;
  p->gps_lon_deg = (double)hil->lon * 1e-7;
  p->gps_height_m = (double)hil->alt * 1e-3;      /* mm */
  p->gps_vel_ned_mps[0] = (float)hil->vn * 0.01f; /* cm/s */
  p->gps_vel_ned_mps[1] = (float)hil->ve * 0.01f;
  p->gps_vel_ned_mps[2] = (float)hil->vd * 0.01f;
}

/* Says a driver's health on the log when it changed since it was last said. */
static void say_health(sitl_chips_t* chips, FILE* log) {
  const bmx160_health_t imu = bmx160_health(&chips->bench.imu);
  if (imu != chips->imu_reported) {
    chips->imu_reported = imu;
    fprintf(log, "vayu_sitl: %s\n", bmx160_message(&chips->bench.imu));
  }
  const bmp388_health_t baro = bmp388_health(&chips->bench.baro);
  if (baro != chips->baro_reported) {
    chips->baro_reported = baro;
    fprintf(log, "vayu_sitl: %s\n", bmp388_message(&chips->bench.baro));
  }
  const ublox_health_t gps = ublox_health(&chips->bench.gps);
  if (gps != chips->gps_reported) {
    chips->gps_reported = gps;
    fprintf(log, "vayu_sitl: %s\n", ublox_message(&chips->bench.gps));
  }
}

/* The faults whose time has come (simulated time since the first sensor frame). */
static void apply_due_faults(sitl_chips_t* chips, uint64_t time_us, FILE* log) {
  if (!chips->have_first_time || time_us < chips->first_time_us) { /* the first frame, or a simulator reset */
    chips->have_first_time = true;
    chips->first_time_us = time_us;
  }
  const uint64_t since_us = time_us - chips->first_time_us;
  for (int i = 0; i < chips->fault_count; ++i) {
    sitl_chip_fault_t* f = &chips->faults[i];
    if (f->applied || since_us < f->at_us) continue;
    apply_fault(chips, f);
    f->applied = true;
    fprintf(log, "vayu_sitl: --chip-fault %s:%s at %.3f s\n", sitl_chip_name(f->chip),
            sitl_chip_fault_name(f->chip, f->fault), (double)since_us * 1e-6);
  }
}

bool sitl_chips_transmitter(sitl_chips_t* chips, const mavlink_rc_channels_t* rc) {
  if (!chips->receiver_fitted) return false;
  const uint16_t us[18] = {rc->chan1_raw,  rc->chan2_raw,  rc->chan3_raw,  rc->chan4_raw,  rc->chan5_raw,
                           rc->chan6_raw,  rc->chan7_raw,  rc->chan8_raw,  rc->chan9_raw,  rc->chan10_raw,
                           rc->chan11_raw, rc->chan12_raw, rc->chan13_raw, rc->chan14_raw, rc->chan15_raw,
                           rc->chan16_raw, rc->chan17_raw, rc->chan18_raw};
  chips->rc_chip.silent = rc->chancount == 0;
  for (int i = 0; i < rc->chancount && i < RC_PACKED_CHANNELS; ++i)
    if (us[i] != UINT16_MAX) crsf_model_set_channel_us(&chips->rc_chip, i, us[i]);
  return true;
}

bool sitl_chips_rc_channels(const sitl_chips_t* chips, uint32_t time_boot_ms, mavlink_rc_channels_t* out) {
  if (!chips->receiver_fitted || chips->rc_input.frames == 0) return false;
  const rc_input_t* in = &chips->rc_input;
  fc_link_rc_channels(in->channels_us, in->channel_count, in->link_quality_pct, time_boot_ms, out);
  return true;
}

/* The receiver and the battery monitor at the bench's time, after the chips' step. */
static void read_board_parts(sitl_chips_t* chips) {
  const uint64_t now_us = chips->bench.now_us;
  sitl_power_update(&chips->power, now_us);
  chips->rc_new = false;
  if (!chips->receiver_fitted) return;
  crsf_model_advance(&chips->rc_chip, now_us);
  chips->rc_new = crsf_poll(&chips->rc, &chips->rc_input) == CRSF_POLL_NEW;
}

void sitl_chips_apply(sitl_chips_t* chips, const mavlink_hil_sensor_t* hil, fc_sensors_t* sensors, FILE* log) {
  apply_due_faults(chips, hil->time_usec, log);
  chip_sensors_input_t in = chips->gps_pending;
  const float accel[3] = {hil->xacc, hil->yacc, hil->zacc}, gyro[3] = {hil->xgyro, hil->ygyro, hil->zgyro},
              mag[3] = {hil->xmag, hil->ymag, hil->zmag};
  for (int i = 0; i < 3; ++i) {
    in.accel_mps2[i] = accel[i];
    in.gyro_radps[i] = gyro[i];
    in.field_gauss[i] = mag[i];
  }
  in.pressure_pa = hil->abs_pressure * 100.0f; /* hPa */
  in.temperature_c = hil->temperature;
  chips->gps_pending.gps_new = false;
  chip_sensors_output_t out;
  chip_sensors_step(&chips->bench, hil->time_usec, &in, &out);
  read_board_parts(chips);
  say_health(chips, log);
  if (out.imu_valid) {
    sensors->accel_mps2 = fc_v3(out.accel_mps2[0], out.accel_mps2[1], out.accel_mps2[2]);
    sensors->gyro_radps = fc_v3(out.gyro_radps[0], out.gyro_radps[1], out.gyro_radps[2]);
  } else { /* nothing read yet: the core's own check refuses the step */
    sensors->accel_mps2 = sensors->gyro_radps = fc_v3(NAN, NAN, NAN);
  }
  sensors->mag = fc_v3(out.mag_gauss[0], out.mag_gauss[1], out.mag_gauss[2]);
  sensors->mag_valid = out.mag_valid;
  sensors->baro_alt_m = chip_sensors_pressure_altitude_m(out.pressure_pa);
  sensors->baro_valid = out.baro_valid;
  memset(&sensors->gps, 0, sizeof sensors->gps);
  if (out.gps_new) {
    sensors->gps.fresh = true;
    sensors->gps.time_us = out.gps_time_us;
    sensors->gps.vel_ned_mps = fc_v3(out.gps_vel_ned_mps[0], out.gps_vel_ned_mps[1], out.gps_vel_ned_mps[2]);
  }
}

void sitl_chips_report(const sitl_chips_t* chips, FILE* log) {
  char text[1024];
  chip_sensors_summary(&chips->bench, text, sizeof text);
  fprintf(log, "vayu_sitl: %s; %s%s%s\n", text, battery_message(&chips->power.monitor),
          chips->receiver_fitted ? "; " : "", chips->receiver_fitted ? crsf_message(&chips->rc) : "");
}
