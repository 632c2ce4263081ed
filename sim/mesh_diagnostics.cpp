#include "sim/mesh_diagnostics.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <numeric>

namespace vsim {
namespace {

inline std::uint32_t floatKey(float v) {
  if (v == 0.0f) v = 0.0f;  // −0 and +0 are the same position
  return std::bit_cast<std::uint32_t>(v);
}

inline std::uint64_t mix(std::uint64_t h) {  // a 64-bit finaliser (splitmix64's)
  h ^= h >> 30;
  h *= 0xbf58476d1ce4e5b9ULL;
  h ^= h >> 27;
  h *= 0x94d049bb133111ebULL;
  h ^= h >> 31;
  return h;
}

// LSD radix sort of 64-bit keys, 11 bits per pass (the counts stay in L1), only as many
// passes as the keys need.
void radixSort(std::vector<std::uint64_t>& keys, int key_bits) {
  constexpr int kDigitBits = 11;
  constexpr std::uint64_t kMask = (1u << kDigitBits) - 1;
  std::vector<std::uint64_t> scratch(keys.size());
  for (int shift = 0; shift < key_bits; shift += kDigitBits) {
    std::vector<std::size_t> count(kMask + 1, 0);
    for (std::uint64_t k : keys) ++count[(k >> shift) & kMask];
    std::size_t running = 0;
    for (std::size_t& c : count) {
      const std::size_t here = c;
      c = running;
      running += here;
    }
    for (std::uint64_t k : keys) scratch[count[(k >> shift) & kMask]++] = k;
    keys.swap(scratch);
  }
}

struct DisjointSets {
  std::vector<std::uint32_t> parent;
  explicit DisjointSets(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0u); }
  std::uint32_t find(std::uint32_t a) {
    while (parent[a] != a) {
      parent[a] = parent[parent[a]];  // path halving
      a = parent[a];
    }
    return a;
  }
  void unite(std::uint32_t a, std::uint32_t b) {
    a = find(a);
    b = find(b);
    if (a != b) parent[std::max(a, b)] = std::min(a, b);
  }
};

bool isDegenerate(const Eigen::Vector3f& a, const Eigen::Vector3f& b, const Eigen::Vector3f& c) {
  const Eigen::Vector3d e1 = (b - a).cast<double>();
  const Eigen::Vector3d e2 = (c - a).cast<double>();
  const double longest_sq = std::max({e1.squaredNorm(), e2.squaredNorm(), (e2 - e1).squaredNorm()});
  // Twice the area against the longest edge squared: zero for collinear or coincident corners.
  return e1.cross(e2).norm() <= 1e-12 * longest_sq;
}

}  // namespace

std::size_t weldByPosition(const TriangleMesh& mesh, std::vector<std::uint32_t>& weld_id) {
  const std::size_t n = mesh.vertices.size();
  weld_id.assign(n, 0);
  // Open addressing; a slot holds (32-bit hash tag << 32 | compact id + 1), 0 when empty, so
  // a probe touches the vertex array only when the tags agree. Sized for a closed mesh's
  // usual one distinct position per six corners, doubled whenever it grows past half full.
  std::size_t capacity = 1024;
  while (capacity < n / 3) capacity <<= 1;
  std::vector<std::uint64_t> table(capacity, 0);
  std::vector<std::uint32_t> first_vertex;  // compact id -> a vertex at that position
  first_vertex.reserve(n / 4 + 16);

  auto hashOf = [&](const Eigen::Vector3f& p) {
    return mix((std::uint64_t(floatKey(p.x())) << 32 | floatKey(p.y())) ^ mix(floatKey(p.z())));
  };
  auto samePlace = [](const Eigen::Vector3f& a, const Eigen::Vector3f& b) {
    return floatKey(a.x()) == floatKey(b.x()) && floatKey(a.y()) == floatKey(b.y()) && floatKey(a.z()) == floatKey(b.z());
  };
  auto insertSlot = [](std::vector<std::uint64_t>& t, std::uint64_t h, std::uint64_t entry) {
    std::size_t slot = h & (t.size() - 1);
    while (t[slot] != 0) slot = (slot + 1) & (t.size() - 1);
    t[slot] = entry;
  };

  for (std::uint32_t i = 0; i < n; ++i) {
    const Eigen::Vector3f& p = mesh.vertices[i];
    const std::uint64_t h = hashOf(p);
    const std::uint64_t tag = h >> 32;
    std::size_t slot = h & (capacity - 1);
    for (;;) {
      const std::uint64_t entry = table[slot];
      if (entry == 0) {
        const auto id = std::uint32_t(first_vertex.size());
        first_vertex.push_back(i);
        table[slot] = tag << 32 | (std::uint64_t(id) + 1);
        weld_id[i] = id;
        if (2 * first_vertex.size() > capacity) {  // grow: rehash every entry by its vertex
          capacity <<= 1;
          std::vector<std::uint64_t> bigger(capacity, 0);
          for (std::uint64_t e : table)
            if (e != 0) insertSlot(bigger, hashOf(mesh.vertices[first_vertex[(e & 0xffffffffu) - 1]]), e);
          table.swap(bigger);
        }
        break;
      }
      if ((entry >> 32) == tag) {
        const auto id = std::uint32_t((entry & 0xffffffffu) - 1);
        if (samePlace(mesh.vertices[first_vertex[id]], p)) {
          weld_id[i] = id;
          break;
        }
      }
      slot = (slot + 1) & (capacity - 1);
    }
  }
  return first_vertex.size();
}

