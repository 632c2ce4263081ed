// FlightRecorder: one ULog file per flight, from arming to disarming with the margin before and
// after, fed as the Fly page feeds it (1 kHz samples in drains of 33, link telemetry between);
// read back with log's reader. Every figure below follows from the schedule the test feeds.
#include "app/core/flight_recorder.h"
#include "log/flight_log.h"
#include "log/flight_topics.h"
#include "log/ulog_reader.h"

#include <QSignalSpy>
#include <QtTest>

#include <cmath>

using namespace navigator;

namespace {

TelemetrySample sampleAt(std::int64_t t_us) {
  TelemetrySample s;
  s.time_us = t_us;
  const float t = float(t_us) * 1e-6f;
  s.accel_S_mps2 = {0.1f * t, 0.0f, -9.81f};
  s.gyro_S_radps = {0.01f, -0.02f, 0.03f};
  s.mag_S_gauss = {0.2f, 0.0f, 0.4f};
  s.p_W_m = {t, 2.0f * t, -1.0f};
  s.omega_B_radps = {0.5f, 0.0f, 0.0f};
  s.attitude_WB_wxyz = {1, 0, 0, 0};
  s.wind_NED_mps = {3, 0, 0};
  s.rotor_count = 4;
  s.motor_duty = {0.5f, 0.5f, 0.5f, 0.5f};
  return s;
}

VehicleStatus vehicle(bool armed) {
  VehicleStatus v;
  v.system_id = 1;
  v.armed = armed;
  v.custom_mode = 2;  // ALT_HOLD
  return v;
}

// Feeds samples from `from_us` to `to_us` inclusive, 1 kHz, in drains of 33 like the Fly page,
// of the simulation's run `run` (begun at `run_start_us`).
void feed(FlightRecorder& r, std::int64_t from_us, std::int64_t to_us, std::uint32_t run = 0,
          std::int64_t run_start_us = 0) {
  std::vector<TelemetrySample> drain;
  for (std::int64_t t = from_us; t <= to_us; t += 1000) {
    drain.push_back(sampleAt(t));
    drain.back().run = run;
    drain.back().run_start_us = run_start_us;
    if (drain.size() == 33) {
      r.addSamples(drain);
      drain.clear();
    }
  }
  r.addSamples(drain);
}

// A recorder on a clock the test drives, writing into a folder of its own, with a 1 s margin.
// (Members end in reverse: the recorder closes its file before the clock and the folder go.)
struct ClockedRecorder {
  ClockedRecorder() {
    recorder.setClock(&clock);
    recorder.setFolder(dir.path());
    recorder.setMarginS(1.0);
  }
  QTemporaryDir dir;
  ManualTickClock clock;
  FlightRecorder recorder;
};

const ulog::ScalarField* fieldOf(const std::vector<ulog::ScalarField>& fields, const std::string& path) {
  for (const auto& f : fields)
    if (f.path == path) return &f;
  return nullptr;
}

}  // namespace

class FlightRecorderTest : public QObject {
  Q_OBJECT

 private slots:
  void meshMassPropertiesAreNamedInTheLog() {
    // A flight flown with a mesh's mass properties says so in its file name and
    // metadata (navigator_mass_properties); the airframe's own write neither.
    for (const QString& mass : {QStringLiteral("mesh frame.stl: 1.25 kg"), QString()}) {
      QTemporaryDir dir;
      FlightRecorder r;
      r.setFolder(dir.path());
      r.setMarginS(0.5);
      r.setIdentity({QStringLiteral("sitl"), QStringLiteral("s500"), 3, true, mass});
      QSignalSpy saved(&r, &FlightRecorder::flightSaved);
      r.addVehicle(vehicle(false));
      feed(r, 0, 1'000'000);
      r.addVehicle(vehicle(true));
      feed(r, 1'001'000, 2'000'000);
      r.addVehicle(vehicle(false));
      feed(r, 2'001'000, 3'000'000);
      QCOMPARE(saved.count(), 1);
      const auto flight = saved.at(0).at(0).value<RecordedFlight>();
      QCOMPARE(flight.path.endsWith(QStringLiteral("_sitl_s500_mesh.ulg")), !mass.isEmpty());
      auto log = ulog::ULogFile::open(flight.path.toStdString());
      QVERIFY(log.ok());
      const auto* info = log->findInfo("navigator_mass_properties");
      QCOMPARE(info != nullptr, !mass.isEmpty());
      if (info) QCOMPARE(QString::fromStdString(info->text()), mass);
    }
  }

