// SitlProcess with stand-in executables (small shell scripts): arguments, output lines, a
// missing or non-executable program, a nonzero exit and a signal reported as crashes with the
// last lines, stop by SIGTERM and by SIGKILL after the timeout, restart.
#include "app/link/sitl_process.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace navigator;

namespace {

QString script(const QTemporaryDir& dir, const QString& name, const QByteArray& body) {
  const QString path = dir.path() + "/" + name;
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly)) return {};
  f.write("#!/bin/sh\n" + body + "\n");
  f.close();
  f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
  return path;
}

}  // namespace

class SitlProcessTest : public QObject {
  Q_OBJECT

 private slots:
  void argumentsFromOptions();
  void missingOrNotExecutable();
  void linesAndNonzeroExitReportedAsCrash();
  void signalNamedInTheCrash();
  void stopByTermAndByKill();
  void restartStartsAgain();
};

void SitlProcessTest::argumentsFromOptions() {
  SitlProcess p;
  QVERIFY(p.executable().endsWith("/vayu_sitl"));
  SitlOptions o;
  o.pipe_dir = "/tmp/x";
  o.gcs_port = 14560;
  o.local_port = 0;
  o.params_file = "/tmp/p.txt";
  p.setOptions(o);
  QCOMPARE(p.arguments(), (QStringList{"--dir", "/tmp/x", "--gcs-port", "14560", "--port", "0", "--params",
                                       "/tmp/p.txt", "--stdin-link"}));
  o.local_port = -1;
  o.params_file.clear();
  p.setOptions(o);
  QCOMPARE(p.arguments(), (QStringList{"--dir", "/tmp/x", "--gcs-port", "14560", "--stdin-link"}));
  o.mag_declination_deg = 4.0846;  // the simulated field's declination, C locale whatever the user's
  p.setOptions(o);
  QCOMPARE(p.arguments(),
           (QStringList{"--dir", "/tmp/x", "--gcs-port", "14560", "--mag-decl-deg", "4.085", "--stdin-link"}));
  o.realtime_priority = 20;  // SCHED_FIFO asked of the firmware itself
  p.setOptions(o);
  QCOMPARE(p.arguments(), (QStringList{"--dir", "/tmp/x", "--gcs-port", "14560", "--mag-decl-deg", "4.085",
                                       "--rt-priority", "20", "--stdin-link"}));
}

void SitlProcessTest::missingOrNotExecutable() {
  QTemporaryDir dir;
  SitlProcess p;
  QSignalSpy errors(&p, &SitlProcess::errorOccurred);
  p.setExecutable(dir.path() + "/nowhere/vayu_sitl");
  QVERIFY(!p.start());
  QCOMPARE(errors.last().at(0).toString(), "The SITL firmware was not found at " + dir.path() + "/nowhere/vayu_sitl");
  QFile plain(dir.path() + "/plain");
  QVERIFY(plain.open(QIODevice::WriteOnly));
  plain.close();
  p.setExecutable(plain.fileName());
  QVERIFY(!p.start());
  QCOMPARE(errors.last().at(0).toString(), "The SITL firmware at " + plain.fileName() + " is not executable");
  QCOMPARE(p.state(), SitlProcess::State::Stopped);
}

void SitlProcessTest::linesAndNonzeroExitReportedAsCrash() {
  QTemporaryDir dir;
  SitlProcess p;
  p.setExecutable(script(dir, "fails", "echo \"args: $*\"\necho 'to stderr' >&2\nprintf 'no newline'\nexit 3"));
  QSignalSpy lines(&p, &SitlProcess::logLine);
  QSignalSpy crashes(&p, &SitlProcess::crashed);
  QSignalSpy stops(&p, &SitlProcess::stopped);
  QVERIFY(p.start());
  QTRY_COMPARE_WITH_TIMEOUT(crashes.count(), 1, 5000);
  QCOMPARE(stops.count(), 0);
  QCOMPARE(lines.count(), 3);
  QCOMPARE(lines.at(0).at(0).toString(), "args: " + p.arguments().join(' '));
  QCOMPARE(lines.at(1).at(0).toString(), QStringLiteral("to stderr"));
  QCOMPARE(lines.at(2).at(0).toString(), QStringLiteral("no newline"));
  const QString message = crashes.at(0).at(0).toString();
  QVERIFY2(message.startsWith("vayu_sitl exited with code 3; its last output:\n"), qPrintable(message));
  QVERIFY2(message.endsWith("to stderr\nno newline"), qPrintable(message));
  QCOMPARE(p.state(), SitlProcess::State::Stopped);
}

