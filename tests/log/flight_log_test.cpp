// FlightLog (log/flight_log.h) and SimulatorLogger (simulator_topics.h): a flight written
// with every field of the 13 flight topics set to a drawn value, read back by the independent
// reader of the ULog specification (ulog_spec_reader.py) and by ULogFile, each value equal to
// what was written to the bit; the INFO, PARAMETER and LOGGING messages likewise. Then a
// simulated flight logged period by period, against the simulator's own state.
#include "log/flight_log.h"
#include "log/simulator_topics.h"
#include "log/ulog_reader.h"
#include "sim/config/airframe_file.h"
#include "sim/world/initial_state.h"
#include "tests/log/ulog_test_support.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <bit>
#include <cstring>

using namespace navigator::ulog;
using namespace ulog_test;

namespace {

// INFO: PX4's sys_name and ver_sw, Navigator's keys (flight_log.h). PARAMETER: the floats, then
// the int32s, in the order given, to the bit. As the spec reader's JSON `o` has them.
void checkInfoAndParameters(const json& o, const WrittenFlight& flight) {
  const json& info = o["info"];
  QCOMPARE(info["sys_name"]["value"].get<std::string>(), std::string("Navigator"));
  QCOMPARE(info["ver_sw"]["value"].get<std::string>(), flight.identity.software_version);
  QCOMPARE(info[kInfoSource]["value"].get<std::string>(), std::string(kSourceSitl));
  QCOMPARE(info[kInfoAirframe]["value"].get<std::string>(), flight.identity.airframe);
  QCOMPARE(info[kInfoAirframe]["type"].get<std::string>(),
           "char[" + std::to_string(flight.identity.airframe.size()) + "]");
  QCOMPARE(info[kInfoStartUtc]["value"].get<std::string>(), flight.identity.start_utc);
  QCOMPARE(info[kInfoSeed]["type"].get<std::string>(), std::string("uint64_t"));
  QCOMPARE(info[kInfoSeed]["value"].get<std::uint64_t>(), flight.identity.seed);

  const json& params = o["params"];
  QCOMPARE(params.size(), flight.identity.float_params.size() + flight.identity.int_params.size());
  std::size_t i = 0;
  for (const auto& [name, value] : flight.identity.float_params) {
    QCOMPARE(params[i]["name"].get<std::string>(), name);
    QCOMPARE(params[i]["type"].get<std::string>(), std::string("float"));
    Expected e;
    e.kind = Expected::Float;
    e.f = value;
    const std::string m = e.mismatch(params[i]["value"]);
    QVERIFY2(m.empty(), (name + ": " + m).c_str());
    ++i;
  }
  for (const auto& [name, value] : flight.identity.int_params) {
    QCOMPARE(params[i]["name"].get<std::string>(), name);
    QCOMPARE(params[i]["type"].get<std::string>(), std::string("int32_t"));
    QCOMPARE(params[i]["value"].get<std::int64_t>(), std::int64_t(value));
    ++i;
  }
}

// The topics: one subscription each, in flightTopics() order, every message and field.
void checkTopics(const json& o, const WrittenFlight& flight) {
  const json& topics = o["topics"];
  QCOMPARE(topics.size(), flight.topics.size());
  for (std::size_t t = 0; t < topics.size(); ++t) {
    const TopicRecord& want = flight.topics[t];
    const json& got = topics[t];
    QCOMPARE(got["name"].get<std::string>(), want.name);
    QCOMPARE(got["multi_id"].get<int>(), 0);
    QCOMPARE(got["count"].get<std::size_t>(), want.messages.size());
    QCOMPARE(got["first_timestamp"].get<std::uint64_t>(), want.messages.front().at("timestamp").u);
    QCOMPARE(got["last_timestamp"].get<std::uint64_t>(), want.messages.back().at("timestamp").u);
    QCOMPARE(got["values"].size(), want.messages.size());
    for (std::size_t k = 0; k < want.messages.size(); ++k) {
      const json& values = got["values"][k];
      std::vector<std::string> paths;
      for (const auto& item : values.items()) paths.push_back(item.key());
      QVERIFY2(paths == want.paths, (want.name + ": the fields, in order, are " + values.dump()).c_str());
      for (const auto& [path, expected] : want.messages[k]) {
        const std::string m = expected.mismatch(values[path]);
        QVERIFY2(m.empty(), (want.name + "[" + std::to_string(k) + "]." + path + ": " + m).c_str());
      }
    }
  }
}

// The S500 hovering from rest, logged every IMU period; what the simulator did, to compare with.
struct LoggedHover {
  std::vector<Eigen::Vector3d> positions;
  std::vector<Eigen::Vector3d> gyro;
  int mag_changes = 0, baro_changes = 0, gps_changes = 0;  // how often each reading changed
};

LoggedHover logHover(vsim::Simulator& sim, FlightLog& log, int periods) {
  SimulatorLogger logger;
  LoggedHover run;
  std::optional<vsim::SensorFrame> last;
  for (int k = 0; k < periods; ++k) {
    sim.advanceImuPeriod();
    const std::uint64_t t_us = std::uint64_t(k + 1) * std::uint64_t(sim.imuPeriodNs() / 1000);
    logger.write(log, t_us, sim);
    const vsim::SensorFrame& fr = sim.frame();
    run.positions.push_back(sim.state().p_W_m);
    run.gyro.push_back(fr.imu.gyro_S_radps);
    if (!last || last->mag.field_S_gauss != fr.mag.field_S_gauss) ++run.mag_changes;
    if (!last || last->baro.pressure_pa != fr.baro.pressure_pa ||
        last->baro.temperature_degc != fr.baro.temperature_degc)
      ++run.baro_changes;
    if (fr.gps.time_us >= 0 && (!last || last->gps.time_us != fr.gps.time_us)) ++run.gps_changes;
    last = fr;
  }
  return run;
}

ScalarField field(const std::vector<ScalarField>& fs, const std::string& p) {
  for (const ScalarField& f : fs)
    if (f.path == p) return f;
  return ScalarField{};
}

// Every 37th period's true position and gyro, the IMU's integration time, and the last motor
// commands, as the simulator had them (as float where the topic has a float).
void checkHoverValues(const ULogFile& read, const LoggedHover& run, const vsim::Simulator& sim, int rotors,
                      int periods) {
  const Subscription& truth = *read.find("navigator_truth");
  const Subscription& imu = *read.find("sensor_combined");
  const auto truth_fields = read.fields(truth);
  const auto imu_fields = read.fields(imu);
  for (int k = 0; k < periods; k += 37) {
    for (int a = 0; a < 3; ++a) {
      const std::string i = "[" + std::to_string(a) + "]";
      QCOMPARE(read.value(truth, std::size_t(k), field(truth_fields, "position_ned_m" + i)),
               run.positions[std::size_t(k)][a]);
      QCOMPARE(read.value(imu, std::size_t(k), field(imu_fields, "gyro_rad" + i)),
               double(float(run.gyro[std::size_t(k)][a])));
    }
    QCOMPARE(read.value(imu, std::size_t(k), field(imu_fields, "gyro_integral_dt")), double(sim.imuPeriodNs() / 1000));
  }
  const Subscription& motors = *read.find("actuator_motors");
  const auto motor_fields = read.fields(motors);
  for (int r = 0; r < rotors; ++r)
    QCOMPARE(read.value(motors, periods - 1, field(motor_fields, "control[" + std::to_string(r) + "]")),
             double(float(0.55)));
  QCOMPARE(read.value(motors, periods - 1, field(motor_fields, "control[" + std::to_string(rotors) + "]")), 0.0);
}

}  // namespace

