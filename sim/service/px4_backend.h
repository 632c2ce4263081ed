// PX4 over its simulator MAVLink interface (PX4's simulator_mavlink module): the
// simulator listens on TCP base+i (4560+i) and PX4 connects as the client. PX4 says HEARTBEAT
// (nothing here depends on it), then asks for HIL_STATE_QUATERNION by COMMAND_LONG SET_MESSAGE_INTERVAL (511).
//
// Out, after every period: HIL_SENSOR with time_usec = the simulated clock (in lockstep it is
// PX4's clock), specific force FRD [m/s²] and rates [rad/s] every time (fields_updated
// 0x7 | 0x38), the magnetometer [gauss] (0x1C0) and the barometer [hPa, m, °C] (0x1A00) as
// whole groups at their own rates — PX4 ignores a partial group; HIL_GPS when the GPS has a
// new fix (degE7, mm, cm, cm/s, 3-D fix, 12 satellites, time_usec UTC); HIL_STATE_QUATERNION
// (truth) at the interval PX4 asked for, none before it asks.
// In: HIL_ACTUATOR_CONTROLS. controls[0..3] are 0..1 for PX4's none_iris outputs (front-right
// ccw, rear-left ccw, front-left cw, rear-right cw), mapped to the airframe's rotors by
// quadXOutputMap; `mode` bit 128 (MAV_MODE_FLAG_SAFETY_ARMED) says armed, and while it is
// clear every motor is held at zero whatever the controls say. In lockstep, the answer to a
// HIL_SENSOR is an HIL_ACTUATOR_CONTROLS its time_usec answers by LockstepExchange's rule.
// One client at a time: a new connection (PX4 restarted) replaces the old one.
#pragma once

#include "firmware/mavlink/mavlink_codec.h"
#include "sim/service/autopilot_backend.h"

#include <memory>

namespace vsim {

inline constexpr int kPx4BasePort = 4560;
inline constexpr std::uint8_t kMavModeFlagSafetyArmed = 128;     // MAV_MODE_FLAG_SAFETY_ARMED
inline constexpr std::uint16_t kMavCmdSetMessageInterval = 511;  // MAV_CMD_SET_MESSAGE_INTERVAL
// HIL_SENSOR_UPDATED_FLAGS groups (common.xml): PX4 takes a sensor only when its whole group is set.
inline constexpr std::uint32_t kHilSensorAccel = 0x7, kHilSensorGyro = 0x38, kHilSensorMag = 0x1C0,
                               kHilSensorBaro = 0x1A00;  // abs_pressure 0x200, pressure_alt 0x800, temperature 0x1000

class Px4Backend final : public AutopilotBackend {
 public:
  // Binds and listens on TCP (base_port or 4560) + instance; an error names the port.
  static Result<std::unique_ptr<Px4Backend>> create(const VehicleModel& model, const AutopilotOptions& options);
  ~Px4Backend() override;

  void appendPollFds(std::vector<pollfd>& fds) const override;
  void receive(std::vector<std::string>& events) override;
  void sendState(const Simulator& sim, std::int64_t now_ns) override;

 private:
  Px4Backend(const VehicleModel& model, const AutopilotOptions& options, std::array<int, 4> output_map, int listen_fd,
             int port);
  void accept(std::vector<std::string>& events);
  void closeConnection();
  void onFrame(const mavlink_frame_t& frame, std::vector<std::string>& events);
  void onActuatorControls(const mavlink_hil_actuator_controls_t& controls, std::vector<std::string>& events);
  void queue(std::uint32_t msgid, const void* message);
  void flush();

  AutopilotOptions options_;
  std::array<int, 4> output_map_;
  int listen_fd_ = -1, conn_fd_ = -1;
  mavlink_parser_t parser_{};
  mavlink_sender_t sender_{};
  std::vector<std::uint8_t> out_;                           // frames not yet taken by the socket (never torn)
  std::int64_t state_interval_us_ = 0, next_state_us_ = 0;  // HIL_STATE_QUATERNION as asked; 0: not asked
  std::int64_t next_mag_us_ = 0, next_baro_us_ = 0, last_gps_time_us_ = -1;
};

}  // namespace vsim