void SitlProcessTest::signalNamedInTheCrash() {
  QTemporaryDir dir;
  SitlProcess p;
  p.setExecutable(script(dir, "dies", "echo 'about to die'\nkill -SEGV $$"));
  QSignalSpy crashes(&p, &SitlProcess::crashed);
  QVERIFY(p.start());
  QTRY_COMPARE_WITH_TIMEOUT(crashes.count(), 1, 5000);
  const QString message = crashes.at(0).at(0).toString();
  QVERIFY2(message.startsWith("vayu_sitl was killed by SIGSEGV (Segmentation fault)"), qPrintable(message));
  QVERIFY2(message.contains("about to die"), qPrintable(message));
  QCOMPARE(SitlProcess::signalName(9), QStringLiteral("SIGKILL (Killed)"));
}

void SitlProcessTest::stopByTermAndByKill() {
  QTemporaryDir dir;
  SitlProcess p;
  QSignalSpy stops(&p, &SitlProcess::stopped);
  QSignalSpy crashes(&p, &SitlProcess::crashed);
  QSignalSpy started(&p, &SitlProcess::started);
  p.setExecutable(script(dir, "polite", "trap 'echo bye; exit 0' TERM\necho up\nwhile :; do sleep 0.05; done"));
  QVERIFY(p.start());
  QTRY_COMPARE_WITH_TIMEOUT(started.count(), 1, 5000);
  QTRY_VERIFY_WITH_TIMEOUT(p.lastLines().contains("up"), 5000);  // the trap is set
  QVERIFY(p.running());
  p.stop();
  QCOMPARE(p.state(), SitlProcess::State::Stopping);
  QTRY_COMPARE_WITH_TIMEOUT(stops.count(), 1, 3000);
  QVERIFY(p.lastLines().contains("bye"));

  p.setStopTimeoutMs(300);
  p.setExecutable(script(dir, "stubborn", "trap '' TERM\necho up\nwhile :; do sleep 0.05; done"));
  QVERIFY(p.start());
  QTRY_VERIFY_WITH_TIMEOUT(p.lastLines().contains("up"), 5000);
  p.stop();
  QTRY_COMPARE_WITH_TIMEOUT(stops.count(), 2, 3000);
  // The kill came from the stop timeout set above (its line names it), not from the stop itself;
  // how long the timeout's QTimer waited is Qt's to keep, not a verdict on the wall clock here.
  QVERIFY2(p.lastLines().last().contains("did not stop within 300 ms of SIGTERM: killing it"),
           qPrintable(p.lastLines().join('\n')));
  QCOMPARE(crashes.count(), 0);  // a stop we asked for is not a crash
}

void SitlProcessTest::restartStartsAgain() {
  QTemporaryDir dir;
  SitlProcess p;
  QSignalSpy started(&p, &SitlProcess::started);
  QSignalSpy crashes(&p, &SitlProcess::crashed);
  p.setExecutable(script(dir, "runs", "echo up\nexec sleep 30"));
  QVERIFY(p.start());
  QTRY_COMPARE_WITH_TIMEOUT(started.count(), 1, 5000);
  const qint64 first = p.processId();
  QVERIFY(!p.start());  // already running
  p.restart();
  QTRY_COMPARE_WITH_TIMEOUT(started.count(), 2, 5000);
  QVERIFY(p.processId() != first);
  QCOMPARE(crashes.count(), 0);
}

QTEST_GUILESS_MAIN(SitlProcessTest)
#include "sitl_process_test.moc"
