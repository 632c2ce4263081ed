/* vayu_sitl --chip-fault (sitl_chip_faults.h). */
#include "firmware/hal/sitl/sitl_chip_faults.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char* name;
  const char* const* faults; /* NULL-terminated; index = the fault's code */
  uint32_t start_only;       /* bit n: fault n is read at start-up only */
} chip_faults_t;

static const char* const kBmx160[] = {"none", "no-answer", "bus-error", "wrong-id", "stuck", "saturated", NULL};
static const char* const kBmm150[] = {"none", "wrong-id", NULL};
static const char* const kBmp388[] = {"none", "no-answer", "bus-error", "wrong-id", "stuck", "fatal", NULL};
static const char* const kGps[] = {"none", "silent", "bad-checksum", "cut", "no-fix", NULL};
static const char* const kCrsf[] = {"none", "lost", "lq-zero", "bad-crc", "cut", NULL};
static const char* const kBattery[] = {"none", "adc-fails", "unplugged", "saturated", NULL};

static const chip_faults_t kChips[SITL_CHIP_COUNT] = {{"bmx160", kBmx160, 1u << SITL_BMX160_WRONG_ID},
                                                      {"bmm150", kBmm150, 1u << SITL_BMM150_WRONG_ID},
                                                      {"bmp388", kBmp388, 1u << SITL_BMP388_WRONG_ID},
                                                      {"gps", kGps, 0u},
                                                      {"crsf", kCrsf, 0u},
                                                      {"battery", kBattery, 0u}};

const char* sitl_chip_name(sitl_chip_t chip) {
  return (unsigned)chip < (unsigned)SITL_CHIP_COUNT ? kChips[chip].name : "?";
}

const char* sitl_chip_fault_name(sitl_chip_t chip, int fault) {
  if ((unsigned)chip >= (unsigned)SITL_CHIP_COUNT || fault < 0) return "?";
  for (int i = 0; kChips[chip].faults[i]; ++i)
    if (i == fault) return kChips[chip].faults[i];
  return "?";
}

/* "a, b, c" of a NULL-terminated list. */
static void join(const char* const* names, char* text, size_t capacity) {
  size_t used = 0;
  text[0] = '\0';
  for (int i = 0; names[i] && used < capacity; ++i)
    used += (size_t)snprintf(text + used, capacity - used, "%s%s", i ? ", " : "", names[i]);
}

/* The chip's index for `name` (length `length`), or -1. */
static int find_chip(const char* name, size_t length) {
  for (int c = 0; c < SITL_CHIP_COUNT; ++c)
    if (strlen(kChips[c].name) == length && strncmp(kChips[c].name, name, length) == 0) return c;
  return -1;
}

static int find_fault(const chip_faults_t* chip, const char* name, size_t length) {
  for (int f = 0; chip->faults[f]; ++f)
    if (strlen(chip->faults[f]) == length && strncmp(chip->faults[f], name, length) == 0) return f;
  return -1;
}

/* "@SECONDS" into *at_us: false when not a finite number 0..1000000. */
static bool parse_seconds(const char* text, uint64_t* at_us) {
  char* end = NULL;
  const double seconds = strtod(text, &end);
  if (end == text || *end != '\0' || !isfinite(seconds) || seconds < 0.0 || seconds > 1e6) return false;
  *at_us = (uint64_t)llround(seconds * 1e6);
  return true;
}

bool sitl_chip_fault_parse(const char* text, sitl_chip_fault_t* out, char* problem, size_t capacity) {
  const char* colon = strchr(text, ':');
  if (!colon || colon == text || colon[1] == '\0' || colon[1] == '@') {
    snprintf(problem, capacity, "--chip-fault '%s': expected CHIP:FAULT[@SECONDS], e.g. bmx160:stuck@5", text);
    return false;
  }
  const int chip = find_chip(text, (size_t)(colon - text));
  if (chip < 0) {
    char chips[128] = "";
    for (int c = 0; c < SITL_CHIP_COUNT; ++c)
      snprintf(chips + strlen(chips), sizeof chips - strlen(chips), "%s%s", c ? ", " : "", kChips[c].name);
    snprintf(problem, capacity, "--chip-fault '%s': unknown chip '%.*s' (the chips: %s)", text, (int)(colon - text),
             text, chips);
    return false;
  }
  const char* name = colon + 1;
  const char* at = strchr(name, '@');
  const size_t name_length = at ? (size_t)(at - name) : strlen(name);
  const int fault = find_fault(&kChips[chip], name, name_length);
  if (fault < 0) {
    char faults[160];
    join(kChips[chip].faults, faults, sizeof faults);
    snprintf(problem, capacity, "--chip-fault '%s': %s has no fault '%.*s' (its faults: %s)", text, kChips[chip].name,
             (int)name_length, name, faults);
    return false;
  }
  *out = (sitl_chip_fault_t){(sitl_chip_t)chip, fault, at == NULL, 0u, false};
  if (!at) return true;
  if (kChips[chip].start_only & (1u << fault)) {
    snprintf(problem, capacity,
             "--chip-fault '%s': the driver reads the %s's identity at start-up only: give %s:%s without @SECONDS",
             text, kChips[chip].name, kChips[chip].name, kChips[chip].faults[fault]);
    return false;
  }
  if (!parse_seconds(at + 1, &out->at_us)) {
    snprintf(problem, capacity, "--chip-fault '%s': '%s' is not a number of seconds 0..1000000", text, at + 1);
    return false;
  }
  return true;
}