  void oneFileFromArmingToDisarmingWithMargins() {
    QTemporaryDir dir;
    FlightRecorder r;
    r.setFolder(dir.path());
    r.setMarginS(2.0);
    r.setIdentity({QStringLiteral("sitl"), QStringLiteral("s500"), 42, true, {}});
    r.setParameterSource([] { return std::vector<std::pair<QString, float>>{{"RATE_RP_P", 0.15f}}; });
    QSignalSpy saved(&r, &FlightRecorder::flightSaved);
    r.addVehicle(vehicle(false));
    feed(r, 0, 5'000'000);        // 5 s on the ground: only the last 2 s are kept
    r.addVehicle(vehicle(true));  // armed at 5.000 s
    QVERIFY(r.recording());
    feed(r, 5'001'000, 12'000'000);
    r.addAttitude(AttitudeSample{12000, {1, 0, 0, 0}, 0, 0, 0, {}});
    r.addStatusText(4, QStringLiteral("Low battery"));
    r.addVehicle(vehicle(false));  // disarmed at 12.000 s
    QVERIFY(r.recording());        // the margin after it
    feed(r, 12'001'000, 20'000'000);
    QVERIFY(!r.recording());
    QCOMPARE(saved.count(), 1);
    const auto flight = saved.at(0).at(0).value<RecordedFlight>();
    QCOMPARE(flight.dropped, std::uint64_t(0));
    QCOMPARE(flight.duration_s, 11.0);  // 3 s (5 − 2) to 14 s (12 + 2)

    auto log = ulog::ULogFile::open(flight.path.toStdString());
    QVERIFY2(log.ok(), log.ok() ? "" : log.error().message.c_str());
    QVERIFY(log->problems().empty());
    QCOMPARE(QString::fromStdString(log->findInfo("navigator_source")->text()), QString("sitl"));
    QCOMPARE(QString::fromStdString(log->findInfo("navigator_airframe")->text()), QString("s500"));
    QCOMPARE(log->findInfo("navigator_seed")->number(), 42.0);
    QCOMPARE(int(log->parameters().size()), 1);
    QCOMPARE(log->parameters()[0].number(), double(0.15f));
    const auto* truth = log->find("navigator_truth");
    QVERIFY(truth);
    QCOMPARE(truth->first_us, std::uint64_t(3'000'000));
    QCOMPARE(truth->last_us, std::uint64_t(14'000'000));
    QCOMPARE(int(truth->count()), 11'001);  // every 1 kHz sample from 3.000 to 14.000 s
    const auto fields = log->fields(*truth);
    const auto* pos_e = fieldOf(fields, "position_ned_m[1]");
    QVERIFY(pos_e);
    QCOMPARE(log->value(*truth, 2000, *pos_e), double(2.0f * 5.0f));  // sample 2000 is t = 5 s: E = 2t
    const auto* status = log->find("vehicle_status");
    QVERIFY(status);
    QCOMPARE(int(status->count()), 3);  // the state at the log's start (disarmed), armed, disarmed
    QCOMPARE(status->first_us, std::uint64_t(3'000'000));
    QStringList texts;
    for (const auto& s : log->strings()) texts << QString::number(s.level - '0') + " " + QString::fromStdString(s.text);
    QVERIFY2(texts.contains("6 Armed, mode ALT_HOLD") && texts.contains("4 Low battery") &&
                 texts.contains("6 Disarmed, mode ALT_HOLD"),
             qPrintable(texts.join("; ")));
    QCOMPARE(int(log->find("vehicle_attitude")->count()), 1);
    QCOMPARE(int(log->find("actuator_motors")->count()), 11'001);
    QCOMPARE(int(log->find("sensor_combined")->count()), 11'001);
  }

  void aResetEndsTheFlightAndFlyingAgainStartsTheNext() {
    // Armed at 1 s, reset at 6 s (the simulation's run 1 begins; the firmware disarms a heartbeat
    // later, at 6.3 s), armed again at 9 s, stopped at 11 s. Two files: the first from 0 s (the
    // margin before arming reaches back past the start) to the last sample before the reset,
    // 6.000 s, closed there with no margin; the second from 8 s (9 − 1) to 11 s. Both on the
    // simulator's clock, which the reset does not turn back.
    QTemporaryDir dir;
    FlightRecorder r;
    r.setFolder(dir.path());
    r.setMarginS(1.0);
    r.setIdentity({QStringLiteral("sitl"), QStringLiteral("s500"), 5, true, {}});
    QSignalSpy saved(&r, &FlightRecorder::flightSaved);
    r.addVehicle(vehicle(false));
    feed(r, 0, 1'000'000);
    r.addVehicle(vehicle(true));
    feed(r, 1'001'000, 6'000'000);
    QVERIFY(r.recording());
    feed(r, 6'001'000, 6'300'000, 1, 6'000'000);  // the reset: a new run
    QCOMPARE(saved.count(), 1);
    QVERIFY(!r.recording());
    r.addVehicle(vehicle(false));
    feed(r, 6'301'000, 9'000'000, 1, 6'000'000);
    QVERIFY(!r.recording());  // disarmed on the ground: nothing to record
    r.addVehicle(vehicle(true));
    feed(r, 9'001'000, 11'000'000, 1, 6'000'000);
    r.finish();
    QCOMPARE(saved.count(), 2);
    const auto first = saved.at(0).at(0).value<RecordedFlight>();
    const auto second = saved.at(1).at(0).value<RecordedFlight>();
    QCOMPARE(first.duration_s, 6.0);
    QCOMPARE(second.duration_s, 3.0);
    QVERIFY(first.path != second.path);
    const std::pair<std::uint64_t, std::uint64_t> spans[] = {{0, 6'000'000}, {8'000'000, 11'000'000}};
    for (int i = 0; i < 2; ++i) {
      auto log = ulog::ULogFile::open(saved.at(i).at(0).value<RecordedFlight>().path.toStdString());
      QVERIFY(log.ok());
      QVERIFY(log->problems().empty());
      const auto* truth = log->find("navigator_truth");
      QCOMPARE(truth->first_us, spans[i].first);
      QCOMPARE(truth->last_us, spans[i].second);
      QCOMPARE(truth->count(), std::size_t((spans[i].second - spans[i].first) / 1000 + 1));  // every sample once
      // Every topic's timestamps run forwards, message after message.
      for (const auto& topic : log->subscriptions()) {
        std::uint64_t previous = 0;
        for (std::size_t m = 0; m < topic.count(); ++m) {
          const std::uint64_t t = log->timestampUs(topic, m);
          QVERIFY2(t >= previous, qPrintable(QString::fromStdString(topic.name)));
          previous = t;
        }
      }
    }
  }

  void stillArmedThroughANewRunIsANewFlight() {
    // A new run (a new vehicle flown) that the firmware flies on armed: the flight so far ends
    // at the last sample before it (5 s); the link says nothing, so a heartbeat and a half
    // (1.5 s) on the next flight starts, from the new run's first sample (5.001 s), to the stop.
    QTemporaryDir dir;
    FlightRecorder r;
    r.setFolder(dir.path());
    r.setMarginS(1.0);
    r.setIdentity({QStringLiteral("sitl"), QStringLiteral("s500"), 5, true, {}});
    QSignalSpy saved(&r, &FlightRecorder::flightSaved);
    r.addVehicle(vehicle(true));
    feed(r, 0, 5'000'000);
    feed(r, 5'001'000, 6'400'000, 1, 5'000'000);
    QVERIFY(!r.recording());
    feed(r, 6'401'000, 6'600'000, 1, 5'000'000);
    QVERIFY(r.recording());
    feed(r, 6'601'000, 8'000'000, 1, 5'000'000);
    r.finish();
    QCOMPARE(saved.count(), 2);
    QCOMPARE(saved.at(0).at(0).value<RecordedFlight>().duration_s, 5.0);
    QCOMPARE(saved.at(1).at(0).value<RecordedFlight>().duration_s, 2.999);
  }

  void timeGoingBackEndsTheFlight() {
    // Samples whose time goes back (a source whose clock restarted) never run a log backwards:
    // the flight ends at the last sample before them.
    QTemporaryDir dir;
    FlightRecorder r;
    r.setFolder(dir.path());
    r.setMarginS(1.0);
    r.setIdentity({QStringLiteral("hil"), QStringLiteral("s500"), std::nullopt, true, {}});
    QSignalSpy saved(&r, &FlightRecorder::flightSaved);
    r.addVehicle(vehicle(true));
    feed(r, 0, 3'000'000);
    feed(r, 1000, 500'000);
    QCOMPARE(saved.count(), 1);
    QCOMPARE(saved.at(0).at(0).value<RecordedFlight>().duration_s, 3.0);
    auto log = ulog::ULogFile::open(saved.at(0).at(0).value<RecordedFlight>().path.toStdString());
    QVERIFY(log.ok());
    QCOMPARE(log->find("navigator_truth")->last_us, std::uint64_t(3'000'000));
  }

  void theSensorsAsSentAreLogged() {
    // The barometer every sample, a GPS fix once when it is reported (here every 200 ms: 5 Hz),
    // at the sample's time: 2 s armed with a 0.5 s margin is 2,501 samples and the fixes taken
    // at 0.0, 0.2, …, 2.4 s — 13.
    QTemporaryDir dir;
    FlightRecorder r;
    r.setFolder(dir.path());
    r.setMarginS(0.5);
    r.setIdentity({QStringLiteral("sitl"), QStringLiteral("s500"), 5, true, {}});
    QSignalSpy saved(&r, &FlightRecorder::flightSaved);
    r.addVehicle(vehicle(true));
    std::vector<TelemetrySample> drain;
    for (std::int64_t t = 0; t <= 2'500'000; t += 1000) {
      TelemetrySample s = sampleAt(t);
      s.has_baro = true;
      s.baro.pressure_pa = 101325.0 - double(t) * 1e-6;
      s.baro.altitude_m = double(t) * 1e-6 * 0.0833;
      s.gps.time_us = t / 200'000 * 200'000;
      s.gps.latitude_deg = 47.0 + double(s.gps.time_us) * 1e-12;
      drain.push_back(s);
    }
    r.addSamples(drain);
    r.addVehicle(vehicle(false));
    r.finish();
    QCOMPARE(saved.count(), 1);
    auto log = ulog::ULogFile::open(saved.at(0).at(0).value<RecordedFlight>().path.toStdString());
    QVERIFY(log.ok());
    const auto* air = log->find("vehicle_air_data");
    const auto* gps = log->find("sensor_gps");
    QVERIFY(air && gps);
    QCOMPARE(air->count(), std::size_t(2501));
    QCOMPARE(gps->count(), std::size_t(13));
    QCOMPARE(gps->first_us, std::uint64_t(0));
    QCOMPARE(gps->last_us, std::uint64_t(2'400'000));
    const auto fields = log->fields(*air);
    QCOMPARE(log->value(*air, 1000, *fieldOf(fields, "baro_pressure_pa")), double(float(101325.0 - 1.0)));
  }

  void anotherAutopilotIsRecordedInItsOwnModes() {
    // PX4 and ArduCopter flying this station's world: the mode lines use their own names
    // (autopilot_dialect.h: PX4's "Position", "Hold"; ArduCopter's "LOITER"), vehicle_status
    // carries PX4's own nav_state (vehicle_status.msg: POSCTL 2, AUTO_LOITER 4) and no Vayu mode
    // (255); ArduPilot's modes have no PX4 nav_state (255).
    struct Case {
      std::uint8_t autopilot, mav_type;
      std::uint32_t first_mode, second_mode;
      const char* source;
      QString first_name, second_name;
      int first_nav, second_nav;
    };
    const Case cases[] = {
        {12, 2, px4CustomMode(kPx4Posctl), px4CustomMode(kPx4Auto, kPx4AutoLoiter), ulog::kSourcePx4World,
         QStringLiteral("Position"), QStringLiteral("Hold"), 2, 4},
        {3, 2, 5, 2, ulog::kSourceArduPilotWorld, QStringLiteral("LOITER"), QStringLiteral("ALT_HOLD"), 255, 255},
    };
    for (const Case& c : cases) {
      QTemporaryDir dir;
      FlightRecorder r;
      r.setFolder(dir.path());
      r.setMarginS(0.5);
      r.setIdentity({QString::fromUtf8(c.source), QStringLiteral("s500"), 7, true, {}});
      QSignalSpy saved(&r, &FlightRecorder::flightSaved);
      VehicleStatus v;
      v.system_id = 2;
      v.autopilot = c.autopilot;
      v.mav_type = c.mav_type;
      v.custom_mode = c.first_mode;
      v.armed = true;
      r.addVehicle(v);
      feed(r, 0, 1'000'000);
      v.custom_mode = c.second_mode;
      r.addVehicle(v);
      feed(r, 1'001'000, 2'000'000);
      r.finish();
      QCOMPARE(saved.count(), 1);
      auto log = ulog::ULogFile::open(saved.at(0).at(0).value<RecordedFlight>().path.toStdString());
      QVERIFY(log.ok());
      QCOMPARE(QString::fromStdString(log->findInfo("navigator_source")->text()), QString::fromUtf8(c.source));
      QStringList texts;
      for (const auto& s : log->strings()) texts << QString::fromStdString(s.text);
      QVERIFY2(texts.contains("Armed, mode " + c.first_name) && texts.contains("Armed, mode " + c.second_name),
               qPrintable(texts.join("; ")));
      const auto* status = log->find("vehicle_status");
      QVERIFY(status);
      QCOMPARE(int(status->count()), 2);
      const auto fields = log->fields(*status);
      const auto* nav = fieldOf(fields, "nav_state");
      const auto* vayu = fieldOf(fields, "vayu_mode");
      QVERIFY(nav && vayu);
      QCOMPARE(log->value(*status, 0, *nav), double(c.first_nav));
      QCOMPARE(log->value(*status, 1, *nav), double(c.second_nav));
      QCOMPARE(log->value(*status, 1, *vayu), 255.0);
    }
  }

  void armingAgainWithinTheMarginIsTheSameFlight() {
    QTemporaryDir dir;
    FlightRecorder r;
    r.setFolder(dir.path());
    r.setMarginS(1.0);
    r.setIdentity({QStringLiteral("sitl"), QStringLiteral("s500"), 1, true, {}});
    QSignalSpy saved(&r, &FlightRecorder::flightSaved);
    r.addVehicle(vehicle(true));
    feed(r, 0, 2'000'000);
    r.addVehicle(vehicle(false));
    feed(r, 2'001'000, 2'500'000);
    r.addVehicle(vehicle(true));  // 0.5 s after disarming: still this flight
    feed(r, 2'501'000, 4'000'000);
    r.addVehicle(vehicle(false));
    feed(r, 4'001'000, 9'000'000);
    r.addVehicle(vehicle(true));  // a new flight
    feed(r, 9'001'000, 10'000'000);
    r.finish();  // the simulator stopped: the flight ends now
    QCOMPARE(saved.count(), 2);
    QCOMPARE(saved.at(0).at(0).value<RecordedFlight>().duration_s, 5.0);  // 0 to 4 + 1 s
    QVERIFY(saved.at(0).at(0).value<RecordedFlight>().path != saved.at(1).at(0).value<RecordedFlight>().path);
    QCOMPARE(QDir(dir.path()).entryList({"*.ulg"}).size(), 2);
  }

  void aBoardLogsWhatArrivesAndEndsOnItsClock() {
    ClockedRecorder c;
    ManualTickClock& clock = c.clock;
    FlightRecorder& r = c.recorder;
    r.setIdentity({QStringLiteral("board"), QStringLiteral("board"), std::nullopt, false, {}});
    QSignalSpy saved(&r, &FlightRecorder::flightSaved);
    clock.advance(500);
    r.addVehicle(vehicle(true));
    clock.advance(1000);
    r.addAttitude(AttitudeSample{1500, {0.7071f, 0.7071f, 0, 0}, 1.5708f, 0, 0, {}});
    clock.advance(1000);
    r.addVehicle(vehicle(false));  // at 2.5 s by the clock
    clock.advance(900);
    QCOMPARE(saved.count(), 0);
    clock.advance(100);  // 3.5 s: the margin is over
    QCOMPARE(saved.count(), 1);
    auto log = ulog::ULogFile::open(saved.at(0).at(0).value<RecordedFlight>().path.toStdString());
    QVERIFY(log.ok());
    QVERIFY(log->findInfo("navigator_seed") == nullptr);
    const auto* att = log->find("vehicle_attitude");
    QCOMPARE(int(att->count()), 1);
    QCOMPARE(att->first_us, std::uint64_t(1'500'000));
    QCOMPARE(int(log->find("navigator_truth")->count()), 0);  // a board reports no truth
  }

  void whatCameBeforeTheFirstSampleIsNotAfterIt() {
    // The station's clock has run 1.431 s when the firmware's first estimate arrives, before the
    // simulator's first sample (at 0.040 s on its own clock): seen in CI, the log then held an
    // estimate at 1.431 s followed by one at 0.040 s. What came first is put at the first
    // sample's time, so each topic's time runs forward.
    ClockedRecorder c;
    ManualTickClock& clock = c.clock;
    FlightRecorder& r = c.recorder;
    QSignalSpy saved(&r, &FlightRecorder::flightSaved);
    clock.advance(1431);
    r.addVehicle(vehicle(false));
    r.addAttitude(AttitudeSample{10, {1, 0, 0, 0}, 0, 0, 0, {}});
    feed(r, 40'000, 100'000);
    r.addAttitude(AttitudeSample{50, {1, 0, 0, 0}, 0, 0, 0, {}});  // at 0.100 s, the latest sample's time
    r.addVehicle(vehicle(true));
    feed(r, 101'000, 500'000);
    r.addAttitude(AttitudeSample{90, {1, 0, 0, 0}, 0, 0, 0, {}});  // at 0.500 s
    r.finish();
    QCOMPARE(saved.count(), 1);
    auto log = ulog::ULogFile::open(saved.at(0).at(0).value<RecordedFlight>().path.toStdString());
    QVERIFY(log.ok());
    const auto* att = log->find("vehicle_attitude");
    QVERIFY(att != nullptr);
    QCOMPARE(int(att->count()), 3);
    QCOMPARE(log->timestampUs(*att, 0), std::uint64_t(40'000));  // the first sample's time
    QCOMPARE(log->timestampUs(*att, 1), std::uint64_t(100'000));
    QCOMPARE(log->timestampUs(*att, 2), std::uint64_t(500'000));
    QCOMPARE(log->firstUs(), std::uint64_t(40'000));
  }

  void aFolderThatCannotBeMadeIsSaidAndNothingBreaks() {
    QTemporaryDir dir;
    QFile blocker(dir.path() + "/file");
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    FlightRecorder r;
    r.setFolder(dir.path() + "/file/logs");  // under a plain file
    QSignalSpy problems(&r, &FlightRecorder::problem);
    r.addVehicle(vehicle(true));
    feed(r, 0, 100'000);
    QVERIFY(!r.recording());
    QVERIFY(problems.count() >= 1);
    QVERIFY2(problems.at(0).at(0).toString().contains("file/logs"), qPrintable(problems.at(0).at(0).toString()));
  }

  void disabledRecordsNothing() {
    QTemporaryDir dir;
    FlightRecorder r;
    r.setFolder(dir.path());
    r.setEnabled(false);
    r.addVehicle(vehicle(true));
    feed(r, 0, 100'000);
    QVERIFY(!r.recording());
    QVERIFY(QDir(dir.path()).entryList({"*.ulg"}).isEmpty());
  }
};

QTEST_GUILESS_MAIN(FlightRecorderTest)
#include "flight_recorder_test.moc"
