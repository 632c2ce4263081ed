#include "sim/geometry/mesh_diagnostics.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>
#include <unordered_map>
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

namespace {

// For every welded vertex, the triangles that use it (compressed rows built by a counting
// sort). Ids follow first appearance, so neighbours in the file are neighbours here.
struct Adjacency {
  std::vector<std::uint32_t> row_start, incident;
};

Adjacency adjacencyOf(const std::vector<std::array<std::uint32_t, 3>>& corners, std::size_t distinct) {
  Adjacency a;
  a.row_start.assign(distinct + 1, 0);
  for (const auto& c : corners)
    for (std::uint32_t v : c) ++a.row_start[v + 1];
  std::partial_sum(a.row_start.begin(), a.row_start.end(), a.row_start.begin());
  a.incident.resize(a.row_start.back());
  std::vector<std::uint32_t> cursor(a.row_start.begin(), a.row_start.end() - 1);
  for (std::uint32_t t = 0; t < corners.size(); ++t)
    for (std::uint32_t v : corners[t]) a.incident[cursor[v]++] = t;
  return a;
}

struct Census {
  std::size_t open = 0, non_manifold = 0, misoriented = 0;
  std::vector<std::uint32_t> open_vertices;  // the ends of open edges (with repeats)
};

// Every edge {v, w} with v < w is judged once, at v, from the triangles around v: each
// contributes the edge v→next (forward) and prev→v (backward).
Census censusOf(const std::vector<std::array<std::uint32_t, 3>>& corners, const Adjacency& adj, std::size_t distinct) {
  struct Use {
    std::uint32_t other;
    bool forward;
  };
  Census c;
  std::vector<Use> uses;
  for (std::uint32_t v = 0; v < distinct; ++v) {
    uses.clear();
    for (std::uint32_t i = adj.row_start[v]; i < adj.row_start[v + 1]; ++i) {
      if (i > adj.row_start[v] && adj.incident[i] == adj.incident[i - 1]) continue;  // v twice in one triangle
      const auto& t = corners[adj.incident[i]];
      for (int k = 0; k < 3; ++k) {
        if (t[k] != v) continue;
        const std::uint32_t next = t[(k + 1) % 3], prev = t[(k + 2) % 3];
        if (next > v) uses.push_back({next, true});
        if (prev > v) uses.push_back({prev, false});
      }
    }
    std::sort(uses.begin(), uses.end(), [](const Use& a, const Use& b) { return a.other < b.other; });
    for (std::size_t i = 0; i < uses.size();) {
      std::size_t j = i, forward = 0;
      for (; j < uses.size() && uses[j].other == uses[i].other; ++j) forward += uses[j].forward ? 1 : 0;
      const std::size_t count = j - i;
      if (count == 1) {
        ++c.open;
        c.open_vertices.push_back(v);
        c.open_vertices.push_back(uses[i].other);
      } else if (count > 2) {
        ++c.non_manifold;
      } else if (forward != 1) {
        ++c.misoriented;
      }
      i = j;
    }
  }
  return c;
}

// Joins, within `tolerance`, the ends of open edges that no edge joins to each other; returns
// how many ids were merged into others (their parents in `sets`).
std::size_t weldOpenEnds(const TriangleMesh& mesh, const std::vector<std::uint32_t>& weld_id,
                         const std::vector<std::array<std::uint32_t, 3>>& corners, const Adjacency& adj,
                         std::vector<std::uint32_t> ends, double tolerance, DisjointSets& sets) {
  std::sort(ends.begin(), ends.end());
  ends.erase(std::unique(ends.begin(), ends.end()), ends.end());
  // Where each welded id is: the position of its first vertex.
  std::vector<std::uint32_t> first(adj.row_start.size() - 1, std::numeric_limits<std::uint32_t>::max());
  for (std::uint32_t i = std::uint32_t(weld_id.size()); i-- > 0;) first[weld_id[i]] = i;
  auto at = [&](std::uint32_t id) { return mesh.vertices[first[id]].cast<double>(); };
  // A grid of cells one tolerance wide: close ends share a cell or are neighbours.
  auto cellOf = [&](const Eigen::Vector3d& p) {
    return std::array<long long, 3>{(long long)std::floor(p.x() / tolerance), (long long)std::floor(p.y() / tolerance),
                                    (long long)std::floor(p.z() / tolerance)};
  };
  struct CellHash {
    std::size_t operator()(const std::array<long long, 3>& c) const {
      return std::size_t(mix(std::uint64_t(c[0]) * 0x9E3779B97F4A7C15ULL ^ mix(std::uint64_t(c[1]) ^ mix(std::uint64_t(c[2])))));
    }
  };
  std::unordered_map<std::array<long long, 3>, std::vector<std::uint32_t>, CellHash> grid;
  grid.reserve(ends.size());
  for (std::uint32_t id : ends)
    if (at(id).allFinite()) grid[cellOf(at(id))].push_back(id);
  auto joined = [&](std::uint32_t a, std::uint32_t b) {  // an edge runs from a to b
    for (std::uint32_t i = adj.row_start[a]; i < adj.row_start[a + 1]; ++i) {
      const auto& t = corners[adj.incident[i]];
      if (t[0] == b || t[1] == b || t[2] == b) return true;
    }
    return false;
  };
  std::size_t merged = 0;
  for (std::uint32_t id : ends) {
    const Eigen::Vector3d p = at(id);
    if (!p.allFinite()) continue;
    const auto c = cellOf(p);
    for (long long dx = -1; dx <= 1; ++dx)
      for (long long dy = -1; dy <= 1; ++dy)
        for (long long dz = -1; dz <= 1; ++dz) {
          const auto it = grid.find({c[0] + dx, c[1] + dy, c[2] + dz});
          if (it == grid.end()) continue;
          for (std::uint32_t other : it->second) {
            if (other <= id || (at(other) - p).norm() > tolerance || joined(id, other)) continue;
            if (sets.find(id) != sets.find(other)) {
              sets.unite(id, other);
              ++merged;
            }
          }
        }
  }
  return merged;
}

}  // namespace

