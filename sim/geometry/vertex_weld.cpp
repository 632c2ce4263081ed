#include "sim/geometry/vertex_weld.h"

#include "sim/base/huge_pages.h"
#include "sim/base/parallel.h"

#include <algorithm>
#include <array>
#include <bit>
#include <tuple>

// A hash table over a million positions is far bigger than the caches, and every look-up in it
// would wait for memory (a page walk too, under virtualisation). Two things keep the weld in
// the caches:
//
//  * Locality. Exporters write a mesh face by face, strip by strip: a corner comes back a few
//    hundred triangles after it was first written. Each part of the mesh keeps a small table of
//    the positions it saw last (one slot per hash, the newest wins, it fits the core's L2); a
//    vertex found there is given the vertex it repeats. Only the others — first sightings and
//    positions the table had forgotten — go on, as "candidates", to the exact weld below (a
//    candidate is marked by being its own repeat; nothing else is stored for it). This
//    stays exact whatever the order: a forgotten position is a candidate again and the weld
//    joins it to its earlier sighting; a file with no locality only makes every vertex a
//    candidate.
//  * Partitioning, the way databases join: the candidates are split by the top bits of their
//    position's hash into 256 buckets, each bucket is welded with a small table that stays in
//    cache, and everything else is read and written in sequence:
//      1. how many candidates each part puts in each bucket (counted in the recent pass);
//      2. the candidates' keys, read again from the mesh, copied into their buckets (a bucket
//         keeps them in mesh order), and every candidate's bucket noted;
//      3. per bucket, the first candidate at each entry's position, and which ones are firsts;
//      4. in mesh order, the firsts numbered and every other candidate's first read back from
//         its bucket; 5. every other candidate given its first's id.
// Ids come out in order of first appearance, the same for any number of parts.