MeshDiagnostics diagnoseMesh(const TriangleMesh& mesh) {
  MeshDiagnostics d;
  d.triangles = mesh.triangles.size();
  d.skipped_primitives = mesh.skipped_primitives;
  bool any_finite = false;
  for (const Eigen::Vector3f& v : mesh.vertices) {
    if (!v.allFinite()) {
      ++d.non_finite_vertices;
      continue;
    }
    d.bounds_min = any_finite ? d.bounds_min.cwiseMin(v) : v;
    d.bounds_max = any_finite ? d.bounds_max.cwiseMax(v) : v;
    any_finite = true;
  }
  if (d.triangles == 0) return d;

  std::vector<std::uint32_t> weld_id;
  d.distinct_vertices = weldByPosition(mesh, weld_id);

  // Edge census: key = (lower id, higher id, direction bit), sorted so uses of one edge meet.
  const int id_bits = std::max(1, int(std::bit_width(d.distinct_vertices)));
  std::vector<std::uint64_t> edges;
  edges.reserve(3 * d.triangles);
  DisjointSets pieces(d.distinct_vertices);
  for (const auto& tri : mesh.triangles) {
    const std::uint32_t w[3] = {weld_id[tri[0]], weld_id[tri[1]], weld_id[tri[2]]};
    if (isDegenerate(mesh.vertices[tri[0]], mesh.vertices[tri[1]], mesh.vertices[tri[2]])) ++d.degenerate;
    pieces.unite(w[0], w[1]);
    pieces.unite(w[0], w[2]);
    for (int e = 0; e < 3; ++e) {
      const std::uint32_t a = w[e], b = w[(e + 1) % 3];
      if (a == b) continue;  // a collapsed edge of a degenerate triangle bounds nothing
      const std::uint64_t lo = std::min(a, b), hi = std::max(a, b);
      edges.push_back((lo << (id_bits + 1)) | (hi << 1) | (a > b ? 1u : 0u));
    }
  }
  radixSort(edges, 2 * id_bits + 1);
  for (std::size_t i = 0; i < edges.size();) {
    std::size_t j = i;
    std::size_t forward = 0;
    while (j < edges.size() && (edges[j] >> 1) == (edges[i] >> 1)) {
      forward += (edges[j] & 1u) == 0 ? 1 : 0;
      ++j;
    }
    const std::size_t uses = j - i;
    if (uses == 1) ++d.open_edges;
    else if (uses > 2) ++d.non_manifold_edges;
    else if (forward != 1) ++d.misoriented_edges;
    i = j;
  }
  d.closed = d.open_edges == 0 && d.non_manifold_edges == 0 && d.misoriented_edges == 0;

  std::vector<bool> seen_root(d.distinct_vertices, false);
  for (const auto& tri : mesh.triangles) {
    const std::uint32_t root = pieces.find(weld_id[tri[0]]);
    if (!seen_root[root]) {
      seen_root[root] = true;
      ++d.shells;
    }
  }
  return d;
}

}  // namespace vsim
