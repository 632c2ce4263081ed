#include "app/core/flight_recorder.h"

#include "app/core/log_folder.h"
#include "log/simulator_topics.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <cmath>
#include <cstring>

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

float finiteOr(float v, float otherwise) { return std::isfinite(v) ? v : otherwise; }

// The firmware's estimate, setpoints and gyro bias as PX4's topics (flight_topics.h), stamped
// `t_us` on the flight's clock. MAVLink's NaN ("not known") becomes PX4's validity flags; the
// heading is the latest attitude estimate's yaw (NaN before the first, as PX4 marks it unknown).
void writeFrame(ul::FlightLog& log, std::uint64_t t_us, const mavlink_frame_t& frame, float heading_rad) {
  switch (frame.msgid) {
    case MAVLINK_MSG_ID_LOCAL_POSITION_NED: {
      mavlink_local_position_ned_t p;
      mavlink_local_position_ned_decode(&frame, &p);
      ul::VehicleLocalPosition m{};
      m.timestamp = m.timestamp_sample = t_us;
      m.xy_valid = std::isfinite(p.x) && std::isfinite(p.y);
      m.z_valid = std::isfinite(p.z);
      m.v_xy_valid = std::isfinite(p.vx) && std::isfinite(p.vy);
      m.v_z_valid = std::isfinite(p.vz);
      m.x = finiteOr(p.x, 0.0f);
      m.y = finiteOr(p.y, 0.0f);
      m.z = finiteOr(p.z, 0.0f);
      m.vx = finiteOr(p.vx, 0.0f);
      m.vy = finiteOr(p.vy, 0.0f);
      m.vz = finiteOr(p.vz, 0.0f);
      m.heading = heading_rad;  // the attitude estimate's yaw
      log.write(m);
      return;
    }
    case MAVLINK_MSG_ID_ATTITUDE_TARGET: {
      mavlink_attitude_target_t a;
      mavlink_attitude_target_decode(&frame, &a);
      ul::VehicleAttitudeSetpoint q{};
      q.timestamp = t_us;
      std::copy(a.q, a.q + 4, q.q_d);
      // Roll, pitch, yaw (Z-Y-X) of the setpoint quaternion [w, x, y, z].
      q.roll_body =
          std::atan2(2.0f * (a.q[0] * a.q[1] + a.q[2] * a.q[3]), 1.0f - 2.0f * (a.q[1] * a.q[1] + a.q[2] * a.q[2]));
      q.pitch_body = std::asin(std::clamp(2.0f * (a.q[0] * a.q[2] - a.q[3] * a.q[1]), -1.0f, 1.0f));
      q.yaw_body =
          std::atan2(2.0f * (a.q[0] * a.q[3] + a.q[1] * a.q[2]), 1.0f - 2.0f * (a.q[2] * a.q[2] + a.q[3] * a.q[3]));
      q.thrust_body[2] = -a.thrust;  // PX4: normalised thrust along body z, negative up
      log.write(q);
      ul::VehicleRatesSetpoint r{};
      r.timestamp = t_us;
      r.roll = a.body_roll_rate;
      r.pitch = a.body_pitch_rate;
      r.yaw = a.body_yaw_rate;
      r.thrust_body[2] = -a.thrust;
      log.write(r);
      return;
    }
    case MAVLINK_MSG_ID_DEBUG_VECT: {
      mavlink_debug_vect_t d;
      mavlink_debug_vect_decode(&frame, &d);
      if (std::strncmp(d.name, "GYRO_BIAS", sizeof d.name) != 0) return;
      ul::EstimatorSensorBias b{};
      b.timestamp = t_us;
      b.gyro_bias[0] = d.x;
      b.gyro_bias[1] = d.y;
      b.gyro_bias[2] = d.z;
      log.write(b);
      return;
    }
    default:
      return;
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
  if (!latest_sample_us_) takeOntoTheSamplesClock(std::uint64_t(std::max<std::int64_t>(samples.front().time_us, 0)));
  for (const TelemetrySample& s : samples) {
    const auto t = std::uint64_t(std::max<std::int64_t>(s.time_us, 0));
    if (latest_sample_us_ && (s.run != run_ || t < *latest_sample_us_)) beginRun(s.run, t);
    run_ = s.run;
    latest_sample_us_ = t;
    if (log_ && disarmed_at_us_ && *latest_sample_us_ > *disarmed_at_us_ + std::uint64_t(margin_s_ * 1e6)) close();
    if (log_)
      writeSample(s);
    else
      sample_buffer_.push_back(s);
  }
  trimBuffers(*latest_sample_us_);
  startIfStillArmed(*latest_sample_us_);
  checkEnd(*latest_sample_us_);
  if (log_ && log_->recorder().messagesDropped() > dropped_reported_ && dropped_reported_ == 0) {
    dropped_reported_ = log_->recorder().messagesDropped();
    emit problem(tr("Flight log %1: the disk is too slow, log messages are being dropped (counted in the file).")
                     .arg(current_path_));
  }
}

void FlightRecorder::takeOntoTheSamplesClock(std::uint64_t first_sample_us) {
  // What arrived before the first sample was stamped on the station's clock, which is not the
  // simulator's: it came before that sample, so it is put no later than it (never after the
  // messages that follow on the samples' clock).
  for (Pending& p : pending_) p.t_us = std::min(p.t_us, first_sample_us);
}

void FlightRecorder::beginRun(std::uint32_t run, std::uint64_t t_us) {
  // The simulation was reset, or flies another vehicle, or its time went back: the flight being
  // written ends with the last sample of the old run, and nothing of that run is carried over.
  close();
  sample_buffer_.clear();
  pending_.clear();
  run_ = run;
  if (last_vehicle_ && last_vehicle_->armed) new_run_since_us_ = t_us;
}

void FlightRecorder::startIfStillArmed(std::uint64_t now_us) {
  // A firmware that is reset says so within a heartbeat (1 s) by disarming; one that stays armed
  // through the new run flies a new flight, recorded from the run's start.
  constexpr std::uint64_t kHeartbeatWait_us = 1'500'000;
  if (!new_run_since_us_ || now_us < *new_run_since_us_ + kHeartbeatWait_us) return;
  const std::uint64_t since = *new_run_since_us_;
  new_run_since_us_.reset();
  if (!log_ && last_vehicle_ && last_vehicle_->armed) start(since);
}

void FlightRecorder::addVehicle(const VehicleStatus& vehicle) {
  if (!enabled_) return;
  const std::uint64_t t = nowUs();
  // After a new run the old arming no longer counts: armed now is a new flight.
  const bool was_armed = last_vehicle_ && last_vehicle_->armed && !new_run_since_us_;
  new_run_since_us_.reset();
  if (vehicle.armed && !was_armed) {
    disarmed_at_us_.reset();
    if (!log_) start(t);
  } else if (!vehicle.armed && was_armed && log_) {
    disarmed_at_us_ = t;
  }
  const bool changed =
      !last_vehicle_ || last_vehicle_->armed != vehicle.armed || last_vehicle_->custom_mode != vehicle.custom_mode;
  Pending p{t, vehicle, std::nullopt, std::nullopt, std::nullopt, changed};
  if (log_)
    writePending(p);
  else
    pending_.push_back(p);
  last_vehicle_ = vehicle;
  checkEnd(t);
}

void FlightRecorder::addAttitude(const AttitudeSample& attitude) {
  if (!enabled_) return;
  Pending p{nowUs(), std::nullopt, attitude, std::nullopt, std::nullopt, false};
  if (log_)
    writePending(p);
  else
    pending_.push_back(p);
}

void FlightRecorder::addStatusText(int severity, const QString& text) {
  if (!enabled_) return;
  Pending p{nowUs(), std::nullopt, std::nullopt, std::make_pair(severity, text), std::nullopt, false};
  if (log_)
    writePending(p);
  else
    pending_.push_back(p);
}

bool FlightRecorder::isLoggedFrame(const mavlink_frame_t& frame) {
  return frame.msgid == MAVLINK_MSG_ID_LOCAL_POSITION_NED || frame.msgid == MAVLINK_MSG_ID_ATTITUDE_TARGET ||
         frame.msgid == MAVLINK_MSG_ID_DEBUG_VECT;
}

void FlightRecorder::addLinkFrame(const mavlink_frame_t& frame) {
  if (!enabled_ || !isLoggedFrame(frame)) return;
  Pending p{nowUs(), std::nullopt, std::nullopt, std::nullopt, frame, false};
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
  new_run_since_us_.reset();
  run_ = 0;
}

void FlightRecorder::trimBuffers(std::uint64_t now_us) {
  const auto margin_us = std::uint64_t(margin_s_ * 1e6);
  std::uint64_t from = now_us > margin_us ? now_us - margin_us : 0;
  if (new_run_since_us_) from = std::min(from, *new_run_since_us_);  // all of a run that may be a flight
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
  last_gps_time_us_ = -1;
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
  // The barometer is sampled every IMU period; a GPS fix is logged once, when it is reported.
  if (s.has_baro) log.write(ul::airDataOf(t, s.baro));
  if (s.gps.time_us >= 0 && s.gps.time_us != last_gps_time_us_) {
    last_gps_time_us_ = s.gps.time_us;
    log.write(ul::gpsOf(t, s.gps));
  }
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
    heading_rad_ = p.attitude->yaw_rad;
    ul::VehicleAttitude m{};
    m.timestamp = m.timestamp_sample = p.t_us;
    std::copy(p.attitude->q_WB_wxyz.begin(), p.attitude->q_WB_wxyz.end(), m.q);
    log.write(m);
  }
  if (p.text) log.log(levelOf(p.text->first), p.t_us, p.text->second.toStdString());
  if (p.frame) writeFrame(log, p.t_us, *p.frame, heading_rad_);
}

}  // namespace navigator
