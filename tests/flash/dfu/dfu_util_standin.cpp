// dfu_util_standin: a TEST-ONLY STAND-IN for dfu-util 0.11 together with an STM32F405 in DFU
// mode, so that test_dfu_flasher can run the DFU flasher's runs, parsing, verification and
// cancelling end to end without hardware. It is not dfu-util and shares no code with it.
// It takes dfu-util's command line (the same option letters: "hVvleE:d:p:c:i:a:S:t:U:D:Rs:Z:wn:",
// the option string in the installed dfu-util 0.11 binary) and acts on a file-backed flash:
// -D writes (erasing the sectors it touches first, as DfuSe page erases do), -U reads, the
// `leave` modifier is recorded. Its output follows dfu-util 0.11's format strings (read from the
// installed binary: the "\r%s\t[%s] %3llu%% %12llu bytes" progress bar with "Erase   ",
// "Download", "Upload" and "\n%s done.\n" at 100%, "Downloading element to address = 0x%08x,
// size = %i", "Submitting leave request...", errors on stderr as "dfu-util: ...", exit status
// 74 (EX_IOERR) for a missing device). How faithfully it parses arguments is checked against the
// real dfu-util only by test_dfu_flasher's runs of the real program (which, with no device
// attached, reach its device search and no further): the option letters and the -s syntax here
// are written from dfu-util's documentation (its manual page and usage text), not tested on it.
//
// Environment:
//   DFU_STANDIN_DIR          directory with flash.bin (1 MiB, the flash from 0x08000000); argv.log
//                            gets one line per run (the arguments, tab-separated), left one line
//                            per leave request (the address). Unset: no device.
//   DFU_STANDIN_CORRUPT      an address whose byte uploads read inverted (a flash that does not
//                            hold what was written)
//   DFU_STANDIN_SLOW_MS      milliseconds to sleep per 2048-byte transfer
//   DFU_STANDIN_IGNORE_TERM  "1": ignore SIGTERM (only SIGKILL stops it)
//   DFU_STANDIN_LEAVE_DROPS  "1": the device drops off the bus after the leave request, before
//                            answering (exit 74 with "Error during download get_status")
//   DFU_STANDIN_NO_ACCESS    "1": the device is there but may not be opened (LIBUSB_ERROR_ACCESS)
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

namespace {

constexpr uint32_t kFlashBase = 0x08000000;
constexpr uint32_t kFlashSize = 1024 * 1024;
constexpr int kTransfer = 2048;  // what an STM32F4 reports as its DFU transfer size
constexpr int kExUsage = 64;     // sysexits.h
constexpr int kExIoErr = 74;
constexpr const char* kSerial = "STANDIN0001";
constexpr const char* kLayoutName = "@Internal Flash  /0x08000000/04*016Kg,01*064Kg,07*128Kg";

// RM0090: the STM32F405's sectors 0-3 are 16 KiB, 4 is 64 KiB, 5-11 are 128 KiB.
uint32_t sectorStart(uint32_t address) {
  const uint32_t offset = address - kFlashBase;
  if (offset < 0x10000) return kFlashBase + (offset & ~0x3FFFu);
  if (offset < 0x20000) return kFlashBase + 0x10000;
  return kFlashBase + (offset & ~0x1FFFFu);
}
uint32_t sectorSize(uint32_t address) {
  const uint32_t offset = address - kFlashBase;
  return offset < 0x10000 ? 0x4000 : offset < 0x20000 ? 0x10000 : 0x20000;
}
// The DfuSe memory segments of the layout name: 4*16K, 1*64K, 7*128K.
uint32_t segmentEnd(uint32_t address) {
  const uint32_t offset = address - kFlashBase;
  return kFlashBase + (offset < 0x10000 ? 0x10000 : offset < 0x20000 ? 0x20000 : kFlashSize);
}
bool inFlash(uint32_t address) { return address >= kFlashBase && address - kFlashBase < kFlashSize; }

[[noreturn]] void fail(int code, const std::string& message) {
  std::fprintf(stderr, "dfu-util: %s\n", message.c_str());
  std::exit(code);
}

std::string env(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr ? value : "";
}

class ProgressBar {
 public:
  void draw(const char* what, unsigned long long done, unsigned long long total) {
    if (total < done) total = done + 1;
    if (total == 0 && done == 0) total = 1;
    unsigned long long cells = 25 * done / total;
    if (cells > 25) cells = 25;
    if (cells == last_cells_) return;
    last_cells_ = cells;
    std::string bar(25, ' ');
    for (unsigned long long i = 0; i < cells; ++i) bar[i] = '=';
    std::printf("\r%s\t[%s] %3llu%% %12llu bytes", what, bar.c_str(), 100 * done / total, done);
    if (cells == 25) std::printf("\n%s done.\n", what);
    std::fflush(stdout);
  }

