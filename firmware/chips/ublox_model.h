/* A u-blox M8 GNSS receiver on its UART, with the wire between it and the flight controller,
 * for the host tests and the SITL's chip mode. Written from u-blox 8 / u-blox M8 Receiver
 * Description including Protocol Specification, UBX-13003221 (UBX frames and the messages
 * CFG-PRT, CFG-RATE, CFG-MSG, CFG-NAV5, ACK-ACK, ACK-NAK, NAV-PVT; NMEA GGA and RMC).
 *
 * What it does as the receiver does:
 *   - factory state: UART1 at 9600 baud 8N1, UBX and NMEA in, NMEA out, one measurement a second,
 *     GGA and RMC each solution (a real M8 also sends GLL, GSA, GSV, VTG and TXT, left out);
 *   - the sentences are built from the truth (talker GN, position as ddmm.mmmmm, altitude above
 *     mean sea level and the geoid separation, speed in knots, course, status and mode A or V/N
 *     without a fix) with their checksums;
 *   - UBX input: CFG-PRT for UART1 (8N1 only, any baud 4800..921600, protocol masks) is answered
 *     with ACK-ACK at the old baud and the new baud takes effect when that ACK has left the line;
 *     CFG-RATE (measRate >= 25 ms, navRate 1..127), CFG-MSG (3-byte form: the rate on this port;
 *     8-byte form: UART1's entry), CFG-NAV5 (dynModel when its mask bit is set: 0 or 2..10) each
 *     ACK-ACK, or ACK-NAK when a field is out of range or the length wrong; other CFG messages
 *     (polls included) ACK-NAK; other classes ignored; UBX input ignored when the input mask
 *     lacks UBX;
 *   - NAV-PVT from the truth each solution when its rate is set and the output mask has UBX:
 *     iTOW, the UTC date and time (GPS - UTC = 18 s), fixType, gnssFixOK, numSV, lon/lat
 *     (rounded to 1e-7 deg), height and hMSL (mm), hAcc/vAcc, velN/E/D, gSpeed, headMot, sAcc,
 *     pDOP;
 *   - the answer to a command is queued the moment its last byte arrives (a real receiver takes a
 *     few milliseconds more).
 * The wire: each direction is a queue of bytes, each taking 10 bits at the sender's baud, after
 * the ones before it (so 100 bytes at 9600 take 104 ms). A byte read at a baud other than the one
 * it was sent at is garbled, deterministically: every fifth such byte is lost (a framing error
 * that swallows it) and the others come out through the fixed map b -> 167 b + 59 (mod 256).
 * Faults: SILENT (nothing sent, nothing taken), BAD_CHECKSUM (CK_B of every `fault_every`-th UBX
 * output frame flipped), CUT_FRAMES (only the first half of every `fault_every`-th UBX output frame
 * sent), NO_FIX (fixType 0 and gnssFixOK clear whatever the truth says), `refuse_class` /
 * `refuse_id` (ACK-NAK to that one CFG message), and `switch_before_ack` (CFG-PRT's ACK at the new
 * baud).
 *
 * Time is the model's own: advance it with ublox_model_advance_us (a test's clock does it). */
#ifndef NAVIGATOR_CHIPS_UBLOX_MODEL_H
#define NAVIGATOR_CHIPS_UBLOX_MODEL_H

#include "firmware/drivers/bus.h"
#include "firmware/drivers/ublox_parser.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { UBLOX_MODEL_LINE_CAPACITY = 4096 };

typedef enum {
  UBLOX_MODEL_FAULT_NONE = 0,
  UBLOX_MODEL_FAULT_SILENT,
  UBLOX_MODEL_FAULT_BAD_CHECKSUM,
  UBLOX_MODEL_FAULT_CUT_FRAMES,
  UBLOX_MODEL_FAULT_NO_FIX
} ublox_model_fault_t;

typedef struct {
  uint8_t byte;
  uint32_t baud;       /* the sender's baud */
  uint64_t arrival_ns; /* when its stop bit ends at the far side */
} ublox_model_byte_t;

typedef struct {
  ublox_model_byte_t ring[UBLOX_MODEL_LINE_CAPACITY];
  size_t head, count;
  uint64_t free_ns; /* the sender's line is busy until then */
} ublox_model_line_t;

