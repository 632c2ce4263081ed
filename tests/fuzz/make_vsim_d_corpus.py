#!/usr/bin/env python3
"""Seeds for fuzz_vsim_d_pipes (tests/fuzz/vsim_d_pipes_fuzz.cpp): bytes 0-1 (little-endian) are
how many of the rest go down vsim_pwm, the others down vsim_ctl. HIL_ACTUATOR_CONTROLS frames as
a firmware sends them (framed by make_corpus.py's frame_v2, independently of the C codec),
control lines of sim/service/README.md, and both at once. Run:
    tests/fuzz/make_vsim_d_corpus.py tests/fuzz/corpus/vsim_d_pipes"""
import json
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_corpus import CRC_EXTRA, frame_v2, heartbeat  # noqa: E402

HIL_ACTUATOR_CONTROLS = 93
CRC_EXTRA[HIL_ACTUATOR_CONTROLS] = 47  # common.xml's CRC_EXTRA of HIL_ACTUATOR_CONTROLS


def actuator_controls(time_usec, duties, armed=True, seq=0):
    controls = list(duties) + [0.0] * (16 - len(duties))
    payload = struct.pack("<QQ16fB", time_usec, 0, *controls, 0x80 if armed else 0)
    return frame_v2(HIL_ACTUATOR_CONTROLS, payload, seq=seq)


def seed(out, name, pwm, ctl=b""):
    with open(os.path.join(out, name), "wb") as f:
        f.write(struct.pack("<H", len(pwm)) + pwm + ctl)


def lines(*commands):
    return "".join(json.dumps(c) + "\n" for c in commands).encode()


out = sys.argv[1]
os.makedirs(out, exist_ok=True)
hover = [0.55] * 4
seed(out, "pwm_hover", b"".join(actuator_controls(1000 * k, hover, seq=k) for k in range(3)))
seed(out, "pwm_nan_duty", actuator_controls(0, [float("nan"), 0.5, float("inf"), -1.0]))
seed(out, "pwm_heartbeat_and_controls", heartbeat() + actuator_controls(0, hover))
seed(out, "pwm_torn", actuator_controls(0, hover)[:20] + actuator_controls(1000, hover))
seed(out, "ctl_commands", b"", lines({"command": "reset", "seed": 7, "position_NED_m": [0, 0, -2]},
                                      {"command": "world", "wind_NED_mps": [3, 0, 0], "turbulence_sigma_mps": 1},
                                      {"command": "geometry", "airframe_file": "s500.yaml"}))
seed(out, "ctl_mode_and_pause", b"", lines({"command": "mode", "mode": "realtime"}, {"command": "pause"},
                                            {"command": "resume"}))
seed(out, "ctl_lockstep", actuator_controls(0, hover), lines({"command": "mode", "mode": "lockstep"}))
seed(out, "ctl_bad_lines", b"", b"{\"command\": \"warp\"}\n\n   \nnot json\n{\"command\": \"reset\", \"seed\": -3}\n{\"comm")
seed(out, "both", actuator_controls(0, hover) + actuator_controls(1000, [0.9, 0.1, 0.9, 0.1], seq=1),
     lines({"command": "world", "world": "none"}, {"command": "reset", "seed": 1}))
