/* The parameters' flash log: see param_store.h for the scheme and the record layout. */
#include "firmware/link/param_store.h"

#include <stdio.h>
#include <string.h>

enum { MAGIC = 0x31525056u /* "VPR1" */, HEADER_BYTES = 12, ENTRY_BYTES = 20, NAME_BYTES = 16 };

static uint32_t crc32(const uint8_t* data, size_t length) {
  uint32_t crc = 0xFFFFFFFFu;
  for (size_t i = 0; i < length; ++i) {
    crc ^= data[i];
    for (int b = 0; b < 8; ++b) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

static void put32(uint8_t* p, uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = (uint8_t)(v >> (8 * i));
}
static uint32_t get32(const uint8_t* p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static size_t record_bytes(uint32_t entries) { return HEADER_BYTES + ENTRY_BYTES * (size_t)entries + 4u; }

/* The size of the good record at `at` (room bytes before the end of what is written), or 0. */
static size_t good_record(const uint8_t* at, size_t room) {
  if (room < record_bytes(0) || get32(at) != MAGIC) return 0;
  const uint32_t entries = get32(at + 8);
  if (entries > PARAM_STORE_MAX_ENTRIES || record_bytes(entries) > room) return 0;
  const size_t crc_at = record_bytes(entries) - 4u;
  return get32(at + crc_at) == crc32(at, crc_at) ? record_bytes(entries) : 0;
}

/* Where the written part of a sector ends: past its last byte that is not 0xFF, rounded up to a
 * word. A torn record (a cut write) is inside it, so nothing is ever programmed over it. */
static size_t written_end(const param_flash_t* f, int sector) {
  size_t end = f->sector_bytes;
  while (end > 0 && f->sector[sector][end - 1] == 0xFF) --end;
  return (end + 3u) & ~(size_t)3u;
}

typedef struct {
  bool found;
  int sector;
  size_t offset, bytes;
  uint32_t sequence;
} newest_t;

/* The newest good record of both sectors: records follow one another; past anything that is not
 * one (a torn write, a half-erased sector) the scan moves on a word at a time. */
static newest_t newest(const param_flash_t* f) {
  newest_t n = {false, 0, 0, 0, 0};
  for (int s = 0; s < 2; ++s) {
    const size_t end = written_end(f, s);
    for (size_t at = 0; at + 4u <= end;) {
      const size_t bytes = good_record(f->sector[s] + at, end - at);
      if (bytes == 0) {
        at += 4u;
        continue;
      }
      const uint32_t seq = get32(f->sector[s] + at + 4);
      if (!n.found || (int32_t)(seq - n.sequence) > 0) n = (newest_t){true, s, at, bytes, seq};
      at += bytes;
    }
  }
  return n;
}

/* The stored name as text (zero-padded to 16 bytes, terminated here). */
static void entry_name(const uint8_t* entry, char name[17]) {
  memcpy(name, entry, NAME_BYTES);
  name[NAME_BYTES] = '\0';
}

static void note_dropped(param_store_report_t* report, const char name[17]) {
  if (report->dropped < PARAM_STORE_DROPPED_NAMED) memcpy(report->dropped_names[report->dropped], name, 17);
  ++report->dropped;
}

/* "Dropped 2 of 5: OLD_NAME, X": the names that fit in 50 characters whole, " ..." when some do
 * not; "" when nothing was dropped. */
static void describe_dropped(param_store_report_t* report) {
  if (report->dropped == 0) return;
  char* m = report->message;
  const size_t room = sizeof report->message;
  snprintf(m, room, "Dropped %d of %d:", report->dropped, report->stored);
  const int named = report->dropped < PARAM_STORE_DROPPED_NAMED ? report->dropped : PARAM_STORE_DROPPED_NAMED;
  for (int i = 0; i < report->dropped; ++i) {
    const size_t n = strlen(m);
    const char* name = i < named ? report->dropped_names[i] : "";
    if (i < named && n + 2u + strlen(name) < room) {
      snprintf(m + n, room - n, "%s %s", i ? "," : "", name);
      continue;
    }
    if (n + 4u < room) snprintf(m + n, room - n, " ...");
    return;
  }
}

bool param_store_load(const param_flash_t* flash, fc_params_t* params, param_store_report_t* report) {
  memset(report, 0, sizeof *report);
  const newest_t n = newest(flash);
  if (!n.found) {
    snprintf(report->message, sizeof report->message, "none stored");
    return false;
  }
  const uint8_t* r = flash->sector[n.sector] + n.offset;
  report->found = true;
  report->sequence = n.sequence;
  report->stored = (int)get32(r + 8);
  for (int i = 0; i < report->stored; ++i) {
    const uint8_t* e = r + HEADER_BYTES + ENTRY_BYTES * (size_t)i;
    char name[17];
    entry_name(e, name);
    const uint32_t bits = get32(e + NAME_BYTES);
    float value;
    memcpy(&value, &bits, sizeof value);
    const int id = fc_param_find(name);
    if (id < 0 || fc_param_set(params, id, value) != FC_PARAM_OK) {
      note_dropped(report, name);
      continue;
    }
    ++report->taken;
  }
  describe_dropped(report);
  return true;
}

/* The record of `params` in `r` (sequence left 0): its size. */
static size_t build_record(const fc_params_t* params, uint8_t* r) {
  uint32_t entries = 0;
  for (int i = 0; i < FC_PARAM_COUNT; ++i) {
    const fc_param_info_t* info = fc_param_info(i);
    if (params->value[i] == info->default_value) continue;
    uint8_t* e = r + HEADER_BYTES + ENTRY_BYTES * (size_t)entries;
    memset(e, 0, NAME_BYTES);
    memcpy(e, info->name, strlen(info->name) < NAME_BYTES ? strlen(info->name) : NAME_BYTES);
    uint32_t bits;
    memcpy(&bits, &params->value[i], sizeof bits);
    put32(e + NAME_BYTES, bits);
    ++entries;
  }
  put32(r, MAGIC);
  put32(r + 4, 0);
  put32(r + 8, entries);
  return record_bytes(entries);
}

bool param_store_save(const param_flash_t* flash, const fc_params_t* params, const char** problem) {
  uint8_t r[PARAM_STORE_RECORD_BYTES_MAX];
  const size_t bytes = build_record(params, r);
  const newest_t n = newest(flash);
  const uint8_t* last = n.found ? flash->sector[n.sector] + n.offset : NULL;
  /* the same values as the newest record: nothing to write */
  if (last && n.bytes == bytes && memcmp(last + 8, r + 8, bytes - 12u) == 0) return true;
  put32(r + 4, n.found ? n.sequence + 1u : 1u);
  put32(r + bytes - 4u, crc32(r, bytes - 4u));
  int to = n.found ? n.sector : 0;
  size_t at = written_end(flash, to);
  if (at + bytes > flash->sector_bytes) {
    to = n.found ? 1 - n.sector : 0;
    at = 0;
    if (!flash->erase(flash->context, to)) {
      *problem = "flash erase failed";
      return false;
    }
  }
  const bool programmed = flash->program(flash->context, to, at, r, bytes);
  const bool kept = programmed && memcmp(flash->sector[to] + at, r, bytes) == 0;
  if (!kept) {
    *problem = programmed ? "flash did not keep it" : "flash write failed";
    return false;
  }
  return true;
}
