#include "flash/flash_progress.h"

namespace navigator::flash {

const char* phaseName(FlashPhase phase) {
  switch (phase) {
    case FlashPhase::Connect:
      return "connect";
    case FlashPhase::Identify:
      return "identify";
    case FlashPhase::Unprotect:
      return "unprotect";
    case FlashPhase::Erase:
      return "erase";
    case FlashPhase::Write:
      return "write";
    case FlashPhase::Verify:
      return "verify";
    case FlashPhase::Start:
      return "start";
    case FlashPhase::Done:
      return "done";
  }
  return "?";
}

ProgressReporter::ProgressReporter(const FlashCallbacks& callbacks) : callbacks_(callbacks) {}

void ProgressReporter::setPlan(double erase_weight, double write_weight, double verify_weight) {
  weights_[0] = erase_weight;
  weights_[1] = write_weight;
  weights_[2] = verify_weight;
}

void ProgressReporter::report(FlashPhase phase, uint64_t done, uint64_t total) {
  const double total_weight = weights_[0] + weights_[1] + weights_[2];
  double before = 0.0, weight = 0.0;
  switch (phase) {
    case FlashPhase::Erase:
      weight = weights_[0];
      break;
    case FlashPhase::Write:
      before = weights_[0];
      weight = weights_[1];
      break;
    case FlashPhase::Verify:
      before = weights_[0] + weights_[1];
      weight = weights_[2];
      break;
    case FlashPhase::Start:
      before = total_weight;
      break;
    default:
      break;
  }
  double fraction = total_weight > 0.0 && total > 0
                        ? (before + weight * static_cast<double>(done) / static_cast<double>(total)) / total_weight
                        : (total_weight > 0.0 ? before / total_weight : 0.0);
  // 1 belongs to finish() alone: a run that fails at its last step never showed 100 %.
  fraction = std::min(fraction, kBeforeDone);
  fraction = std::max(fraction, last_);
  last_ = fraction;
  if (callbacks_.progress) callbacks_.progress(FlashProgress{phase, fraction, done, total});
}

void ProgressReporter::finish() {
  if (finished_) return;
  finished_ = true;
  last_ = 1.0;
  if (callbacks_.progress) callbacks_.progress(FlashProgress{FlashPhase::Done, 1.0, 1, 1});
}

void ProgressReporter::log(const std::string& line) const {
  if (callbacks_.log) callbacks_.log(line);
}

bool ProgressReporter::cancelled() const { return callbacks_.cancel != nullptr && callbacks_.cancel->load(); }

}  // namespace navigator::flash
