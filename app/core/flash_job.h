// One flash run off the GUI thread: loads the image, opens the port (or runs dfu-util) and runs
// the flasher (app/flash) on a worker thread, and hands its progress, log lines and report to
// the GUI thread as queued signals. Cancel is honoured at the flasher's next safe point.
// Thread contract: create, start, cancel and destroy on the GUI thread; the signals arrive there.
// Destroying a running job cancels it and waits for the worker.
#pragma once

#include "app/flash/dfu_flasher.h"
#include "app/flash/uart_flasher.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <optional>
#include <thread>

namespace navigator {

struct FlashRequest {
  QString image_path;
  uint32_t bin_base = flash::kDefaultBinBase;
  bool dfu = false;                  // USB DFU through dfu-util, else the UART bootloader
  QString port;                      // the serial port (UART)
  int baud = 115200;
  std::optional<flash::SerialParity> parity;  // unset: 8E1, or 8N1 on a pseudo-terminal (logged)
  flash::UartFlashOptions uart;      // expected chip, allow other chip, unprotect, mass erase, …
  flash::DfuOptions dfu_options;
};

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
