// The Motors tab's top view (widgets/rotor_layout_view.h): each rotor drawn where it is seen from
// above (forward up the widget, right to the right, the same scale on both axes), filled in the
// colour of its spin (green counter-clockwise, blue clockwise), numbered from 1; the caption
// under it. Checked on the widget's own pixels (grab), for the hex_550's six rotors.
#include "widgets/rotor_layout_view.h"

#include <QApplication>
#include <QtTest>

#include <cmath>

class RotorLayoutViewTest : public QObject {
  Q_OBJECT

 private slots:
  void drawsEachRotorWhereItIsWithItsSpin() {
    navigator::RotorLayoutView view;
    view.resize(360, 400);
    // resources/airframes/hex_550.yaml: 275 mm arms at 30° + 60°·k from forward, clockwise seen
    // from above, spins alternating from counter-clockwise.
    QVector<navigator::RotorMark> hex;
    for (int k = 0; k < 6; ++k) {
      const double t = (30.0 + 60.0 * k) * M_PI / 180.0;
      hex.push_back({0.275 * std::cos(t), 0.275 * std::sin(t), k % 2 == 0, true});
    }
    view.setRotors(hex, QStringLiteral("hex_550: 6 rotors"));
    QCOMPARE(view.caption(), QStringLiteral("hex_550: 6 rotors"));
    // Every disc inside the widget: the scale s where s × 0.275 m + its disc (0.3 × 0.275 m × s)
    // + its spin arrow (12 px) = 180 px: s = 168 / 0.3575 = 470 px/m, the disc 38.8 px.
    for (int k = 0; k < 6; ++k) {
      const QPointF at = view.rotorCentre(k);
      QVERIFY(at.x() - 45 >= 0 && at.x() + 45 <= view.width() && at.y() - 45 >= 0);
    }
    const QPointF c0 = view.rotorCentre(0), c1 = view.rotorCentre(1), c3 = view.rotorCentre(3);
    const QPointF centre = (view.rotorCentre(0) + view.rotorCentre(3)) / 2.0;  // opposite rotors
    // Rotor 1 (front-right, 30°) up and right of the centre; rotor 2 (right, 90°) level with it.
    QVERIFY(c0.x() > centre.x() && c0.y() < centre.y());
    QVERIFY(std::abs(c1.y() - centre.y()) < 0.5 && c1.x() > centre.x());
    QVERIFY(c3.x() < centre.x() && c3.y() > centre.y());  // rotor 4 (rear-left, 210°)
    // One scale: every rotor as far from the centre, and at its bearing.
    for (int k = 0; k < 6; ++k) {
      const QPointF d = view.rotorCentre(k) - centre;
      QVERIFY(std::abs(std::hypot(d.x(), d.y()) - std::hypot((c1 - centre).x(), (c1 - centre).y())) < 0.5);
      const double bearing = std::atan2(d.x(), -d.y()) * 180.0 / M_PI;  // clockwise from up
      const double expected = std::remainder(30.0 + 60.0 * k, 360.0);
      QVERIFY2(std::abs(std::remainder(bearing - expected, 360.0)) < 0.5, qPrintable(QString::number(bearing)));
    }
    // The pixels: a rotor's disc is filled in its spin's colour (beside the number in its middle).
    const QImage image = view.grab().toImage();
    const QColor ccw = QColor(0x2e, 0x7d, 0x32).lighter(170), cw = QColor(0x15, 0x65, 0xc0).lighter(170);
    auto near = [](const QColor& a, const QColor& b) {
      return std::abs(a.red() - b.red()) < 8 && std::abs(a.green() - b.green()) < 8 &&
             std::abs(a.blue() - b.blue()) < 8;
    };
    for (int k = 0; k < 6; ++k) {
      // Four points 25 px from its centre: inside the disc (here 38.8 px: 0.3 × the 275 mm between
      // neighbours at 470 px/m), outside its number (0.7 × 38.8 = 27 px high).
      int mine = 0, other = 0;
      for (const QPointF d : {QPointF(-25, 0), QPointF(25, 0), QPointF(0, -25), QPointF(0, 25)}) {
        const QColor got = image.pixelColor((view.rotorCentre(k) + d).toPoint());
        mine += near(got, k % 2 == 0 ? ccw : cw);
        other += near(got, k % 2 == 0 ? cw : ccw);
      }
      QVERIFY2(mine >= 2 && other == 0,
               qPrintable(QStringLiteral("rotor %1: %2 of 4 in its colour").arg(k + 1).arg(mine)));
    }
  }

  void rotorsOnOneSpotDrawnSideBySide() {
    // A coaxial X8 seen from above: two rotors (one ccw, one cw) on each of four arms 0.25 m out.
    navigator::RotorLayoutView view;
    view.resize(360, 400);
    QVector<navigator::RotorMark> x8;
    for (int k = 0; k < 8; ++k) {
      const double t = (45.0 + 90.0 * (k / 2)) * M_PI / 180.0;
      x8.push_back({0.25 * std::cos(t), 0.25 * std::sin(t), k % 2 == 0, true});
    }
    view.setRotors(x8, QStringLiteral("x8"));
    // The scale: (180 − 40 − 12) px / 0.25 m = 512 px/m (the disc, its spin arrow, the reach); the
    // discs 0.3 × 0.354 m (neighbouring arms) × 512 px/m = 54 px, clamped to 40 px; a pair on one spot sits on a circle
    // of 40 px / sin(90°) round it: 80 px apart, and its spot (the arm's end) half-way between them.
    for (int k = 0; k < 8; k += 2) {
      const QPointF a = view.rotorCentre(k), b = view.rotorCentre(k + 1);
      QVERIFY2(std::abs(std::hypot(a.x() - b.x(), a.y() - b.y()) - 80.0) < 0.5, qPrintable(QString::number(k)));
      const double t = (45.0 + 90.0 * (k / 2)) * M_PI / 180.0;
      const QPointF spot = QPointF(180, 182) + QPointF(std::sin(t), -std::cos(t)) * 128.0;
      const QPointF mid = (a + b) / 2.0 - spot;
      QVERIFY(std::hypot(mid.x(), mid.y()) < 0.5);
    }
  }

  void aLeaningRotorHasItsArrow() {
    navigator::RotorLayoutView view;
    view.resize(360, 400);
    // Four rotors, the first leaning 10° to the right (its axis's right component sin 10°).
    QVector<navigator::RotorMark> quad;
    for (int k = 0; k < 4; ++k) quad.push_back({k < 2 ? 0.2 : -0.2, k % 2 ? 0.2 : -0.2, true, true});
    quad[0].lean_right = std::sin(10.0 * M_PI / 180.0);
    view.setRotors(quad, QStringLiteral("leaning"));
    // Out to the right past its disc by min(30, 8 + 250 × 0.174) = 30 px; the others have none.
    const QPointF d = view.leanTip(0) - view.rotorCentre(0);
    QVERIFY(std::abs(d.y()) < 1e-9 && d.x() > 30.0);
    for (int k = 1; k < 4; ++k) QCOMPARE(view.leanTip(k), view.rotorCentre(k));
  }

  void noRotorsSaysSo() {
    navigator::RotorLayoutView view;
    view.setRotors({}, QStringLiteral("ignored"));
    QCOMPARE(view.caption(), QStringLiteral("No airframe"));
    QCOMPARE(view.rotorCentre(0), QPointF());
  }
};

QTEST_MAIN(RotorLayoutViewTest)
#include "rotor_layout_view_test.moc"
