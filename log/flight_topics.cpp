#include "log/flight_topics.h"

#include <stdexcept>
#include <string>

namespace navigator::ulog {

const std::vector<TopicDescription>& flightTopics() {
  static const std::vector<TopicDescription> table = {
      {"sensor_combined",
       "uint64_t timestamp;float[3] gyro_rad;uint32_t gyro_integral_dt;int32_t accelerometer_timestamp_relative;"
       "float[3] accelerometer_m_s2;uint32_t accelerometer_integral_dt;uint8_t accelerometer_clipping;uint8_t "
       "gyro_clipping;",
       sizeof(SensorCombined)},
      {"vehicle_magnetometer",
       "uint64_t timestamp;uint64_t timestamp_sample;uint32_t device_id;float[3] magnetometer_ga;",
       sizeof(VehicleMagnetometer)},
      {"vehicle_air_data",
       "uint64_t timestamp;uint64_t timestamp_sample;uint32_t baro_device_id;float baro_alt_meter;float "
       "baro_temp_celcius;"
       "float baro_pressure_pa;",
       sizeof(VehicleAirData)},
      {"sensor_gps",
       "uint64_t timestamp;uint64_t time_utc_usec;double latitude_deg;double longitude_deg;double altitude_msl_m;"
       "float vel_n_m_s;float vel_e_m_s;float vel_d_m_s;uint8_t fix_type;uint8_t satellites_used;",
       sizeof(SensorGps)},
      {"vehicle_attitude",
       "uint64_t timestamp;uint64_t timestamp_sample;float[4] q;float[4] delta_q_reset;uint8_t quat_reset_counter;",
       sizeof(VehicleAttitude)},
      {"vehicle_local_position",
       "uint64_t timestamp;uint64_t timestamp_sample;bool xy_valid;bool z_valid;bool v_xy_valid;bool v_z_valid;float x;"
       "float y;float z;float vx;float vy;float vz;float heading;",
       sizeof(VehicleLocalPosition)},
      {"estimator_sensor_bias", "uint64_t timestamp;float[3] gyro_bias;", sizeof(EstimatorSensorBias)},
      {"vehicle_attitude_setpoint",
       "uint64_t timestamp;float roll_body;float pitch_body;float yaw_body;float[4] q_d;float[3] thrust_body;",
       sizeof(VehicleAttitudeSetpoint)},
      {"vehicle_rates_setpoint", "uint64_t timestamp;float roll;float pitch;float yaw;float[3] thrust_body;",
       sizeof(VehicleRatesSetpoint)},
      {"actuator_motors", "uint64_t timestamp;uint64_t timestamp_sample;uint16_t reversible_flags;float[12] control;",
       sizeof(ActuatorMotors)},
      {"vehicle_status", "uint64_t timestamp;uint8_t arming_state;uint8_t nav_state;bool failsafe;uint8_t vayu_mode;",
       sizeof(VehicleStatus)},
      {"navigator_truth",
       "uint64_t timestamp;double[3] position_ned_m;float[3] velocity_ned_m_s;float[4] q_frd_to_ned;"
       "float[3] angular_velocity_frd_rad_s;float[8] rotor_speed_rad_s;",
       sizeof(NavigatorTruth)},
      {"navigator_wind", "uint64_t timestamp;float[3] wind_ned_m_s;float[3] turbulence_ned_m_s;float airspeed_m_s;",
       sizeof(NavigatorWind)},
  };
  return table;
}

std::uint8_t px4NavState(std::uint32_t vayu_mode) {
  switch (vayu_mode) {
    case 0:
      return 10;  // ACRO: NAVIGATION_STATE_ACRO
    case 1:
      return 15;  // ANGLE: NAVIGATION_STATE_STAB
    case 2:
      return 1;  // ALT_HOLD: NAVIGATION_STATE_ALTCTL
    default:
      return 0;
  }
}

VehicleStatus vehicleStatusOf(std::uint64_t t_us, bool armed, std::uint32_t vayu_mode, bool failsafe) {
  VehicleStatus m{};
  m.timestamp = t_us;
  m.arming_state = armed ? kArmingStateArmed : kArmingStateDisarmed;
  m.nav_state = px4NavState(vayu_mode);
  m.failsafe = failsafe;
  m.vayu_mode = std::uint8_t(vayu_mode > 255 ? 255 : vayu_mode);
  return m;
}

std::uint8_t px4NavStateOfPx4Mode(std::uint32_t px4_custom_mode) {
  const std::uint32_t main_mode = (px4_custom_mode >> 16) & 0xFFu, sub_mode = px4_custom_mode >> 24;
  switch (main_mode) {
    case 1:
      return 0;  // MANUAL → NAVIGATION_STATE_MANUAL
    case 2:
      return 1;  // ALTCTL → ALTCTL
    case 3:      // POSCTL: POSCTL, ORBIT, SLOW → POSCTL, ORBIT, POSITION_SLOW
      return sub_mode == 0 ? 2 : sub_mode == 1 ? 21 : sub_mode == 2 ? 6 : kNavStateNone;
    case 4:  // AUTO, by sub mode
      switch (sub_mode) {
        case 2:
          return 17;  // TAKEOFF → AUTO_TAKEOFF
        case 3:
          return 4;  // LOITER (Hold) → AUTO_LOITER
        case 4:
          return 3;  // MISSION → AUTO_MISSION
        case 5:
          return 5;  // RTL → AUTO_RTL
        case 6:
          return 18;  // LAND → AUTO_LAND
        case 8:
          return 19;  // FOLLOW_TARGET → AUTO_FOLLOW_TARGET
        case 9:
          return 20;  // PRECLAND → AUTO_PRECLAND
        case 10:
          return 22;  // VTOL_TAKEOFF → AUTO_VTOL_TAKEOFF
        default:
          return kNavStateNone;
      }
    case 5:
      return 10;  // ACRO → ACRO
    case 6:
      return 14;  // OFFBOARD → OFFBOARD
    case 7:
      return 15;  // STABILIZED → STAB
    case 10:
      return 13;  // TERMINATION → TERMINATION
    default:
      return kNavStateNone;
  }
}

VehicleStatus vehicleStatusOfAutopilot(std::uint64_t t_us, bool armed, std::uint8_t nav_state, bool failsafe) {
  VehicleStatus m = vehicleStatusOf(t_us, armed, 0, failsafe);
  m.nav_state = nav_state;
  m.vayu_mode = kVayuModeNone;
  return m;
}

std::vector<Format> flightFormats() {
  std::map<std::string, Format> formats;
  std::vector<Format> out;
  for (const TopicDescription& t : flightTopics()) {
    auto f = parseFormat(std::string(t.name) + ":" + t.fields);
    if (!f) throw std::logic_error(std::string("flight_topics: ") + t.name + ": " + f.error().message);
    formats.emplace(t.name, f.value());
  }
  if (auto r = resolveFormats(formats); !r) throw std::logic_error("flight_topics: " + r.error().message);
  for (const TopicDescription& t : flightTopics()) {
    const Format& f = formats.at(t.name);
    if (f.bytes != t.bytes)
      throw std::logic_error(std::string("flight_topics: the format of ") + t.name + " is " + std::to_string(f.bytes) +
                             " bytes, its struct " + std::to_string(t.bytes));
    out.push_back(f);
  }
  return out;
}

}  // namespace navigator::ulog
