#include "flash/flash_blocks.h"

#include <algorithm>
#include <cstdio>
#include <map>

namespace navigator::flash {

std::vector<FlashBlock> splitIntoBlocks(const FirmwareImage& image, uint32_t block_size) {
  // Window start → block; the image's segments are sorted and disjoint, so windows fill in order.
  std::map<uint32_t, FlashBlock> windows;
  for (const ImageSegment& seg : image.segments) {
    for (size_t i = 0; i < seg.bytes.size(); ++i) {
      const uint32_t address = seg.address + static_cast<uint32_t>(i);
      const uint32_t window = address - address % block_size;
      FlashBlock& b = windows[window];
      if (b.bytes.empty()) {
        b.address = window;
        b.bytes.assign(block_size, 0xFF);
        b.owned.assign(block_size, false);
      }
      b.bytes[address - window] = seg.bytes[i];
      b.owned[address - window] = true;
      ++b.image_bytes;
    }
  }
  std::vector<FlashBlock> blocks;
  blocks.reserve(windows.size());
  for (auto& [window, b] : windows) {
    // Trim the unowned ends to the 4-byte words that hold owned bytes.
    const auto first = static_cast<uint32_t>(std::find(b.owned.begin(), b.owned.end(), true) - b.owned.begin());
    const auto last = static_cast<uint32_t>(b.owned.rend() - std::find(b.owned.rbegin(), b.owned.rend(), true));
    const uint32_t begin = first - first % 4;
    const uint32_t end = std::min<uint32_t>(block_size, (last + 3) / 4 * 4);
    FlashBlock out;
    out.address = window + begin;
    out.bytes.assign(b.bytes.begin() + begin, b.bytes.begin() + end);
    out.owned.assign(b.owned.begin() + begin, b.owned.begin() + end);
    out.image_bytes = b.image_bytes;
    blocks.push_back(std::move(out));
  }
  return blocks;
}

BlockMismatch compareBlock(const FlashBlock& block, const std::vector<uint8_t>& got) {
  BlockMismatch m;
  for (size_t i = 0; i < block.bytes.size(); ++i) {
    if (!block.owned[i]) continue;
    const uint8_t g = i < got.size() ? got[i] : static_cast<uint8_t>(~block.bytes[i]);
    if (g == block.bytes[i]) continue;
    if (m.count == 0) {
      m.first_address = block.address + static_cast<uint32_t>(i);
      m.expected = block.bytes[i];
      m.got = g;
    }
    ++m.count;
  }
  return m;
}

std::string hexId(uint16_t chip_id) {
  char s[8];
  std::snprintf(s, sizeof s, "0x%03X", chip_id);
  return s;
}

std::string hexByte(uint8_t value) {
  char s[8];
  std::snprintf(s, sizeof s, "0x%02X", value);
  return s;
}

}  // namespace navigator::flash