class FlightLogTest : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir dir_;
  std::string path_;
  WrittenFlight flight_;

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    path_ = dir_.filePath("flight.ulg").toStdString();
    std::string error;
    flight_ = writeFlight(path_, FlightShape{}, error);
    QVERIFY2(error.empty(), error.c_str());
  }

  // Every value as the specification decodes it.
  void specReaderReadsEveryValueBack() {
    std::vector<std::string> args;
    for (const TopicDescription& t : flightTopics()) args.insert(args.end(), {"--values", t.name});
    const SpecResult r = specRead(path_, args);
    QVERIFY2(r.error.empty(), r.error.c_str());
    QCOMPARE(r.exit_code, 0);
    const json& o = r.out;
    QVERIFY2(o["problems"].empty(), o["problems"].dump().c_str());
    QVERIFY2(o["unknown_messages"].empty(), o["unknown_messages"].dump().c_str());
    QVERIFY(o["end"]["cut_at"].is_null());
    QCOMPARE(o["end"]["read_to"].get<std::uint64_t>(), o["size"].get<std::uint64_t>());
    QCOMPARE(o["header"]["version"].get<int>(), 1);
    QCOMPARE(o["header"]["timestamp"].get<std::uint64_t>(), flight_.identity.start_us);

    checkInfoAndParameters(o, flight_);
    if (QTest::currentTestFailed()) return;
    checkTopics(o, flight_);
    if (QTest::currentTestFailed()) return;

    // LOGGING: level byte ('0'…'7'), timestamp, text (UTF-8 and quotes as written).
    const json& logged = o["logged"];
    QCOMPARE(logged.size(), flight_.strings.size());
    for (std::size_t s = 0; s < logged.size(); ++s) {
      QCOMPARE(logged[s]["level"].get<int>(), int(flight_.strings[s].level));
      QCOMPARE(logged[s]["timestamp"].get<std::uint64_t>(), flight_.strings[s].t_us);
      QCOMPARE(logged[s]["text"].get<std::string>(), flight_.strings[s].text);
      QVERIFY(logged[s]["tag"].is_null());
    }
    QVERIFY(o["dropouts"].empty());
  }

  // The same through ULogFile.
  void readerReadsEveryValueBack() {
    auto opened = ULogFile::open(path_);
    QVERIFY2(opened, opened ? "" : opened.error().message.c_str());
    const ULogFile& log = *opened;
    QVERIFY(log.problems().empty());
    QCOMPARE(log.startUs(), flight_.identity.start_us);
    QVERIFY(log.findInfo(kInfoAirframe) != nullptr);
    QCOMPARE(log.findInfo(kInfoAirframe)->text(), flight_.identity.airframe);
    QCOMPARE(log.findInfo(kInfoSeed)->text(), std::to_string(flight_.identity.seed));
    QCOMPARE(log.parameters().size(), std::size_t(7));
    QCOMPARE(std::bit_cast<std::uint64_t>(log.parameters()[3].number()), std::bit_cast<std::uint64_t>(-0.0));
    QCOMPARE(log.parameters()[5].number(), -2147483648.0);
    QCOMPARE(log.subscriptions().size(), flight_.topics.size());
    for (const TopicRecord& want : flight_.topics) {
      const Subscription* sub = log.find(want.name);
      QVERIFY2(sub != nullptr, want.name.c_str());
      QCOMPARE(sub->count(), want.messages.size());
      const std::vector<ScalarField> fields = log.fields(*sub);
      std::vector<std::string> paths;
      for (const ScalarField& f : fields) paths.push_back(f.path);
      QVERIFY2(paths == want.paths, want.name.c_str());
      for (std::size_t k = 0; k < sub->count(); ++k) {
        QCOMPARE(log.timestampUs(*sub, k), want.messages[k].at("timestamp").u);
        for (const ScalarField& f : fields) {
          const Expected& e = want.messages[k].at(f.path);
          if (f.type == BaseType::UInt64 || f.type == BaseType::Int64) {
            std::uint64_t raw;
            std::memcpy(&raw, log.payload(*sub, k) + f.offset, sizeof raw);
            QCOMPARE(raw, e.kind == Expected::Unsigned ? e.u : std::uint64_t(e.i));
          } else {
            QVERIFY2(e.equalsDouble(log.value(*sub, k, f)),
                     (want.name + "." + f.path + ": expected " + e.text()).c_str());
          }
        }
      }
    }
    QCOMPARE(log.strings().size(), flight_.strings.size());
    for (std::size_t s = 0; s < log.strings().size(); ++s) {
      QCOMPARE(log.strings()[s].text, flight_.strings[s].text);
      QCOMPARE(log.strings()[s].level, std::uint8_t(flight_.strings[s].level));
      QCOMPARE(log.strings()[s].t_us, flight_.strings[s].t_us);
    }
    // The span: the first message of the first topic to the last of the last (writeFlight's clock).
    QCOMPARE(log.firstUs(), flight_.topics.front().messages.front().at("timestamp").u);
    QCOMPARE(log.lastUs(), flight_.topics.back().messages.back().at("timestamp").u);
  }

  void createFailsNamingThePath() {
    const std::string path = dir_.filePath("no/such/folder/flight.ulg").toStdString();
    auto log = FlightLog::create(path, FlightIdentity{});
    QVERIFY(!log);
    QVERIFY2(log.error().message.find(path) != std::string::npos, log.error().message.c_str());
    QVERIFY2(log.error().message.find("No such file or directory") != std::string::npos, log.error().message.c_str());
  }

  // The form only (navigator_start_utc, ISO 8601 in UTC); no verdict depends on the time itself.
  void utcNowIsIso8601() {
    const QString now = QString::fromStdString(utcNowIso8601());
    QVERIFY2(QRegularExpression("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ$").match(now).hasMatch(), qPrintable(now));
  }

  // SimulatorLogger on the S500 hovering from rest for 0.5 s (500 IMU periods): truth, IMU, wind
  // and motors every period; magnetometer, barometer and GPS each time their reading changed,
  // counted here from the simulator's frames; the values are the simulator's own (as float
  // where the topic has a float).
  void simulatorLoggerLogsEveryPeriod() {
    auto model = vsim::loadAirframe(NAVIGATOR_SOURCE_DIR "/resources/airframes/s500.yaml");
    QVERIFY2(model, model ? "" : model.error().message.c_str());
    vsim::SimulatorConfig config;
    auto created = vsim::Simulator::create(*model, config);
    QVERIFY2(created, created ? "" : created.error().message.c_str());
    vsim::Simulator& sim = created.value();
    sim.reset(7, vsim::initialState(*model, config.world, {}));
    const std::vector<double> duties(std::size_t(model->rotor_count), 0.55);
    sim.setDuties(duties);

    const std::string path = dir_.filePath("sim.ulg").toStdString();
    auto log = FlightLog::create(path, FlightIdentity{});
    QVERIFY(log);
    constexpr int kPeriods = 500;
    const LoggedHover run = logHover(sim, *log.value(), kPeriods);
    QVERIFY(log.value()->close());
    QCOMPARE(log.value()->recorder().messagesDropped(), std::uint64_t(0));

    auto read = ULogFile::open(path);
    QVERIFY(read);
    QVERIFY(read->problems().empty());
    auto count = [&](const char* topic) { return read->find(topic) ? read->find(topic)->count() : std::size_t(0); };
    QCOMPARE(count("navigator_truth"), std::size_t(kPeriods));
    QCOMPARE(count("sensor_combined"), std::size_t(kPeriods));
    QCOMPARE(count("navigator_wind"), std::size_t(kPeriods));
    QCOMPARE(count("actuator_motors"), std::size_t(kPeriods));
    QCOMPARE(count("vehicle_magnetometer"), std::size_t(run.mag_changes));
    QCOMPARE(count("vehicle_air_data"), std::size_t(run.baro_changes));
    QCOMPARE(count("sensor_gps"), std::size_t(run.gps_changes));
    // GPS runs slower than the IMU (the airframe's gps rate); the magnetometer and barometer
    // carry fresh noise every period here, so they change, and are logged, every period.
    QVERIFY(run.gps_changes > 0 && run.gps_changes < kPeriods);
    checkHoverValues(*read, run, sim, model->rotor_count, kPeriods);
  }
};

QTEST_GUILESS_MAIN(FlightLogTest)
#include "flight_log_test.moc"
