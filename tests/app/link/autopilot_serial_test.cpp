// The link to autopilots over a serial port: the station's AutopilotLink opened on
// serial:DEVICE[:BAUD] in front of the test-only PX4 stand-in (autopilot_stand_in.h) speaking
// on the far end of a socat pseudo-terminal pair (pty_pair.h), as PX4 on its USB port would.
// The station beats before the vehicle says anything (PX4's "no connection to the ground
// station" check waits for a HEARTBEAT), finds the baud rate from the vehicle's frames, and
// keeps the vehicle — its mode and parameters — when the pair is closed and opened again (an
// unplugged and replugged cable), telling both. Address parsing of serial links with their
// errors. Waits by condition (QTRY_*), never by sleeping.
#include "app/link/autopilot_link.h"
#include "app/link/serial_transport.h"
#include "tests/app/link/autopilot_stand_in.h"
#include "tests/app/link/pty_pair.h"
#include "tests/support/optional_tools.h"

#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace navigator;
using navigator::test::PtyPair;

namespace {

LinkTimings fast() {
  LinkTimings t;
  t.command_retry_ms = 100;
  t.param_retry_ms = 150;
  t.param_list_gap_ms = 100;
  return t;
}

bool anyContains(const QSignalSpy& spy, const QString& text) {
  for (const QList<QVariant>& args : spy)
    if (args.at(0).toString().contains(text)) return true;
  return false;
}

}  // namespace

class AutopilotSerialTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void serialAddressesParsed();
  void px4OnAPseudoTerminal();

 private:
  QTemporaryDir dir_;
};

void AutopilotSerialTest::initTestCase() {
  QVERIFY(dir_.isValid());
  NAVIGATOR_REQUIRE_PROGRAM("socat");
}

void AutopilotSerialTest::serialAddressesParsed() {
  const std::optional<LinkEndpoint> detect = LinkEndpoint::parse(" serial:/dev/ttyACM0 ");
  QVERIFY(detect);
  QCOMPARE(detect->kind, LinkEndpoint::Kind::Serial);
  QCOMPARE(detect->host, QStringLiteral("/dev/ttyACM0"));
  QCOMPARE(detect->baud, 0);  // found from the vehicle's frames
  QCOMPARE(detect->text(), QStringLiteral("serial:/dev/ttyACM0"));
  const std::optional<LinkEndpoint> fixed = LinkEndpoint::parse("serial:/dev/ttyUSB0:57600");
  QVERIFY(fixed);
  QCOMPARE(fixed->host, QStringLiteral("/dev/ttyUSB0"));
  QCOMPARE(fixed->baud, 57600);
  QCOMPARE(LinkEndpoint::parse(fixed->text()), fixed);
  QCOMPARE(LinkEndpoint::parse("/dev/ttyACM1")->kind, LinkEndpoint::Kind::Serial);  // a path is a device
  QString error;
  QVERIFY(!LinkEndpoint::parse("serial:", &error));
  QVERIFY2(error.contains(QStringLiteral("needs a device")), qPrintable(error));
  QVERIFY(!LinkEndpoint::parse("serial:/dev/ttyACM0:0", &error));
  QVERIFY2(error.contains(QStringLiteral("0 is no baud rate")), qPrintable(error));
  QVERIFY(!LinkEndpoint::parse("serial:/dev/ttyACM0:9000000", &error));  // above B4000000
  QVERIFY2(error.contains(QStringLiteral("9000000 is no baud rate")), qPrintable(error));
  QVERIFY(!LinkEndpoint::parse("bluetooth", &error));
  QVERIFY2(error.contains(QStringLiteral("serial:DEVICE")), qPrintable(error));
  // A device that is not there: said with its path, nothing left half-open.
  AutopilotLink station(fast());
  QSignalSpy problems(&station, &AutopilotLink::problem);
  QVERIFY(!station.open(*LinkEndpoint::parse("serial:" + dir_.path() + "/absent")));
  QCOMPARE(problems.count(), 1);
  QVERIFY2(problems.at(0).at(0).toString().contains(dir_.path() + "/absent"),
           qPrintable(problems.at(0).at(0).toString()));
  QVERIFY(!station.isActive());
}

