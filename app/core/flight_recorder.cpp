#include "app/core/flight_recorder.h"

#include "app/core/log_folder.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace navigator {
namespace {

namespace ul = ulog;

ul::LogLevel levelOf(int mav_severity) {
  // MAV_SEVERITY 0 EMERGENCY … 7 DEBUG, the same order as ULog's '0' … '7'.
  return ul::LogLevel(std::uint8_t('0' + std::clamp(mav_severity, 0, 7)));
}

QString fileSafe(QString s) {
  for (QChar& c : s)
    if (!(c.isLetterOrNumber() || c == '-' || c == '_')) c = '_';
  return s.isEmpty() ? QStringLiteral("vehicle") : s;
}

ul::VehicleStatus statusTopic(const VehicleStatus& v, std::uint64_t t_us) {
  switch (v.autopilotKind()) {
    case Autopilot::Px4:
      return ul::vehicleStatusOfAutopilot(t_us, v.armed, ul::px4NavStateOfPx4Mode(v.custom_mode), v.failsafe());
    case Autopilot::ArduPilot:
      return ul::vehicleStatusOfAutopilot(t_us, v.armed, ul::kNavStateNone, v.failsafe());
    default:
      return ul::vehicleStatusOf(t_us, v.armed, v.custom_mode, v.failsafe());
  }
}

}  // namespace

FlightRecorder::FlightRecorder(QObject* parent)
    : QObject(parent),
      enabled_(recordFlights()),
      folder_(logFolder()),
      margin_s_(logMarginS()),
      version_(QCoreApplication::applicationVersion()) {
  qRegisterMetaType<navigator::RecordedFlight>();
  setClock(nullptr);
}

FlightRecorder::~FlightRecorder() { close(); }

void FlightRecorder::setClock(TickClock* clock) {
  if (clock_ != nullptr) disconnect(clock_, &TickClock::tick, this, nullptr);
  clock_ = clock != nullptr ? clock : &steady_clock_;
  // Ticks end a flight whose source has gone quiet after disarming (a board without samples).
  connect(clock_, &TickClock::tick, this, [this] { checkEnd(nowUs()); });
  clock_->start();
}

void FlightRecorder::setEnabled(bool enabled) {
  enabled_ = enabled;
  if (!enabled) {
    close();
    sample_buffer_.clear();
    pending_.clear();
  }
}

void FlightRecorder::setFolder(const QString& folder) { folder_ = folder; }

void FlightRecorder::setMarginS(double seconds) { margin_s_ = std::max(0.0, seconds); }

std::uint64_t FlightRecorder::nowUs() const {
  return latest_sample_us_ ? *latest_sample_us_ : std::uint64_t(std::max<std::int64_t>(clock_->nowMs(), 0)) * 1000;
}

std::uint64_t FlightRecorder::droppedNow() const { return log_ ? log_->recorder().messagesDropped() : 0; }

std::optional<QString> FlightRecorder::checkDiskSpace() const {
  return diskSpaceWarning(folder_, expectedLogBytes(3600));
}

void FlightRecorder::addSamples(const std::vector<TelemetrySample>& samples) {
  if (!enabled_ || samples.empty()) return;
  for (const TelemetrySample& s : samples) {
    latest_sample_us_ = std::uint64_t(std::max<std::int64_t>(s.time_us, 0));
    if (log_ && disarmed_at_us_ && *latest_sample_us_ > *disarmed_at_us_ + std::uint64_t(margin_s_ * 1e6)) close();
    if (log_)
      writeSample(s);
    else
      sample_buffer_.push_back(s);
  }
  trimBuffers(*latest_sample_us_);
  checkEnd(*latest_sample_us_);
  if (log_ && log_->recorder().messagesDropped() > dropped_reported_ && dropped_reported_ == 0) {
    dropped_reported_ = log_->recorder().messagesDropped();
    emit problem(tr("Flight log %1: the disk is too slow, log messages are being dropped (counted in the file).")
                     .arg(current_path_));
  }
}

void FlightRecorder::addVehicle(const VehicleStatus& vehicle) {
  if (!enabled_) return;
  const std::uint64_t t = nowUs();
  const bool was_armed = last_vehicle_ && last_vehicle_->armed;
  if (vehicle.armed && !was_armed) {
    disarmed_at_us_.reset();
    if (!log_) start(t);
  } else if (!vehicle.armed && was_armed && log_) {
    disarmed_at_us_ = t;
  }
  const bool changed =
      !last_vehicle_ || last_vehicle_->armed != vehicle.armed || last_vehicle_->custom_mode != vehicle.custom_mode;
  Pending p{t, vehicle, std::nullopt, std::nullopt, changed};
  if (log_)
    writePending(p);
  else
    pending_.push_back(p);
  last_vehicle_ = vehicle;
  checkEnd(t);
}

