// AutopilotFlightCheck (navigator-autopilot-check's sequence) against the test-only PX4 stand-in
// (tests/app/link/autopilot_stand_in.h): the test plays the vehicle's heights and its disarm,
// on a ManualTickClock. Expected figures are the ones played: a take-off refused once and
// accepted 2 s later (the retry period), a hold measured between the heights sent after the
// 3 s settle, the disarm 9 s after Land; and the failures named with their numbers.
#include "app/core/autopilot_flight_check.h"
#include "app/link/vehicle_roster.h"
#include "tests/app/link/autopilot_stand_in.h"

#include <QSignalSpy>
#include <QtTest>

using namespace navigator;

namespace {

struct Bench {
  Bench() : vehicle({AutopilotStandIn::Kind::Px4, 1}), roster(&connection) {
    roster.setClock(&roster_clock);
    vehicle.attach(&connection);
  }
  // GLOBAL_POSITION_INT at Zurich, home 488 m, `height_m` above it.
  void height(double height_m) {
    mavlink_global_position_int_t g{};
    g.lat = 473977418;
    g.lon = 85455939;
    g.alt = std::int32_t((488.0 + height_m) * 1000);
    g.relative_alt = std::int32_t(height_m * 1000);
    vehicle.send(g);
    QCoreApplication::processEvents();  // delivered: the stand-in sends from the event loop
  }
  void seconds(double s) {  // the check's time moves in 100 ms ticks
    for (int i = 0; i < int(s * 10 + 0.5); ++i) clock.advance(100);
    QCoreApplication::processEvents();  // what the ticks sent, delivered
  }
  MavlinkConnection connection;
  AutopilotStandIn vehicle;
  ManualTickClock roster_clock, clock;
  VehicleRoster roster;
};

}  // namespace

class AutopilotFlightCheckTest : public QObject {
  Q_OBJECT
 private slots:
  void aFlightThatHoldsPasses();
  void aVehicleThatDoesNotClimbFails();
};

void AutopilotFlightCheckTest::aFlightThatHoldsPasses() {
  Bench b;
  b.vehicle.arm_refusal = QStringLiteral("Arming denied: Resolve system health failures first");
  b.vehicle.heartbeat();
  QTRY_VERIFY_WITH_TIMEOUT(b.roster.selected(), 2000);
  AutopilotFlightCheck check(b.roster.selected(), &b.clock, FlightCheckOptions{});
  QSignalSpy finished(&check, &AutopilotFlightCheck::finished);
  check.start();
  b.seconds(1);
  b.height(0.0);  // the first position: take-off asked at once, refused
  QTRY_COMPARE_WITH_TIMEOUT(b.vehicle.commands.size(), std::size_t(1), 2000);
  QTRY_COMPARE_WITH_TIMEOUT(check.result().refusals, 1, 2000);
  b.vehicle.arm_refusal.clear();  // its estimator is ready
  b.seconds(2.0);                 // the retry: arm, NAV_TAKEOFF
  QTRY_COMPARE_WITH_TIMEOUT(b.vehicle.commands.size(), std::size_t(3), 2000);
  QCOMPARE(int(b.vehicle.commands[2].command), 22);
  QCOMPARE(b.vehicle.commands[2].param7, 493.0f);  // home 488 m + 5 m
  for (double h : {1.0, 2.5, 4.2}) {
    b.height(h);
    b.seconds(1);
  }
  b.height(5.6);  // overshoot during the 3 s settle: not measured
  b.seconds(2.0);
  b.height(5.3);  // where the hold begins
  b.seconds(1.1);
  for (double h : {4.7, 5.0, 5.1, 5.2}) {  // the hold: 4.7–5.3 m
    b.height(h);
    b.seconds(2.5);
  }
  QTRY_COMPARE_WITH_TIMEOUT(int(b.vehicle.commands.back().command), 21, 2000);  // Land
  b.height(0.0);
  b.seconds(9.0);
  b.vehicle.armed = false;  // it disarms by itself
  b.vehicle.heartbeat();
  QTRY_VERIFY_WITH_TIMEOUT(!b.roster.selected()->vehicle().armed, 2000);
  b.seconds(0.1);
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 2000);
  const FlightCheckResult r = check.result();
  QVERIFY2(r.passed, qPrintable(r.summary()));
  QCOMPARE(r.refusals, 1);
  QVERIFY2(r.last_refusal.contains(QStringLiteral("Resolve system health failures first")), qPrintable(r.last_refusal));
  QCOMPARE(r.armed_after_s, 2.0);
  QCOMPARE(r.hold_min_m, 4.7);
  QCOMPARE(r.hold_max_m, 5.3);
  QVERIFY2(std::abs(r.disarmed_after_s - 9.1) < 0.15, qPrintable(r.summary()));
}

void AutopilotFlightCheckTest::aVehicleThatDoesNotClimbFails() {
  Bench b;
  b.vehicle.heartbeat();
  QTRY_VERIFY_WITH_TIMEOUT(b.roster.selected(), 2000);
  FlightCheckOptions options;
  options.climb_timeout_s = 20;
  AutopilotFlightCheck check(b.roster.selected(), &b.clock, options);
  check.start();
  b.height(0.0);
  QTRY_COMPARE_WITH_TIMEOUT(b.vehicle.commands.size(), std::size_t(2), 2000);  // arm, take-off: accepted
  b.height(0.5);
  b.seconds(20.2);
  QTRY_VERIFY_WITH_TIMEOUT(check.done(), 2000);
  QVERIFY(!check.result().passed);
  QCOMPARE(check.result().failure, QStringLiteral("climbed only to 0.50 m in 20 s"));
}

QTEST_GUILESS_MAIN(AutopilotFlightCheckTest)
#include "autopilot_flight_check_test.moc"
