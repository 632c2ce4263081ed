// vsim_d as a process, through its pipes: lockstep determinism, garbage that changes only
// the counters, one instance per directory, and clients that come and go.
#include "tests/sim/service/sitl_pipe_client.h"

#include <QtTest>

#include <cmath>
#include <csignal>
#include <cstring>
#include <map>
#include <random>

namespace {

const QString kVsimD = QStringLiteral(NAVIGATOR_BIN_DIR "/vsim_d");

// Its stderr goes to a file beside the pipes (stopDaemon reads it): a pipe that nobody reads
// while the test flies would fill after 64 KiB of problem lines and stall the daemon.
void startDaemon(QProcess& p, const QString& dir, const QStringList& extra) {
  p.setProcessChannelMode(QProcess::SeparateChannels);
  p.setStandardErrorFile(dir + "/vsim_d.stderr");
  p.start(kVsimD, QStringList{"--dir", dir, "--quiet"} + extra);
  QVERIFY2(p.waitForStarted(5000), qPrintable(p.errorString()));
}

// Waits until a daemon serves `dir`: its pipes exist and its pid is in the pidfile.
bool waitUntilServing(const QString& dir, qint64 pid) {
  for (int i = 0; i < 500; ++i) {
    QFile pidfile(dir + "/vsim_d.pid");
    if (QFile::exists(dir + "/vsim_ctl") && pidfile.open(QIODevice::ReadOnly) &&
        pidfile.readAll().trimmed().toLongLong() == pid)
      return true;
    QThread::msleep(10);
  }
  return false;
}

// Stops a daemon with SIGTERM and returns its stderr; it must exit 0 within 5 s.
QString stopDaemon(QProcess& p) {
  if (p.state() != QProcess::NotRunning) {
    ::kill(pid_t(p.processId()), SIGTERM);
    if (!p.waitForFinished(5000)) {
      p.kill();
      p.waitForFinished();
      return "did not exit on SIGTERM";
    }
  }
  QFile log(QFileInfo(p.arguments().value(1)).filePath() + "/vsim_d.stderr");
  return log.open(QIODevice::ReadOnly) ? QString::fromUtf8(log.readAll()) : QStringLiteral("no stderr file");
}

// A counter from the status line, e.g. counter(log, "duties=").
long long counter(const QString& log, const QString& key) {
  const QStringList lines = log.split('\n', Qt::SkipEmptyParts);
  for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
    const qsizetype at = it->indexOf(key);
    if (at >= 0) return it->mid(at + key.size()).section(' ', 0, 0).toLongLong();
  }
  return -1;
}

// Duties a toy firmware computes from its sensors, so the sensor noise reaches the
// trajectory (a stream that did not depend on the noise would prove less).
std::vector<float> toyFirmware(const mavlink_hil_sensor_t& s) {
  const float base = 0.62f, k = 0.02f;
  const float roll = k * s.xgyro, pitch = k * s.ygyro, lift = 0.002f * (s.zacc + 9.80665f);
  return {base - roll + pitch - lift, base + roll - pitch - lift, base + roll + pitch - lift,
          base - roll - pitch - lift};
}

struct LockstepRun {
  std::vector<std::int64_t> sensor_times_us;  // distinct HIL_SENSOR times answered
  std::map<std::uint64_t, QByteArray> poses;  // pose payload by its time_usec
  QString log;
};

enum class Noise { None, Garbage };

void collectPoses(SitlPipeClient& client, LockstepRun& run) {
  for (const mavlink_frame_t& f : client.drainPoses()) {
    mavlink_hil_state_quaternion_t q;
    if (mavlink_hil_state_quaternion_decode(&f, &q))
      run.poses[q.time_usec] = QByteArray(reinterpret_cast<const char*>(f.payload), f.length);
  }
}

