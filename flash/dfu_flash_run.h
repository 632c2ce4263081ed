// One DFU flash, run (internal to dfu_flasher.cpp and dfu_flash_run.cpp, not part of
// navigator_flash's API; runDfuFlash in dfu_flasher.h is the entry): the image checked against
// the chip, the dfu-util runs of dfu_flasher.h's header (download per block, verify per block,
// leave) in a temporary directory, their progress lines turned into FlashProgress through a
// model of the expected seconds per phase, and every failure turned into a FlashReport.
// Thread contract: a DfuFlash is used once, on one thread; run() blocks that thread (the
// flashing thread) while dfu-util runs; the callbacks are called on it; cancel (any thread) stops
// dfu-util (SIGTERM, then SIGKILL kDfuKillGrace later).
#pragma once

#include "flash/child_process.h"
#include "flash/chip_catalog.h"
#include "flash/dfu_flasher.h"
#include "flash/firmware_image.h"
#include "flash/flash_progress.h"

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace navigator::flash::detail {

using Clock = std::chrono::steady_clock;

// "0x08000000", as dfu-util's -s takes it and the temporary files are named (dfu_flasher.cpp).
std::string hexArg(uint32_t value);

class TempDir;  // the run's temporary directory (dfu_flash_run.cpp)

enum class RunKind { Download, Verify, Leave };

struct RunOutcome {
  ChildProcessResult child;
  std::vector<std::string> out_lines;
  std::vector<std::string> err_lines;
  bool leave_requested = false;  // dfu-util printed "Submitting leave request..."
};

class DfuFlash {
 public:
  DfuFlash(const FirmwareImage& image, const ChipInfo& chip, const DfuOptions& options, const FlashCallbacks& callbacks)
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
  // A failed run that had sent the leave request: the board dropped off the bus (see the header);
  // logged as such.
  bool leftBeforeAnswering(const RunOutcome& outcome) const;

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

}  // namespace navigator::flash::detail
