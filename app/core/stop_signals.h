// StopSignals: SIGTERM, SIGINT and SIGHUP (a desktop session's logout, Ctrl-C in the terminal,
// the terminal closing) turned into a Qt signal on the thread that made the object, so the
// station can quit the way its window's close does (simulation stopped, settings saved).
// The handler only writes the signal's number into a pipe (async-signal-safe); a
// QSocketNotifier reads it. After the first, a stop signal has its default action again: a
// second Ctrl-C ends a station whose shutdown hangs.
// Thread contract: one instance per process, made and destroyed on the GUI thread.
#pragma once

#include <QObject>
#include <QSocketNotifier>

#include <memory>

namespace navigator {

class StopSignals : public QObject {
  Q_OBJECT

 public:
  explicit StopSignals(QObject* parent = nullptr);
  ~StopSignals() override;  // the handlers back to their defaults
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

 signals:
  void stopRequested(int signal_number);

 private:
  void onReadable();
  std::unique_ptr<QSocketNotifier> notifier_;
};

}  // namespace navigator
