#include "sim/geometry/mesh_diagnostics.h"

#include "sim/base/huge_pages.h"
#include "sim/base/parallel.h"
#include "sim/geometry/vertex_weld.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numeric>
#include <span>
#include <unordered_map>

namespace vsim {
namespace {

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

// Twice the area against the longest edge squared, below 1e-12: zero for collinear or
// coincident corners. Judged in double; float first, for the triangles that are plainly not (the
// float cross product is within 1e-6 of the longest edge squared, so above 1e-5 it is sure).
bool isDegenerate(const Eigen::Vector3f& a, const Eigen::Vector3f& b, const Eigen::Vector3f& c) {
  const Eigen::Vector3f f1 = b - a, f2 = c - a;
  const float longest_sq_f = std::max({f1.squaredNorm(), f2.squaredNorm(), (f2 - f1).squaredNorm()});
  if (f1.cross(f2).squaredNorm() > 1e-10f * longest_sq_f * longest_sq_f) return false;
  const Eigen::Vector3d e1 = f1.cast<double>();
  const Eigen::Vector3d e2 = f2.cast<double>();
  const double longest_sq = std::max({e1.squaredNorm(), e2.squaredNorm(), (e2 - e1).squaredNorm()});
  return e1.cross(e2).squaredNorm() <= 1e-24 * longest_sq * longest_sq;  // squared: no root
}

// Axis-aligned bounds of the finite points added, and how many added were not finite.
struct Bounds {
  Eigen::Vector3f min = Eigen::Vector3f::Constant(std::numeric_limits<float>::infinity());
  Eigen::Vector3f max = -min;
  std::size_t non_finite = 0;
  void add(const Eigen::Vector3f& v) {
    if (!v.allFinite()) {
      ++non_finite;
      return;
    }
    min = min.cwiseMin(v);
    max = max.cwiseMax(v);
  }
  void add(const Bounds& b) {
    min = min.cwiseMin(b.min);
    max = max.cwiseMax(b.max);
    non_finite += b.non_finite;
  }
};

// Splits [0, count) among the machine's cores (one part for small jobs), runs
// sweep(part_result, begin, end) on each, and adds the parts' results in order.
template <class Part, class Sweep>
Part sweepInParts(std::size_t count, const Sweep& sweep) {
  const int parts = count > 65536 ? bulkParts() : 1;
  std::vector<Part> results(static_cast<std::size_t>(parts));
  runParts(parts, [&](int part) {
    const auto [begin, end] = partRange(count, part, parts);
    sweep(results[std::size_t(part)], begin, end);
  });
  Part all = std::move(results[0]);
  for (std::size_t p = 1; p < results.size(); ++p) all.add(results[p]);
  return all;
}

Bounds boundsOfVertices(const TriangleMesh& mesh) {
  return sweepInParts<Bounds>(mesh.vertices.size(), [&](Bounds& b, std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) b.add(mesh.vertices[i]);
  });
}

struct TrianglePass {
  std::size_t degenerate = 0;
  bool sequential = true;  // triangle t is {3t, 3t+1, 3t+2}
  Bounds corners;
  void add(const TrianglePass& p) {
    degenerate += p.degenerate;
    sequential = sequential && p.sequential;
    corners.add(p.corners);
  }
};

TrianglePass triangleSweep(const TriangleMesh& mesh) {
  return sweepInParts<TrianglePass>(mesh.triangles.size(), [&](TrianglePass& r, std::size_t begin, std::size_t end) {
    for (std::size_t t = begin; t < end; ++t) {
      const auto& tri = mesh.triangles[t];
      const auto first = std::uint32_t(3 * t);
      r.sequential = r.sequential && tri[0] == first && tri[1] == first + 1 && tri[2] == first + 2;
      const Eigen::Vector3f &a = mesh.vertices[tri[0]], &b = mesh.vertices[tri[1]], &c = mesh.vertices[tri[2]];
      if (isDegenerate(a, b, c)) ++r.degenerate;
      r.corners.add(a);
      r.corners.add(b);
      r.corners.add(c);
    }
  });
}

}  // namespace

