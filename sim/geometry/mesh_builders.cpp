#include "sim/geometry/mesh_builders.h"

#include <cmath>
#include <numbers>
#include <utility>

namespace vsim {
namespace {

std::uint32_t addVertex(TriangleMesh& mesh, double x, double y, double z) {
  mesh.vertices.emplace_back(float(x), float(y), float(z));
  return std::uint32_t(mesh.vertices.size() - 1);
}

}  // namespace

TriangleMesh boxMesh(const Eigen::Vector3d& size) {
  TriangleMesh mesh;
  const Eigen::Vector3d h = 0.5 * size;
  for (int i = 0; i < 8; ++i)  // bit 0: +x, bit 1: +y, bit 2: +z
    addVertex(mesh, (i & 1) ? h.x() : -h.x(), (i & 2) ? h.y() : -h.y(), (i & 4) ? h.z() : -h.z());
  // Each face as a quad (a, b, c, d) counter-clockwise seen from outside.
  const std::uint32_t faces[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4},
                                     {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
  for (const auto& f : faces) {
    mesh.triangles.push_back({f[0], f[1], f[2]});
    mesh.triangles.push_back({f[0], f[2], f[3]});
  }
  return mesh;
}

TriangleMesh uvSphereMesh(double radius, int slices, int stacks) {
  TriangleMesh mesh;
  const double pi = std::numbers::pi;
  const std::uint32_t north = addVertex(mesh, 0, 0, radius);
  for (int s = 1; s < stacks; ++s) {
    const double polar = pi * s / stacks;
    for (int m = 0; m < slices; ++m) {
      const double azimuth = 2.0 * pi * m / slices;
      addVertex(mesh, radius * std::sin(polar) * std::cos(azimuth), radius * std::sin(polar) * std::sin(azimuth),
                radius * std::cos(polar));
    }
  }
  const std::uint32_t south = addVertex(mesh, 0, 0, -radius);
  auto ring = [&](int s, int m) { return std::uint32_t(1 + (s - 1) * slices + (m % slices)); };
  for (int m = 0; m < slices; ++m) {
    mesh.triangles.push_back({north, ring(1, m), ring(1, m + 1)});
    mesh.triangles.push_back({south, ring(stacks - 1, m + 1), ring(stacks - 1, m)});
    for (int s = 1; s < stacks - 1; ++s) {
      mesh.triangles.push_back({ring(s, m), ring(s + 1, m), ring(s + 1, m + 1)});
      mesh.triangles.push_back({ring(s, m), ring(s + 1, m + 1), ring(s, m + 1)});
    }
  }
  return mesh;
}

TriangleMesh cylinderMesh(double radius, double length, int segments) {
  TriangleMesh mesh;
  const double half = 0.5 * length;
  const std::uint32_t top = addVertex(mesh, 0, 0, half);
  const std::uint32_t bottom = addVertex(mesh, 0, 0, -half);
  for (int i = 0; i < segments; ++i) {
    const double a = 2.0 * std::numbers::pi * i / segments;
    addVertex(mesh, radius * std::cos(a), radius * std::sin(a), half);
    addVertex(mesh, radius * std::cos(a), radius * std::sin(a), -half);
  }
  auto up = [&](int i) { return std::uint32_t(2 + 2 * (i % segments)); };
  auto down = [&](int i) { return std::uint32_t(3 + 2 * (i % segments)); };
  for (int i = 0; i < segments; ++i) {
    mesh.triangles.push_back({top, up(i), up(i + 1)});
    mesh.triangles.push_back({bottom, down(i + 1), down(i)});
    mesh.triangles.push_back({up(i), down(i), down(i + 1)});
    mesh.triangles.push_back({up(i), down(i + 1), up(i + 1)});
  }
  return mesh;
}

void transformMesh(TriangleMesh& mesh, const Pose& pose) {
  for (Eigen::Vector3f& v : mesh.vertices) v = (pose.R_PB * v.cast<double>() + pose.p_PB_m).cast<float>();
}

void appendMesh(TriangleMesh& into, const TriangleMesh& piece) {
  const auto base = std::uint32_t(into.vertices.size());
  into.vertices.insert(into.vertices.end(), piece.vertices.begin(), piece.vertices.end());
  for (const auto& t : piece.triangles) into.triangles.push_back({base + t[0], base + t[1], base + t[2]});
  into.skipped_primitives += piece.skipped_primitives;
}

void flipWinding(TriangleMesh& mesh) {
  for (auto& t : mesh.triangles) std::swap(t[1], t[2]);
}

}  // namespace vsim
