/* The flight core's parameters in a board's flash: an append-only log of records over two
 * erasable sectors, as NOR flash wants it (the same scheme and flash interface as
 * signing_store.h). Each save appends one record after the last written byte of the sector in
 * use; when the record does not fit there, the other sector is erased and the record written at
 * its start. The newest record whose CRC holds wins, across both sectors, so a power cut while a
 * record is written or while a sector is erased leaves the set saved before it.
 *
 * A record holds the parameters whose value differs from the default, each by name (16 bytes,
 * the MAVLink param_id) and value (float32), not the whole table by position:
 *  - records stay small (a tuned airframe differs in a few dozen values: a 128 KiB sector takes
 *    a few hundred saves per erase, so the 1-2 s erase stall and the flash's wear are rare);
 *  - a firmware whose table gained, lost or reordered parameters still reads an older record:
 *    the names it knows are taken (each value checked against today's range and type), the
 *    others are dropped and reported by name, and a new parameter starts at its default;
 *  - a parameter never changed follows its default when a new firmware changes that default.
 * The price: a value set equal to its default is not stored, so it follows a changed default too.
 *
 * Record layout, little-endian, 16 + 20 n bytes:
 *   0 magic "VPR1"   4 sequence   8 n (entries)   12 n x (name[16] zero-padded, value u32 bits)
 *   12 + 20 n  CRC-32 (IEEE 802.3, reflected 0xEDB88320) of every byte before it. */
#ifndef NAVIGATOR_PARAM_STORE_H
#define NAVIGATOR_PARAM_STORE_H

#include "firmware/core/fc_params.h"
#include "firmware/link/signing_store.h" /* signing_flash_t: the two-sector flash interface */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The flash as for the signing record (erase and program callbacks, memory-mapped reads);
 * sector_bytes need only be a multiple of 4 here. */
typedef signing_flash_t param_flash_t;

enum {
  PARAM_STORE_MAX_ENTRIES = 256, /* a record of any table up to this size is read */
  PARAM_STORE_RECORD_BYTES_MAX = 16 + 20 * FC_PARAM_COUNT,
  PARAM_STORE_DROPPED_NAMED = 4 /* the first dropped names kept for the message */
};

typedef struct {
  bool found;        /* a good record was read */
  uint32_t sequence; /* its sequence number */
  int stored;        /* values it held */
  int taken;         /* of those, put in `params` */
  int dropped;       /* unknown to this table, or refused by its range or type */
  char dropped_names[PARAM_STORE_DROPPED_NAMED][17];
  char message[51]; /* for STATUSTEXT: what was dropped, or why nothing was read; "" when all is well */
} param_store_report_t;

/* Reads the newest good record into `params`, which the caller sets to the defaults first (what
 * is not stored keeps its value). Returns false, with report->message saying so, when there is
 * none (never saved, or nothing survived). */
bool param_store_load(const param_flash_t* flash, fc_params_t* params, param_store_report_t* report);

/* Appends the record of `params` (the values differing from their defaults) and reads it back.
 * Nothing is written when the newest record holds the same values already. Returns false, with
 * *problem set (a short sentence), when the flash refused or did not keep it; the previous record
 * stays the newest good one. Erases a sector (1-2 s on an STM32F4, the CPU stalled) once the one
 * in use is full: call it only where a stall is safe (disarmed). */
bool param_store_save(const param_flash_t* flash, const fc_params_t* params, const char** problem);

#ifdef __cplusplus
}
#endif

#endif