double weldTolerance(float extent) {
  if (!(std::isfinite(extent) && extent > 0.0f)) return 0.0;
  const float ulp = std::nextafter(extent, std::numeric_limits<float>::infinity()) - extent;
  return 4.0 * double(ulp);
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
  d.weld_tolerance = weldTolerance(std::max(d.bounds_min.cwiseAbs().maxCoeff(), d.bounds_max.cwiseAbs().maxCoeff()));

  std::vector<std::uint32_t> weld_id;
  d.distinct_vertices = weldByPosition(mesh, weld_id);
  std::vector<std::array<std::uint32_t, 3>> corners(d.triangles);
  for (std::size_t t = 0; t < d.triangles; ++t) {
    const auto& tri = mesh.triangles[t];
    corners[t] = {weld_id[tri[0]], weld_id[tri[1]], weld_id[tri[2]]};
    if (isDegenerate(mesh.vertices[tri[0]], mesh.vertices[tri[1]], mesh.vertices[tri[2]])) ++d.degenerate;
  }
  Adjacency adj = adjacencyOf(corners, d.distinct_vertices);
  Census census = censusOf(corners, adj, d.distinct_vertices);

  // Open edges: an exporter's seam may be closed within the tolerance.
  if (census.open > 0 && d.weld_tolerance > 0.0) {
    DisjointSets sets(d.distinct_vertices);
    d.tolerance_merged = weldOpenEnds(mesh, weld_id, corners, adj, std::move(census.open_vertices), d.weld_tolerance, sets);
    if (d.tolerance_merged > 0) {
      std::vector<std::uint32_t> compact(d.distinct_vertices, std::numeric_limits<std::uint32_t>::max());
      std::uint32_t next = 0;
      for (std::uint32_t v = 0; v < d.distinct_vertices; ++v) {
        const std::uint32_t root = sets.find(v);
        if (compact[root] == std::numeric_limits<std::uint32_t>::max()) compact[root] = next++;
        compact[v] = compact[root];
      }
      for (auto& c : corners)
        for (auto& v : c) v = compact[v];
      d.distinct_vertices = next;
      adj = adjacencyOf(corners, d.distinct_vertices);
      census = censusOf(corners, adj, d.distinct_vertices);
    }
  }
  d.open_edges = census.open;
  d.non_manifold_edges = census.non_manifold;
  d.misoriented_edges = census.misoriented;
  d.closed = d.open_edges == 0 && d.non_manifold_edges == 0 && d.misoriented_edges == 0;

  DisjointSets pieces(d.distinct_vertices);
  for (const auto& c : corners) {
    pieces.unite(c[0], c[1]);
    pieces.unite(c[0], c[2]);
  }
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
