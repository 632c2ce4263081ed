#include "app/core/board_session.h"

#include "app/link/serial_transport.h"

namespace navigator {

BoardSession::BoardSession(QObject* parent) : QObject(parent), link_(&connection_) {
  thread_.setObjectName(QStringLiteral("serial link"));
  thread_.start();
  connection_.moveToThread(&thread_);
}

BoardSession::~BoardSession() {
  disconnectFrom();
  // Back to this thread before the serial thread ends, so it is destroyed where it lives.
  QThread* here = thread();
  QMetaObject::invokeMethod(
      &connection_, [this, here] { connection_.moveToThread(here); }, Qt::BlockingQueuedConnection);
  thread_.quit();
  thread_.wait();
}

void BoardSession::connectTo(const QString& path, qint32 baud) {
  disconnectFrom();
  path_ = path;
  transport_ = new SerialTransport(path, baud > 0 ? baud : SerialTransport::kDefaultBaudRate);
  transport_->moveToThread(&thread_);
  QMetaObject::invokeMethod(
      &connection_, [this, t = transport_] { connection_.attachTransport(t); }, Qt::BlockingQueuedConnection);
  connect(transport_, &MavlinkTransport::errorOccurred, this, [this](const QString& e) {
    open_ = false;
    emit stateChanged(false, e);
  });
  connect(transport_, &SerialTransport::deviceLost, this, [this](const QString& m) { emit stateChanged(true, m); });
  connect(transport_, &SerialTransport::deviceReconnected, this,
          [this](const QString& m) { emit stateChanged(true, m); });
  connect(transport_, &SerialTransport::baudRateChanged, this, [this](qint32 b) { baud_ = b; });
  connect(transport_, &SerialTransport::baudDetectionTrying, this,
          [this](qint32 b) { emit stateChanged(true, tr("%1: listening for MAVLink at %2 baud…").arg(path_).arg(b)); });
  connect(transport_, &SerialTransport::baudRateDetected, this, [this](qint32 b, const QString& m) {
    baud_ = b;
    emit stateChanged(true, m);
  });
  connect(transport_, &SerialTransport::baudDetectionFailed, this,
          [this](const QString& m) { emit stateChanged(true, m); });
  bool opened = false;
  QMetaObject::invokeMethod(
      transport_, [t = transport_] { return t->open(); }, Qt::BlockingQueuedConnection, &opened);
  open_ = opened;
  if (!opened) return;  // (errorOccurred said why)
  baud_ = baud > 0 ? baud : SerialTransport::kDefaultBaudRate;
  emit stateChanged(true, tr("%1 open at %2 baud").arg(path_).arg(baud_));
  if (baud <= 0)
    QMetaObject::invokeMethod(
        transport_, [t = transport_] { t->startBaudDetection(); }, Qt::QueuedConnection);
}

void BoardSession::disconnectFrom() {
  if (!transport_) return;
  QMetaObject::invokeMethod(
      &connection_, [this] { connection_.detachTransport(); }, Qt::BlockingQueuedConnection);
  SerialTransport* t = transport_;
  transport_ = nullptr;
  // Closed and deleted on its own thread, where its port and timers live.
  QMetaObject::invokeMethod(
      t,
      [t] {
        t->close();
        delete t;
      },
      Qt::BlockingQueuedConnection);
  if (open_) emit stateChanged(false, tr("%1 closed").arg(path_));
  open_ = false;
}

}  // namespace navigator
