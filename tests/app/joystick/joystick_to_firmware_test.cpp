// End to end: an SDL virtual gamepad, calibrated through the JoystickManager's wizard (centre,
// limits, roles, deadband and expo), then moved through a scripted pattern; PilotInputSource's
// 50 Hz MANUAL_CONTROL values are packed by the MAVLink codec and the frame bytes fed to the
// real firmware's fc_link_handle. The firmware's stick values (fc_t::sticks, where
// fc_set_sticks stores them) must equal the closed forms worked out below.
#include "app/joystick/pilot_input_source.h"
#include "firmware/link/fc_link.h"
#include "virtual_pad.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace navigator::joystick;
using navigator::joystick::test::VirtualPad;

namespace {

// The pad (SDL game-controller layout): 0 left X = yaw, 1 left Y = throttle, 2 right X = roll,
// 3 right Y = pitch, 4/5 triggers. Where each axis rests, and the limits the pilot reaches.
constexpr int kYaw = 0, kThrottle = 1, kRoll = 2, kPitch = 3;
const QList<int> kRest{600, -400, 300, -500, -32768, -32768};
constexpr int kLo[4] = {-31000, -32768, -30000, -29000};
constexpr int kHi[4] = {30000, 32767, 31000, 32000};
// Shaping set in the wizard's review step: (deadband, expo).
constexpr double kRollDeadband = 0.10, kRollExpo = 0.4;
constexpr double kPitchDeadband = 0.05, kPitchExpo = 0.2;
constexpr double kYawDeadband = 0.20, kYawExpo = 0.0;

struct Firmware {
  fc_t fc;
  fc_link_t link;
  mavlink_parser_t parser;
  mavlink_sender_t gcs{255, 190, 0};  // a ground station's ids

  Firmware() {
    fc_mixer_table_t mixer;
    fc_mixer_quad_x(&mixer);
    fc_init(&fc, &mixer);
    fc_link_init(&link, &fc, nullptr, nullptr);
    mavlink_parser_init(&parser);
  }

  // The ground station's values → a MANUAL_CONTROL frame (codec) → the firmware's link.
  void receive(const ManualControlValues& v) {
    std::uint8_t bytes[MAVLINK_MAX_FRAME_LEN];
    const std::size_t n = packManualControl(gcs, std::uint8_t(fc_param(&fc.config.params, FC_PARAM_SYSID)), v, bytes);
    mavlink_parse_all(
        &parser, bytes, n,
        [](void* self, const mavlink_frame_t* f) {
          auto* fw = static_cast<Firmware*>(self);
          fc_link_handle(&fw->link, &fw->fc, f);
        },
        this);
  }
};

// What the firmware stores for a stick value v: MANUAL_CONTROL carries round(1000·v) and
// fc_link divides by 1000 (firmware/link/fc_link.c, axis()).
float onTheWire(double v) { return float(std::lround(v * 1000.0)) / 1000.0f; }

QList<int> moved(int axis, int value) {
  QList<int> a = kRest;
  a[axis] = value;
  return a;
}

// The virtual pad, selected in a JoystickManager, whose PilotInputSource sends every 50 Hz
// period to the firmware.
struct PadRig {
  explicit PadRig(const QString& ini) : settings(ini, QSettings::IniFormat), manager(settings) {}

  void start() {
    manager.poll();
    QVERIFY(manager.selectDevice(pad.instanceId()));
    source.setJoystick(&manager);
    QObject::connect(&source, &PilotInputSource::manualControl, &source, [this](const ManualControlValues& v) {
      fw.receive(v);
      if (manager.calibrating())
        calibrating_max =
            std::max({calibrating_max, std::abs(fw.fc.state.sticks.roll), std::abs(fw.fc.state.sticks.pitch),
                      std::abs(fw.fc.state.sticks.yaw), fw.fc.state.sticks.throttle});
    });
    sent = std::make_unique<QSignalSpy>(&source, &PilotInputSource::manualControl);
    source.setEnabled(true);
  }
  // Sets the pad, lets the manager read it, and waits for the next 50 Hz period to arrive.
  void hold(const QList<int>& axes) {
    for (int i = 0; i < axes.size(); ++i) pad.axis(i, axes[i]);
    manager.poll();
    QVERIFY(sent->wait(200));
  }
  void next() {
    const QString why = manager.calibrationNext();
    QVERIFY2(why.isEmpty(), qPrintable(why));
  }

