#include "app/flash/dfu_flasher.h"

#include "app/flash/chip_catalog.h"
#include "app/flash/child_process.h"
#include "app/flash/firmware_image.h"
#include "app/flash/flash_progress.h"

#include <stdlib.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace navigator::flash {

namespace {

using Clock = std::chrono::steady_clock;

// Weights of the progress fraction: rough expected times, not measurements of this board.
// Sector erase: the STM32F405/407 datasheet's typical times at x32 parallelism, 16 KiB 250 ms,
// 64 KiB 550 ms, 128 KiB 1 s, taken as a line through the first and last (other parts' small
// pages get the floor). Download: 2 KiB DfuSe transfers, each a Set Address command, the data
// and the programming (16 µs per 32-bit word typical), with their status polls: ~40 KB/s.
// Upload: ~200 KB/s. Leaving: one more dfu-util run opening the device.
double eraseSecondsForSector(uint32_t size) {
  return std::max(0.02, 0.25 + (static_cast<double>(size) - 16384.0) * 0.75 / (131072.0 - 16384.0));
}
constexpr double kWriteSecondsPerByte = 1.0 / 40000.0;
constexpr double kUploadSecondsPerByte = 1.0 / 200000.0;
constexpr double kLeaveSeconds = 0.3;
// Until the run has succeeded, the fraction stays below 1.
constexpr double kBeforeDone = 0.999;

std::string hex32(uint32_t value) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08" PRIX32, value);
  return text;
}

std::string hexArg(uint32_t value) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08" PRIx32, value);
  return text;
}

std::string hexByte(uint8_t value) {
  char text[8];
  std::snprintf(text, sizeof text, "0x%02X", value);
  return text;
}

std::string range(uint64_t begin, uint64_t end) {
  return hex32(static_cast<uint32_t>(begin)) + "–" + hex32(static_cast<uint32_t>(end));
}

bool contains(const std::string& text, const char* what) { return text.find(what) != std::string::npos; }

std::string trim(const std::string& text) {
  const size_t b = text.find_first_not_of(" \t");
  if (b == std::string::npos) return {};
  const size_t e = text.find_last_not_of(" \t");
  return text.substr(b, e - b + 1);
}

uint64_t flashEndOf(const ChipInfo& chip) {
  uint64_t end = chip.flash_base;
  for (const FlashSector& s : chip.sectors) end += s.size_bytes;
  return end;
}