void FlightRecorder::addAttitude(const AttitudeSample& attitude) {
  if (!enabled_) return;
  Pending p{nowUs(), std::nullopt, attitude, std::nullopt, false};
  if (log_)
    writePending(p);
  else
    pending_.push_back(p);
}

void FlightRecorder::addStatusText(int severity, const QString& text) {
  if (!enabled_) return;
  Pending p{nowUs(), std::nullopt, std::nullopt, std::make_pair(severity, text), false};
  if (log_)
    writePending(p);
  else
    pending_.push_back(p);
}

void FlightRecorder::finish() {
  close();
  sample_buffer_.clear();
  pending_.clear();
  latest_sample_us_.reset();
  last_vehicle_.reset();
}

void FlightRecorder::trimBuffers(std::uint64_t now_us) {
  const auto margin_us = std::uint64_t(margin_s_ * 1e6);
  const std::uint64_t from = now_us > margin_us ? now_us - margin_us : 0;
  while (!sample_buffer_.empty() && std::uint64_t(std::max<std::int64_t>(sample_buffer_.front().time_us, 0)) < from)
    sample_buffer_.pop_front();
  while (!pending_.empty() && pending_.front().t_us < from) pending_.pop_front();
  // A time that went backwards (a new simulator run) leaves nothing of the old one behind.
  while (!sample_buffer_.empty() && std::uint64_t(std::max<std::int64_t>(sample_buffer_.front().time_us, 0)) > now_us)
    sample_buffer_.pop_front();
}

void FlightRecorder::start(std::uint64_t t_us) {
  if (!QDir().mkpath(folder_)) {
    emit problem(tr("Cannot create the flight-log folder %1: this flight is not recorded.").arg(folder_));
    return;
  }
  if (auto warning = checkDiskSpace()) emit problem(*warning);
  // A flight with a mesh's mass properties says so in its name ("…_sitl_s500_mesh.ulg").
  const QString stem = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyy-MM-dd_HH-mm-ss")) + "_" +
                       fileSafe(identity_.source) + "_" + fileSafe(identity_.airframe) +
                       (identity_.mass_properties.isEmpty() ? QString() : QStringLiteral("_mesh"));
  QString path = QDir(folder_).filePath(stem + ".ulg");
  for (int n = 2; QFileInfo::exists(path); ++n) path = QDir(folder_).filePath(stem + "-" + QString::number(n) + ".ulg");

  ul::FlightIdentity id;
  id.source = identity_.source.toStdString();
  id.airframe = identity_.airframe.toStdString();
  id.mass_properties = identity_.mass_properties.toStdString();
  id.software_version = version_.toStdString();
  id.start_utc = ul::utcNowIso8601();
  id.has_seed = identity_.seed.has_value();
  id.seed = identity_.seed.value_or(0);
  std::uint64_t start_us = t_us;
  if (!sample_buffer_.empty())
    start_us =
        std::min<std::uint64_t>(start_us, std::uint64_t(std::max<std::int64_t>(sample_buffer_.front().time_us, 0)));
  if (!pending_.empty()) start_us = std::min(start_us, pending_.front().t_us);
  id.start_us = start_us;
  if (params_)
    for (const auto& [name, value] : params_()) id.float_params.emplace_back(name.toStdString(), value);
  auto created = ul::FlightLog::create(path.toStdString(), id);
  if (!created) {
    emit problem(tr("This flight is not recorded: %1").arg(QString::fromStdString(created.error().message)));
    return;
  }
  log_ = std::move(created).value();
  current_path_ = path;
  first_us_ = start_us;
  last_us_ = t_us;
  dropped_reported_ = 0;
  // The state the flight starts in (its last change may lie before the margin).
  if (last_vehicle_) log_->write(statusTopic(*last_vehicle_, start_us));
  for (const TelemetrySample& s : sample_buffer_) writeSample(s);
  for (const Pending& p : pending_) writePending(p);
  sample_buffer_.clear();
  pending_.clear();
  emit flightStarted(path);
}