  QSettings settings;
  JoystickManager manager;
  VirtualPad pad;
  PilotInputSource source;
  Firmware fw;
  float calibrating_max = 0.0f;  // the largest stick the firmware saw while calibrating
  std::unique_ptr<QSignalSpy> sent;
};

// Calibrates through the wizard: centre, limits, then each role by moving its stick, the
// buttons' defaults kept, the shaping set in the review step.
void calibrate(PadRig& rig) {
  QVERIFY(rig.manager.beginCalibration());
  rig.hold(kRest);
  rig.hold(kRest);
  rig.next();
  for (int axis = 0; axis < 4; ++axis) {
    rig.hold(moved(axis, kLo[axis]));
    rig.hold(moved(axis, kHi[axis]));
  }
  rig.hold(kRest);
  rig.next();
  rig.hold(moved(kThrottle, -32768));  // throttle UP: raw negative on a gamepad
  rig.next();
  rig.hold(moved(kRoll, kHi[kRoll]));  // roll RIGHT
  rig.next();
  rig.hold(moved(kPitch, kLo[kPitch]));  // pitch FORWARD (away from the pilot): raw negative
  rig.next();
  rig.hold(moved(kYaw, kHi[kYaw]));  // yaw RIGHT
  rig.next();
  rig.hold(kRest);
  for (int b = 0; b < 5; ++b) rig.next();  // keep the database's button defaults
  QCOMPARE(rig.manager.wizard()->step(), CalibrationWizard::Step::Review);
  QCOMPARE(rig.manager.setCalibrationShaping(StickRole::Roll, kRollDeadband, kRollExpo), QString());
  QCOMPARE(rig.manager.setCalibrationShaping(StickRole::Pitch, kPitchDeadband, kPitchExpo), QString());
  QCOMPARE(rig.manager.setCalibrationShaping(StickRole::Yaw, kYawDeadband, kYawExpo), QString());
  rig.next();
}

// Flies the pattern. Per axis, x = (raw - centre)/(half-range on raw's side), clamped to the
// limits, negated if reversed; past deadband d: y = sign(x)(|x| - d)/(1 - d); expo e:
// (1 - e)y + e·y³. Centres: yaw 600, roll 300, pitch -500. Half-ranges: roll 30,700 up /
// 30,300 down; pitch 32,500 up / 28,500 down (reversed); yaw 29,400 up / 31,600 down.
// Throttle: t = 1 - (raw + 32768)/65535 (full range, reversed).
void flyThePattern(PadRig& rig) {
  struct Row {
    const char* what;
    int yaw, throttle, roll, pitch;
    double e_roll, e_pitch, e_yaw, e_throttle;
  };
  const Row rows[] = {
      // At rest: all sticks centre → 0; throttle 1 - 32368/65535 = 0.5060959...
      {"rest", 600, -400, 300, -500, 0.0, 0.0, 0.0, 1.0 - 32368.0 / 65535.0},
      // Roll x = 16885/30700 = 0.55 → y = 0.45/0.9 = 0.5 → 0.6·0.5 + 0.4·0.125 = 0.35.
      // Pitch raw -12755: x = -12255/28500 = -0.43, reversed +0.43 → y = 0.38/0.95 = 0.4 →
      //   0.8·0.4 + 0.2·0.064 = 0.3328 (FORWARD, nose down: +).
      // Yaw x = 17640/29400 = 0.6 → y = 0.4/0.8 = 0.5, no expo → 0.5.
      // Throttle raw -19661: 1 - 13107/65535 = 0.8.
      {"partial", 18240, -19661, 17185, -12755, 0.35, 0.3328, 0.5, 0.8},
      // Inside the deadbands: roll x = -3030/30300 = -0.1 (d 0.1), yaw x = -4740/31600 =
      // -0.15 (d 0.2), pitch x = 1300/32500 = 0.04 (d 0.05) → all 0. Throttle full up → 1.
      {"deadband", -4140, -32768, -2730, 800, 0.0, 0.0, 0.0, 1.0},
      // Roll x = -24846/30300 = -0.82 → y = -0.72/0.9 = -0.8 → 0.6·-0.8 + 0.4·-0.512 = -0.6848.
      // Pitch raw 25825: x = 26325/32500 = 0.81, reversed -0.81 → y = -0.76/0.95 = -0.8 →
      //   0.8·-0.8 + 0.2·-0.512 = -0.7424 (pulled BACK: -).
      // Yaw x = -29072/31600 = -0.92 → y = -0.72/0.8 = -0.9.
      // Throttle fully down (raw 32767) → 0.
      {"large", -28472, 32767, -24546, 25825, -0.6848, -0.7424, -0.9, 0.0},
      // Beyond the calibrated limits: clamped to them → ±1 (pitch forward +1).
      {"beyond limits", 32767, -32768, 32767, -32768, 1.0, 1.0, 1.0, 1.0},
  };
  for (const Row& r : rows) {
    rig.hold({r.yaw, r.throttle, r.roll, r.pitch, -32768, -32768});
    const fc_sticks_t& s = rig.fw.fc.state.sticks;
    const QByteArray what = QByteArray(r.what);
    QVERIFY2(s.roll == onTheWire(r.e_roll), what + " roll " + QByteArray::number(s.roll));
    QVERIFY2(s.pitch == onTheWire(r.e_pitch), what + " pitch " + QByteArray::number(s.pitch));
    QVERIFY2(s.yaw == onTheWire(r.e_yaw), what + " yaw " + QByteArray::number(s.yaw));
    QVERIFY2(s.throttle == onTheWire(r.e_throttle), what + " throttle " + QByteArray::number(s.throttle));
  }
  QCOMPARE(rig.fw.fc.state.sticks.pitch, 1.0f);
}

}  // namespace

class JoystickToFirmwareTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    navigator::joystick::test::useHeadlessSdl();
    QVERIFY(dir_.isValid());
  }

  void calibratedPadFliesTheFirmware() {
    PadRig rig(dir_.filePath("joystick.ini"));
    rig.start();
    if (QTest::currentTestFailed()) return;

    calibrate(rig);
    if (QTest::currentTestFailed()) return;
    QVERIFY(!rig.manager.calibrating());
    // Every stick went to its limits during calibration, yet the firmware saw only neutral.
    QCOMPARE(rig.calibrating_max, 0.0f);
    QVERIFY(rig.fw.link.manual_controls_in >= 16);  // at least one frame per hold() above
    QCOMPARE(rig.manager.calibration().mapping.axis, (std::array<int, 4>{kRoll, kPitch, kYaw, kThrottle}));

    flyThePattern(rig);
    if (QTest::currentTestFailed()) return;

    // The pad vanishes: the firmware gets sticks centred and throttle 0 at once.
    QSignalSpy lost(&rig.manager, &JoystickManager::deviceLost);
    rig.pad.detach();
    rig.manager.poll();
    QCOMPARE(lost.count(), 1);
    QVERIFY(rig.sent->wait(200));
    QCOMPARE(rig.fw.fc.state.sticks.roll, 0.0f);
    QCOMPARE(rig.fw.fc.state.sticks.pitch, 0.0f);
    QCOMPARE(rig.fw.fc.state.sticks.yaw, 0.0f);
    QCOMPARE(rig.fw.fc.state.sticks.throttle, 0.0f);
  }

 private:
  QTemporaryDir dir_;
};

QTEST_GUILESS_MAIN(JoystickToFirmwareTest)
#include "joystick_to_firmware_test.moc"
