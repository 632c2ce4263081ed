/* The board image's flash upkeep (board_main.h): the parameters (param_store.h) loaded at boot,
 * saved on MAV_CMD_PREFLIGHT_STORAGE and once PARAM_SETs have stopped for a second; the signing
 * record (signing_store.h) when SETUP_SIGNING changes it and once a minute while the timestamps
 * move. An erase stalls the CPU for 1-2 s and a record's write for milliseconds (the one flash bank
 * holds the code): both happen only while disarmed, never inside a control step. */
#include "firmware/hal/stm32f4/board_main.h"
#include "firmware/link/param_store.h"

#include <stdio.h>
#include <string.h>

enum { SIGNING_SAVE_MS = 60000, PARAM_SAVE_QUIET_MS = 1000 };

void board_statustext(fc_link_t* link, uint8_t severity, const char* text) {
  mavlink_statustext_t t;
  memset(&t, 0, sizeof t);
  t.severity = severity;
  const size_t n = strlen(text);
  memcpy(t.text, text, n < sizeof t.text ? n : sizeof t.text); /* unterminated when full, as MAVLink allows */
  fc_link_send(link, MAVLINK_MSG_ID_STATUSTEXT, &t);
}

/* Saves the signing record when SETUP_SIGNING changed it (told when the flash does not keep it)
 * or a minute after the last save while the timestamps moved; never while armed. Returns whether
 * the flash was written (the CPU stalled). */
bool board_save_signing(fc_link_t* link, const fc_t* fc, const signing_flash_t* flash, uint32_t now_ms,
                        uint32_t* last_save_ms, uint64_t* saved_timestamp) {
  if (fc->state.armed) return false;
  const bool changed = link->signing_changed;
  const bool moved = link->signing.enabled && mavlink_signing_now(&link->signing) != *saved_timestamp &&
                     now_ms - *last_save_ms >= SIGNING_SAVE_MS;
  if (!changed && !moved) return false;
  link->signing_changed = false;
  *last_save_ms = now_ms;
  *saved_timestamp = mavlink_signing_now(&link->signing);
  const char* problem = "";
  if (signing_store_save(flash, &link->signing, &problem) || !changed) return true;
  board_statustext(link, 4, "Signing key not kept in flash: lasts until reset");
  return true;
}

/* The parameters saved once PARAM_SETs have stopped for PARAM_SAVE_QUIET_MS, while disarmed (an
 * armed vehicle's changes wait for the disarm); a flash that does not keep them is said. */
void board_save_params(flight_t* f, uint32_t now_ms) {
  if (f->link->params_changed) {
    f->link->params_changed = false;
    f->params_dirty = true;
    f->params_changed_ms = now_ms;
  }
  if (!f->params_dirty || f->fc->state.armed || now_ms - f->params_changed_ms < PARAM_SAVE_QUIET_MS) return;
  f->params_dirty = false;
  loop_timing_stalled(&f->timing);
  const char* problem = "";
  if (param_store_save(&f->param_flash, &f->fc->config.params, &problem)) return;
  char text[FC_EVENT_TEXT];
  snprintf(text, sizeof text, "Parameters not saved: %s", problem);
  board_statustext(f->link, 4, text);
}

/* MAV_CMD_PREFLIGHT_STORAGE's storage (fc_link_param_storage_t): the parameters' flash sectors. */
static bool storage_save(void* context, const fc_params_t* params, const char** message) {
  flight_t* f = context;
  loop_timing_stalled(&f->timing);
  f->params_dirty = false;
  return param_store_save(&f->param_flash, params, message);
}

static bool storage_load(void* context, fc_params_t* params, const char** message) {
  flight_t* f = context;
  static param_store_report_t report; /* its message is read after the call */
  const bool found = param_store_load(&f->param_flash, params, &report);
  *message = report.message;
  return found;
}

/* At boot: the stored parameters in force (MODE_DEFAULT's mode with them), and what happened
 * said: how many were loaded and what was dropped, or that the defaults are in force. */
void board_load_params(flight_t* f) {
  fc_params_t stored;
  fc_params_defaults(&stored);
  param_store_report_t report;
  if (!param_store_load(&f->param_flash, &stored, &report)) {
    board_statustext(f->link, 6, "Parameters: none stored, defaults in force");
    return;
  }
  const int refused = fc_link_apply_params(f->link, f->fc, &stored);
  f->fc->state.mode = (vayu_mode_t)(int)fc_param(&f->fc->config.params, FC_PARAM_MODE_DEFAULT);
  char text[FC_EVENT_TEXT];
  snprintf(text, sizeof text, "Parameters: %d loaded from flash", report.taken - refused);
  board_statustext(f->link, 6, text);
  if (report.message[0]) board_statustext(f->link, 4, report.message);
}

fc_link_param_storage_t board_param_storage(flight_t* f) {
  const fc_link_param_storage_t storage = {storage_save, storage_load, f};
  return storage;
}
