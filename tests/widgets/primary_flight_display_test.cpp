// The primary flight display's readouts: every value in its unit and the
// user's locale, the truth beside the estimate when there is one, an unknown value as "—",
// armed, mode, link and FAILSAFE; and it paints something other than its background.
#include "widgets/instruments/primary_flight_display.h"

#include <QImage>
#include <QLocale>
#include <QtTest>

using navigator::PfdState;
using navigator::PrimaryFlightDisplay;
using Readout = navigator::PrimaryFlightDisplay::Readout;

class PrimaryFlightDisplayTest : public QObject {
  Q_OBJECT

 private slots:
  void cleanup() { QLocale::setDefault(QLocale::c()); }

  void readouts() {
    PrimaryFlightDisplay pfd;
    QCOMPARE(pfd.text(Readout::Altitude), QStringLiteral("—"));  // nothing known yet
    QCOMPARE(pfd.text(Readout::Link), QStringLiteral("NO LINK"));
    PfdState s;
    s.estimate = {5.0, -2.0, 7.4, 12.345, -0.04, PfdState().estimate.groundspeed_mps, 3.26};
    s.truth.altitude_m = 12.5;
    s.truth.heading_deg = 359.7;
    s.throttle_pct = 47.6;
    s.armed = true;
    s.mode = QStringLiteral("ALT_HOLD");
    s.link_up = true;
    s.link_quality_pct = 98;
    pfd.setState(s);
    QCOMPARE(pfd.text(Readout::Heading), QStringLiteral("007°"));
    QCOMPARE(pfd.text(Readout::TrueHeading), QStringLiteral("true 000°"));  // 359.7 rounds to north
    QCOMPARE(pfd.text(Readout::Altitude), QStringLiteral("12.3 m"));
    QCOMPARE(pfd.text(Readout::TrueAltitude), QStringLiteral("true 12.5"));
    QCOMPARE(pfd.text(Readout::Climb), QStringLiteral("0.0 m/s"));  // -0.04: no "-0.0"
    QCOMPARE(pfd.text(Readout::GroundSpeed), QStringLiteral("—"));  // not estimated
    QCOMPARE(pfd.text(Readout::TrueGroundSpeed), QString());        // and no truth: nothing beside it
    QCOMPARE(pfd.text(Readout::AirSpeed), QStringLiteral("3.3 m/s"));
    QCOMPARE(pfd.text(Readout::Throttle), QStringLiteral("48 %"));
    QCOMPARE(pfd.text(Readout::StickThrottle), QStringLiteral("—"));  // no stick sent: no STK bar
    s.stick_throttle_pct = 50;  // ALT_HOLD holding: a centred stick, 48 % of thrust
    pfd.setState(s);
    QCOMPARE(pfd.text(Readout::StickThrottle), QStringLiteral("50 %"));
    QCOMPARE(pfd.text(Readout::Armed), QStringLiteral("ARMED"));
    QCOMPARE(pfd.text(Readout::Mode), QStringLiteral("ALT_HOLD"));
    QCOMPARE(pfd.text(Readout::Link), QStringLiteral("LINK 98 %"));
    QCOMPARE(pfd.text(Readout::Failsafe), QString());
    s.failsafe = true;
    s.estimate.climb_mps = 1.26;
    pfd.setState(s);
    QCOMPARE(pfd.text(Readout::Failsafe), QStringLiteral("FAILSAFE"));
    QCOMPARE(pfd.text(Readout::Climb), QStringLiteral("+1.3 m/s"));  // a climb is signed
    // German: decimal comma.
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    QCOMPARE(pfd.text(Readout::Altitude), QStringLiteral("12,3 m"));
  }

