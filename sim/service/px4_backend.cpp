#include "sim/service/px4_backend.h"

#include "sim/service/hil_frames.h"
#include "sim/service/sockets.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <sys/socket.h>
#include <unistd.h>

namespace vsim {
namespace {

constexpr std::size_t kMaxQueuedBytes = 1 << 16;          // PX4 stuck: frames beyond this are dropped whole
constexpr std::int64_t kDefaultStateIntervalUs = 20'000;  // SET_MESSAGE_INTERVAL 0: "the default rate", 50 Hz

// The next time a sensor of period `period_us` is due after the one due at `due_us` was sent
// at `now_us`: on its own schedule (a 100 Hz magnetometer over 4 ms IMU periods comes at 0, 12,
// 20, 32, 40 ms…: 100 a second), restarted from now after a gap (a reconnect, a reset).
std::int64_t nextDue(std::int64_t due_us, std::int64_t now_us, std::int64_t period_us) {
  const std::int64_t next = due_us + period_us;
  return next > now_us ? next : now_us + period_us;
}

}  // namespace

Result<std::unique_ptr<Px4Backend>> Px4Backend::create(const VehicleModel& model, const AutopilotOptions& options) {
  const std::string name = "PX4 #" + std::to_string(options.instance);
  auto map = quadXOutputMap(model);
  if (!map) return Error{name + ": " + map.error().message};
  if (options.mag_rate_hz <= 0 || options.baro_rate_hz <= 0)
    return Error{name + ": magnetometer and barometer rates must be positive"};
  const int port = (options.base_port > 0 ? options.base_port : kPx4BasePort) + options.instance;
  auto fd = listenTcp(options.listen_address, port);
  if (!fd) return Error{name + ": " + fd.error().message};
  return std::unique_ptr<Px4Backend>(new Px4Backend(model, options, *map, *fd, port));
}

Px4Backend::Px4Backend(const VehicleModel& model, const AutopilotOptions& options, std::array<int, 4> output_map,
                       int listen_fd, int port)
    : AutopilotBackend("PX4 #" + std::to_string(options.instance) + " (TCP " + std::to_string(port) + ")",
                       model.rotor_count, options.silence_timeout_ns),
      options_(options),
      output_map_(output_map),
      listen_fd_(listen_fd) {
  mavlink_parser_init(&parser_);
  sender_ = {options.sysid, options.compid, 0};
}

Px4Backend::~Px4Backend() {
  closeFd(conn_fd_);
  closeFd(listen_fd_);
}

void Px4Backend::appendPollFds(std::vector<pollfd>& fds) const {
  fds.push_back({listen_fd_, POLLIN, 0});
  if (conn_fd_ >= 0) fds.push_back({conn_fd_, POLLIN, 0});
}

void Px4Backend::closeConnection() {
  closeFd(conn_fd_);
  out_.clear();
  mavlink_parser_init(&parser_);
  state_interval_us_ = 0;
  noteDisconnected();
}

void Px4Backend::accept(std::vector<std::string>& events) {
  for (;;) {
    const int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) return;  // EAGAIN: nobody else is knocking
    if (conn_fd_ >= 0) {
      events.push_back(name() + ": a new connection replaces the old one (PX4 restarted?)");
      closeConnection();
    }
    conn_fd_ = fd;
    status_.connected = true;
    ++status_.connects;
    next_mag_us_ = next_baro_us_ = 0;
    last_gps_time_us_ = -1;
    events.push_back(name() + ": PX4 connected");
  }
}

void Px4Backend::receive(std::vector<std::string>& events) {
  accept(events);
  if (conn_fd_ < 0) return;
  std::uint8_t buffer[4096];
  for (;;) {
    const ssize_t n = ::recv(conn_fd_, buffer, sizeof buffer, 0);
    if (n > 0) {
      struct Context {
        Px4Backend* self;
        std::vector<std::string>* events;
      } context{this, &events};
      mavlink_parse_all(
          &parser_, buffer, std::size_t(n),
          [](void* c, const mavlink_frame_t* f) {
            auto* ctx = static_cast<Context*>(c);
            ctx->self->onFrame(*f, *ctx->events);
          },
          &context);
      continue;
    }
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
    if (n < 0 && errno == EINTR) continue;
    events.push_back(name() + ": connection lost (" +
                     (n == 0 ? std::string("PX4 closed it") : std::string(std::strerror(errno))) +
                     "); its motors are stopped");
    closeConnection();
    return;
  }
  flush();
}

