// How long the emulated flash takes to erase and program (`--flash-timing typical`), or nothing
// (`none`). Typical values of the STM32F405xx/07xx datasheet (DS8626, "Flash memory programming"
// table) at program/erase parallelism x32, the parallelism for VDD 2.7-3.6 V that the ROM
// bootloader uses on a 3.3 V board:
//   32-bit word programming       16 us
//   16 KiB sector erase          250 ms
//   64 KiB sector erase          550 ms
//   128 KiB sector erase           1 s
//   mass erase                     8 s
// (the datasheet's maxima are 100 us, 800 ms, 2.4 s, 4 s and 32 s.)
#pragma once

#include <chrono>
#include <cstdint>

namespace navigator::flash_emu {

enum class FlashTiming { None, Typical };

struct FlashTimes {
  std::chrono::microseconds word_program{0};
  std::chrono::microseconds erase_16k{0}, erase_64k{0}, erase_128k{0}, mass_erase{0};

  static FlashTimes of(FlashTiming timing) {
    if (timing == FlashTiming::None) return {};
    using std::chrono::microseconds;
    return {microseconds(16), microseconds(250'000), microseconds(550'000), microseconds(1'000'000),
            microseconds(8'000'000)};
  }
  std::chrono::microseconds sectorErase(uint32_t sector_size_bytes) const {
    if (sector_size_bytes <= 16 * 1024) return erase_16k;
    if (sector_size_bytes <= 64 * 1024) return erase_64k;
    return erase_128k;
  }
};

}  // namespace navigator::flash_emu
