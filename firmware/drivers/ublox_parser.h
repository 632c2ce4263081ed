/* The UBX protocol of u-blox GNSS receivers on a byte stream: frames built and checked, a
 * resynchronising frame parser that skips NMEA and garbage, and the NAV-PVT solution decoded to SI.
 *
 * Source: u-blox 8 / u-blox M8 Receiver Description including Protocol Specification,
 * UBX-13003221 (protocol versions 15..23.01): "UBX Frame Structure" (sync chars 0xB5 0x62,
 * class, id, 16-bit little-endian payload length, payload, CK_A CK_B), "UBX Checksum" (8-bit
 * Fletcher over class, id, length and payload), the message UBX-NAV-PVT (92-byte payload, offsets
 * in ublox_parser.c), and the NMEA 0183 sentence form of its NMEA chapter ('$', fields, '*', two
 * hex digits of the XOR of the characters between, CR LF).
 *
 * The parser keeps the bytes of the frame it is reading. A frame whose checksum fails is not
 * thrown away whole: scanning resumes at the byte after its first sync char, so a frame that was
 * cut short and followed by the next one (whose sync then lies inside the "payload" of the cut
 * one) is still found. A length above UBLOX_MAX_PAYLOAD is taken for a corrupted header and
 * skipped the same way. Bytes that belong to no good UBX frame go through an NMEA recogniser,
 * which counts whole sentences with a good checksum (evidence that the line's baud is right). */
#ifndef NAVIGATOR_DRIVERS_UBLOX_PARSER_H
#define NAVIGATOR_DRIVERS_UBLOX_PARSER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  UBLOX_SYNC_1 = 0xB5,
  UBLOX_SYNC_2 = 0x62,
  UBLOX_FRAME_OVERHEAD = 8, /* sync x2, class, id, length x2, CK_A, CK_B */
  /* The longest payload taken as a frame. The messages this driver reads or is answered with are
   * at most 100 bytes (NAV-PVT 92); 512 leaves room for the receiver's other output (MON-VER with
   * a dozen extension strings is about 280) while a corrupted length field costs at most 520 bytes
   * of waiting before the scan resumes. */
  UBLOX_MAX_PAYLOAD = 512,
  UBLOX_NMEA_MAX_CHARS = 82, /* NMEA 0183: '$' to LF inclusive */

  UBLOX_CLASS_NAV = 0x01,
  UBLOX_CLASS_ACK = 0x05,
  UBLOX_CLASS_CFG = 0x06,
  UBLOX_CLASS_NMEA = 0xF0, /* the standard NMEA sentences as "messages" of CFG-MSG */
  UBLOX_ID_NAV_PVT = 0x07,
  UBLOX_ID_ACK_NAK = 0x00,
  UBLOX_ID_ACK_ACK = 0x01,
  UBLOX_ID_CFG_PRT = 0x00,
  UBLOX_ID_CFG_MSG = 0x01,
  UBLOX_ID_CFG_RATE = 0x08,
  UBLOX_ID_CFG_NAV5 = 0x24,
  UBLOX_ID_NMEA_GGA = 0x00,
  UBLOX_ID_NMEA_RMC = 0x04,

  UBLOX_NAV_PVT_LENGTH = 92,
  UBLOX_CFG_PRT_LENGTH = 20,
  UBLOX_CFG_RATE_LENGTH = 6,
  UBLOX_CFG_MSG_LENGTH = 3, /* class, id, rate on the port it arrives on */
  UBLOX_CFG_NAV5_LENGTH = 36,

  /* CFG-PRT (UART): mode bits 7..6 charLen (11 = 8 bits), 11..9 parity (10x = none), 13..12
   * nStopBits (00 = 1): 8N1 is 0x000008C0; bit 4 is reserved and set in the receiver's own
   * output (0x000008D0), which is what we send. Protocol masks: bit 0 UBX, bit 1 NMEA. */
  UBLOX_PRT_MODE_8N1 = 0x000008D0,
  UBLOX_PROTO_UBX = 0x0001,
  UBLOX_PROTO_NMEA = 0x0002,
  UBLOX_PORT_UART1 = 1,

  /* NAV-PVT fixType and flags. */
  UBLOX_FIX_NONE = 0,
  UBLOX_FIX_DEAD_RECKONING = 1,
  UBLOX_FIX_2D = 2,
  UBLOX_FIX_3D = 3,
  UBLOX_FIX_GNSS_DEAD_RECKONING = 4,
  UBLOX_FIX_TIME_ONLY = 5,
  UBLOX_PVT_FLAG_GNSS_FIX_OK = 0x01,

  /* CFG-NAV5 dynModel 8: "airborne with <4g acceleration". */
  UBLOX_DYN_MODEL_AIRBORNE_4G = 8
};

