// "Hold by hand…" in the flight panel's SITL box as a user meets it, with the real SITL firmware:
// refused while the vehicle is armed (and the panel says why), then, disarmed, the vehicle held
// on its right side and turned slowly — what the firmware's own IMU report (HIGHRES_IMU) shows —
// and let go. This test's settings live in a file of its own. Needs a display and vayu_sitl.
#include "app/joystick/joystick_manager.h"
#include "app/ui/fly_page.h"
#include "app/ui/main_window.h"
#include "tests/app/joystick/virtual_pad.h"
#include "tests/app/ui/arm_from_panel.h"
#include "tests/support/widget_lookup.h"
#include "widgets/flight_panel.h"

#include <QApplication>
#include <QMenu>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <cmath>
#include <functional>

using navigator::joystick::test::VirtualPad;
using navigator::test::only;
using navigator::test::part;

namespace {

const QString kBin = QStringLiteral(NAVIGATOR_BIN_DIR);
const QString kShipped = kBin + QStringLiteral("/../share/navigator/airframes/");
constexpr int kThrottleAxis = 1;  // left stick Y on a game controller (SDL's standard mapping)
constexpr double g = 9.80665;

navigator::SitlSessionOptions sitlOptions(const QTemporaryDir& dir) {
  navigator::SitlSessionOptions options;
  options.gcs_port = 0;  // any free port: ctest may run another station at the same time
  options.firmware_executable = kBin + "/vayu_sitl";
  options.params_file = dir.filePath("vayu_params.txt");
  return options;
}

// Opens the hand's menu with a click on its button and, in the popup, clicks `text` — or, when
// that entry is disabled, reports so and closes the menu with Escape. Returns whether it was
// enabled. (The button's menu runs its own event loop: the popup is handled from a timer.)
bool choose(QPushButton* hand, const QString& text) {
  bool enabled = false, seen = false;
  int tries = 0;
  std::function<void()> act = [&] {
    auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
    if (!menu || !menu->isVisible()) {
      if (++tries < 250) QTimer::singleShot(20, act);  // the popup within 5 s, or the click returned
      return;
    }
    for (QAction* a : menu->actions())
      if (a->text() == text) {
        seen = true;
        enabled = a->isEnabled();
        if (enabled) {
          QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(a).center());
          return;
        }
      }
    QTest::keyClick(menu, Qt::Key_Escape);
  };
  QTimer::singleShot(20, act);
  QTest::mouseClick(hand, Qt::LeftButton);
  if (!seen) qWarning("no entry '%s' in the hand's menu", qPrintable(text));
  return enabled;
}

}  // namespace

class HandTest : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    navigator::joystick::test::useHeadlessSdl();
    QVERIFY(settings_dir_.isValid());
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settings_dir_.path());
  }
  void refusedArmedThenHeldTurnedAndReleased();

 private:
  QTemporaryDir settings_dir_;
};

void HandTest::refusedArmedThenHeldTurnedAndReleased() {
  QTemporaryDir dir;
  VirtualPad pad;
  pad.axis(kThrottleAxis, 32767);  // stick fully down
  navigator::MainWindow window;
  window.resize(1500, 950);
  window.show();
  QVERIFY(QTest::qWaitForWindowExposed(&window));
  navigator::FlyPage* fly = window.flyPage();
  QCOMPARE(window.startSimulation(kShipped + "s500.yaml", QString(), sitlOptions(dir)), QString());
  QTRY_COMPARE_WITH_TIMEOUT(only<navigator::joystick::JoystickManager>(fly)->selectedDevice().instance_id,
                            pad.instanceId(), 5000);
  navigator::SitlSession* sitl = window.station()->sitl();
  navigator::VehicleLink* link = sitl->link();
  QTRY_COMPARE_WITH_TIMEOUT(link->linkState(), navigator::LinkState::Connected, 15000);
  navigator::ImuSample imu;  // the firmware's latest HIGHRES_IMU
  connect(link, &navigator::VehicleLink::imuUpdated, this, [&imu](const navigator::ImuSample& s) { imu = s; });
  auto* panel = only<navigator::FlightPanel>(fly);
  auto* hand = part<QPushButton>(panel, "holdByHand");

  // Armed: the hold is not offered, and the panel says why.
  navigator::test::armFromThePanel(fly, link);
  QTRY_VERIFY(panel->armed());
  QVERIFY(!choose(hand, QStringLiteral("Right side down")));
  QCOMPARE(panel->handNote(), QStringLiteral("Disarm to hold by hand: an armed vehicle may be flying, and the hand "
                                             "stops its motors."));
  QVERIFY(!sitl->heldByHand());
  link->disarm();
  QTRY_VERIFY_WITH_TIMEOUT(!panel->armed(), 5000);
  QCOMPARE(panel->handNote(), QString());

  // Right side down: the firmware's accelerometer reads the specific force, up, along body −y:
  // R_WBᵀ·(0, 0, −g) = (0, −g, 0) for R_WB = Rx(90°). Its noise (PX4 SITL's figures, σ 0.13 m/s²
  // per sample) and bias (under 0.6 m/s²) are the margin.
  QVERIFY(choose(hand, QStringLiteral("Right side down")));
  QVERIFY(sitl->heldByHand());
  QCOMPARE(panel->handNote(), QStringLiteral("Held by hand: still, motors stopped. Release lets it go at rest."));
  QTRY_VERIFY2_WITH_TIMEOUT(
      std::abs(imu.accel_mps2[1] + g) < 0.8 && std::abs(imu.accel_mps2[0]) < 0.8 && std::abs(imu.accel_mps2[2]) < 0.8,
      qPrintable(
          QStringLiteral("accel (%1, %2, %3)").arg(imu.accel_mps2[0]).arg(imu.accel_mps2[1]).arg(imu.accel_mps2[2])),
      5000);

  // Turned slowly about its yaw axis: the gyro's z reads 30 °/s = π/6 rad/s (its bias is under
  // 0.03 rad/s: PX4 SITL's figures).
  QVERIFY(choose(hand, QStringLiteral("Turn slowly about the yaw axis (30°/s)")));
  QTRY_VERIFY2_WITH_TIMEOUT(std::abs(imu.gyro_radps[2] - M_PI / 6) < 0.06,
                            qPrintable(QStringLiteral("gyro z %1 rad/s").arg(imu.gyro_radps[2])), 5000);

  // Let go: not held any more, and the panel's note is gone.
  QVERIFY(choose(hand, QStringLiteral("Release")));
  QVERIFY(!sitl->heldByHand());
  QCOMPARE(panel->handNote(), QString());
  QTRY_VERIFY_WITH_TIMEOUT(std::abs(imu.gyro_radps[2]) < 0.06, 5000);  // no longer turned
}

QTEST_MAIN(HandTest)
#include "hand_test.moc"