// Flies `periods` IMU periods in lockstep against a fresh vsim_d; with Noise::Garbage the
// pwm pipe also gets torn frames, corrupted frames, stray bytes and non-finite duties, and
// the control pipe gets malformed lines and malformed airframes and worlds.
LockstepRun flyLockstep(std::uint64_t seed, int periods, Noise noise) {
  LockstepRun run;
  QTemporaryDir dir;
  QProcess daemon;
  startDaemon(daemon, dir.path(), {"--mode", "lockstep", "--seed", QString::number(seed), "--world", "none"});
  SitlPipeClient client(dir.path().toStdString());
  if (!client.open()) {
    run.log = "could not open the pipes: " + stopDaemon(daemon);
    return run;
  }
  std::mt19937 rng(99);
  std::int64_t last_time = -1;
  std::vector<std::uint8_t> previous_frame;
  while (int(run.sensor_times_us.size()) < periods) {
    const auto s = client.nextSensor(3000);
    if (!s) break;
    if (std::int64_t(s->time_usec) <= last_time) continue;  // a resend we already answered
    last_time = std::int64_t(s->time_usec);
    run.sensor_times_us.push_back(last_time);
    const std::vector<float> duties = toyFirmware(*s);
    if (noise == Noise::Garbage && run.sensor_times_us.size() % 10 == 0) {
      // Stray bytes (no start markers, so nothing waits for a phantom frame's length) ...
      std::vector<std::uint8_t> junk(1 + rng() % 60);
      for (auto& b : junk) do
          b = std::uint8_t(rng());
        while (b == MAVLINK_STX_V1 || b == MAVLINK_STX_V2);
      client.sendPwmBytes(junk);
      // ... a frame torn in half, a frame with a flipped bit, and a non-finite duty (stamped
      // 0, so it is not the answer; the real answer that follows overrides it).
      mavlink_hil_actuator_controls_t bad{};
      bad.controls[0] = std::nanf("");
      bad.controls[1] = INFINITY;
      mavlink_sender_t sender{1, 1, 0};
      std::uint8_t frame[MAVLINK_MAX_FRAME_LEN];
      const std::size_t n = mavlink_hil_actuator_controls_pack(&sender, &bad, frame);
      std::vector<std::uint8_t> torn(frame, frame + n / 2), flipped(frame, frame + n);
      flipped[n / 2] ^= 0x10;
      client.sendPwmBytes(torn);
      client.sendPwmBytes(flipped);
      client.sendPwmBytes(std::vector<std::uint8_t>(frame, frame + n));
      client.sendControl("{\"command\": \"teleport\"}\n" + std::string(1 + rng() % 30, char('a' + rng() % 26)) + "\n");
      // Malformed airframes and worlds pushed mid-flight: each refused, the old ones fly on
      // (the poses stay bit-identical to the clean run's). A folder named as a world file
      // once ended vsim_d (fuzz_config_files).
      client.sendControl(
          "{\"command\": \"geometry\", \"airframe\": {\"name\": \"no mass\"}}\n"
          "{\"command\": \"geometry\", \"airframe_file\": \"/nonexistent/quad.yaml\"}\n"
          "{\"command\": \"world\", \"world\": {\"obstacles\": [{\"box\": {\"size_m\": [1, -2, 1]}}]}}\n"
          "{\"command\": \"world\", \"world_file\": \"/tmp\"}\n");
    }
    client.sendActuators(std::uint64_t(last_time), duties);
    collectPoses(client, run);
  }
  QThread::msleep(50);
  collectPoses(client, run);
  run.log = stopDaemon(daemon);
  return run;
}

}  // namespace

class VsimDTest : public QObject {
  Q_OBJECT

 private slots:
  void lockstepAdvancesOnePeriodPerAnswerAndIsBitIdentical();
  void garbageOnPwmAndControlChangesOnlyTheCounters();
  void secondInstanceTerminatesTheFirst();
  void clientKilledMidStreamIsServedAgain();
  void badArgumentsAreRefused();
  void theHandHoldsAndTurnsTheVehicle();
};

void VsimDTest::lockstepAdvancesOnePeriodPerAnswerAndIsBitIdentical() {
  const int kPeriods = 2000;
  const LockstepRun a = flyLockstep(7, kPeriods, Noise::None);
  QCOMPARE(int(a.sensor_times_us.size()), kPeriods);
  // Exactly one 1 ms IMU period per answer: sim time and firmware time grow at ratio 1.000.
  for (int k = 0; k < kPeriods; ++k) QCOMPARE(a.sensor_times_us[std::size_t(k)], std::int64_t(k) * 1000);
  const LockstepRun b = flyLockstep(7, kPeriods, Noise::None);
  // Poses at 60 Hz of sim time: every one after t = 0 (emitted before the client opened the
  // pipe) up to the last answered period, 1.999 s * 60 = 119 of them.
  auto upTo = [&](const LockstepRun& r) {
    std::map<std::uint64_t, QByteArray> m;
    for (const auto& [t, bytes] : r.poses)
      if (t > 0 && t <= std::uint64_t(kPeriods - 1) * 1000) m[t] = bytes;
    return m;
  };
  QCOMPARE(int(upTo(a).size()), 119);
  QVERIFY(upTo(a) == upTo(b));
  const LockstepRun c = flyLockstep(8, kPeriods, Noise::None);
  QVERIFY2(upTo(a) != upTo(c), "another seed must give another flight");
}

