#!/usr/bin/env python3
"""Judges a tune on flights the tuner never flew: vsim-fly, with and without the tuned gains.

    tests/bench/tune_unseen.py --airframe FILE|NAME [--params TUNED.txt] [--seeds 101,102,...]
                               [--winds N:E,...] [--turbulence SIGMA] [--bin build/bin]

Without --params the default tune is made first (vsim-tune --airframe A --seed 1). Then each
seed × wind flies the same flight twice through vsim-fly: the airframe as it comes (the
firmware's defaults under the airframe file's own gains, what the tuner calls "before") and with
the tuned file (vsim-fly --params). The flight, in light turbulence and a steady wind: take off
in ALT_HOLD, climb to about 3 m, hover 5 s, then half-stick steps (roll right, centre, roll left,
centre, pitch forward, centre, pitch back, centre; 2 s each), then a half-stick climb and
centre. None of it is a tuner manoeuvre: the tuner flies 10° steps from a hover in ANGLE 50 m up
on its own seeds and winds; here the vehicle takes off, holds its height in ALT_HOLD, and the
step size is half of MAX_ANGLE_DEG (10° with the default 20°).

Per flight, from the simulator's truth in vsim-fly's CSV:
  - each of the eight angle edges: overshoot beyond where it ends (% of the step) and settling
    (s until it stays within 5 % of the step of where it ends, as the tuner's ±0.5° of 10°),
    measured from where the vehicle was at the edge, in the 2 s before the next edge;
  - the tilt RMS in the 5 s hover (the turbulence's doing, less the wind's mean lean);
  - the largest height change while the steps are flown (ALT_HOLD with the throttle centred);
  - the motor activity: RMS of the duty's change per 1 kHz step, over the steps.

Verdict (exit code): 0 when on every flight the tuned gains are no worse than the defaults on
each figure — worse meaning above both the defaults' figure (with a margin: 1 percentage point
of overshoot, 10 ms of settling, ×1.10 tilt and height) and the standing aim where there is one
(5 %, 0.25 s) — and their motor activity is within ×1.2 of the defaults' (the tuner's own
bound); 2 when some flight is worse (each named); 1 on an error.
"""
import argparse
import csv
import math
import os
import subprocess
import sys
import tempfile

STEP = 0.5          # half stick
HOVER = (6.0, 11.0)  # the hover judged for its tilt
EDGES = [11.0, 13.0, 15.0, 17.0, 19.0, 21.0, 23.0, 25.0]
WINDOW_S = 2.0
END_S = 0.2         # "where it ends": the mean of the window's last 0.2 s
SETTLE_BAND = 0.05  # of the step
AIM_OVERSHOOT_PCT, AIM_SETTLING_S = 5.0, 0.25
MARGIN_OVERSHOOT_PCT, MARGIN_SETTLING_S, MARGIN_RATIO = 1.0, 0.010, 1.10
ACTIVITY_BOUND = 1.2


def scenario(wind_ne, sigma):
    """The flight, as a vsim-fly scenario (flight/README.md)."""
    sticks = [(11, "roll: 0.5"), (13, ""), (15, "roll: -0.5"), (17, ""), (19, "pitch: 0.5"), (21, ""),
              (23, "pitch: -0.5"), (25, ""), (27, "")]
    lines = [
        "duration_s: 31",
        "mode: alt_hold",
        "timeline:",
        f"  - {{t_s: 0, sticks: {{throttle: 0}}, wind_NED_mps: [{wind_ne[0]}, {wind_ne[1]}, 0], "
        f"turbulence_sigma_mps: {sigma}}}",
        "  - {t_s: 2, arm: true}",
        "  - {t_s: 2.5, sticks: {throttle: 0.8}}",
        "  - {t_s: 6, sticks: {throttle: 0.5}}",
    ]
    for t, axis in sticks:
        throttle = "throttle: 0.75" if t == 27 else "throttle: 0.5"
        lines.append(f"  - {{t_s: {t}, sticks: {{{axis + ', ' if axis else ''}{throttle}}}}}")
    lines.append("  - {t_s: 29, sticks: {throttle: 0.5}}")
    return "\n".join(lines) + "\n"


