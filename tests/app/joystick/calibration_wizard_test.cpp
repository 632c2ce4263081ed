// CalibrationWizard on scripted raw values: a 6-axis, 11-button pad (xpad layout: left X/Y,
// right X/Y, two triggers resting at -32768) calibrated step by step; refusals that keep
// the step; the resulting calibration checked field by field.
#include "app/joystick/calibration_wizard.h"

#include <QtTest>

using namespace navigator::joystick;
using Step = CalibrationWizard::Step;

namespace {

constexpr int kAxes = 6, kButtons = 11;
const QList<int> kRest{100, -200, 50, 300, -32768, -32768};  // where the sticks rest
const QList<bool> kNone(kButtons, false);

QList<int> with(int axis, int value) {
  QList<int> a = kRest;
  a[axis] = value;
  return a;
}

QList<bool> pressed(std::initializer_list<int> buttons) {
  QList<bool> b = kNone;
  for (int i : buttons) b[i] = true;
  return b;
}

// Centre: rest ±2 of noise; the mean is the centre. Range: nothing moved yet → refused; then
// each stick to both limits.
void centreAndRange(CalibrationWizard& w) {
  for (int i = 0; i < 20; ++i) {
    QList<int> a = kRest;
    for (int k = 0; k < 4; ++k) a[k] += (i % 2 ? 2 : -2);
    w.feed(a, kNone);
  }
  QCOMPARE(w.next(), QString());
  QCOMPARE(w.step(), Step::Range);
  QCOMPARE(w.result().axes[1].raw_centre, -200);

  w.feed(kRest, kNone);
  QVERIFY(w.next().contains("No stick moved"));
  const int lo[4] = {-32000, -32768, -31000, -30000}, hi[4] = {32000, 32767, 31500, 29000};
  for (int k = 0; k < 4; ++k) {
    w.feed(with(k, lo[k]), kNone);
    w.feed(with(k, hi[k]), kNone);
  }
  QCOMPARE(w.next(), QString());
  QCOMPARE(w.step(), Step::Throttle);
  QCOMPARE(w.result().axes[2].raw_min, -31000);
  QCOMPARE(w.result().axes[2].raw_max, 31500);
  QCOMPARE(w.result().axes[4].raw_min, kRawAxisMin);  // trigger untouched: full range
  QCOMPARE(w.result().axes[4].raw_max, kRawAxisMax);
}

// The roles, each by moving its stick.
void sticks(CalibrationWizard& w) {
  // Throttle: left stick up = raw negative on a gamepad → axis 1, reversed.
  w.feed(kRest, kNone);
  QVERIFY(w.next().contains("No unused stick moved far enough"));
  QCOMPARE(w.step(), Step::Throttle);
  w.feed(with(1, -10000), kNone);  // 0.3 of the half-range: not yet enough
  QCOMPARE(w.candidateAxis(), -1);
  w.feed(with(1, -30000), kNone);
  bool reversed = false;
  QCOMPARE(w.candidateAxis(&reversed), 1);
  QVERIFY(reversed);
  QCOMPARE(w.next(), QString());

  // Roll: right stick right; the throttle axis moving further is not a candidate any more.
  w.feed(with(1, 32767), kNone);
  w.feed(with(2, 25000), kNone);
  QCOMPARE(w.candidateAxis(&reversed), 2);
  QVERIFY(!reversed);
  QCOMPARE(w.next(), QString());
  // Pitch: right stick forward = raw negative → axis 3 reversed.
  w.feed(with(3, -29000), kNone);
  QCOMPARE(w.next(), QString());
  // Yaw: left stick right.
  w.feed(with(0, 30000), kNone);
  QCOMPARE(w.next(), QString());
  QCOMPARE(w.step(), Step::Arm);
}

// Buttons: 7 held as the step starts is not a choice; 9 pressed is. Then the review's shaping.
void buttonsAndReview(CalibrationWizard& w) {
  w.feed(kRest, pressed({7}));
  w.feed(kRest, pressed({7}));
  QCOMPARE(w.step(), Step::Arm);
  w.feed(kRest, pressed({7, 9}));
  QCOMPARE(w.step(), Step::Disarm);
  w.feed(kRest, pressed({9}));  // still held from Arm: ignored
  w.feed(kRest, pressed({6}));
  QCOMPARE(w.step(), Step::Acro);
  QCOMPARE(w.next(), QString());  // keeps the default X (button 2)
  QCOMPARE(w.result().mapping.buttonFor(PilotAction::ModeAcro), 2);
  w.feed(kRest, kNone);
  w.feed(kRest, pressed({2}));  // ANGLE takes button 2 from ACRO
  QCOMPARE(w.step(), Step::AltHold);
  QCOMPARE(w.next(), QString());
  QCOMPARE(w.step(), Step::Review);

  QVERIFY(w.setShaping(StickRole::Roll, 0.7, 0.1).contains("deadband 0.7 is outside"));
  QVERIFY(w.setShaping(StickRole::Roll, 0.1, std::nan("")).contains("expo nan is outside"));
  QCOMPARE(w.setShaping(StickRole::Roll, 0.1, 0.3), QString());
  QCOMPARE(w.next(), QString());
  QCOMPARE(w.step(), Step::Done);
}

}  // namespace

