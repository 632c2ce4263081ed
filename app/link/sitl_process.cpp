#include "app/link/sitl_process.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <sys/prctl.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstring>

namespace navigator {
namespace {

constexpr std::size_t kKeptLines = 20;

}  // namespace

SitlProcess::SitlProcess(QObject* parent) : QObject(parent), process_(this) {
  qRegisterMetaType<State>();
  process_.setProcessChannelMode(QProcess::MergedChannels);
  // The firmware dies with the station, even a killed one: SIGTERM when this thread's process
  // goes (vayu_sitl also stops on its own when its simulator is gone).
  const pid_t station = ::getpid();
  process_.setChildProcessModifier([station] {
    ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (::getppid() != station) ::_exit(127);  // the station died before the line above
  });
  kill_timer_.setSingleShot(true);
  connect(&kill_timer_, &QTimer::timeout, this, [this] {
    if (process_.state() != QProcess::NotRunning) {
      emitLine(tr("vayu_sitl did not stop within %1 ms of SIGTERM: killing it").arg(stop_timeout_ms_));
      process_.kill();
    }
  });
  connect(&process_, &QProcess::readyRead, this, &SitlProcess::onReadyRead);
  connect(&process_, &QProcess::finished, this, &SitlProcess::onFinished);
  connect(&process_, &QProcess::errorOccurred, this, &SitlProcess::onErrorOccurred);
  connect(&process_, &QProcess::started, this, [this] {
    setState(State::Running);
    emit started();
  });
}

SitlProcess::~SitlProcess() {
  if (process_.state() == QProcess::NotRunning) return;
  process_.disconnect(this);
  process_.terminate();
  if (!process_.waitForFinished(stop_timeout_ms_)) {
    process_.kill();
    process_.waitForFinished(1000);
  }
}

QString SitlProcess::executable() const {
  return executable_.isEmpty() ? QCoreApplication::applicationDirPath() + QStringLiteral("/vayu_sitl") : executable_;
}

QStringList SitlProcess::arguments() const {
  QStringList args{QStringLiteral("--dir"), options_.pipe_dir, QStringLiteral("--gcs-port"),
                   QString::number(options_.gcs_port)};
  if (options_.local_port >= 0) args << QStringLiteral("--port") << QString::number(options_.local_port);
  if (!options_.params_file.isEmpty()) args << QStringLiteral("--params") << options_.params_file;
  if (qIsFinite(options_.mag_declination_deg))
    args << QStringLiteral("--mag-decl-deg") << QString::number(options_.mag_declination_deg, 'f', 3);
  if (options_.realtime_priority > 0)
    args << QStringLiteral("--rt-priority") << QString::number(std::min(options_.realtime_priority, 99));
  args << options_.extra_arguments;
  args << QStringLiteral("--stdin-link");  // our pipe to its standard input: the private link (SETUP_SIGNING)
  return args;
}

bool SitlProcess::writePrivate(const QByteArray& frames) {
  if (process_.state() != QProcess::Running) return false;
  return process_.write(frames) == frames.size();
}

QStringList SitlProcess::lastLines() const { return QStringList(last_lines_.begin(), last_lines_.end()); }

QString SitlProcess::signalName(int signal_number) {
  const char* abbrev = sigabbrev_np(signal_number);
  const char* description = strsignal(signal_number);
  const QString name =
      abbrev ? QStringLiteral("SIG") + QString::fromLatin1(abbrev) : tr("signal %1").arg(signal_number);
  return description ? QStringLiteral("%1 (%2)").arg(name, QString::fromLocal8Bit(description)) : name;
}

void SitlProcess::setState(State state) {
  if (state == state_) return;
  state_ = state;
  emit stateChanged(state);
}

bool SitlProcess::start() {
  if (state_ != State::Stopped) {
    emit errorOccurred(tr("vayu_sitl is already running (pid %1)").arg(process_.processId()));
    return false;
  }
  const QString path = executable();
  const QFileInfo info(path);
  if (!info.exists() || !info.isFile()) {
    emit errorOccurred(tr("The SITL firmware was not found at %1").arg(path));
    return false;
  }
  if (!info.isExecutable()) {
    emit errorOccurred(tr("The SITL firmware at %1 is not executable").arg(path));
    return false;
  }
  stop_requested_ = false;
  partial_.clear();
  last_lines_.clear();
  setState(State::Starting);
  process_.start(path, arguments());
  return true;
}

void SitlProcess::stop() {
  restart_requested_ = false;
  if (process_.state() == QProcess::NotRunning) return;
  stop_requested_ = true;
  setState(State::Stopping);
  process_.terminate();  // SIGTERM: vayu_sitl leaves its loop and exits 0
  kill_timer_.start(stop_timeout_ms_);
}

void SitlProcess::restart() {
  if (process_.state() == QProcess::NotRunning) {
    start();
    return;
  }
  stop();
  restart_requested_ = true;
}

void SitlProcess::emitLine(const QString& line) {
  last_lines_.push_back(line);
  if (last_lines_.size() > kKeptLines) last_lines_.pop_front();
  emit logLine(line);
}

void SitlProcess::onReadyRead() {
  partial_ += process_.readAll();
  qsizetype end;
  while ((end = partial_.indexOf('\n')) >= 0) {
    emitLine(QString::fromLocal8Bit(partial_.left(end)));
    partial_.remove(0, end + 1);
  }
}

void SitlProcess::onFinished(int exit_code, QProcess::ExitStatus status) {
  kill_timer_.stop();
  onReadyRead();
  if (!partial_.isEmpty()) emitLine(QString::fromLocal8Bit(partial_));
  partial_.clear();
  const bool requested = stop_requested_;
  stop_requested_ = false;
  setState(State::Stopped);
  if (requested) {
    emit stopped();
  } else {
    // Qt reports the terminating signal as the exit code of a crashed process on Unix.
    const QString how = status == QProcess::CrashExit ? tr("was killed by %1").arg(signalName(exit_code))
                                                      : tr("exited with code %1").arg(exit_code);
    QString message = tr("vayu_sitl %1").arg(how);
    if (!last_lines_.empty()) message += tr("; its last output:\n%1").arg(lastLines().join(QLatin1Char('\n')));
    if (status == QProcess::CrashExit || exit_code != 0)
      emit crashed(message);
    else
      emit stopped();  // it ended by itself, cleanly (e.g. someone sent it SIGTERM)
  }
  if (restart_requested_) {
    restart_requested_ = false;
    start();
  }
}

void SitlProcess::onErrorOccurred(QProcess::ProcessError error) {
  if (error != QProcess::FailedToStart) return;  // crashes arrive through finished()
  setState(State::Stopped);
  emit errorOccurred(tr("vayu_sitl could not be started from %1: %2").arg(executable(), process_.errorString()));
}

}  // namespace navigator
