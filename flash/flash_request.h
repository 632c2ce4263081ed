// One flash as a front end asks for it: an image file and a way to the board (a serial port to
// the ROM bootloader, or USB DFU through dfu-util). runFlashRequest loads the image, opens the
// port and runs the flasher; the dialog (through FlashJob) and navigator-flash both call it, so
// the image, parity and port errors read the same in both.
// Thread contract: runFlashRequest blocks the calling thread (the flashing thread).
#pragma once

#include "flash/byte_port.h"
#include "flash/dfu_flasher.h"
#include "flash/uart_flasher.h"

#include <optional>
#include <string>

namespace navigator::flash {

struct FlashRequest {
  std::string image_path;
  uint32_t bin_base = kDefaultBinBase;  // for a .bin
  bool dfu = false;                     // USB DFU through dfu-util, else the UART bootloader
  std::string port;                     // the serial port (UART)
  int baud = 115200;
  std::optional<SerialParity> parity;  // unset: 8E1, or 8N1 on a pseudo-terminal (logged)
  UartFlashOptions uart;               // expected chip, allow other chip, unprotect, mass erase,
                                       // verify only and start apply to DFU too where they can
  DfuOptions dfu_options;              // device, alt setting, serial
};

// Every failure before a flasher runs (image, target chip, port) comes back as a report with
// what and advice, and is logged as "error: …" like the flashers' own.
FlashReport runFlashRequest(const FlashRequest& request, const FlashCallbacks& callbacks);

}  // namespace navigator::flash
