#include "app/link/byte_ranges.h"

#include <algorithm>
#include <iterator>

namespace navigator {

void ByteRanges::add(std::uint32_t start, std::uint32_t end) {
  if (end <= start) return;
  // Merge with every range that overlaps or touches [start, end).
  auto it = ranges_.upper_bound(start);
  if (it != ranges_.begin() && std::prev(it)->second >= start) --it;
  while (it != ranges_.end() && it->first <= end) {
    start = std::min(start, it->first);
    end = std::max(end, it->second);
    it = ranges_.erase(it);
  }
  ranges_.emplace(start, end);
}

std::uint64_t ByteRanges::covered() const {
  std::uint64_t n = 0;
  for (const auto& [start, end] : ranges_) n += end - start;
  return n;
}

std::pair<std::uint32_t, std::uint32_t> ByteRanges::firstGap(std::uint32_t size) const {
  std::uint32_t at = 0;
  for (const auto& [start, end] : ranges_) {
    if (start > at) return {at, std::min(start, size)};
    at = std::max(at, end);
    if (at >= size) break;
  }
  if (at >= size) return {size, size};
  return {at, size};
}

}  // namespace navigator
