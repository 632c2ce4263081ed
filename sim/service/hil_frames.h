// The simulator's side of the HIL message set (mavlink.io common messages): what it tells the firmware and the
// viewer, as MAVLink structs, and what it takes back. Plain functions.
#pragma once

#include "firmware/mavlink/mavlink_codec.h"
#include "sim/service/control_command.h"
#include "sim/simulator.h"

#include <cstdint>
#include <vector>

namespace vsim {

// HIL_SENSOR fields_updated bits (common.xml HIL_SENSOR_UPDATED_FLAGS): the accelerometer,
// gyro and magnetometer axes, absolute pressure, pressure altitude and temperature. There is
// no differential-pressure (airspeed) sensor, so that bit is never set.
inline constexpr std::uint32_t kHilSensorFieldsUpdated = 0x1BFF;
// HIL_SENSOR_UPDATED_RESET: the simulation was reset; the firmware should reset its estimate.
inline constexpr std::uint32_t kHilSensorReset = 0x80000000u;
// The g of HIL_STATE_QUATERNION's specific force in mG (standard gravity, CGPM 1901).
inline constexpr double kStandardGravity_mps2 = 9.80665;

// One IMU period's sensors: accelerometer [m/s²], gyro [rad/s] and magnetometer [gauss] in
// the IMU's axes, pressure [hPa], pressure altitude [m], temperature [°C].
mavlink_hil_sensor_t hilSensor(const SensorFrame& frame, bool reset);

// The latest GPS fix: position [degE7, mm], velocity [cm/s], 3-D fix.
mavlink_hil_gps_t hilGps(const VehicleModel& model, const SensorFrame& frame);

// The flight pack (the airframe's battery section) as BATTERY_STATUS: the whole pack's voltage in
// voltages[0] [mV] (individual cells not given; above 65,534 mV the rest in voltages[1], as
// common.xml says), current_battery [cA], current_consumed [mAh], battery_remaining [%] from the
// charge, a LiPo (type 1) for all functions (1); the rest unknown.
mavlink_battery_status_t batteryStatus(const BatteryState& pack);
// How often vsim_d sends it: every this many microseconds of simulated time (10 Hz, a power
// module's usual rate).
inline constexpr std::int64_t kBatteryStatusPeriod_us = 100'000;

// The pilot's transmitter (vsim_ctl "transmitter") as RC_CHANNELS for the firmware's receiver
// model: chan1_raw.. [µs] of the channels set (UINT16_MAX beyond), chancount, rssi 254 while on;
// switched off, chancount 0 and rssi 0 (the link lost). time_boot_ms from the frame's time.
mavlink_rc_channels_t transmitterChannels(const TransmitterCommand& transmitter, std::int64_t time_us);
// How often vsim_d sends it: every this many microseconds of simulated time (50 Hz).
inline constexpr std::int64_t kTransmitterPeriod_us = 20'000;

// The true state for the viewer: attitude q_WB (w, x, y, z; NED/FRD), body rates [rad/s],
// position [degE7, mm], velocity NED [cm/s], airspeed [cm/s], specific force [mG].
mavlink_hil_state_quaternion_t hilStateQuaternion(const Simulator& sim);

// The motor duties in HIL_ACTUATOR_CONTROLS: controls[0..rotor_count) in [0, 1], passed on
// unfiltered (Simulator::setDuties refuses non-finite values and clamps the rest).
std::vector<double> dutiesFromActuatorControls(const mavlink_hil_actuator_controls_t& controls, int rotor_count);

}  // namespace vsim
