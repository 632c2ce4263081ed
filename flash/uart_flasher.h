// Flashing over the STM32 ROM bootloader's UART (AN3155): synchronise, identify (the chip id
// must be the image's target unless the user said go), remove read-out protection only when
// the user said so (it erases the chip), erase the sectors the image needs (the whole flash
// only when asked), write in 256-byte blocks, read every byte back and compare, and GO.
// NACKs and timeouts are retried up to a limit; the image is checked against the chip before
// anything is erased.
// Thread contract: runUartFlash blocks the calling thread (the flashing thread); cancel is
// honoured between blocks.
#pragma once

#include "flash/byte_port.h"
#include "flash/firmware_image.h"
#include "flash/flash_progress.h"
#include "flash/stm32_bootloader.h"

#include <cstdint>

namespace navigator::flash {

struct UartFlashOptions {
  uint16_t expected_chip_id = 0x413;       // the image's target: the STM32F405
  bool allow_other_chip = false;           // the user said go despite another chip id
  bool remove_readout_protection = false;  // the user confirmed the chip erase it means
  bool mass_erase = false;                 // erase the whole flash, not just the image's sectors
  bool verify_only = false;                // read and compare; erase and write nothing
  bool start = true;                       // GO to the flash base when done
  int retries = 3;                         // per command, on NACK or timeout
  int sync_attempts = 5;                   // 0x7F tries before "no bootloader"
  BootloaderTimeouts timeouts;
};

FlashReport runUartFlash(BytePort& port, const FirmwareImage& image, const UartFlashOptions& options,
                         const FlashCallbacks& callbacks);

}  // namespace navigator::flash
