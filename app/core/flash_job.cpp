#include "app/core/flash_job.h"

#include "app/flash/byte_port.h"

#include <QMetaObject>
#include <QPointer>

namespace navigator {

FlashJob::FlashJob(QObject* parent) : QObject(parent) {
  qRegisterMetaType<navigator::flash::FlashReport>();
}

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

    flash::FlashReport report;
    bool job_failure = true;  // until a flasher runs
    const flash::ImageLoad load = flash::loadFirmwareImage(request.image_path.toStdString(), request.bin_base);
    if (!load.ok()) {
      report.error = flash::FlashErrorKind::BadImage;
      report.what = load.error;
      report.advice = "Nothing was erased. Choose a valid image.";
    } else if (request.dfu) {
      const flash::ChipInfo* chip = flash::findChip(request.uart.expected_chip_id);
      if (chip == nullptr) {
        report.error = flash::FlashErrorKind::BadImage;
        report.what = "no flash layout is known for the target chip";
      } else {
        flash::DfuOptions dfu = request.dfu_options;
        dfu.verify_only = request.uart.verify_only;
        dfu.leave = request.uart.start;
        job_failure = false;
        report = flash::runDfuFlash(load.image, *chip, dfu, callbacks);
      }
    } else {
      const std::string path = request.port.toStdString();
      flash::SerialParity parity = flash::SerialParity::Even;
      if (request.parity) {
        parity = *request.parity;
      } else if (flash::PosixSerialPort::isPseudoTerminal(path)) {
        parity = flash::SerialParity::None;
        callbacks.log(path + " is a pseudo-terminal: no wire and no parity, so 8N1 instead of 8E1");
      }
      flash::PosixSerialPort port;
      if (!port.open(path, request.baud, parity)) {
        report.error = flash::FlashErrorKind::PortError;
        report.what = port.lastError();
        report.advice = "Check the port. On Debian the user must be in the dialout group to open serial ports.";
      } else {
        job_failure = false;
        report = flash::runUartFlash(port, load.image, request.uart, callbacks);
      }
    }
    // The flashers log their own errors; the job's (image, port, target) go to the log too, so a
    // copied log says why the run stopped.
    if (!report.ok() && job_failure) callbacks.log("error: " + report.what);
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
