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
