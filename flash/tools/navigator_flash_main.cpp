// navigator-flash PORT IMAGE [options]: flashes an STM32 over its ROM bootloader's UART (AN3155)
// or, with PORT "dfu" / "dfu:VID:PID", over USB DFU through dfu-util. The same code as the
// ground station's flash dialog. Exit status: 0 flashed and verified, 1 the flash failed (the
// message says what happened and what to do), 2 a usage error.
#include "flash/dfu_flasher.h"
#include "flash/flash_cli.h"
#include "flash/uart_flasher.h"
#include "cli/cli.h"

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace navigator::flash;

int main(int argc, char** argv) {
  const CliParse parse = parseCliArguments(argc, argv);
  if (parse.help) {
    std::fputs(parse.help_text.c_str(), stdout);
    return 0;
  }
  if (!parse.error.empty()) return navigator::cli::usageError("navigator-flash", parse.error);
  return runCli(parse.args);
}
