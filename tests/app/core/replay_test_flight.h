// A Navigator flight log whose every value is known in closed form, written through the
// station's own writer (navigator::ulog::FlightLog) for the Logs page's tests (log_library,
// log_replay, logs_page). Step k is the flight clock kStartUs + k ms; each topic at its own rate:
//   navigator_truth, sensor_combined, navigator_wind   every step (1 kHz)
//   actuator_motors                                     every 2nd step (500 Hz)
//   vehicle_attitude (the estimate)                     every 4th step (250 Hz)
//   vehicle_magnetometer                                every 10th step (100 Hz)
// so a replay's sample k holds the motors of step k − k % 2, the estimate of k − k % 4 and the
// magnetometer of k − k % 10 (sample-and-hold). The rotors: `rotors` of them spin (speed and
// duty above 0), the others stay 0.
#pragma once

#include "log/flight_log.h"

#include <QFile>
#include <QString>

#include <cmath>
#include <string>

namespace navigator::test {

struct TestFlight {
  static constexpr std::uint64_t kStartUs = 5'000'000;  // the flight clock at step 0 [µs]
  int steps = 2000;
  int rotors = 4;
  std::string airframe = "s500";
  std::string source = ulog::kSourceSitl;
  std::string start_utc = "2026-11-25T10:31:02Z";
  std::uint64_t seed = 7;

  static std::uint64_t timeUs(int k) { return kStartUs + std::uint64_t(k) * 1000; }
  // Yaw of step k [rad]: a slow turn, so the quaternion differs at every step.
  static double yaw_rad(int k) { return 0.001 * k; }

  ulog::NavigatorTruth truth(int k) const {
    ulog::NavigatorTruth m{};
    m.timestamp = timeUs(k);
    m.position_ned_m[0] = 0.001 * k;
    m.position_ned_m[1] = -0.002 * k;
    m.position_ned_m[2] = -1.0 - 0.0005 * k;
    m.velocity_ned_m_s[0] = 1.0f;
    m.velocity_ned_m_s[1] = -2.0f;
    m.velocity_ned_m_s[2] = -0.5f;
    m.q_frd_to_ned[0] = float(std::cos(yaw_rad(k) / 2));
    m.q_frd_to_ned[3] = float(std::sin(yaw_rad(k) / 2));
    m.angular_velocity_frd_rad_s[2] = 1.0f;
    for (int r = 0; r < rotors; ++r) m.rotor_speed_rad_s[r] = 400.0f + float(r) + 0.01f * float(k);
    return m;
  }
  ulog::SensorCombined imu(int k) const {
    ulog::SensorCombined m{};
    m.timestamp = timeUs(k);
    m.gyro_rad[0] = 0.001f * float(k);
    m.gyro_rad[2] = 1.0f;
    m.accelerometer_m_s2[0] = 0.01f * float(k);
    m.accelerometer_m_s2[1] = 1.0f;
    m.accelerometer_m_s2[2] = -9.81f;
    m.gyro_integral_dt = m.accelerometer_integral_dt = 1000;
    return m;
  }
  ulog::NavigatorWind wind(int k) const {
    ulog::NavigatorWind m{};
    m.timestamp = timeUs(k);
    m.wind_ned_m_s[0] = 3.0f;
    m.wind_ned_m_s[1] = -1.0f;
    m.turbulence_ned_m_s[0] = 0.001f * float(k);
    m.airspeed_m_s = 2.5f;
    return m;
  }
  ulog::ActuatorMotors motors(int k) const {
    ulog::ActuatorMotors m{};
    m.timestamp = m.timestamp_sample = timeUs(k);
    for (int r = 0; r < rotors; ++r) m.control[r] = 0.5f + 0.05f * float(r) + 0.0001f * float(k);
    return m;
  }
  ulog::VehicleAttitude estimate(int k) const {
    ulog::VehicleAttitude m{};
    m.timestamp = m.timestamp_sample = timeUs(k);
    // The estimate lags the truth by 0.01 rad of yaw.
    m.q[0] = float(std::cos((yaw_rad(k) - 0.01) / 2));
    m.q[3] = float(std::sin((yaw_rad(k) - 0.01) / 2));
    return m;
  }
  ulog::VehicleMagnetometer magnetometer(int k) const {
    ulog::VehicleMagnetometer m{};
    m.timestamp = m.timestamp_sample = timeUs(k);
    m.magnetometer_ga[0] = 0.2f;
    m.magnetometer_ga[2] = 0.4f + 0.0001f * float(k);
    return m;
  }

  // Writes the log to `path`; the error, or empty.
  QString write(const QString& path) const {
    ulog::FlightIdentity id;
    id.source = source;
    id.airframe = airframe;
    id.start_utc = start_utc;
    id.seed = seed;
    id.has_seed = true;
    id.start_us = kStartUs;
    id.float_params = {{"ANG_RP_P", 8.0f}};
    auto log = ulog::FlightLog::create(QFile::encodeName(path).toStdString(), id);
    if (!log) return QString::fromStdString(log.error().message);
    ulog::FlightLog& f = *log.value();
    bool all = true;
    for (int k = 0; k < steps; ++k) {
      all = f.write(truth(k)) && all;
      all = f.write(imu(k)) && all;
      all = f.write(wind(k)) && all;
      if (k % 2 == 0) all = f.write(motors(k)) && all;
      if (k % 4 == 0) all = f.write(estimate(k)) && all;
      if (k % 10 == 0) all = f.write(magnetometer(k)) && all;
    }
    auto closed = f.close();
    if (!closed) return QString::fromStdString(closed.error().message);
    if (!all) return QStringLiteral("%1: messages were dropped while writing").arg(path);
    return {};
  }
};

}  // namespace navigator::test
