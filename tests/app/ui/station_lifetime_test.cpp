// The station's lifetime and its children's:
//  - StopSignals turns SIGTERM, SIGINT and SIGHUP into a Qt signal, once each;
//  - the real `navigator`, flying SITL, quits on SIGTERM and on SIGINT as its window's close
//    does: exit status 0, the settings written, vayu_sitl stopped;
//  - a SIGKILLed station takes vayu_sitl with it (PR_SET_PDEATHSIG);
//  - a process killed while runChildProcess runs a program (dfu-util in the product) takes
//    that program with it.
// Waiting is bounded by generous deadlines (hang guards, not verdicts); how long each quit took
// is printed.
#include "app/core/stop_signals.h"
#include "flash/child_process.h"

#include "tests/support/free_port.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUdpSocket>
#include <QtTest>

#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <optional>

namespace {

// A process that is gone: no /proc entry, or a zombie waiting for whoever adopted it.
bool processGone(qint64 pid) {
  QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
  if (!stat.open(QIODevice::ReadOnly)) return true;
  const QByteArray text = stat.readAll();
  const int close = text.lastIndexOf(')');
  return close > 0 && text.size() > close + 2 && text.at(close + 2) == 'Z';
}

// Waits, processing events, until `pid` has ended; false when `deadline_ms` passed first (a
// hang guard: the verdict is whether it ended, not how soon).
bool waitGone(qint64 pid, int deadline_ms) {
  return QTest::qWaitFor([pid] { return processGone(pid); }, deadline_ms);
}

// The child of `parent` whose command name is `name`, if any.
std::optional<qint64> childNamed(qint64 parent, const QByteArray& name) {
  const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
  for (const QString& entry : entries) {
    bool numeric = false;
    const qint64 pid = entry.toLongLong(&numeric);
    if (!numeric) continue;
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly)) continue;
    const QByteArray text = stat.readAll();
    const int open = text.indexOf('('), close = text.lastIndexOf(')');
    if (open < 0 || close < 0) continue;
    const QList<QByteArray> rest = text.mid(close + 2).split(' ');  // state ppid ...
    if (text.mid(open + 1, close - open - 1) == name && rest.size() > 1 && rest[1].toLongLong() == parent) return pid;
  }
  return std::nullopt;
}

// The station flying SITL with its settings and data in `home`; returns its firmware's pid.
qint64 startStation(QProcess& station, const QTemporaryDir& home) {
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
  env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
  station.setProcessEnvironment(env);
  station.start(QStringLiteral(NAVIGATOR_BIN_DIR "/navigator"),
                {QStringLiteral("--gcs-port"), QString::number(freeLoopbackUdpPort()), QStringLiteral("--rt-priority"),
                 QStringLiteral("0")});
  if (!station.waitForStarted(20000)) return -1;
  // Flying once its firmware runs: the simulator was started first, and a stop signal that
  // comes before the event loop runs waits in StopSignals' pipe.
  std::optional<qint64> firmware;
  (void)QTest::qWaitFor(
      [&] {  // the result is in `firmware`
        firmware = childNamed(station.processId(), "vayu_sitl");
        return firmware.has_value() || station.state() == QProcess::NotRunning;
      },
      30000);
  return firmware.value_or(-1);
}

}  // namespace

class StationLifetimeTest : public QObject {
  Q_OBJECT

 private slots:
  void stopSignalsBecomeQtSignalsOnce();
  void stopSignalQuitsTheStation_data();
  void stopSignalQuitsTheStation();
  void killedStationTakesItsFirmware();
  void killedParentTakesItsChildProgram();
};

void StationLifetimeTest::stopSignalsBecomeQtSignalsOnce() {
  navigator::StopSignals stop;
  QSignalSpy spy(&stop, &navigator::StopSignals::stopRequested);
  for (int s : {SIGTERM, SIGINT, SIGHUP}) {
    ::raise(s);  // caught: the process lives on
    QVERIFY(spy.wait(5000));
    QCOMPARE(spy.takeFirst().at(0).toInt(), s);
    struct sigaction now {};
    ::sigaction(s, nullptr, &now);
    QVERIFY(now.sa_handler == SIG_DFL);  // a second one would end the process
  }
  // A second instance would share the handlers' pipe: refused.
  QVERIFY_THROWS_EXCEPTION(std::logic_error, navigator::StopSignals second);
}

