#include "sim/service/autopilot_backend.h"

#include <algorithm>
#include <cmath>

namespace vsim {

const char* autopilotKindName(AutopilotKind kind) {
  switch (kind) {
    case AutopilotKind::Px4:
      return "PX4";
    case AutopilotKind::ArduPilot:
      return "ArduPilot";
  }
  return "?";
}

int defaultImuRateHz(AutopilotKind kind) { return kind == AutopilotKind::ArduPilot ? 1000 : 250; }

AutopilotBackend::AutopilotBackend(std::string name, int rotor_count, std::int64_t silence_timeout_ns)
    : duties_(std::size_t(rotor_count), 0.0), exchange_(LockstepExchange::Options{0, silence_timeout_ns}) {
  status_.name = std::move(name);
}

void AutopilotBackend::dropOut() {
  if (!status_.in_lockstep) return;
  status_.in_lockstep = false;
  ++status_.drop_outs;
  exchange_.restart();
  stopMotors();
}

void AutopilotBackend::noteStateSent(std::int64_t t_us, std::int64_t now_ns) {
  exchange_.frameSent(t_us, now_ns);
  ++status_.frames_out;
}

void AutopilotBackend::noteAnswer(std::int64_t stamp_us, std::vector<std::string>& events) {
  ++status_.answers_in;
  if (!status_.in_lockstep) {
    status_.in_lockstep = true;
    events.push_back(name() + ": in lockstep");
    stamp_us = std::max(stamp_us, exchange_.frameTimeUs());
  }
  exchange_.answerArrived(stamp_us);
}

void AutopilotBackend::noteDisconnected() {
  status_.connected = false;
  status_.in_lockstep = false;
  status_.armed = false;
  exchange_.restart();
  stopMotors();
}

void AutopilotBackend::stopMotors() {
  for (double& d : duties_) d = 0.0;
}

Result<std::array<int, 4>> quadXOutputMap(const VehicleModel& model) {
  // Output k's place (sign of x forward, sign of y right) and spin seen from above (+1 ccw).
  struct Place {
    int x, y, ccw;
    const char* name;
  };
  static constexpr Place kPlaces[4] = {
      {+1, +1, +1, "front-right"}, {-1, -1, +1, "rear-left"}, {+1, -1, -1, "front-left"}, {-1, +1, -1, "rear-right"}};
  const std::string need =
      "a quad X (outputs 1-4: front-right ccw, rear-left ccw, front-left cw, rear-right cw, seen from above)";
  if (model.rotor_count != 4)
    return Error{"airframe " + model.name + " has " + std::to_string(model.rotor_count) +
                 " rotors; the autopilot's mixer needs " + need};
  std::array<int, 4> map{-1, -1, -1, -1};
  for (int r = 0; r < 4; ++r) {
    const RotorModel& rotor = model.rotors[std::size_t(r)];
    const Eigen::Vector3d up_B = -Eigen::Vector3d::UnitZ();
    const double lift = rotor.axis_B.dot(up_B);
    const std::string which = "airframe " + model.name + " rotor " + std::to_string(r + 1);
    if (lift < 0.9)
      return Error{which + " does not push up along the body's -z axis; the autopilot's mixer needs " + need};
    const int sx = rotor.position_B_m.x() > 0 ? 1 : -1, sy = rotor.position_B_m.y() > 0 ? 1 : -1;
    const int ccw = rotor.spin > 0 ? 1 : -1;  // axis up: positive spin about it is ccw from above
    int output = -1;
    for (int k = 0; k < 4; ++k)
      if (kPlaces[k].x == sx && kPlaces[k].y == sy) output = k;
    if (std::abs(rotor.position_B_m.x()) < 1e-6 || std::abs(rotor.position_B_m.y()) < 1e-6 || output < 0)
      return Error{which + " is on an axis, not in a quadrant; the autopilot's mixer needs " + need};
    if (kPlaces[output].ccw != ccw)
      return Error{which + " sits " + kPlaces[output].name + " but turns " + (ccw > 0 ? "ccw" : "cw") +
                   "; the autopilot's mixer needs " + need};
    if (map[std::size_t(output)] >= 0)
      return Error{which + " shares its quadrant with rotor " + std::to_string(map[std::size_t(output)] + 1) +
                   "; the autopilot's mixer needs " + need};
    map[std::size_t(output)] = r;
  }
  return map;
}

Eigen::Vector3d accelBody_mps2(const VehicleModel& model, const SensorFrame& frame) {
  return model.imu.R_BS * frame.imu.accel_S_mps2;
}
Eigen::Vector3d gyroBody_radps(const VehicleModel& model, const SensorFrame& frame) {
  return model.imu.R_BS * frame.imu.gyro_S_radps;
}
Eigen::Vector3d magBody_gauss(const VehicleModel& model, const SensorFrame& frame) {
  return model.imu.R_BS * frame.mag.field_S_gauss;
}

}  // namespace vsim
