// ReplayLog: a ULog file — Navigator's or PX4's — or ArduPilot's DataFlash log read as the
// samples the Fly page shows (TelemetrySample: what the plots and the 3-D view eat), without copying it: a sample is
// made on demand from the reader's index, so an hour at 1 kHz costs the index and nothing more.
//
// Which topics give what (frames and units as flight_topics.h: NED world, FRD body, SI):
//   pose   Navigator's truth when the log has it: navigator_truth (position, velocity,
//          attitude, rotor speeds). Otherwise the estimate, as PX4 logs it: vehicle_attitude q
//          [w, x, y, z] and vehicle_local_position x, y, z, vx, vy, vz.
//   IMU    sensor_combined (accelerometer_m_s2, gyro_rad); magnetometer vehicle_magnetometer
//          (magnetometer_ga); wind navigator_wind (none in a PX4 log).
//   motors actuator_motors control[i] [0, 1]; or actuator_outputs output[i], PWM 1000–2000 µs
//          mapped to 0–1 (below 1000 µs — disarmed, unused — is 0); rotor speeds from
//          navigator_truth, or PX4's esc_status esc[i].esc_rpm in rad/s.
// An ArduPilot DataFlash log (.bin): ATT Roll/Pitch/Yaw as the attitude, XKF1 PN… VN… as the
// position, IMU, MAG, RCOU C1… (PWM as above); ReplayLog::bindArduPilot says which fields.
// The clock is the fastest pose topic's (navigator_truth; in a PX4 log whichever of
// vehicle_attitude and vehicle_local_position has more messages, ATT and XKF1 in an
// ArduPilot one): one sample per message of
// it, every other topic sample-and-hold (its last message at or before that time; NaN before
// its first, and for a topic the log does not have — drawn as a gap, never as a made-up 0).
//
// Time is from the start: the clock topic's first timestamp rounded down to a whole
// millisecond (so the times of a log stepped in whole milliseconds stay whole).
//
// Immutable once opened: every const member may be called from any thread at once.
#pragma once

#include "app/core/simulation_worker.h"
#include "log/ulog_reader.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace navigator {

// An attitude q_NED_FRD as [w, x, y, z].
using AttitudeWxyz = std::array<float, 4>;

// The attitude and motor duties of a whole log, for comparing two flights (the Logs page's
// overlay): every k-th sample, at most the points asked for.
struct ReplayTrace {
  std::vector<double> time_s;                        // from the start
  std::vector<double> roll_deg, pitch_deg, yaw_deg;  // z-y'-x'' of q_NED_FRD
  std::vector<std::vector<double>> motor_duty;       // [rotor][point], 0 … 1
};

class ReplayLog {
 public:
  // What a sample is made of, and from which topic (empty: not in this log).
  // kEstimate: the flight controller's attitude (vehicle_attitude); in a log without the
  // truth it is the pose's attitude too.
  enum Part { kAttitude, kPosition, kRotorSpeed, kImu, kMag, kWind, kMotors, kEstimate, kPartCount };
  static const char* partName(Part part);  // "attitude", "position", … (for messages)

  // Opens and indexes `path` with the reader's progress and cancel. Errors: the reader's
  // ("PATH: offset N: what"), or "PATH: nothing to replay: …" for a log without a pose topic.
  static vsim::Result<std::shared_ptr<const ReplayLog>> open(const std::string& path,
                                                             const ulog::ReadOptions& options = {});
  static vsim::Result<std::shared_ptr<const ReplayLog>> fromFile(ulog::ULogFile file);

  const ulog::ULogFile& file() const { return file_; }
  bool hasTruth() const { return has_truth_; }  // the pose is the simulator's truth
  const std::string& clockTopic() const { return clock_->name; }
  const std::string& topicOf(Part part) const { return parts_[part].topic; }

  // The log's clock [µs] at time 0, and the last sample's time from the start [µs].
  std::uint64_t startUs() const { return start_us_; }
  std::int64_t durationUs() const { return duration_us_; }
  std::size_t sampleCount() const { return clock_->count(); }
  std::int64_t sampleTimeUs(std::size_t i) const { return std::int64_t(file_.timestampUs(*clock_, i) - start_us_); }
  // The first sample at or after `t_us` (from the start); sampleCount() when none.
  std::size_t indexAt(std::int64_t t_us) const;
  // Rotors the log shows (1 … kMaxRotors): one past the highest motor whose duty or speed is
  // ever above 0 (PX4 writes NaN for motors a vehicle does not have, Navigator 0); 4, the
  // plots' quad, when no motor ever ran.
  int rotorCount() const { return rotor_count_; }

  // Sample `i` of the clock topic, the other topics held (a binary search each).
  TelemetrySample sample(std::size_t i) const;
  // Appends the samples whose time lies in (after_us, to_us], in order (one search per topic,
  // then a walk); and, when asked, the attitude estimate held at each (q_NED_FRD [w, x, y, z];
  // NaN where the log has none yet).
  void samples(std::int64_t after_us, std::int64_t to_us, std::vector<TelemetrySample>& out,
               std::vector<AttitudeWxyz>* estimate_WB_wxyz = nullptr) const;

  // The attitude and motor duties of the whole log, at most `max_points` evenly spaced samples.
  ReplayTrace trace(std::size_t max_points) const;

 private:
  enum class Transform { None, PwmToDuty, RpmToRadps, MilliToUnit, EulerDegToWxyz };
  struct Binding {  // some fields of one topic
    const ulog::Subscription* sub = nullptr;
    std::string topic;
    std::vector<std::optional<ulog::ScalarField>> fields;
    Transform transform = Transform::None;
  };
  using Held = std::array<std::size_t, kPartCount>;  // per part: index of the message held + 1 (0: none yet)
  static constexpr std::size_t kPartValues = 8;

  explicit ReplayLog(ulog::ULogFile file) : file_(std::move(file)) {}
  std::optional<std::string> bind();
  std::optional<std::string> bindPx4();
  bool bindArduPilot();  // false: not an ArduPilot log, nothing bound
  void bindPart(Part part, const char* topic, const std::vector<std::string>& fields,
                Transform transform = Transform::None);
  double value(const Binding& b, std::size_t message, std::size_t field) const;
  void readPart(Part part, std::size_t held, std::array<double, kPartValues>& v) const;
  TelemetrySample make(std::size_t i, const Held& held) const;
  AttitudeWxyz estimateHeld(const Held& held) const;
  Held heldAt(std::uint64_t log_us) const;
  int countRotors() const;

  ulog::ULogFile file_;
  std::array<Binding, kPartCount> parts_;
  const ulog::Subscription* clock_ = nullptr;
  bool has_truth_ = false;
  std::uint64_t start_us_ = 0;
  std::int64_t duration_us_ = 0;
  int rotor_count_ = 4;
};

}  // namespace navigator
