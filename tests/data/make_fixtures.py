#!/usr/bin/env python3
"""Writes the mesh fixtures of tests/sim: one 2 x 3 x 4 box, centred on (1, 2, 3), in the
formats Navigator reads through Assimp. Closed form at unit density: V = 24, centre (1, 2, 3),
Ixx = V(3²+4²)/12 = 50, Iyy = V(2²+4²)/12 = 40, Izz = V(2²+3²)/12 = 26, no products.
The glTF files hold the box centred on the origin under a node translated by (1, 2, 3), so
they test node transforms too. Run from this folder: python3 make_fixtures.py"""
import base64, json, struct

H = (1.0, 1.5, 2.0)
C = (1.0, 2.0, 3.0)
# corners: bit 0 -> +x, bit 1 -> +y, bit 2 -> +z
corners = [((H[0] if i & 1 else -H[0]), (H[1] if i & 2 else -H[1]), (H[2] if i & 4 else -H[2])) for i in range(8)]
quads = [(0, 2, 3, 1), (4, 5, 7, 6), (0, 1, 5, 4), (2, 6, 7, 3), (0, 4, 6, 2), (1, 3, 7, 5)]  # outward CCW
tris = [t for q in quads for t in ((q[0], q[1], q[2]), (q[0], q[2], q[3]))]
moved = [tuple(c[k] + C[k] for k in range(3)) for c in corners]

def fmt(v):
    return " ".join(repr(x) for x in v)

with open("box_2x3x4.stl", "w") as f:  # ASCII STL
    f.write("solid box\n")
    for t in tris:
        f.write("  facet normal 0 0 0\n    outer loop\n")
        for i in t:
            f.write("      vertex %s\n" % fmt(moved[i]))
        f.write("    endloop\n  endfacet\n")
    f.write("endsolid box\n")

with open("box_2x3x4.obj", "w") as f:  # quads, so the importer must triangulate
    f.write("# 2 x 3 x 4 box centred on (1, 2, 3)\n")
    for v in moved:
        f.write("v %s\n" % fmt(v))
    for q in quads:
        f.write("f %d %d %d %d\n" % tuple(i + 1 for i in q))

with open("box_2x3x4.ply", "wb") as f:  # binary little-endian PLY
    header = ("ply\nformat binary_little_endian 1.0\nelement vertex 8\n"
              "property float x\nproperty float y\nproperty float z\n"
              "element face 12\nproperty list uchar int vertex_indices\nend_header\n")
    f.write(header.encode())
    for v in moved:
        f.write(struct.pack("<3f", *v))
    for t in tris:
        f.write(struct.pack("<B3i", 3, *t))

positions = b"".join(struct.pack("<3f", *c) for c in corners)
indices = b"".join(struct.pack("<3H", *t) for t in tris)
blob = positions + indices

def gltf(uri):
    doc = {
        "asset": {"version": "2.0", "generator": "navigator tests/data/make_fixtures.py"},
        "scene": 0, "scenes": [{"nodes": [0]}],
        "nodes": [{"mesh": 0, "translation": list(C)}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1, "mode": 4}]}],
        "buffers": [{"byteLength": len(blob)} if uri is None else {"byteLength": len(blob), "uri": uri}],
        "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": len(positions), "target": 34962},
                        {"buffer": 0, "byteOffset": len(positions), "byteLength": len(indices), "target": 34963}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 8, "type": "VEC3",
                       "min": [-h for h in H], "max": list(H)},
                      {"bufferView": 1, "componentType": 5123, "count": 36, "type": "SCALAR"}],
    }
    return doc

with open("box_2x3x4.gltf", "w") as f:
    json.dump(gltf("data:application/octet-stream;base64," + base64.b64encode(blob).decode()), f, indent=1)

js = json.dumps(gltf(None)).encode()
js += b" " * (-len(js) % 4)
bin_chunk = blob + b"\0" * (-len(blob) % 4)
with open("box_2x3x4.glb", "wb") as f:
    total = 12 + 8 + len(js) + 8 + len(bin_chunk)
    f.write(struct.pack("<4sII", b"glTF", 2, total))
    f.write(struct.pack("<I4s", len(js), b"JSON") + js)
    f.write(struct.pack("<I4s", len(bin_chunk), b"BIN\0") + bin_chunk)