void AutopilotSerialTest::px4OnAPseudoTerminal() {
  QDir().mkpath(dir_.path() + "/px4");
  PtyPair pty(dir_.path() + "/px4");
  QVERIFY(pty.start());
  AutopilotStandIn px4({AutopilotStandIn::Kind::Px4, 1});
  px4.addParam("COM_DL_LOSS_T", ParamClient::kTypeInt32, 10);
  px4.addParam("MPC_XY_VEL_MAX", ParamClient::kTypeReal32, double(12.0f));
  QVERIFY(px4.openSerial(pty.b()));

  AutopilotLink station(fast());
  QSignalSpy notes(&station, &AutopilotLink::note);
  QSignalSpy problems(&station, &AutopilotLink::problem);
  QVERIFY(station.open(*LinkEndpoint::parse("serial:" + pty.a())));
  QVERIFY(station.isOpen());
  // The station's HEARTBEAT (MAV_TYPE_GCS 6, MAV_AUTOPILOT_INVALID 8) reaches a vehicle that has
  // said nothing yet.
  QTRY_VERIFY_WITH_TIMEOUT(!px4.receivedOf(MAVLINK_MSG_ID_HEARTBEAT).empty(), 3000);
  mavlink_heartbeat_t gcs;
  QVERIFY(mavlink_heartbeat_decode(&px4.receivedOf(MAVLINK_MSG_ID_HEARTBEAT).front(), &gcs));
  QCOMPARE(int(gcs.type), 6);
  QCOMPARE(int(gcs.autopilot), 8);

  // The vehicle speaks: the rate is found (115200, the first tried), the vehicle listed.
  px4.heartbeat();
  QTRY_VERIFY_WITH_TIMEOUT(anyContains(notes, QStringLiteral("at 115200 baud")), 5000);
  if (!station.roster()->selected()) px4.heartbeat();  // (one sent while detection listened is enough)
  QTRY_VERIFY_WITH_TIMEOUT(station.roster()->selected(), 3000);
  VehicleLink* vehicle = station.roster()->selected();
  ParamClient* params = vehicle->params();
  QTRY_VERIFY_WITH_TIMEOUT(params->encodingReason().contains(QStringLiteral("AUTOPILOT_VERSION")), 3000);
  QSignalSpy complete(params, &ParamClient::listComplete);
  params->requestAll();
  QTRY_COMPARE_WITH_TIMEOUT(complete.count(), 1, 5000);
  QSignalSpy finished(vehicle, &VehicleLink::commandFinished);
  vehicle->setCustomMode(px4CustomMode(kPx4Auto, kPx4AutoLoiter));
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 3000);
  QTRY_COMPARE_WITH_TIMEOUT(vehicle->currentModeName(), QStringLiteral("Hold"), 3000);

  // Unplugged: the pair closes. Told, and the vehicle stays with its parameters and mode.
  px4.closeSerial();
  pty.stop();
  QTRY_VERIFY_WITH_TIMEOUT(anyContains(problems, QStringLiteral("is gone")), 5000);
  QVERIFY(anyContains(problems, QStringLiteral("kept")));
  QVERIFY(station.isActive());  // reopening
  QCOMPARE(station.roster()->vehicles().size(), 1);
  QCOMPARE(params->param("COM_DL_LOSS_T")->value, 10.0);
  QVERIFY(params->complete());
  QCOMPARE(vehicle->currentModeName(), QStringLiteral("Hold"));

  // Plugged in again (the same link names): reconnected, told, the same vehicle goes on.
  QVERIFY(pty.start());
  QVERIFY(px4.openSerial(pty.b()));
  QTRY_VERIFY_WITH_TIMEOUT(anyContains(notes, QStringLiteral("is back")), 5000);
  QVERIFY(station.isOpen());
  const std::size_t heard_before = px4.receivedOf(MAVLINK_MSG_ID_HEARTBEAT).size();
  px4.heartbeat();
  QTRY_VERIFY_WITH_TIMEOUT(px4.receivedOf(MAVLINK_MSG_ID_HEARTBEAT).size() > heard_before, 3000);  // beating again
  QCOMPARE(station.roster()->vehicles().size(), 1);
  QCOMPARE(station.roster()->selected(), vehicle);
  QCOMPARE(vehicle->linkState(), LinkState::Connected);
  QCOMPARE(vehicle->currentModeName(), QStringLiteral("Hold"));
  QCOMPARE(params->params().size(), 2);
  QCOMPARE(params->param("MPC_XY_VEL_MAX")->value, double(12.0f));
}

QTEST_GUILESS_MAIN(AutopilotSerialTest)
#include "autopilot_serial_test.moc"