class CalibrationWizardTest : public QObject {
  Q_OBJECT

 private slots:
  void fullRun() {
    CalibrationWizard w(kAxes, kButtons, defaultCalibration(kAxes, kButtons, GamepadLayout::rawDefault()));
    QCOMPARE(w.step(), Step::Centre);
    QVERIFY(!w.next().isEmpty());  // no samples yet
    centreAndRange(w);
    if (QTest::currentTestFailed()) return;
    sticks(w);
    if (QTest::currentTestFailed()) return;
    buttonsAndReview(w);
    if (QTest::currentTestFailed()) return;

    const JoystickCalibration& c = w.result();
    QCOMPARE(c.mapping.axis, (std::array<int, 4>{2, 3, 0, 1}));  // roll, pitch, yaw, throttle
    QCOMPARE(c.mapping.button, (std::array<int, 5>{9, 6, -1, 2, 3}));
    QCOMPARE(c.axes[2], (AxisCalibration{-31000, 50, 31500, 0.1, 0.3, false}));
    QCOMPARE(c.axes[3].reversed, true);
    QCOMPARE(c.axes[3].deadband, kDefaultStickDeadband);  // carried over from the previous
    QCOMPARE(c.axes[0].reversed, false);
    QCOMPARE(c.axes[1].reversed, true);
    // The result flies as calibrated: roll stick at 15,775 raw = halfway from centre 50 to
    // 31,500 → x = 0.5; deadband 0.1 → (0.5 - 0.1)/0.9 = 4/9; expo 0.3 →
    // 0.7·4/9 + 0.3·(4/9)³.
    const double x = 4.0 / 9.0;
    QCOMPARE_LT(std::abs(sticksFromRaw(c, with(2, 15775)).roll - (0.7 * x + 0.3 * x * x * x)), 1e-12);
    // Pitch forward (raw below centre) is +.
    QVERIFY(sticksFromRaw(c, with(3, -29000)).pitch > 0.9);
    QVERIFY(!w.next().isEmpty());  // already finished
  }

  void centreThatWandersIsRefused() {
    CalibrationWizard w(kAxes, kButtons, defaultCalibration(kAxes, kButtons, GamepadLayout::rawDefault()));
    w.feed(kRest, kNone);
    w.feed(with(2, 20000), kNone);  // (20000 - 50)/65535 = 30 % of the range
    const QString why = w.next();
    QVERIFY2(why.contains("Axis 2 moved while centring (30 %"), qPrintable(why));
    QCOMPARE(w.step(), Step::Centre);
    w.feed(kRest, kNone);  // the samples started afresh
    QCOMPARE(w.next(), QString());
    QCOMPARE(w.result().axes[2].raw_centre, 50);
  }

  void shortSamplesAreIgnored() {
    CalibrationWizard w(kAxes, kButtons, defaultCalibration(kAxes, kButtons, GamepadLayout::rawDefault()));
    w.feed({1, 2}, kNone);  // fewer axes than the device has: not a sample
    QVERIFY(!w.next().isEmpty());
  }

  void everyStepHasText() {
    for (int s = 0; s < CalibrationWizard::kStepCount; ++s) QVERIFY(!CalibrationWizard::title(Step(s)).isEmpty());
  }
};

QTEST_GUILESS_MAIN(CalibrationWizardTest)
#include "calibration_wizard_test.moc"
