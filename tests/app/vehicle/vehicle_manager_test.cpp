// Vehicle and VehicleManager without widgets: the station's own vehicles and which one is
// active, every vehicle heard on an autopilot link made a Vehicle in the order heard, the one on
// show (chosen, or else the active one) and its fall-back when its link goes, and the managers
// each vehicle carries (signing only for the station's own, on a private link). The autopilots
// are the test-only PX4 and ArduCopter stand-ins of tests/app/link, attached in-process.
#include "app/vehicle/vehicle_manager.h"

#include "tests/app/link/autopilot_stand_in.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace navigator;

namespace {

// The station's own vehicle on a connection of its own, as the SITL and board sessions make it.
struct OwnVehicle {
  OwnVehicle(VehicleOrigin origin, SigningKeyStore* keys) : link(&connection) {
    vehicle = new Vehicle(&link, origin, keys, [this](const QByteArray& frames) {
      private_bytes += frames.size();
      return true;
    });
  }
  MavlinkConnection connection;
  VehicleLink link;
  Vehicle* vehicle = nullptr;  // the link's child
  qsizetype private_bytes = 0;
};

Vehicle* argument(const QSignalSpy& spy, int i) { return spy.at(i).at(0).value<Vehicle*>(); }

}  // namespace

class VehicleManagerTest : public QObject {
  Q_OBJECT

 private slots:
  void init() {
    QVERIFY(dir_.isValid());
    keys_ = std::make_unique<SigningKeyStore>(dir_.filePath(QStringLiteral("keys.json")));
  }

  void theActiveOneIsTheBoardWhileItsPortIsOpen() {
    OwnVehicle sitl(VehicleOrigin::Sitl, keys_.get()), board(VehicleOrigin::Board, keys_.get());
    VehicleManager vehicles;
    vehicles.addOwn(sitl.vehicle);
    vehicles.addOwn(board.vehicle);
    QCOMPARE(vehicles.own(VehicleOrigin::Sitl), sitl.vehicle);
    QCOMPARE(vehicles.own(VehicleOrigin::Board), board.vehicle);
    QCOMPARE(vehicles.own(VehicleOrigin::AutopilotLink), nullptr);
    // The first one added is active and on show until the sources say otherwise.
    QCOMPARE(vehicles.active(), sitl.vehicle);
    QCOMPARE(vehicles.shown(), sitl.vehicle);
    QSignalSpy active(&vehicles, &VehicleManager::activeChanged);
    QSignalSpy shown(&vehicles, &VehicleManager::shownChanged);
    vehicles.setActive(board.vehicle);
    QCOMPARE(active.count(), 1);
    QCOMPARE(argument(active, 0), board.vehicle);
    QCOMPARE(shown.count(), 1);
    QCOMPARE(argument(shown, 0), board.vehicle);
    vehicles.setActive(board.vehicle);  // no change, nothing said
    QCOMPARE(active.count(), 1);
    QCOMPARE(shown.count(), 1);
    // Each own vehicle is found from its link, and carries its managers.
    QCOMPARE(Vehicle::of(&board.link), board.vehicle);
    QCOMPARE(board.vehicle->parameters(), board.link.params());
    QCOMPARE(board.vehicle->commands(), board.link.commands());
    QVERIFY(board.vehicle->signing() != nullptr);
    QVERIFY(board.vehicle->signing()->hasPrivateLink());
    QCOMPARE(board.vehicle->signing()->store(), keys_.get());
  }

  void heardVehiclesAreShownWhenChosen() {
    OwnVehicle sitl(VehicleOrigin::Sitl, keys_.get());
    MavlinkConnection connection;
    VehicleRoster roster(&connection);
    AutopilotStandIn px4({AutopilotStandIn::Kind::Px4, 1}), copter({AutopilotStandIn::Kind::ArduCopter, 2});
    px4.attach(&connection);
    copter.attach(&connection);
    VehicleManager vehicles;
    vehicles.addOwn(sitl.vehicle);
    vehicles.watch(&roster);
    QSignalSpy heard(&vehicles, &VehicleManager::vehicleHeard);
    copter.heartbeat();  // heard first, listed first
    px4.heartbeat();
    QTRY_COMPARE_WITH_TIMEOUT(vehicles.heard().size(), qsizetype(2), 2000);
    QCOMPARE(heard.count(), 2);
    const QList<Vehicle*> list = vehicles.heard();
    QCOMPARE(int(list[0]->status().system_id), 2);
    QCOMPARE(int(list[1]->status().system_id), 1);
    for (Vehicle* v : list) {
      QCOMPARE(v->origin(), VehicleOrigin::AutopilotLink);
      QCOMPARE(v->signing(), nullptr);  // no private link: signing is not offered
      const auto [ok, why] = v->switchSigning(true);
      QVERIFY(!ok);
      QVERIFY2(why.contains(QStringLiteral("Vayu")), qPrintable(why));
    }

    QSignalSpy shown(&vehicles, &VehicleManager::shownChanged);
    vehicles.choose(list[1]);
    QCOMPARE(vehicles.shown(), list[1]);
    QCOMPARE(vehicles.chosen(), list[1]);
    QCOMPARE(shown.count(), 1);
    QCOMPARE(argument(shown, 0), list[1]);
    vehicles.choose(list[1]);  // chosen again: nothing changes
    QCOMPARE(shown.count(), 1);
    vehicles.choose(nullptr);  // back to the station's own
    QCOMPARE(vehicles.shown(), sitl.vehicle);
    QCOMPARE(shown.count(), 2);

    // The one on show goes with its link (the autopilot link closed): the active one is shown.
    vehicles.choose(list[0]);
    QCOMPARE(shown.count(), 3);
    roster.clear();
    QCOMPARE(vehicles.chosen(), nullptr);
    QCOMPARE(vehicles.shown(), sitl.vehicle);
    QCOMPARE(shown.count(), 4);
    QCOMPARE(argument(shown, 3), sitl.vehicle);
    QVERIFY(vehicles.heard().isEmpty());
  }

 private:
  QTemporaryDir dir_;
  std::unique_ptr<SigningKeyStore> keys_;
};

QTEST_GUILESS_MAIN(VehicleManagerTest)
#include "vehicle_manager_test.moc"