void StationLifetimeTest::stopSignalQuitsTheStation_data() {
  QTest::addColumn<int>("signal_number");
  QTest::newRow("SIGTERM") << int(SIGTERM);
  QTest::newRow("SIGINT") << int(SIGINT);
}

void StationLifetimeTest::stopSignalQuitsTheStation() {
  QFETCH(int, signal_number);
  QTemporaryDir home;
  QProcess station;
  const qint64 firmware = startStation(station, home);
  QVERIFY2(firmware > 0, station.readAllStandardError().constData());

  QElapsedTimer clock;
  clock.start();
  ::kill(pid_t(station.processId()), signal_number);
  QVERIFY2(station.waitForFinished(20000), "the station still runs 20 s after the signal");
  const qint64 quit_ms = clock.elapsed();
  const QByteArray err = station.readAllStandardError();
  QCOMPARE(station.exitStatus(), QProcess::NormalExit);
  QCOMPARE(station.exitCode(), 0);
  QVERIFY2(err.contains("quitting"), err.constData());
  QVERIFY2(waitGone(firmware, 5000), "vayu_sitl outlived the station");
  // The window's close ran: its geometry is in the settings file.
  QFile settings(home.filePath(QStringLiteral("config/Navigator/navigator.conf")));
  QVERIFY2(settings.open(QIODevice::ReadOnly), qPrintable(settings.fileName()));
  QVERIFY(settings.readAll().contains("geometry="));
  std::printf("navigator quit %lld ms after %s (aim: within 2 s)\n", static_cast<long long>(quit_ms),
              sigabbrev_np(signal_number));
}

void StationLifetimeTest::killedStationTakesItsFirmware() {
  QTemporaryDir home;
  QProcess station;
  const qint64 firmware = startStation(station, home);
  QVERIFY2(firmware > 0, station.readAllStandardError().constData());
  station.kill();  // SIGKILL: no handler of the station's runs
  QVERIFY(station.waitForFinished(20000));
  QElapsedTimer clock;
  clock.start();
  QVERIFY2(waitGone(firmware, 10000), "vayu_sitl outlived a killed station");
  std::printf("vayu_sitl ended %lld ms after the station was killed\n", static_cast<long long>(clock.elapsed()));
}

void StationLifetimeTest::killedParentTakesItsChildProgram() {
  // This test binary, started again as "--run-child", runs a program that never ends by itself
  // (`sh -c 'echo $$; exec sleep infinity'`) through runChildProcess and passes its lines on;
  // it is then killed, and the program must end with it.
  QProcess parent;
  parent.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--run-child")});
  QVERIFY(parent.waitForStarted(20000));
  QVERIFY(parent.waitForReadyRead(20000));
  bool numeric = false;
  const qint64 child = parent.readLine().trimmed().toLongLong(&numeric);
  QVERIFY(numeric && child > 0);
  QVERIFY(!processGone(child));
  parent.kill();
  QVERIFY(parent.waitForFinished(20000));
  QVERIFY2(waitGone(child, 10000), "the program outlived the process that ran it");
}

int main(int argc, char** argv) {
  if (argc == 2 && std::strcmp(argv[1], "--run-child") == 0) {
    const navigator::flash::ChildLineHandler pass_on = [](const std::string& line, bool) {
      std::printf("%s\n", line.c_str());
      std::fflush(stdout);
    };
    navigator::flash::runChildProcess({"sh", "-c", "echo $$; exec sleep infinity"}, pass_on);
    return 0;
  }
  QCoreApplication app(argc, argv);
  StationLifetimeTest test;
  return QTest::qExec(&test, argc, argv);
}

#include "station_lifetime_test.moc"
