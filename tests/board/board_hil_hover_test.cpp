// HIL hover on the emulated board: the ground station's simulator (vsim::Simulator, the S500 of
// resources/airframes/s500.yaml, flat ground) flies the STM32F405 image running on QEMU 7.2's
// netduinoplus2 over USART1 on a pseudo-terminal, in LOCKSTEP: HIL_SENSOR for the current
// simulated time goes out, the world waits for the HIL_ACTUATOR_CONTROLS stamped with the same
// time_usec (HEARTBEAT, STATUSTEXT, ATTITUDE... in between are parsed past; STATUSTEXTs are
// printed), applies its duties and only then advances. A slow link slows the world; it cannot
// corrupt it.
//
// Exchange rate. The link carries one HIL_SENSOR (~80 bytes) out and one HIL_ACTUATOR_CONTROLS
// (~93 bytes) back per step. QEMU's USART model manages ~70-170 round trips per wall second
// (170 measured here on an idle machine); a real 115200-baud link (11.5 kB/s, ~170 bytes a
// round trip) about 68. One exchange per 1 ms IMU sample would run the world at a tenth of real
// time or less, so the sensors go out every kImuPeriodsPerExchange = 4 IMU periods, 4 ms of
// simulated time (250 Hz), with the duties held (zero-order hold) over the four. The firmware
// copes: fc_step (firmware/core/flight.c:153-154) computes dt from successive time_usec and
// clamps it to [0.1 ms, 20 ms], so 4 ms is inside; the estimator, the rate PIDs and the D-term
// filter all take that dt. A duty held for 4 ms is short against the S500's motor spin-up time
// constant (30 ms), so the rotors see nearly what 1 ms updates would give them. ~15 simulated
// seconds at ~100 exchanges/s of 4 ms would be ~40 s of wall time; measured: 169 exchanges/s,
// sim-time ratio 0.68, ~22 s for the whole test.
//
// Sequence: boot (QEMU halted with -S until the pty is open, then `cont` on the monitor),
// HEARTBEAT, PARAM_SET HOVER_THRUST to the S500's hover thrust and its PARAM_VALUE echo (the
// in-process runner and test_sitl set the same), DO_SET_MODE ALT_HOLD, then HIL: a motor test
// seen in the simulator's truth (motorTestSeenInTruth), MANUAL_CONTROL
// every 20 ms of simulated time (sticks centred; in ALT_HOLD a centred throttle holds height),
// 2 s on the ground for the estimator to align (as test_sitl), an ordinary arm (COMMAND_LONG
// 400, no force: the firmware's checks pass with fresh pilot input, a known attitude and a
// level vehicle), a climb in ALT_HOLD at throttle 0.8 until 2 m, then the throttle centred and
// the hover held for 10 simulated seconds. The simulator's GPS fixes go out as HIL_GPS before the
// HIL_SENSOR after each (10 Hz), and the board must report its estimator aided by them.
//
// Bounds: attitude error RMS (roll and pitch together, from level: the setpoint with centred
// sticks) < 1.0 deg over the 10 s hover, the ANGLE hover test's bound
// (tests/flight/closed_loop_attitude_test.cpp, angleHoverHoldsAttitudeAndHeading); height held within
// 0.3 m from 3 s after centring, ALT_HOLD's bound (tests/flight/sitl_test.cpp:315); off the ground
// (true height > 1 m all through the hover); horizontal drift — see kMaxDriftM.
// Exit 0 pass, 1 fail (also without qemu-system-arm or the image: neither is optional). QEMU is
// killed on every path.
#include "sim/config/airframe_file.h"
#include "sim/base/frames.h"
#include "sim/world/initial_state.h"
#include "sim/service/hil_frames.h"
#include "sim/simulator.h"

#include "firmware/mavlink/mavlink_codec.h"
#include "tests/board/hil_loop.h"
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

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <vector>

extern char** environ;

