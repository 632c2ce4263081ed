// ReplayLog and LogReplay (app/core): a flight log turned into the Fly page's samples, and played
// on a clock the test drives. The Navigator log is written here with known values
// (replay_test_flight.h); PX4's sample log's expected values are what `navigator-log export`
// prints for that topic (the rows are named at each check). No wall clock: a ManualTickClock.
#include "app/clock/tick_clock.h"
#include "app/core/log_replay.h"
#include "app/core/replay_log.h"
#include "tests/app/core/replay_test_flight.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using navigator::LogReplay;
using navigator::ManualTickClock;
using navigator::ReplayLog;
using navigator::TelemetrySample;
using navigator::test::TestFlight;

namespace {

// PX4's sample logs (pyulog's test data): tests/data/px4-ulog.
QString px4Log(const char* name) { return QStringLiteral(NAVIGATOR_PX4_ULOG_DIR "/") + QLatin1String(name); }

// Collects what a LogReplay emits.
struct Received {
  std::vector<TelemetrySample> samples;
  std::vector<navigator::AttitudeWxyz> estimates;
  std::vector<std::size_t> per_tick;
  void connectTo(LogReplay& r) {
    QObject::connect(&r, &LogReplay::samplesDue, &r,
                     [this](const std::vector<TelemetrySample>& s, const std::vector<navigator::AttitudeWxyz>& e) {
                       samples.insert(samples.end(), s.begin(), s.end());
                       estimates.insert(estimates.end(), e.begin(), e.end());
                       per_tick.push_back(s.size());
                     });
  }
};

}  // namespace

class LogReplayTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    path_ = dir_.filePath(QStringLiteral("flight.ulg"));
    const QString error = flight_.write(path_);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    auto log = ReplayLog::open(QFile::encodeName(path_).toStdString());
    QVERIFY2(log, log ? "" : log.error().message.c_str());
    log_ = log.value();
  }

  // Each sample holds what was logged for its step: the truth of the step itself, the motors,
  // estimate and magnetometer of the last step each was logged at (replay_test_flight.h).
  void samplesEqualTheLoggedValues() {
    QVERIFY(log_->hasTruth());
    QCOMPARE(log_->clockTopic(), std::string("navigator_truth"));
    QCOMPARE(log_->sampleCount(), std::size_t(flight_.steps));
    QCOMPARE(log_->startUs(), TestFlight::kStartUs);  // a whole millisecond already
    QCOMPARE(log_->durationUs(), std::int64_t(flight_.steps - 1) * 1000);
    QCOMPARE(log_->rotorCount(), flight_.rotors);
    for (int k : {0, 1, 7, 13, 999, flight_.steps - 1}) {
      const TelemetrySample s = log_->sample(std::size_t(k));
      QCOMPARE(s.time_us, std::int64_t(k) * 1000);
      const auto truth = flight_.truth(k);
      for (int i = 0; i < 3; ++i) {
        QCOMPARE(s.p_W_m[i], float(truth.position_ned_m[i]));  // logged as double, carried as float
        QCOMPARE(s.v_W_mps[i], truth.velocity_ned_m_s[i]);
        QCOMPARE(s.accel_S_mps2[i], flight_.imu(k).accelerometer_m_s2[i]);
        QCOMPARE(s.gyro_S_radps[i], flight_.imu(k).gyro_rad[i]);
        QCOMPARE(s.wind_NED_mps[i], flight_.wind(k).wind_ned_m_s[i]);
        QCOMPARE(s.turbulence_NED_mps[i], flight_.wind(k).turbulence_ned_m_s[i]);
        QCOMPARE(s.mag_S_gauss[i], flight_.magnetometer(k - k % 10).magnetometer_ga[i]);
      }
      for (int i = 0; i < 4; ++i) QCOMPARE(s.attitude_WB_wxyz[i], truth.q_frd_to_ned[i]);
      QCOMPARE(s.airspeed_mps, flight_.wind(k).airspeed_m_s);
      QCOMPARE(s.rotor_count, flight_.rotors);
      for (int r = 0; r < flight_.rotors; ++r) {
        QCOMPARE(s.rotor_speed_radps[r], truth.rotor_speed_rad_s[r]);
        // A copy: ActuatorMotors is packed (control[] sits at byte 18), so QCOMPARE may not
        // bind a reference to the field.
        const float logged_duty = flight_.motors(k - k % 2).control[r];
        QCOMPARE(s.motor_duty[r], logged_duty);
      }
    }
  }

  // The walk (samples) and the random access (sample) agree at every sample, and the estimate
  // held at each is the one logged at or before it.
  void walkEqualsRandomAccess() {
    std::vector<TelemetrySample> all;
    std::vector<navigator::AttitudeWxyz> estimates;
    log_->samples(-1, log_->durationUs(), all, &estimates);
    QCOMPARE(all.size(), log_->sampleCount());
    QCOMPARE(estimates.size(), all.size());
    for (std::size_t i = 0; i < all.size(); i += 37) {
      const TelemetrySample r = log_->sample(i);
      QCOMPARE(all[i].time_us, r.time_us);
      QCOMPARE(all[i].mag_S_gauss, r.mag_S_gauss);
      QCOMPARE(all[i].motor_duty, r.motor_duty);
      QCOMPARE(all[i].attitude_WB_wxyz, r.attitude_WB_wxyz);
      const auto e = flight_.estimate(int(i) - int(i) % 4);
      for (int k = 0; k < 4; ++k) QCOMPARE(estimates[i][std::size_t(k)], e.q[k]);
    }
    // (after, to]: the sample at `after` is not repeated.
    std::vector<TelemetrySample> part;
    log_->samples(5000, 8000, part);
    QCOMPARE(part.size(), std::size_t(3));
    QCOMPARE(part.front().time_us, std::int64_t(6000));
    QCOMPARE(part.back().time_us, std::int64_t(8000));
  }

  // A six-rotor log shows six motors: one past the highest that ever ran.
  void rotorsCountedFromTheLog() {
    TestFlight hexa;
    hexa.rotors = 6;
    hexa.steps = 50;
    const QString path = dir_.filePath(QStringLiteral("hexa.ulg"));
    const QString error = hexa.write(path);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    auto log = ReplayLog::open(QFile::encodeName(path).toStdString());
    QVERIFY(log);
    QCOMPARE(log.value()->rotorCount(), 6);
  }

  // PX4's sample_log_small.ulg at vehicle_attitude's 601st message (timestamp 23415930 µs), each
  // value as `navigator-log export sample_log_small.ulg TOPIC` prints it:
  //   vehicle_attitude row 601:       q = 0.998924911, 0.00946466252, -0.000340938626, 0.0453801267
  //   vehicle_local_position row 295 (23411043 µs, the last at or before): x 0, y 0,
  //     z -0.612509012, vx -0.00961552374, vy 0.0404623598, vz 0.136171237
  //   sensor_combined row 601: accelerometer_m_s2 -0.0222368594, -0.156823829, -9.5650959;
  //     gyro_rad 0.00134009181, 0.000602651737, 0.00295399269
  //   vehicle_magnetometer row 149 (23410850 µs): 0.42620489, -0.111192726, -0.0714427382
  //   actuator_outputs row 31 (23326482 µs): output[0] 1597 µs, [2] 950 µs, [6] 1000 µs
  // Reached by seeking the replay to just before it and playing one millisecond.
  void px4AttitudeAndPositionAtAKnownTime() {
    QVERIFY2(QFile::exists(px4Log("sample_log_small.ulg")), qPrintable(px4Log("sample_log_small.ulg")));
    auto log = ReplayLog::open(QFile::encodeName(px4Log("sample_log_small.ulg")).toStdString());
    QVERIFY2(log, log ? "" : log.error().message.c_str());
    const ReplayLog& px4 = *log.value();
    QVERIFY(!px4.hasTruth());
    // vehicle_attitude has 1298 messages, vehicle_local_position 636: the attitude is the clock.
    QCOMPARE(px4.clockTopic(), std::string("vehicle_attitude"));
    QCOMPARE(px4.sampleCount(), std::size_t(1298));
    QCOMPARE(px4.startUs(), std::uint64_t(20326000));  // its first message, 20326716 µs, to the millisecond below
    QCOMPARE(px4.topicOf(ReplayLog::kMotors), std::string("actuator_outputs"));  // no actuator_motors in it
    QVERIFY(px4.topicOf(ReplayLog::kWind).empty());

    LogReplay replay;
    ManualTickClock clock;
    replay.setClock(&clock);
    replay.setLog(log.value());
    Received got;
    got.connectTo(replay);
    const std::int64_t t_us = 23415930 - 20326000;
    replay.seek(t_us - 1000);
    replay.play();
    clock.advance(1);  // one millisecond at ×1: the samples in (t − 1 ms, t]
    QCOMPARE(got.samples.size(), std::size_t(1));
    const TelemetrySample& s = got.samples.front();
    QCOMPARE(s.time_us, t_us);
    const float q[4] = {0.998924911f, 0.00946466252f, -0.000340938626f, 0.0453801267f};
    for (int i = 0; i < 4; ++i) QCOMPARE(s.attitude_WB_wxyz[i], q[i]);
    const float p[3] = {0.0f, 0.0f, -0.612509012f}, v[3] = {-0.00961552374f, 0.0404623598f, 0.136171237f};
    const float a[3] = {-0.0222368594f, -0.156823829f, -9.5650959f},
                g[3] = {0.00134009181f, 0.000602651737f, 0.00295399269f};
    const float m[3] = {0.42620489f, -0.111192726f, -0.0714427382f};
    for (int i = 0; i < 3; ++i) {
      QCOMPARE(s.p_W_m[i], p[i]);
      QCOMPARE(s.v_W_mps[i], v[i]);
      QCOMPARE(s.accel_S_mps2[i], a[i]);
      QCOMPARE(s.gyro_S_radps[i], g[i]);
      QCOMPARE(s.mag_S_gauss[i], m[i]);
      QVERIFY(std::isnan(s.wind_NED_mps[i]));  // not in a PX4 log: a gap, not a made-up 0
    }
    // PWM 1000–2000 µs to 0–1: 1597 µs is 0.597; 950 µs (below the range) and 1000 µs are 0.
    QCOMPARE(s.motor_duty[0], float((1597.0 - 1000.0) / 1000.0));
    QCOMPARE(s.motor_duty[2], 0.0f);
    QCOMPARE(s.motor_duty[6], 0.0f);
    // In a log without the truth the estimate is the pose's own attitude.
    for (int i = 0; i < 4; ++i) QCOMPARE(got.estimates.front()[std::size_t(i)], q[i]);
  }

  // PX4's events log has actuator_motors (NaN beyond its four motors) and esc_status: four
  // rotors, speeds in rad/s from the ESCs' rpm.
  void px4MotorsAndEscs() {
    QVERIFY2(QFile::exists(px4Log("sample_px4_events.ulg")), qPrintable(px4Log("sample_px4_events.ulg")));
    auto log = ReplayLog::open(QFile::encodeName(px4Log("sample_px4_events.ulg")).toStdString());
    QVERIFY2(log, log ? "" : log.error().message.c_str());
    QCOMPARE(log.value()->topicOf(ReplayLog::kMotors), std::string("actuator_motors"));
    QCOMPARE(log.value()->topicOf(ReplayLog::kRotorSpeed), std::string("esc_status"));
    QCOMPARE(log.value()->rotorCount(), 4);
    // vehicle_attitude: 1710773350.434 s to 1710773381.434 s (navigator-log topics).
    QCOMPARE(log.value()->durationUs(), std::int64_t(31'000'000));
  }

  // At ×1 a 16 ms tick brings the 16 samples of those 16 ms of a 1 kHz log; at ×4, 64; at
  // ×0.25, 4. None is skipped or repeated across ticks.
  void speedScalesTheSamplesPerTick_data() {
    QTest::addColumn<double>("speed");
    QTest::addColumn<int>("per_tick");
    QTest::newRow("x0.25") << 0.25 << 4;
    QTest::newRow("x0.5") << 0.5 << 8;
    QTest::newRow("x1") << 1.0 << 16;
    QTest::newRow("x2") << 2.0 << 32;
    QTest::newRow("x4") << 4.0 << 64;
    QTest::newRow("x8") << 8.0 << 128;
  }
  void speedScalesTheSamplesPerTick() {
    QFETCH(double, speed);
    QFETCH(int, per_tick);
    LogReplay replay;
    ManualTickClock clock;
    replay.setClock(&clock);
    replay.setLog(log_);
    QVERIFY(replay.setSpeed(speed));
    Received got;
    got.connectTo(replay);
    replay.play();  // from the log's end: back to its start
    QCOMPARE(replay.positionUs(), std::int64_t(0));
    for (int tick = 0; tick < 5; ++tick) clock.advance(16);
    QCOMPARE(got.per_tick, std::vector<std::size_t>(5, std::size_t(per_tick)));
    for (std::size_t i = 0; i < got.samples.size(); ++i) QCOMPARE(got.samples[i].time_us, std::int64_t(i + 1) * 1000);
    QCOMPARE(replay.positionUs(), std::int64_t(5 * per_tick) * 1000);
  }

  void onlyTheOfferedSpeeds() {
    LogReplay replay;
    QVERIFY(!replay.setSpeed(3.0));
    QVERIFY(!replay.setSpeed(0.0));
    QCOMPARE(replay.speed(), 1.0);
  }

  // A seek moves the position (said by jumped()), and play goes on from there.
  void seek() {
    LogReplay replay;
    ManualTickClock clock;
    replay.setClock(&clock);
    replay.setLog(log_);
    QSignalSpy jumped(&replay, &LogReplay::jumped);
    Received got;
    got.connectTo(replay);
    replay.seek(500'000);
    QCOMPARE(replay.positionUs(), std::int64_t(500'000));
    QCOMPARE(jumped.count(), 1);
    QCOMPARE(jumped.takeFirst().at(0).value<std::int64_t>(), std::int64_t(500'000));
    replay.play();
    clock.advance(16);
    QCOMPARE(got.samples.size(), std::size_t(16));
    QCOMPARE(got.samples.front().time_us, std::int64_t(501'000));
    QCOMPARE(got.samples.back().time_us, std::int64_t(516'000));
    // Beyond the log: clamped to its end.
    replay.seek(log_->durationUs() + 5'000'000);
    QCOMPARE(replay.positionUs(), log_->durationUs());
    replay.seek(-3);
    QCOMPARE(replay.positionUs(), std::int64_t(0));
  }

  // Paused, ticks bring nothing and the position stays; play resumes where it was, not where
  // the clock has got to meanwhile.
  void pause() {
    LogReplay replay;
    ManualTickClock clock;
    replay.setClock(&clock);
    replay.setLog(log_);
    QSignalSpy playing(&replay, &LogReplay::playingChanged);
    Received got;
    got.connectTo(replay);
    replay.play();
    clock.advance(16);
    replay.pause();
    QCOMPARE(playing.count(), 2);
    QVERIFY(!replay.isPlaying());
    const std::int64_t at = replay.positionUs();
    for (int i = 0; i < 10; ++i) clock.advance(16);
    QCOMPARE(replay.positionUs(), at);
    QCOMPARE(got.samples.size(), std::size_t(16));
    replay.play();
    clock.advance(16);
    QCOMPARE(got.samples.size(), std::size_t(32));
    QCOMPARE(got.samples[16].time_us, at + 1000);
  }

  // A span: play runs from its start to its end and stops there; every sample of the span
  // after its start comes exactly once.
  void spanPlaysItsPartAndStops() {
    LogReplay replay;
    ManualTickClock clock;
    replay.setClock(&clock);
    replay.setLog(log_);
    QSignalSpy span(&replay, &LogReplay::spanChanged);
    replay.setSpan(200'000, 300'000);
    QCOMPARE(span.count(), 1);
    QCOMPARE(replay.positionUs(), std::int64_t(300'000));  // its end: the whole span on show
    Received got;
    got.connectTo(replay);
    replay.play();
    QCOMPARE(replay.positionUs(), std::int64_t(200'000));
    for (int i = 0; i < 20 && replay.isPlaying(); ++i) clock.advance(16);
    QVERIFY(!replay.isPlaying());
    QCOMPARE(replay.positionUs(), std::int64_t(300'000));
    QCOMPARE(got.samples.size(), std::size_t(100));  // 201 … 300 ms of a 1 kHz log
    QCOMPARE(got.samples.front().time_us, std::int64_t(201'000));
    QCOMPARE(got.samples.back().time_us, std::int64_t(300'000));
    // Reversed ends are put in order; outside the log clamped to it.
    replay.setSpan(log_->durationUs() + 10, 1'500'000);
    QCOMPARE(replay.spanFromUs(), std::int64_t(1'500'000));
    QCOMPARE(replay.spanToUs(), log_->durationUs());
    replay.resetSpan();
    QCOMPARE(replay.spanFromUs(), std::int64_t(0));
    QCOMPARE(replay.spanToUs(), log_->durationUs());
  }

  // The whole log at ×8: every sample after the start once, in order, then stopped.
  void theWholeLogOnce() {
    LogReplay replay;
    ManualTickClock clock;
    replay.setClock(&clock);
    replay.setLog(log_);
    replay.setSpeed(8.0);
    Received got;
    got.connectTo(replay);
    replay.play();
    for (int i = 0; i < 1000 && replay.isPlaying(); ++i) clock.advance(16);
    QVERIFY(!replay.isPlaying());
    QCOMPARE(got.samples.size(), log_->sampleCount() - 1);
    for (std::size_t i = 0; i < got.samples.size(); ++i) QCOMPARE(got.samples[i].time_us, std::int64_t(i + 1) * 1000);
  }

  // A stall of the clock (a busy window) advances at most kMaxTickMs: no burst.
  void aStallSlowsDownRatherThanBursts() {
    LogReplay replay;
    ManualTickClock clock;
    replay.setClock(&clock);
    replay.setLog(log_);
    Received got;
    got.connectTo(replay);
    replay.play();
    clock.advance(5000);
    QCOMPARE(got.samples.size(), std::size_t(LogReplay::kMaxTickMs));
  }

  // open() reads in the background: it returns at once, opened() follows with the log.
  void opensInTheBackground() {
    LogReplay replay;
    QSignalSpy opened(&replay, &LogReplay::opened);
    QSignalSpy failed(&replay, &LogReplay::openFailed);
    replay.open(path_);
    QVERIFY(replay.isOpening());
    QCOMPARE(opened.count(), 0);  // not before the event loop has run
    QTRY_COMPARE(opened.count(), 1);
    QCOMPARE(failed.count(), 0);
    QCOMPARE(opened.takeFirst().at(0).toString(), path_);
    QVERIFY(replay.log());
    QCOMPARE(replay.log()->sampleCount(), std::size_t(flight_.steps));
    QCOMPARE(replay.positionUs(), replay.log()->durationUs());
    QVERIFY(!replay.isOpening());
  }

  // Cancel: nothing opened, openCancelled said, the log on show kept.
  void cancelKeepsTheLogOpen() {
    LogReplay replay;
    replay.setLog(log_);
    QSignalSpy opened(&replay, &LogReplay::opened);
    QSignalSpy cancelled(&replay, &LogReplay::openCancelled);
    replay.open(path_);
    replay.cancelOpen();
    QCOMPARE(cancelled.count(), 1);
    QVERIFY(!replay.isOpening());
    // Let the background read end (it may already have): its result goes nowhere.
    QThreadPool::globalInstance()->waitForDone();
    QCoreApplication::processEvents();
    QCOMPARE(opened.count(), 0);
    QCOMPARE(replay.log(), log_);
  }

  // A file that is not ULog, and one cut inside its definitions: the reader's message (the file
  // and the offset), and the log open stays.
  void aBadFileKeepsTheLogOpen_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("says");
    QTest::newRow("not ULog") << QByteArray("solid cube\nfacet normal 0 0 1\n") << QStringLiteral("offset 0");
    QFile f(path_);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QTest::newRow("cut in the header") << f.read(12) << QStringLiteral("offset");
  }
  void aBadFileKeepsTheLogOpen() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, says);
    const QString bad = dir_.filePath(QStringLiteral("bad.ulg"));
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
    f.close();
    LogReplay replay;
    replay.setLog(log_);
    QSignalSpy failed(&replay, &LogReplay::openFailed);
    replay.open(bad);
    QTRY_COMPARE(failed.count(), 1);
    const QString message = failed.takeFirst().at(0).toString();
    QVERIFY2(message.startsWith(bad + QStringLiteral(": ")) && message.contains(says), qPrintable(message));
    QCOMPARE(replay.log(), log_);
  }

  // A ULog without any pose topic cannot be replayed: said, naming the file.
  void aLogWithoutAPose() {
    const QString path = dir_.filePath(QStringLiteral("no_pose.ulg"));
    {
      navigator::ulog::FlightIdentity id;
      id.source = "test";
      auto log = navigator::ulog::FlightLog::create(QFile::encodeName(path).toStdString(), id);
      QVERIFY(log);
      QVERIFY(log.value()->write(flight_.imu(0)));
      QVERIFY(log.value()->close());
    }
    auto log = ReplayLog::open(QFile::encodeName(path).toStdString());
    QVERIFY(!log);
    QVERIFY2(QString::fromStdString(log.error().message).startsWith(path + QStringLiteral(": nothing to replay")),
             log.error().message.c_str());
  }

 private:
  QTemporaryDir dir_;
  QString path_;
  TestFlight flight_;
  std::shared_ptr<const ReplayLog> log_;
};

QTEST_GUILESS_MAIN(LogReplayTest)
#include "log_replay_test.moc"
