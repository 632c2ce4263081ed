#include "app/flash/flash_cli.h"

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

}  // namespace

const char* cliUsage() {
  return "usage: navigator-flash PORT IMAGE [options]\n"
         "  PORT                a serial port (/dev/ttyUSB0) to the STM32 ROM bootloader, or\n"
         "                      dfu[:VID:PID] for USB DFU through dfu-util (default 0483:df11)\n"
         "  IMAGE               .bin, .hex (Intel HEX) or .elf\n"
         "  --baud B            serial baud rate (default 115200)\n"
         "  --parity even|none  8E1 (the bootloader's) or 8N1; default 8E1, 8N1 on a pseudo-terminal\n"
         "  --base ADDR         where a .bin goes (default 0x08000000)\n"
         "  --chip ID           the image's target chip id (default 0x413, STM32F405/407)\n"
         "  --any-chip          flash even when the board's chip id is another\n"
         "  --verify-only       read the flash and compare; erase and write nothing\n"
         "  --mass-erase        erase the whole flash, not only the image's sectors\n"
         "  --unprotect         remove read-out protection: THIS ERASES THE WHOLE CHIP\n"
         "  --no-start          stay in the bootloader when done (no GO)\n"
         "  --retries N         tries after a NACK or a timeout, per command (default 3)\n";
}

CliParse parseCliArguments(int argc, const char* const* argv) {
  CliParse p;
  std::vector<std::string> positional;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&](const char* name) -> std::optional<std::string> {
      if (i + 1 >= argc) {
        p.error = std::string(name) + " needs a value";
        return std::nullopt;
      }
      return std::string(argv[++i]);
    };
    unsigned long n = 0;
    if (a == "-h" || a == "--help") {
      p.help = true;
    } else if (a == "--baud") {
      const auto v = value("--baud");
      if (!v) return p;
      if (!parseUnsigned(*v, 4000000, n) || n == 0) {
        p.error = "--baud: '" + *v + "' is not a baud rate";
        return p;
      }
      p.args.baud = static_cast<int>(n);
    } else if (a == "--parity") {
      const auto v = value("--parity");
      if (!v) return p;
      if (*v == "even") {
        p.args.parity = SerialParity::Even;
      } else if (*v == "none") {
        p.args.parity = SerialParity::None;
      } else {
        p.error = "--parity: '" + *v + "' is neither even nor none";
        return p;
      }
    } else if (a == "--base") {
      const auto v = value("--base");
      if (!v) return p;
      if (!parseUnsigned(*v, 0xFFFFFFFFul, n)) {
        p.error = "--base: '" + *v + "' is not an address (0x08000000 or decimal)";
        return p;
      }
      p.args.bin_base = static_cast<uint32_t>(n);
    } else if (a == "--chip") {
      const auto v = value("--chip");
      if (!v) return p;
      if (!parseUnsigned(*v, 0xFFFF, n)) {
        p.error = "--chip: '" + *v + "' is not a chip id (0x413)";
        return p;
      }
      p.args.uart.expected_chip_id = static_cast<uint16_t>(n);
    } else if (a == "--retries") {
      const auto v = value("--retries");
      if (!v) return p;
      if (!parseUnsigned(*v, 100, n)) {
        p.error = "--retries: '" + *v + "' is not a count from 0 to 100";
        return p;
      }
      p.args.uart.retries = static_cast<int>(n);
    } else if (a == "--any-chip") {
      p.args.uart.allow_other_chip = true;
    } else if (a == "--verify-only") {
      p.args.verify_only = true;
    } else if (a == "--mass-erase") {
      p.args.uart.mass_erase = true;
    } else if (a == "--unprotect") {
      p.args.uart.remove_readout_protection = true;
    } else if (a == "--no-start") {
      p.args.uart.start = false;
    } else if (a.size() > 1 && a[0] == '-') {
      p.error = "unknown option '" + a + "'";
      return p;
    } else {
      positional.push_back(a);
    }
  }
  if (p.help) return p;
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
    std::fprintf(stderr, "navigator-flash: the flash was changed before the failure: flash again before resetting "
                         "the board into its firmware.\n");
  }
  return report.ok() ? 0 : 1;
}

}  // namespace navigator::flash
