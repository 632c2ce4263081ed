#!/usr/bin/env python3
"""Writes the seed corpus of the MAVLink parser fuzz target into corpus/mavlink_parser/.

Each file is one fuzz input: a control byte (how mavlink_parser_fuzz.c cuts the rest into
chunks, see the comment at the top of that file), then the byte stream. The frames are built
here independently of the C codec, by the MAVLink serialization rules: v2 header, payload
truncation (trailing zero bytes dropped, one byte always kept), X.25 CRC (CRC-16/MCRF4XX) over
everything after the start marker followed by the message's CRC_EXTRA, then the 13-byte
signature when incompat flag 0x01 is set; v1 frames have the 6-byte header and no truncation.
Payload layouts are the wire order of firmware/mavlink/mavlink_message_table.h; CRC_EXTRA
values are the published ones (tests/firmware checks the table against them).

Output is deterministic. Run from this folder:  python3 make_corpus.py"""
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "firmware", "mavlink"))
from derive_known_frames import crc_x25  # noqa: E402  (the one Python CRC-16/MCRF4XX)

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "mavlink_parser")

CRC_EXTRA = {0: 50, 1: 124, 2: 137, 30: 39, 76: 152, 77: 143, 253: 83}
HEARTBEAT, SYS_STATUS, SYSTEM_TIME, ATTITUDE, COMMAND_LONG, COMMAND_ACK, STATUSTEXT = 0, 1, 2, 30, 76, 77, 253


def frame_v2(msgid, payload, seq=0, sysid=1, compid=1, signature=None, truncate=True, crc_extra=None,
             incompat=None):
    if truncate:
        payload = payload.rstrip(b"\x00") or b"\x00"
    flags = (0x01 if signature is not None else 0) if incompat is None else incompat
    header = struct.pack("<BBBBBBBHB", 0xFD, len(payload), flags, 0, seq, sysid, compid,
                         msgid & 0xFFFF, msgid >> 16)
    extra = CRC_EXTRA.get(msgid, 0) if crc_extra is None else crc_extra
    crc = crc_x25(bytes([extra]), crc_x25(header[1:] + payload))
    return header + payload + struct.pack("<H", crc) + (signature or b"")


def frame_v1(msgid, payload, seq=0, sysid=1, compid=1, stx=0xFE):
    header = bytes([stx, len(payload), seq, sysid, compid, msgid])
    crc = crc_x25(bytes([CRC_EXTRA[msgid]]), crc_x25(header[1:] + payload))
    return header + payload + struct.pack("<H", crc)


# Payloads in wire order.
def heartbeat(custom_mode=0, type_=2, autopilot=0, base_mode=0x81, status=4, version=3):
    return struct.pack("<IBBBBB", custom_mode, type_, autopilot, base_mode, status, version)


def sys_status(extended=True):
    base = struct.pack("<IIIHHhHHHHHHb", 0x0020FC0F, 0x0020FC0F, 0x0020FC0F, 250, 12450, 870, 0, 0,
                       0, 0, 0, 0, 76)
    return base + (struct.pack("<III", 1, 1, 1) if extended else b"")


def attitude():
    return struct.pack("<I6f", 123456, 0.05, -0.02, 1.5708, 0.001, -0.002, 0.0)


def command_long():  # MAV_CMD_COMPONENT_ARM_DISARM (400), arm
    return struct.pack("<7fHBBB", 1.0, 0, 0, 0, 0, 0, 0, 400, 1, 1, 0)


def statustext(text, severity=6):
    return struct.pack("<B50sHB", severity, text.encode(), 0, 0)


def lcg_bytes(n, seed):
    out = bytearray()
    for _ in range(n):
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        out.append((seed >> 16) & 0xFF)
    return bytes(out)


def spurious_frame_after_resync():
    """A frame the parser should not deliver (see README.md, "Findings"): a v1 candidate that
    waits for 31 bytes and fails its CRC, holding a good v1 HEARTBEAT and then 8 bytes that
    begin with 0x55 and otherwise form a valid zero-length v1 HEARTBEAT."""
    inner = frame_v1(HEARTBEAT, heartbeat(), seq=7)
    decoy = frame_v1(HEARTBEAT, b"", stx=0x55)
    body = inner + decoy
    return bytes([0xFE, len(body) - 2, 0, 0, 0, 0]) + body


