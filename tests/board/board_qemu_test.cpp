// The STM32F405 image on QEMU 7.2's netduinoplus2: it boots and sends HEARTBEAT on USART1,
// answers PARAM_REQUEST_LIST with every parameter, and in HIL answers each HIL_SENSOR with
// HIL_ACTUATOR_CONTROLS stamped with the same time_usec. QEMU starts halted (-S) with USART1
// on a pseudo-terminal; the test opens the terminal first (output before that is lost) and
// then continues the CPU through the monitor socket. Armed, the motor duties appear as pulse
// widths in TIM3's compare registers (read through the monitor). QEMU is killed on every path.
// Exit 0 pass, 1 fail (also without qemu-system-arm or the image: neither is optional).
#include "firmware/core/fc_params.h"
#include "firmware/mavlink/mavlink_codec.h"
#include "tests/board/qemu_board.h"
#include "tests/support/fd_mavlink.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <set>
#include <string>
#include <vector>

extern char** environ;

namespace {

using namespace navigator::board_test;

using Clock = std::chrono::steady_clock;

// Asks the monitor for `count` words of physical memory at `address` (xp /Nwx) and parses the
// answer; empty on failure.
std::vector<uint32_t> monitor_read_words(const Qemu& q, uint32_t address, int count) {
  sockaddr_un a{};
  a.sun_family = AF_UNIX;
  std::snprintf(a.sun_path, sizeof a.sun_path, "%s/monitor", q.dir.c_str());
  const int s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (s < 0) return {};
  std::vector<uint32_t> words;
  if (connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0) {
    char command[64];
    std::snprintf(command, sizeof command, "xp /%dwx 0x%08x\n", count, address);
    std::string text;
    if (write(s, command, std::strlen(command)) > 0) {
      char key[32];
      std::snprintf(key, sizeof key, "%016x:", address);
      const auto deadline = Clock::now() + std::chrono::seconds(3);
      while (Clock::now() < deadline && words.empty()) {
        pollfd p{s, POLLIN, 0};
        if (poll(&p, 1, 50) <= 0) continue;
        char buffer[4096];
        const ssize_t n = read(s, buffer, sizeof buffer);
        if (n <= 0) break;
        text.append(buffer, static_cast<size_t>(n));
        const size_t at = text.find(key);
        if (at == std::string::npos) continue;
        const size_t line_end = text.find('\n', at);
        if (line_end == std::string::npos) continue;
        const char* cursor = text.c_str() + at + std::strlen(key);
        for (int i = 0; i < count; ++i) {
          char* end = nullptr;
          const unsigned long v = std::strtoul(cursor, &end, 16);
          if (end == cursor) break;
          words.push_back(static_cast<uint32_t>(v));
          cursor = end;
        }
      }
    }
  }
  close(s);
  return words;
}

// The ground station's end of the serial link (system 255, component 190).
struct Link : navigator::test::FdMavlink {
  explicit Link(int fd) : FdMavlink(fd, 255, 190) {}
  // Frames after the awaited one in the same read are not handed to `done`.
  bool read_until(std::chrono::milliseconds limit, const std::function<bool(const mavlink_frame_t&)>& done) {
    bool finished = false;
    return readUntil(limit, [&](const mavlink_frame_t& f) { return finished || (finished = done(f)); });
  }
};

mavlink_hil_sensor_t level_at_rest(uint64_t time_usec) {
  mavlink_hil_sensor_t h{};
  h.time_usec = time_usec;
  h.zacc = -9.80665f;  // specific force at rest, level, FRD: (0, 0, -g)
  h.xmag = 0.21f;      // a northern-hemisphere field, pointing north and down [gauss]
  h.zmag = 0.42f;
  h.abs_pressure = 1013.25f;
  h.temperature = 20.0f;
  h.fields_updated = 0x1FFFu;  // acc, gyro, mag, pressures, altitude, temperature
  return h;
}

// 1. HEARTBEAT from a quadrotor, system 1. 0 or fail()'s status.
int checkHeartbeat(Link& link) {
  mavlink_heartbeat_t heartbeat{};
  uint8_t sysid = 0;
  const bool got_heartbeat = link.read_until(std::chrono::seconds(5), [&](const mavlink_frame_t& f) {
    if (f.msgid != MAVLINK_MSG_ID_HEARTBEAT) return false;
    sysid = f.sysid;
    return mavlink_heartbeat_decode(&f, &heartbeat);
  });
  if (!got_heartbeat) return fail("no HEARTBEAT within 5 s of boot");
  if (sysid != 1 || heartbeat.type != 2 || heartbeat.mavlink_version != 3)
    return fail("HEARTBEAT from system " + std::to_string(sysid) + ", type " + std::to_string(heartbeat.type));
  std::printf("HEARTBEAT: system %u, type %u, base_mode %u, custom_mode %u\n", sysid, heartbeat.type,
              heartbeat.base_mode, heartbeat.custom_mode);
  return 0;
}

// 2. The whole parameter list.
int checkParameterList(Link& link) {
  mavlink_param_request_list_t list{};
  list.target_system = 1;
  list.target_component = 1;
  if (!link.send(MAVLINK_MSG_ID_PARAM_REQUEST_LIST, &list)) return fail("cannot write to the pty");
  std::set<int> indices;
  bool bad_count = false;
  link.read_until(std::chrono::seconds(5), [&](const mavlink_frame_t& f) {
    mavlink_param_value_t v;
    if (f.msgid != MAVLINK_MSG_ID_PARAM_VALUE || !mavlink_param_value_decode(&f, &v)) return false;
    if (v.param_count != FC_PARAM_COUNT) bad_count = true;
    indices.insert(v.param_index);
    return indices.size() == static_cast<size_t>(FC_PARAM_COUNT);
  });
  if (bad_count) return fail("PARAM_VALUE with a param_count other than " + std::to_string(FC_PARAM_COUNT));
  if (indices.size() != static_cast<size_t>(FC_PARAM_COUNT))
    return fail("PARAM_REQUEST_LIST: " + std::to_string(indices.size()) + " of " + std::to_string(FC_PARAM_COUNT) +
                " parameters");
  std::printf("PARAM_REQUEST_LIST: %d PARAM_VALUEs\n", FC_PARAM_COUNT);
  return 0;
}

// 3. HIL: `frames` sensor frames at 1 kHz sensor time from `start_us`, each answered with its
// own time, every control in [0, 1], disarmed.
int checkHilRoundTrips(Link& link, int frames, uint64_t start_us) {
  const auto hil_start = Clock::now();
  for (int k = 0; k < frames; ++k) {
    const mavlink_hil_sensor_t h = level_at_rest(start_us + 1000u * static_cast<uint64_t>(k));
    if (!link.send(MAVLINK_MSG_ID_HIL_SENSOR, &h)) return fail("cannot write to the pty");
    mavlink_hil_actuator_controls_t out{};
    const bool answered = link.read_until(std::chrono::seconds(2), [&](const mavlink_frame_t& f) {
      return f.msgid == MAVLINK_MSG_ID_HIL_ACTUATOR_CONTROLS && mavlink_hil_actuator_controls_decode(&f, &out) &&
             out.time_usec == h.time_usec;
    });
    if (!answered)
      return fail("no HIL_ACTUATOR_CONTROLS for HIL_SENSOR time_usec " + std::to_string(h.time_usec) + " (frame " +
                  std::to_string(k) + ")");
    for (int i = 0; i < 16; ++i)
      if (!std::isfinite(out.controls[i]) || out.controls[i] < 0.0f || out.controls[i] > 1.0f)
        return fail("control " + std::to_string(i) + " out of [0, 1]: " + std::to_string(out.controls[i]));
    if (out.mode & 128) return fail("armed without being asked to");
  }
  const double hil_s = std::chrono::duration<double>(Clock::now() - hil_start).count();
  std::printf("HIL: %d HIL_SENSOR → HIL_ACTUATOR_CONTROLS round trips with matching time_usec in %.2f s (%.0f/s)\n",
              frames, hil_s, frames / hil_s);
  return 0;
}

// 4. Force-arm (no pilot input in this test), one more step at `time_usec`, and the PWM compare
//    registers of TIM3 (motors 1..4) must hold the pulses for the duties it reported: 1000 us +
//    1000 us × duty. QEMU has no output pins, but it models the timer registers.
int checkArmedPulses(const Qemu& q, Link& link, uint64_t time_usec) {
  mavlink_command_long_t arm{};
  arm.command = 400;  // MAV_CMD_COMPONENT_ARM_DISARM
  arm.param1 = 1.0f;
  arm.param2 = 21196.0f;  // force: skip the pilot-input checks
  arm.target_system = 1;
  arm.target_component = 1;
  if (!link.send(MAVLINK_MSG_ID_COMMAND_LONG, &arm)) return fail("cannot write to the pty");
  mavlink_command_ack_t ack{};
  if (!link.read_until(std::chrono::seconds(2), [&](const mavlink_frame_t& f) {
        return f.msgid == MAVLINK_MSG_ID_COMMAND_ACK && mavlink_command_ack_decode(&f, &ack) && ack.command == 400;
      }))
    return fail("no COMMAND_ACK for the arm command");
  if (ack.result != 0) return fail("force arm refused, MAV_RESULT " + std::to_string(ack.result));
  const mavlink_hil_sensor_t h = level_at_rest(time_usec);
  if (!link.send(MAVLINK_MSG_ID_HIL_SENSOR, &h)) return fail("cannot write to the pty");
  mavlink_hil_actuator_controls_t armed{};
  if (!link.read_until(std::chrono::seconds(2), [&](const mavlink_frame_t& f) {
        return f.msgid == MAVLINK_MSG_ID_HIL_ACTUATOR_CONTROLS && mavlink_hil_actuator_controls_decode(&f, &armed) &&
               armed.time_usec == h.time_usec;
      }))
    return fail("no HIL_ACTUATOR_CONTROLS after arming");
  if (!(armed.mode & 128)) return fail("HIL_ACTUATOR_CONTROLS does not say armed");
  const std::vector<uint32_t> ccr = monitor_read_words(q, 0x40000434u, 4);  // TIM3_CCR1..4
  if (ccr.size() != 4) return fail("cannot read TIM3's compare registers through the monitor");
  for (int i = 0; i < 4; ++i) {
    const long expected = 1000 + std::lround(armed.controls[i] * 1000.0f);
    std::printf("motor %d: duty %.3f, TIM3_CCR%d = %u us\n", i + 1, static_cast<double>(armed.controls[i]), i + 1,
                ccr[i]);
    if (armed.controls[i] <= 0.0f) return fail("armed, but motor " + std::to_string(i + 1) + " is stopped");
    if (static_cast<long>(ccr[i]) != expected)
      return fail("TIM3_CCR" + std::to_string(i + 1) + " is " + std::to_string(ccr[i]) + ", expected " +
                  std::to_string(expected));
  }
  return 0;
}

int run(Qemu& q) {
  Link link(q.serial);
  if (const int rc = checkHeartbeat(link); rc != 0) return rc;
  if (const int rc = checkParameterList(link); rc != 0) return rc;
  const int kFrames = 200;
  const uint64_t kStartUs = 1000000;
  if (const int rc = checkHilRoundTrips(link, kFrames, kStartUs); rc != 0) return rc;
  if (const int rc = checkArmedPulses(q, link, kStartUs + 1000u * kFrames); rc != 0) return rc;
  std::printf("link: %u frames, %u CRC errors, %u bytes dropped\n", link.stats().frames, link.stats().crc_errors,
              link.stats().bytes_dropped);
  if (link.stats().crc_errors != 0) return fail("CRC errors on the link");
  return 0;
}

}  // namespace

int main() {
  signal(SIGPIPE, SIG_IGN);
  std::string qemu;
  if (const int missing = checkQemuAndImage(NAVIGATOR_BOARD_IMAGE, &qemu); missing != 0) return missing;
  const std::string image = NAVIGATOR_BOARD_IMAGE;
  std::printf("%s -M netduinoplus2 -nographic -S -monitor unix:DIR/monitor,server,nowait -serial pty -kernel %s\n",
              qemu.c_str(), image.c_str());
  Qemu q;
  std::string error;
  if (!start_qemu(q, qemu, image, error)) return fail(error);
  if (!monitor_command(q, "cont")) return fail("cannot reach QEMU's monitor to continue the CPU");
  const int result = run(q);
  if (result == 0) std::printf("PASS\n");
  return result;
}