def read_csv(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    if not rows:
        raise RuntimeError(f"{path}: no rows")
    words = {"mode"}  # the only column that is not a number
    return {k: [float(r[k]) for r in rows] for k in rows[0] if k not in words}


def step_figures(t, y, edge, before, after):
    """(overshoot %, settling s) of the edge at `edge` from `before` to `after` (degrees)."""
    idx = [i for i, ti in enumerate(t) if edge <= ti < edge + WINDOW_S]
    if not idx:
        raise RuntimeError(f"no samples after the edge at {edge} s")
    y0 = y[idx[0]] - before  # where the vehicle was at the edge (a wind's lean is not the step's)
    ys = [y[i] - y0 for i in idx]
    tail = [ys[k] for k, i in enumerate(idx) if t[i] >= edge + WINDOW_S - END_S]
    end = sum(tail) / len(tail)
    size = abs(after - before)
    sign = 1.0 if after > before else -1.0
    overshoot = max(0.0, max((v - end) * sign for v in ys)) / size * 100.0
    settling = 0.0  # to the first sample after the last one outside the band
    for k, i in enumerate(idx):
        if abs(ys[k] - end) > SETTLE_BAND * size:
            settling = t[idx[min(k + 1, len(idx) - 1)]] - edge
    return overshoot, settling


def figures(path):
    c = read_csv(path)
    t = c["time_s"]
    sp = {"roll": c["sp_roll_deg"], "pitch": c["sp_pitch_deg"]}
    out = {"overshoot_pct": 0.0, "settling_s": 0.0}
    for n, edge in enumerate(EDGES):
        axis = "roll" if n < 4 else "pitch"
        i0 = next(i for i, ti in enumerate(t) if ti >= edge - 0.01)
        i1 = next(i for i, ti in enumerate(t) if ti >= edge + 0.5)
        before, after = sp[axis][i0], sp[axis][i1]
        if abs(after - before) < 1.0:
            raise RuntimeError(f"{path}: the {axis} setpoint did not step at {edge} s ({before:.2f} → {after:.2f}°)")
        o, s = step_figures(t, c[f"{axis}_deg"], edge, before, after)
        out["overshoot_pct"] = max(out["overshoot_pct"], o)
        out["settling_s"] = max(out["settling_s"], s)
    hover = [i for i, ti in enumerate(t) if HOVER[0] <= ti < HOVER[1]]
    tilt = 0.0
    for axis in ("roll", "pitch"):
        v = [c[f"{axis}_deg"][i] for i in hover]
        m = sum(v) / len(v)
        tilt += sum((x - m) ** 2 for x in v) / len(v)
    out["tilt_rms_deg"] = math.sqrt(tilt)
    steps = [i for i, ti in enumerate(t) if EDGES[0] <= ti < EDGES[-1] + WINDOW_S]
    h0 = -c["pos_d_m"][steps[0]]
    out["height_change_m"] = max(abs(-c["pos_d_m"][i] - h0) for i in steps)
    duties = [k for k in c if k.startswith("duty")]
    sq, n = 0.0, 0
    for i in steps[1:]:
        for k in duties:
            sq += (c[k][i] - c[k][i - 1]) ** 2
            n += 1
    out["activity"] = math.sqrt(sq / n)
    for k, v in out.items():
        if not math.isfinite(v):
            raise RuntimeError(f"{path}: {k} is not finite")
    return out


def worse(name, tuned, before):
    """The ways `tuned` is worse than `before` on one flight (words), empty when none."""
    said = []
    if tuned["overshoot_pct"] > max(before["overshoot_pct"] + MARGIN_OVERSHOOT_PCT, AIM_OVERSHOOT_PCT):
        said.append(f"overshoot {tuned['overshoot_pct']:.1f} % against {before['overshoot_pct']:.1f} %")
    if tuned["settling_s"] > max(before["settling_s"] + MARGIN_SETTLING_S, AIM_SETTLING_S):
        said.append(f"settling {tuned['settling_s']:.3f} s against {before['settling_s']:.3f} s")
    for k, unit in (("tilt_rms_deg", "°"), ("height_change_m", " m")):
        if tuned[k] > before[k] * MARGIN_RATIO:
            said.append(f"{k} {tuned[k]:.3f}{unit} against {before[k]:.3f}{unit}")
    if tuned["activity"] > before["activity"] * ACTIVITY_BOUND:
        said.append(f"motor activity ×{tuned['activity'] / before['activity']:.2f} of the defaults'")
    return [f"{name}: {s}" for s in said]


def run(cmd):
    done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {done.returncode}:\n{done.stdout[-2000:]}")
    return done.stdout


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--airframe", required=True)
    ap.add_argument("--params", help="the tuned gains; without it the default tune is made first")
    ap.add_argument("--seeds", default="101,102,103,104")
    ap.add_argument("--winds", default="0:0,3:0,-2.5:-2.5", help="steady winds N:E [m/s]")
    ap.add_argument("--turbulence", type=float, default=0.5, help="σ of the Dryden turbulence [m/s]")
    ap.add_argument("--bin", default=os.environ.get("NAVIGATOR_BIN", os.path.join(here, "..", "..", "build", "bin")))
    a = ap.parse_args()
    seeds = [int(s) for s in a.seeds.split(",")]
    winds = [tuple(float(x) for x in w.split(":")) for w in a.winds.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        params = a.params
        if not params:
            params = os.path.join(tmp, "tuned.txt")
            print(f"tune_unseen: tuning {a.airframe} (vsim-tune --seed 1, the default search)", flush=True)
            run([os.path.join(a.bin, "vsim-tune"), "--airframe", a.airframe, "--seed", "1", "--out", params])
        print(f"{'seed':>4} {'wind N:E':>10} | {'overshoot %':>15} {'settling s':>15} {'tilt RMS °':>15} "
              f"{'height Δ m':>15} {'activity ×':>10}")
        problems, rows = [], []
        for wind in winds:
            path = os.path.join(tmp, "flight.yaml")
            with open(path, "w") as f:
                f.write(scenario(wind, a.turbulence))
            for seed in seeds:
                got = {}
                for which, extra in (("before", []), ("after", ["--params", params])):
                    out = os.path.join(tmp, f"{which}.csv")
                    run([os.path.join(a.bin, "vsim-fly"), "--airframe", a.airframe, "--scenario", path,
                         "--seed", str(seed), "--out", out] + extra)
                    got[which] = figures(out)
                b, t = got["before"], got["after"]
                rows.append((b, t))
                name = f"seed {seed}, wind {wind[0]:g}:{wind[1]:g} m/s"
                problems += worse(name, t, b)
                print(f"{seed:>4} {wind[0]:>5g}:{wind[1]:<4g} | "
                      f"{b['overshoot_pct']:>6.1f} → {t['overshoot_pct']:<6.1f} {b['settling_s']:>6.3f} → {t['settling_s']:<6.3f} "
                      f"{b['tilt_rms_deg']:>6.3f} → {t['tilt_rms_deg']:<6.3f} {b['height_change_m']:>6.3f} → "
                      f"{t['height_change_m']:<6.3f} {t['activity'] / b['activity']:>10.2f}", flush=True)
        worst = {k: (max(r[0][k] for r in rows), max(r[1][k] for r in rows)) for k in rows[0][0]}
        print("worst over the flights, defaults → tuned: " +
              ", ".join(f"{k} {v[0]:.3f} → {v[1]:.3f}" for k, v in worst.items() if k != "activity"))
        if problems:
            print("tune_unseen: the tuned gains are worse than the defaults on:")
            for p in problems:
                print("  " + p)
            return 2
        print(f"tune_unseen: the tuned gains are no worse than the defaults on all {len(rows)} flights")
        return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (RuntimeError, OSError, ValueError, KeyError, StopIteration) as e:
        print(f"tune_unseen: {e}", file=sys.stderr)
        sys.exit(1)
