// One flash run off the GUI thread: runFlashRequest (flash/: load the image, open the port or
// run dfu-util, flash) on a worker thread, and hands its progress, log lines and report to
// the GUI thread as queued signals. Cancel is honoured at the flasher's next safe point.
// Thread contract: create, start, cancel and destroy on the GUI thread; the signals arrive there.
// Destroying a running job cancels it and waits for the worker.
#pragma once

#include "flash/flash_request.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <optional>
#include <thread>

namespace navigator {

// The image and the way to the board (flash): what the dialog fills in.
using FlashRequest = flash::FlashRequest;

class FlashJob : public QObject {
  Q_OBJECT
 public:
  explicit FlashJob(QObject* parent = nullptr);
  ~FlashJob() override;

  // False (and nothing started) when a run is already going.
  bool start(const FlashRequest& request);
  void cancel();
  bool isRunning() const { return running_; }

 signals:
  void progressed(int phase, double fraction, quint64 bytes_done, quint64 bytes_total);  // phase: flash::FlashPhase
  void logLine(const QString& line);
  void finished(const navigator::flash::FlashReport& report);

 private:
  void join();

  std::thread worker_;
  std::atomic<bool> cancel_{false};
  bool running_ = false;
};

}  // namespace navigator

Q_DECLARE_METATYPE(navigator::flash::FlashReport)
