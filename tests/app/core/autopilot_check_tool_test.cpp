// navigator-autopilot-check's refusals before it starts anything: each names what is wrong and
// where, exits 2 (a usage error, as every Navigator tool), and leaves no process behind.
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

class AutopilotCheckToolTest : public QObject {
  Q_OBJECT
 private slots:
  void badArgumentsAreNamed_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("said");
    QTest::newRow("autopilot") << QStringList{"--autopilot", "betaflight", "--binary", "/bin/true"}
                               << "--autopilot must be px4 or ardupilot, got 'betaflight'";
    QTest::newRow("binary") << QStringList{"--autopilot", "px4", "--binary", "/nonexistent/px4"}
                            << "--binary '/nonexistent/px4' is not an executable file";
    QTest::newRow("rootfs") << QStringList{"--autopilot", "px4",      "--binary",
                                           "/bin/true",   "--rootfs", "/nonexistent/etc"}
                            << "--rootfs '/nonexistent/etc' is not a folder (PX4's build/px4_sitl_default/etc)";
    QTest::newRow("vehicles") << QStringList{"--autopilot", "px4", "--binary", "/bin/true", "--vehicles", "9"}
                              << "--vehicles must be a whole number from 1 to 8, got '9'";
    QTest::newRow("required") << QStringList{"--autopilot", "px4"} << "--binary is required";
    QTest::newRow("set-param form") << QStringList{"--autopilot",   "px4",        "--binary",    "/bin/true",
                                                   "--dump-params", "/tmp/p.tsv", "--set-param", "SYS_AUTOSTART"}
                                    << "--set-param must be NAME=VALUE (a name of 1 to 16 characters, a number), got "
                                       "'SYS_AUTOSTART'";
    QTest::newRow("link") << QStringList{"--autopilot", "px4", "--binary", "/bin/true", "--link", "udp:99999"}
                          << "--link 'udp:99999': \"udp:99999\" is no address";
    QTest::newRow("set-param alone") << QStringList{"--autopilot", "px4", "--binary", "/bin/true", "--set-param", "X=1"}
                                     << "--set-param needs --dump-params FILE";
  }
  void badArgumentsAreNamed() {
    QFETCH(QStringList, args);
    QFETCH(QString, said);
    QProcess tool;
    tool.start(QStringLiteral(NAVIGATOR_AUTOPILOT_CHECK), args);
    QVERIFY(tool.waitForFinished(10000));
    QCOMPARE(tool.exitCode(), 2);
    const QString err = QString::fromUtf8(tool.readAllStandardError());
    QVERIFY2(err.contains(said), qPrintable(err));
  }

  // An autopilot that panics and stays alive (ArduPilot does so when its --defaults file cannot
  // be loaded: "PANIC: Failed to load defaults"): the run fails at once with its words, the tool
  // exits 1, and the stand-in (a script that prints the line and then waits on `tail -f` of
  // itself, no timer: both processes carry the script's path, so pgrep sees either left) is gone
  // after it.
  void aPanickingAutopilotFailsTheRunAtOnce() {
    QTemporaryDir dir;
    const QString script = dir.filePath("arducopter");
    QFile f(script);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(
        "#!/bin/sh\necho 'Starting sketch ArduCopter'\necho 'PANIC: Failed to load defaults'\ntail -n 0 -f \"$0\"\n");
    f.close();
    QVERIFY(f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    QProcess tool;
    tool.start(QStringLiteral(NAVIGATOR_AUTOPILOT_CHECK),
               {"--autopilot", "ardupilot", "--binary", script, "--work-dir", dir.filePath("work")});
    QVERIFY(tool.waitForFinished(60000));  // (without the watch it would wait out its whole budget, over 6 minutes)
    QCOMPARE(tool.exitCode(), 1);
    const QString out = QString::fromUtf8(tool.readAllStandardOutput());
    QVERIFY2(out.contains("run 1 vehicle 1: FAILED: the autopilot panicked: PANIC: Failed to load defaults"),
             qPrintable(out));
    QProcess pgrep;
    pgrep.start("pgrep", {"-f", script});
    QVERIFY(pgrep.waitForFinished(5000));
    QCOMPARE(pgrep.exitCode(), 1);  // no process left
  }
};

QTEST_GUILESS_MAIN(AutopilotCheckToolTest)
#include "autopilot_check_tool_test.moc"
