// JoystickManager against SDL virtual joysticks: device info, the game-controller database's
// defaults, raw values, hot-plug, a vanished device (neutral output and a signal), stored
// calibrations loaded per GUID (and refused when corrupt), button edges, and suppression
// while calibrating.
#include "app/joystick/joystick_manager.h"
#include "virtual_pad.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace navigator::joystick;
using navigator::joystick::test::VirtualPad;

class JoystickManagerTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    navigator::joystick::test::useHeadlessSdl();
    QVERIFY(settings_.isValid());
  }

  void init() { settings_.renew(); }

  void listsAVirtualPadWithItsDatabaseMapping() {
    JoystickManager m(*settings_);
    QVERIFY2(m.initProblems().isEmpty(), qPrintable(m.initProblems().join('\n')));
    QSignalSpy listed(&m, &JoystickManager::devicesChanged);
    VirtualPad pad;
    m.poll();
    QCOMPARE(listed.count(), 1);
    const JoystickDeviceInfo* info = find(m, pad.instanceId());
    QVERIFY(info);
    QCOMPARE(info->axes, 6);
    QCOMPARE(info->buttons, 15);
    QCOMPARE(info->guid.size(), 32);  // SDL_JoystickGetGUIDString: 16 bytes as hex
    QVERIFY(!info->name.isEmpty());
    QVERIFY(info->game_controller);
    QVERIFY(m.selectDevice(pad.instanceId()));
    // No stored calibration: defaults from SDL's game-controller mapping for the pad (start =
    // button 6 and back = 4 in SDL's button order), not the raw xpad guess (7 and 6).
    QCOMPARE(m.calibration().mapping.buttonFor(PilotAction::Arm), 6);
    QCOMPARE(m.calibration().mapping.buttonFor(PilotAction::Disarm), 4);
    QCOMPARE(m.calibration().mapping.axisFor(StickRole::Throttle), 1);
    QCOMPARE(settings_->value("joystick/selected").toString(), info->guid);
  }

  void badMappingsFileIsReported() {
    JoystickManager m(*settings_, "/nonexistent/gamecontrollerdb.txt");
    QVERIFY(m.available());  // the joystick still works with SDL's built-in database
    QCOMPARE(m.initProblems().size(), 1);
    QVERIFY2(m.initProblems().first().contains("Game-controller mappings /nonexistent/gamecontrollerdb.txt not read"),
             qPrintable(m.initProblems().first()));
  }

  void rawValuesAndSticks() {
    JoystickManager m(*settings_);
    VirtualPad pad;
    m.poll();
    QVERIFY(m.selectDevice(pad.instanceId()));
    QSignalSpy raw(&m, &JoystickManager::rawValuesChanged);
    pad.axes({0, -32768, 16384, 0, 0, 0});
    pad.button(3, true);
    m.poll();
    QCOMPARE(raw.count(), 1);
    QCOMPARE(m.rawAxes(), (QList<int>{0, -32768, 16384, 0, 0, 0}));
    QVERIFY(m.rawButtons()[3]);
    m.poll();
    QCOMPARE(raw.count(), 1);  // nothing changed: no signal
    // Defaults: throttle = left Y reversed → 1 at raw -32768; roll = right X, deadband 0.05:
    // x = 16384/32767, (x - 0.05)/0.95.
    QCOMPARE(m.sticks().throttle, 1.0);
    QCOMPARE_LT(std::abs(m.sticks().roll - (16384.0 / 32767.0 - 0.05) / 0.95), 1e-12);
  }

  void hotPlug() {
    JoystickManager m(*settings_);
    m.poll();
    const int before = int(m.devices().size());
    QSignalSpy listed(&m, &JoystickManager::devicesChanged);
    auto a = std::make_unique<VirtualPad>();
    m.poll();
    QCOMPARE(int(m.devices().size()), before + 1);
    VirtualPad b(4, 8, SDL_JOYSTICK_TYPE_FLIGHT_STICK);
    m.poll();
    QCOMPARE(int(m.devices().size()), before + 2);
    QVERIFY(find(m, b.instanceId()));
    QVERIFY(!find(m, b.instanceId())->game_controller);
    a.reset();  // unplugged
    m.poll();
    QCOMPARE(int(m.devices().size()), before + 1);
    QVERIFY(find(m, b.instanceId()));
    QCOMPARE(listed.count(), 3);
  }

  void vanishedDeviceGoesNeutral() {
    JoystickManager m(*settings_);
    auto pad = std::make_unique<VirtualPad>();
    m.poll();
    QVERIFY(m.selectDevice(pad->instanceId()));
    const QString name = m.selectedDevice().name;
    const QString guid = m.selectedDevice().guid;
    pad->axes({20000, -32768, 30000, -30000, 0, 0});  // full throttle, sticks deflected
    m.poll();
    QVERIFY(m.sticks().throttle > 0.99);
    QSignalSpy lost(&m, &JoystickManager::deviceLost);
    pad.reset();
    m.poll();
    QCOMPARE(lost.count(), 1);
    QCOMPARE(lost.first().first().toString(), name);
    QCOMPARE(m.sticks(), PilotSticks{});  // centred, throttle 0
    QCOMPARE(m.selectedDevice().instance_id, -1);
    QVERIFY(m.rawAxes().isEmpty());
    // Plugged back in: the same pad (same GUID) is taken again by itself.
    VirtualPad again;
    m.poll();
    QCOMPARE(m.selectedDevice().instance_id, again.instanceId());
    QCOMPARE(m.selectedDevice().guid, guid);
  }

  void storedCalibrationIsLoadedPerGuid() {
    QString guid;
    {
      JoystickManager m(*settings_);
      VirtualPad pad;
      m.poll();
      QVERIFY(m.selectDevice(pad.instanceId()));
      guid = m.selectedDevice().guid;
      JoystickCalibration c = m.calibration();
      c.axes[2] = {-20000, 100, 20000, 0.2, 0.5, true};
      QCOMPARE(m.setCalibration(c), QString());
      c.axes[1].raw_min = 40000;  // invalid: refused, nothing changes
      QVERIFY(m.setCalibration(c).contains("axis 1: min (40000) is not below max (32767)"));
    }
    // A corrupt value for one axis: refused by key, that axis defaults, the rest loads.
    settings_->setValue("joystick/" + guid + "/axis3/expo", "NaN");
    JoystickManager m(*settings_);
    QSignalSpy problems(&m, &JoystickManager::problem);
    VirtualPad pad;
    m.poll();
    QVERIFY(m.selectDevice(pad.instanceId()));
    QCOMPARE(m.calibration().axes[2], (AxisCalibration{-20000, 100, 20000, 0.2, 0.5, true}));
    QCOMPARE(m.calibration().axes[3], (AxisCalibration{kRawAxisMin, 0, kRawAxisMax, kDefaultStickDeadband, 0.0, true}));
    QStringList texts;
    for (const auto& p : problems) texts << p.first().toString();
    QVERIFY2(texts.join('\n').contains("joystick/" + guid + "/axis3/expo: "), qPrintable(texts.join('\n')));
    QCOMPARE(settings_->value("joystick/" + guid + "/axis3/expo").toString(), QString("NaN"));  // kept
  }

  void buttonsActOnPressEdges() {
    JoystickManager m(*settings_);
    VirtualPad pad;
    pad.button(6, true);  // start (arm) held while the pad is selected: no action
    m.poll();
    QVERIFY(m.selectDevice(pad.instanceId()));
    QSignalSpy actions(&m, &JoystickManager::buttonAction);
    m.poll();
    QCOMPARE(actions.count(), 0);
    pad.button(6, false);
    m.poll();
    pad.button(6, true);
    m.poll();
    m.poll();
    QCOMPARE(actions.count(), 1);
    QCOMPARE(actions.first().first().value<PilotAction>(), PilotAction::Arm);
  }

  void calibratingSuppressesOutput() {
    JoystickManager m(*settings_);
    VirtualPad pad;
    m.poll();
    QVERIFY(m.selectDevice(pad.instanceId()));
    QSignalSpy calibrating(&m, &JoystickManager::calibratingChanged);
    QSignalSpy actions(&m, &JoystickManager::buttonAction);
    QVERIFY(m.beginCalibration());
    QCOMPARE(calibrating.count(), 1);
    pad.axes({30000, -32768, 30000, -30000, 0, 0});
    pad.button(6, true);  // arm pressed while calibrating: the wizard's, not the pilot's
    m.poll();
    QCOMPARE(m.sticks(), PilotSticks{});
    QCOMPARE(actions.count(), 0);
    m.cancelCalibration();
    QCOMPARE(calibrating.count(), 2);
    m.poll();  // still held after calibrating: not a new press
    QCOMPARE(actions.count(), 0);
    QVERIFY(m.sticks().throttle > 0.99);
  }

 private:
  static const JoystickDeviceInfo* find(const JoystickManager& m, int instance_id) {
    static QList<JoystickDeviceInfo> devices;
    devices = m.devices();
    for (const JoystickDeviceInfo& d : devices)
      if (d.instance_id == instance_id) return &d;
    return nullptr;
  }

  navigator::joystick::test::SettingsPerFunction settings_;
};

QTEST_GUILESS_MAIN(JoystickManagerTest)
#include "joystick_manager_test.moc"
