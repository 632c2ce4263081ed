#include "tests/log/ulog_test_support.h"

#include <QProcess>
#include <QStringList>

#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <random>
#include <type_traits>

namespace ulog_test {

using namespace navigator::ulog;

SpecResult specRead(const std::string& path, const std::vector<std::string>& args) {
  SpecResult r;
  QStringList arguments{QStringLiteral(NAVIGATOR_ULOG_SPEC_READER), QString::fromStdString(path)};
  for (const std::string& a : args) arguments << QString::fromStdString(a);
  QProcess p;
  p.start(QStringLiteral(NAVIGATOR_PYTHON), arguments);
  if (!p.waitForStarted(60000) || !p.waitForFinished(300000)) {
    r.error = "ulog_spec_reader.py did not run: " + p.errorString().toStdString();
    return r;
  }
  r.exit_code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
  const QByteArray out = p.readAllStandardOutput();
  r.out = json::parse(out.begin(), out.end(), nullptr, false);
  if (r.out.is_discarded())
    r.error = "ulog_spec_reader.py wrote no JSON (exit " + std::to_string(r.exit_code) +
              "): " + p.readAllStandardError().toStdString();
  return r;
}

std::vector<SpecMessage> specMessages(const json& out) {
  std::vector<SpecMessage> v;
  for (const json& m : out.at("messages")) {
    SpecMessage s;
    s.offset = m.at(0).get<std::uint64_t>();
    s.kind = m.at(1).get<std::string>().at(0);
    s.size = m.at(2).get<std::uint16_t>();
    if (m.size() > 3) s.msg_id = m.at(3).get<int>();
    v.push_back(s);
  }
  return v;
}

std::string Expected::mismatch(const json& j) const {
  auto differ = [&](const std::string& got) { return "expected " + text() + ", the spec reader gave " + got; };
  switch (kind) {
    case Float:
    case Double: {
      const double want = kind == Float ? double(f) : d;
      if (!j.is_number()) return differ(j.dump());
      const double got = j.get<double>();
      return std::bit_cast<std::uint64_t>(got) == std::bit_cast<std::uint64_t>(want) ? "" : differ(j.dump());
    }
    case Unsigned:
      return j.is_number_unsigned() && j.get<std::uint64_t>() == u ? "" : differ(j.dump());
    case Signed:
      return j.is_number_integer() && j.get<std::int64_t>() == i ? "" : differ(j.dump());
    case Bool:
      return j.is_number_integer() && j.get<int>() == (b ? 1 : 0) ? "" : differ(j.dump());
  }
  return "?";
}

bool Expected::equalsDouble(double v) const {
  switch (kind) {
    case Float:
      return std::bit_cast<std::uint64_t>(v) == std::bit_cast<std::uint64_t>(double(f));
    case Double:
      return std::bit_cast<std::uint64_t>(v) == std::bit_cast<std::uint64_t>(d);
    case Unsigned:
      return v == double(u);
    case Signed:
      return v == double(i);
    case Bool:
      return v == (b ? 1.0 : 0.0);
  }
  return false;
}

std::string Expected::text() const {
  char s[64];
  switch (kind) {
    case Float:
      std::snprintf(s, sizeof s, "%.9g (float)", double(f));
      break;
    case Double:
      std::snprintf(s, sizeof s, "%.17g (double)", d);
      break;
    case Unsigned:
      std::snprintf(s, sizeof s, "%llu", (unsigned long long)u);
      break;
    case Signed:
      std::snprintf(s, sizeof s, "%lld", (long long)i);
      break;
    case Bool:
      return b ? "true" : "false";
  }
  return s;
}

const TopicRecord* WrittenFlight::find(const std::string& name) const {
  for (const TopicRecord& t : topics)
    if (t.name == name) return &t;
  return nullptr;
}

namespace {

// Draws a value for each field and records it under the field's path. Floats and doubles are
// random bit patterns (any finite value: subnormals, huge and tiny magnitudes, -0), integers
// cover their whole range, so a field read at the wrong offset or as the wrong type shows.
class Filler {
 public:
  explicit Filler(std::mt19937_64& rng) : rng_(rng) {}

  template <class T>
  T next(const std::string& path) {
    Expected e;
    T value{};
    if constexpr (std::is_same_v<T, float>) {
      do value = std::bit_cast<float>(std::uint32_t(rng_()));
      while (!std::isfinite(value));
      e.kind = Expected::Float;
      e.f = value;
    } else if constexpr (std::is_same_v<T, double>) {
      do value = std::bit_cast<double>(std::uint64_t(rng_()));
      while (!std::isfinite(value));
      e.kind = Expected::Double;
      e.d = value;
    } else if constexpr (std::is_same_v<T, bool>) {
      value = (rng_() & 1) != 0;
      e.kind = Expected::Bool;
      e.b = value;
    } else if constexpr (std::is_signed_v<T>) {
      value = T(rng_());
      e.kind = Expected::Signed;
      e.i = value;
    } else {
      value = T(rng_());
      e.kind = Expected::Unsigned;
      e.u = value;
    }
    record(path, e);
    return value;
  }
  // The timestamp: set, not drawn (each topic's are increasing).
  std::uint64_t timestamp(std::uint64_t t) {
    Expected e;
    e.u = t;
    record("timestamp", e);
    return t;
  }
  std::map<std::string, Expected> take() { return std::exchange(values_, {}); }
  std::vector<std::string> paths;

