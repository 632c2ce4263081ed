#!/usr/bin/env python3
"""Seeds for fuzz_mesh_import (tests/fuzz/mesh_import_fuzz.cpp): byte 0 picks the extension
(0 .stl, 1 .obj, 2 .ply, 3 .off, 4 .gltf, 5 .glb), the rest is the file. Small closed solids in
each format, an open one, and a ring whose seam is written twice with float rounding (the
tolerance weld's case). Run: tests/fuzz/make_mesh_corpus.py tests/fuzz/corpus/mesh_import"""
import base64
import json
import math
import os
import struct
import sys

TETRA_V = [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)]
TETRA_F = [(0, 2, 1), (0, 1, 3), (0, 3, 2), (1, 2, 3)]


def binary_stl(tris):
    out = bytearray(b"fuzz seed".ljust(80, b" ")) + struct.pack("<I", len(tris))
    for t in tris:
        out += struct.pack("<12fH", 0, 0, 0, *[c for v in t for c in v], 0)
    return bytes(out)


def ascii_stl(tris):
    lines = ["solid seed"]
    for t in tris:
        lines += ["facet normal 0 0 0", " outer loop"] + ["  vertex %r %r %r" % v for v in t] + [" endloop", "endfacet"]
    return ("\n".join(lines + ["endsolid seed"]) + "\n").encode()


def tris_of(vs, fs):
    return [tuple(vs[i] for i in f) for f in fs]


def obj(vs, fs):
    return ("".join("v %r %r %r\n" % v for v in vs) + "".join("f %d %d %d\n" % tuple(i + 1 for i in f) for f in fs)).encode()


def ply(vs, fs):
    head = "ply\nformat ascii 1.0\nelement vertex %d\nproperty float x\nproperty float y\nproperty float z\n" \
           "element face %d\nproperty list uchar int vertex_indices\nend_header\n" % (len(vs), len(fs))
    return (head + "".join("%r %r %r\n" % v for v in vs) + "".join("3 %d %d %d\n" % f for f in fs)).encode()


def off(vs, fs):
    return ("OFF\n%d %d 0\n" % (len(vs), len(fs)) + "".join("%r %r %r\n" % v for v in vs) +
            "".join("3 %d %d %d\n" % f for f in fs)).encode()


def gltf(vs, fs, binary):
    positions = b"".join(struct.pack("<3f", *v) for v in vs)
    indices = b"".join(struct.pack("<3H", *f) for f in fs)
    blob = positions + indices
    lo = [min(v[i] for v in vs) for i in range(3)]
    hi = [max(v[i] for v in vs) for i in range(3)]
    doc = {"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0}],
           "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1}]}],
           "buffers": [{"byteLength": len(blob)}],
           "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": len(positions)},
                           {"buffer": 0, "byteOffset": len(positions), "byteLength": len(indices)}],
           "accessors": [{"bufferView": 0, "componentType": 5126, "count": len(vs), "type": "VEC3", "min": lo, "max": hi},
                         {"bufferView": 1, "componentType": 5123, "count": 3 * len(fs), "type": "SCALAR"}]}
    if not binary:
        doc["buffers"][0]["uri"] = "data:application/octet-stream;base64," + base64.b64encode(blob).decode()
        return json.dumps(doc).encode()
    text = json.dumps(doc).encode()
    text += b" " * (-len(text) % 4)
    blob += b"\0" * (-len(blob) % 4)
    chunks = struct.pack("<I4s", len(text), b"JSON") + text + struct.pack("<I4s", len(blob), b"BIN\0") + blob
    return struct.pack("<4sII", b"glTF", 2, 12 + len(chunks)) + chunks


def seam_ring(n=12, m=6, big=0.05, small=0.015):
    """A torus whose seam vertices are computed at 0 and at 2*pi (float rounding apart)."""
    def p(i, j):
        u, v = 2 * math.pi * i / n, 2 * math.pi * j / m
        r = big + small * math.cos(v)
        return (r * math.cos(u), r * math.sin(u), small * math.sin(v))
    tris = []
    for i in range(n):
        for j in range(m):
            a, b, c, d = p(i, j), p(i + 1, j), p(i + 1, j + 1), p(i, j + 1)
            tris += [(a, b, c), (a, c, d)]
    return tris


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "corpus", "mesh_import")
    os.makedirs(out, exist_ok=True)
    tetra = tris_of(TETRA_V, TETRA_F)
    seeds = {
        "tetra_binary.stl": b"\0" + binary_stl(tetra),
        "tetra_ascii.stl": b"\0" + ascii_stl(tetra),
        "open_binary.stl": b"\0" + binary_stl(tetra[:3]),
        # Cut off: inside a facet's vertex line (the ASCII structure check), and after two whole
        # triangles of four (the binary size check: a truncated STL, not random bytes).
        "tetra_ascii_cut.stl": b"\0" + ascii_stl(tetra)[:-150],
        "tetra_binary_cut.stl": b"\0" + binary_stl(tetra)[:84 + 2 * 50 + 7],
        "seam_ring_binary.stl": b"\0" + binary_stl(seam_ring()),
        "tetra.obj": b"\1" + obj(TETRA_V, TETRA_F),
        "tetra.ply": b"\2" + ply(TETRA_V, TETRA_F),
        "tetra.off": b"\3" + off(TETRA_V, TETRA_F),
        "tetra.gltf": b"\4" + gltf(TETRA_V, TETRA_F, False),
        "tetra.glb": b"\5" + gltf(TETRA_V, TETRA_F, True),
        # Found by the campaign: Assimp 5.2.5's OFF reader dies of SIGSEGV on it (README.md).
        "regress_assimp_off_reader_segv.off": (
            b'\x03OFF\n4 4 0\n0 0 0\n1 0 0\n0 1 0\n0 0 1\n3 0 2 1\n3 \x01v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\n'
            b'f 1 3 2\nf 1 2 4\n\xff\xff\xff\xff\xff\xff\xff\x7ff`2 3 4\n\xae<\xf9\xc1\x16=\x9b\xd5T<\xf9\xc1\x16={\x14'
            b'\xae<\x9b\x16\xbd{\x14\xae<\x9b\xd5T<' + bytes(14) + b'\x1f\x85\xeb\xbc`\xf7K=\x9b\xd5T<\xf9\xc1'
            b'\x16\xbd1 3\n3 0 3 2\n3 1 2 3.'),
    }
    for name, data in seeds.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
