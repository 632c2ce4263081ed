#include "flash/flash_request.h"

#include "flash/flash_blocks.h"

namespace navigator::flash {
namespace {

FlashReport failure(FlashErrorKind kind, std::string what, std::string advice, const FlashCallbacks& callbacks) {
  FlashReport report;
  report.error = kind;
  report.what = std::move(what);
  report.advice = std::move(advice);
  if (callbacks.log) callbacks.log("error: " + report.what);
  return report;
}

}  // namespace

FlashReport runFlashRequest(const FlashRequest& request, const FlashCallbacks& callbacks) {
  const ImageLoad load = loadFirmwareImage(request.image_path, request.bin_base);
  if (!load.ok()) {
    return failure(FlashErrorKind::BadImage, load.error, "Nothing was erased. Choose a valid image.", callbacks);
  }
  if (callbacks.log) {
    callbacks.log("image " + request.image_path + ": " + std::to_string(load.image.totalBytes()) + " bytes in " +
                  std::to_string(load.image.segments.size()) + " segment(s), " +
                  hexAddress(load.image.lowestAddress()) + " to " + hexAddress(load.image.highestEnd()));
  }
  if (request.dfu) {
    const ChipInfo* chip = findChip(request.uart.expected_chip_id);
    if (chip == nullptr) {
      return failure(FlashErrorKind::BadImage,
                     "no flash layout is known for the target chip id " + hexId(request.uart.expected_chip_id),
                     "Choose a known target. Nothing was erased.", callbacks);
    }
    DfuOptions dfu = request.dfu_options;
    dfu.verify_only = request.uart.verify_only;
    dfu.leave = request.uart.start;
    return runDfuFlash(load.image, *chip, dfu, callbacks);
  }
  SerialParity parity = SerialParity::Even;
  if (request.parity) {
    parity = *request.parity;
  } else if (PosixSerialPort::isPseudoTerminal(request.port)) {
    parity = SerialParity::None;
    if (callbacks.log) {
      callbacks.log(request.port + " is a pseudo-terminal: no wire and no parity, so 8N1 instead of 8E1");
    }
  }
  PosixSerialPort port;
  if (!port.open(request.port, request.baud, parity)) {
    return failure(FlashErrorKind::PortError, port.lastError(),
                   "Check the port. On Debian the user must be in the dialout group to open serial ports.", callbacks);
  }
  return runUartFlash(port, load.image, request.uart, callbacks);
}

}  // namespace navigator::flash