 private:
  unsigned long long last_cells_ = ~0ull;
};

struct Memory {
  int fd = -1;
  void open(const std::string& path) {
    fd = ::open(path.c_str(), O_RDWR);
    if (fd < 0) fail(kExIoErr, "stand-in: cannot open " + path + ": " + std::strerror(errno));
  }
  void write(uint32_t address, const uint8_t* data, size_t size) const {
    if (::pwrite(fd, data, size, address - kFlashBase) != static_cast<ssize_t>(size)) fail(kExIoErr, "stand-in: write");
  }
  void read(uint32_t address, uint8_t* data, size_t size) const {
    if (::pread(fd, data, size, address - kFlashBase) != static_cast<ssize_t>(size)) fail(kExIoErr, "stand-in: read");
  }
};

void slow() {
  const int ms = std::atoi(env("DFU_STANDIN_SLOW_MS").c_str());
  if (ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

void appendLine(const std::string& path, const std::string& line) {
  std::ofstream out(path, std::ios::app);
  out << line << "\n";
}

void leave(const std::string& dir, uint32_t address) {
  std::printf("Submitting leave request...\n");
  if (env("DFU_STANDIN_LEAVE_DROPS") == "1") fail(kExIoErr, "Error during download get_status");
  char text[16];
  std::snprintf(text, sizeof text, "0x%08" PRIx32, address);
  appendLine(dir + "/left", text);
  std::printf("Transitioning to dfuMANIFEST state\n");
}

enum class Mode { None, List, Upload, Download };

struct Arguments {
  Mode mode = Mode::None;
  std::string device, serial, dfuse, file;
  int alt = -1;
};

// dfu-util's options (its getopt string); the ones not acted on here are accepted and ignored.
// Returns false for -h or an unknown option (the usage was printed).
bool parseArguments(int argc, char** argv, Arguments& a) {
  int c;
  while ((c = ::getopt(argc, argv, "hVvleE:d:p:c:i:a:S:t:U:D:Rs:Z:wn:")) != -1) {
    switch (c) {
      case 'l':
        a.mode = Mode::List;
        break;
      case 'd':
        a.device = optarg;
        break;
      case 'a':
        a.alt = std::atoi(optarg);
        break;
      case 'S':
        a.serial = optarg;
        break;
      case 's':
        a.dfuse = optarg;
        break;
      case 'U':
        a.mode = Mode::Upload;
        a.file = optarg;
        break;
      case 'D':
        a.mode = Mode::Download;
        a.file = optarg;
        break;
      case 'h':
      case '?':
        std::fprintf(stderr, "Usage: dfu-util [options] ...\n");
        return false;
      default:
        break;  // accepted, no effect here
    }
  }
  if (optind < argc) fail(kExUsage, std::string("Error: Unexpected argument: ") + argv[optind]);
  return true;
}

// -s ADDRESS[:LENGTH][:leave|force|will-reset|...]
struct DfuseTarget {
  uint32_t address = 0;
  uint32_t length = 0;  // 0: to the end of the memory segment (uploads)
  bool leave_after = false;
};

DfuseTarget parseDfuse(const std::string& dfuse) {
  DfuseTarget t;
  size_t at = dfuse.find(':');
  const std::string head = dfuse.substr(0, at);
  char* end = nullptr;
  if (!head.empty()) {
    t.address = static_cast<uint32_t>(std::strtoul(head.c_str(), &end, 0));
    if (*end != '\0') fail(kExUsage, "Invalid dfuse address: " + dfuse);
  }
  while (at != std::string::npos) {
    const size_t next = dfuse.find(':', at + 1);
    const std::string word = dfuse.substr(at + 1, next == std::string::npos ? std::string::npos : next - at - 1);
    at = next;
    if (word.empty() || word == "force" || word == "will-reset") continue;
    if (word == "leave") {
      t.leave_after = true;
      continue;
    }
    const unsigned long number = std::strtoul(word.c_str(), &end, 0);
    if (*end != '\0') fail(kExUsage, "Invalid dfuse modifier: " + word);
    t.length = static_cast<uint32_t>(number);
  }
  if (head.empty()) fail(kExUsage, "stand-in: only raw binaries at an -s address are emulated");
  return t;
}

// -D: erases the sectors the file touches (as DfuSe page erases do), then writes it.
void download(const Memory& memory, const std::string& file, uint32_t address) {
  std::ifstream in(file, std::ios::binary);
  if (!in) fail(kExIoErr, "Cannot open file " + file + " for reading");
  const std::vector<uint8_t> data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const uint32_t size = static_cast<uint32_t>(data.size());
  if (size < 16) {
    std::fprintf(stderr, "dfu-util: Warning: File too short for DFU suffix\n");
  } else {
    std::fprintf(stderr, "dfu-util: Warning: Invalid DFU suffix signature\n");
  }
  std::fprintf(stderr, "dfu-util: A valid DFU suffix will be required in a future dfu-util release\n");
  char last[64];
  std::snprintf(last, sizeof last, "Last page at 0x%08" PRIx32 " is not writeable", address + size - 1);
  if (!inFlash(address + size - 1) || !inFlash(address)) fail(kExUsage, last);
  std::printf("Downloading element to address = 0x%08" PRIx32 ", size = %" PRIu32 "\n", address, size);
  ProgressBar bar;
  bar.draw("Erase   ", 0, 1);
  uint32_t erased_until = 0;  // one past the last erased sector
  const std::vector<uint8_t> blank(0x20000, 0xFF);
  for (uint32_t p = 0; p < size; p += kTransfer) {
    const uint32_t chunk_end = address + std::min<uint32_t>(size, p + kTransfer);
    for (uint32_t a = address + p; a < chunk_end; a = sectorStart(a) + sectorSize(a)) {
      if (sectorStart(a) < erased_until) continue;
      memory.write(sectorStart(a), blank.data(), sectorSize(a));
      erased_until = sectorStart(a) + sectorSize(a);
    }
    bar.draw("Erase   ", p, size);
  }
  bar.draw("Erase   ", size, size);
  bar.draw("Download", 0, 1);
  for (uint32_t p = 0; p < size; p += kTransfer) {
    bar.draw("Download", p, size);
    const uint32_t n = std::min<uint32_t>(kTransfer, size - p);
    slow();
    memory.write(address + p, data.data() + p, n);
  }
  bar.draw("Download", size, size);
  std::printf("File downloaded successfully\n");
}

// -U: reads `length` bytes (0: to the end of the memory segment) into a new file.
void upload(const Memory& memory, const std::string& file, uint32_t address, uint32_t length) {
  const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_TRUNC, 0666);
  if (fd < 0) fail(kExIoErr, "Cannot open file " + file + " for writing: " + std::strerror(errno));
  char page[64];
  std::snprintf(page, sizeof page, "Page at 0x%08" PRIx32 " is not readable", address);
  if (!inFlash(address)) fail(kExUsage, page);
  if (length == 0) {
    length = segmentEnd(address) - address;
    std::printf("Limiting upload to end of memory segment, %" PRIu32 " bytes\n", length);
  }
  if (!inFlash(address + length - 1)) fail(kExIoErr, "stand-in: upload past the end of the flash");
  const uint32_t corrupt = static_cast<uint32_t>(std::strtoul(env("DFU_STANDIN_CORRUPT").c_str(), nullptr, 0));
  ProgressBar bar;
  bar.draw("Upload", 0, 1);
  std::vector<uint8_t> chunk(kTransfer);
  for (uint32_t p = 0; p < length; p += kTransfer) {
    const uint32_t n = std::min<uint32_t>(kTransfer, length - p);
    slow();
    memory.read(address + p, chunk.data(), n);
    if (corrupt >= address + p && corrupt < address + p + n) chunk[corrupt - address - p] ^= 0xFF;
    if (::write(fd, chunk.data(), n) != static_cast<ssize_t>(n)) fail(kExIoErr, "stand-in: write upload file");
    bar.draw("Upload", p + n, length);
  }
  ::close(fd);
}

// -l: the device's one line when it is there. Exit status 0.
int list(bool present) {
  if (present) {
    std::printf(
        "Found DFU: [0483:df11] ver=2200, devnum=5, cfg=1, intf=0, path=\"1-1\", alt=0, name=\"%s\", "
        "serial=\"%s\"\n",
        kLayoutName, kSerial);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  if (env("DFU_STANDIN_IGNORE_TERM") == "1") ::signal(SIGTERM, SIG_IGN);
  const std::string dir = env("DFU_STANDIN_DIR");
  if (!dir.empty()) {
    std::string line;
    for (int i = 1; i < argc; ++i) line += (i > 1 ? "\t" : "") + std::string(argv[i]);
    appendLine(dir + "/argv.log", line);
  }

  Arguments a;
  if (!parseArguments(argc, argv, a)) return kExUsage;
  std::printf("dfu-util 0.11 (test stand-in: dfu_util_standin)\n\n");
  if (a.mode == Mode::None) {
    std::fprintf(stderr, "You need to specify one of -D or -U\n");
    return kExUsage;
  }

  const bool present = !dir.empty();
  if (present && env("DFU_STANDIN_NO_ACCESS") == "1") {
    std::fprintf(stderr, "dfu-util: Cannot open DFU device 0483:df11 found on devnum 5 (LIBUSB_ERROR_ACCESS)\n");
    if (a.mode == Mode::List) return 0;
    fail(kExIoErr, "No DFU capable USB device available");
  }
  if (a.mode == Mode::List) return list(present);
  const bool matches = present && (a.device.empty() || a.device == "0483:df11") &&
                       (a.serial.empty() || a.serial == kSerial) && (a.alt == -1 || a.alt == 0);
  if (!matches) fail(kExIoErr, "No DFU capable USB device available");

  const DfuseTarget target = parseDfuse(a.dfuse);
  std::printf(
      "Opening DFU capable USB device...\nDevice ID 0483:df11\nDevice DFU version 011a\n"
      "Claiming USB DFU Interface...\nSetting Alternate Interface #0 ...\nDetermining device status...\n"
      "DFU state(2) = dfuIDLE, status(0) = No error condition is present\n"
      "DFU mode device DFU version 011a\nDevice returned transfer size %d\n"
      "DfuSe interface name: \"Internal Flash  \"\n",
      kTransfer);
  Memory memory;
  memory.open(dir + "/flash.bin");
  if (a.mode == Mode::Download) {
    download(memory, a.file, target.address);
  } else {
    upload(memory, a.file, target.address, target.length);
  }
  if (target.leave_after) leave(dir, target.address);
  return 0;
}
