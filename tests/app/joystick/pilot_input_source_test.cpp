// PilotInputSource: a steady 50 Hz MANUAL_CONTROL stream whatever the source, keyboard and
// virtual sticks, joystick button actions on press edges only, and neutral output (no
// actions) while the joystick calibrates or after it vanished.
#include "app/joystick/pilot_input_source.h"
#include "virtual_pad.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace navigator::joystick;
using navigator::joystick::test::VirtualPad;

class PilotInputSourceTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    navigator::joystick::test::useHeadlessSdl();
    QVERIFY(dir_.isValid());
  }

  void init() {
    settings_ = std::make_unique<QSettings>(dir_.filePath(QStringLiteral("%1.ini").arg(QTest::currentTestFunction())),
                                            QSettings::IniFormat);
  }

  void steadyFiftyHertz() {
    // Nothing changes (no joystick at all): the stream still runs at 50 Hz. Counted over
    // 2.5 s of wall time: 125 ± 10 %, and no gap longer than 3 periods.
    PilotInputSource source;
    QList<qint64> stamps_ms;
    QElapsedTimer clock;
    connect(&source, &PilotInputSource::manualControl, this, [&](const ManualControlValues& v) {
      stamps_ms << clock.elapsed();
      QCOMPARE(v, ManualControlValues{});  // neutral
    });
    clock.start();
    source.setEnabled(true);
    QTest::qWait(2500);
    source.setEnabled(false);
    const double seconds = double(clock.elapsed()) / 1000.0;
    const double rate_hz = double(stamps_ms.size()) / seconds;
    QVERIFY2(std::abs(rate_hz - 50.0) < 5.0, qPrintable(QString("%1 Hz over %2 s").arg(rate_hz).arg(seconds)));
    qint64 longest = 0;
    for (int i = 1; i < stamps_ms.size(); ++i) longest = std::max(longest, stamps_ms[i] - stamps_ms[i - 1]);
    QVERIFY2(longest <= 60, qPrintable(QString("a %1 ms gap").arg(longest)));
    const qsizetype after_stop = stamps_ms.size();
    QTest::qWait(100);
    QCOMPARE(stamps_ms.size(), after_stop);  // disabled: silent
  }

  void virtualSticks() {
    PilotInputSource source;
    source.setSource(PilotInputSource::Source::VirtualSticks);
    source.setVirtualSticks(0.25, -0.5, 0.125, 0.75);
    QSignalSpy sent(&source, &PilotInputSource::manualControl);
    source.setEnabled(true);
    QVERIFY(sent.wait(200));
    // x = pitch, y = roll, z = throttle, r = yaw, each ·1000.
    QCOMPARE(sent.last().first().value<ManualControlValues>(), (ManualControlValues{-500, 250, 750, 125, 0}));
    source.setVirtualSticks(std::nan(""), 5.0, -5.0, -1.0);
    QVERIFY(sent.wait(200));
    QCOMPARE(sent.last().first().value<ManualControlValues>(), (ManualControlValues{1000, 0, 0, -1000, 0}));
  }

  void keyboard() {
    PilotInputSource source;
    source.setSource(PilotInputSource::Source::Keyboard);
    QVERIFY(source.keyEvent(Qt::Key_W, true));
    QVERIFY(source.keyEvent(Qt::Key_Left, true));
    QVERIFY(!source.keyEvent(Qt::Key_F1, true));
    QSignalSpy sent(&source, &PilotInputSource::manualControl);
    source.setEnabled(true);
    QTest::qWait(1000);
    source.keyEvent(Qt::Key_W, false);
    source.keyEvent(Qt::Key_W, true, /*auto_repeat=*/true);  // an auto-repeat changes nothing
    QVERIFY(sent.wait(200));
    const ManualControlValues held = sent.last().first().value<ManualControlValues>();
    // About 1 s of W at 0.5/s: ~500 (timers on a shared machine: ±150).
    QVERIFY2(std::abs(held.z - 500) < 150, qPrintable(QString::number(held.z)));
    QCOMPARE(int(held.y), -500);  // Left: roll left at kKeyboardDeflection
    QTest::qWait(200);
    QCOMPARE(sent.last().first().value<ManualControlValues>().z, held.z);  // released: holds
  }

  void joystickButtonsAndSuppression() {
    JoystickManager m(*settings_);
    VirtualPad pad;
    m.poll();
    QVERIFY(m.selectDevice(pad.instanceId()));
    m.start();
    PilotInputSource source;
    source.setJoystick(&m);
    source.setEnabled(true);
    QSignalSpy arm(&source, &PilotInputSource::armRequested);
    QSignalSpy disarm(&source, &PilotInputSource::disarmRequested);
    QSignalSpy mode(&source, &PilotInputSource::modeRequested);
    QSignalSpy sent(&source, &PilotInputSource::manualControl);

    pad.button(6, true);  // start = arm (SDL's game-controller order)
    QTRY_COMPARE(arm.count(), 1);
    QTest::qWait(100);  // held: no repeat
    QCOMPARE(arm.count(), 1);
    pad.button(6, false);
    pad.button(0, true);  // A = ANGLE
    QTRY_COMPARE(mode.count(), 1);
    QCOMPARE(mode.first().first().toInt(), 1);  // vayu_mode_t VAYU_MODE_ANGLE
    pad.button(0, false);

    // Calibrating: sticks deflected and buttons pressed give a neutral stream and no actions.
    QVERIFY(m.beginCalibration());
    pad.axes({30000, -32768, 30000, -30000, 0, 0});
    pad.button(4, true);  // back = disarm
    QTest::qWait(200);
    sent.clear();
    QVERIFY(sent.wait(200));
    QCOMPARE(sent.last().first().value<ManualControlValues>(), ManualControlValues{});
    QCOMPARE(disarm.count(), 0);
    m.cancelCalibration();
    QTRY_VERIFY(sent.last().first().value<ManualControlValues>().z == 1000);  // flying again
    QCOMPARE(disarm.count(), 0);  // held through the end of calibrating: not a press

    // Another source: the joystick's buttons no longer act.
    source.setSource(PilotInputSource::Source::Keyboard);
    pad.button(4, false);
    QTest::qWait(50);
    pad.button(4, true);
    QTest::qWait(100);
    QCOMPARE(disarm.count(), 0);
  }

  void vanishedJoystickStreamsNeutral() {
    JoystickManager m(*settings_);
    auto pad = std::make_unique<VirtualPad>();
    m.poll();
    QVERIFY(m.selectDevice(pad->instanceId()));
    m.start();
    PilotInputSource source;
    source.setJoystick(&m);
    source.setEnabled(true);
    QSignalSpy sent(&source, &PilotInputSource::manualControl);
    QSignalSpy lost(&m, &JoystickManager::deviceLost);
    pad->axes({30000, -32768, 30000, -30000, 0, 0});
    QTRY_VERIFY(!sent.isEmpty() && sent.last().first().value<ManualControlValues>().z == 1000);
    pad.reset();
    QTRY_COMPARE(lost.count(), 1);
    sent.clear();
    QVERIFY(sent.wait(200));  // the stream goes on, neutral
    QCOMPARE(sent.last().first().value<ManualControlValues>(), ManualControlValues{});
  }

 private:
  QTemporaryDir dir_;
  std::unique_ptr<QSettings> settings_;
};

QTEST_GUILESS_MAIN(PilotInputSourceTest)
#include "pilot_input_source_test.moc"
