#!/usr/bin/env python3
"""Writes the seed corpus of the signing fuzz targets (signed_link_fuzz.c, station_signing_fuzz.cpp)
into corpus/signed_link/ and corpus/station_signing/.

Each file is one fuzz input: a control byte (bit 0: the stream arrives over the private link),
then the byte stream. Frames are built here independently of the C code: the MAVLink 2 framing
of make_corpus.py and the signature of mavlink.io's "Message Signing" — the first 6 bytes of
SHA-256(key + header + payload + CRC + link id + timestamp), Python's hashlib — with the key
signed_link_fuzz.c holds (KEY), so the fuzzer starts from frames the firmware accepts, and
from their replays, wrong keys and SETUP_SIGNING.

Output is deterministic. Run from this folder:  python3 make_signed_corpus.py"""
import hashlib
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "firmware", "mavlink"))
from derive_known_frames import crc_x25  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "signed_link")
KEY = b"Navigator fuzz key 0123456789abc"  # signed_link_fuzz.c's KEY
assert len(KEY) == 32
START = 38000000000000  # the firmware's local timestamp at the start
CRC_EXTRA = {0: 50, 23: 168, 69: 243, 76: 152, 256: 71}
HEARTBEAT, PARAM_SET, MANUAL_CONTROL, COMMAND_LONG, SETUP_SIGNING = 0, 23, 69, 76, 256


def frame(msgid, payload, seq=0, sysid=255, compid=190, key=None, link_id=0, timestamp=None):
    payload = payload.rstrip(b"\x00") or b"\x00"
    flags = 0x01 if key is not None else 0
    header = struct.pack("<BBBBBBBHB", 0xFD, len(payload), flags, 0, seq, sysid, compid, msgid & 0xFFFF, msgid >> 16)
    crc = crc_x25(bytes([CRC_EXTRA[msgid]]), crc_x25(header[1:] + payload))
    out = header + payload + struct.pack("<H", crc)
    if key is None:
        return out
    out += bytes([link_id]) + struct.pack("<Q", timestamp)[:6]
    return out + hashlib.sha256(key + out).digest()[:6]


def arm():
    return struct.pack("<7fHBBB", 1.0, 21196.0, 0, 0, 0, 0, 0, 400, 1, 1, 0)


def sticks(roll):
    return struct.pack("<hhhhHB", 0, roll, 500, 0, 0, 1)


def param_set(name, value):
    return struct.pack("<fBB16sB", value, 1, 1, name.encode(), 9)


def setup(key, timestamp):
    return struct.pack("<QBB32s", timestamp, 1, 1, key)


OTHER = bytes(range(32))
t = START + 1000
signed_arm = frame(COMMAND_LONG, arm(), key=KEY, timestamp=t)
seeds = {
    "signed_commands": b"\x00" + signed_arm + frame(MANUAL_CONTROL, sticks(300), seq=1, key=KEY, timestamp=t + 1)
    + frame(PARAM_SET, param_set("RATE_RP_P", 0.2), seq=2, key=KEY, timestamp=t + 2),
    "unsigned_commands": b"\x00" + frame(COMMAND_LONG, arm()) + frame(MANUAL_CONTROL, sticks(900), seq=1),
    "wrong_key": b"\x00" + frame(COMMAND_LONG, arm(), key=OTHER, timestamp=t),
    "replayed": b"\x00" + signed_arm + signed_arm,
    "too_old_new_stream": b"\x00" + frame(COMMAND_LONG, arm(), key=KEY, link_id=5, timestamp=START - 6100000),
    "setup_over_udp_unsigned": b"\x00" + frame(SETUP_SIGNING, setup(OTHER, t)) + frame(COMMAND_LONG, arm(), seq=1),
    "setup_over_udp_signed": b"\x00" + frame(SETUP_SIGNING, setup(OTHER, t), key=KEY, timestamp=t)
    + frame(COMMAND_LONG, arm(), seq=1, key=OTHER, timestamp=t + 5),
    "setup_private_off": b"\x01" + frame(SETUP_SIGNING, setup(bytes(32), 0)) + frame(COMMAND_LONG, arm(), seq=1),
    "setup_private_malformed": b"\x01" + frame(SETUP_SIGNING, setup(OTHER, 1 << 50)),
}

if __name__ == "__main__":
    # The same seeds serve the station's side (station_signing_fuzz.cpp: byte 0 cuts the reads; the
    # keyed vehicle is system 255, whose frames these are).
    for out in (OUT, os.path.join(os.path.dirname(OUT), "station_signing")):
        os.makedirs(out, exist_ok=True)
        for name, data in seeds.items():
            with open(os.path.join(out, name), "wb") as f:
                f.write(data)
        print("wrote %d files to %s" % (len(seeds), out))
