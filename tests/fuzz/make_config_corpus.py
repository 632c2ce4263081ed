#!/usr/bin/env python3
"""Seeds for fuzz_config_files (tests/fuzz/config_files_fuzz.cpp): byte 0 picks what the rest is
(0 airframe file, 1 world file, 2 scenario file, 3 control-pipe lines). The shipped airframes,
worlds and scenarios as they are, a world with a mesh and every control command of
sim/service/README.md. Run from the repository root:
    tests/fuzz/make_config_corpus.py tests/fuzz/corpus/config_files"""
import json
import os
import sys

out = sys.argv[1]
os.makedirs(out, exist_ok=True)


def seed(name, kind, text):
    with open(os.path.join(out, name), "wb") as f:
        f.write(bytes([kind]) + (text.encode() if isinstance(text, str) else text))


for kind, folder in ((0, "airframes"), (1, "worlds"), (2, "scenarios")):
    for name in sorted(os.listdir(os.path.join("resources", folder))):
        if name.endswith(".yaml"):
            with open(os.path.join("resources", folder, name), "rb") as f:
                seed(folder[:-1] + "_" + name[:-5], kind, f.read())

seed("world_mesh", 1, """name: terrain
ground: {height_m: 0.0}
mesh: {file: ../meshes/s500_frame.stl, unit: mm, position_m: [0, 0, -1], rotation_rpy_deg: [180, 0, 0], friction: 0.5}
""")

airframe = {
    "name": "pushed", "mass_properties": {"mass_kg": 1.2, "inertia_kgm2": [[0.01, 0, 0], [0, 0.012, 0], [0, 0, 0.02]]},
}
commands = [
    {"command": "reset", "seed": 7},
    {"command": "reset", "seed": 18446744073709551615, "position_NED_m": [0, 0, -2], "attitude_rpy_deg": [10, -5, 90],
     "velocity_NED_mps": [1, 0, 0], "rate_B_radps": [0, 0, 1]},
    {"command": "geometry", "airframe_file": "generic_quad.yaml"},
    {"command": "geometry", "airframe_file": "s500.yaml"},
    {"command": "world", "wind_NED_mps": [3, 0, 0], "turbulence_sigma_mps": 1},
    {"command": "world", "world": "none"},
    {"command": "world", "world_file": "../worlds/obstacles.yaml"},
    {"command": "world", "world": {"ground": {"height_m": 0.5}, "obstacles": [
        {"name": "post", "cylinder": {"radius_m": 0.15, "length_m": 3.0}, "position_m": [-3.0, -3.0, -1.5]}]}},
    {"command": "pause"}, {"command": "resume"},
    {"command": "mode", "mode": "lockstep"}, {"command": "mode", "mode": "fast"},
]
for i, c in enumerate(commands):
    seed("control_%02d_%s" % (i, c["command"]), 3, json.dumps(c) + "\n")
seed("control_all", 3, "".join(json.dumps(c) + "\n" for c in commands))
# The geometry command with an inline airframe: the generic quad as JSON would need the YAML
# parsed here; yaml-cpp reads JSON, so the shipped file's own text inside a flow map is enough.
with open("resources/airframes/generic_quad.yaml") as f:
    generic = f.read()
seed("control_bad_lines", 3, "{\"command\": \"warp\"}\nnot json at all\n{\"command\": \"reset\"}\n\n{\"command\": \"reset\", \"seed\": -1}\n")

# Regression inputs of findings (tests/fuzz/README.md, Findings).
seed("regress_inside_post_on_ground", 3, json.dumps({"command": "world", "world": {"ground": {"height_m": 0.5}, "obstacles": [
    {"name": "post", "cylinder": {"radius_m": 5.15, "length_m": 3.0}, "position_m": [-3.0, -3.0, -1.5]}]}}) + "\n")
# A key starting with NUL once gave an empty error message.
seed("regress_nul_in_key", 3, b'{"command": "reset", "\x00\x00seed": 7}\n')
# A folder named as a world file (here through a NUL that cuts the name to "../") once ended
# the process with an escaped std::ios_base::failure.
seed("regress_world_file_is_a_folder", 3, b'{"command": "world", "world_file": "../\x00\x00worlds/obstacles.yaml"}\n'
     b'{"command": "world", "world_file": "/tmp"}\n')