typedef struct {
  /* Truth (set at any time; the next solution takes it). */
  double lat_deg, lon_deg;   /* WGS-84 */
  double height_ellipsoid_m; /* above the ellipsoid */
  double geoid_separation_m; /* ellipsoid above mean sea level: hMSL = height - separation */
  double vel_ned_mps[3];
  double horizontal_accuracy_m, vertical_accuracy_m, speed_accuracy_mps, pdop;
  uint8_t fix_type; /* UBLOX_FIX_* */
  bool gnss_fix_ok;
  uint8_t satellites;
  /* Faults. */
  ublox_model_fault_t fault;
  uint32_t fault_every; /* BAD_CHECKSUM and CUT_FRAMES hit every n-th UBX output frame (default 1) */
  bool refuse;
  uint8_t refuse_class, refuse_id;
  bool switch_before_ack; /* CFG-PRT: the new baud at once, its ACK sent at it (lost to a host
                             still at the old one), as some firmware is reported to do */

  /* Receiver state (read it in tests; change it through the UART). */
  uint32_t baud;
  uint16_t in_proto, out_proto;
  uint16_t measurement_period_ms, nav_rate;
  uint8_t pvt_rate, gga_rate, rmc_rate; /* solutions per output, 0 off */
  uint8_t dyn_model;
  bool baud_pending;
  uint32_t pending_baud;
  uint64_t pending_baud_ns;
  uint32_t start_tow_ms; /* GPS time of week at the model's time 0 */

  /* The wire. */
  uint32_t host_baud; /* the flight controller's UART */
  ublox_model_line_t to_receiver, to_host;
  ublox_parser_t parser; /* the receiver's UBX input */
  uint64_t now_ns;
  uint64_t next_solution_ns;
  uint32_t solutions;
  uint32_t garbled;       /* bytes read at the wrong baud, either side */
  uint32_t output_frames; /* UBX frames sent */
  /* Counters. */
  uint32_t acks, naks, pvt_frames, nmea_sentences, baud_changes, dropped_outputs;
} ublox_model_t;

/* Factory state (9600 baud, NMEA out, 1 Hz), the host's UART at 9600, time 0, and the truth: a
 * 3-D fix at 52.5200066 N 13.4049540 E, 80 m above the ellipsoid, geoid 40 m, at rest, 12
 * satellites, hAcc 1.2 m, vAcc 1.8 m, sAcc 0.15 m/s, pDOP 1.3; GPS time Wednesday 10:00:18
 * (UTC 10:00:00, 12 June 2024). */
void ublox_model_init(ublox_model_t* model);

/* A receiver that kept a configuration (battery-backed or flash): `baud`, UBX only out,
 * NAV-PVT every solution every `period_ms`. */
void ublox_model_configured(ublox_model_t* model, uint32_t baud, uint16_t period_ms);

/* A power cycle without backup: the factory configuration again (9600 baud, NMEA, 1 Hz), the
 * bytes on the wire lost; the time, the truth and the faults kept. */
void ublox_model_power_cycle(ublox_model_t* model);

void ublox_model_advance_us(ublox_model_t* model, uint64_t microseconds);
uint64_t ublox_model_now_us(const ublox_model_t* model);

/* The flight controller's side of the wire (context: the model). */
size_t ublox_model_read(void* context, uint8_t* data, size_t capacity);
size_t ublox_model_write(void* context, const uint8_t* data, size_t length);
bool ublox_model_set_baud(void* context, uint32_t baud);
bus_uart_t ublox_model_uart(ublox_model_t* model);

/* The NAV-PVT payload the truth gives at GPS time of week `itow_ms` (what the receiver sends). */
void ublox_model_nav_pvt(const ublox_model_t* model, uint32_t itow_ms, uint8_t payload[UBLOX_NAV_PVT_LENGTH]);

/* The GGA and RMC sentences ('$' to CR LF, NUL-terminated) at `itow_ms`; returns the length. */
size_t ublox_model_gga(const ublox_model_t* model, uint32_t itow_ms, char* text, size_t capacity);
size_t ublox_model_rmc(const ublox_model_t* model, uint32_t itow_ms, char* text, size_t capacity);

#ifdef __cplusplus
}
#endif

#endif