void VsimDTest::garbageOnPwmAndControlChangesOnlyTheCounters() {
  const int kPeriods = 2000;
  const LockstepRun clean = flyLockstep(7, kPeriods, Noise::None);
  const LockstepRun noisy = flyLockstep(7, kPeriods, Noise::Garbage);
  QCOMPARE(int(noisy.sensor_times_us.size()), kPeriods);
  QVERIFY(clean.poses == noisy.poses || [&] {
    // The final pose may or may not have been drained before the daemon stopped; compare
    // the common range.
    for (const auto& [t, bytes] : clean.poses)
      if (noisy.poses.count(t) && noisy.poses.at(t) != bytes) return false;
    return noisy.poses.size() + 1 >= clean.poses.size();
  }());
  // 200 bursts: each a torn frame and a corrupted one (CRC errors), stray bytes, one frame of
  // two non-finite duties, two bad control lines and four malformed airframes and worlds.
  QVERIFY2(counter(noisy.log, "frames=") >= 200, qPrintable(noisy.log));
  QVERIFY2(counter(noisy.log, "bytes=") >= 200, qPrintable(noisy.log));
  QCOMPARE(counter(noisy.log, "duties="), 400LL);
  QCOMPARE(counter(noisy.log, "commands="), 1200LL);
  QCOMPARE(counter(clean.log, "frames="), 0LL);
  QCOMPARE(counter(noisy.log, "resets="), 0LL);
}

