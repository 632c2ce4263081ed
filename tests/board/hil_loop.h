// The ground station's side of HIL with the emulated board, shared by the QEMU HIL tests: the
// serial link's reader (Link) and the simulator flying the board in lockstep (HilFlight), as
// board_hil_hover_test.cpp describes them (exchange rate, lockstep, what is sent when).
#pragma once

#include "sim/service/hil_frames.h"
#include "sim/simulator.h"

#include "firmware/mavlink/mavlink_codec.h"
#include "tests/support/fd_mavlink.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace navigator::board_test {

using Clock = std::chrono::steady_clock;

constexpr int kImuPeriodsPerExchange = 4;                // 4 ms of sim time per HIL_SENSOR (see above)
constexpr std::int64_t kManualControlPeriodUs = 20'000;  // 50 Hz of sim time, as a ground station sends it
constexpr double kMaxWallS = 100.0;                      // give up (and kill QEMU) before ctest's 120 s timeout

// The ground station's end of the serial link: every frame read goes through `note` (which
// keeps the last HEARTBEAT, COMMAND_ACK and PARAM_VALUE and prints STATUSTEXTs), and
// read_until stops at the first frame its predicate accepts.
struct Link : navigator::test::FdMavlink {
  double sim_time_s = 0;  // for the STATUSTEXT printout
  std::optional<mavlink_heartbeat_t> heartbeat;
  std::optional<mavlink_command_ack_t> ack;
  std::optional<mavlink_param_value_t> param;
  std::optional<mavlink_sys_status_t> status;
  int gps_healthy_reports = 0;                        // SYS_STATUS frames with the GPS present and healthy
  std::optional<mavlink_attitude_t> attitude;         // the board's last estimate
  long attitudes = 0;                                 // ATTITUDE frames read
  std::vector<std::string> texts;                     // every STATUSTEXT, in order
  explicit Link(int fd) : FdMavlink(fd, 255, 190) {}  // a ground station

  void note(const mavlink_frame_t& f) {
    switch (f.msgid) {
      case MAVLINK_MSG_ID_HEARTBEAT: {
        mavlink_heartbeat_t h;
        if (mavlink_heartbeat_decode(&f, &h)) heartbeat = h;
        break;
      }
      case MAVLINK_MSG_ID_COMMAND_ACK: {
        mavlink_command_ack_t a;
        if (mavlink_command_ack_decode(&f, &a)) ack = a;
        break;
      }
      case MAVLINK_MSG_ID_PARAM_VALUE: {
        mavlink_param_value_t p;
        if (mavlink_param_value_decode(&f, &p)) param = p;
        break;
      }
      case MAVLINK_MSG_ID_SYS_STATUS: {
        mavlink_sys_status_t st;
        if (mavlink_sys_status_decode(&f, &st)) {
          status = st;
          constexpr std::uint32_t kGpsBit = 1u << 5;  // MAV_SYS_STATUS_SENSOR_GPS
          if ((st.onboard_control_sensors_present & kGpsBit) && (st.onboard_control_sensors_health & kGpsBit))
            ++gps_healthy_reports;
        }
        break;
      }
      case MAVLINK_MSG_ID_STATUSTEXT: {
        mavlink_statustext_t s;
        if (mavlink_statustext_decode(&f, &s)) {
          char text[sizeof s.text + 1] = {};
          std::memcpy(text, s.text, sizeof s.text);
          std::printf("  STATUSTEXT at t = %.3f s (severity %u): %s\n", sim_time_s, s.severity, text);
          texts.emplace_back(text);
        }
        break;
      }
      case MAVLINK_MSG_ID_ATTITUDE: {
        mavlink_attitude_t a;
        if (mavlink_attitude_decode(&f, &a)) attitude = a, ++attitudes;
        break;
      }
      default:
        break;
    }
  }

