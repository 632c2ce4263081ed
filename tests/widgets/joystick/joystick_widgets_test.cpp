// The joystick widgets (offscreen): virtual sticks dragged with the mouse (Mode 2 signs,
// springs, throttle that stays), the axes view holding what it is given, and the calibration
// page's plain signals.
#include "widgets/joystick/calibration_page.h"
#include "widgets/joystick/joystick_axes_view.h"
#include "widgets/joystick/virtual_sticks.h"

#include <QDoubleSpinBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>

using navigator::JoystickAxesView;
using navigator::JoystickCalibrationPage;
using navigator::VirtualSticks;

class JoystickWidgetsTest : public QObject {
  Q_OBJECT

 private slots:
  void virtualSticks() {
    VirtualSticks w;
    w.resize(400, 200);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QCOMPARE(w.throttle(), 0.0);  // starts at idle
    QSignalSpy moved(&w, &VirtualSticks::sticksChanged);
    const QRectF r = w.rightPad(), l = w.leftPad();
    // Right pad: top-right corner = roll right +1, pitch forward +1.
    QTest::mousePress(&w, Qt::LeftButton, {}, r.center().toPoint());
    QTest::mouseMove(&w, QPoint(int(r.right()) + 20, int(r.top()) - 20));
    QCOMPARE(w.roll(), 1.0);
    QCOMPARE(w.pitch(), 1.0);
    QTest::mouseRelease(&w, Qt::LeftButton, {}, QPoint(int(r.right()), int(r.top())));
    QCOMPARE(w.roll(), 0.0);  // sprung back
    QCOMPARE(w.pitch(), 0.0);
    // Left pad: top = full throttle, left = yaw left; release: yaw springs, throttle stays.
    QTest::mousePress(&w, Qt::LeftButton, {}, l.center().toPoint());
    QTest::mouseMove(&w, QPoint(int(l.left()) - 5, int(l.top()) - 5));
    QCOMPARE(w.throttle(), 1.0);
    QCOMPARE(w.yaw(), -1.0);
    QTest::mouseRelease(&w, Qt::LeftButton, {}, QPoint(int(l.left()), int(l.top())));
    QCOMPARE(w.yaw(), 0.0);
    QCOMPARE(w.throttle(), 1.0);
    QVERIFY(moved.count() >= 4);
    const QList<QVariant> last = moved.last();
    QCOMPARE(last[3].toDouble(), 1.0);
    w.setThrottle(0.25);
    QCOMPARE(moved.last()[3].toDouble(), 0.25);
  }

  void axesView() {
    JoystickAxesView v;
    v.setValues({-32768, 0, 40000}, {true, false});
    v.setAxisLabels({"yaw", "throttle"});
    v.resize(v.sizeHint());
    v.show();
    QVERIFY(QTest::qWaitForWindowExposed(&v));
    QCOMPARE(v.axes(), (QList<int>{-32768, 0, 40000}));
    QVERIFY(!v.grab().isNull());  // paints, out-of-range value included
  }

  void calibrationPage() {
    JoystickCalibrationPage page;
    QSignalSpy next(&page, &JoystickCalibrationPage::nextClicked);
    QSignalSpy shaping(&page, &JoystickCalibrationPage::shapingChanged);
    page.setStep("Review", "Set them", 11, 13, true);
    page.setShaping(1, 0.05, 0.2);  // shown, not emitted
    QCOMPARE(shaping.count(), 0);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    const auto spins = page.findChildren<QDoubleSpinBox*>();
    QCOMPARE(spins.size(), 6);
    spins[2]->setValue(0.12);  // pitch deadband (rows roll, pitch, yaw; deadband then expo)
    QCOMPARE(shaping.count(), 1);
    QCOMPARE(shaping.first()[0].toInt(), 1);
    QCOMPARE(shaping.first()[1].toDouble(), 0.12);
    QCOMPARE(shaping.first()[2].toDouble(), 0.2);
    for (QPushButton* b : page.findChildren<QPushButton*>())
      if (b->text() == "Finish") b->click();
    QCOMPARE(next.count(), 1);
  }
};

QTEST_MAIN(JoystickWidgetsTest)
#include "joystick_widgets_test.moc"