 private:
  void record(const std::string& path, const Expected& e) {
    if (values_.count(path) == 0 && std::find(paths.begin(), paths.end(), path) == paths.end()) paths.push_back(path);
    values_[path] = e;
  }
  std::mt19937_64& rng_;
  std::map<std::string, Expected> values_;
};

#define SET(field) m.field = f.next<std::remove_cv_t<decltype(m.field)>>(#field)
#define SET_ARRAY(field)                                                \
  for (std::size_t k_ = 0; k_ < std::extent_v<decltype(m.field)>; ++k_) \
  m.field[k_] = f.next<std::remove_extent_t<decltype(m.field)>>(std::string(#field) + "[" + std::to_string(k_) + "]")

// One message of each topic, the fields in the order of PX4's uORB definitions (and of the
// structs in flight_topics.h): the test's own list of names, not the library's format text.
SensorCombined fill(Filler& f, std::uint64_t t, SensorCombined m) {
  m.timestamp = f.timestamp(t);
  SET_ARRAY(gyro_rad);
  SET(gyro_integral_dt);
  SET(accelerometer_timestamp_relative);
  SET_ARRAY(accelerometer_m_s2);
  SET(accelerometer_integral_dt);
  SET(accelerometer_clipping);
  SET(gyro_clipping);
  return m;
}
VehicleMagnetometer fill(Filler& f, std::uint64_t t, VehicleMagnetometer m) {
  m.timestamp = f.timestamp(t);
  SET(timestamp_sample);
  SET(device_id);
  SET_ARRAY(magnetometer_ga);
  return m;
}
VehicleAirData fill(Filler& f, std::uint64_t t, VehicleAirData m) {
  m.timestamp = f.timestamp(t);
  SET(timestamp_sample);
  SET(baro_device_id);
  SET(baro_alt_meter);
  SET(baro_temp_celcius);
  SET(baro_pressure_pa);
  return m;
}
SensorGps fill(Filler& f, std::uint64_t t, SensorGps m) {
  m.timestamp = f.timestamp(t);
  SET(time_utc_usec);
  SET(latitude_deg);
  SET(longitude_deg);
  SET(altitude_msl_m);
  SET(vel_n_m_s);
  SET(vel_e_m_s);
  SET(vel_d_m_s);
  SET(fix_type);
  SET(satellites_used);
  return m;
}
VehicleAttitude fill(Filler& f, std::uint64_t t, VehicleAttitude m) {
  m.timestamp = f.timestamp(t);
  SET(timestamp_sample);
  SET_ARRAY(q);
  SET_ARRAY(delta_q_reset);
  SET(quat_reset_counter);
  return m;
}
VehicleLocalPosition fill(Filler& f, std::uint64_t t, VehicleLocalPosition m) {
  m.timestamp = f.timestamp(t);
  SET(timestamp_sample);
  SET(xy_valid);
  SET(z_valid);
  SET(v_xy_valid);
  SET(v_z_valid);
  SET(x);
  SET(y);
  SET(z);
  SET(vx);
  SET(vy);
  SET(vz);
  SET(heading);
  return m;
}
EstimatorSensorBias fill(Filler& f, std::uint64_t t, EstimatorSensorBias m) {
  m.timestamp = f.timestamp(t);
  SET_ARRAY(gyro_bias);
  return m;
}
VehicleAttitudeSetpoint fill(Filler& f, std::uint64_t t, VehicleAttitudeSetpoint m) {
  m.timestamp = f.timestamp(t);
  SET(roll_body);
  SET(pitch_body);
  SET(yaw_body);
  SET_ARRAY(q_d);
  SET_ARRAY(thrust_body);
  return m;
}
VehicleRatesSetpoint fill(Filler& f, std::uint64_t t, VehicleRatesSetpoint m) {
  m.timestamp = f.timestamp(t);
  SET(roll);
  SET(pitch);
  SET(yaw);
  SET_ARRAY(thrust_body);
  return m;
}
ActuatorMotors fill(Filler& f, std::uint64_t t, ActuatorMotors m) {
  m.timestamp = f.timestamp(t);
  SET(timestamp_sample);
  SET(reversible_flags);
  SET_ARRAY(control);
  return m;
}
VehicleStatus fill(Filler& f, std::uint64_t t, VehicleStatus m) {
  m.timestamp = f.timestamp(t);
  SET(arming_state);
  SET(nav_state);
  SET(failsafe);
  SET(vayu_mode);
  return m;
}
NavigatorTruth fill(Filler& f, std::uint64_t t, NavigatorTruth m) {
  m.timestamp = f.timestamp(t);
  SET_ARRAY(position_ned_m);
  SET_ARRAY(velocity_ned_m_s);
  SET_ARRAY(q_frd_to_ned);
  SET_ARRAY(angular_velocity_frd_rad_s);
  SET_ARRAY(rotor_speed_rad_s);
  return m;
}
NavigatorWind fill(Filler& f, std::uint64_t t, NavigatorWind m) {
  m.timestamp = f.timestamp(t);
  SET_ARRAY(wind_ned_m_s);
  SET_ARRAY(turbulence_ned_m_s);
  SET(airspeed_m_s);
  return m;
}

#undef SET
#undef SET_ARRAY

// Writes message `k` of topic `T` (the topic's index `topic` in flightTopics()).
template <class T>
bool writeOne(FlightLog& log, std::vector<TopicRecord>& topics, std::size_t topic, Filler& f, int k) {
  // 1 kHz from 10 s, each topic 7 µs after the previous one: distinct, increasing timestamps.
  const std::uint64_t t = 10'000'000 + std::uint64_t(k) * 1000 + topic * 7;
  f.paths.clear();
  const T m = fill(f, t, T{});
  topics[topic].messages.push_back(f.take());
  if (topics[topic].paths.empty()) topics[topic].paths = f.paths;
  return log.write(m);
}

}  // namespace

WrittenFlight writeFlight(const std::string& path, const FlightShape& shape, std::string& error) {
  WrittenFlight w;
  w.identity.source = kSourceSitl;
  w.identity.airframe = "s500 \"quoted\", µ";
  w.identity.software_version = "0.1.0-test";
  w.identity.start_utc = "2026-11-25T10:31:02Z";
  w.identity.seed = 0xF00DFACEC0FFEE01ull;  // above 2^63: a uint64 read as signed or as a double shows
  w.identity.has_seed = true;
  w.identity.start_us = 9'999'000;
  w.identity.float_params = {
      {"MC_ROLLRATE_P", 0.15f}, {"MC_PITCH_P", 6.5f}, {"TINY", std::bit_cast<float>(0x00000001u)}, {"NEG_ZERO", -0.0f}};
  w.identity.int_params = {{"SYS_AUTOSTART", 4001}, {"NEG", -2147483647 - 1}, {"MAX", 2147483647}};

  RecorderOptions options;
  options.writer_period_ms = 2;
  auto created = FlightLog::create(path, w.identity, options);
  if (!created) {
    error = created.error().message;
    return w;
  }
  FlightLog& log = *created.value();
  for (const TopicDescription& t : flightTopics()) w.topics.push_back(TopicRecord{t.name, {}, {}});

  std::mt19937_64 rng(shape.seed);
  Filler f(rng);
  const int per_batch = (shape.messages_per_topic + shape.batches - 1) / shape.batches;
  int k = 0;
  for (int b = 0; b < shape.batches; ++b) {
    for (int j = 0; j < per_batch && k < shape.messages_per_topic; ++j, ++k) {
      bool ok =
          writeOne<SensorCombined>(log, w.topics, 0, f, k) && writeOne<VehicleMagnetometer>(log, w.topics, 1, f, k) &&
          writeOne<VehicleAirData>(log, w.topics, 2, f, k) && writeOne<SensorGps>(log, w.topics, 3, f, k) &&
          writeOne<VehicleAttitude>(log, w.topics, 4, f, k) && writeOne<VehicleLocalPosition>(log, w.topics, 5, f, k) &&
          writeOne<EstimatorSensorBias>(log, w.topics, 6, f, k) &&
          writeOne<VehicleAttitudeSetpoint>(log, w.topics, 7, f, k) &&
          writeOne<VehicleRatesSetpoint>(log, w.topics, 8, f, k) && writeOne<ActuatorMotors>(log, w.topics, 9, f, k) &&
          writeOne<VehicleStatus>(log, w.topics, 10, f, k) && writeOne<NavigatorTruth>(log, w.topics, 11, f, k) &&
          writeOne<NavigatorWind>(log, w.topics, 12, f, k);
      if (!ok) {
        error = "a message was dropped (the ring is 8 MiB; this flight is far smaller)";
        return w;
      }
    }
    const WrittenFlight::Text text{LogLevel(std::uint8_t('0' + b % 8)), 10'000'000 + std::uint64_t(k) * 1000,
                                   "batch " + std::to_string(b) + ": \"quoted\", tab\there, µ"};
    w.strings.push_back(text);
    log.log(text.level, text.t_us, text.text);
    if (!waitFor([&] { return log.recorder().bytesQueued() == 0; })) {
      error = "the writer did not empty the ring within 60 s";
      return w;
    }
  }
  if (auto closed = log.close(); !closed) error = closed.error().message;
  return w;
}

std::vector<std::uint8_t> readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

bool writeFile(const std::string& path, const std::vector<std::uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  return bool(out);
}

}  // namespace ulog_test
