// PilotInputSource: a steady 50 Hz MANUAL_CONTROL stream whatever the source, keyboard and
// virtual sticks, joystick button actions on press edges only, and neutral output (no
// actions) while the joystick calibrates or after it vanished.
#include "app/clock/tick_clock.h"
#include "app/joystick/pilot_input_source.h"
#include "tests/app/joystick/virtual_pad.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace navigator::joystick;
using navigator::ManualTickClock;
using navigator::SteadyTickClock;
using navigator::joystick::test::VirtualPad;

class PilotInputSourceTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    navigator::joystick::test::useHeadlessSdl();
    QVERIFY(settings_.isValid());
  }

  void init() { settings_.renew(); }

  void oneFramePerPeriodWhileEnabled() {
    // Nothing changes (no joystick at all): the stream still sends a frame every period, and
    // nothing while disabled. The periods come from a clock the test drives.
    PilotInputSource source;
    ManualTickClock clock;
    source.setClock(&clock);
    QSignalSpy sent(&source, &PilotInputSource::manualControl);
    clock.advance(20);
    QCOMPARE(sent.count(), 0);  // not enabled yet
    source.setEnabled(true);
    for (int i = 0; i < 50; ++i) clock.advance(1000 / PilotInputSource::kRateHz);
    QCOMPARE(sent.count(), 50);  // one second: kRateHz frames
    for (const auto& frame : sent)
      QCOMPARE(frame.first().value<ManualControlValues>(), ManualControlValues{});  // neutral
    source.setEnabled(false);
    clock.advance(20);
    QCOMPARE(sent.count(), 50);  // disabled: silent
  }

  void theRealClockIsAPreciseFiftyHertzTimer() {
    // What the stream runs on without a test's clock: the monotonic clock and a precise timer
    // of 1000 / kRateHz = 20 ms, running only while the source is enabled.
    SteadyTickClock clock(1000 / PilotInputSource::kRateHz);
    QCOMPARE(clock.periodMs(), 20);
    QVERIFY(!clock.running());
    PilotInputSource source;
    source.setClock(&clock);
    source.setEnabled(true);
    QVERIFY(clock.running());
    QSignalSpy sent(&source, &PilotInputSource::manualControl);
    QVERIFY(sent.wait(1000));  // it does tick
    source.setEnabled(false);
    QVERIFY(!clock.running());
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
    ManualTickClock clock;
    source.setClock(&clock);
    source.setSource(PilotInputSource::Source::Keyboard);
    QVERIFY(source.keyEvent(Qt::Key_W, true));
    QVERIFY(source.keyEvent(Qt::Key_Left, true));
    QVERIFY(!source.keyEvent(Qt::Key_F1, true));
    QSignalSpy sent(&source, &PilotInputSource::manualControl);
    source.setEnabled(true);
    for (int i = 0; i < 50; ++i) clock.advance(20);  // 1 s of W
    source.keyEvent(Qt::Key_W, false);
    source.keyEvent(Qt::Key_W, true, /*auto_repeat=*/true);  // an auto-repeat changes nothing
    clock.advance(20);
    const ManualControlValues held = sent.last().first().value<ManualControlValues>();
    // 1 s of W at kKeyboardThrottleRate (0.25/s): 0.25, sent ·1000.
    QCOMPARE(int(held.z), 250);
    QCOMPARE(int(held.y), -500);  // Left: roll left at kKeyboardDeflection
    for (int i = 0; i < 10; ++i) clock.advance(20);
    QCOMPARE(sent.last().first().value<ManualControlValues>().z, held.z);  // released: holds
    // A stalled period (a busy GUI) counts as at most 0.1 s, so the throttle never jumps.
    source.keyEvent(Qt::Key_W, true);
    clock.advance(5000);
    QCOMPARE(int(sent.last().first().value<ManualControlValues>().z), 275);
  }

  void armedSourceSwitchHoldsTheThrottle() {
    // Seen before: switching from the keyboard to another source in flight dropped the throttle
    // to that source's 0 and the motors dipped. Armed, the throttle is held at the last value
    // sent until the new source's comes within kThrottlePickup (3 %) of it or crosses it; the
    // other axes move over at kDirectionSlew_per_s (2/s).
    PilotInputSource source;
    ManualTickClock clock;
    source.setClock(&clock);
    source.setSource(PilotInputSource::Source::Keyboard);
    source.setVehicleArmed(true);
    source.setEnabled(true);
    QSignalSpy sent(&source, &PilotInputSource::manualControl);
    QSignalSpy hold(&source, &PilotInputSource::throttleHoldChanged);
    auto last = [&] { return sent.last().first().value<ManualControlValues>(); };
    source.keyEvent(Qt::Key_W, true);
    for (int i = 0; i < 100; ++i) clock.advance(20);  // 2 s of W: 0.5
    source.keyEvent(Qt::Key_W, false);
    source.keyEvent(Qt::Key_Left, true);  // rolling left at -0.5 when the switch comes
    clock.advance(20);
    QCOMPARE(int(last().z), 500);
    QCOMPARE(int(last().y), -500);

    source.setVirtualSticks(0, 0, 0, 0);  // the on-screen throttle sits at 0
    source.setSource(PilotInputSource::Source::VirtualSticks);
    QCOMPARE(hold.count(), 1);
    QCOMPARE(hold.last().first().toBool(), true);
    QVERIFY(source.throttleHeld());
    QCOMPARE(source.heldThrottle(), 0.5);
    clock.advance(20);
    QCOMPARE(int(last().z), 500);                    // held, not 0
    QCOMPARE(int(last().y), -460);                   // -0.5 + 2/s · 0.02 s
    for (int i = 0; i < 12; ++i) clock.advance(20);  // 0.26 s in all: roll has come to 0
    QCOMPARE(int(last().y), 0);
    source.setVirtualSticks(0, 0, 0, 0.3);  // still 0.2 short of the held 0.5
    for (int i = 0; i < 50; ++i) clock.advance(20);
    QCOMPARE(int(last().z), 500);
    QVERIFY(source.throttleHeld());
    source.setVirtualSticks(0, 0, 0, 0.48);  // within 3 %: picked up, and followed from now on
    clock.advance(20);
    QCOMPARE(int(last().z), 480);
    QVERIFY(!source.throttleHeld());
    QCOMPARE(hold.count(), 2);
    QCOMPARE(hold.last().first().toBool(), false);
    source.setVirtualSticks(0, 0, 0, 0.2);
    clock.advance(20);
    QCOMPARE(int(last().z), 200);

    // Crossing the held value picks it up too (a stick moved fast past it between periods).
    source.setSource(PilotInputSource::Source::Keyboard);  // the keyboard takes over at 0.2: no hold
    clock.advance(20);
    QCOMPARE(int(last().z), 200);
    QVERIFY(!source.throttleHeld());
    source.setVirtualSticks(0, 0, 0, 0.9);
    source.setSource(PilotInputSource::Source::VirtualSticks);
    clock.advance(20);
    QCOMPARE(int(last().z), 200);           // held: 0.9 is above
    source.setVirtualSticks(0, 0, 0, 0.1);  // now below: it went past 0.2
    clock.advance(20);
    QCOMPARE(int(last().z), 100);

    // Disarmed, a switch takes the new source at once (nothing can dip on the ground).
    source.setVehicleArmed(false);
    source.setSource(PilotInputSource::Source::Joystick);  // no joystick: neutral
    clock.advance(20);
    QCOMPARE(last(), ManualControlValues{});
  }

  void armedKeyboardModeChangeMeetsTheCentre() {
    // Ramp → Centred while armed: the centred keys rest at 0.5 and cannot come to the ramped
    // 0.3, so the throttle moves to them at kThrottleSlew_per_s (0.5/s: 0.01 a 20 ms period);
    // Centred → Ramp takes over the throttle where it is.
    PilotInputSource source;
    ManualTickClock clock;
    source.setClock(&clock);
    source.setSource(PilotInputSource::Source::Keyboard);
    source.setVehicleArmed(true);
    source.setEnabled(true);
    QSignalSpy sent(&source, &PilotInputSource::manualControl);
    auto throttle = [&] { return int(sent.last().first().value<ManualControlValues>().z); };
    source.keyEvent(Qt::Key_W, true);
    for (int i = 0; i < 60; ++i) clock.advance(20);  // 1.2 s: 0.3
    source.keyEvent(Qt::Key_W, false);
    clock.advance(20);
    QCOMPARE(throttle(), 300);
    source.setKeyboardThrottle(KeyboardThrottle::Centred);
    QVERIFY(source.throttleSlews());
    for (int i = 0; i < 10; ++i) clock.advance(20);
    QCOMPARE(throttle(), 400);  // 0.3 + 10 × 0.01
    QVERIFY(source.throttleHeld());
    for (int i = 0; i < 10; ++i) clock.advance(20);
    QCOMPARE(throttle(), 500);  // met after 20 periods (0.2 / 0.01)
    QVERIFY(!source.throttleHeld());
    source.keyEvent(Qt::Key_S, true);  // followed from now on: 0.5 − 0.25
    clock.advance(20);
    QCOMPARE(throttle(), 250);
    source.keyEvent(Qt::Key_S, false);
    clock.advance(20);
    QCOMPARE(throttle(), 500);  // centred
    source.setKeyboardThrottle(KeyboardThrottle::Ramp);
    clock.advance(20);
    QCOMPARE(throttle(), 500);  // the ramp starts where the throttle was
    QVERIFY(!source.throttleHeld());
  }

  void armedSwitchToTheKeysInAltHoldMeetsThem() {
    // Seen before: armed in ALT_HOLD on a joystick that was not there (neutral: throttle 0, a
    // full-rate descent), a switch to the keyboard held 0 % for over a minute — the centred keys
    // never come to 0. Now the throttle moves from 0 to the keys' centre at kThrottleSlew_per_s
    // (0.5/s, 0.01 a 20 ms period): 0.5 reached in 50 periods, then the keys are followed.
    PilotInputSource source;
    ManualTickClock clock;
    source.setClock(&clock);
    source.setVehicleArmed(true);
    source.setVehicleThrottleIsClimbRate(true);  // ALT_HOLD
    source.setEnabled(true);
    QSignalSpy sent(&source, &PilotInputSource::manualControl);
    QSignalSpy hold(&source, &PilotInputSource::throttleHoldChanged);
    auto throttle = [&] { return int(sent.last().first().value<ManualControlValues>().z); };
    clock.advance(20);
    QCOMPARE(throttle(), 0);  // the absent joystick's neutral
    source.setSource(PilotInputSource::Source::Keyboard);
    QCOMPARE(source.keyboardThrottleInForce(), KeyboardThrottle::Centred);
    QVERIFY(source.throttleSlews());
    QCOMPARE(hold.count(), 1);
    for (int i = 0; i < 25; ++i) clock.advance(20);
    QCOMPARE(throttle(), 250);  // half-way after 0.5 s
    for (int i = 0; i < 24; ++i) clock.advance(20);
    QCOMPARE(throttle(), 490);
    QVERIFY(source.throttleHeld());
    clock.advance(20);
    QCOMPARE(throttle(), 500);  // the 50th period: met
    QVERIFY(!source.throttleHeld());
    QCOMPARE(hold.count(), 2);
    source.keyEvent(Qt::Key_W, true);  // the keys now fly: climb at half stick
    clock.advance(20);
    QCOMPARE(throttle(), 750);
    // W held during the hand-over: the throttle moves to the keys' 0.75 instead, at the same rate.
    source.keyEvent(Qt::Key_W, false);
    clock.advance(20);
    QCOMPARE(throttle(), 500);
    source.setSource(PilotInputSource::Source::Joystick);
    source.setSource(PilotInputSource::Source::Keyboard);  // held at the 0.5 last sent
    source.keyEvent(Qt::Key_W, true);
    for (int i = 0; i < 24; ++i) clock.advance(20);
    QCOMPARE(throttle(), 740);
    clock.advance(20);
    QCOMPARE(throttle(), 750);
    QVERIFY(!source.throttleHeld());
  }

  void keyboardThrottleFollowsTheFlightModeWithoutAJump() {
    // Seen before: S held in ALT_HOLD to descend, then ANGLE chosen, put the throttle at a stored
    // ramp value (0 %: a fall from 324 m). By default the keys follow the mode: centred in
    // ALT_HOLD (the stick is a climb rate, firmware/core/stage_setpoints.c), ramping in ANGLE
    // (the stick is thrust) from the thrust the vehicle reports (VFR_HUD.throttle).
    PilotInputSource source;
    ManualTickClock clock;
    source.setClock(&clock);
    source.setSource(PilotInputSource::Source::Keyboard);
    QCOMPARE(source.keyboardThrottle(), KeyboardThrottle::FollowMode);
    source.setVehicleArmed(true);
    source.setVehicleThrottleIsClimbRate(true);  // ALT_HOLD
    source.setVehicleThrust(0.42);
    source.setEnabled(true);
    QSignalSpy sent(&source, &PilotInputSource::manualControl);
    auto throttle = [&] { return int(sent.last().first().value<ManualControlValues>().z); };
    clock.advance(20);
    QCOMPARE(source.keyboardThrottleInForce(), KeyboardThrottle::Centred);
    QCOMPARE(throttle(), 500);  // centre: hold the height
    source.keyEvent(Qt::Key_S, true);
    for (int i = 0; i < 150; ++i) clock.advance(20);  // 3 s of descent at half stick
    QCOMPARE(throttle(), 250);                        // 0.5 − kKeyboardDeflection / 2
    // ANGLE chosen with S still held: on from the 38 % put out now, down at 25 %/s.
    source.setVehicleThrust(0.38);
    source.setVehicleThrottleIsClimbRate(false);
    QCOMPARE(source.keyboardThrottleInForce(), KeyboardThrottle::Ramp);
    clock.advance(20);
    QCOMPARE(throttle(), 375);  // 0.38 − 0.25 × 0.02
    source.keyEvent(Qt::Key_S, false);
    clock.advance(20);
    QCOMPARE(throttle(), 375);  // stays where left
    // Back to ALT_HOLD: the centre, which holds the height — not the ramp's 37.5 % (a descent).
    source.setVehicleThrottleIsClimbRate(true);
    clock.advance(20);
    QCOMPARE(throttle(), 500);
    // A user's fixed Ramp still does not jump: in ALT_HOLD its ramp restarts at the centre.
    source.setKeyboardThrottle(KeyboardThrottle::Ramp);
    clock.advance(20);
    QCOMPARE(throttle(), 500);
    source.setVehicleThrust(0.40);
    source.setVehicleThrottleIsClimbRate(false);
    clock.advance(20);
    QCOMPARE(throttle(), 400);
    // On the ground a thrust mode starts at zero (arming wants the throttle low).
    source.setVehicleArmed(false);
    source.setVehicleThrottleIsClimbRate(true);
    source.setVehicleThrottleIsClimbRate(false);
    clock.advance(20);
    QCOMPARE(throttle(), 0);
  }

  void joystickButtonsAndSuppression() {
    // The pad is polled and the stream's clock advanced by the test, a 20 ms period at a time:
    // no verdict waits on the wall clock.
    JoystickManager m(*settings_);
    VirtualPad pad;
    m.poll();
    QVERIFY(m.selectDevice(pad.instanceId()));
    ManualTickClock clock;
    PilotInputSource source;
    source.setClock(&clock);
    source.setJoystick(&m);
    source.setEnabled(true);
    QSignalSpy arm(&source, &PilotInputSource::armRequested);
    QSignalSpy disarm(&source, &PilotInputSource::disarmRequested);
    QSignalSpy mode(&source, &PilotInputSource::modeRequested);
    QSignalSpy sent(&source, &PilotInputSource::manualControl);
    auto period = [&] {
      m.poll();
      clock.advance(1000 / PilotInputSource::kRateHz);
    };

    pad.button(6, true);  // start = arm (SDL's game-controller order)
    period();
    QCOMPARE(arm.count(), 1);
    for (int i = 0; i < 10; ++i) period();  // held for 200 ms: no repeat
    QCOMPARE(arm.count(), 1);
    pad.button(6, false);
    pad.button(0, true);  // A = ANGLE
    period();
    QCOMPARE(mode.count(), 1);
    QCOMPARE(mode.first().first().toInt(), 1);  // vayu_mode_t VAYU_MODE_ANGLE
    pad.button(0, false);
    period();

    // Calibrating: sticks deflected and buttons pressed give a neutral stream and no actions.
    QVERIFY(m.beginCalibration());
    pad.axes({30000, -32768, 30000, -30000, 0, 0});
    pad.button(4, true);  // back = disarm
    for (int i = 0; i < 10; ++i) period();
    QCOMPARE(sent.last().first().value<ManualControlValues>(), ManualControlValues{});
    QCOMPARE(disarm.count(), 0);
    m.cancelCalibration();
    period();
    QCOMPARE(sent.last().first().value<ManualControlValues>().z, std::int16_t(1000));  // flying again
    QCOMPARE(disarm.count(), 0);  // held through the end of calibrating: not a press

    // Another source: the joystick's buttons no longer act.
    source.setSource(PilotInputSource::Source::Keyboard);
    pad.button(4, false);
    period();
    pad.button(4, true);
    for (int i = 0; i < 5; ++i) period();
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
  navigator::joystick::test::SettingsPerFunction settings_;
};

QTEST_GUILESS_MAIN(PilotInputSourceTest)
#include "pilot_input_source_test.moc"
