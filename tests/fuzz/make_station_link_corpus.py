#!/usr/bin/env python3
"""Seeds for fuzz_station_link (tests/fuzz/station_link_fuzz.cpp): byte 0 cuts the stream into
reads (bits 0-5: the largest read - 1; bit 6: the clock moves on; bit 7: the station first asks
to arm, lists the parameters and sets RATE_RP_P), the rest is what a vehicle sends: the telemetry
Navigator's firmware sends (heartbeat, SYS_STATUS, ATTITUDE + ATTITUDE_QUATERNION, HIGHRES_IMU),
STATUSTEXT, the answers to the station's requests (COMMAND_ACK, PARAM_VALUE) and values no board
should send (NaN attitude). Framed by make_corpus.py's frame_v2. Run:
    tests/fuzz/make_station_link_corpus.py tests/fuzz/corpus/station_link"""
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_corpus import CRC_EXTRA, attitude, frame_v2, heartbeat, statustext, sys_status  # noqa: E402

HEARTBEAT, SYS_STATUS, PARAM_VALUE, ATTITUDE, ATTITUDE_QUATERNION = 0, 1, 22, 30, 31
COMMAND_ACK, HIGHRES_IMU, STATUSTEXT = 77, 105, 253
CRC_EXTRA.update({PARAM_VALUE: 220, ATTITUDE_QUATERNION: 246, HIGHRES_IMU: 93})  # common.xml
NAN = float("nan")


def attitude_quaternion(q=(1.0, 0.0, 0.0, 0.0), rates=(0.0, 0.0, 0.0)):
    return struct.pack("<I7f", 123456, *q, *rates)


def highres_imu(values=None):
    values = values or [0.1, -0.2, -9.8, 0.01, 0.0, -0.01, 0.2, 0.0, 0.4, 1013.0, 0.0, 12.0, 25.0]
    return struct.pack("<Q13fH", 123456000, *values, 0x1FFF)


def param_value(name, value, index, count, type_=9):
    return struct.pack("<fHH16sB", value, count, index, name.encode(), type_)


def command_ack(command=400, result=0):
    return struct.pack("<HB", command, result)


def frames(*messages, sysid=1):
    return b"".join(frame_v2(m, p, seq=i, sysid=sysid) for i, (m, p) in enumerate(messages))


telemetry = frames((HEARTBEAT, heartbeat()), (SYS_STATUS, sys_status()), (ATTITUDE, attitude()),
                   (ATTITUDE_QUATERNION, attitude_quaternion((0.99, 0.05, -0.02, 0.1), (0.01, 0.0, -0.01))),
                   (HIGHRES_IMU, highres_imu()), (STATUSTEXT, statustext("Armed in ANGLE")))
answers = frames((HEARTBEAT, heartbeat(base_mode=0x81 | 0x80)), (COMMAND_ACK, command_ack()),
                 (PARAM_VALUE, param_value("RATE_RP_P", 0.1, 0, 3)), (PARAM_VALUE, param_value("RATE_RP_D", 0.002, 1, 3)),
                 (PARAM_VALUE, param_value("RATE_RP_P", 0.12, 0, 3)), (PARAM_VALUE, param_value("RATE_Y_P", 0.2, 2, 3)))
non_finite = frames((HEARTBEAT, heartbeat()), (ATTITUDE, struct.pack("<I6f", 1, NAN, 0, 0, 0, 0, 0)),
                    (ATTITUDE_QUATERNION, attitude_quaternion((NAN, 0, 0, 0))),
                    (HIGHRES_IMU, highres_imu([float("inf")] + [0.0] * 12)),
                    (STATUSTEXT, statustext("line\nbreak\x1b[31m red")))
seeds = {
    "telemetry_whole": bytes([63]) + telemetry,
    "telemetry_bytewise_clock": bytes([64]) + telemetry,
    "station_asks_answers": bytes([128 | 64 | 7]) + answers,
    "station_asks_silence": bytes([128 | 64]) + frames((HEARTBEAT, heartbeat())) + bytes([255] * 40),
    "non_finite_and_control_text": bytes([63]) + non_finite,
    "other_system": bytes([63]) + frames((HEARTBEAT, heartbeat()), sysid=7) + frames((HEARTBEAT, heartbeat(type_=6)), sysid=255),
}
out = sys.argv[1]
os.makedirs(out, exist_ok=True)
for name, data in seeds.items():
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)
print("wrote %d seeds to %s" % (len(seeds), out))