signature = bytes([1]) + struct.pack("<Q", 0x0000123456789A)[:6] + bytes(range(0xA0, 0xA6))
hb = frame_v2(HEARTBEAT, heartbeat(), seq=1)
seeds = {
    # control 0: the whole stream in one call
    "heartbeat_v2": bytes([0x00]) + hb,
    # control 0x40: one byte per call
    "attitude_v2_bytewise": bytes([0x40]) + frame_v2(ATTITUDE, attitude(), seq=2),
    # control 0x47: chunks of 1..8 bytes; several messages, extensions, truncated payloads
    "stream_mixed": bytes([0x47])
    + frame_v2(HEARTBEAT, heartbeat(), seq=10)
    + frame_v2(SYS_STATUS, sys_status(), seq=11)
    + frame_v2(STATUSTEXT, statustext("Navigator ready"), seq=12)
    + frame_v2(COMMAND_LONG, command_long(), seq=13, sysid=255, compid=190)
    + frame_v2(COMMAND_ACK, struct.pack("<HBBiBB", 400, 0, 0, 0, 255, 190), seq=14),
    # a MAVLink 1 frame (no truncation) and a v1 SYS_STATUS without extensions
    "v1_frames": bytes([0x03]) + frame_v1(HEARTBEAT, heartbeat(), seq=5) + frame_v1(SYS_STATUS, sys_status(False), seq=6),
    # a signed frame (incompat flag 0x01, 13-byte signature), with collect calls between chunks
    "signed_v2": bytes([0x85]) + frame_v2(SYSTEM_TIME, struct.pack("<QI", 1700000000000000, 5000), seq=3,
                                          signature=signature),
    # a frame cut short: the parser must keep it buffered, not deliver it
    "truncated_v2": bytes([0x00]) + frame_v2(ATTITUDE, attitude())[:20],
    # a torn frame, then a good one: the parser must resynchronise and find it
    "torn_then_good": bytes([0x10]) + frame_v2(STATUSTEXT, statustext("torn"))[:12] + hb,
    # rejected candidates: bad CRC, unknown message id, unknown incompatibility flag, then good
    "rejects_then_good": bytes([0x07])
    + frame_v2(HEARTBEAT, heartbeat(), crc_extra=0)
    + frame_v2(0x123456, b"\x01\x02\x03")
    + frame_v2(HEARTBEAT, heartbeat(), incompat=0x02)
    + hb,
    # a v2 payload longer than the message's largest: accepted, the extra bytes are not decoded
    "oversized_payload_v2": bytes([0x00]) + frame_v2(HEARTBEAT, heartbeat() + bytes(range(1, 247)), truncate=False),
    # a zero-length v2 payload (pack never sends one, the parser accepts it)
    "empty_payload_v2": bytes([0x00]) + frame_v2(HEARTBEAT, b"", truncate=False),
    # garbage with start markers sprinkled in, then a good frame
    "garbage": bytes([0x6A]) + bytes(b if b % 37 else 0xFD for b in lcg_bytes(300, 1)) + hb,
    # regression inputs for the finding in README.md
    "regress_spurious_frame_after_resync": bytes([0x00]) + spurious_frame_after_resync(),
    # found by the fuzzer, minimised: a v2 candidate with an unknown id is dropped, the FE
    # inside it starts a valid zero-length v1 STATUSTEXT, and the byte after it (0xFF) is left
    # at the front of the buffer.
    "regress_unmarked_buffer_start": bytes.fromhex("fafdfe00001300fd7242ff"),
    # found by the fuzzer, minimised: the same, and the byte left behind (0xFC) starts a copy
    # of the v1 frame just delivered, which is delivered again.
    "regress_spurious_frame_minimal": bytes.fromhex("00" "fdfe0001006020000d" "fc0001006020000d"),
}

if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    for name, data in seeds.items():
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)
    print("wrote %d files to %s" % (len(seeds), OUT))
