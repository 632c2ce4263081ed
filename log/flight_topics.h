// The topics Navigator logs: each a packed struct and the ULog format describing it. Names and
// fields follow PX4's uORB messages where one is the same quantity (sensor_combined,
// vehicle_attitude, vehicle_local_position, actuator_motors, …), so Flight Review, PlotJuggler
// and pyulog show them as they show a PX4 log; what PX4 has no message for (the simulator's
// truth, the wind) is navigator_*, with units in the field names. Every timestamp is [µs] on
// the flight's clock (simulated time for SITL, the link's for a board). Frames as PX4's:
// NED world, FRD body; quaternions [w, x, y, z] rotate FRD into NED.
#pragma once

#include "log/ulog_format.h"

#include <cstdint>
#include <vector>

namespace navigator::ulog {

#pragma pack(push, 1)
struct SensorCombined {  // the IMU as the firmware was sent it
  std::uint64_t timestamp;
  float gyro_rad[3];
  std::uint32_t gyro_integral_dt;  // [µs]
  std::int32_t accelerometer_timestamp_relative;
  float accelerometer_m_s2[3];
  std::uint32_t accelerometer_integral_dt;
  std::uint8_t accelerometer_clipping;
  std::uint8_t gyro_clipping;
};
struct VehicleMagnetometer {
  std::uint64_t timestamp, timestamp_sample;
  std::uint32_t device_id;
  float magnetometer_ga[3];
};
struct VehicleAirData {
  std::uint64_t timestamp, timestamp_sample;
  std::uint32_t baro_device_id;
  float baro_alt_meter, baro_temp_celcius, baro_pressure_pa;
};
struct SensorGps {
  std::uint64_t timestamp, time_utc_usec;
  double latitude_deg, longitude_deg, altitude_msl_m;
  float vel_n_m_s, vel_e_m_s, vel_d_m_s;
  std::uint8_t fix_type, satellites_used;
};
struct VehicleAttitude {  // the firmware's estimate
  std::uint64_t timestamp, timestamp_sample;
  float q[4];
  float delta_q_reset[4];
  std::uint8_t quat_reset_counter;
};
struct VehicleLocalPosition {  // the firmware's estimate (a flag false: not estimated)
  std::uint64_t timestamp, timestamp_sample;
  bool xy_valid, z_valid, v_xy_valid, v_z_valid;
  float x, y, z, vx, vy, vz, heading;
};
struct EstimatorSensorBias {
  std::uint64_t timestamp;
  float gyro_bias[3];
};
struct VehicleAttitudeSetpoint {
  std::uint64_t timestamp;
  float roll_body, pitch_body, yaw_body;  // [rad]
  float q_d[4];
  float thrust_body[3];
};
struct VehicleRatesSetpoint {
  std::uint64_t timestamp;
  float roll, pitch, yaw;  // [rad/s], FRD
  float thrust_body[3];
};
struct ActuatorMotors {
  std::uint64_t timestamp, timestamp_sample;
  std::uint16_t reversible_flags;
  float control[12];  // [0, 1]
};
struct VehicleStatus {
  std::uint64_t timestamp;
  std::uint8_t arming_state;  // PX4's: 1 disarmed, 2 armed
  std::uint8_t nav_state;     // PX4's own, or its nearest for Vayu: 10 acro, 15 stabilized, 1 altitude control
  bool failsafe;
  std::uint8_t vayu_mode;  // Vayu's own number (vayu_protocol.h); 255 for another autopilot
};
struct NavigatorTruth {  // the simulator's true state
  std::uint64_t timestamp;
  double position_ned_m[3];
  float velocity_ned_m_s[3];
  float q_frd_to_ned[4];
  float angular_velocity_frd_rad_s[3];
  float rotor_speed_rad_s[8];
};
struct NavigatorWind {  // the air the vehicle flies in
  std::uint64_t timestamp;
  float wind_ned_m_s[3];
  float turbulence_ned_m_s[3];
  float airspeed_m_s;
};
#pragma pack(pop)

inline constexpr std::uint8_t kArmingStateDisarmed = 1, kArmingStateArmed = 2;

// PX4's nearest nav_state for a Vayu mode number (vayu_protocol.h): ACRO → 10 (acro), ANGLE →
// 15 (stabilized), ALT_HOLD → 1 (altitude control); 0 for another number.
std::uint8_t px4NavState(std::uint32_t vayu_mode);
// vehicle_status for an armed flag, a Vayu mode number and the failsafe.
VehicleStatus vehicleStatusOf(std::uint64_t t_us, bool armed, std::uint32_t vayu_mode, bool failsafe);

inline constexpr std::uint8_t kNavStateNone = 255;  // no PX4 navigation state says the mode (ArduPilot's)
inline constexpr std::uint8_t kVayuModeNone = 255;  // the vehicle is not Vayu
// PX4's nav_state (vehicle_status.msg NAVIGATION_STATE_*) of one of PX4's own custom modes
// (HEARTBEAT.custom_mode: main mode in bits 16–23, sub mode in 24–31, px4_custom_mode.h), as
// PX4's commander pairs them; kNavStateNone for a pair it does not use.
std::uint8_t px4NavStateOfPx4Mode(std::uint32_t px4_custom_mode);
// vehicle_status of a vehicle another autopilot flies: its nav_state as above, no Vayu mode.
VehicleStatus vehicleStatusOfAutopilot(std::uint64_t t_us, bool armed, std::uint8_t nav_state, bool failsafe);

// Each topic's ULog format text; flight_topics.cpp checks that each describes its struct.
struct TopicDescription {
  const char* name;
  const char* fields;  // "type name;" …
  std::size_t bytes;   // sizeof the struct
};
const std::vector<TopicDescription>& flightTopics();
// The formats of every topic above, resolved (sizes equal to the structs').
std::vector<Format> flightFormats();

}  // namespace navigator::ulog