  void boxesHoldTheirTextsAndNeverOverlap() {
    // Seen before at 1280×800: the stick bar covered the airspeed box, and a box's value ran
    // into its truth. The boxes come from the font's metrics: on the smallest face the widget
    // accepts and on larger ones, with the longest texts (German, signed three-digit values,
    // the truth under each), no two boxes meet, each lies on the face, and each line of text
    // fits its box's width.
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    PrimaryFlightDisplay pfd;
    PfdState s;
    s.estimate = {-12.5, 3.2, 271.0, -888.8, -88.8, 888.8, 888.8};
    s.truth = s.estimate;
    s.throttle_pct = 100;
    s.stick_throttle_pct = 100;
    s.armed = true;
    s.mode = QStringLiteral("ALT_HOLD");
    s.link_up = true;
    s.link_quality_pct = 100;
    pfd.setState(s);
    const QSize minimum = pfd.minimumSizeHint();
    for (const QSize size : {minimum, QSize(360, 230), QSize(520, 170).expandedTo(minimum), QSize(260, 400)}) {
      const PrimaryFlightDisplay::Layout l = pfd.faceLayout(size);
      const QRectF tape(l.heading_tape_left, 0, l.heading_tape_right - l.heading_tape_left, 22);
      const QList<std::pair<const char*, QRectF>> boxes = {
          {"link", l.link}, {"heading", l.heading},    {"GS", l.ground_speed}, {"AS", l.air_speed}, {"ALT", l.altitude},
          {"VS", l.climb},  {"STK", l.stick_throttle}, {"THR", l.throttle},    {"armed", l.armed},  {"tape", tape}};
      const QRectF face(QPointF(0, 0), QSizeF(size));
      for (int i = 0; i < boxes.size(); ++i) {
        const QByteArray where = QByteArray(boxes[i].first) + " at " + QByteArray::number(size.width()) + "x" +
                                 QByteArray::number(size.height());
        QVERIFY2(face.contains(boxes[i].second), where.constData());
        for (int j = i + 1; j < boxes.size(); ++j)
          QVERIFY2(!boxes[i].second.intersects(boxes[j].second), (where + " meets " + boxes[j].first).constData());
      }
      // The values in the value font (1.05 × bold), the truths and labels in the small one
      // (0.75 ×), 3 px in from each side.
      QFont big = pfd.font(), small = pfd.font();
      big.setPointSizeF(big.pointSizeF() * 1.05);
      big.setBold(true);
      small.setPointSizeF(small.pointSizeF() * 0.75);
      const QFontMetricsF bm(big), sm(small);
      QCOMPARE_GE(l.ground_speed.height(), 2 * sm.height() + bm.height());
      for (Readout r : {Readout::GroundSpeed, Readout::AirSpeed, Readout::Altitude, Readout::Climb})
        QVERIFY2(bm.horizontalAdvance(pfd.text(r)) <= l.ground_speed.width() - 6, qPrintable(pfd.text(r)));
      for (Readout r : {Readout::TrueGroundSpeed, Readout::TrueAltitude, Readout::TrueClimb})
        QVERIFY2(sm.horizontalAdvance(pfd.text(r)) <= l.ground_speed.width() - 6, qPrintable(pfd.text(r)));
      // The bars' label in the face's own font (this test loads no translation: "THR 100 %").
      QCOMPARE_LE(QFontMetricsF(pfd.font()).horizontalAdvance(QStringLiteral("THR 100 %")), l.throttle.width() - 6);
    }
    QCOMPARE_LE(minimum.height(), 230);  // still the size the Fly page's column gives it
  }

  void paintsTheHorizonAndTheFailsafe() {
    PrimaryFlightDisplay pfd;
    pfd.resize(360, 230);
    PfdState s;
    s.estimate.roll_deg = 0;
    s.estimate.pitch_deg = 0;
    s.failsafe = true;
    pfd.setState(s);
    const QImage image = pfd.grab().toImage();
    // Level: sky above the centre, ground below, and the red FAILSAFE banner.
    const QColor above = image.pixelColor(180, 60), below = image.pixelColor(180, 200);
    QCOMPARE_GT(above.blue(), above.red());
    QCOMPARE_GT(below.red(), below.blue());
    bool red = false;
    for (int y = 0; y < image.height() && !red; ++y)
      for (int x = 0; x < image.width() && !red; ++x) {
        const QColor c = image.pixelColor(x, y);
        red = c.red() > 240 && c.green() < 80 && c.blue() < 60;
      }
    QVERIFY(red);
  }
};

QTEST_MAIN(PrimaryFlightDisplayTest)
#include "primary_flight_display_test.moc"
