// The ground station's simulation worker and its lock-free sample ring.
#include "app/core/simulation_worker.h"
#include "sim/config/airframe_file.h"

#include <QtTest>

#include <thread>

namespace {

vsim::VehicleModel s500() {
  auto m = vsim::loadAirframe(NAVIGATOR_SOURCE_DIR "/resources/airframes/s500.yaml");
  if (!m) qFatal("%s", m.error().message.c_str());
  return *m;
}

vsim::SimulatorConfig flatGround() {
  vsim::SimulatorConfig c;
  c.world = vsim::World{};
  return c;
}

}  // namespace

class SimulationWorkerTest : public QObject {
  Q_OBJECT

 private slots:
  void ringKeepsOrderAndCountsWhatItCannotHold() {
    navigator::SpscRing<int> ring(4);  // holds 3
    QCOMPARE(int(ring.capacity()), 3);
    for (int i = 0; i < 5; ++i) ring.push(i);
    QCOMPARE(ring.dropped(), 2u);
    std::vector<int> out;
    QCOMPARE(int(ring.popAll(out)), 3);
    QCOMPARE(out, (std::vector<int>{0, 1, 2}));
    for (int i = 10; i < 13; ++i) QVERIFY(ring.push(i));  // wraps around
    out.clear();
    ring.popAll(out);
    QCOMPARE(out, (std::vector<int>{10, 11, 12}));
  }

  void ringAcrossThreadsLosesNothing() {
    // A producer at full speed, a consumer draining now and then: 2,000,000 items arrive in
    // order, none lost, none duplicated.
    navigator::SpscRing<std::uint64_t> ring(1 << 16);
    const std::uint64_t n = 2'000'000;
    std::thread producer([&] {
      for (std::uint64_t i = 0; i < n; ++i)
        while (!ring.push(i)) std::this_thread::yield();  // (the test's producer retries; the worker never does)
    });
    std::vector<std::uint64_t> got;
    got.reserve(n);
    while (got.size() < n) {
      ring.popAll(got);
      std::this_thread::yield();
    }
    producer.join();
    for (std::uint64_t i = 0; i < n; ++i)
      if (got[i] != i) QFAIL(qPrintable(QString("item %1 is %2").arg(i).arg(got[i])));
  }

  void sixtySecondsOfSamplesArriveNoneLost() {
    // 60 s of simulated flight as fast as it goes, the GUI side draining every 16 ms as a
    // 60 Hz timer would, through a ring of 16,383 samples (16 s of simulated time, far less than
    // the 60 s flown: a drain that fell behind would lose samples, as the next test shows): all
    // 60,000 IMU periods arrive, one per millisecond of sim time.
    QTemporaryDir dir;
    navigator::SimulationWorker worker(nullptr, 1 << 14);
    vsim::ServiceOptions o;
    o.dir = dir.path().toStdString();
    o.mode = vsim::PacingMode::Fast;
    o.duration_s = 60.0;
    QCOMPARE(worker.start(s500(), flatGround(), o), QString());
    std::vector<navigator::TelemetrySample> samples;
    QVERIFY(QTest::qWaitFor(
        [&] {
          worker.drain(samples);
          return worker.finished();
        },
        120000));
    worker.stop();
    worker.drain(samples);
    QCOMPARE(int(samples.size()), 60000);
    QCOMPARE(worker.samplesLost(), 0u);
    for (std::size_t i = 0; i < samples.size(); ++i)
      if (samples[i].time_us != std::int64_t(i + 1) * 1000)
        QFAIL(qPrintable(QString("sample %1 at %2 us").arg(i).arg(samples[i].time_us)));
    // At rest on the ground the accelerometer reads −g (specific force: the ground's push).
    QCOMPARE_LT(std::abs(samples.back().accel_S_mps2[2] + 9.81f), 0.5f);
  }

