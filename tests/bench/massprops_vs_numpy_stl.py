#!/usr/bin/python3
"""vsim-massprops against numpy-stl, measured in the same run (aim: >= 10x faster, <= 100 ms).

Writes a closed 1,000,000-triangle UV sphere (radius 50 m, 1000 slices x 502 rings, the poles
as fans) as a binary STL, then times, alternating round by round so that both see the same
machine:
  * `vsim-massprops --json --density 1 FILE`, the whole process (read, weld, edge census,
    shells, integral, printing);
  * numpy-stl (Debian's python3-stl) as a user runs it: a Python process that loads the file
    and calls get_mass_properties() (read and integral only: no weld, no check). The time it
    reports for its own load + integral, without interpreter start, is printed too.
Both answers are compared (volume, centre of mass, the inertia tensor's diagonal) so that the
race is over the same result. Run: tests/bench/massprops_vs_numpy_stl.py [BUILD_DIR] [ROUNDS]
Needs /usr/bin/python3 with python3-stl (scripts/setup.sh installs it).
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy
from stl import mesh as stl_mesh

NUMPY_STL_RUN = r"""
import sys, time
from stl import mesh
t0 = time.perf_counter()
m = mesh.Mesh.from_file(sys.argv[1])
volume, cog, inertia = m.get_mass_properties()
t1 = time.perf_counter()
print(repr((float(volume), [float(c) for c in cog], [float(inertia[i][i]) for i in range(3)], (t1 - t0) * 1e3)))
"""


def uv_sphere_stl(path, radius=50.0, slices=1000, stacks=502):
    theta = numpy.linspace(0.0, numpy.pi, stacks)  # stacks rings from pole to pole
    phi = numpy.linspace(0.0, 2.0 * numpy.pi, slices, endpoint=False)
    ring_z = radius * numpy.cos(theta)
    ring_r = radius * numpy.sin(theta)
    grid = numpy.stack([numpy.outer(ring_r, numpy.cos(phi)), numpy.outer(ring_r, numpy.sin(phi)),
                        numpy.repeat(ring_z[:, None], slices, axis=1)], axis=-1)  # [stack, slice, xyz]
    grid[0, :] = (0.0, 0.0, radius)
    grid[-1, :] = (0.0, 0.0, -radius)
    nxt = numpy.roll(numpy.arange(slices), -1)
    tris = []
    north, south = grid[0, 0], grid[-1, 0]
    tris.append(numpy.stack([numpy.broadcast_to(north, (slices, 3)), grid[1, :], grid[1, nxt]], axis=1))
    for s in range(1, stacks - 2):
        a, b, c, d = grid[s, :], grid[s, nxt], grid[s + 1, :], grid[s + 1, nxt]
        tris.append(numpy.stack([a, c, d], axis=1))
        tris.append(numpy.stack([a, d, b], axis=1))
    tris.append(numpy.stack([numpy.broadcast_to(south, (slices, 3)), grid[-2, nxt], grid[-2, :]], axis=1))
    vectors = numpy.concatenate(tris).astype(numpy.float32)
    m = stl_mesh.Mesh(numpy.zeros(len(vectors), dtype=stl_mesh.Mesh.dtype))
    m.vectors[:] = vectors
    m.save(path)
    return len(vectors)


def timed(cmd):
    t0 = time.perf_counter()
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return (time.perf_counter() - t0) * 1e3, out


def spread(values):
    values = sorted(values)
    return "median %.1f ms (min %.1f, max %.1f)" % (statistics.median(values), values[0], values[-1])


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else "build"
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 15
    tool = os.path.join(build, "bin", "vsim-massprops")
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "sphere_1M.stl")
        count = uv_sphere_stl(path)
        print("mesh: %s, %d triangles, %.1f MB" % (path, count, os.path.getsize(path) / 1e6))
        ours, theirs, theirs_inside = [], [], []
        ours_json = their_result = None
        for _ in range(rounds):
            ms, out = timed([tool, "--json", "--density", "1", path])
            ours.append(ms)
            ours_json = json.loads(out)
            ms, out = timed([sys.executable, "-c", NUMPY_STL_RUN, path])
            theirs.append(ms)
            their_result = eval(out)  # our own child's repr of floats
            theirs_inside.append(their_result[3])
    volume, cog, inertia_diag, _ = their_result
    agree = (abs(ours_json["volume_m3"] - volume) <= 1e-6 * volume and
             all(abs(a - b) <= 1e-6 * 50.0 for a, b in zip(ours_json["com_m"], cog)) and
             all(abs(ours_json["inertia_com_kgm2"][i][i] - inertia_diag[i]) <= 1e-5 * inertia_diag[i] for i in range(3)))
    print("vsim-massprops (process):         ", spread(ours))
    print("numpy-stl (python3 process):      ", spread(theirs))
    print("numpy-stl (load + integral only): ", spread(theirs_inside))
    print("ratio of medians, process / process: %.1fx; against numpy-stl's own load + integral: %.1fx" %
          (statistics.median(theirs) / statistics.median(ours), statistics.median(theirs_inside) / statistics.median(ours)))
    print("results agree (volume 1e-6, centre 5e-5 m, inertia diagonal 1e-5):", "yes" if agree else "NO")
    print("  volume %.6g vs %.6g m^3; Ixx %.6g vs %.6g" % (ours_json["volume_m3"], volume, ours_json["inertia_com_kgm2"][0][0],
                                                       inertia_diag[0]))
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
