#!/usr/bin/env python3
"""Derives the known-good MAVLink v2 frames in mavlink_codec_test.cpp independently of the C
codec: the wire layouts are typed here from the published c_library_v2 headers
(mavlink_msg_heartbeat.h, mavlink_msg_hil_sensor.h, mavlink_msg_hil_actuator_controls.h:
field offsets and MAVLINK_MSG_ID_*_CRC), packed with Python's struct module, and framed by
the MAVLink 2 serialization rules (header, payload truncation, X.25 CRC over everything after
the start marker, then CRC_EXTRA). Run it to print the frames as C hex strings."""
import struct


def crc_x25(data, crc=0xFFFF):
    for b in data:
        tmp = b ^ (crc & 0xFF)
        tmp = (tmp ^ (tmp << 4)) & 0xFF
        crc = ((crc >> 8) ^ (tmp << 8) ^ (tmp << 3) ^ (tmp >> 4)) & 0xFFFF
    return crc


def frame_v2(seq, sysid, compid, msgid, crc_extra, payload):
    payload = payload.rstrip(b"\x00") or b"\x00"
    header = struct.pack("<BBBBBBBHB", 0xFD, len(payload), 0, 0, seq, sysid, compid, msgid & 0xFFFF, msgid >> 16)
    crc = crc_x25(header[1:] + payload)
    crc = crc_x25(bytes([crc_extra]), crc)
    return header + payload + struct.pack("<H", crc)


def hexstr(b):
    return "".join("\\x%02x" % x for x in b)


def main():
    # HEARTBEAT (id 0, CRC_EXTRA 50): custom_mode u32 @0, type @4, autopilot @5, base_mode @6,
    # system_status @7, mavlink_version @8. A quadrotor (2), generic autopilot (0), custom mode
    # enabled + armed (0x81), active (4), version 3.
    heartbeat = struct.pack("<IBBBBB", 0, 2, 0, 0x81, 4, 3)
    print("HEARTBEAT", hexstr(frame_v2(7, 1, 1, 0, 50, heartbeat)))

    # HIL_SENSOR (id 107, CRC_EXTRA 108): time_usec u64 @0, then 13 floats xacc..temperature @8,
    # fields_updated u32 @60, id u8 @64 (extension). Level at rest: (0, 0, -9.80665) m/s^2.
    hil_sensor = struct.pack("<Q13fIB", 1234567, 0.0, 0.0, -9.80665, 0.01, -0.02, 0.03, 0.21, 0.0, 0.42,
                         1013.25, 0.0, 0.0, 15.0, 0x1FFF, 0)
    print("HIL_SENSOR", hexstr(frame_v2(42, 1, 200, 107, 108, hil_sensor)))

    # HIL_ACTUATOR_CONTROLS (id 93, CRC_EXTRA 47): time_usec u64 @0, flags u64 @8,
    # controls float[16] @16, mode u8 @80. Four motors, the rest zero (truncated on the wire).
    controls = [0.5, 0.25, 0.75, 1.0] + [0.0] * 12
    hil_act = struct.pack("<QQ16fB", 2000000, 0, *controls, 0x81)
    print("HIL_ACTUATOR_CONTROLS", hexstr(frame_v2(3, 1, 1, 93, 47, hil_act)))


if __name__ == "__main__":
    main()