/* The 8-bit Fletcher checksum ("UBX Checksum") over data[0..length): CK_A += byte, CK_B += CK_A,
 * both modulo 256. */
void ublox_checksum(const uint8_t* data, size_t length, uint8_t* ck_a, uint8_t* ck_b);

/* Writes a whole frame (sync, class, id, length, payload, checksum) into out; returns its size,
 * or 0 when it does not fit in `capacity` or the payload is over UBLOX_MAX_PAYLOAD. */
size_t ublox_frame_build(uint8_t* out, size_t capacity, uint8_t message_class, uint8_t message_id,
                         const uint8_t* payload, uint16_t length);

/* The NMEA checksum: the XOR of the characters between '$' and '*' (exclusive). */
uint8_t ublox_nmea_checksum(const char* body, size_t length);

typedef struct {
  uint8_t message_class;
  uint8_t message_id;
  uint16_t length;
  const uint8_t* payload; /* valid during the handler's call only */
} ublox_frame_t;

typedef void (*ublox_frame_handler_t)(void* context, const ublox_frame_t* frame);

typedef struct {
  uint8_t buffer[UBLOX_MAX_PAYLOAD + UBLOX_FRAME_OVERHEAD];
  size_t have;
  /* NMEA recogniser: 0 idle, 1 body, 2 and 3 the checksum's digits, 4 waiting for CR/LF. */
  uint8_t nmea_state;
  uint8_t nmea_sum;
  uint8_t nmea_given;
  uint8_t nmea_chars;
  /* Counters since init (they wrap only after 2^32). */
  uint32_t frames;         /* UBX frames with a good checksum */
  uint32_t bad_checksums;  /* complete frames whose checksum failed */
  uint32_t cut_frames;     /* frames cut short: another sync pair inside, or a length over the maximum */
  uint32_t skipped_bytes;  /* bytes that were part of no good UBX frame (NMEA included) */
  uint32_t nmea_sentences; /* whole NMEA sentences with a good checksum */
  uint32_t nmea_bad;       /* NMEA sentences whose checksum failed */
} ublox_parser_t;

void ublox_parser_init(ublox_parser_t* parser);

/* Takes `length` bytes of the stream; calls handler(context, frame) for each good UBX frame in
 * stream order. */
void ublox_parser_feed(ublox_parser_t* parser, const uint8_t* data, size_t length, ublox_frame_handler_t handler,
                       void* context);

/* A NAV-PVT solution in SI units. */
typedef struct {
  uint64_t time_us;   /* the driver's clock when the frame was read (after the receiver's latency) */
  uint32_t itow_ms;   /* GPS time of week of the navigation epoch */
  uint8_t fix_type;   /* UBLOX_FIX_* */
  bool gnss_fix_ok;   /* flags bit 0: the fix is within the receiver's DOP and accuracy masks */
  uint8_t satellites; /* numSV used in the solution */
  int32_t lat_e7;     /* latitude as sent [1e-7 deg] */
  int32_t lon_e7;     /* longitude as sent [1e-7 deg] */
  double lat_deg;     /* WGS-84; double keeps the 1e-7 deg (1 cm) of the field */
  double lon_deg;
  float height_ellipsoid_m; /* height above the WGS-84 ellipsoid */
  float height_msl_m;       /* height above mean sea level (the receiver's geoid model) */
  float horizontal_accuracy_m;
  float vertical_accuracy_m;
  float vel_ned_mps[3]; /* north, east, down */
  float ground_speed_mps;
  float course_deg; /* headMot: heading of motion, 0..360 */
  float speed_accuracy_mps;
  float pdop;
} ublox_pvt_t;

/* Decodes a NAV-PVT payload (UBLOX_NAV_PVT_LENGTH bytes) into *pvt (time_us left as it is).
 * Returns false, touching nothing, when `length` is not 92. */
bool ublox_decode_nav_pvt(const uint8_t* payload, size_t length, ublox_pvt_t* pvt);

/* Little-endian field access shared by the driver and the receiver model. */
uint16_t ublox_u16(const uint8_t* p);
uint32_t ublox_u32(const uint8_t* p);
void ublox_put_u16(uint8_t* p, uint16_t value);
void ublox_put_u32(uint8_t* p, uint32_t value);

#ifdef __cplusplus
}
#endif

#endif
