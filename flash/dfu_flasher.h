// USB DFU (ST's DfuSe, the STM32 ROM bootloader on USB, 0483:df11) through dfu-util, when it is
// installed: each image segment is downloaded with `-s ADDRESS` (the board started with the
// `leave` modifier), dfu-util's progress lines are parsed into the same FlashProgress the
// UART flasher reports, and the flash is verified by uploading it back (`-U`) and comparing
// every byte.
// The dfu-util runs of one flash, in order (VID:PID, ALT, [-S SERIAL] from DfuOptions):
//   download, per block:  dfu-util -d VID:PID -a ALT -s 0xADDR -D block.bin
//   verify, per block:    dfu-util -d VID:PID -a ALT -s 0xADDR:LEN -U upload.bin
//   leave (start):        dfu-util -d VID:PID -a ALT -s 0xFLASHBASE:4:leave -U leave.bin
// A block is one or more image segments: dfu-util erases the sectors a download touches, so two
// segments sharing a sector go in one download (the gap filled with 0xFF, the erased value), or
// the second run would erase the first one's bytes.
// Leaving: dfu-util's `leave` modifier ends its download or upload with the DfuSe leave request
// (set the address pointer to the -s address, then a DFU_DNLOAD of length 0; ST AN3156: the ROM
// bootloader then jumps to the address pointer). It goes on a run of its own after the
// verification, since the board must still be in DFU mode to be read back. That run is a
// 4-byte upload from the flash base: a 0-byte download is refused by dfu-util's DfuSe check
// that the last byte (address + size - 1) is writeable unless `force` (which also drops its
// other checks) is given; an upload length of 0 means "to the end of the memory segment"; and
// `-e` sends DFU_DETACH, which the ROM bootloader in DFU mode does not take ("can't detach").
// The address is the flash base, where the board starts from after a reset with BOOT0 low.
// Without verification, `:leave` rides on the last download when that download starts at the
// flash base (one run less); otherwise the leave run follows the downloads.
// The STM32 bootloader may drop off the bus before answering the status request after the
// leave request; dfu-util then fails after "Submitting leave request...", which is taken as
// the board having left (the log says so).
// Thread contract: runDfuFlash blocks the calling thread (the flashing thread) while dfu-util
// runs; cancel stops dfu-util (SIGTERM, then SIGKILL kDfuKillGrace later, timed by
// DfuOptions::clock).
#pragma once

#include "flash/dfu_util_output.h"  // DfuDevice, parseDfuList, parseDfuProgressLine, ...
#include "flash/firmware_image.h"
#include "flash/flash_blocks.h"
#include "flash/flash_clock.h"
#include "flash/flash_progress.h"

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace navigator::flash {

struct DfuOptions {
  std::string dfu_util = "dfu-util";  // program name or path
  std::string device = "0483:df11";   // -d VID:PID
  int alt_setting = 0;                // -a: 0 is the internal flash on the STM32F4
  std::string serial;                 // -S, when several boards are plugged in; empty = any
  bool verify = true;
  bool leave = true;         // start the firmware after the download
  bool verify_only = false;  // upload and compare, write nothing
  // Times the stop of a cancelled dfu-util and `dfu-util -l`'s timeout; null: the steady clock.
  const FlashClock* clock = nullptr;
};

// How long a cancelled dfu-util has between SIGTERM and SIGKILL.
inline constexpr std::chrono::milliseconds kDfuKillGrace{2000};

// One dfu-util download: a run of flash from `address`, a FlashBlock (flash_blocks.h) of any
// length. `owned` marks the image's bytes; the gaps between segments sharing a sector are 0xFF
// (the erased value) and not compared when verifying.
using DfuBlock = FlashBlock;
// The image's segments grouped into downloads so that no sector is touched by two (see above).
// The image must fit the chip (checkImageFitsChip in firmware_image.h) and its segments be in
// address order, not overlapping (as the loaders in firmware_image.h make them).
std::vector<DfuBlock> planDfuBlocks(const FirmwareImage& image, const ChipInfo& chip);

// dfu-util's arguments (after the program name) for one run; see above.
std::vector<std::string> dfuDownloadArgs(const DfuOptions& options, uint32_t address, bool leave,
                                         const std::string& file);
std::vector<std::string> dfuUploadArgs(const DfuOptions& options, uint32_t address, uint32_t length, bool leave,
                                       const std::string& file);

// Lists the DFU devices (runs `dfu-util -l`); an error (dfu-util missing or failing) goes to
// *error. No device is no error. A device dfu-util saw but could not open (no permission) is
// one: dfu-util warns and leaves it out of the list.
std::vector<DfuDevice> listDfuDevices(const DfuOptions& options, std::string* error);

// With verify_only, nothing is written and the board is not started (leave applies after a
// download). FlashReport::chip_id stays 0: dfu-util does not read the chip id.
FlashReport runDfuFlash(const FirmwareImage& image, const ChipInfo& chip, const DfuOptions& options,
                        const FlashCallbacks& callbacks);

}  // namespace navigator::flash
