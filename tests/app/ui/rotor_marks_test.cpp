// The Motors tab's picture of an airframe (app/ui/rotor_marks.h on widgets/rotor_layout_view.h),
// from the shipped airframe files through the real loader: the lander, lander_004, whose body x
// points up and whose four engines are canted 5°, seen down its flight axes' up so that every
// engine is apart, each in the colour of the spin its file states (all four `spin: ccw`), each
// with an arrow the way its thrust leans; and an X quad as before (forward up the picture).
#include "app/ui/rotor_marks.h"

#include "sim/config/airframe_file.h"

#include <QtTest>

#include <cmath>

namespace {

vsim::VehicleModel shipped(const char* name) {
  auto model = vsim::loadAirframe(std::string(NAVIGATOR_SOURCE_DIR "/resources/airframes/") + name + ".yaml");
  if (!model) qFatal("%s", model.error().message.c_str());
  return std::move(model).value();
}

bool near(const QColor& a, const QColor& b) {
  return std::abs(a.red() - b.red()) < 8 && std::abs(a.green() - b.green()) < 8 && std::abs(a.blue() - b.blue()) < 8;
}

// How many of four points 25 px left, right, above and below rotor `k`'s centre are in `colour`.
int pointsIn(const QImage& image, const navigator::RotorLayoutView& view, int k, const QColor& colour) {
  int n = 0;
  for (const QPointF d : {QPointF(-25, 0), QPointF(25, 0), QPointF(0, -25), QPointF(0, 25)})
    n += near(image.pixelColor((view.rotorCentre(k) + d).toPoint()), colour);
  return n;
}

}  // namespace

class RotorMarksTest : public QObject {
  Q_OBJECT

