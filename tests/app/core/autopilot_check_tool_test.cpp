// navigator-autopilot-check's refusals before it starts anything: each names what is wrong and
// where, exits 2 (a usage error, as every Navigator tool), and leaves no process behind.
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
    QTest::newRow("rootfs") << QStringList{"--autopilot", "px4", "--binary", "/bin/true", "--rootfs", "/nonexistent/etc"}
                            << "--rootfs '/nonexistent/etc' is not a folder (PX4's build/px4_sitl_default/etc)";
    QTest::newRow("vehicles") << QStringList{"--autopilot", "px4", "--binary", "/bin/true", "--vehicles", "9"}
                              << "--vehicles must be a whole number from 1 to 8, got '9'";
    QTest::newRow("required") << QStringList{"--autopilot", "px4"} << "--binary is required";
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
};

QTEST_GUILESS_MAIN(AutopilotCheckToolTest)
#include "autopilot_check_tool_test.moc"
