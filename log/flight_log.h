// FlightLog: one flight's ULog file — a ULogRecorder with every flight topic (flight_topics.h)
// subscribed, the flight's identity in INFO messages and the firmware's parameters in
// PARAMETER messages — written without blocking the caller (see ulog_recorder.h).
#pragma once

#include "log/flight_topics.h"
#include "log/ulog_recorder.h"

#include <array>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace navigator::ulog {

// Where a flight came from: the station's SITL, a board over its link, a board flying the
// station's simulator (HIL), PX4 or ArduPilot in the station's world, or a tool's run.
inline constexpr const char* kSourceSitl = "sitl";
inline constexpr const char* kSourceBoard = "board";
inline constexpr const char* kSourceHil = "hil";
// PX4 or ArduPilot flying a vehicle of this station's world (its truth, the autopilot's link).
inline constexpr const char* kSourcePx4World = "px4-sitl";
inline constexpr const char* kSourceArduPilotWorld = "ardupilot-sitl";

// INFO keys this station writes (besides PX4's sys_name and ver_sw).
inline constexpr const char* kInfoSource = "navigator_source";      // one of the kSource* or a tool's name
inline constexpr const char* kInfoAirframe = "navigator_airframe";  // the airframe's name
inline constexpr const char* kInfoSeed = "navigator_seed";          // uint64: the simulator's master seed
// Where the mass properties flown came from when not the airframe file's own ("mesh
// frame.stl: 1.25 kg"); absent when they are the airframe's.
inline constexpr const char* kInfoMassProperties = "navigator_mass_properties";
inline constexpr const char* kInfoStartUtc = "navigator_start_utc";  // ISO 8601, the wall clock at the start

struct FlightIdentity {
  std::string source;  // kSource* or "vsim-fly", "vsim-run", "vsim-tune"
  std::string airframe;
  std::string mass_properties;   // kInfoMassProperties; empty: the airframe file's own
  std::string software_version;  // ver_sw
  std::string start_utc;         // ISO 8601 ("2026-11-25T10:31:02Z"); empty: not written
  std::uint64_t seed = 0;
  bool has_seed = false;       // a simulated flight
  std::uint64_t start_us = 0;  // the header's timestamp: the flight clock at the start
  std::vector<std::pair<std::string, float>> float_params;
  std::vector<std::pair<std::string, std::int32_t>> int_params;
};

class FlightLog {
 public:
  static vsim::Result<std::unique_ptr<FlightLog>> create(const std::string& path, const FlightIdentity& identity,
                                                         const RecorderOptions& options = {});

  // One message of a topic; false when it was dropped (counted by the recorder).
  bool write(const SensorCombined& m) { return rec_->data(ids_[0], m); }
  bool write(const VehicleMagnetometer& m) { return rec_->data(ids_[1], m); }
  bool write(const VehicleAirData& m) { return rec_->data(ids_[2], m); }
  bool write(const SensorGps& m) { return rec_->data(ids_[3], m); }
  bool write(const VehicleAttitude& m) { return rec_->data(ids_[4], m); }
  bool write(const VehicleLocalPosition& m) { return rec_->data(ids_[5], m); }
  bool write(const EstimatorSensorBias& m) { return rec_->data(ids_[6], m); }
  bool write(const VehicleAttitudeSetpoint& m) { return rec_->data(ids_[7], m); }
  bool write(const VehicleRatesSetpoint& m) { return rec_->data(ids_[8], m); }
  bool write(const ActuatorMotors& m) { return rec_->data(ids_[9], m); }
  bool write(const VehicleStatus& m) { return rec_->data(ids_[10], m); }
  bool write(const NavigatorTruth& m) { return rec_->data(ids_[11], m); }
  bool write(const NavigatorWind& m) { return rec_->data(ids_[12], m); }
  bool log(LogLevel level, std::uint64_t t_us, std::string_view text) { return rec_->logging(level, t_us, text); }

  ULogRecorder& recorder() { return *rec_; }
  vsim::Result<bool> close() { return rec_->close(); }

 private:
  explicit FlightLog(std::unique_ptr<ULogRecorder> rec);
  std::unique_ptr<ULogRecorder> rec_;
  std::array<int, 13> ids_{};  // in flightTopics()' order
};

// Now on the wall clock, as navigator_start_utc wants it.
std::string utcNowIso8601();

}  // namespace navigator::ulog
