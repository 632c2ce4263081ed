// ArduPilot over its JSON SITL interface (ArduPilot's libraries/SITL/SIM_JSON and its
// README): the simulator binds UDP base+10·i (9002+10·i); ArduPilot (`--model JSON:HOST`)
// sends a 40-byte servo packet, little-endian,
//     uint16 magic = 18458, uint16 frame_rate [Hz], uint32 frame_count, uint16 pwm[16] [µs],
// and the simulator answers each new packet with exactly one "\n{json}\n" state:
//     timestamp [s, simulated], imu.gyro [rad/s FRD], imu.accel_body [m/s², specific force FRD],
//     position [m NED from home], velocity [m/s NED], quaternion [w, x, y, z] (q_WB).
// ArduPilot advances its clock by the timestamps' difference, so its clock is the world's.
// Its packet is both its answer and its question: every new packet answers the state out
// (LockstepExchange with the state's own stamp).
// A packet whose frame_count repeats the last one is ArduPilot resending (it heard nothing for
// about a second): the last state goes again, the world does not step. A smaller frame_count
// means ArduPilot restarted. Servo outputs 1-4 are ArduCopter's quad X (FRAME_TYPE 1): the same
// places and spins as PX4's none_iris, mapped by quadXOutputMap; duty = (pwm − 1000)/1000,
// clamped to [0, 1].
#pragma once

#include "sim/service/autopilot_backend.h"

#include <memory>
#include <netinet/in.h>

namespace vsim {

inline constexpr int kArduPilotBasePort = 9002;
inline constexpr int kArduPilotPortStride = 10;
inline constexpr std::uint16_t kArduPilotServoMagic16 = 18458;
inline constexpr std::size_t kArduPilotServoPacketBytes = 40;

// A servo packet as it travels (tests and stand-ins build them with this too).
struct ArduPilotServoPacket {
  std::uint16_t magic = kArduPilotServoMagic16;
  std::uint16_t frame_rate_hz = 0;
  std::uint32_t frame_count = 0;
  std::array<std::uint16_t, 16> pwm_us{};
};
std::array<std::uint8_t, kArduPilotServoPacketBytes> encodeServoPacket(const ArduPilotServoPacket& packet);
// Decodes one datagram; an error says what is wrong with it (length, magic).
Result<ArduPilotServoPacket> decodeServoPacket(const std::uint8_t* data, std::size_t length);

// The JSON state for `sim` as ArduPilot reads it (with the leading and trailing newline).
std::string arduPilotState(const Simulator& sim);

class ArduPilotBackend final : public AutopilotBackend {
 public:
  // Binds UDP (base_port or 9002) + 10·instance; an error names the port.
  static Result<std::unique_ptr<ArduPilotBackend>> create(const VehicleModel& model, const AutopilotOptions& options);
  ~ArduPilotBackend() override;

  void appendPollFds(std::vector<pollfd>& fds) const override { fds.push_back({fd_, POLLIN, 0}); }
  void receive(std::vector<std::string>& events) override;
  void sendState(const Simulator& sim, std::int64_t now_ns) override;

 private:
  ArduPilotBackend(const VehicleModel& model, const AutopilotOptions& options, std::array<int, 4> output_map, int fd,
                   int port);
  void onPacket(const ArduPilotServoPacket& packet, const sockaddr_in& from, std::vector<std::string>& events);
  void reply(const std::string& state);

  std::array<int, 4> output_map_;
  int imu_rate_hz_ = 0;
  int fd_ = -1;
  sockaddr_in peer_{};
  bool reply_due_ = false;  // a new packet waits for its one state
  bool have_frame_ = false;
  std::uint32_t last_frame_count_ = 0;
  std::string last_state_;
  std::int64_t last_timestamp_us_ = 0;
  std::string last_rejection_;  // reported once, not per datagram
};

}  // namespace vsim