void Px4Backend::onFrame(const mavlink_frame_t& frame, std::vector<std::string>& events) {
  switch (frame.msgid) {
    case MAVLINK_MSG_ID_HIL_ACTUATOR_CONTROLS: {
      mavlink_hil_actuator_controls_t controls;
      mavlink_hil_actuator_controls_decode(&frame, &controls);
      onActuatorControls(controls, events);
      return;
    }
    case MAVLINK_MSG_ID_COMMAND_LONG: {
      mavlink_command_long_t command;
      mavlink_command_long_decode(&frame, &command);
      if (command.command != kMavCmdSetMessageInterval) return;
      mavlink_command_ack_t ack{};
      ack.command = command.command;
      ack.target_system = frame.sysid;
      ack.target_component = frame.compid;
      const double interval_us = double(command.param2);
      if (std::lround(command.param1) != MAVLINK_MSG_ID_HIL_STATE_QUATERNION || !std::isfinite(interval_us)) {
        ack.result = 3;  // MAV_RESULT_UNSUPPORTED: this side streams nothing else
      } else {
        // common.xml: -1 disables, 0 asks for the default rate, otherwise the interval in µs.
        state_interval_us_ = interval_us < 0    ? 0
                             : interval_us == 0 ? kDefaultStateIntervalUs
                                                : std::int64_t(interval_us);
        next_state_us_ = 0;
        ack.result = 0;  // MAV_RESULT_ACCEPTED
      }
      queue(MAVLINK_MSG_ID_COMMAND_ACK, &ack);
      return;
    }
    default:
      return;  // HEARTBEAT, SYSTEM_TIME, ...: none concern the world
  }
}

void Px4Backend::onActuatorControls(const mavlink_hil_actuator_controls_t& controls, std::vector<std::string>& events) {
  const bool armed = (controls.mode & kMavModeFlagSafetyArmed) != 0;
  if (armed != status_.armed) events.push_back(name() + (armed ? ": armed" : ": disarmed"));
  status_.armed = armed;
  status_.autopilot_time_us = std::int64_t(controls.time_usec);
  for (std::size_t k = 0; k < output_map_.size(); ++k) {
    double duty = double(controls.controls[k]);
    if (!std::isfinite(duty)) {  // refused at ingest: clamping cannot remove a NaN
      ++status_.rejected_in;
      duty = 0.0;
    }
    duties_[std::size_t(output_map_[k])] = armed ? std::clamp(duty, 0.0, 1.0) : 0.0;
  }
  // PX4's clock is the HIL_SENSOR's time_usec: it stamps its outputs with it.
  noteAnswer(std::int64_t(controls.time_usec), events);
}

void Px4Backend::sendState(const Simulator& sim, std::int64_t now_ns) {
  if (conn_fd_ < 0) return;
  const SensorFrame& f = sim.frame();
  const VehicleModel& model = sim.model();
  const std::int64_t t_us = sim.timeNs() / 1000;
  mavlink_hil_sensor_t m{};
  m.time_usec = std::uint64_t(t_us);
  const Eigen::Vector3d accel = accelBody_mps2(model, f), gyro = gyroBody_radps(model, f);
  m.xacc = float(accel.x());
  m.yacc = float(accel.y());
  m.zacc = float(accel.z());
  m.xgyro = float(gyro.x());
  m.ygyro = float(gyro.y());
  m.zgyro = float(gyro.z());
  m.fields_updated = kHilSensorAccel | kHilSensorGyro;
  if (t_us >= next_mag_us_) {
    const Eigen::Vector3d mag = magBody_gauss(model, f);
    m.xmag = float(mag.x());
    m.ymag = float(mag.y());
    m.zmag = float(mag.z());
    m.fields_updated |= kHilSensorMag;
    next_mag_us_ = nextDue(next_mag_us_, t_us, 1'000'000 / options_.mag_rate_hz);
  }
  if (t_us >= next_baro_us_) {
    m.abs_pressure = float(f.baro.pressure_pa / 100.0);  // hPa
    m.pressure_alt = float(f.baro.altitude_m);
    m.temperature = float(f.baro.temperature_degc);
    m.fields_updated |= kHilSensorBaro;
    next_baro_us_ = nextDue(next_baro_us_, t_us, 1'000'000 / options_.baro_rate_hz);
  }
  queue(MAVLINK_MSG_ID_HIL_SENSOR, &m);
  noteStateSent(t_us, now_ns);
  if (f.gps.time_us >= 0 && f.gps.time_us != last_gps_time_us_) {
    last_gps_time_us_ = f.gps.time_us;
    mavlink_hil_gps_t gps = hilGps(model, f);
    gps.time_usec = std::uint64_t(options_.utc_start_us + f.gps.time_us);  // UTC, as a receiver reports it
    queue(MAVLINK_MSG_ID_HIL_GPS, &gps);
  }
  if (state_interval_us_ > 0 && t_us >= next_state_us_) {
    const mavlink_hil_state_quaternion_t truth = hilStateQuaternion(sim);
    queue(MAVLINK_MSG_ID_HIL_STATE_QUATERNION, &truth);
    next_state_us_ = nextDue(next_state_us_, t_us, state_interval_us_);
  }
  flush();
}

void Px4Backend::queue(std::uint32_t msgid, const void* message) {
  std::uint8_t frame[MAVLINK_MAX_FRAME_LEN];
  const std::size_t n = mavlink_pack(&sender_, msgid, message, frame);
  if (out_.size() + n > kMaxQueuedBytes) {
    ++status_.frames_dropped;  // not read by PX4: dropped whole, never torn
    return;
  }
  out_.insert(out_.end(), frame, frame + n);
}

void Px4Backend::flush() {
  while (conn_fd_ >= 0 && !out_.empty()) {
    const ssize_t n = ::send(conn_fd_, out_.data(), out_.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
    if (n > 0) {
      out_.erase(out_.begin(), out_.begin() + n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    return;  // EAGAIN: the rest goes with the next flush; an error shows as EOF on receive
  }
}

}  // namespace vsim
