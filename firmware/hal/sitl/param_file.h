/* Parameter persistence for SITL: a text file of "NAME VALUE" lines beside the pipes, and in
 * the same file the MAVLink signing record — "SIGNING_KEY" and 64 hex digits, "SIGNING_TIMESTAMP"
 * and the local timestamp, one "SIGNING_STREAM sysid compid link_id timestamp" per stream
 * heard — so a restart neither loses the key nor reopens old frames to replay. The file is
 * written readable by its owner only (0600). */
#ifndef NAVIGATOR_SITL_PARAM_FILE_H
#define NAVIGATOR_SITL_PARAM_FILE_H

#include "firmware/core/fc_params.h"
#include "firmware/mavlink/mavlink_signing.h"

#include <stdbool.h>
#include <stdio.h>

/* Loads what the file sets; every bad parameter line is reported on `errors` with the file and
 * line and leaves that parameter as it was. A missing file is not an error (first start).
 * The signing record goes into `signing` (may be NULL: not read): key, timestamp, streams.
 * Returns the number of parameter lines refused, or -1 when the signing record is damaged (a
 * key that is not 64 hex digits, a bad timestamp or stream line): reported, and nothing of
 * the record taken — the firmware must not start unsigned on a damaged key. */
int sitl_params_load(const char* path, fc_params_t* params, mavlink_signing_t* signing, FILE* errors);

/* Writes every parameter, and the signing record when `signing` has a key (through a
 * temporary file, mode 0600, renamed into place, so a crash never leaves half a file).
 * `durable`: flushed to the disk before the rename (fsync; a new key). Without it (the periodic
 * timestamps) the write stays in the page cache, which a crash of the process keeps, and never
 * waits on the disk inside the flight loop. Returns 0 on success, -1 with errno set. */
int sitl_params_save(const char* path, const fc_params_t* params, const mavlink_signing_t* signing, bool durable);

/* Writes the parameter table — name, type, default, min, max, unit and description — as JSON
 * (an array of objects), the metadata a ground station shows beside each value, as PX4 ships
 * its parameters.xml. The unit is the description's trailing "[unit]", taken out of it. */
void sitl_params_write_metadata(FILE* out);

#endif
