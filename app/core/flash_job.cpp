#include "app/core/flash_job.h"

#include <QMetaObject>
#include <QPointer>

namespace navigator {

FlashJob::FlashJob(QObject* parent) : QObject(parent) { qRegisterMetaType<navigator::flash::FlashReport>(); }

FlashJob::~FlashJob() {
  cancel_ = true;
  join();
}

void FlashJob::join() {
  if (worker_.joinable()) worker_.join();
}

void FlashJob::cancel() { cancel_ = true; }

bool FlashJob::start(const FlashRequest& request) {
  if (running_) return false;
  join();
  cancel_ = false;
  running_ = true;
  worker_ = std::thread([this, request] {
    // Signals emitted from this thread are queued to the GUI thread (the job lives there).
    flash::FlashCallbacks callbacks;
    callbacks.cancel = &cancel_;
    callbacks.log = [this](const std::string& line) { emit logLine(QString::fromStdString(line)); };
    int last_permille = -1;
    int last_phase = -1;
    callbacks.progress = [&](const flash::FlashProgress& p) {
      // At most 1000 updates a run reach the GUI (plus every phase change).
      const int permille = static_cast<int>(p.fraction * 1000.0);
      if (permille == last_permille && static_cast<int>(p.phase) == last_phase) return;
      last_permille = permille;
      last_phase = static_cast<int>(p.phase);
      emit progressed(static_cast<int>(p.phase), p.fraction, p.bytes_done, p.bytes_total);
    };

    const flash::FlashReport report = flash::runFlashRequest(request, callbacks);
    QMetaObject::invokeMethod(
        this,
        [this, report] {
          running_ = false;
          join();
          emit finished(report);
        },
        Qt::QueuedConnection);
  });
  return true;
}

}  // namespace navigator
