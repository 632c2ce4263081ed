#include "app/link/serial_transport.h"

#include <QFileInfo>

namespace navigator {

SerialTransport::SerialTransport(const QString& path, qint32 baud_rate, QObject* parent)
    : MavlinkTransport(parent),
      path_(path),
      baud_rate_(baud_rate),
      port_(this),
      reconnect_timer_(this),
      presence_timer_(this),
      detection_timer_(this) {
  reconnect_timer_.setInterval(kDefaultReconnectIntervalMs);
  presence_timer_.setInterval(kDefaultReconnectIntervalMs);
  detection_timer_.setSingleShot(true);
  connect(&port_, &QSerialPort::readyRead, this, &SerialTransport::readAvailable);
  connect(&port_, &QSerialPort::errorOccurred, this, &SerialTransport::onPortError);
  connect(&reconnect_timer_, &QTimer::timeout, this, &SerialTransport::retryOpen);
  connect(&presence_timer_, &QTimer::timeout, this, &SerialTransport::checkPresence);
  connect(&detection_timer_, &QTimer::timeout, this, &SerialTransport::detectionWindowOver);
}

SerialTransport::~SerialTransport() {
  // Closed quietly: nobody should hear from a transport being destroyed.
  const QSignalBlocker block(this);
  close();
}

void SerialTransport::setReconnectIntervalMs(int ms) {
  reconnect_timer_.setInterval(ms);
  presence_timer_.setInterval(ms);
}

bool SerialTransport::openPort(QString* why) {
  if (!QFileInfo::exists(path_)) {
    *why = tr("%1 does not exist").arg(path_);
    return false;
  }
  port_.setPortName(path_);  // an absolute path is used as it is
  if (!port_.open(QIODevice::ReadWrite)) {
    *why = tr("cannot open %1: %2").arg(path_, port_.errorString());
    port_.clearError();
    return false;
  }
  // A pseudo-terminal accepts these and ignores them; a UART needs every one.
  const bool ok = port_.setBaudRate(baud_rate_) && port_.setDataBits(QSerialPort::Data8) &&
                  port_.setParity(QSerialPort::NoParity) && port_.setStopBits(QSerialPort::OneStop) &&
                  port_.setFlowControl(QSerialPort::NoFlowControl);
  if (!ok) {
    *why = tr("cannot set %1 to %2 baud 8N1: %3").arg(path_).arg(baud_rate_).arg(port_.errorString());
    port_.clearError();
    port_.close();
    return false;
  }
  return true;
}

bool SerialTransport::open() {
  if (state_ != State::Closed) return true;
  if (path_.isEmpty()) {
    emit errorOccurred(tr("no serial port chosen"));
    return false;
  }
  QString why;
  if (!openPort(&why)) {
    emit errorOccurred(why);
    return false;
  }
  state_ = State::Open;
  presence_timer_.start();
  emit opened();
  return true;
}

void SerialTransport::close() {
  if (state_ == State::Closed) return;
  cancelBaudDetection();
  reconnect_timer_.stop();
  presence_timer_.stop();
  if (port_.isOpen()) {
    readAvailable();  // what already arrived is passed on, not discarded
    port_.close();
  }
  state_ = State::Closed;
  emit closed();
}

QString SerialTransport::description() const {
  switch (state_) {
    case State::Closed:
      return tr("Serial %1 at %2 baud (closed)").arg(path_).arg(baud_rate_);
    case State::Open:
      return tr("Serial %1 at %2 baud").arg(path_).arg(baud_rate_);
    case State::Lost:
      return tr("Serial %1 at %2 baud: device gone, reconnecting").arg(path_).arg(baud_rate_);
  }
  return {};
}

void SerialTransport::write(const QByteArray& bytes) {
  if (state_ != State::Open) {
    emit droppedWrite(bytes.size());
    return;
  }
  const qint64 written = port_.write(bytes);
  if (written < bytes.size()) emit droppedWrite(bytes.size() - qMax<qint64>(written, 0));
}

void SerialTransport::setBaudRate(qint32 baud_rate) {
  cancelBaudDetection();
  if (baud_rate <= 0 || baud_rate == baud_rate_) return;
  baud_rate_ = baud_rate;
  if (port_.isOpen() && !port_.setBaudRate(baud_rate_)) {
    emit errorOccurred(tr("cannot set %1 to %2 baud: %3").arg(path_).arg(baud_rate_).arg(port_.errorString()));
    port_.clearError();
  }
  emit baudRateChanged(baud_rate_);
}

void SerialTransport::readAvailable() {
  const QByteArray bytes = port_.readAll();
  if (bytes.isEmpty()) return;
  if (detecting_) {
    const std::uint32_t before = detection_parser_.stats.frames;
    mavlink_parse_all(
        &detection_parser_, reinterpret_cast<const std::uint8_t*>(bytes.constData()), std::size_t(bytes.size()),
        [](void*, const mavlink_frame_t*) {}, nullptr);
    if (detection_parser_.stats.frames > before) {
      detecting_ = false;
      detection_timer_.stop();
      emit baudRateDetected(baud_rate_, tr("MAVLink found on %1 at %2 baud").arg(path_).arg(baud_rate_));
    }
  }
  emit bytesReceived(bytes);
}

void SerialTransport::onPortError(QSerialPort::SerialPortError error) {
  if (error == QSerialPort::NoError || state_ != State::Open) return;
  // Qt's text for a vanished device is whatever errno the last call left ("Inappropriate ioctl
  // for device"), which tells a user nothing; say what it means instead.
  switch (error) {
    case QSerialPort::ResourceError:
    case QSerialPort::DeviceNotFoundError:
    case QSerialPort::ReadError:  // what a pseudo-terminal whose other end closed gives
      markLost(tr("the device was removed or stopped responding"));
      break;
    case QSerialPort::PermissionError:
      markLost(tr("permission denied"));
      break;
    case QSerialPort::WriteError:
      markLost(tr("writing to it failed"));
      break;
    default:
      emit errorOccurred(tr("%1: %2").arg(path_, port_.errorString()));
      break;
  }
}

void SerialTransport::markLost(const QString& reason) {
  if (state_ != State::Open) return;
  state_ = State::Lost;
  presence_timer_.stop();
  detection_timer_.stop();  // a detection resumes at the same rate once the device is back
  // Closing inside QSerialPort's own error notification is not safe; the port is closed from
  // the event loop, after passing on whatever it had already read.
  QMetaObject::invokeMethod(
      this,
      [this] {
        if (state_ != State::Lost || !port_.isOpen()) return;
        readAvailable();
        port_.clearError();
        port_.close();
      },
      Qt::QueuedConnection);
  reconnect_timer_.start();
  emit deviceLost(
      tr("Serial device %1 is gone (%2); the link is kept and reopened when it is back").arg(path_, reason));
}

void SerialTransport::retryOpen() {
  if (state_ != State::Lost) return;
  if (port_.isOpen()) {  // the deferred close above has not run yet
    readAvailable();
    port_.clearError();
    port_.close();
  }
  QString why;
  const bool opened = openPort(&why);
  ++reopen_attempts_;
  if (!opened) return;  // still gone; the timer tries again
  reconnect_timer_.stop();
  state_ = State::Open;
  presence_timer_.start();
  emit deviceReconnected(tr("Serial device %1 is back; reconnected at %2 baud").arg(path_).arg(baud_rate_));
  if (detecting_) tryDetectionRate();
}

void SerialTransport::checkPresence() {
  // A vanished USB device does not always produce a read error at once; its path goes away.
  if (state_ == State::Open && !QFileInfo::exists(path_)) markLost(tr("its path disappeared"));
}

void SerialTransport::startBaudDetection(const QList<qint32>& rates, int window_ms) {
  cancelBaudDetection();
  if (state_ != State::Open) {
    emit baudDetectionFailed(tr("cannot detect the baud rate: %1 is not open").arg(path_));
    return;
  }
  if (rates.isEmpty()) {
    emit baudDetectionFailed(tr("cannot detect the baud rate of %1: no rates to try").arg(path_));
    return;
  }
  detecting_ = true;
  detection_rates_ = rates;
  detection_index_ = 0;
  rate_before_detection_ = baud_rate_;
  detection_timer_.setInterval(window_ms);
  tryDetectionRate();
}

void SerialTransport::cancelBaudDetection() {
  if (!detecting_) return;
  detecting_ = false;
  detection_timer_.stop();
}

void SerialTransport::tryDetectionRate() {
  const qint32 rate = detection_rates_.at(detection_index_);
  if (rate != baud_rate_) {
    baud_rate_ = rate;
    if (!port_.setBaudRate(rate)) {
      emit errorOccurred(tr("cannot set %1 to %2 baud: %3").arg(path_).arg(rate).arg(port_.errorString()));
      port_.clearError();
    }
    emit baudRateChanged(rate);
  }
  // A fresh parser per rate: a frame must arrive whole at this rate to count.
  mavlink_parser_init(&detection_parser_);
  emit baudDetectionTrying(rate);
  detection_timer_.start();
}

void SerialTransport::detectionWindowOver() {
  if (!detecting_ || state_ != State::Open) return;
  if (++detection_index_ < detection_rates_.size()) {
    tryDetectionRate();
    return;
  }
  detecting_ = false;
  QStringList tried;
  for (qint32 r : detection_rates_) tried << QString::number(r);
  setBaudRate(rate_before_detection_);
  emit baudDetectionFailed(
      tr("no MAVLink at any baud rate on %1 (tried %2)").arg(path_, tried.join(QStringLiteral(", "))));
}

}  // namespace navigator
