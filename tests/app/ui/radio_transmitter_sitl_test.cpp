// The pilot input as a radio transmitter, against the real SITL firmware (vayu_sitl) with its
// CRSF receiver model fitted (the station's --transmitter, SitlSessionOptions::receiver): the
// sticks reach the firmware through the simulated receiver and its own CRSF driver, come back as
// RC_CHANNELS to the Radio setup's bars, and the end points recorded there are CRSF's full
// travel (988 and 2012 µs, not the 1000/2000 the firmware assumes before calibration). Then the
// firmware flies on the receiver alone (RC_IN_MODE 1): it climbs on the transmitter's throttle,
// and the transmitter switched off in flight brings the radio failsafe — levelled, descending,
// disarmed on landing — as a real transmitter's loss does.
#include "app/core/station.h"
#include "app/joystick/pilot_input_source.h"
#include "app/joystick/transmitter_channels.h"
#include "app/ui/vehicle_setup_page.h"
#include "tests/sim/shipped_airframes.h"

#include <QPushButton>
#include <QTemporaryDir>
#include <QtTest>

using namespace navigator;
using joystick::kTransmitterCentreUs;
using joystick::kTransmitterHighUs;
using joystick::kTransmitterLowUs;

namespace {

double paramValue(VehicleLink* link, const QString& name, double otherwise) {
  const auto p = link->params()->param(name);
  return p ? p->value : otherwise;
}

}  // namespace

// The station flying its own SITL with the receiver fitted, the on-screen sticks as the pilot input.
struct Sitl {
  QTemporaryDir dir;
  Station station;
  joystick::PilotInputSource pilot;
  VehicleLink* link = nullptr;
  QStringList said;  // the firmware's STATUSTEXTs, in order
  QString saidText() const { return said.join(QLatin1Char('\n')); }
};

class RadioTransmitterSitlTest : public QObject {
  Q_OBJECT

  void start(Sitl& s) {
    s.pilot.setSource(joystick::PilotInputSource::Source::VirtualSticks);
    s.pilot.setVirtualSticks(0, 0, 0, 0);
    s.station.pilot()->setPilotInput(&s.pilot);
    s.station.transmitter()->setPilotInput(&s.pilot);
    SitlSessionOptions options;
    options.gcs_port = 0;
    options.firmware_executable = QStringLiteral(NAVIGATOR_BIN_DIR "/vayu_sitl");
    options.params_file = s.dir.filePath("vayu_params.txt");
    options.receiver = true;
    vsim::SimulatorConfig config;
    config.world = vsim::World{};  // flat ground at z = 0
    QCOMPARE(s.station.startSimulation(loadShippedAirframe("s500.yaml"), config, options), QString());
    QVERIFY(s.station.transmitter()->fitted());
    s.link = s.station.sitl()->link();
    connect(s.link, &VehicleLink::statusText, this, [&s](int, const QString& text) { s.said << text; });
    QTRY_COMPARE_WITH_TIMEOUT(s.link->linkState(), LinkState::Connected, 15000);
    s.link->params()->requestAll();
    QTRY_VERIFY_WITH_TIMEOUT(s.link->params()->complete(), 15000);
    QTRY_VERIFY_WITH_TIMEOUT(s.station.transmitter()->transmitting(), 5000);
  }

