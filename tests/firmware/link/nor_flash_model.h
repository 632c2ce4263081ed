// A model of the STM32F4's NOR flash for the flash logs' tests (param_store): two sectors that
// an erase sets to 0xFF, a 32-bit word programmed only when erased (else PGSERR, RM0090 sections
// 3.5-3.6) and only clearing bits, and a power cut after a set number of word writes or erases
// (a cut erase leaves half the sector erased, the rest as it was).
#pragma once

#include "firmware/link/signing_store.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace navigator::test {

struct NorFlash {
  std::array<std::vector<std::uint8_t>, 2> sector;
  int operations_left = -1;  // a power cut after this many word writes or erases (-1: never)
  bool cut = false;
  bool keeps = true;  // false: writes vanish (QEMU's netduinoplus2 maps the flash as ROM)
  int erases = 0;
  int words_programmed = 0;
  explicit NorFlash(std::size_t bytes) {
    for (auto& s : sector) s.assign(bytes, 0xFF);
  }
  bool step() {
    if (cut) return false;
    if (operations_left == 0) {
      cut = true;
      return false;
    }
    if (operations_left > 0) --operations_left;
    return true;
  }
  // Power back: the next operations go through.
  void restore() {
    cut = false;
    operations_left = -1;
  }
  static bool erase(void* self, int index) {
    auto* f = static_cast<NorFlash*>(self);
    auto& s = f->sector[std::size_t(index)];
    if (!f->step()) {  // cut mid-erase: half of it erased
      std::fill(s.begin(), s.begin() + std::ptrdiff_t(s.size() / 2), 0xFF);
      return false;
    }
    ++f->erases;
    std::fill(s.begin(), s.end(), 0xFF);
    return true;
  }
  static bool program(void* self, int index, std::size_t offset, const std::uint8_t* data, std::size_t length) {
    auto* f = static_cast<NorFlash*>(self);
    for (std::size_t w = 0; w < length; w += 4) {
      if (!f->step()) return false;
      std::uint8_t* at = f->sector[std::size_t(index)].data() + offset + w;
      if (at[0] != 0xFF || at[1] != 0xFF || at[2] != 0xFF || at[3] != 0xFF) return false;  // PGSERR
      ++f->words_programmed;
      if (f->keeps)
        for (std::size_t i = 0; i < 4; ++i) at[i] &= data[w + i];
    }
    return true;
  }
  signing_flash_t view() {
    return signing_flash_t{
        {sector[0].data(), sector[1].data()}, sector[0].size(), &NorFlash::erase, &NorFlash::program, this};
  }
};

}  // namespace navigator::test
