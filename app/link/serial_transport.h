// SerialTransport: MAVLink over a serial port (a USB flight controller, a USB-UART adapter, or a
// pseudo-terminal such as QEMU's -serial pty or a socat pair). 8N1, no flow control, a chosen
// baud rate. The path is free text and opened as given: pseudo-terminals (/dev/pts/N) are not
// listed by QSerialPortInfo (SerialPortCatalog lists what the system shows).
//
// Unplug and replug: when the device vanishes (a read/resource error, or its path disappearing)
// the transport emits deviceLost with a message naming the path, keeps its settings and stays
// attached to its MavlinkConnection (whose frames and statistics are untouched), drops writes
// (counted through droppedWrite), and tries to reopen the path every reconnect interval
// (500 ms); when it opens again it emits deviceReconnected. Only close() stops the retrying.
//
// Baud detection: startBaudDetection() tries each rate in turn for a window and keeps the first
// at which the project's codec parses a valid MAVLink frame; it reports baudRateDetected or, when
// no rate gave one, baudDetectionFailed ("no MAVLink at any baud rate", naming the path). Bytes
// received meanwhile still go out as bytesReceived (at a wrong rate they are junk, which the
// connection counts as dropped).
//
// Thread contract: as MavlinkTransport. It is meant to live on its own QThread (so a slow or
// stalled device never blocks the GUI): create it, moveToThread(thread), start the thread, then
// call open(), close(), setBaudRate(), startBaudDetection() and write() on that thread, from
// elsewhere through QMetaObject::invokeMethod(transport, ..., Qt::QueuedConnection); the
// getters likewise. Its signals may be connected across threads. Destroy it on its thread
// (deleteLater before the thread quits). Its QSerialPort and timers are children and move
// with it.
#pragma once

#include "app/link/mavlink_transport.h"
#include "firmware/mavlink/mavlink_codec.h"

#include <QList>
#include <QSerialPort>
#include <QTimer>

#include <atomic>
#include <cstdint>

namespace navigator {

class SerialTransport : public MavlinkTransport {
  Q_OBJECT

 public:
  enum class State { Closed, Open, Lost };  // Lost: the device vanished, reopening is retried

  static constexpr qint32 kDefaultBaudRate = 115200;
  static constexpr int kDefaultReconnectIntervalMs = 500;
  static constexpr int kDefaultDetectionWindowMs = 1500;
  // Tried in this order: the usual flight-controller rates first.
  static QList<qint32> defaultDetectionRates() { return {115200, 57600, 921600, 460800, 230400, 38400, 9600}; }

  explicit SerialTransport(const QString& path = {}, qint32 baud_rate = kDefaultBaudRate, QObject* parent = nullptr);
  ~SerialTransport() override;

  // Before open(): the device path ("/dev/ttyACM0", "/dev/pts/5", a symlink to one).
  void setPath(const QString& path) { path_ = path; }
  QString path() const { return path_; }
  qint32 baudRate() const { return baud_rate_; }
  // How often a vanished device is looked for again [ms]; tests shorten it.
  void setReconnectIntervalMs(int ms);

  // Opens the path at the current baud rate, 8N1. A path that does not exist or cannot be
  // opened is an error naming it (no retrying: a typo should not be retried forever).
  bool open() override;
  void close() override;
  bool isOpen() const override { return state_ == State::Open; }
  State state() const { return state_; }
  QString description() const override;
  // Times a vanished device was looked for so far (every reconnect interval while Lost), for a
  // status line; readable from any thread.
  std::uint64_t reopenAttempts() const { return reopen_attempts_.load(); }

 public slots:
  void write(const QByteArray& bytes) override;
  // Changes the rate, at once when open. Cancels a running detection.
  void setBaudRate(qint32 baud_rate);
  // Tries `rates` in order for `window_ms` each; needs the port open (else baudDetectionFailed).
  // If the device vanishes meanwhile, detection resumes at the same rate once it is back.
  void startBaudDetection(const QList<qint32>& rates = defaultDetectionRates(),
                          int window_ms = kDefaultDetectionWindowMs);
  void cancelBaudDetection();

 signals:
  // The device vanished; the message names the path and says why, for a status bar.
  void deviceLost(const QString& message);
  // It opened again at the same settings; the message names the path and the rate.
  void deviceReconnected(const QString& message);
  // The rate now set on the port (by setBaudRate or while detecting) [baud].
  void baudRateChanged(qint32 baud_rate);
  // Detection is listening at this rate now (for a progress line; tests follow it).
  void baudDetectionTrying(qint32 baud_rate);
  // A valid MAVLink frame arrived at this rate, which stays set.
  void baudRateDetected(qint32 baud_rate, const QString& message);
  // No rate gave a frame ("no MAVLink at any baud rate on <path> (tried …)"); the rate from
  // before the detection is set again. Also when detection cannot start (port not open).
  void baudDetectionFailed(const QString& message);

 private:
  bool openPort(QString* why);
  void readAvailable();
  void onPortError(QSerialPort::SerialPortError error);
  void markLost(const QString& reason);
  void retryOpen();
  void checkPresence();
  void tryDetectionRate();
  void detectionWindowOver();

  QString path_;
  qint32 baud_rate_;
  State state_ = State::Closed;
  QSerialPort port_;
  QTimer reconnect_timer_;
  std::atomic<std::uint64_t> reopen_attempts_{0};
  QTimer presence_timer_;
  QTimer detection_timer_;

  bool detecting_ = false;
  QList<qint32> detection_rates_;
  qsizetype detection_index_ = 0;
  qint32 rate_before_detection_ = 0;
  mavlink_parser_t detection_parser_{};
};

}  // namespace navigator