  void aResetAndANewVehicleKeepTheSimulatorsClock() {
    // 30 s of simulated time with a reset and then a new vehicle (mass properties) on the way:
    // the simulator's own run time starts again at each (the firmware hears it so), but the
    // samples stay on the simulation's clock, the one its status reports: 30,000 IMU periods,
    // one per millisecond, 1 ms … 30,000 ms, and the status's time is the last sample's. At each
    // new run the sample says where the run began (the last period of the run before) and the
    // run's own time is one period.
    QTemporaryDir dir;
    navigator::SimulationWorker worker;
    vsim::ServiceOptions o;
    o.dir = dir.path().toStdString();
    o.mode = vsim::PacingMode::Fast;
    o.duration_s = 30.0;
    QCOMPARE(worker.start(s500(), flatGround(), o), QString());
    std::vector<navigator::TelemetrySample> samples;
    bool reset_posted = false, geometry_posted = false;
    QVERIFY(QTest::qWaitFor(
        [&] {
          worker.drain(samples);
          if (!samples.empty() && !reset_posted && samples.back().time_us >= 500'000) {
            worker.post(vsim::ResetCommand{});
            reset_posted = true;
          } else if (!samples.empty() && !geometry_posted && samples.back().run == 1) {
            vsim::VehicleModel heavier = s500();
            heavier.mass_kg *= 1.1;
            worker.post(vsim::GeometryCommand{heavier});
            geometry_posted = true;
          }
          return worker.finished();
        },
        120000));
    worker.stop();
    worker.drain(samples);
    QCOMPARE(int(samples.size()), 30000);
    QCOMPARE(worker.runsStarted(), 2u);
    std::vector<std::size_t> new_runs;
    for (std::size_t i = 0; i < samples.size(); ++i) {
      if (samples[i].time_us != std::int64_t(i + 1) * 1000)
        QFAIL(qPrintable(QString("sample %1 at %2 us").arg(i).arg(samples[i].time_us)));
      if (i > 0 && samples[i].run != samples[i - 1].run) new_runs.push_back(i);
    }
    QCOMPARE(int(new_runs.size()), 2);
    for (std::size_t k = 0; k < new_runs.size(); ++k) {
      const navigator::TelemetrySample& first = samples[new_runs[k]];
      QCOMPARE(first.run, std::uint32_t(k + 1));
      QCOMPARE(first.run_start_us, samples[new_runs[k] - 1].time_us);
      QCOMPARE(first.time_us - first.run_start_us, std::int64_t(1000));
    }
    QCOMPARE(worker.status().sim_time_s * 1e6, double(samples.back().time_us));
  }

  void schedulingIsSaidAtStart() {
    // Seen before: overruns rose and no line said whether real-time priority was granted. The
    // worker says it once at start, either way, and keeps the sentence for the status tooltip.
    for (const int priority : {0, 20}) {
      QTemporaryDir dir;
      navigator::SimulationWorker worker;
      // The worker's thread emits; received on this thread (queued: the context object lives
      // here), so the list is never written by one thread while the other reads it.
      QStringList said;
      QObject::connect(&worker, &navigator::SimulationWorker::scheduling, &worker,
                       [&said](const QString& text) { said << text; });
      vsim::ServiceOptions o;
      o.dir = dir.path().toStdString();
      o.mode = vsim::PacingMode::Fast;
      o.duration_s = 0.1;
      QCOMPARE(worker.start(s500(), flatGround(), o, priority), QString());
      QTRY_COMPARE(said.count(), 1);
      const QString text = said.first();
      QCOMPARE(worker.schedulingDescription(), text);
      if (priority == 0)
        QVERIFY2(text.contains(QStringLiteral("normal priority (--rt-priority 0)")), qPrintable(text));
      else if (worker.realtimeScheduled())  // as root, or with CAP_SYS_NICE / an rtprio limit
        QVERIFY2(text.contains(QStringLiteral("runs in real time (SCHED_FIFO, priority 20)")), qPrintable(text));
      else
        QVERIFY2(text.contains(QStringLiteral("(SCHED_FIFO, priority 20) was refused: ")), qPrintable(text));
      worker.stop();
    }
  }

