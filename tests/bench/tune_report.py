#!/usr/bin/env python3
"""Summarises vsim-tune --json reports as docs/figures.md's table per airframe (each aim judged on the airframe as built, the held-out airframes' worst beside it).

    build/bin/vsim-tune --airframe NAME --json --out /tmp/NAME.txt > NAME.json
    tests/bench/tune_report.py NAME.json ...

Each row: the airframe, the candidates flown, the robustness cost per flight by stage, and on
the held-out flights the worst roll and pitch step (overshoot beyond where it ends, settling to
±0.5° of it), then the worst ratio to the defaults' flight of the same vehicle for the tilt in
gusts, the motor loss, the downdraft and the motor activity, the unstable flights, and whether
every aim was met (the file written).
"""
import json
import re
import sys


def worst_ratio(aims, key):
    for a in aims:
        if key in a["aim"]:
            m = re.search(r"worst ×([0-9.]+|inf)", a["aim"])
            return m.group(1) if m else "?"
    return "?"


def step_worst(aims, step):
    """(overshoot %, settling s) on the airframe as built and on the held-out airframes, from the
    step aims' words (aims.cpp)."""
    out = []
    for what in ("overshoot", "settled"):
        text = next(a["aim"] for a in aims if a["aim"].startswith(f"{step}: {what}"))
        m = re.search(r"\(worst ([0-9.]+)", text)
        o = re.search(r"held-out airframes: worst ([0-9.]+)", text)
        out.append((m.group(1) if m else "?", o.group(1) if o else "?"))
    (ob, oo), (sb, so) = out
    return f"{ob}, {sb} ({oo}, {so})"


def main(paths):
    print("| airframe | set | candidates | robustness cost by stage | roll step: overshoot %, settling s | "
          "pitch step: the same | gust tilt | motor loss | downdraft | motor activity | unstable | aims met |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for path in paths:
        with open(path, encoding="utf-8") as f:
            j = json.load(f)
        stages = ", ".join(f'{s["name"]} {s["cost_before"]:.2f}→{s["cost_after"]:.2f}' for s in j["stages"])
        failed = sum(s["failures"] for s in j["held_out"]["after"]) + sum(s["failures"] for s in j["robustness"]["after"])
        aims = j["aims"]
        met = sum(1 for a in aims if a["met"])
        step = lambda m: step_worst(aims, m)
        size = j["robustness"]["before"][0]["flights"]
        print(f'| {j["airframe"]} | {size} | {j["evaluations"]} | {stages} | {step("roll_step")} | {step("pitch_step")} | '
              f'×{worst_ratio(aims, "gusts")} | ×{worst_ratio(aims, "motor losing")} | ×{worst_ratio(aims, "downdraft")} | '
              f'×{worst_ratio(aims, "motor activity")} | {failed} | {met} of {len(aims)}{"" if met < len(aims) else " (written)"} |')


if __name__ == "__main__":
    main(sys.argv[1:])
