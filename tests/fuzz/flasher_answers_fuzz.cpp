// libFuzzer target for what a board or a flashing tool answers the flasher: the STM32 ROM
// bootloader's bytes on the UART (flash/stm32_bootloader.cpp behind runUartFlash in
// uart_flasher.cpp), and dfu-util's output text (flash/dfu_util_output.cpp).
//
// Input layout: byte 0 bit 0 chooses the reader.
//  - 0, UART: byte 1's bits are the run's options (bit 0 allow another chip, 1 remove read-out
//    protection, 2 mass erase, 3 verify only, 4 start, 5–6 retries 0–3); the rest is everything
//    the "bootloader" sends, served to the flasher's reads in order. When it runs out a read
//    times out at once (no wall-clock wait). The image is 600 bytes at 0x08000000, so a run
//    erases sector 0, writes three blocks and verifies them.
//  - 1, dfu-util: the rest is its output, split at '\n' (and '\r', as its progress bar draws):
//    the first half of the lines as stderr, the rest as stdout, through every reader.
//
// Checks, each a __builtin_trap() when it fails:
//  - a failed run says what happened (`what` is not empty) and has an error kind;
//  - a run that succeeded verified the whole image (600 bytes), and wrote it unless it only
//    verified;
//  - the flasher never asks for more bytes than a block or a bootloader answer holds, never
//    writes a frame over 258 bytes, and every two-byte write is a byte and its complement;
//  - dfu-util's progress percentages are within 0–100, a listed device has a VID:PID, and a
//    diagnosis of a failure has advice.
#include "flash/dfu_util_output.h"
#include "flash/uart_flasher.h"
#include "tests/fuzz/fuzz_support.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace {

using namespace navigator::flash;

constexpr std::size_t kImageBytes = 600;

// The bootloader's side of the wire, from the fuzz input.
class ScriptedPort final : public BytePort {
 public:
  ScriptedPort(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  bool write(const uint8_t* data, size_t size) override {
    // At most N-1, 256 data bytes and a checksum; every two-byte write (a command, READ's
    // count, the legacy mass erase) is a byte and its complement (AN3155).
    CHECK(size >= 1 && size <= 1 + an3155::kMaxBlock + 1);
    if (size == 2) CHECK((data[0] ^ data[1]) == 0xFF);
    return true;
  }
  long read(uint8_t* data, size_t size, int /*timeout_ms*/) override {
    CHECK(size <= an3155::kMaxBlock);  // a block, or a GET/GET_ID answer of at most 256 bytes
    const std::size_t n = std::min(size, size_ - offset_);
    std::copy(data_ + offset_, data_ + offset_ + n, data);
    offset_ += n;
    return long(n);
  }
  void discardInput() override {}
  std::string lastError() const override { return {}; }
  std::string name() const override { return "fuzz"; }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t offset_ = 0;
};

FirmwareImage testImage() {
  std::vector<std::uint8_t> bytes(kImageBytes);
  for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = std::uint8_t(i * 7 + 3);
  ImageLoad load = imageFromBin(bytes, kDefaultBinBase, "fuzz.bin");
  CHECK(load.ok());
  return load.image;
}

void uartRun(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return;
  UartFlashOptions options;
  options.allow_other_chip = data[0] & 1;
  options.remove_readout_protection = data[0] & 2;
  options.mass_erase = data[0] & 4;
  options.verify_only = data[0] & 8;
  options.start = data[0] & 16;
  options.retries = (data[0] >> 5) & 3;
  options.sync_attempts = 2;
  options.timeouts.unprotect_reset_ms = 0;
  ScriptedPort port(data + 1, size - 1);
  static const FirmwareImage image = testImage();
  const FlashReport report = runUartFlash(port, image, options, FlashCallbacks{});
  if (report.error != FlashErrorKind::None) {
    CHECK(!report.what.empty());
    return;
  }
  CHECK(report.bytes_verified == kImageBytes);
  if (!options.verify_only) CHECK(report.bytes_written == kImageBytes);
}

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::string line;
  for (const char c : text) {
    if (c == '\n' || c == '\r') {
      lines.push_back(line);
      line.clear();
    } else {
      line += c;
    }
  }
  lines.push_back(line);
  return lines;
}

void dfuOutput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const std::vector<std::string> lines = splitLines(text);
  for (const DfuDevice& d : parseDfuList(text)) CHECK(!d.vid_pid.empty());
  for (const std::string& line : lines) {
    if (const auto p = parseDfuProgressLine(line)) CHECK(p->percent >= 0 && p->percent <= 100);
    if (const auto p = parseDfuProgressPercent(line)) CHECK(*p >= 0 && *p <= 100);
    (void)isDfuLeaveRequestLine(line);
    (void)isDfuDownloadStartLine(line);
  }
  const std::vector<std::string> err(lines.begin(), lines.begin() + std::ptrdiff_t(lines.size() / 2));
  const std::vector<std::string> out(lines.begin() + std::ptrdiff_t(lines.size() / 2), lines.end());
  const DfuDiagnosis diagnosis = diagnoseDfuUtil(err, out, "0483:df11", 0);
  CHECK(!diagnosis.advice.empty());
  (void)dfuListAccessProblem(err);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  if (data[0] & 1)
    dfuOutput(data + 1, size - 1);
  else
    uartRun(data + 1, size - 1);
  return 0;
}
