// Test helper: a torus as a parametric exporter writes it (tests/sim/geometry/mesh_weld_test.cpp).
#pragma once

#include "sim/geometry/triangle_mesh.h"

#include <cmath>

// A torus of tube radius r around a circle of radius R in the x-y plane, nu × nv quads, every
// row and column computed from its own angle (the last equal to the first only in exact maths),
// shifted by `seam_gap` at u = 2π (0: as an exporter writes it).
inline vsim::TriangleMesh parametricTorus(double R, double r, int nu, int nv, double seam_gap = 0.0) {
  vsim::TriangleMesh m;
  for (int i = 0; i <= nu; ++i)
    for (int j = 0; j <= nv; ++j) {
      const double u = 2.0 * M_PI * i / nu, v = 2.0 * M_PI * j / nv;
      const double rho = R + r * std::cos(v) + (i == nu ? seam_gap : 0.0);
      m.vertices.emplace_back(float(rho * std::cos(u)), float(rho * std::sin(u)), float(r * std::sin(v)));
    }
  auto at = [&](int i, int j) { return std::uint32_t(i * (nv + 1) + j); };
  for (int i = 0; i < nu; ++i)
    for (int j = 0; j < nv; ++j) {  // outward: u then v is counter-clockwise seen from outside
      m.triangles.push_back({at(i, j), at(i + 1, j), at(i + 1, j + 1)});
      m.triangles.push_back({at(i, j), at(i + 1, j + 1), at(i, j + 1)});
    }
  return m;
}