void VsimDTest::secondInstanceTerminatesTheFirst() {
  QTemporaryDir dir;
  QProcess first, second;
  startDaemon(first, dir.path(), {"--seed", "1"});
  const qint64 first_pid = first.processId();
  SitlPipeClient client(dir.path().toStdString());
  QVERIFY(client.open());
  // Let the first run for ~0.5 s of frames.
  std::int64_t last = -1;
  for (int i = 0; i < 500; ++i) {
    const auto s = client.nextSensor(1000);
    QVERIFY(s);
    last = std::int64_t(s->time_usec);
  }
  QVERIFY(last >= 400'000);
  startDaemon(second, dir.path(), {"--seed", "2"});
  QVERIFY2(first.waitForFinished(5000), "the first vsim_d must exit when the second starts");
  QCOMPARE(first.exitCode(), 0);
  // From the second's first frame (time restarts, reset flag set) on, every frame is the
  // second's: strictly increasing times, never again one from the first's timeline.
  bool switched = false;
  std::int64_t previous = last;
  int seconds_frames = 0;
  while (seconds_frames < 500) {
    const auto s = client.nextSensor(2000);
    QVERIFY2(s, "the second vsim_d must serve the reader that stayed");
    const std::int64_t t = std::int64_t(s->time_usec);
    if (!switched) {
      if (t < previous) {
        switched = true;
        QVERIFY(s->fields_updated & 0x80000000u);  // HIL_SENSOR_UPDATED_RESET
        QVERIFY(t < 100'000);
        previous = t;
        ++seconds_frames;
      } else {
        previous = t;
      }
      continue;
    }
    QVERIFY2(t > previous, qPrintable(QString("frame at %1 us after %2 us").arg(t).arg(previous)));
    previous = t;
    ++seconds_frames;
  }
  QCOMPARE(client.imuStats().crc_errors, 0u);
  QFile pidfile(dir.path() + "/vsim_d.pid");
  QVERIFY(pidfile.open(QIODevice::ReadOnly));
  QCOMPARE(pidfile.readAll().trimmed().toLongLong(), second.processId());
  pidfile.close();
  const QString log = stopDaemon(second);
  QVERIFY2(log.contains("terminated the previous vsim_d (pid " + QString::number(first_pid) + ")"), qPrintable(log));
  QCOMPARE(second.exitCode(), 0);
  QVERIFY2(!QFile::exists(dir.path() + "/vsim_d.pid"), "a clean exit removes the pidfile");
}

void VsimDTest::clientKilledMidStreamIsServedAgain() {
  QTemporaryDir dir;
  QProcess daemon;
  startDaemon(daemon, dir.path(), {});
  QVERIFY(waitUntilServing(dir.path(), daemon.processId()));
  // A reader that takes 1000 bytes (13.5 frames: it leaves mid-frame) and is gone.
  QProcess reader;
  reader.setStandardOutputFile(QProcess::nullDevice());
  reader.start("head", {"-c", "1000", dir.path() + "/vsim_imu"});
  QVERIFY(reader.waitForFinished(5000));
  QVERIFY2(reader.exitCode() == 0, reader.readAllStandardError().constData());
  QThread::msleep(100);
  // A new reader is served whole frames, one per millisecond of sim time.
  SitlPipeClient client(dir.path().toStdString());
  QVERIFY(client.open());
  std::int64_t previous = -1;
  for (int i = 0; i < 300; ++i) {
    const auto s = client.nextSensor(1000);
    QVERIFY2(s, "the restarted client must be served again");
    if (previous >= 0) QVERIFY(std::int64_t(s->time_usec) > previous);
    previous = std::int64_t(s->time_usec);
  }
  QCOMPARE(client.imuStats().crc_errors, 0u);
  QCOMPARE(client.imuStats().bytes_dropped, 0u);  // the first frame it saw was whole
  stopDaemon(daemon);
  QCOMPARE(daemon.exitCode(), 0);
}

void VsimDTest::badArgumentsAreRefused() {
  QProcess p;
  p.start(kVsimD, {"--mode", "turbo"});
  QVERIFY(p.waitForFinished(5000));
  QCOMPARE(p.exitCode(), 2);
  QVERIFY(p.readAllStandardError().contains("--mode must be realtime, lockstep or fast, got 'turbo'"));
  QTemporaryDir dir;
  QFile notAPipe(dir.path() + "/vsim_imu");
  QVERIFY(notAPipe.open(QIODevice::WriteOnly));
  notAPipe.close();
  p.start(kVsimD, {"--dir", dir.path()});
  QVERIFY(p.waitForFinished(5000));
  QCOMPARE(p.exitCode(), 1);
  QVERIFY(p.readAllStandardError().contains("vsim_imu: exists and is not a named pipe"));
}

// The hand through vsim_ctl, in lockstep: the next HIL_SENSOR frames are those of a vehicle held
// on its right side and turned about the world's vertical; let go, it falls freely.
void VsimDTest::theHandHoldsAndTurnsTheVehicle() {
  QTemporaryDir dir;
  QFile source(NAVIGATOR_SOURCE_DIR "/resources/airframes/generic_quad.yaml"), quiet(dir.filePath("quiet.yaml"));
  QVERIFY(source.open(QIODevice::ReadOnly) && quiet.open(QIODevice::WriteOnly));
  const QByteArray off = "{noise_density: 0, random_walk: 0, bias_limit: 0}";
  quiet.write(source.readAll() + "imu: {gyro: " + off + ", accel: " + off + "}\n");  // generic_quad has no imu key
  quiet.close();
  QProcess daemon;
  startDaemon(daemon, dir.path(), {"--mode", "lockstep", "--world", "none", "--airframe", quiet.fileName()});
  SitlPipeClient client(dir.path().toStdString());
  QVERIFY(client.open());
  client.sendControl(R"({"command": "hold", "attitude_rpy_deg": [90, 0, 0], "turn_dps": [0, 0, 30], )"
                     R"("turn_axes": "world"})"
                     "\n");
  // Answers each new frame (motors off) `n` times; the last frame.
  std::int64_t last_time = -1;
  auto answer = [&](int n) {
    mavlink_hil_sensor_t last{};
    for (int k = 0; k < n;) {
      const auto s = client.nextSensor(3000);
      if (!s) return last;
      if (std::int64_t(s->time_usec) <= last_time) continue;  // a resend
      last_time = std::int64_t(s->time_usec);
      last = *s;
      client.sendActuators(s->time_usec, {0, 0, 0, 0});
      ++k;
    }
    return last;
  };
  const mavlink_hil_sensor_t held = answer(1500);  // brought to roll 90° at 90 °/s in 1 s, then turned
  // Roll 90°: the specific force is (0, −g, 0) in the body; turning at 30 °/s about the world's
  // down axis is ω_B = Rx(90°)ᵀ·(0, 0, ω) = (0, ω, 0), ω = π/6 rad/s. Float frames: 1e-5.
  QCOMPARE_LE(std::abs(held.xacc), 1e-5f);
  QCOMPARE_LE(std::abs(held.yacc + 9.80665f), 1e-5f);
  QCOMPARE_LE(std::abs(held.zacc), 1e-5f);
  QCOMPARE_LE(std::abs(held.ygyro - float(M_PI / 6)), 1e-6f);
  QCOMPARE_LE(std::abs(held.xgyro) + std::abs(held.zgyro), 1e-6f);
  client.sendControl("{\"command\": \"release\"}\n");
  const mavlink_hil_sensor_t falling = answer(100);
  // Let go in empty space: free fall (the accelerometer feels only the drag, 0.25 N·s/m at under
  // 1 m/s on 1.5 kg: below 0.2 m/s²) and no rotation.
  QCOMPARE_LE(std::hypot(falling.xacc, falling.yacc, falling.zacc), 0.2f);
  QCOMPARE_LE(std::hypot(falling.xgyro, falling.ygyro, falling.zgyro), 1e-6f);
  const QString log = stopDaemon(daemon);
  QVERIFY2(!log.contains("ignored"), qPrintable(log));
}

QTEST_GUILESS_MAIN(VsimDTest)
#include "vsim_d_test.moc"
