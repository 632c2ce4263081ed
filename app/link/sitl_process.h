// SitlProcess: vayu_sitl (the flight firmware on a PC) as a child process of the ground
// station — start, stop, restart, its output as log lines, and a crash told apart from a stop
// we asked for. Stop is SIGTERM (vayu_sitl saves and exits), then SIGKILL after 2 s.
// Thread contract: lives on one thread with an event loop (the GUI thread); all calls there.
#pragma once

#include <QObject>
#include <QtNumeric>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <deque>

namespace navigator {

struct SitlOptions {
  QString pipe_dir = QStringLiteral("/tmp");  // where vsim_d's pipes are (--dir)
  quint16 gcs_port = 14550;                   // where the firmware sends MAVLink (--gcs-port)
  int local_port = -1;                        // the firmware's own UDP port (--port); -1: its default, 0: any
  QString params_file;                        // --params; empty: the firmware's default (DIR/vayu_params.txt)
  double mag_declination_deg = qQNaN();       // --mag-decl-deg (the simulated field's); NaN: the saved parameter
  // --rt-priority: SCHED_FIFO at this priority for the firmware, so that a busy machine does not
  // hold its loop back while the simulator flies on its last motor outputs (the firmware says in
  // its log whether the system allowed it); 0: normal scheduling.
  int realtime_priority = 0;
  // More of vayu_sitl's options, after the ones above (e.g. --sensors chips --chip-fault bmx160:stuck@5).
  QStringList extra_arguments;
};

class SitlProcess : public QObject {
  Q_OBJECT

 public:
  enum class State { Stopped, Starting, Running, Stopping };

  explicit SitlProcess(QObject* parent = nullptr);
  ~SitlProcess() override;  // kills a firmware still running

  // The executable; by default vayu_sitl next to the application binary.
  void setExecutable(const QString& path) { executable_ = path; }
  QString executable() const;
  void setOptions(const SitlOptions& options) { options_ = options; }
  const SitlOptions& options() const { return options_; }
  QStringList arguments() const;
  void setStopTimeoutMs(int ms) { stop_timeout_ms_ = ms; }

  // Starts the firmware; false (and errorOccurred) when the executable is missing or not
  // executable, or one is already running.
  bool start();
  void stop();     // asynchronous: stopped() follows
  void restart();  // stop (if running), then start
  State state() const { return state_; }
  bool running() const { return state_ == State::Running; }
  qint64 processId() const { return process_.processId(); }
  QStringList lastLines() const;  // the most recent output, oldest first
  // MAVLink frames down the firmware's standard input, its private link (what USB is to a
  // board: only this process holds it), where it takes SETUP_SIGNING. False when not running.
  bool writePrivate(const QByteArray& frames);

  static QString signalName(int signal_number);  // "SIGKILL (Killed)"

 signals:
  void started();
  void logLine(const QString& line);
  void stopped();                        // ended because we asked
  void crashed(const QString& message);  // ended by itself: exit code or signal, and its last lines
  void errorOccurred(const QString& message);
  void stateChanged(navigator::SitlProcess::State state);

 private:
  void onReadyRead();
  void onFinished(int exit_code, QProcess::ExitStatus status);
  void onErrorOccurred(QProcess::ProcessError error);
  void setState(State state);
  void emitLine(const QString& line);

  QProcess process_;
  QString executable_;
  SitlOptions options_;
  State state_ = State::Stopped;
  bool stop_requested_ = false, restart_requested_ = false;
  int stop_timeout_ms_ = 2000;
  QTimer kill_timer_;
  QByteArray partial_;
  std::deque<QString> last_lines_;
};

}  // namespace navigator

Q_DECLARE_METATYPE(navigator::SitlProcess::State)
