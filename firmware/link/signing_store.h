/* The signing record (key, timestamp, streams) in a board's flash: an append-only log over two
 * erasable sectors, as NOR flash wants it. Each save appends one record (magic, sequence number,
 * the record, CRC-32) in the next erased slot of the sector in use; when that sector is full
 * the other one is erased and the record written at its start, so a power cut during an erase or
 * a write never loses the last good record (the newest record whose CRC holds wins, across both
 * sectors). One erase per SIGNING_STORE_SLOTS saves.
 *
 * Portable: the flash comes as three callbacks (read is plain memory), so the host tests drive a
 * flash model with NOR's rules (erase to 0xFF, programming only clears bits, a cut mid-write)
 * and the board passes its FLASH registers (firmware/hal/stm32f4/board_flash.c). */
#ifndef NAVIGATOR_SIGNING_STORE_H
#define NAVIGATOR_SIGNING_STORE_H

#include "firmware/mavlink/mavlink_signing.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { SIGNING_STORE_RECORD_BYTES = 160 };

typedef struct {
  const uint8_t* sector[2]; /* where each sector reads (memory-mapped flash) */
  size_t sector_bytes;      /* each sector's size, a multiple of the record size */
  /* Erases sector `index` (all bytes 0xFF); programs `length` bytes (a multiple of 4) at byte
   * `offset` of sector `index`, 32-bit words. Both return false when the flash reports an error. */
  bool (*erase)(void* context, int index);
  bool (*program)(void* context, int index, size_t offset, const uint8_t* data, size_t length);
  void* context;
} signing_flash_t;

/* Loads the newest good record into `signing` (key, its timestamp, streams; `signing` keeps its
 * clock and hash). Returns false when there is none (never saved, or nothing survived). */
bool signing_store_load(const signing_flash_t* flash, mavlink_signing_t* signing);

/* Appends the record of `signing` (key or none, mavlink_signing_now as the timestamp, streams)
 * and reads it back. Returns false, with *problem set, when the flash refused or did not keep
 * it (the previous record stays the newest good one). */
bool signing_store_save(const signing_flash_t* flash, const mavlink_signing_t* signing, const char** problem);

#ifdef __cplusplus
}
#endif

#endif
