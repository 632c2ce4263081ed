#include "flash/dfu_flash_run.h"

#include "flash/dfu_util_output.h"
#include "flash/flash_blocks.h"

#include <stdlib.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace navigator::flash::detail {

namespace {

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

// The expected erase time of the sectors the block touches.
double eraseSecondsFor(const ChipInfo& chip, const DfuBlock& block) {
  double seconds = 0.0;
  const uint32_t end = block.address + static_cast<uint32_t>(block.bytes.size());
  for (uint16_t i : sectorsCovering(chip, block.address, end)) {
    seconds += eraseSecondsForSector(chip.sectors[i].size_bytes);
  }
  return seconds;
}

// planDfuBlocks needs the segments in address order and disjoint, as the image loaders make
// them; checkImageFitsChip looks at each segment alone. Empty when they are, otherwise why not.
std::string segmentOrderProblem(const FirmwareImage& image) {
  for (size_t i = 1; i < image.segments.size(); ++i) {
    if (image.segments[i].address < image.segments[i - 1].end()) {
      return (image.source.empty() ? std::string("the image") : image.source) + ": the segment at " +
             hexAddress(image.segments[i].address) + " overlaps the one before it";
    }
  }
  return {};
}

}  // namespace

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

namespace {

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

}  // namespace

// ---- One flash -------------------------------------------------------------------------------

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
      erase_s_[i] = eraseSecondsFor(chip_, b);
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
    if (isDfuLeaveRequestLine(line)) outcome.leave_requested = true;
    if (kind == RunKind::Download && isDfuDownloadStartLine(line)) report_.flash_touched = true;
    if (const std::optional<DfuProgressLine> bar = parseDfuProgressLine(line)) onProgress(*bar, kind, block);
  };
  ChildProcessOptions child_options;
  child_options.cancel = callbacks_.cancel;
  child_options.kill_grace = kDfuKillGrace;
  child_options.clock = options_.clock;
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

FlashReport DfuFlash::failedRun(const RunOutcome& outcome, const std::string& action, const std::string& what_prefix,
                                const std::string& advice_suffix) {
  if (!outcome.child.started()) {
    const bool custom = options_.dfu_util != "dfu-util";
    return failed(FlashErrorKind::ToolMissing,
                  "dfu-util (\"" + options_.dfu_util + "\") " + describeChildEnd(outcome.child) + ".",
                  std::string("install dfu-util (apt install dfu-util)") +
                      (custom ? ", or correct the dfu-util path in the settings." : "."));
  }
  const DfuDiagnosis d = diagnoseDfuUtil(outcome.err_lines, outcome.out_lines, options_.device, options_.alt_setting);
  std::string what = what_prefix + "dfu-util (" + action + ") " + describeChildEnd(outcome.child);
  if (!d.quote.empty()) what += ": \"" + d.quote + "\"";
  return failed(FlashErrorKind::ToolFailed, what + ".", d.advice + advice_suffix);
}

FlashReport DfuFlash::cancelled(const std::string& during, const RunOutcome* outcome) {
  std::string advice = "the board stays in DFU mode (its ROM bootloader) and can be flashed again";
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
  BlockMismatch first;  // the first differing byte, in address order
  for (size_t i = 0; i < blocks_.size(); ++i) {
    const DfuBlock& b = blocks_[i];
    const uint32_t length = static_cast<uint32_t>(b.bytes.size());
    const std::string file = temp_->path() + "/upload" + std::to_string(i) + "_" + hexArg(b.address) + ".bin";
    const std::string action = "upload of " + std::to_string(length) + " bytes from " + hexAddress(b.address);
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
    const BlockMismatch m = compareBlock(b, flash);
    if (differing == 0) first = m;
    differing += m.count;
    report_.bytes_verified += b.image_bytes;
  }
  if (differing == 0) return true;
  const std::string what = "verify: " + std::to_string(differing) + " of " + std::to_string(report_.bytes_verified) +
                           " bytes differ from the image " + image_.source + ", the first at " +
                           hexAddress(first.first_address) + " (the flash holds " + hexByte(first.got) +
                           ", the image " + hexByte(first.expected) + ").";
  *failure = failed(FlashErrorKind::VerifyMismatch, what,
                    options_.verify_only
                        ? "the board's flash does not hold this image: flash it."
                        : "flash again; if the same bytes differ again, the flash may be write-protected (option "
                          "bytes) or worn.");
  return false;
}

bool DfuFlash::leftBeforeAnswering(const RunOutcome& outcome) const {
  if (!outcome.leave_requested || !outcome.child.started()) return false;
  log("dfu-util " + describeChildEnd(outcome.child) +
      " after the leave request: the board left DFU mode before answering, as a board starting its "
      "firmware may.");
  return true;
}

bool DfuFlash::leave(bool verified, FlashReport* failure) {
  report(FlashPhase::Start, leave_base_, 0, 0);
  const std::string file = temp_->path() + "/leave.bin";
  const std::string action = "leave request at " + hexAddress(chip_.flash_base);
  const RunOutcome outcome = runDfuUtil(dfuUploadArgs(options_, chip_.flash_base, 4, true, file), RunKind::Leave, 0);
  const std::string written = verified ? "the firmware is written and verified" : "the firmware is written";
  if (outcome.child.cancelled) {
    *failure = cancelled("before the board was started (" + written + ")", &outcome);
    return false;
  }
  if (outcome.child.succeeded() || leftBeforeAnswering(outcome)) return true;
  *failure = failedRun(outcome, action, written + ", but the board was not started: ",
                       " To start the firmware, reset the board with BOOT0 low (or plug it in without holding "
                       "the bootloader button).");
  return false;
}

FlashReport DfuFlash::run() {
  started_ = Clock::now();
  phase_since_ = started_;
  std::string why = checkImageFitsChip(image_, chip_);
  if (why.empty()) why = segmentOrderProblem(image_);
  if (!why.empty()) {
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
      if (cancelRequested()) return cancelled("before the download of " + hexAddress(blocks_[i].address));
      const DfuBlock& b = blocks_[i];
      const std::string file = temp.path() + "/block" + std::to_string(i) + "_" + hexArg(b.address) + ".bin";
      if (const std::string why = writeFile(file, b.bytes); !why.empty()) {
        return failed(FlashErrorKind::ToolFailed, why + ".", "check that TMPDIR (or /tmp) is writeable and has space.");
      }
      // `:leave` on the last download only when nothing is read back after it and the jump goes to the
      // flash base (dfu-util sets the address pointer to the -s address before the leave request).
      const bool leave_here =
          options_.leave && !options_.verify && i + 1 == blocks_.size() && b.address == chip_.flash_base;
      const std::string action = "download of " + std::to_string(b.bytes.size()) + " bytes to " + hexAddress(b.address);
      const RunOutcome outcome =
          runDfuUtil(dfuDownloadArgs(options_, b.address, leave_here, file), RunKind::Download, i);
      if (outcome.child.cancelled) return cancelled("during the " + action, &outcome);
      if (!outcome.child.succeeded() && !(leave_here && leftBeforeAnswering(outcome))) {
        return failedRun(outcome, action);
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

}  // namespace navigator::flash::detail
