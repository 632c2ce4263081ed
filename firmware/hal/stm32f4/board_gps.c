/* The board's GNSS receiver (board_gps.h). */
#include "firmware/hal/stm32f4/board_gps.h"

#include "firmware/hal/stm32f4/board.h"
#include "firmware/hal/stm32f4/board_serial.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void board_gps_start(board_gps_t* gps, fc_t* fc) {
  memset(gps, 0, sizeof *gps);
  const ublox_config_t config = ublox_config_default();
  gps->started = ublox_start(&gps->driver, board_serial_bus(BOARD_SERIAL_GPS), board_bus_clock(), &config);
  gps->reported_code = -1;
  if (!gps->started) fc_sensor_health(fc, FC_SENSOR_GPS, (int)ublox_health(&gps->driver), ublox_message(&gps->driver));
}

bool board_gps_delivers(const board_gps_t* gps, uint64_t now_us) {
  const ublox_t* d = &gps->driver;
  /* (a NAV-PVT read after `now_us` was taken is younger still) */
  return gps->started && d->state == UBLOX_STATE_RUN && d->have_pvt &&
         (now_us < d->last_pvt_us || now_us - d->last_pvt_us < UBLOX_LOST_MIN_US);
}

/* MAVLink's GPS_FIX_TYPE from NAV-PVT's fixType and gnssFixOK: 1 no fix, 2 2-D, 3 3-D (a fix
 * outside the receiver's accuracy masks, dead reckoning alone or time only: no fix). */
static uint8_t mavlink_fix_type(const ublox_pvt_t* pvt) {
  if (!pvt->gnss_fix_ok) return 1;
  if (pvt->fix_type == UBLOX_FIX_3D || pvt->fix_type == UBLOX_FIX_GNSS_DEAD_RECKONING) return 3;
  return pvt->fix_type == UBLOX_FIX_2D ? 2 : 1;
}

static int32_t mm(float metres) { return (int32_t)lroundf(metres * 1000.0f); }

static void send_raw(fc_link_t* link, const ublox_pvt_t* pvt) {
  mavlink_gps_raw_int_t m;
  memset(&m, 0, sizeof m);
  m.time_usec = pvt->time_us; /* the board's clock when the frame was read */
  m.lat = pvt->lat_e7;
  m.lon = pvt->lon_e7;
  m.alt = mm(pvt->height_msl_m);
  m.alt_ellipsoid = mm(pvt->height_ellipsoid_m);
  m.eph = UINT16_MAX; /* HDOP and VDOP: not in NAV-PVT */
  m.epv = UINT16_MAX;
  m.vel = (uint16_t)lroundf(fminf(fmaxf(pvt->ground_speed_mps * 100.0f, 0.0f), 65534.0f));
  m.cog = (uint16_t)(lroundf(pvt->course_deg * 100.0f) % 36000);
  m.fix_type = mavlink_fix_type(pvt);
  m.satellites_visible = pvt->satellites;
  m.h_acc = (uint32_t)mm(fmaxf(pvt->horizontal_accuracy_m, 0.0f));
  m.v_acc = (uint32_t)mm(fmaxf(pvt->vertical_accuracy_m, 0.0f));
  m.vel_acc = (uint32_t)mm(fmaxf(pvt->speed_accuracy_mps, 0.0f));
  fc_link_send(link, MAVLINK_MSG_ID_GPS_RAW_INT, &m);
}

bool board_gps_hil(board_gps_t* gps, uint64_t now_us) {
  gps->hil_seen = true;
  gps->hil_us = now_us;
  return !board_gps_delivers(gps, now_us);
}

/* The health of the GPS in force: the receiver's, or HIL_GPS's (ok) while that feeds the core. */
static void report_health(board_gps_t* gps, fc_t* fc, uint64_t now_us) {
  const bool hil = gps->hil_seen && now_us - gps->hil_us < BOARD_GPS_HIL_FRESH_US && !board_gps_delivers(gps, now_us);
  const int code = hil ? 0 : (int)ublox_health(&gps->driver);
  if (code == gps->reported_code && now_us < gps->next_health_us) return;
  gps->reported_code = code;
  gps->next_health_us = now_us + BOARD_GPS_HEALTH_PERIOD_US;
  if (!hil) {
    fc_sensor_health(fc, FC_SENSOR_GPS, code, ublox_message(&gps->driver));
    return;
  }
  char text[FC_HEALTH_TEXT];
  snprintf(text, sizeof text, "GPS: HIL_GPS in force; %s", ublox_message(&gps->driver));
  fc_sensor_health(fc, FC_SENSOR_GPS, 0, text);
}

void board_gps_pass(board_gps_t* gps, fc_t* fc, fc_link_t* link, fc_gps_t* pending, uint64_t now_us) {
  if (!gps->started) return;
  ublox_pvt_t pvt;
  if (ublox_poll(&gps->driver, &pvt) == UBLOX_POLL_NEW) {
    if (mavlink_fix_type(&pvt) == 3 && isfinite(pvt.vel_ned_mps[0]) && isfinite(pvt.vel_ned_mps[1]) &&
        isfinite(pvt.vel_ned_mps[2])) {
      memset(pending, 0, sizeof *pending);
      pending->fresh = true;
      pending->time_us = fc->state.time_us;
      pending->vel_ned_mps = fc_v3(pvt.vel_ned_mps[0], pvt.vel_ned_mps[1], pvt.vel_ned_mps[2]);
      ++gps->fixes;
    }
    if (now_us >= gps->next_raw_us) {
      gps->next_raw_us = now_us + BOARD_GPS_RAW_PERIOD_US;
      send_raw(link, &pvt);
    }
  }
  report_health(gps, fc, now_us);
}
