// The command line of navigator-flash: parsing (pure, tested) and the run with its terminal
// output (progress lines on stderr when the integer percent changes, the outcome on stdout).
#pragma once

#include "flash/flash_request.h"

#include <optional>
#include <string>

namespace navigator::flash {

struct CliArguments {
  std::string port;  // a tty path, or "dfu" / "dfu:VID:PID"
  std::string image_path;
  int baud = 115200;
  uint32_t bin_base = kDefaultBinBase;
  std::optional<SerialParity> parity;  // unset: 8E1, or 8N1 on a pseudo-terminal (logged)
  UartFlashOptions uart;
  bool verify_only = false;
  bool dfu = false;
  std::string dfu_device = "0483:df11";
};

struct CliParse {
  CliArguments args;
  bool help = false;
  std::string help_text;  // what --help prints
  std::string error;      // empty when the arguments are usable
};

// Through navigator_cli (CLI11), with the tools' wording of usage errors.
CliParse parseCliArguments(int argc, const char* const* argv);
// Flashes (runFlashRequest) with terminal output; returns the exit status.
int runCli(const CliArguments& args);

}  // namespace navigator::flash
