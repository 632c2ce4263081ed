// AutopilotWorldWorker: the PX4/ArduPilot world inside the ground station, against two
// test-only PX4 stand-ins (tests/sim/service/autopilot_standins.h; not PX4): the selected vehicle's
// samples reach drain(), every vehicle's pose reaches poses(), the selection and the wind change
// what is drained, and stop() closes the autopilots' connections.
#include "app/core/autopilot_world_worker.h"

#include "tests/sim/service/autopilot_standins.h"
#include "tests/sim/shipped_airframes.h"

#include <QSignalSpy>
#include <QtTest>

#include <thread>

using navigator::AutopilotWorldWorker;
using navigator::TelemetrySample;

class AutopilotWorldWorkerTest : public QObject {
  Q_OBJECT

 private slots:
  void selectedVehicleSamplesAllPosesAndStop();
  void refusedWorldStartsNothing();
};

void AutopilotWorldWorkerTest::selectedVehicleSamplesAllPosesAndStop() {
  constexpr int kBasePort = 25560;
  const vsim::VehicleModel model = loadShippedAirframe("s500.yaml");
  vsim::SimulatorConfig config;
  config.imu_rate_hz = 250;
  config.world.has_ground = true;
  std::vector<vsim::WorldVehicle> vehicles(2);
  for (int i = 0; i < 2; ++i) {
    vehicles[std::size_t(i)].model = model;
    vehicles[std::size_t(i)].pose = vsim::standingAt(model, config.world, 0.0, 3.0 * i, 0.0);  // 3 m apart east
  }
  vsim::AutopilotWorldOptions options;
  options.base_port = kBasePort;
  options.speed = 4;  // 4× real time, so the test does not wait long
  AutopilotWorldWorker worker;
  QSignalSpy events(&worker, &AutopilotWorldWorker::event);
  QCOMPARE(worker.start(std::move(vehicles), config, options), QString());
  QCOMPARE(worker.vehicleCount(), 2);
  Px4StandIn a(kBasePort), b(kBasePort + 1, 2);
  QVERIFY(a.connect());
  QVERIFY(b.connect());
  std::atomic<bool> stop{false};
  std::thread ta([&] { a.serve(stop); }), tb([&] { b.serve(stop); });

  std::vector<TelemetrySample> samples;
  QTRY_VERIFY_WITH_TIMEOUT((worker.drain(samples), samples.size() > 100 && worker.poses().size() == 2), 10000);
  QVERIFY(std::abs(samples.back().p_W_m[1]) < 0.01f);  // vehicle 1 (index 0) stands at east 0
  const std::vector<navigator::WorldVehiclePose> poses = worker.poses();
  QVERIFY(std::abs(poses[1].p_W_m[1] - 3.0f) < 0.01f);
  QVERIFY(std::abs(poses[0].q_WB_wxyz[0] - 1.0f) < 1e-3f);
  // The second vehicle selected: its samples from now on.
  // From the call on, not one sample of the first: those still queued are left out.
  worker.setSelectedVehicle(1);
  samples.clear();
  QTRY_VERIFY_WITH_TIMEOUT((worker.drain(samples), samples.size() > 10), 10000);
  for (const TelemetrySample& s : samples) {
    QCOMPARE(s.world_vehicle, 1);
    QVERIFY(std::abs(s.p_W_m[1] - 3.0f) < 0.01f);
  }
  worker.setSelectedVehicle(7);  // no such vehicle: the last one
  QCOMPARE(worker.selectedVehicle(), 1);
  // Wind for every vehicle, between periods: 4 m/s from the south (the air moves north).
  vsim::WindSettings wind;
  wind.steady_NED_mps = Eigen::Vector3d(4, 0, 0);
  worker.setWind(wind);
  QTRY_VERIFY_WITH_TIMEOUT((worker.drain(samples), !samples.empty() && samples.back().wind_NED_mps[0] == 4.0f), 10000);
  // Both joined, by name; the status knows them.
  QTRY_VERIFY_WITH_TIMEOUT(worker.status().autopilots.size() == 2 && worker.status().autopilots[1].in_lockstep, 10000);
  bool joined = false;
  for (const QList<QVariant>& e : events)
    joined = joined || e.at(0).toString() == QStringLiteral("PX4 #1 (TCP 25561): in lockstep");
  QVERIFY(joined);
  // Stopped: the backends' sockets close, the stand-ins see the simulator gone.
  worker.stop();
  QVERIFY(!worker.running());
  ta.join();
  tb.join();
  QVERIFY(a.answered > 0 && b.answered > 0);
}

void AutopilotWorldWorkerTest::refusedWorldStartsNothing() {
  vsim::SimulatorConfig config;
  std::vector<vsim::WorldVehicle> vehicles(1);
  vehicles[0].model = loadShippedAirframe("lander_004.yaml");
  vsim::AutopilotWorldOptions options;
  options.base_port = 25570;
  AutopilotWorldWorker worker;
  const QString error = worker.start(std::move(vehicles), config, options);
  QVERIFY2(error.startsWith(QStringLiteral("vehicle 1 (")) && error.contains(QStringLiteral("quad X")),
           qPrintable(error));
  QVERIFY(!worker.running());
}

QTEST_GUILESS_MAIN(AutopilotWorldWorkerTest)
#include "autopilot_world_worker_test.moc"