namespace {

// For every welded vertex, the triangles that use it (compressed rows built by a counting
// sort). Ids follow first appearance, so neighbours in the file are neighbours here.
struct Adjacency {
  std::vector<std::uint32_t> row_start;
  BulkVector<std::uint32_t> incident;  // written in full by the counting sort
};

Adjacency adjacencyOf(std::span<const std::array<std::uint32_t, 3>> corners, std::size_t distinct) {
  Adjacency a;
  a.row_start.assign(distinct + 1, 0);
  for (const auto& c : corners)
    for (std::uint32_t v : c) ++a.row_start[v + 1];
  std::partial_sum(a.row_start.begin(), a.row_start.end(), a.row_start.begin());
  resizeForBulk(a.incident, a.row_start.back());
  std::vector<std::uint32_t> cursor(a.row_start.begin(), a.row_start.end() - 1);
  for (std::uint32_t t = 0; t < corners.size(); ++t)
    for (std::uint32_t v : corners[t]) a.incident[cursor[v]++] = t;
  return a;
}

struct Census {
  std::size_t open = 0, non_manifold = 0, misoriented = 0;
  std::vector<std::uint32_t> open_vertices;  // the ends of open edges (with repeats)
  void add(const Census& c) {
    open += c.open;
    non_manifold += c.non_manifold;
    misoriented += c.misoriented;
    open_vertices.insert(open_vertices.end(), c.open_vertices.begin(), c.open_vertices.end());
  }
};

// Every edge {v, w} with v < w is judged once, at v, from the triangles around v: each
// contributes the edge v→next (forward) and prev→v (backward).
// The vertices [begin, end) of the census: each part of a parallel census takes a range.
Census censusRange(std::span<const std::array<std::uint32_t, 3>> corners, const Adjacency& adj, std::size_t begin,
                   std::size_t end) {
  // A use of the edge v–other by one triangle: other << 1, plus 1 when the triangle runs v→other.
  Census c;
  std::vector<std::uint64_t> uses;
  for (auto v = std::uint32_t(begin); v < end; ++v) {
    uses.clear();
    for (std::uint32_t i = adj.row_start[v]; i < adj.row_start[v + 1]; ++i) {
      if (i > adj.row_start[v] && adj.incident[i] == adj.incident[i - 1]) continue;  // v twice in one triangle
      const auto& t = corners[adj.incident[i]];
      for (int k = 0; k < 3; ++k) {
        if (t[k] != v) continue;
        const std::uint32_t next = t[(k + 1) % 3], prev = t[(k + 2) % 3];
        if (next > v) uses.push_back(std::uint64_t(next) << 1 | 1);
        if (prev > v) uses.push_back(std::uint64_t(prev) << 1);
      }
    }
    // A handful of uses (six around a typical vertex): an insertion sort beats std::sort here.
    for (std::size_t i = 1; i < uses.size(); ++i) {
      const std::uint64_t u = uses[i];
      std::size_t j = i;
      for (; j > 0 && uses[j - 1] > u; --j) uses[j] = uses[j - 1];
      uses[j] = u;
    }
    for (std::size_t i = 0; i < uses.size();) {
      std::size_t j = i, forward = 0;
      for (; j < uses.size() && uses[j] >> 1 == uses[i] >> 1; ++j) forward += uses[j] & 1;
      const std::size_t count = j - i;
      if (count == 1) {
        ++c.open;
        c.open_vertices.push_back(v);
        c.open_vertices.push_back(std::uint32_t(uses[i] >> 1));
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

Census censusOf(std::span<const std::array<std::uint32_t, 3>> corners, const Adjacency& adj, std::size_t distinct) {
  return sweepInParts<Census>(
      distinct, [&](Census& c, std::size_t begin, std::size_t end) { c = censusRange(corners, adj, begin, end); });
}

// How many edge-connected pieces the triangles make.
std::size_t countShells(std::span<const std::array<std::uint32_t, 3>> corners, std::size_t distinct) {
  DisjointSets pieces(distinct);
  for (const auto& c : corners) {
    pieces.unite(c[0], c[1]);
    pieces.unite(c[0], c[2]);
  }
  std::size_t shells = 0;
  std::vector<bool> seen_root(distinct, false);
  for (const auto& c : corners) {
    const std::uint32_t root = pieces.find(c[0]);
    if (!seen_root[root]) {
      seen_root[root] = true;
      ++shells;
    }
  }
  return shells;
}

// Joins, within `tolerance`, the ends of open edges that no edge joins to each other; returns
// how many ids were merged into others (their parents in `sets`).
std::size_t weldOpenEnds(const TriangleMesh& mesh, std::span<const std::uint32_t> weld_id,
                         std::span<const std::array<std::uint32_t, 3>> corners, const Adjacency& adj,
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
      return std::size_t(
          mix(std::uint64_t(c[0]) * 0x9E3779B97F4A7C15ULL ^ mix(std::uint64_t(c[1]) ^ mix(std::uint64_t(c[2])))));
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
  // One pass over the triangles: the degenerate ones; whether they are the corners in order,
  // {3t, 3t+1, 3t+2} (an STL file's, read without an index); and their corners' bounds, which
  // are then the vertices' own (each vertex is one triangle's corner), so the vertices need no
  // pass of their own. The welded corners of such a mesh are also the weld's ids as they stand.
  const TrianglePass pass = triangleSweep(mesh);
  const bool sequential = pass.sequential && mesh.vertices.size() == 3 * d.triangles;
  const Bounds bounds = sequential ? pass.corners : boundsOfVertices(mesh);
  d.degenerate = pass.degenerate;
  d.non_finite_vertices = bounds.non_finite;
  if (bounds.non_finite < mesh.vertices.size()) {  // else no finite vertex: the bounds stay zero
    d.bounds_min = bounds.min;
    d.bounds_max = bounds.max;
  }
  if (d.triangles == 0) return d;
  d.weld_tolerance = weldTolerance(std::max(d.bounds_min.cwiseAbs().maxCoeff(), d.bounds_max.cwiseAbs().maxCoeff()));

  BulkVector<std::uint32_t> weld_id;
  resizeForBulk(weld_id, mesh.vertices.size());
  d.distinct_vertices = weldByPosition(mesh, weld_id.data(), bulkParts());
  using Corners = std::array<std::uint32_t, 3>;
  static_assert(sizeof(Corners) == 3 * sizeof(std::uint32_t) && alignof(Corners) == alignof(std::uint32_t));
  BulkVector<Corners> corner_copy;
  std::span<Corners> corners;
  if (sequential) {
    corners = {reinterpret_cast<Corners*>(weld_id.data()), d.triangles};
  } else {
    resizeForBulk(corner_copy, d.triangles);
    const int parts = bulkParts();
    runParts(parts, [&](int part) {
      const auto [begin, end] = partRange(d.triangles, part, parts);
      for (std::size_t t = begin; t < end; ++t) {
        const auto& tri = mesh.triangles[t];
        corner_copy[t] = {weld_id[tri[0]], weld_id[tri[1]], weld_id[tri[2]]};
      }
    });
    corners = corner_copy;
  }
  // The shells on a thread of their own while the adjacency (one thread) is built.
  std::thread shells([&] { d.shells = countShells(corners, d.distinct_vertices); });
  Adjacency adj = adjacencyOf(corners, d.distinct_vertices);
  shells.join();
  Census census = censusOf(corners, adj, d.distinct_vertices);

  // Open edges: an exporter's seam may be closed within the tolerance.
  if (census.open > 0 && d.weld_tolerance > 0.0) {
    DisjointSets sets(d.distinct_vertices);
    d.tolerance_merged =
        weldOpenEnds(mesh, weld_id, corners, adj, std::move(census.open_vertices), d.weld_tolerance, sets);
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
      d.shells = countShells(corners, d.distinct_vertices);
    }
  }
  d.open_edges = census.open;
  d.non_manifold_edges = census.non_manifold;
  d.misoriented_edges = census.misoriented;
  d.closed = d.open_edges == 0 && d.non_manifold_edges == 0 && d.misoriented_edges == 0;

  return d;
}

}  // namespace vsim
