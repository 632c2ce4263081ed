#include "sim/geometry/mesh_diagnostics.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
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

  // Files list a corner again soon after its first use (strips and fans of neighbouring
  // triangles), so a small direct-mapped cache of recent positions, which fits in L2,
  // answers most look-ups before the big table is touched.
  struct Recent {
    std::uint32_t x, y, z, id_plus_1;
  };
  constexpr std::size_t kRecentSlots = 1u << 14;
  std::vector<Recent> recent(kRecentSlots, Recent{0, 0, 0, 0});

  for (std::uint32_t i = 0; i < n; ++i) {
    const Eigen::Vector3f& p = mesh.vertices[i];
    const std::uint64_t h = hashOf(p);
    Recent& r = recent[(h >> 20) & (kRecentSlots - 1)];
    const std::uint32_t kx = floatKey(p.x()), ky = floatKey(p.y()), kz = floatKey(p.z());
    if (r.id_plus_1 != 0 && r.x == kx && r.y == ky && r.z == kz) {
      weld_id[i] = r.id_plus_1 - 1;
      continue;
    }
    const std::uint64_t tag = h >> 32;
    std::size_t slot = h & (capacity - 1);
    for (;;) {
      const std::uint64_t entry = table[slot];
      if (entry == 0) {
        const auto id = std::uint32_t(first_vertex.size());
        first_vertex.push_back(i);
        table[slot] = tag << 32 | (std::uint64_t(id) + 1);
        weld_id[i] = id;
        r = Recent{kx, ky, kz, id + 1};
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
          r = Recent{kx, ky, kz, id + 1};
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

  // Triangles by welded corner, and for every welded vertex the triangles that use it
  // (compressed rows built by a counting sort). Ids follow first appearance, so neighbours in
  // the file are neighbours here and the walk below stays in cache.
  std::vector<std::array<std::uint32_t, 3>> corners(d.triangles);
  std::vector<std::uint32_t> row_start(d.distinct_vertices + 1, 0);
  DisjointSets pieces(d.distinct_vertices);
  for (std::size_t t = 0; t < d.triangles; ++t) {
    const auto& tri = mesh.triangles[t];
    corners[t] = {weld_id[tri[0]], weld_id[tri[1]], weld_id[tri[2]]};
    if (isDegenerate(mesh.vertices[tri[0]], mesh.vertices[tri[1]], mesh.vertices[tri[2]])) ++d.degenerate;
    pieces.unite(corners[t][0], corners[t][1]);
    pieces.unite(corners[t][0], corners[t][2]);
    for (std::uint32_t v : corners[t]) ++row_start[v + 1];
  }
  std::partial_sum(row_start.begin(), row_start.end(), row_start.begin());
  std::vector<std::uint32_t> incident(row_start.back());
  {
    std::vector<std::uint32_t> cursor(row_start.begin(), row_start.end() - 1);
    for (std::uint32_t t = 0; t < d.triangles; ++t)
      for (std::uint32_t v : corners[t]) incident[cursor[v]++] = t;
  }

  // Edge census: every edge {v, w} with v < w is judged once, at v, from the triangles
  // around v: each contributes the edge v→next (forward) and prev→v (backward).
  struct Use {
    std::uint32_t other;
    bool forward;
  };
  std::vector<Use> uses;
  for (std::uint32_t v = 0; v < d.distinct_vertices; ++v) {
    uses.clear();
    for (std::uint32_t i = row_start[v]; i < row_start[v + 1]; ++i) {
      if (i > row_start[v] && incident[i] == incident[i - 1]) continue;  // v twice in one triangle
      const auto& c = corners[incident[i]];
      for (int k = 0; k < 3; ++k) {
        if (c[k] != v) continue;
        const std::uint32_t next = c[(k + 1) % 3], prev = c[(k + 2) % 3];
        if (next > v) uses.push_back({next, true});
        if (prev > v) uses.push_back({prev, false});
      }
    }
    std::sort(uses.begin(), uses.end(), [](const Use& a, const Use& b) { return a.other < b.other; });
    for (std::size_t i = 0; i < uses.size();) {
      std::size_t j = i, forward = 0;
      for (; j < uses.size() && uses[j].other == uses[i].other; ++j) forward += uses[j].forward ? 1 : 0;
      const std::size_t count = j - i;
      if (count == 1) ++d.open_edges;
      else if (count > 2) ++d.non_manifold_edges;
      else if (forward != 1) ++d.misoriented_edges;
      i = j;
    }
  }
  d.closed = d.open_edges == 0 && d.non_manifold_edges == 0 && d.misoriented_edges == 0;

  std::vector<bool> seen_root(d.distinct_vertices, false);
  for (const auto& c : corners) {
    const std::uint32_t root = pieces.find(c[0]);
    if (!seen_root[root]) {
      seen_root[root] = true;
      ++d.shells;
    }
  }
  return d;
}

}  // namespace vsim