  // End points, as a pilot records them: every stick to both ends, then centred, throttle down.
  void recordEndPoints(Sitl& s, VehicleSetupPage& page, const QString& shots) {
    RadioSetup* radio = page.radio();
    const auto near = [radio](int channel, int us) { return std::abs(radio->pulse(channel) - us) <= 1; };
    radio->recordButton()->click();
    s.pilot.setVirtualSticks(-1, -1, -1, 0);
    QTRY_VERIFY_WITH_TIMEOUT(near(1, kTransmitterLowUs) && near(4, kTransmitterLowUs), 5000);
    s.pilot.setVirtualSticks(1, 1, 1, 1);
    QTRY_VERIFY_WITH_TIMEOUT(near(1, kTransmitterHighUs) && near(3, kTransmitterHighUs), 5000);
    s.pilot.setVirtualSticks(0, 0, 0, 0);
    QTRY_VERIFY_WITH_TIMEOUT(near(1, kTransmitterCentreUs) && near(3, kTransmitterLowUs), 5000);
    const QMap<QString, double> ends = radio->endPoints();
    radio->recordButton()->click();
    for (int ch = 1; ch <= 4; ++ch) {
      QVERIFY2(std::abs(ends.value(QStringLiteral("RC%1_MIN").arg(ch)) - kTransmitterLowUs) <= 1,
               qPrintable(QString::number(ch)));
      QVERIFY2(std::abs(ends.value(QStringLiteral("RC%1_MAX").arg(ch)) - kTransmitterHighUs) <= 1,
               qPrintable(QString::number(ch)));
    }
    // Written to the firmware: it answers each with its new value.
    QTRY_VERIFY_WITH_TIMEOUT(paramValue(s.link, QStringLiteral("RC1_MAX"), 0) > 2005, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(paramValue(s.link, QStringLiteral("RC3_MIN"), 2000) < 995, 5000);
    QTRY_COMPARE(page.sectionText(VehicleSetupPage::Section::Radio), QStringLiteral("Radio — done"));
    if (!shots.isEmpty()) QVERIFY(page.grab().save(shots + QStringLiteral("/setup_radio_end_points_sitl.png")));
    qInfo("end points recorded: RC1 %g..%g trim %g, RC3 %g..%g", ends.value("RC1_MIN"), ends.value("RC1_MAX"),
          ends.value("RC1_TRIM"), ends.value("RC3_MIN"), ends.value("RC3_MAX"));
  }

  // Flown on the receiver alone: up on its throttle, then the transmitter off.
  void flyOnTheReceiverAndSwitchOff(Sitl& s) {
    VehicleLink* link = s.link;
    link->params()->setParam(QStringLiteral("RC_IN_MODE"), 1.0);
    QTRY_COMPARE_WITH_TIMEOUT(paramValue(link, QStringLiteral("RC_IN_MODE"), -1), 1.0, 5000);
    link->setMode(VAYU_MODE_ALT_HOLD);
    QTRY_COMPARE_WITH_TIMEOUT(int(link->vehicle().custom_mode), int(VAYU_MODE_ALT_HOLD), 5000);
    link->arm();
    QTRY_VERIFY2_WITH_TIMEOUT(link->vehicle().armed, qPrintable(s.saidText()), 5000);
    s.pilot.setVirtualSticks(0, 0, 0, 0.8);  // ALT_HOLD: above centre climbs
    const auto down_m = [&s] {               // the simulator's truth, height down [m]
      (void)s.station.feed()->drain();
      return s.station.feed()->truePosition_NED_m()[2];
    };
    QTRY_VERIFY2_WITH_TIMEOUT(down_m() < -1.5f, qPrintable(s.saidText()), 15000);
    s.pilot.setVirtualSticks(0, 0, 0, 0.5);  // hold
    s.station.transmitter()->setOn(false);
    QVERIFY(!s.station.transmitter()->transmitting());
    QTRY_VERIFY2_WITH_TIMEOUT(s.saidText().contains(QStringLiteral("Failsafe: no pilot input")),
                              qPrintable(s.saidText()), 5000);
    QTRY_VERIFY2_WITH_TIMEOUT(!link->vehicle().armed, qPrintable(s.saidText()), 30000);
    QVERIFY2(s.saidText().contains(QStringLiteral("CRSF: failsafe")), qPrintable(s.saidText()));
    QVERIFY2(down_m() > -0.3f, "disarmed, but not on the ground");
    qInfo("%s", qPrintable(s.said.join(QStringLiteral(" | "))));
  }

 private slots:
  void theTransmitterFliesTheReceiver() {
    Sitl s;
    start(s);
    if (QTest::currentTestFailed()) return;
    VehicleSetupPage page;
    page.setVehicle(s.station.vehicles()->shown());
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.showSection(VehicleSetupPage::Section::Radio);
    RadioSetup* radio = page.radio();
    // The sticks as the firmware decoded them: within CRSF's rounding (1 µs) of
    // transmitter_channels.h's 1500 + 512·stick and 988 + 1024·throttle.
    const auto near = [radio](int channel, int us) { return std::abs(radio->pulse(channel) - us) <= 1; };
    QTRY_VERIFY_WITH_TIMEOUT(near(1, 1500) && near(3, kTransmitterLowUs), 10000);
    s.pilot.setVirtualSticks(0.5, -0.25, 0.75, 0.3);  // roll, pitch, yaw, throttle
    QTRY_VERIFY2_WITH_TIMEOUT(near(1, 1756) && near(2, 1372) && near(3, 1295) && near(4, 1884),
                              qPrintable(QStringLiteral("%1 %2 %3 %4")
                                             .arg(radio->pulse(1))
                                             .arg(radio->pulse(2))
                                             .arg(radio->pulse(3))
                                             .arg(radio->pulse(4))),
                              5000);
    const QString shots = qEnvironmentVariable("NAVIGATOR_SCREENSHOT_DIR");  // for docs/setup.md
    if (!shots.isEmpty()) QVERIFY(page.grab().save(shots + QStringLiteral("/setup_radio_transmitter_sitl.png")));
    recordEndPoints(s, page, shots);
    if (QTest::currentTestFailed()) return;
    flyOnTheReceiverAndSwitchOff(s);
    s.station.stopSimulation();
  }
};

QTEST_MAIN(RadioTransmitterSitlTest)
#include "radio_transmitter_sitl_test.moc"
