// Mapping of raw axes/buttons to pilot roles: validation, the Mode-2 gamepad defaults and
// their sign conventions, sticksFromRaw, and button press edges.
#include "app/joystick/joystick_mapping.h"

#include <QtTest>

using namespace navigator::joystick;

class JoystickMappingTest : public QObject {
  Q_OBJECT

 private slots:
  void validationNamesRoleAndIndex() {
    JoystickMapping m;
    m.axis = {0, 7, 0, -1};         // pitch on a missing axis, yaw shares roll's axis
    m.button = {3, 3, -1, -1, 12};  // disarm shares arm's button, alt_hold missing
    const QStringList p = validate(m, 4, 10);
    QCOMPARE(p.size(), 4);
    QVERIFY2(p.contains("pitch: axis 7 does not exist (the device has 4 axes)"), qPrintable(p.join('|')));
    QVERIFY2(p.contains("yaw: axis 0 is already roll"), qPrintable(p.join('|')));
    QVERIFY2(p.contains("disarm: button 3 is already arm"), qPrintable(p.join('|')));
    QVERIFY2(p.contains("alt_hold: button 12 does not exist (the device has 10 buttons)"), qPrintable(p.join('|')));
    QVERIFY(validate(JoystickMapping{}, 0, 0).isEmpty());  // nothing mapped is valid
  }

  void modesAgreeWithTheFirmware() {
    // vayu_mode_t (firmware/core/flight.h): ACRO 0, ANGLE 1, ALT_HOLD 2. (The firmware test
    // checks this against the C enum itself.)
    QCOMPARE(firmwareMode(PilotAction::ModeAcro), 0);
    QCOMPARE(firmwareMode(PilotAction::ModeAngle), 1);
    QCOMPARE(firmwareMode(PilotAction::ModeAltHold), 2);
    QCOMPARE(firmwareMode(PilotAction::Arm), -1);
  }

  void gamepadDefaultsAreMode2() {
    const JoystickCalibration c = defaultCalibration(6, 11, GamepadLayout::rawDefault());
    QCOMPARE(c.axes.size(), 6);
    QCOMPARE(c.mapping.axisFor(StickRole::Yaw), 0);         // left X
    QCOMPARE(c.mapping.axisFor(StickRole::Throttle), 1);    // left Y
    QCOMPARE(c.mapping.axisFor(StickRole::Roll), 2);        // right X
    QCOMPARE(c.mapping.axisFor(StickRole::Pitch), 3);       // right Y
    QCOMPARE(c.mapping.buttonFor(PilotAction::Arm), 7);     // start
    QCOMPARE(c.mapping.buttonFor(PilotAction::Disarm), 6);  // back
    QVERIFY(validate(c.mapping, 6, 11).isEmpty());
    // SDL: stick pushed forward / up is raw NEGATIVE. Right stick fully forward (raw -32768)
    // → pitch +1 (forward, nose down); left stick fully up → throttle 1; released → 0.5.
    QList<int> raw{0, -32768, 0, -32768, 0, 0};
    PilotSticks s = sticksFromRaw(c, raw);
    QCOMPARE(s.pitch, 1.0);
    QCOMPARE(s.throttle, 1.0);
    raw = {32767, 0, 32767, 32767, 0, 0};  // yaw right, roll right, pitch pulled back
    s = sticksFromRaw(c, raw);
    QCOMPARE(s.yaw, 1.0);
    QCOMPARE(s.roll, 1.0);
    QCOMPARE(s.pitch, -1.0);
    QCOMPARE_LT(std::abs(s.throttle - 32767.0 / 65535.0), 1e-12);  // (32767 - 0)/(65535) reversed
    // A tiny drift stays inside the default deadband.
    QCOMPARE(sticksFromRaw(c, {1000, 0, -1000, 1500, 0, 0}).roll, 0.0);
  }

  void defaultsSkipWhatTheDeviceLacks() {
    const JoystickCalibration c = defaultCalibration(2, 4, GamepadLayout::rawDefault());
    QCOMPARE(c.mapping.axisFor(StickRole::Roll), -1);
    QCOMPARE(c.mapping.buttonFor(PilotAction::Arm), -1);
    QVERIFY(validate(c.mapping, 2, 4).isEmpty());
    QCOMPARE(sticksFromRaw(c, {0, 0}).roll, 0.0);
  }

  void missingRawAxesAreNeutral() {
    const JoystickCalibration c = defaultCalibration(4, 0, GamepadLayout::rawDefault());
    QCOMPARE(sticksFromRaw(c, {}), PilotSticks{});
  }

  void buttonsActOnPressEdgeOnly() {
    JoystickMapping m;
    m.button[std::size_t(PilotAction::Arm)] = 1;
    m.button[std::size_t(PilotAction::ModeAngle)] = 2;
    ButtonEdgeDetector d;
    d.reset({false, false, true});  // button 2 already held: it must not fire
    QCOMPARE(d.update({false, false, true}, m), QList<PilotAction>{});
    QCOMPARE(d.update({false, true, true}, m), QList<PilotAction>{PilotAction::Arm});  // press
    QCOMPARE(d.update({false, true, true}, m), QList<PilotAction>{});                  // held
    QCOMPARE(d.update({false, false, false}, m), QList<PilotAction>{});                // release
    QCOMPARE(d.update({true, true, true}, m), (QList<PilotAction>{PilotAction::Arm, PilotAction::ModeAngle}));
  }

  void unseenButtonDoesNotFire() {
    JoystickMapping m;
    m.button[std::size_t(PilotAction::Disarm)] = 0;
    ButtonEdgeDetector d;  // never reset: the first sight of a held button is not a press
    QCOMPARE(d.update({true}, m), QList<PilotAction>{});
    QCOMPARE(d.update({false}, m), QList<PilotAction>{});
    QCOMPARE(d.update({true}, m), QList<PilotAction>{PilotAction::Disarm});
  }
};

QTEST_GUILESS_MAIN(JoystickMappingTest)
#include "joystick_mapping_test.moc"
