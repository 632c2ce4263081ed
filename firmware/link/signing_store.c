/* The signing record's flash log: see signing_store.h. Record layout, little-endian, 160 bytes:
 *   0 magic "VSG1"   4 sequence   8 flags (bit 0: key set)   12 key[32]   44 timestamp (u64)
 *   52 streams: 8 × (sysid, compid, link_id, used, timestamp u64) = 96 bytes   148 zero pad
 *   156 CRC-32 (IEEE 802.3, reflected 0xEDB88320) of bytes 0..155. */
#include "firmware/link/signing_store.h"

#include <string.h>

enum { MAGIC = 0x31475356u /* "VSG1" */, CRC_AT = SIGNING_STORE_RECORD_BYTES - 4, STREAMS_AT = 52 };

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
static void put64(uint8_t* p, uint64_t v) {
  for (int i = 0; i < 8; ++i) p[i] = (uint8_t)(v >> (8 * i));
}
static uint32_t get32(const uint8_t* p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static uint64_t get64(const uint8_t* p) { return (uint64_t)get32(p) | (uint64_t)get32(p + 4) << 32; }

static bool record_good(const uint8_t* r) { return get32(r) == MAGIC && get32(r + CRC_AT) == crc32(r, CRC_AT); }

static bool slot_erased(const uint8_t* r) {
  for (size_t i = 0; i < SIGNING_STORE_RECORD_BYTES; ++i)
    if (r[i] != 0xFF) return false;
  return true;
}

/* The newest good record: its sector and slot, and its sequence; false when none. */
static bool newest(const signing_flash_t* f, int* sector, size_t* slot, uint32_t* sequence) {
  bool found = false;
  const size_t slots = f->sector_bytes / SIGNING_STORE_RECORD_BYTES;
  for (int s = 0; s < 2; ++s)
    for (size_t i = 0; i < slots; ++i) {
      const uint8_t* r = f->sector[s] + i * SIGNING_STORE_RECORD_BYTES;
      if (!record_good(r)) continue;
      const uint32_t seq = get32(r + 4);
      if (!found || (int32_t)(seq - *sequence) > 0) {
        found = true;
        *sector = s;
        *slot = i;
        *sequence = seq;
      }
    }
  return found;
}

bool signing_store_load(const signing_flash_t* flash, mavlink_signing_t* signing) {
  int sector = 0;
  size_t slot = 0;
  uint32_t sequence = 0;
  if (!newest(flash, &sector, &slot, &sequence)) return false;
  const uint8_t* r = flash->sector[sector] + slot * SIGNING_STORE_RECORD_BYTES;
  uint8_t key[MAVLINK_SIGNING_KEY_LEN] = {0};
  if (get32(r + 8) & 1u) memcpy(key, r + 12, sizeof key);
  mavlink_signing_set_key(signing, key, get64(r + 44));
  for (int i = 0; i < MAVLINK_SIGNING_STREAMS; ++i) {
    const uint8_t* st = r + STREAMS_AT + 12 * i;
    mavlink_signing_stream_t* s = &signing->streams[i];
    s->sysid = st[0];
    s->compid = st[1];
    s->link_id = st[2];
    s->used = st[3] ? 1 : 0;
    s->timestamp = get64(st + 4);
  }
  memset(key, 0, sizeof key);
  return true;
}

bool signing_store_save(const signing_flash_t* flash, const mavlink_signing_t* signing, const char** problem) {
  int sector = 0;
  size_t slot = 0;
  uint32_t sequence = 0;
  const size_t slots = flash->sector_bytes / SIGNING_STORE_RECORD_BYTES;
  const bool any = newest(flash, &sector, &slot, &sequence);
  /* The next erased slot after the newest record in its sector; else the other sector, erased. */
  int to_sector = any ? sector : 0;
  size_t to_slot = any ? slot + 1 : 0;
  while (to_slot < slots && !slot_erased(flash->sector[to_sector] + to_slot * SIGNING_STORE_RECORD_BYTES)) ++to_slot;
  if (to_slot >= slots || (!any && !slot_erased(flash->sector[0]))) {
    to_sector = any ? 1 - sector : 0;
    to_slot = 0;
    if (!flash->erase(flash->context, to_sector)) {
      *problem = "flash erase failed";
      return false;
    }
  }
  uint8_t r[SIGNING_STORE_RECORD_BYTES];
  memset(r, 0, sizeof r);
  put32(r, MAGIC);
  put32(r + 4, any ? sequence + 1u : 1u);
  put32(r + 8, signing->enabled ? 1u : 0u);
  if (signing->enabled) memcpy(r + 12, signing->key, MAVLINK_SIGNING_KEY_LEN);
  put64(r + 44, mavlink_signing_now(signing));
  for (int i = 0; i < MAVLINK_SIGNING_STREAMS; ++i) {
    const mavlink_signing_stream_t* s = &signing->streams[i];
    uint8_t* st = r + STREAMS_AT + 12 * i;
    st[0] = s->sysid;
    st[1] = s->compid;
    st[2] = s->link_id;
    st[3] = s->used;
    put64(st + 4, s->timestamp);
  }
  put32(r + CRC_AT, crc32(r, CRC_AT));
  const size_t offset = to_slot * SIGNING_STORE_RECORD_BYTES;
  const bool programmed = flash->program(flash->context, to_sector, offset, r, sizeof r);
  const bool kept = programmed && memcmp(flash->sector[to_sector] + offset, r, sizeof r) == 0;
  memset(r, 0, sizeof r);
  if (!kept) {
    *problem = programmed ? "flash did not keep the record" : "flash programming failed";
    return false;
  }
  return true;
}
