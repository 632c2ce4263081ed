// Byte ranges [start, end) received of a file, merged as they arrive: what a transfer that
// can lose or reorder pieces (MAVLink's LOG_DATA, an FTP burst) has and still lacks.
// No Qt; one thread.
#pragma once

#include <cstdint>
#include <map>
#include <utility>

namespace navigator {

class ByteRanges {
 public:
  void add(std::uint32_t start, std::uint32_t end);
  std::uint64_t covered() const;
  // The first byte missing below `size` and the end of that gap (first == size: none).
  std::pair<std::uint32_t, std::uint32_t> firstGap(std::uint32_t size) const;
  bool complete(std::uint32_t size) const { return firstGap(size).first >= size; }
  void clear() { ranges_.clear(); }
  int count() const { return int(ranges_.size()); }

 private:
  std::map<std::uint32_t, std::uint32_t> ranges_;  // start -> end, disjoint, not touching
};

}  // namespace navigator