 private slots:
  void landerEnginesApartInTheirFilesSpin() {
    const vsim::VehicleModel lander = shipped("lander_004");
    const QVector<navigator::RotorMark> marks = navigator::rotorMarks(lander);
    QCOMPARE(marks.size(), 4);
    // lander_004.yaml: engines at body y = −1, +1 (0, 1) and z = +1, −1 (2, 3), 0.95 m below the
    // centre; the flight axes' forward is body +z and right body +y (flight_runner.h: v_F =
    // (v_B.z, v_B.y, −v_B.x)). The centre of mass is 15 kg × (0.35, 0.5) m / 623 kg off the
    // axis (the electronics box): (8.4, 12.0) mm.
    const double com_right_m = 15 * 0.35 / 623.0, com_forward_m = 15 * 0.5 / 623.0;
    const double forward[4] = {0, 0, 1, -1}, right[4] = {-1, 1, 0, 0};
    for (int k = 0; k < 4; ++k) {
      QVERIFY2(std::abs(marks[k].forward_m - (forward[k] - com_forward_m)) < 1e-3, qPrintable(QString::number(k)));
      QVERIFY2(std::abs(marks[k].right_m - (right[k] - com_right_m)) < 1e-3, qPrintable(QString::number(k)));
      QVERIFY(marks[k].ccw);         // every engine is `spin: ccw`
      QVERIFY(marks[k].thrusts_up);  // cos 5° of each axis along body +x, the flight axes' up
    }
    // Canted 5° (axis (0.99619, 0, ∓0.08716) and (0.99619, ±0.08716, 0)): the left engine leans
    // back, the right one forward, the front one right, the rear one left.
    const double lean_forward[4] = {-0.08716, 0.08716, 0, 0}, lean_right[4] = {0, 0, 0.08716, -0.08716};
    for (int k = 0; k < 4; ++k) {
      QVERIFY(std::abs(marks[k].lean_forward - lean_forward[k]) < 1e-5);
      QVERIFY(std::abs(marks[k].lean_right - lean_right[k]) < 1e-5);
    }

    navigator::RotorLayoutView view;
    view.resize(360, 400);
    view.setRotors(marks, QStringLiteral("lander_004: 4 rotors"));
    // Apart: the scale s where the outermost engine (1.012 m out), its disc (0.3 × 1.414 m × s),
    // its lean arrow (30 px) and angle (40 px) reach 180 px is 110 / 1.436 = 76.6 px/m, so
    // neighbours 1.414 m apart are 108 px apart; before, the side view drew engines 3 and 4 on
    // one spot (0 px). Each disc (32.5 px) inside the widget.
    for (int i = 0; i < 4; ++i) {
      const QPointF a = view.rotorCentre(i);
      QVERIFY(a.x() - 45 >= 0 && a.x() + 45 <= view.width() && a.y() - 45 >= 0 && a.y() + 45 <= view.height() - 36);
      for (int j = i + 1; j < 4; ++j) {
        const QPointF d = view.rotorCentre(j) - a;
        QVERIFY2(
            std::hypot(d.x(), d.y()) >= 100.0,
            qPrintable(QStringLiteral("engines %1 and %2: %3 px").arg(i + 1).arg(j + 1).arg(std::hypot(d.x(), d.y()))));
      }
    }
    // Where they are: engine 3 above (front), 4 below, 1 left, 2 right of the middle (1 m × 76.6 px/m).
    const QPointF mid = (view.rotorCentre(0) + view.rotorCentre(1)) / 2.0;
    QVERIFY(view.rotorCentre(2).y() < mid.y() - 70 && view.rotorCentre(3).y() > mid.y() + 70);
    QVERIFY(view.rotorCentre(0).x() < mid.x() - 70 && view.rotorCentre(1).x() > mid.x() + 70);
    // The lean arrows point the way each engine leans (screen y is down: forward is −y).
    for (int k = 0; k < 4; ++k) {
      const QPointF d = view.leanTip(k) - view.rotorCentre(k);
      QVERIFY2(std::abs(d.x() - std::hypot(d.x(), d.y()) * lean_right[k] / 0.08716) < 0.5 &&
                   std::abs(-d.y() - std::hypot(d.x(), d.y()) * lean_forward[k] / 0.08716) < 0.5,
               qPrintable(QStringLiteral("engine %1: (%2, %3)").arg(k + 1).arg(d.x()).arg(d.y())));
      QVERIFY(std::hypot(d.x(), d.y()) > 40.0);  // out past its disc
    }
    // The pixels: every disc filled in the counter-clockwise colour, none in the clockwise one.
    const QImage image = view.grab().toImage();
    const QColor ccw = navigator::RotorLayoutView::spinColour(true).lighter(170);
    const QColor cw = navigator::RotorLayoutView::spinColour(false).lighter(170);
    for (int k = 0; k < 4; ++k) {
      const int mine = pointsIn(image, view, k, ccw), other = pointsIn(image, view, k, cw);
      QVERIFY2(mine >= 2 && other == 0,
               qPrintable(QStringLiteral("engine %1: %2 of 4 ccw, %3 cw").arg(k + 1).arg(mine).arg(other)));
    }
  }

  void quadSeenFromAboveAsBefore() {
    // generic_quad.yaml: an X quad, rotors on ±0.1768 m, front-right and rear-left ccw, axes −z.
    const QVector<navigator::RotorMark> marks = navigator::rotorMarks(shipped("generic_quad"));
    QCOMPARE(marks.size(), 4);
    const double forward[4] = {0.1768, -0.1768, 0.1768, -0.1768}, right[4] = {0.1768, -0.1768, -0.1768, 0.1768};
    const bool ccw[4] = {true, true, false, false};
    for (int k = 0; k < 4; ++k) {
      QVERIFY(std::abs(marks[k].forward_m - forward[k]) < 1e-6 && std::abs(marks[k].right_m - right[k]) < 1e-6);
      QCOMPARE(marks[k].ccw, ccw[k]);
      QVERIFY(marks[k].thrusts_up);
      QCOMPARE(marks[k].lean_forward, 0.0);
      QCOMPARE(marks[k].lean_right, 0.0);
    }
  }
};

QTEST_MAIN(RotorMarksTest)
#include "rotor_marks_test.moc"