  // Reads frames (each noted) until `done` accepts one or the time is up; returns whether it did.
  bool read_until(std::chrono::milliseconds limit, const std::function<bool(const mavlink_frame_t&)>& done) {
    return readUntil(limit, [&](const mavlink_frame_t& f) {
      note(f);
      return done(f);
    });
  }
};

// The simulator flying the board in lockstep (HIL), the sticks centred but for `throttle`.
struct HilFlight {
  HilFlight(Link& l, const vsim::VehicleModel& m, vsim::Simulator& s)
      : link(l), model(m), sim(s), start_W(s.state().p_W_m), wall_start(Clock::now()) {}

  // One lockstep exchange: MANUAL_CONTROL when due, HIL_SENSOR now, the answer for this very
  // time, its duties into the world, and the world on by kImuPeriodsPerExchange IMU periods.
  // What went wrong, if anything.
  std::optional<std::string> exchange() {
    const vsim::SensorFrame& frame = sim.frame();
    link.sim_time_s = double(frame.time_us) * 1e-6;
    if (frame.time_us >= next_manual_us) {
      mavlink_manual_control_t m{};
      m.target = 1;
      m.x = 0;  // pitch
      m.y = 0;  // roll
      m.r = 0;  // yaw
      m.z = std::int16_t(std::lround(throttle * 1000.0f));
      if (!link.send(MAVLINK_MSG_ID_MANUAL_CONTROL, &m)) return "cannot write to the pty";
      next_manual_us = frame.time_us + kManualControlPeriodUs;
    }
    if (frame.gps.time_us >= 0 && frame.gps.time_us > last_gps_us) {  // a new fix: HIL_GPS before its frame
      last_gps_us = frame.gps.time_us;
      const mavlink_hil_gps_t g = vsim::hilGps(model, frame);
      if (!link.send(MAVLINK_MSG_ID_HIL_GPS, &g)) return "cannot write to the pty";
    }
    const mavlink_hil_sensor_t h = vsim::hilSensor(frame, first);
    first = false;
    if (!link.send(MAVLINK_MSG_ID_HIL_SENSOR, &h)) return "cannot write to the pty";
    mavlink_hil_actuator_controls_t out{};
    if (!link.read_until(std::chrono::seconds(2), [&](const mavlink_frame_t& f) {
          return f.msgid == MAVLINK_MSG_ID_HIL_ACTUATOR_CONTROLS && mavlink_hil_actuator_controls_decode(&f, &out) &&
                 out.time_usec == h.time_usec;
        }))
      return "no HIL_ACTUATOR_CONTROLS for time_usec " + std::to_string(h.time_usec) + " (exchange " +
             std::to_string(exchanges) + ")";
    last_out = out;
    if (sim.setDuties(vsim::dutiesFromActuatorControls(out, model.rotor_count)) != 0)
      return "the simulator refused the duties at time_usec " + std::to_string(h.time_usec);
    for (int i = 0; i < kImuPeriodsPerExchange; ++i) sim.advanceImuPeriod();
    ++exchanges;
    if (wallSeconds() > max_wall_s)
      return "more than " + std::to_string(int(max_wall_s)) + " s of wall time: the link is too slow";
    return std::nullopt;
  }
  double t_s() const { return double(sim.frame().time_us) * 1e-6; }
  double height() const { return start_W.z() - sim.state().p_W_m.z(); }  // NED: up is −z
  double wallSeconds() const { return std::chrono::duration<double>(Clock::now() - wall_start).count(); }

  Link& link;
  const vsim::VehicleModel& model;
  vsim::Simulator& sim;
  const Eigen::Vector3d start_W;
  const Clock::time_point wall_start;
  float throttle = 0.5f;  // centred: ALT_HOLD holds
  double max_wall_s = kMaxWallS;
  std::int64_t next_manual_us = 0;
  long exchanges = 0;
  bool first = true;
  std::int64_t last_gps_us = -1;
  std::optional<mavlink_hil_actuator_controls_t> last_out;
};

}  // namespace navigator::board_test
