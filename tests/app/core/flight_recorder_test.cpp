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

// Feeds samples from `from_us` to `to_us` inclusive, 1 kHz, in drains of 33 like the Fly page.
void feed(FlightRecorder& r, std::int64_t from_us, std::int64_t to_us) {
  std::vector<TelemetrySample> drain;
  for (std::int64_t t = from_us; t <= to_us; t += 1000) {
    drain.push_back(sampleAt(t));
    if (drain.size() == 33) {
      r.addSamples(drain);
      drain.clear();
    }
  }
  r.addSamples(drain);
}

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
    QTemporaryDir dir;
    ManualTickClock clock;
    FlightRecorder r;
    r.setClock(&clock);
    r.setFolder(dir.path());
    r.setMarginS(1.0);
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