void FlightRecorder::checkEnd(std::uint64_t now_us) {
  if (log_ && disarmed_at_us_ && now_us >= *disarmed_at_us_ + std::uint64_t(margin_s_ * 1e6)) close();
}

void FlightRecorder::close() {
  if (!log_) return;
  const std::uint64_t dropped = log_->recorder().messagesDropped();
  auto closed = log_->close();
  log_.reset();
  disarmed_at_us_.reset();
  if (!closed) emit problem(tr("Flight log %1: %2").arg(current_path_, QString::fromStdString(closed.error().message)));
  RecordedFlight flight;
  flight.path = current_path_;
  flight.duration_s = double(last_us_ - std::min(last_us_, first_us_)) * 1e-6;
  flight.dropped = dropped;
  current_path_.clear();
  if (dropped > 0)
    emit problem(tr("Flight log %1: %n message(s) were dropped because the disk was too slow.", nullptr,
                    int(std::min<std::uint64_t>(dropped, 1u << 30)))
                     .arg(flight.path));
  emit flightSaved(flight);
}

void FlightRecorder::writeSample(const TelemetrySample& s) {
  const std::uint64_t t = std::uint64_t(std::max<std::int64_t>(s.time_us, 0));
  last_us_ = std::max(last_us_, t);
  ul::FlightLog& log = *log_;
  ul::SensorCombined imu{};
  imu.timestamp = t;
  std::copy(s.gyro_S_radps.begin(), s.gyro_S_radps.end(), imu.gyro_rad);
  std::copy(s.accel_S_mps2.begin(), s.accel_S_mps2.end(), imu.accelerometer_m_s2);
  log.write(imu);
  ul::VehicleMagnetometer mag{};
  mag.timestamp = mag.timestamp_sample = t;
  std::copy(s.mag_S_gauss.begin(), s.mag_S_gauss.end(), mag.magnetometer_ga);
  log.write(mag);
  if (!identity_.simulated_world) return;  // a board's own reports: sensors only
  ul::NavigatorTruth truth{};
  truth.timestamp = t;
  for (int i = 0; i < 3; ++i) truth.position_ned_m[i] = s.p_W_m[std::size_t(i)];
  std::copy(s.v_W_mps.begin(), s.v_W_mps.end(), truth.velocity_ned_m_s);
  std::copy(s.attitude_WB_wxyz.begin(), s.attitude_WB_wxyz.end(), truth.q_frd_to_ned);
  std::copy(s.omega_B_radps.begin(), s.omega_B_radps.end(), truth.angular_velocity_frd_rad_s);
  const int rotors = std::clamp(s.rotor_count, 0, 8);
  std::copy(s.rotor_speed_radps.begin(), s.rotor_speed_radps.begin() + rotors, truth.rotor_speed_rad_s);
  log.write(truth);
  ul::NavigatorWind wind{};
  wind.timestamp = t;
  std::copy(s.wind_NED_mps.begin(), s.wind_NED_mps.end(), wind.wind_ned_m_s);
  std::copy(s.turbulence_NED_mps.begin(), s.turbulence_NED_mps.end(), wind.turbulence_ned_m_s);
  wind.airspeed_m_s = s.airspeed_mps;
  log.write(wind);
  ul::ActuatorMotors motors{};
  motors.timestamp = motors.timestamp_sample = t;
  std::copy(s.motor_duty.begin(), s.motor_duty.begin() + rotors, motors.control);
  log.write(motors);
}

void FlightRecorder::writePending(const Pending& p) {
  ul::FlightLog& log = *log_;
  last_us_ = std::max(last_us_, p.t_us);
  if (p.vehicle) {
    const VehicleStatus& v = *p.vehicle;
    log.write(statusTopic(v, p.t_us));
    // The log's own words stay English whatever the station's language, as PX4's do.
    if (p.arming_or_mode_changed)
      log.log(ul::LogLevel::Info, p.t_us,
              std::string(v.armed ? "Armed" : "Disarmed") + ", mode " + VehicleLink::modeName(v).toStdString());
  }
  if (p.attitude) {
    ul::VehicleAttitude m{};
    m.timestamp = m.timestamp_sample = p.t_us;
    std::copy(p.attitude->q_WB_wxyz.begin(), p.attitude->q_WB_wxyz.end(), m.q);
    log.write(m);
  }
  if (p.text) log.log(levelOf(p.text->first), p.t_us, p.text->second.toStdString());
}

}  // namespace navigator
