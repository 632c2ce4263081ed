// The image cut into the blocks a bootloader writes and reads: each within one 256-byte-aligned
// window, starting and ending on a 4-byte boundary (AN3155: WRITE MEMORY takes a multiple of 4
// bytes), bytes the image does not own padded with 0xFF (the erased value, so padding writes
// change nothing) and masked out of the comparison. Every flash address is in at most one block.
// Thread contract: plain values and pure functions; any thread.
#pragma once

#include "flash/firmware_image.h"

#include <cstdint>
#include <string>
#include <vector>

namespace navigator::flash {

struct FlashBlock {
  uint32_t address = 0;
  std::vector<uint8_t> bytes;
  std::vector<bool> owned;   // per byte: it is the image's (false: padding)
  uint32_t image_bytes = 0;  // how many are owned
};

std::vector<FlashBlock> splitIntoBlocks(const FirmwareImage& image, uint32_t block_size);

struct BlockMismatch {
  uint32_t count = 0;          // owned bytes that differ
  uint32_t first_address = 0;  // the first of them
  uint8_t expected = 0;
  uint8_t got = 0;
};
// Compares the owned bytes of `block` with what was read back (`got`, the block's length).
BlockMismatch compareBlock(const FlashBlock& block, const std::vector<uint8_t>& got);

std::string hexId(uint16_t chip_id);  // "0x413"
std::string hexByte(uint8_t value);   // "0x5A"

}  // namespace navigator::flash