// The index of the sector holding `address`, or -1.
int sectorIndex(const ChipInfo& chip, uint32_t address) {
  for (size_t i = 0; i < chip.sectors.size(); ++i) {
    const FlashSector& s = chip.sectors[i];
    if (address >= s.address && static_cast<uint64_t>(address) < static_cast<uint64_t>(s.address) + s.size_bytes) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

// The expected erase time of the sectors [begin, end) touches.
double eraseSecondsFor(const ChipInfo& chip, uint32_t begin, uint64_t end) {
  double seconds = 0.0;
  for (const FlashSector& s : chip.sectors) {
    if (s.address < end && begin < static_cast<uint64_t>(s.address) + s.size_bytes) {
      seconds += eraseSecondsForSector(s.size_bytes);
    }
  }
  return seconds;
}

std::vector<std::string> commonArgs(const DfuOptions& options) {
  std::vector<std::string> args = {"-d", options.device, "-a", std::to_string(options.alt_setting)};
  if (!options.serial.empty()) {
    args.push_back("-S");
    args.push_back(options.serial);
  }
  return args;
}

// ---- What dfu-util's messages mean ----------------------------------------------------------

std::string noDeviceAdvice(const DfuOptions& options) {
  return "is the board in DFU mode (BOOT0 high, or the bootloader button held while plugging in)? "
         "lsusb should show " + options.device + "; on Linux a udev rule may be needed for permission "
         "(see `dfu-util -l`).";
}

const char* kUdevAdvice =
    "this user may not open the USB device: Debian's dfu-util package installs "
    "/lib/udev/rules.d/60-dfu-util.rules, which gives the user logged in at the desktop access to "
    "0483:df11 (TAG+=\"uaccess\"); over ssh or on other systems add a rule such as "
    "ACTION==\"add\", SUBSYSTEM==\"usb\", ATTRS{idVendor}==\"0483\", ATTRS{idProduct}==\"df11\", "
    "MODE=\"664\", GROUP=\"plugdev\" to /etc/udev/rules.d/, join that group, run "
    "`sudo udevadm control --reload` and plug the board in again.";

struct Diagnosis {
  std::string quote;   // the line of dfu-util's that says what went wrong
  std::string advice;
};

// Reads dfu-util's output (stderr first: its errors and warnings go there, as "dfu-util: ...").
Diagnosis diagnose(const std::vector<std::string>& err_lines, const std::vector<std::string>& out_lines,
                   const DfuOptions& options) {
  struct Rule {
    std::vector<const char*> needles;
    std::string advice;
  };
  const std::vector<Rule> rules = {
      {{"LIBUSB_ERROR_ACCESS", "Cannot open DFU device"}, kUdevAdvice},
      {{"No DFU capable USB device available"}, noDeviceAdvice(options)},
      {{"More than one DFU capable USB device found"},
       "several DFU devices match " + options.device +
           ": give the board's serial number (dfu-util -l lists it as serial=\"...\") or unplug the others."},
      {{"LIBUSB_ERROR_BUSY", "Cannot claim interface"},
       "another program holds the board (another dfu-util, STM32CubeProgrammer, a virtual machine's USB "
       "passthrough): close it and try again."},
      {{"is not writeable", "is not readable", "can not be erased"},
       "the address is outside the memory the board's DFU alt setting " + std::to_string(options.alt_setting) +
           " describes (dfu-util -l shows it, e.g. name=\"@Internal Flash  /0x08000000/04*016Kg,...\"): check "
           "the alt setting, and that the board carries the chip this image is built for."},
      {{"LIBUSB_ERROR_NO_DEVICE", "Lost device", "LIBUSB_ERROR_IO", "LIBUSB_ERROR_PIPE", "LIBUSB_ERROR_TIMEOUT",
        "LIBUSB_ERROR_OVERFLOW", "Error during download", "Error during upload", "Error during special command",
        "not correctly executed", "Wrong state after command"},
       "the USB transfer or the bootloader's flash operation failed: check the cable (a data cable, straight "
       "into the computer rather than through a hub), then try again."},
      {{"Cannot open file"},
       "dfu-util could not create its upload file in the temporary directory: check TMPDIR (or /tmp) is "
       "writeable and has space."},
  };
  for (const Rule& rule : rules) {
    for (const std::vector<std::string>* lines : {&err_lines, &out_lines}) {
      for (const std::string& line : *lines) {
        for (const char* needle : rule.needles) {
          if (contains(line, needle)) return {line, rule.advice};
        }
      }
    }
  }
  Diagnosis d;
  if (!err_lines.empty()) {
    d.quote = err_lines.back();
  } else if (!out_lines.empty()) {
    d.quote = out_lines.back();
  }
  d.advice = "see dfu-util's output in the log; try again, and if it fails the same way run the command "
             "shown there by hand with -v for more detail.";
  return d;
}

// ---- The temporary files ---------------------------------------------------------------------

class TempDir {
 public:
  TempDir() {
    const char* base = std::getenv("TMPDIR");
    std::string pattern = std::string(base != nullptr && *base != '\0' ? base : "/tmp") + "/navigator-dfu-XXXXXX";
    std::vector<char> buffer(pattern.begin(), pattern.end());
    buffer.push_back('\0');
    if (::mkdtemp(buffer.data()) != nullptr) {
      path_ = buffer.data();
    } else {
      error_ = "cannot create a temporary directory from " + pattern + ": " + std::strerror(errno);
    }
  }
  ~TempDir() {
    if (path_.empty()) return;
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }
  const std::string& error() const { return error_; }

 private:
  std::string path_;
  std::string error_;
};

// Empty on success, else why not.
std::string writeFile(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (out) out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (out) out.close();
  if (!out) return "cannot write the temporary file " + path + ": " + std::strerror(errno);
  return {};
}

bool readFile(const std::string& path, std::vector<uint8_t>* bytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  bytes->assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

// ---- One flash -------------------------------------------------------------------------------

enum class RunKind { Download, Verify, Leave };

struct RunOutcome {
  ChildProcessResult child;
  std::vector<std::string> out_lines;
  std::vector<std::string> err_lines;
  bool leave_requested = false;  // dfu-util printed "Submitting leave request..."
};

class DfuFlash {
 public:
  DfuFlash(const FirmwareImage& image, const ChipInfo& chip, const DfuOptions& options,
           const FlashCallbacks& callbacks)
      : image_(image), chip_(chip), options_(options), callbacks_(callbacks) {}

  FlashReport run();

 private:
  bool cancelRequested() const { return callbacks_.cancel != nullptr && callbacks_.cancel->load(); }
  void log(const std::string& line) const {
    if (callbacks_.log) callbacks_.log(line);
  }
  void planCosts();
  void report(FlashPhase phase, double seconds_done, uint64_t bytes_done, uint64_t bytes_total);
  void enterPhase(FlashPhase phase);
  RunOutcome runDfuUtil(const std::vector<std::string>& args, RunKind kind, size_t block);
  void onProgress(const DfuProgressLine& bar, RunKind kind, size_t block);
  FlashReport finish(FlashReport r);
  FlashReport failed(FlashErrorKind kind, std::string what, std::string advice);
  FlashReport failedRun(const RunOutcome& outcome, const std::string& action, const std::string& what_prefix = {},
                        const std::string& advice_suffix = {});
  FlashReport cancelled(const std::string& during, const RunOutcome* outcome = nullptr);
  bool verifyBlocks(FlashReport* failure);
  bool leave(bool verified, FlashReport* failure);

  const FirmwareImage& image_;
  const ChipInfo& chip_;
  const DfuOptions& options_;
  const FlashCallbacks& callbacks_;

  std::vector<DfuBlock> blocks_;
  TempDir* temp_ = nullptr;
  FlashReport report_;
  Clock::time_point started_{};

  // Expected seconds per block and phase, and where each block's share starts.
  std::vector<double> erase_s_, write_s_, verify_s_, download_base_, verify_base_;
  std::vector<uint64_t> bytes_before_;  // block bytes before block i
  uint64_t block_bytes_ = 0;
  double leave_base_ = 0.0;
  double total_s_ = 1.0;
  double last_fraction_ = 0.0;

  FlashPhase phase_ = FlashPhase::Connect;
  Clock::time_point phase_since_{};
};

void DfuFlash::planCosts() {
  const size_t n = blocks_.size();
  erase_s_.assign(n, 0.0);
  write_s_.assign(n, 0.0);
  verify_s_.assign(n, 0.0);
  download_base_.assign(n, 0.0);
  verify_base_.assign(n, 0.0);
  bytes_before_.assign(n, 0);
  const bool writing = !options_.verify_only;
  const bool verifying = options_.verify || options_.verify_only;
  double t = 0.0;
  for (size_t i = 0; i < n; ++i) {
    const DfuBlock& b = blocks_[i];
    bytes_before_[i] = block_bytes_;
    block_bytes_ += b.bytes.size();
    if (writing) {
      erase_s_[i] = eraseSecondsFor(chip_, b.address, static_cast<uint64_t>(b.address) + b.bytes.size());
      write_s_[i] = static_cast<double>(b.bytes.size()) * kWriteSecondsPerByte;
    }
    download_base_[i] = t;
    t += erase_s_[i] + write_s_[i];
  }
  for (size_t i = 0; i < n; ++i) {
    if (verifying) verify_s_[i] = static_cast<double>(blocks_[i].bytes.size()) * kUploadSecondsPerByte;
    verify_base_[i] = t;
    t += verify_s_[i];
  }
  leave_base_ = t;
  if (writing && options_.leave) t += kLeaveSeconds;
  total_s_ = t > 0.0 ? t : 1.0;
}

void DfuFlash::report(FlashPhase phase, double seconds_done, uint64_t bytes_done, uint64_t bytes_total) {
  const double fraction = std::clamp(seconds_done / total_s_, last_fraction_, kBeforeDone);
  last_fraction_ = fraction;
  if (callbacks_.progress) callbacks_.progress(FlashProgress{phase, fraction, bytes_done, bytes_total});
}

void DfuFlash::enterPhase(FlashPhase phase) {
  if (phase == phase_) return;
  const double seconds = std::chrono::duration<double>(Clock::now() - phase_since_).count();
  if (phase_ == FlashPhase::Erase) report_.seconds_erase += seconds;
  if (phase_ == FlashPhase::Write) report_.seconds_write += seconds;
  if (phase_ == FlashPhase::Verify) report_.seconds_verify += seconds;
  phase_ = phase;
  phase_since_ = Clock::now();
}

void DfuFlash::onProgress(const DfuProgressLine& bar, RunKind kind, size_t block) {
  const double part = bar.percent / 100.0;
  const uint64_t done = bytes_before_[block] + bar.bytes;
  if (kind == RunKind::Download && bar.what == "Erase") {
    report_.flash_touched = true;
    enterPhase(FlashPhase::Erase);
    report(FlashPhase::Erase, download_base_[block] + erase_s_[block] * part, done, block_bytes_);
  } else if (kind == RunKind::Download && bar.what == "Download") {
    report_.flash_touched = true;
    enterPhase(FlashPhase::Write);
    report(FlashPhase::Write, download_base_[block] + erase_s_[block] + write_s_[block] * part, done, block_bytes_);
  } else if (kind == RunKind::Verify && bar.what == "Upload") {
    report(FlashPhase::Verify, verify_base_[block] + verify_s_[block] * part, done, block_bytes_);
  }
}

RunOutcome DfuFlash::runDfuUtil(const std::vector<std::string>& args, RunKind kind, size_t block) {
  std::vector<std::string> argv = {options_.dfu_util};
  argv.insert(argv.end(), args.begin(), args.end());
  std::string command = "$";
  for (const std::string& a : argv) command += " " + a;
  log(command);

  RunOutcome outcome;
  if (kind == RunKind::Verify) enterPhase(FlashPhase::Verify);
  const ChildLineHandler on_line = [&](const std::string& line, bool from_stderr) {
    log(line);
    (from_stderr ? outcome.err_lines : outcome.out_lines).push_back(line);
    if (contains(line, "Submitting leave request")) outcome.leave_requested = true;
    // dfu-util prints this just before it erases the first page.
    if (kind == RunKind::Download && contains(line, "Downloading element to address")) report_.flash_touched = true;
    if (const std::optional<DfuProgressLine> bar = parseDfuProgressLine(line)) onProgress(*bar, kind, block);
  };
  ChildProcessOptions child_options;
  child_options.cancel = callbacks_.cancel;
  child_options.kill_grace = std::chrono::seconds(2);
  outcome.child = runChildProcess(argv, on_line, child_options);
  enterPhase(FlashPhase::Connect);
  return outcome;
}

FlashReport DfuFlash::finish(FlashReport r) {
  enterPhase(FlashPhase::Connect);
  r.flash_touched = report_.flash_touched;
  r.bytes_written = report_.bytes_written;
  r.bytes_verified = report_.bytes_verified;
  r.seconds_erase = report_.seconds_erase;
  r.seconds_write = report_.seconds_write;
  r.seconds_verify = report_.seconds_verify;
  r.seconds_total = std::chrono::duration<double>(Clock::now() - started_).count();
  if (r.ok()) {
    if (callbacks_.progress) callbacks_.progress(FlashProgress{FlashPhase::Done, 1.0, block_bytes_, block_bytes_});
  } else {
    log("DFU flash failed: " + r.what);
  }
  return r;
}

FlashReport DfuFlash::failed(FlashErrorKind kind, std::string what, std::string advice) {
  FlashReport r;
  r.error = kind;
  r.what = std::move(what);
  r.advice = std::move(advice);
  if (report_.flash_touched) {
    r.advice += " The board stays in its ROM bootloader (DFU mode) and can be flashed again.";
  }
  return finish(std::move(r));
}

FlashReport DfuFlash::failedRun(const RunOutcome& outcome, const std::string& action,
                                const std::string& what_prefix, const std::string& advice_suffix) {
  if (!outcome.child.started()) {
    const bool custom = options_.dfu_util != "dfu-util";
    return failed(FlashErrorKind::ToolMissing,
                  "dfu-util (\"" + options_.dfu_util + "\") " + describeChildEnd(outcome.child) + ".",
                  std::string("install dfu-util (apt install dfu-util)") +
                      (custom ? ", or correct the dfu-util path in the settings." : "."));
  }
  const Diagnosis d = diagnose(outcome.err_lines, outcome.out_lines, options_);
  std::string what = what_prefix + "dfu-util (" + action + ") " + describeChildEnd(outcome.child);
  if (!d.quote.empty()) what += ": \"" + d.quote + "\"";
  return failed(FlashErrorKind::ToolFailed, what + ".", d.advice + advice_suffix);
}

FlashReport DfuFlash::cancelled(const std::string& during, const RunOutcome* outcome) {
  std::string advice =
      "the board stays in DFU mode (its ROM bootloader) and can be flashed again";
  advice += report_.flash_touched ? "; until then its flash may hold part of the image." : ".";
  FlashReport r;
  r.error = FlashErrorKind::Cancelled;
  r.what = "cancelled " + during;
  if (outcome != nullptr) r.what += " (dfu-util " + describeChildEnd(outcome->child) + ")";
  r.what += ".";
  r.advice = advice;
  return finish(std::move(r));
}

bool DfuFlash::verifyBlocks(FlashReport* failure) {
  uint64_t differing = 0;
  uint32_t first_address = 0;
  uint8_t first_flash = 0;
  uint8_t first_image = 0;
  size_t segment = 0;
  for (size_t i = 0; i < blocks_.size(); ++i) {
    const DfuBlock& b = blocks_[i];
    const uint32_t length = static_cast<uint32_t>(b.bytes.size());
    const std::string file = temp_->path() + "/upload" + std::to_string(i) + "_" + hexArg(b.address) + ".bin";
    const std::string action = "upload of " + std::to_string(length) + " bytes from " + hex32(b.address);
    const RunOutcome outcome = runDfuUtil(dfuUploadArgs(options_, b.address, length, false, file), RunKind::Verify, i);
    if (outcome.child.cancelled) {
      *failure = cancelled("during the verification (" + action + ")", &outcome);
      return false;
    }
    if (!outcome.child.succeeded()) {
      *failure = failedRun(outcome, action);
      return false;
    }
    std::vector<uint8_t> flash;
    if (!readFile(file, &flash) || flash.size() != b.bytes.size()) {
      *failure = failed(FlashErrorKind::ToolFailed,
                        "dfu-util's " + action + " left " + std::to_string(flash.size()) + " bytes in " + file +
                            ", not " + std::to_string(length) + ".",
                        "try again; if it keeps happening, run the command shown in the log by hand with -v.");
      return false;
    }
    // Compare the image's bytes (not the 0xFF that fills gaps between segments).
    const uint64_t block_end = static_cast<uint64_t>(b.address) + b.bytes.size();
    for (; segment < image_.segments.size() && image_.segments[segment].address < block_end; ++segment) {
      const ImageSegment& s = image_.segments[segment];
      const size_t offset = s.address - b.address;
      for (size_t k = 0; k < s.bytes.size(); ++k) {
        if (flash[offset + k] == s.bytes[k]) continue;
        if (differing == 0) {
          first_address = s.address + static_cast<uint32_t>(k);
          first_flash = flash[offset + k];
          first_image = s.bytes[k];
        }
        ++differing;
      }
      report_.bytes_verified += s.bytes.size();
    }
  }
  if (differing == 0) return true;
  const std::string what = "verify: " + std::to_string(differing) + " of " + std::to_string(report_.bytes_verified) +
                           " bytes differ from the image " + image_.source + ", the first at " +
                           hex32(first_address) + " (the flash holds " + hexByte(first_flash) + ", the image " +
                           hexByte(first_image) + ").";
  *failure = failed(FlashErrorKind::VerifyMismatch, what,
                    options_.verify_only
                        ? "the board's flash does not hold this image: flash it."
                        : "flash again; if the same bytes differ again, the flash may be write-protected (option "
                          "bytes) or worn.");
  return false;
}

bool DfuFlash::leave(bool verified, FlashReport* failure) {
  report(FlashPhase::Start, leave_base_, 0, 0);
  const std::string file = temp_->path() + "/leave.bin";
  const std::string action = "leave request at " + hex32(chip_.flash_base);
  const RunOutcome outcome = runDfuUtil(dfuUploadArgs(options_, chip_.flash_base, 4, true, file), RunKind::Leave, 0);
  const std::string written = verified ? "the firmware is written and verified" : "the firmware is written";
  if (outcome.child.cancelled) {
    *failure = cancelled("before the board was started (" + written + ")", &outcome);
    return false;
  }
  if (outcome.child.succeeded()) return true;
  if (outcome.leave_requested && outcome.child.started()) {
    log("dfu-util " + describeChildEnd(outcome.child) +
        " after the leave request: the board left DFU mode before answering, as a board starting its "
        "firmware may.");
    return true;
  }
  *failure = failedRun(outcome, action, written + ", but the board was not started: ",
                       " To start the firmware, reset the board with BOOT0 low (or plug it in without holding "
                       "the bootloader button).");
  return false;
}

FlashReport DfuFlash::run() {
  started_ = Clock::now();
  phase_since_ = started_;
  if (const std::string why = dfuImageFitsChip(image_, chip_); !why.empty()) {
    return failed(FlashErrorKind::BadImage, why,
                  "check that the image is built for this board (its linker script's flash origin and length) "
                  "and that the chip chosen is the board's; nothing was written.");
  }
  blocks_ = planDfuBlocks(image_, chip_);
  planCosts();
  TempDir temp;
  temp_ = &temp;
  if (!temp.error().empty()) {
    return failed(FlashErrorKind::ToolFailed, temp.error() + ".",
                  "check that TMPDIR (or /tmp) exists, is writeable and has space.");
  }
  report(FlashPhase::Connect, 0.0, 0, 0);

  bool left = false;
  if (!options_.verify_only) {
    for (size_t i = 0; i < blocks_.size(); ++i) {
      if (cancelRequested()) return cancelled("before the download of " + hex32(blocks_[i].address));
      const DfuBlock& b = blocks_[i];
      const std::string file = temp.path() + "/block" + std::to_string(i) + "_" + hexArg(b.address) + ".bin";
      if (const std::string why = writeFile(file, b.bytes); !why.empty()) {
        return failed(FlashErrorKind::ToolFailed, why + ".", "check that TMPDIR (or /tmp) is writeable and has space.");
      }
      // `:leave` on the last download only when nothing is read back after it and the jump goes to the
      // flash base (dfu-util sets the address pointer to the -s address before the leave request).
      const bool leave_here = options_.leave && !options_.verify && i + 1 == blocks_.size() &&
                              b.address == chip_.flash_base;
      const std::string action = "download of " + std::to_string(b.bytes.size()) + " bytes to " + hex32(b.address);
      const RunOutcome outcome =
          runDfuUtil(dfuDownloadArgs(options_, b.address, leave_here, file), RunKind::Download, i);
      if (outcome.child.cancelled) return cancelled("during the " + action, &outcome);
      if (!outcome.child.succeeded()) {
        if (!(leave_here && outcome.leave_requested && outcome.child.started())) return failedRun(outcome, action);
        log("dfu-util " + describeChildEnd(outcome.child) +
            " after the leave request: the board left DFU mode before answering, as a board starting its "
            "firmware may.");
      }
      report_.bytes_written += b.bytes.size();
      left = left || leave_here;
    }
  }
  const bool verifying = options_.verify || options_.verify_only;
  if (verifying) {
    if (cancelRequested()) return cancelled("before the verification");
    FlashReport failure;
    if (!verifyBlocks(&failure)) return failure;
  }
  if (!options_.verify_only && options_.leave && !left) {
    if (cancelRequested()) return cancelled("before the board was started");
    FlashReport failure;
    if (!leave(verifying, &failure)) return failure;
  }
  if (cancelRequested()) return cancelled("after the last dfu-util run");
  return finish(FlashReport{});
}

// ---- `dfu-util -l` ---------------------------------------------------------------------------

// The value of `key` (e.g. "devnum=") in `text` up to the next ',' (or the end).
std::string fieldValue(const std::string& text, const std::string& key) {
  size_t at = 0;
  while ((at = text.find(key, at)) != std::string::npos) {
    if (at == 0 || text[at - 1] == ' ' || text[at - 1] == ',') break;
    at += key.size();
  }
  if (at == std::string::npos) return {};
  const size_t begin = at + key.size();
  const size_t end = text.find(',', begin);
  return text.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
}

int toInt(const std::string& text, int fallback) {
  if (text.empty()) return fallback;
  char* end = nullptr;
  const long value = std::strtol(text.c_str(), &end, 10);
  return end != nullptr && *end == '\0' ? static_cast<int>(value) : fallback;
}

std::string unquote(const std::string& text) {
  if (text.size() >= 2 && text.front() == '"' && text.back() == '"') return text.substr(1, text.size() - 2);
  return text;
}

std::optional<DfuDevice> parseListLine(const std::string& line) {
  // dfu-util 0.11 (list_dfu_interfaces, its format string):
  // Found %s: [%04x:%04x] ver=%04x, devnum=%u, cfg=%u, intf=%u, path="%s", alt=%u, name="%s", serial="%s"
  // where %s is "DFU" or "Runtime". The name and serial are the device's USB strings and may hold
  // anything, so they are cut at their quotes from the ends.
  DfuDevice device;
  size_t at = 0;
  if (line.rfind("Found DFU: [", 0) == 0) {
    at = 12;
  } else if (line.rfind("Found Runtime: [", 0) == 0) {
    device.dfu_mode = false;
    at = 16;
  } else {
    return std::nullopt;
  }
  const size_t close = line.find(']', at);
  if (close == std::string::npos || close - at != 9 || line[at + 4] != ':') return std::nullopt;
  device.vid_pid = line.substr(at, 9);
  const size_t name_at = line.find("name=\"", close);
  if (name_at == std::string::npos) return std::nullopt;
  const std::string head = line.substr(close + 1, name_at - close - 1);
  const std::string alt = fieldValue(head, "alt=");
  device.alt = toInt(alt, -1);
  if (device.alt < 0) return std::nullopt;
  device.devnum = toInt(fieldValue(head, "devnum="), 0);
  device.path = unquote(fieldValue(head, "path="));
  const std::string tail = line.substr(name_at + 5);  // from the name's opening quote
  const size_t serial_at = tail.rfind("\", serial=\"");
  if (serial_at != std::string::npos) {
    device.name = tail.substr(1, serial_at - 1);
    device.serial = unquote(tail.substr(serial_at + 10));
  } else {
    device.name = unquote(tail);
  }
  return device;
}

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::string line;
  for (char c : text) {
    if (c == '\n' || c == '\r') {
      if (!line.empty()) lines.push_back(line);
      line.clear();
    } else {
      line.push_back(c);
    }
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

}  // namespace

// ---- The public functions --------------------------------------------------------------------

std::vector<DfuDevice> parseDfuList(const std::string& output) {
  std::vector<DfuDevice> devices;
  for (const std::string& line : splitLines(output)) {
    if (std::optional<DfuDevice> d = parseListLine(line)) devices.push_back(std::move(*d));
  }
  return devices;
}

std::optional<DfuProgressLine> parseDfuProgressLine(const std::string& line) {
  // "%s\t[%s] %3llu%% %12llu bytes" (dfu_progress_bar in dfu-util 0.11), after the '\r'.
  std::string text = line;
  while (!text.empty() && text.front() == '\r') text.erase(0, 1);
  const size_t bar = text.find("\t[");
  if (bar == std::string::npos || bar == 0) return std::nullopt;
  const size_t bar_end = text.find(']', bar + 2);
  if (bar_end == std::string::npos) return std::nullopt;
  for (size_t i = bar + 2; i < bar_end; ++i) {
    if (text[i] != '=' && text[i] != ' ') return std::nullopt;
  }
  DfuProgressLine p;
  p.what = trim(text.substr(0, bar));
  if (p.what.empty()) return std::nullopt;
  unsigned long long percent = 0;
  unsigned long long bytes = 0;
  int used = 0;
  const std::string rest = text.substr(bar_end + 1);
  if (std::sscanf(rest.c_str(), " %llu%% %llu bytes%n", &percent, &bytes, &used) != 2 || used == 0 ||
      trim(rest.substr(static_cast<size_t>(used))) != "" || percent > 100) {
    return std::nullopt;
  }
  p.percent = static_cast<int>(percent);
  p.bytes = bytes;
  return p;
}

std::optional<int> parseDfuProgressPercent(const std::string& line) {
  if (const std::optional<DfuProgressLine> p = parseDfuProgressLine(line)) return p->percent;
  return std::nullopt;
}

std::string dfuImageFitsChip(const FirmwareImage& image, const ChipInfo& chip) {
  const std::string source = image.source.empty() ? std::string("the image") : image.source;
  if (image.segments.empty()) return source + ": the image is empty (no bytes to write)";
  const uint64_t flash_end = flashEndOf(chip);
  uint64_t previous_end = 0;
  for (const ImageSegment& s : image.segments) {
    const uint64_t begin = s.address;
    const uint64_t end = begin + s.bytes.size();
    if (s.bytes.empty()) return source + ": an empty segment at " + hex32(s.address);
    if (begin < previous_end) return source + ": the segment at " + hex32(s.address) + " overlaps the one before it";
    previous_end = end;
    const std::string flash = chip.name + "'s " + std::to_string((flash_end - chip.flash_base) / 1024) +
                              " KiB flash (" + range(chip.flash_base, flash_end) + ")";
    if (begin < chip.flash_base) return source + ": " + range(begin, end) + " starts before the " + flash;
    if (end > flash_end) return source + ": " + range(begin, end) + " is past the end of the " + flash;
    for (const AddressRange& r : chip.reserved) {
      if (r.overlaps(static_cast<uint32_t>(begin), static_cast<uint32_t>(end))) {
        return source + ": " + range(begin, end) + " touches the " + chip.name + "'s " + r.what + " (" +
               range(r.begin, r.end) + ")";
      }
    }
  }
  return {};
}

std::vector<DfuBlock> planDfuBlocks(const FirmwareImage& image, const ChipInfo& chip) {
  std::vector<DfuBlock> blocks;
  int last_sector = -1;
  for (const ImageSegment& s : image.segments) {
    if (s.bytes.empty()) continue;
    const int first = sectorIndex(chip, s.address);
    const int last = sectorIndex(chip, s.end() - 1);
    if (!blocks.empty() && first >= 0 && first <= last_sector) {
      DfuBlock& b = blocks.back();
      b.bytes.resize(s.address - b.address, 0xFF);
      b.bytes.insert(b.bytes.end(), s.bytes.begin(), s.bytes.end());
    } else {
      blocks.push_back(DfuBlock{s.address, s.bytes});
    }
    last_sector = std::max(last_sector, last);
  }
  return blocks;
}

std::vector<std::string> dfuDownloadArgs(const DfuOptions& options, uint32_t address, bool leave,
                                         const std::string& file) {
  std::vector<std::string> args = commonArgs(options);
  args.insert(args.end(), {"-s", hexArg(address) + (leave ? ":leave" : ""), "-D", file});
  return args;
}

std::vector<std::string> dfuUploadArgs(const DfuOptions& options, uint32_t address, uint32_t length, bool leave,
                                       const std::string& file) {
  std::vector<std::string> args = commonArgs(options);
  args.insert(args.end(),
              {"-s", hexArg(address) + ":" + std::to_string(length) + (leave ? ":leave" : ""), "-U", file});
  return args;
}

std::vector<DfuDevice> listDfuDevices(const DfuOptions& options, std::string* error) {
  std::string out;
  std::vector<std::string> err_lines;
  std::vector<std::string> out_lines;
  ChildProcessOptions child_options;
  child_options.timeout = std::chrono::seconds(20);
  const ChildProcessResult r = runChildProcess(
      {options.dfu_util, "-l"},
      [&](const std::string& line, bool from_stderr) {
        (from_stderr ? err_lines : out_lines).push_back(line);
        if (!from_stderr) out += line + "\n";
      },
      child_options);
  std::string problem;
  if (!r.started()) {
    problem = "dfu-util (\"" + options.dfu_util + "\") " + describeChildEnd(r) +
              ": install dfu-util (apt install dfu-util).";
  } else if (r.timed_out) {
    problem = "`dfu-util -l` did not finish within 20 s and was stopped: unplug the board, plug it in again and "
              "list again.";
  } else if (!r.succeeded()) {
    const Diagnosis d = diagnose(err_lines, out_lines, options);
    problem = "`dfu-util -l` " + describeChildEnd(r) + (d.quote.empty() ? "" : ": \"" + d.quote + "\"") + "; " +
              d.advice;
  } else {
    for (const std::string& line : err_lines) {
      if (contains(line, "LIBUSB_ERROR_ACCESS") || contains(line, "Cannot open DFU device")) {
        problem = "dfu-util saw a DFU device it could not open: \"" + line + "\"; " + kUdevAdvice;
        break;
      }
    }
  }
  if (error != nullptr) *error = problem;
  return parseDfuList(out);
}

FlashReport runDfuFlash(const FirmwareImage& image, const ChipInfo& chip, const DfuOptions& options,
                        const FlashCallbacks& callbacks) {
  return DfuFlash(image, chip, options, callbacks).run();
}

}  // namespace navigator::flash
