// stm32_bootloader_emulator: an STM32F405 in system-memory boot mode on a tty, for tests of
// flashers (see bootloader_protocol.h for the protocol, stm32f405_memory.h for the memory).
//
//   stm32_bootloader_emulator --port PATH [--flash-file F] [--chip-id 0x413] [--rdp] [--baud B]
//                             [--flash-timing none|typical] [--fault SPEC ...]
//
// Exit codes: 0 after GO, the peer going away or SIGTERM/SIGINT; 3 after an injected disconnect;
// 2 for bad arguments or an unusable port/flash file; 1 when the flash file cannot be saved.
// The flash (1 MiB raw) is loaded from F when it exists and saved to F on every exit (through
// F.part and a rename). --chip-id changes only what GET ID answers; the memory stays an
// STM32F405's. Option bytes (RDP, write protection) live only as long as the process: start
// with --rdp to have a protected board again.
#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

#include "bootloader_faults.h"
#include "bootloader_protocol.h"
#include "serial_wire.h"
#include "stm32f405_memory.h"

namespace {

using namespace navigator::flash_emu;

constexpr const char* kUsage =
    "usage: stm32_bootloader_emulator --port PATH [--flash-file F] [--chip-id 0x413] [--rdp]\n"
    "                                 [--baud B] [--flash-timing none|typical] [--fault SPEC ...]\n"
    "  faults: nack:CMD:N silence:CMD:N deaf:CMD:N disconnect:CMD:N corrupt-write:N corrupt-read:N\n";

struct Options {
  std::string port, flash_file;
  uint16_t chip_id = 0x0413;
  bool rdp = false;
  uint32_t baud = 0;
  FlashTiming timing = FlashTiming::None;
  FaultPlan faults;
};

bool parseUnsigned(const std::string& text, unsigned long max, unsigned long& value) {
  if (text.empty() || text[0] == '-' || text[0] == '+') return false;
  errno = 0;
  char* end = nullptr;
  value = std::strtoul(text.c_str(), &end, 0);
  return errno == 0 && end != text.c_str() && *end == '\0' && value <= max;
}

// Returns an error message, or "" when the arguments are good.
std::string parseArguments(int argc, char** argv, Options& options) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&](std::string& out) {
      if (i + 1 >= argc) return false;
      out = argv[++i];
      return true;
    };
    std::string text;
    unsigned long number = 0;
    if (arg == "--help" || arg == "-h") {
      return "help";
    } else if (arg == "--rdp") {
      options.rdp = true;
    } else if (arg == "--port" || arg == "--flash-file" || arg == "--chip-id" || arg == "--baud" ||
               arg == "--flash-timing" || arg == "--fault") {
      if (!value(text)) return arg + " needs a value";
      if (arg == "--port") {
        options.port = text;
      } else if (arg == "--flash-file") {
        options.flash_file = text;
      } else if (arg == "--chip-id") {
        if (!parseUnsigned(text, 0xFFFF, number)) return "--chip-id '" + text + "' is not a 16-bit number";
        options.chip_id = static_cast<uint16_t>(number);
      } else if (arg == "--baud") {
        if (!parseUnsigned(text, 100'000'000, number)) return "--baud '" + text + "' is not a baud rate";
        options.baud = static_cast<uint32_t>(number);
      } else if (arg == "--flash-timing") {
        if (text != "none" && text != "typical") return "--flash-timing '" + text + "': expected none or typical";
        options.timing = text == "typical" ? FlashTiming::Typical : FlashTiming::None;
      } else {
        std::string error;
        auto fault = parseFault(text, error);
        if (!fault) return error;
        options.faults.add(*fault);
      }
    } else {
      return "unknown argument '" + arg + "'";
    }
  }
  if (options.port.empty()) return "--port PATH is required";
  return {};
}

std::string loadFlash(const std::string& path, Stm32F405Memory& memory) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return {};  // no file yet: an erased flash
  if (static_cast<uint64_t>(info.st_size) != kFlashSizeBytes)
    return "--flash-file " + path + ": holds " + std::to_string(info.st_size) + " bytes, expected " +
           std::to_string(kFlashSizeBytes) + " (1 MiB)";
  std::ifstream in(path, std::ios::binary);
  std::span<uint8_t> flash = memory.flashMutable();
  if (!in.read(reinterpret_cast<char*>(flash.data()), static_cast<std::streamsize>(flash.size())))
    return "--flash-file " + path + ": cannot read: " + std::strerror(errno);
  return {};
}

std::string saveFlash(const std::string& path, const Stm32F405Memory& memory) {
  const std::string temporary = path + ".part";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    const std::span<const uint8_t> flash = memory.flash();
    out.write(reinterpret_cast<const char*>(flash.data()), static_cast<std::streamsize>(flash.size()));
    out.flush();
    if (!out) return "cannot write " + temporary + ": " + std::strerror(errno);
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0)
    return "cannot rename " + temporary + " to " + path + ": " + std::strerror(errno);
  return {};
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (const std::string error = parseArguments(argc, argv, options); !error.empty()) {
    if (error == "help") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    std::fprintf(stderr, "stm32_bootloader_emulator: %s\n%s", error.c_str(), kUsage);
    return 2;
  }
  installStopHandlers();
  Stm32F405Memory memory;
  if (!options.flash_file.empty()) {
    if (const std::string error = loadFlash(options.flash_file, memory); !error.empty()) {
      std::fprintf(stderr, "stm32_bootloader_emulator: %s\n", error.c_str());
      return 2;
    }
  }
  if (options.rdp) memory.setRdp(kRdpLevel1Set);
  std::string error;
  SerialWire wire(options.port, options.baud, error);
  if (!error.empty()) {
    std::fprintf(stderr, "stm32_bootloader_emulator: %s\n", error.c_str());
    return 2;
  }
  logLine("ready " + wire.ttyName());
  if (options.rdp) logLine("note started with read-out protection (RDP level 1)");
  Bootloader bootloader(wire, memory, options.faults, options.chip_id, options.timing);
  SessionEnd end{0, ""};
  try {
    bootloader.run();
  } catch (const SessionEnd& e) {
    end = e;
  }
  wire.close();
  if (!options.flash_file.empty()) {
    if (const std::string save_error = saveFlash(options.flash_file, memory); !save_error.empty()) {
      logLine("exit " + end.reason + " (flash file not saved: " + save_error + ")");
      return 1;
    }
  }
  logLine("exit " + end.reason);
  return end.exit_code;
}
