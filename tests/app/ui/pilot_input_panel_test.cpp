// The Sticks tab driven through its widgets: with no joystick the keyboard flies, and a joystick
// plugged in takes over; a change of stick source in flight holds the throttle and says so until
// the new source's throttle comes to it, or moves it to the keys' centre; the keyboard page
// names every key and offers the centred throttle for ALT_HOLD.
#include "app/clock/tick_clock.h"
#include "app/joystick/joystick_manager.h"
#include "app/joystick/pilot_input_source.h"
#include "app/ui/pilot_input_panel.h"
#include "tests/app/joystick/virtual_pad.h"
#include "widgets/joystick/virtual_sticks.h"

#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using navigator::ManualTickClock;
using navigator::PilotInputPanel;
using navigator::VirtualSticks;
using namespace navigator::joystick;

class PilotInputPanelTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    useHeadlessSdl();
    QVERIFY(settings_dir_.isValid());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settings_dir_.path());
  }

  void switchingSourceInFlightHoldsTheThrottle() {
    navigator::joystick::test::SettingsPerFunction joystick_settings;
    joystick_settings.renew();
    JoystickManager joystick(*joystick_settings);
    PilotInputSource pilot;
    ManualTickClock clock;
    pilot.setClock(&clock);
    pilot.setJoystick(&joystick);
    PilotInputPanel panel(&joystick, &pilot);
    panel.resize(420, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QSignalSpy sent(&pilot, &PilotInputSource::manualControl);
    auto throttle = [&] { return int(sent.last().first().value<ManualControlValues>().z); };

    // Keyboard (no joystick plugged in), armed, W held 2 s: 0.25/s → 50 %.
    QCOMPARE(panel.sourceChoice()->currentText(), QStringLiteral("Keyboard"));
    QCOMPARE(pilot.source(), PilotInputSource::Source::Keyboard);
    pilot.setKeyboardThrottle(KeyboardThrottle::Ramp);
    pilot.setVehicleArmed(true);
    pilot.setEnabled(true);
    pilot.keyEvent(Qt::Key_W, true);
    for (int i = 0; i < 100; ++i) clock.advance(20);
    pilot.keyEvent(Qt::Key_W, false);
    clock.advance(20);
    QCOMPARE(throttle(), 500);
    QVERIFY(panel.handoverLabel()->isHidden());

    // On to the on-screen sticks, whose throttle rests at idle: held at 50 %, and said.
    QTest::keyClick(panel.sourceChoice(), Qt::Key_Down);
    QCOMPARE(pilot.source(), PilotInputSource::Source::VirtualSticks);
    for (int i = 0; i < 25; ++i) clock.advance(20);
    QCOMPARE(throttle(), 500);
    QVERIFY(panel.handoverLabel()->isVisible());
    QVERIFY2(panel.handoverLabel()->text().contains(QStringLiteral("held at 50 %")),
             qPrintable(panel.handoverLabel()->text()));

    // The pilot takes the on-screen throttle to the middle of its pad (50 %): picked up.
    VirtualSticks* sticks = panel.virtualSticks();
    const QPoint centre = sticks->leftPad().center().toPoint();
    QTest::mousePress(sticks, Qt::LeftButton, {}, centre);
    QTest::mouseRelease(sticks, Qt::LeftButton, {}, centre);
    QVERIFY(std::abs(sticks->throttle() - 0.5) < 0.02);
    clock.advance(20);
    QVERIFY(std::abs(throttle() - 500) <= 20);
    QVERIFY(panel.handoverLabel()->isHidden());
    QVERIFY(!pilot.throttleHeld());
  }

  void withoutAJoystickTheKeysFlyUntilOneIsPluggedIn() {
    // Seen before: the source started as "Joystick" with "No joystick found", and the keys did
    // nothing until the pilot found the Sticks tab. The joystick stays the choice; the keyboard
    // flies while none is plugged in, and one plugged in takes over.
    QSettings().remove(QStringLiteral("fly/stickSource"));  // a first start
    navigator::joystick::test::SettingsPerFunction joystick_settings;
    joystick_settings.renew();
    JoystickManager joystick(*joystick_settings);
    PilotInputSource pilot;
    pilot.setJoystick(&joystick);
    PilotInputPanel panel(&joystick, &pilot);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    joystick.poll();  // the first poll lists what is plugged in: nothing
    QCOMPARE(pilot.source(), PilotInputSource::Source::Keyboard);
    QCOMPARE(panel.sourceChoice()->currentText(), QStringLiteral("Keyboard"));
    QVERIFY(panel.sourceNote()->isVisible());
    QVERIFY(panel.keyboardThrottleChoice()->isVisible());  // the keyboard's page on show
    {
      navigator::joystick::test::VirtualPad pad;
      joystick.poll();  // hot-plug: selected, and the source follows
      QCOMPARE(joystick.selectedDevice().instance_id, pad.instanceId());
      QCOMPARE(pilot.source(), PilotInputSource::Source::Joystick);
      QCOMPARE(panel.sourceChoice()->currentText(), QStringLiteral("Joystick"));
      QVERIFY(panel.sourceNote()->isHidden());
      // The same at a start with the pad already there: the joystick from the first poll on.
      PilotInputSource pilot2;
      PilotInputPanel again(&joystick, &pilot2);
      QCOMPARE(pilot2.source(), PilotInputSource::Source::Joystick);
    }
    joystick.poll();  // unplugged: the joystick stays the source (the failsafe acts in flight)
    QCOMPARE(pilot.source(), PilotInputSource::Source::Joystick);

    // The pilot's own choice of the keyboard stays, pad or not, and is kept for the next start.
    QTest::keyClick(panel.sourceChoice(), Qt::Key_Down);
    QCOMPARE(pilot.source(), PilotInputSource::Source::Keyboard);
    QVERIFY(panel.sourceNote()->isHidden());
    navigator::joystick::test::VirtualPad pad;
    joystick.poll();
    QCOMPARE(pilot.source(), PilotInputSource::Source::Keyboard);
    PilotInputSource pilot3;
    PilotInputPanel third(&joystick, &pilot3);
    QCOMPARE(pilot3.source(), PilotInputSource::Source::Keyboard);
  }

  void switchingToTheKeysInAltHoldMeetsThemAndSaysSo() {
    // Armed in ALT_HOLD on a joystick sending its neutral 0 %: the pilot chooses the keyboard;
    // the throttle moves to the keys' centre at 50 %/s (0.01 a 20 ms period) and the panel says
    // so, then the keys fly (the numbers: PilotInputSourceTest).
    QSettings().setValue(QStringLiteral("fly/stickSource"), int(PilotInputSource::Source::Joystick));
    navigator::joystick::test::SettingsPerFunction joystick_settings;
    joystick_settings.renew();
    JoystickManager joystick(*joystick_settings);
    navigator::joystick::test::VirtualPad pad;
    pad.axis(1, 32767);  // left Y (the throttle on a gamepad's layout) all the way down: idle
    joystick.poll();
    PilotInputSource pilot;
    ManualTickClock clock;
    pilot.setClock(&clock);
    pilot.setJoystick(&joystick);
    PilotInputPanel panel(&joystick, &pilot);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QCOMPARE(pilot.source(), PilotInputSource::Source::Joystick);
    pilot.setVehicleArmed(true);
    pilot.setVehicleThrottleIsClimbRate(true);
    pilot.setEnabled(true);
    QSignalSpy sent(&pilot, &PilotInputSource::manualControl);
    auto throttle = [&] { return int(sent.last().first().value<ManualControlValues>().z); };
    clock.advance(20);
    QCOMPARE(throttle(), 0);  // the pad's throttle at idle: a full-rate descent in ALT_HOLD
    QTest::keyClick(panel.sourceChoice(), Qt::Key_Down);
    QCOMPARE(pilot.source(), PilotInputSource::Source::Keyboard);
    QVERIFY(panel.handoverLabel()->isVisible());
    QVERIFY2(
        panel.handoverLabel()->text().contains(QStringLiteral("moves from 0 % to the keyboard's at 50 % a second")),
        qPrintable(panel.handoverLabel()->text()));
    for (int i = 0; i < 50; ++i) clock.advance(20);
    QCOMPARE(throttle(), 500);
    QVERIFY(panel.handoverLabel()->isHidden());
  }

  void keyboardPageNamesEveryKeyAndOffersTheCentredThrottle() {
    navigator::joystick::test::SettingsPerFunction joystick_settings;
    joystick_settings.renew();
    JoystickManager joystick(*joystick_settings);
    PilotInputSource pilot;
    PilotInputPanel panel(&joystick, &pilot);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QTest::keyClick(panel.sourceChoice(), Qt::Key_Home);
    QTest::keyClick(panel.sourceChoice(), Qt::Key_Down);
    QCOMPARE(pilot.source(), PilotInputSource::Source::Keyboard);
    QString keys;
    for (QLabel* l : panel.findChildren<QLabel*>()) keys += l->text();
    for (const char* key : {"<b>W</b>", "<b>S</b>", "<b>A</b>", "<b>D</b>", "<b>↑</b>", "<b>↓</b>", "<b>←</b>",
                            "<b>→</b>", "yaw left / right", "roll left / right", "pitch forward"})
      QVERIFY2(keys.contains(QString::fromUtf8(key)), key);
    QComboBox* mode = panel.keyboardThrottleChoice();
    QVERIFY(mode->isVisible());
    QCOMPARE(pilot.keyboardThrottle(), KeyboardThrottle::FollowMode);  // the default
    QTest::keyClick(mode, Qt::Key_Home);
    QCOMPARE(pilot.keyboardThrottle(), KeyboardThrottle::FollowMode);
    QTest::keyClick(mode, Qt::Key_Down);
    QCOMPARE(pilot.keyboardThrottle(), KeyboardThrottle::Ramp);
    QTest::keyClick(mode, Qt::Key_Down);
    QCOMPARE(pilot.keyboardThrottle(), KeyboardThrottle::Centred);
    QVERIFY(mode->toolTip().contains(QStringLiteral("25 % a second")));
    QVERIFY(mode->toolTip().contains(QStringLiteral("idle to full in 4 s")));
    // Remembered for the next start.
    PilotInputSource pilot2;
    PilotInputPanel again(&joystick, &pilot2);
    QCOMPARE(pilot2.keyboardThrottle(), KeyboardThrottle::Centred);
  }

 private:
  static void useHeadlessSdl() { navigator::joystick::test::useHeadlessSdl(); }
  QTemporaryDir settings_dir_;
};

QTEST_MAIN(PilotInputPanelTest)
#include "pilot_input_panel_test.moc"
