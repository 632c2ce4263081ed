// What a flash run tells its front end (the dialog, navigator-flash): progress through its
// phases, log lines, and the final report with what happened and what to do about it.
// Shared by the UART bootloader flasher and the DFU flasher.
// Thread contract: the callbacks are called on the flashing thread; cancel() may be set from
// any thread.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

namespace navigator::flash {

enum class FlashPhase { Connect, Identify, Unprotect, Erase, Write, Verify, Start, Done };
const char* phaseName(FlashPhase phase);  // "erase", "write", ...

// One progress report. `fraction` is of the whole run (erase, write and verify weighted by
// their expected wire and flash time), in [0, 1], never decreasing, and 1 exactly once: at the
// end of a successful run.
struct FlashProgress {
  FlashPhase phase = FlashPhase::Connect;
  double fraction = 0.0;
  uint64_t bytes_done = 0;   // of the current phase
  uint64_t bytes_total = 0;  // of the current phase
};

enum class FlashErrorKind {
  None,
  Cancelled,
  BadImage,          // unreadable, malformed, or does not fit the chip: nothing erased
  PortError,         // cannot open or configure the port, or it went away
  NoBootloader,      // no answer to the 0x7F synchronisation
  WrongChip,         // the chip id is not the image's target, and the user has not said go
  ReadoutProtected,  // RDP is set, and the user has not said remove it (which erases the chip)
  Nack,              // the bootloader refused a command past the retry limit
  Timeout,           // the bootloader went silent past the retry limit
  VerifyMismatch,    // the flash does not hold the image
  ToolMissing,       // dfu-util is not installed
  ToolFailed,        // dfu-util failed
};

struct FlashReport {
  FlashErrorKind error = FlashErrorKind::None;
  std::string what;    // what happened, with addresses and counts
  std::string advice;  // what to do: "is BOOT0 high? is the port the board's?"
  // After a failure: whether the chip was touched (erased or written). A board whose flash was
  // touched stays in its ROM bootloader (BOOT0 high) and can be flashed again; the front ends
  // say so.
  bool flash_touched = false;
  // Figures of a finished run.
  uint16_t chip_id = 0;
  uint64_t bytes_written = 0;
  uint64_t bytes_verified = 0;
  uint32_t retries = 0;
  double seconds_total = 0.0;
  double seconds_erase = 0.0;
  double seconds_write = 0.0;
  double seconds_verify = 0.0;
  bool ok() const { return error == FlashErrorKind::None; }
};

struct FlashCallbacks {
  std::function<void(const FlashProgress&)> progress;  // may be empty
  std::function<void(const std::string&)> log;         // one line, no newline; may be empty
  const std::atomic<bool>* cancel = nullptr;           // set to stop at the next safe point
};

// Turns a flasher's per-phase counts into FlashProgress: erase, write and verify weighted by the
// plan (their expected share of the run's time), never decreasing, below 1 until finish(),
// which reports 1 once.
class ProgressReporter {
 public:
  static constexpr double kBeforeDone = 0.999;
  explicit ProgressReporter(const FlashCallbacks& callbacks);
  void setPlan(double erase_weight, double write_weight, double verify_weight);
  void report(FlashPhase phase, uint64_t done, uint64_t total);
  void finish();
  void log(const std::string& line) const;
  bool cancelled() const;

 private:
  const FlashCallbacks& callbacks_;
  double weights_[3] = {0.0, 0.0, 0.0};
  double last_ = 0.0;
  bool finished_ = false;
};

}  // namespace navigator::flash