namespace vsim {
namespace {

constexpr int kBucketBits = 8;
constexpr std::size_t kBuckets = std::size_t(1) << kBucketBits;
constexpr std::size_t kRecentSlots = 16384;  // 256 KiB of Keys per part: within a core's L2
constexpr std::uint32_t kNone = 0xFFFFFFFFu;

struct Key {
  std::uint32_t x, y, z, index;  // the position's bits; a vertex or candidate index
};

inline std::uint32_t floatKey(float v) {
  if (v == 0.0f) v = 0.0f;  // −0 and +0 are the same position
  return std::bit_cast<std::uint32_t>(v);
}

// Multiply-xorshift: the top bits pick the bucket, the low bits the slot inside a table.
inline std::uint64_t hashOf(const Key& k) {
  std::uint64_t h = (std::uint64_t(k.x) << 32 | k.y) ^ (std::uint64_t(k.z) * 0x9E3779B97F4A7C15ULL);
  h *= 0xBF58476D1CE4E5B9ULL;
  h ^= h >> 31;
  h *= 0x94D049BB133111EBULL;
  return h ^ (h >> 29);
}

inline bool samePlace(const Key& a, const Key& b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

using Counts = std::array<std::uint32_t, kBuckets>;

inline Key keyOf(const Eigen::Vector3f& p, std::uint32_t index) {
  return {floatKey(p.x()), floatKey(p.y()), floatKey(p.z()), index};
}

inline unsigned char bucketOf(std::uint64_t hash) { return static_cast<unsigned char>(hash >> (64 - kBucketBits)); }

// One part's share of the recent pass: its vertices [begin, end), how many of them are
// candidates, and how many of those fall in each bucket.
struct PartCandidates {
  std::size_t begin = 0, end = 0, count = 0;
  Counts buckets{};
};

// Step 3 for one bucket: for each entry, the candidate index of the first entry at its position
// (written over `first`), and a mark in `is_first` for each candidate that is a first. `table`
// is scratch.
void weldBucket(const Key* entries, std::size_t count, std::uint32_t* first, unsigned char* is_first,
                std::vector<std::uint32_t>& table) {
  std::size_t capacity = 16;
  while (capacity < 2 * count) capacity <<= 1;
  table.assign(capacity, 0);  // entry index + 1 of the first entry at a position; 0: empty
  for (std::size_t e = 0; e < count; ++e) {
    const Key& k = entries[e];
    for (std::size_t slot = hashOf(k) & (capacity - 1);; slot = (slot + 1) & (capacity - 1)) {
      const std::uint32_t t = table[slot];
      if (t == 0) {
        table[slot] = std::uint32_t(e + 1);
        first[e] = k.index;
        is_first[k.index] = 1;
        break;
      }
      if (samePlace(entries[t - 1], k)) {
        first[e] = entries[t - 1].index;
        break;
      }
    }
  }
}

// The exact, partitioned weld of the candidates: the vertices i with weld_id[i] == i, numbered
// in mesh order (the parts are consecutive ranges). Writes each candidate's id (order of first
// appearance) to id[]; returns the number of distinct positions.
std::size_t weldCandidates(const TriangleMesh& mesh, const std::uint32_t* weld_id,
                           const std::vector<PartCandidates>& parts_of, std::uint32_t* id) {
  const int parts = int(parts_of.size());
  std::vector<std::size_t> offset(parts_of.size() + 1, 0);
  for (std::size_t p = 0; p < parts_of.size(); ++p) offset[p + 1] = offset[p] + parts_of[p].count;
  const std::size_t m = offset.back();
  if (m == 0) return 0;

  // 1. Where each part's candidates of each bucket go: buckets in order, parts in order within one.
  std::vector<Counts> start(parts_of.size());
  std::array<std::size_t, kBuckets + 1> bucket_start{};
  std::size_t running = 0;
  for (std::size_t b = 0; b < kBuckets; ++b) {
    bucket_start[b] = running;
    for (std::size_t p = 0; p < parts_of.size(); ++p) {
      start[p][b] = std::uint32_t(running);
      running += parts_of[p].buckets[b];
    }
  }
  bucket_start[kBuckets] = running;

  // 2. The keys into their buckets, each carrying its candidate index.
  BulkVector<unsigned char> bucket_of;
  resizeForBulk(bucket_of, m);
  BulkVector<Key> entries;
  resizeForBulk(entries, m);
  runParts(parts, [&](int part) {
    const PartCandidates& range = parts_of[std::size_t(part)];
    Counts cursor = start[std::size_t(part)];
    auto c = std::uint32_t(offset[std::size_t(part)]);
    for (std::size_t i = range.begin; i < range.end; ++i) {
      if (weld_id[i] != i) continue;
      const Key k = keyOf(mesh.vertices[i], c);
      const unsigned char b = bucketOf(hashOf(k));
      bucket_of[c++] = b;
      entries[cursor[b]++] = k;
    }
  });

  // 3. Each bucket welded alone; the parts take buckets in turn.
  BulkVector<std::uint32_t> first;
  resizeForBulk(first, m);
  std::vector<unsigned char> is_first(m, 0);
  runParts(parts, [&](int part) {
    std::vector<std::uint32_t> table;
    for (std::size_t b = std::size_t(part); b < kBuckets; b += std::size_t(parts))
      weldBucket(entries.data() + bucket_start[b], bucket_start[b + 1] - bucket_start[b],
                 first.data() + bucket_start[b], is_first.data(), table);
  });

  // 4. Ids in order of first appearance: each part numbers the firsts in its range from where
  // the parts before it stopped, and notes for every other candidate its first ...
  std::vector<std::uint32_t> firsts_before(parts_of.size() + 1, 0);
  for (std::size_t p = 0; p < parts_of.size(); ++p)
    firsts_before[p + 1] =
        firsts_before[p] + std::uint32_t(std::count(is_first.begin() + std::ptrdiff_t(offset[p]),
                                                    is_first.begin() + std::ptrdiff_t(offset[p + 1]), 1));
  runParts(parts, [&](int part) {
    const unsigned char* bucket = bucket_of.data() + offset[std::size_t(part)];
    Counts cursor = start[std::size_t(part)];  // a replay of the part's walk in step 2
    std::uint32_t next = firsts_before[std::size_t(part)];
    for (std::size_t i = offset[std::size_t(part)]; i < offset[std::size_t(part) + 1]; ++i) {
      const std::uint32_t f = first[cursor[*bucket++]++];
      id[i] = f == i ? next++ : f;
    }
  });
  // ... 5. whose id, final once every part is through step 4, it then takes.
  runParts(parts, [&](int part) {
    for (std::size_t i = offset[std::size_t(part)]; i < offset[std::size_t(part) + 1]; ++i)
      if (!is_first[i]) id[i] = id[id[i]];
  });
  return firsts_before.back();
}

}  // namespace

std::size_t weldByPosition(const TriangleMesh& mesh, std::uint32_t* weld_id, int parts) {
  const std::size_t n = mesh.vertices.size();
  if (n == 0) return 0;
  parts = std::max(1, std::min(parts, int(n / 65536) + 1));  // small meshes: not worth a thread

  // The recent-positions pass: weld_id[i] = i for a candidate, else the candidate it repeats
  // (always earlier, and in the same part); the candidates counted by bucket.
  std::vector<PartCandidates> parts_of(static_cast<std::size_t>(parts));
  runParts(parts, [&](int part) {
    PartCandidates& range = parts_of[std::size_t(part)];
    std::tie(range.begin, range.end) = partRange(n, part, parts);
    std::vector<Key> recent(kRecentSlots, Key{0, 0, 0, kNone});
    for (std::size_t i = range.begin; i < range.end; ++i) {
      const Key k = keyOf(mesh.vertices[i], std::uint32_t(i));
      const std::uint64_t hash = hashOf(k);
      Key& slot = recent[hash & (kRecentSlots - 1)];
      if (slot.index != kNone && samePlace(slot, k)) {
        weld_id[i] = slot.index;
      } else {
        slot = k;
        weld_id[i] = std::uint32_t(i);
        ++range.count;
        ++range.buckets[bucketOf(hash)];
      }
    }
  });

  std::size_t candidate_count = 0;
  for (const PartCandidates& range : parts_of) candidate_count += range.count;
  BulkVector<std::uint32_t> candidate_id;
  resizeForBulk(candidate_id, candidate_count);
  const std::size_t distinct = weldCandidates(mesh, weld_id, parts_of, candidate_id.data());

  // Every vertex its id: a candidate takes the weld's, a repeat its candidate's (already final:
  // it is earlier in the same part).
  std::vector<std::size_t> first_candidate(static_cast<std::size_t>(parts), 0);
  for (std::size_t p = 1; p < parts_of.size(); ++p) first_candidate[p] = first_candidate[p - 1] + parts_of[p - 1].count;
  runParts(parts, [&](int part) {
    const auto [begin, end] = partRange(n, part, parts);
    const std::uint32_t* id = candidate_id.data() + first_candidate[std::size_t(part)];
    for (std::size_t i = begin; i < end; ++i) weld_id[i] = weld_id[i] == i ? *id++ : weld_id[weld_id[i]];
  });
  return distinct;
}

std::size_t weldByPosition(const TriangleMesh& mesh, std::vector<std::uint32_t>& weld_id, int parts) {
  weld_id.resize(mesh.vertices.size());
  return weldByPosition(mesh, weld_id.data(), parts);
}

}  // namespace vsim
