// USB DFU (ST's DfuSe, the STM32 ROM bootloader on USB, 0483:df11) through dfu-util, when it is
// installed: each image segment is downloaded with `-s ADDRESS` (the last with `:leave` when
// the board is to start), dfu-util's progress lines are parsed into the same FlashProgress the
// UART flasher reports, and the flash is verified by uploading it back (`-U`) and comparing
// every byte.
// Thread contract: runDfuFlash blocks the calling thread (the flashing thread) while dfu-util
// runs; cancel stops dfu-util (SIGTERM, then SIGKILL after 2 s).
#pragma once

#include "app/flash/firmware_image.h"
#include "app/flash/flash_progress.h"

#include <optional>
#include <string>
#include <vector>

namespace navigator::flash {

struct DfuOptions {
  std::string dfu_util = "dfu-util";  // program name or path
  std::string device = "0483:df11";   // -d VID:PID
  int alt_setting = 0;                // -a: 0 is the internal flash on the STM32F4
  std::string serial;                 // -S, when several boards are plugged in; empty = any
  bool verify = true;
  bool leave = true;                  // start the firmware after the download
  bool verify_only = false;           // upload and compare, write nothing
};

// One DFU device as `dfu-util -l` lists it.
struct DfuDevice {
  std::string vid_pid;   // "0483:df11"
  int alt = 0;
  std::string name;      // "@Internal Flash  /0x08000000/04*016Kg,01*064Kg,07*128Kg"
  std::string serial;
};

// Parses `dfu-util -l` output (pure, tested on dfu-util 0.11's format).
std::vector<DfuDevice> parseDfuList(const std::string& output);
// One line of dfu-util's download/upload progress ("Download\t[=====   ]  45%  ...") to a
// percentage in [0, 100]; nullopt for other lines.
std::optional<int> parseDfuProgressPercent(const std::string& line);

// Lists the DFU devices (runs `dfu-util -l`); an error (dfu-util missing or failing) goes to
// *error.
std::vector<DfuDevice> listDfuDevices(const DfuOptions& options, std::string* error);

FlashReport runDfuFlash(const FirmwareImage& image, const ChipInfo& chip, const DfuOptions& options,
                        const FlashCallbacks& callbacks);

}  // namespace navigator::flash
