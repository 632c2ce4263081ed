#include "flash/flash_cli.h"

#include "cli/cli.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace navigator::flash {
namespace {

bool parseUnsigned(const std::string& text, unsigned long max, unsigned long& out) {
  if (text.empty() || text[0] == '-') return false;
  errno = 0;
  char* end = nullptr;
  const unsigned long v = std::strtoul(text.c_str(), &end, 0);  // 0x… hex, else decimal
  if (errno != 0 || end == text.c_str() || *end != '\0' || v > max) return false;
  out = v;
  return true;
}

void printReport(const FlashReport& report, bool verify_only) {
  if (report.ok()) {
    if (verify_only) {
      std::printf("verified: the flash holds the image (%llu bytes) in %.1f s\n",
                  static_cast<unsigned long long>(report.bytes_verified), report.seconds_total);
    } else {
      std::printf("flashed and verified %llu bytes in %.1f s (erase %.1f s, write %.1f s, verify %.1f s), %u retries\n",
                  static_cast<unsigned long long>(report.bytes_written), report.seconds_total, report.seconds_erase,
                  report.seconds_write, report.seconds_verify, report.retries);
    }
    return;
  }
  std::fprintf(stderr, "navigator-flash: error: %s\n", report.what.c_str());
  if (!report.advice.empty()) std::fprintf(stderr, "navigator-flash: what to do: %s\n", report.advice.c_str());
}

// A whole number up to `max` (0x… hex, else decimal), else a usage error saying `refusal`.
unsigned long numberOr(const std::string& v, unsigned long max, const std::string& refusal) {
  unsigned long n = 0;
  if (!parseUnsigned(v, max, n)) throw cli::UsageError(refusal);
  return n;
}

// The serial line's options: baud rate and parity.
void addSerialOptions(CLI::App& app, CliParse& p) {
  using cli::UsageError;
  app.add_option_function<std::string>(
         "--baud",
         [&](const std::string& v) {
           const unsigned long n = numberOr(v, 4000000, "--baud: '" + v + "' is not a baud rate");
           if (n == 0) throw UsageError("--baud: '" + v + "' is not a baud rate");
           p.args.baud = static_cast<int>(n);
         },
         "serial baud rate (default 115200)")
      ->type_name("B");
  app.add_option_function<std::string>(
         "--parity",
         [&](const std::string& v) {
           if (v == "even")
             p.args.parity = SerialParity::Even;
           else if (v == "none")
             p.args.parity = SerialParity::None;
           else
             throw UsageError("--parity: '" + v + "' is neither even nor none");
         },
         "8E1 (the bootloader's) or 8N1; default 8E1, 8N1 on a pseudo-terminal")
      ->type_name("even|none");
}

// What is flashed where and how: the .bin's base, the chip, the retries, and the flags.
void addFlashOptions(CLI::App& app, CliParse& p, bool& no_start) {
  app.add_option_function<std::string>(
         "--base",
         [&](const std::string& v) {
           p.args.bin_base = static_cast<uint32_t>(
               numberOr(v, 0xFFFFFFFFul, "--base: '" + v + "' is not an address (0x08000000 or decimal)"));
         },
         "where a .bin goes (default 0x08000000)")
      ->type_name("ADDR");
  app.add_option_function<std::string>(
         "--chip",
         [&](const std::string& v) {
           p.args.uart.expected_chip_id =
               static_cast<uint16_t>(numberOr(v, 0xFFFF, "--chip: '" + v + "' is not a chip id (0x413)"));
         },
         "the image's target chip id (default 0x413, STM32F405/407)")
      ->type_name("ID");
  app.add_option_function<std::string>(
         "--retries",
         [&](const std::string& v) {
           p.args.uart.retries =
               static_cast<int>(numberOr(v, 100, "--retries: '" + v + "' is not a count from 0 to 100"));
         },
         "retries after a NACK or a timeout, per command (default 3; the bootloader also gets 5 synchronisation "
         "attempts)")
      ->type_name("N");
  app.add_flag("--any-chip", p.args.uart.allow_other_chip, "flash even when the board's chip id is another");
  app.add_flag("--verify-only", p.args.verify_only, "read the flash and compare; erase and write nothing");
  app.add_flag("--mass-erase", p.args.uart.mass_erase, "erase the whole flash, not only the image's sectors");
  app.add_flag("--unprotect", p.args.uart.remove_readout_protection,
               "remove read-out protection: THIS ERASES THE WHOLE CHIP");
  app.add_flag("--no-start", no_start, "stay in the bootloader when done (no GO)");
}

}  // namespace

CliParse parseCliArguments(int argc, const char* const* argv) {
  CliParse p;
  CLI::App app(
      "Flashes an STM32 over its ROM bootloader's UART (AN3155) or, with PORT dfu[:VID:PID], over USB DFU\n"
      "through dfu-util. Exit status: 0 flashed and verified, 1 the flash failed, 2 a usage error.",
      "navigator-flash");
  std::vector<std::string> positional;
  app.add_option("PORT IMAGE", positional,
                 "a serial port (/dev/ttyUSB0) to the STM32 ROM bootloader, or dfu[:VID:PID] for USB DFU "
                 "(default 0483:df11); the image: .bin, .hex (Intel HEX) or .elf")
      ->type_name("");
  addSerialOptions(app, p);
  bool no_start = false;
  addFlashOptions(app, p, no_start);

  const cli::ParseOutcome outcome = cli::parseArguments(app, argc, argv);
  p.help = outcome.help;
  p.help_text = app.help();
  p.error = outcome.error;
  if (p.help || !p.error.empty()) return p;
  if (no_start) p.args.uart.start = false;
  if (positional.size() != 2) {
    p.error = positional.size() < 2 ? "PORT and IMAGE are needed" : "too many arguments: '" + positional[2] + "'";
    return p;
  }
  p.args.port = positional[0];
  p.args.image_path = positional[1];
  p.args.uart.verify_only = p.args.verify_only;
  if (p.args.port == "dfu" || p.args.port.rfind("dfu:", 0) == 0) {
    p.args.dfu = true;
    if (p.args.port.size() > 4) p.args.dfu_device = p.args.port.substr(4);
  }
  return p;
}

int runCli(const CliArguments& args) {
  FlashRequest request;
  request.image_path = args.image_path;
  request.bin_base = args.bin_base;
  request.dfu = args.dfu;
  request.port = args.port;
  request.baud = args.baud;
  request.parity = args.parity;
  request.uart = args.uart;
  request.dfu_options.device = args.dfu_device;

  int last_percent = -1;
  FlashCallbacks callbacks;
  callbacks.log = [](const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); };
  callbacks.progress = [&](const FlashProgress& p) {
    const int percent = static_cast<int>(p.fraction * 100.0);
    if (percent == last_percent) return;
    last_percent = percent;
    std::fprintf(stderr, "progress: %3d %% (%s)\n", percent, phaseName(p.phase));
  };
  const FlashReport report = runFlashRequest(request, callbacks);
  printReport(report, args.verify_only);
  if (!report.ok() && report.flash_touched) {
    std::fprintf(stderr,
                 "navigator-flash: the flash was changed before the failure: flash again before resetting "
                 "the board into its firmware.\n");
  }
  return report.ok() ? 0 : 1;
}

}  // namespace navigator::flash