  void aStalledDrainLosesWhatTheRingCannotHold() {
    // Nobody drains while 5 s are flown through a ring of 1,023 samples: exactly the first
    // 1,023 periods are kept, the other 3,977 counted as lost, none silently.
    QTemporaryDir dir;
    navigator::SimulationWorker worker(nullptr, 1024);
    vsim::ServiceOptions o;
    o.dir = dir.path().toStdString();
    o.mode = vsim::PacingMode::Fast;
    o.duration_s = 5.0;
    QCOMPARE(worker.start(s500(), flatGround(), o), QString());
    QVERIFY(QTest::qWaitFor([&] { return worker.finished(); }, 60000));
    worker.stop();
    std::vector<navigator::TelemetrySample> samples;
    worker.drain(samples);
    QCOMPARE(int(samples.size()), 1023);
    QCOMPARE(worker.samplesProduced(), 1023u);  // (what went into the ring)
    QCOMPARE(worker.samplesLost(), 3977u);      // 5 s at 1 kHz, less what it held
    QCOMPARE(samples.back().time_us, std::int64_t(1023) * 1000);
  }

  void commandsArriveAndItStopsCleanly() {
    QTemporaryDir dir;
    navigator::SimulationWorker worker;
    vsim::ServiceOptions o;
    o.dir = dir.path().toStdString();
    o.mode = vsim::PacingMode::Realtime;
    QCOMPARE(worker.start(s500(), flatGround(), o), QString());
    std::vector<navigator::TelemetrySample> seen;
    QVERIFY(QTest::qWaitFor([&] { return worker.drain(seen) > 0; }, 5000));
    vsim::WorldCommand wind;
    wind.wind_NED_mps = Eigen::Vector3d(5, 0, 0);
    worker.post(wind);
    // The wind command takes effect in the periods that follow.
    QVERIFY(QTest::qWaitFor(
        [&] {
          seen.clear();
          worker.drain(seen);
          return !seen.empty() && seen.back().wind_NED_mps[0] == 5.0f;
        },
        5000));
    worker.post(vsim::PauseCommand{true});
    QVERIFY(QTest::qWaitFor([&] { return worker.status().paused; }, 5000));
    std::vector<navigator::TelemetrySample> before, after;
    worker.drain(before);
    const std::uint64_t produced = worker.samplesProduced();
    // Proof that the paused service has gone round its loop since: a command posted now is
    // applied there (and counted in the next status). No period may have run meanwhile.
    const std::int64_t applied = worker.status().commands_applied;
    vsim::WorldCommand calm;
    calm.wind_NED_mps = Eigen::Vector3d::Zero();
    worker.post(calm);
    QVERIFY(QTest::qWaitFor([&] { return worker.status().commands_applied > applied; }, 5000));
    worker.drain(after);
    QVERIFY2(after.empty(), "paused: no new periods");
    QCOMPARE(worker.samplesProduced(), produced);
    worker.post(vsim::PauseCommand{false});
    QVERIFY(QTest::qWaitFor(
        [&] {
          worker.drain(after);
          return after.size() > 200;  // real time again
        },
        5000));
    worker.stop();  // returns when the thread has ended
    QVERIFY(worker.finished());
    QVERIFY(!worker.running());
  }

  void aBadStartSaysWhy() {
    QTemporaryDir dir;
    QFile blocker(dir.path() + "/vsim_pwm");  // a file where a pipe must go
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    navigator::SimulationWorker worker;
    vsim::ServiceOptions o;
    o.dir = dir.path().toStdString();
    const QString error = worker.start(s500(), flatGround(), o);
    QVERIFY2(error.contains("vsim_pwm: exists and is not a named pipe"), qPrintable(error));
    QVERIFY(!worker.running());
  }
};

QTEST_GUILESS_MAIN(SimulationWorkerTest)
#include "simulation_worker_test.moc"