namespace {

using namespace navigator::board_test;

constexpr double kAlignS = 2.0;               // on the ground before arming (test_sitl: 2 s)
constexpr double kClimbToM = 2.0;             // climb in ALT_HOLD to this height, then centre
constexpr double kHoverS = 10.0;              // the hover held
constexpr double kMaxAttitudeRmsDeg = 1.0;    // tests/flight/closed_loop_attitude_test.cpp
constexpr double kMaxHeightDeviationM = 0.3;  // tests/flight/sitl_test.cpp:315
constexpr double kMinHoverHeightM = 1.0;      // off the ground, with margin for the 0.3 m
// Drift. The firmware has no position loop (no GPS in HIL, ALT_HOLD holds height only), so the
// vehicle drifts by whatever tilt error its estimator has: a constant θ accelerates it at
// g·tan θ. The 1° RMS bound above allows a systematic tilt of up to 1°; over the ~13 s from
// lift-off to the end of the hover that would be 0.5·g·tan(1°)·13² ≈ 14 m — too loose to say
// anything. What the estimator actually achieves at rest on flat ground is a few tenths of a
// degree (accelerometer bias walk, closed_loop_estimator_test), ≈ 0.25° ⇒ ≈ 3.6 m; a
// wrong mixer, axis or sign would instead flip or fling it away within a second or two. Bound:
// 5 m horizontally from the take-off point at the end of the hover.
constexpr double kMaxDriftM = 5.0;
constexpr double kRad2Deg = 180.0 / M_PI;

// 1. HEARTBEAT, disarmed. 2. One parameter set and read back: the S500's hover thrust.
// 0 or fail()'s status.
int checkHeartbeatAndSetHoverThrust(Link& link, const vsim::VehicleModel& model) {
  if (!link.read_until(std::chrono::seconds(5),
                       [](const mavlink_frame_t& f) { return f.msgid == MAVLINK_MSG_ID_HEARTBEAT; }))
    return fail("no HEARTBEAT within 5 s of boot");
  std::printf("HEARTBEAT: type %u, base_mode %u, custom_mode %u\n", link.heartbeat->type, link.heartbeat->base_mode,
              link.heartbeat->custom_mode);
  if (link.heartbeat->base_mode & 128) return fail("armed at boot");

  const float hover_thrust = float(vsim::hoverDuty(model) * vsim::hoverDuty(model));
  mavlink_param_set_t set{};
  set.target_system = 1;
  set.target_component = 1;
  std::memcpy(set.param_id, "HOVER_THRUST", 12);
  set.param_value = hover_thrust;
  set.param_type = 9;  // MAV_PARAM_TYPE_REAL32
  link.param.reset();
  if (!link.send(MAVLINK_MSG_ID_PARAM_SET, &set)) return fail("cannot write to the pty");
  if (!link.read_until(std::chrono::seconds(3), [](const mavlink_frame_t& f) {
        mavlink_param_value_t v;
        return f.msgid == MAVLINK_MSG_ID_PARAM_VALUE && mavlink_param_value_decode(&f, &v) &&
               std::strncmp(v.param_id, "HOVER_THRUST", 16) == 0;
      }))
    return fail("no PARAM_VALUE echo for PARAM_SET HOVER_THRUST");
  std::printf("PARAM_SET HOVER_THRUST %.4f -> PARAM_VALUE %.4f\n", static_cast<double>(hover_thrust),
              static_cast<double>(link.param->param_value));
  if (link.param->param_value != hover_thrust) return fail("HOVER_THRUST was not set");
  return 0;
}

// 3. ALT_HOLD (DO_SET_MODE, custom mode 2).
int setAltHold(Link& link) {
  mavlink_command_long_t mode{};
  mode.target_system = 1;
  mode.target_component = 1;
  mode.command = 176;  // MAV_CMD_DO_SET_MODE
  mode.param1 = 1.0f;  // MAV_MODE_FLAG_CUSTOM_MODE_ENABLED
  mode.param2 = 2.0f;  // VAYU_MODE_ALT_HOLD
  if (!link.send(MAVLINK_MSG_ID_COMMAND_LONG, &mode)) return fail("cannot write to the pty");
  if (!link.read_until(std::chrono::seconds(3), [](const mavlink_frame_t& f) {
        mavlink_command_ack_t a;
        return f.msgid == MAVLINK_MSG_ID_COMMAND_ACK && mavlink_command_ack_decode(&f, &a) && a.command == 176;
      }))
    return fail("no COMMAND_ACK for DO_SET_MODE");
  if (link.ack->result != 0)
    return fail("DO_SET_MODE ALT_HOLD refused, MAV_RESULT " + std::to_string(link.ack->result));
  std::printf("DO_SET_MODE ALT_HOLD accepted\n");
  return 0;
}

// 3b. A motor test in HIL, the board disarmed on the ground, as the Motors section sends it:
// MAV_CMD_DO_MOTOR_TEST (common.xml) motor kTestMotor (the board's output 3: controls[2] of
// HIL_ACTUATOR_CONTROLS, the S500 file's third rotor, front-left) at 10 % for 1 s. In the
// simulator's truth only that rotor is given a duty, 0.10, for 1 s of simulated time (± one
// 4 ms exchange), and it turns at the duty's steady speed, 0.10 × the S500's 940 rad/s = 94 rad/s
// (its 30 ms spin-up long settled); the other three never get a duty or turn.
constexpr int kTestMotor = 3;
constexpr float kTestThrottlePct = 10.0f, kTestSeconds = 1.0f;
int motorTestSeenInTruth(HilFlight& hil) {
  while (hil.t_s() < 0.5)
    if (auto e = hil.exchange()) return fail(*e);
  mavlink_command_long_t test{};
  test.target_system = 1;
  test.target_component = 1;
  test.command = 209;  // MAV_CMD_DO_MOTOR_TEST
  test.param1 = float(kTestMotor);
  test.param3 = kTestThrottlePct;  // param2 0: MOTOR_TEST_THROTTLE_PERCENT
  test.param4 = kTestSeconds;
  test.param5 = 1.0f;  // one motor
  test.param6 = 2.0f;  // MOTOR_TEST_ORDER_BOARD
  hil.link.ack.reset();
  if (!hil.link.send(MAVLINK_MSG_ID_COMMAND_LONG, &test)) return fail("cannot write to the pty");
  const int rotors = hil.model.rotor_count;
  std::vector<double> first(std::size_t(rotors), -1), last(std::size_t(rotors), -1), peak(std::size_t(rotors), 0);
  double duty = 0;
  for (const double until = hil.t_s() + kTestSeconds + 0.5; hil.t_s() < until;) {
    if (auto e = hil.exchange()) return fail(*e);
    for (int r = 0; r < rotors; ++r) {
      const double d = hil.sim.inputs().duty[std::size_t(r)];
      peak[std::size_t(r)] = std::max(peak[std::size_t(r)], hil.sim.state().rotor_speed_radps[std::size_t(r)]);
      if (d <= 0) continue;
      if (first[std::size_t(r)] < 0) first[std::size_t(r)] = hil.t_s();
      last[std::size_t(r)] = hil.t_s();
      duty = r == kTestMotor - 1 ? d : duty;
    }
  }
  if (!hil.link.ack || hil.link.ack->command != 209) return fail("no COMMAND_ACK for the motor test");
  if (hil.link.ack->result != 0) return fail("motor test refused, MAV_RESULT " + std::to_string(hil.link.ack->result));
  for (int r = 0; r < rotors; ++r)
    std::printf("motor test: rotor %d a duty for %.3f s, up to %.1f rad/s\n", r + 1,
                first[std::size_t(r)] < 0 ? 0.0 : last[std::size_t(r)] - first[std::size_t(r)], peak[std::size_t(r)]);
  const std::size_t asked = kTestMotor - 1;
  for (int r = 0; r < rotors; ++r)
    if (std::size_t(r) != asked && (first[std::size_t(r)] >= 0 || peak[std::size_t(r)] > 1.0))
      return fail("motor test: rotor " + std::to_string(r + 1) + " turned, not only the one asked");
  const double seconds = last[asked] - first[asked], steady = duty * hil.model.rotors[asked].max_speed_radps;
  if (first[asked] < 0 || std::abs(seconds - kTestSeconds) > 0.009)  // two 4 ms exchanges
    return fail("motor test: the rotor asked had a duty for " + std::to_string(seconds) + " s, not 1 s");
  if (std::abs(duty - 0.10) > 1e-3 || std::abs(peak[asked] - steady) > 1.0)
    return fail("motor test: the rotor asked did not turn at 10 % (94 rad/s)");
  return 0;
}

// 4a. On the ground while the estimator aligns. 4b. Arm, the ordinary way: the ACK comes back
// during the next exchanges.
int alignAndArm(HilFlight& hil) {
  while (hil.t_s() < kAlignS)
    if (auto e = hil.exchange()) return fail(*e);
  std::printf("aligned on the ground for %.1f s of sim time (%ld exchanges)\n", hil.t_s(), hil.exchanges);

  Link& link = hil.link;
  mavlink_command_long_t arm{};
  arm.target_system = 1;
  arm.target_component = 1;
  arm.command = 400;  // MAV_CMD_COMPONENT_ARM_DISARM
  arm.param1 = 1.0f;
  link.ack.reset();
  if (!link.send(MAVLINK_MSG_ID_COMMAND_LONG, &arm)) return fail("cannot write to the pty");
  for (int k = 0; k < 50 && !(link.ack && link.ack->command == 400); ++k)
    if (auto e = hil.exchange()) return fail(*e);
  if (!link.ack || link.ack->command != 400) return fail("no COMMAND_ACK for the arm command");
  if (link.ack->result != 0) return fail("arming refused, MAV_RESULT " + std::to_string(link.ack->result));
  if (auto e = hil.exchange()) return fail(*e);
  if (!(hil.last_out->mode & 128)) return fail("HIL_ACTUATOR_CONTROLS does not say armed after the ACK");
  std::printf("armed at t = %.3f s\n", hil.t_s());
  return 0;
}

// 4d. The hover's figures: attitude error [deg], height [m] (its worst deviation from the centred
// height after 3 s), and whether the board stayed armed.
struct HoverFigures {
  double sum_sq = 0, max_roll = 0, max_pitch = 0, min_h = 1e9, max_h = -1e9, worst_dev = 0;
  long samples = 0;
  bool armed_throughout = true;
  double rmsDeg() const { return std::sqrt(sum_sq / double(std::max(samples, 1L))) * kRad2Deg; }
};

// Holds the hover for kHoverS from `centred_s`; an error message, or nothing.
std::optional<std::string> hover(HilFlight& hil, double centred_s, double height_at_centre, HoverFigures& fig) {
  while (hil.t_s() < centred_s + kHoverS) {
    if (auto e = hil.exchange()) return e;
    const vsim::frames::EulerAngles e = vsim::frames::eulerFromQuaternion(hil.sim.state().q_WB);
    fig.sum_sq += e.roll_rad * e.roll_rad + e.pitch_rad * e.pitch_rad;
    ++fig.samples;
    fig.max_roll = std::max(fig.max_roll, std::abs(e.roll_rad) * kRad2Deg);
    fig.max_pitch = std::max(fig.max_pitch, std::abs(e.pitch_rad) * kRad2Deg);
    fig.min_h = std::min(fig.min_h, hil.height());
    fig.max_h = std::max(fig.max_h, hil.height());
    if (hil.t_s() > centred_s + 3.0) fig.worst_dev = std::max(fig.worst_dev, std::abs(hil.height() - height_at_centre));
    if (!(hil.last_out->mode & 128)) fig.armed_throughout = false;
  }
  return std::nullopt;
}

// The verdicts on the hover, against the bounds above; then the GPS aid: the fixes reached the
// board's estimator, SYS_STATUS says GPS present and healthy (the estimator corrects its tilt
// from GPS velocity).
int judgeHover(const HoverFigures& fig, double drift_m, const Link& link) {
  if (!fig.armed_throughout) return fail("disarmed during the hover");
  if (!(fig.rmsDeg() < kMaxAttitudeRmsDeg)) return fail("attitude error RMS above the SITL hover bound");
  if (!(fig.min_h > kMinHoverHeightM)) return fail("not off the ground all through the hover");
  if (!(fig.worst_dev < kMaxHeightDeviationM)) return fail("height not held within ALT_HOLD's bound");
  if (!(drift_m < kMaxDriftM)) return fail("drifted away");
  if (link.stats().crc_errors != 0) return fail("CRC errors on the link");
  // Judged on any SYS_STATUS, not the last: the board judges HIL_GPS fresh on its own clock, and
  // when the emulated board's clock outruns the exchange (a slow host) its GPS health flips
  // between HIL_GPS in force and the receiver's "not answering" from second to second.
  if (link.gps_healthy_reports == 0) return fail("SYS_STATUS never reported the GPS aid healthy on the board");
  std::printf("SYS_STATUS: GPS present and healthy in %d reports (the estimator aided by the HIL_GPS fixes)\n",
              link.gps_healthy_reports);
  return 0;
}

// 4c. Climb in ALT_HOLD to kClimbToM, centre the throttle, 4d. hover, and judge it.
int climbAndHover(HilFlight& hil) {
  hil.throttle = 0.8f;
  const double climb_start_s = hil.t_s();
  while (hil.height() < kClimbToM) {
    if (hil.t_s() > climb_start_s + 8.0) return fail("no climb to " + std::to_string(kClimbToM) + " m within 8 s");
    if (auto e = hil.exchange()) return fail(*e);
  }
  hil.throttle = 0.5f;
  const double centred_s = hil.t_s(), height_at_centre = hil.height();
  const Eigen::Vector3d centre_W = hil.sim.state().p_W_m;
  std::printf("climbed to %.2f m at t = %.3f s; throttle centred, holding for %.0f s\n", height_at_centre, centred_s,
              kHoverS);

  HoverFigures fig;
  if (auto e = hover(hil, centred_s, height_at_centre, fig)) return fail(*e);
  const double wall_s = hil.wallSeconds();
  const Eigen::Vector3d end_W = hil.sim.state().p_W_m;
  const double drift_m = std::hypot(end_W.x() - hil.start_W.x(), end_W.y() - hil.start_W.y());
  const double drift_hover_m = std::hypot(end_W.x() - centre_W.x(), end_W.y() - centre_W.y());
  std::printf(
      "HIL: %ld exchanges of %d ms sim time in %.2f s wall: %.1f exchanges/s, sim-time ratio %.3f "
      "(sim s per wall s)\n",
      hil.exchanges, kImuPeriodsPerExchange, wall_s, double(hil.exchanges) / wall_s, hil.t_s() / wall_s);
  std::printf("hover %.0f s: attitude error RMS %.3f deg (bound %.1f), max |roll| %.3f deg, max |pitch| %.3f deg\n",
              kHoverS, fig.rmsDeg(), kMaxAttitudeRmsDeg, fig.max_roll, fig.max_pitch);
  std::printf("height %.2f..%.2f m (centred at %.2f m; worst deviation after 3 s %.3f m, bound %.1f)\n", fig.min_h,
              fig.max_h, height_at_centre, fig.worst_dev, kMaxHeightDeviationM);
  std::printf("horizontal drift from take-off %.2f m (bound %.1f), during the hover %.2f m\n", drift_m, kMaxDriftM,
              drift_hover_m);
  std::printf("link: %u frames, %u CRC errors, %u bytes dropped\n", hil.link.stats().frames,
              hil.link.stats().crc_errors, hil.link.stats().bytes_dropped);
  return judgeHover(fig, drift_m, hil.link);
}

int run(Qemu& q, const vsim::VehicleModel& model) {
  Link link(q.serial);
  if (const int rc = checkHeartbeatAndSetHoverThrust(link, model); rc != 0) return rc;
  if (const int rc = setAltHold(link); rc != 0) return rc;
  vsim::SimulatorConfig config;
  config.world = vsim::World{};  // flat ground
  auto created = vsim::Simulator::create(model, config);
  if (!created) return fail("simulator: " + created.error().message);
  vsim::Simulator& sim = created.value();
  sim.reset(1, vsim::initialState(model, config.world, {}));
  HilFlight hil(link, model, sim);
  if (const int rc = motorTestSeenInTruth(hil); rc != 0) return rc;
  if (const int rc = alignAndArm(hil); rc != 0) return rc;
  return climbAndHover(hil);
}

}  // namespace

int main() {
  killQemuOnSignals();
  std::string qemu;
  if (const int missing = checkQemuAndImage(NAVIGATOR_BOARD_IMAGE, &qemu); missing != 0) return missing;
  const std::string image = NAVIGATOR_BOARD_IMAGE;
  auto model = vsim::loadAirframe(NAVIGATOR_SOURCE_DIR "/resources/airframes/s500.yaml");
  if (!model) return fail("s500.yaml: " + model.error().message);

  std::printf("%s -M netduinoplus2 -nographic -S -monitor unix:DIR/monitor,server,nowait -serial pty -kernel %s\n",
              qemu.c_str(), image.c_str());
  Qemu q;
  std::string error;
  if (!start_qemu(q, qemu, image, error)) return fail(error);
  if (!monitor_command(q, "cont")) return fail("cannot reach QEMU's monitor to continue the CPU");
  const int result = run(q, model.value());
  if (result == 0) std::printf("PASS\n");
  return result;
}
