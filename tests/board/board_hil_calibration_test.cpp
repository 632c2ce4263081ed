// Calibration proved in HIL on the emulated board: the ground station's simulator flies the
// STM32F405 image on QEMU 7.2's netduinoplus2 in lockstep (hil_loop.h; board_hil_hover_test.cpp
// says how) with a factory-fresh board's errors — tests/data/airframes/s500_bench_board.yaml's
// accelerometer (offsets 0.3 m/s², scale 2 %, axes leaning 1°) and gyroscope (offsets 0.5-2 °/s),
// and the board mounted 1° off in roll and pitch, as the SITL proof (test_calibration_proof_sitl)
// has it. The board's own estimate (ATTITUDE) is compared with the simulator's truth at rest
// before and after the board's gyroscope, six-side accelerometer and level calibrations, run as a
// ground station runs them: MAV_CMD_PREFLIGHT_CALIBRATION, the board's "[cal] " texts read
// (calibration_messages.h), and the simulator's hand (Simulator::hold) holding still each side
// the board still lists as pending until it says that side is done (BenchHand's rule).
//
// What to expect before, in closed form: the accelerometer's "down" tilted by
// atan(0.3 / 9.81) = 1.75° on each horizontal axis, plus the board's 1°. After: the tilt within
// 0.5° (the accelerometer's bias walk over the run), and at least 3× better. The magnetometer is
// not calibrated here: the SITL proof calibrates it; heading is not judged.
// Exit 0 pass, 1 fail (also without qemu-system-arm or the image). QEMU is killed on every path.
#include "app/core/bench_hand.h"
#include "app/vehicle/calibration_messages.h"
#include "sim/base/frames.h"
#include "sim/config/airframe_file.h"
#include "sim/world/initial_state.h"
#include "tests/board/hil_loop.h"
#include "tests/board/qemu_board.h"

#include <Eigen/Geometry>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>

namespace {

using namespace navigator::board_test;

constexpr double kRad2Deg = 180.0 / M_PI;
constexpr double kWallBudgetS = 280.0;  // before ctest's 300 s timeout
constexpr double kCalibrationLimitS = 60.0;  // simulated seconds one calibration may take

// The board's estimate against the truth at rest, mean |error| of roll and pitch [°] over
// `seconds` of simulated time (each ATTITUDE against the truth of the exchange it came in).
struct Tilt {
  double roll = 0, pitch = 0;
  double worst() const { return std::max(roll, pitch); }
};
std::optional<Tilt> measureAtRest(HilFlight& hil, double seconds, std::string& error) {
  Tilt t;
  long n = 0, seen = hil.link.attitudes;
  for (const double until = hil.t_s() + seconds; hil.t_s() < until;) {
    if (auto e = hil.exchange()) {
      error = *e;
      return std::nullopt;
    }
    if (hil.link.attitudes == seen) continue;
    seen = hil.link.attitudes;
    const vsim::frames::EulerAngles truth = vsim::frames::eulerFromQuaternion(hil.sim.state().q_WB);
    t.roll += std::abs(double(hil.link.attitude->roll) - truth.roll_rad) * kRad2Deg;
    t.pitch += std::abs(double(hil.link.attitude->pitch) - truth.pitch_rad) * kRad2Deg;
    ++n;
  }
  if (n == 0) {
    error = "no ATTITUDE from the board while measuring";
    return std::nullopt;
  }
  t.roll /= double(n), t.pitch /= double(n);
  return t;
}

Eigen::Quaterniond attitudeOf(const Eigen::Vector3d& rpy_deg) {
  return Eigen::AngleAxisd(rpy_deg.z() / kRad2Deg, Eigen::Vector3d::UnitZ()) *
         Eigen::AngleAxisd(rpy_deg.y() / kRad2Deg, Eigen::Vector3d::UnitY()) *
         Eigen::AngleAxisd(rpy_deg.x() / kRad2Deg, Eigen::Vector3d::UnitX());
}

// One calibration (MAV_CMD_PREFLIGHT_CALIBRATION with `params`), the hand holding the vehicle
// still level, or — for the accelerometer — on the first side the board lists as pending and has
// not said done. 0 when the board says "calibration done", else fail()'s status.
int calibrate(HilFlight& hil, const char* name, const std::array<float, 7>& params) {
  mavlink_command_long_t c{};
  c.target_system = 1;
  c.target_component = 1;
  c.command = 241;  // MAV_CMD_PREFLIGHT_CALIBRATION
  c.param1 = params[0], c.param2 = params[1], c.param5 = params[4];
  std::size_t read = hil.link.texts.size();
  if (!hil.link.send(MAVLINK_MSG_ID_COMMAND_LONG, &c)) return fail("cannot write to the pty");
  std::array<bool, navigator::kCalSides.size()> pending{}, done{};
  std::optional<navigator::CalSide> holding;
  for (const double until = hil.t_s() + kCalibrationLimitS; hil.t_s() < until;) {
    if (auto e = hil.exchange()) return fail(*e);
    for (; read < hil.link.texts.size(); ++read) {
      const auto m = navigator::parseCalMessage(QString::fromStdString(hil.link.texts[read]));
      if (!m) continue;
      using Kind = navigator::CalMessage::Kind;
      if (m->kind == Kind::Done) return 0;
      if (m->kind == Kind::Failed || m->kind == Kind::Cancelled)
        return fail(std::string(name) + ": " + hil.link.texts[read]);
      if (m->kind == Kind::Pending) pending = m->sides;
      if (m->kind == Kind::SideDone) done[std::size_t(m->side)] = true;
    }
    for (std::size_t i = 0; i < pending.size(); ++i) {
      if (!pending[i] || done[i]) continue;
      if (holding != navigator::kCalSides[i]) {
        holding = navigator::kCalSides[i];
        vsim::HandGrip grip;
        grip.q_WB = attitudeOf(navigator::BenchHand::sideAttitude_rpy_deg(*holding));
        hil.sim.hold(grip);
      }
      break;
    }
  }
  return fail(std::string(name) + ": not done within " + std::to_string(int(kCalibrationLimitS)) + " s");
}

vsim::VehicleModel benchBoard(const vsim::VehicleModel& file) {
  vsim::VehicleModel m = file;
  const double one_deg = 1.0 / kRad2Deg;  // mounted 1° off in roll and pitch, as the SITL proof
  m.imu.R_mount =
      (Eigen::AngleAxisd(one_deg, Eigen::Vector3d::UnitY()) * Eigen::AngleAxisd(one_deg, Eigen::Vector3d::UnitX()))
          .toRotationMatrix();
  return m;
}

int run(Qemu& q, const vsim::VehicleModel& model) {
  Link link(q.serial);
  if (!link.read_until(std::chrono::seconds(5), [](const mavlink_frame_t& f) {
        return f.msgid == MAVLINK_MSG_ID_HEARTBEAT;
      }))
    return fail("no HEARTBEAT within 5 s of boot");
  vsim::SimulatorConfig config;
  config.world = vsim::World{};  // flat ground
  auto created = vsim::Simulator::create(model, config);
  if (!created) return fail("simulator: " + created.error().message);
  vsim::Simulator& sim = created.value();
  sim.reset(1, vsim::initialState(model, config.world, {}));
  HilFlight hil(link, model, sim);
  hil.throttle = 0;
  hil.max_wall_s = kWallBudgetS;
  std::string error;
  while (hil.t_s() < 3.0)  // aligned on the ground
    if (auto e = hil.exchange()) return fail(*e);
  const auto before = measureAtRest(hil, 2.0, error);
  if (!before) return fail(error);
  std::printf("before, at rest: roll %.2f°, pitch %.2f°\n", before->roll, before->pitch);

  vsim::HandGrip level;
  level.q_WB = Eigen::Quaterniond::Identity();
  sim.hold(level);
  for (const double until = hil.t_s() + 1.0; hil.t_s() < until;)  // lifted and still
    if (auto e = hil.exchange()) return fail(*e);
  if (const int rc = calibrate(hil, "gyroscope", {1, 0, 0, 0, 0, 0, 0}); rc != 0) return rc;
  if (const int rc = calibrate(hil, "accelerometer", {0, 0, 0, 0, 1, 0, 0}); rc != 0) return rc;
  sim.hold(level);
  for (const double until = hil.t_s() + 2.0; hil.t_s() < until;)  // brought level, still
    if (auto e = hil.exchange()) return fail(*e);
  if (const int rc = calibrate(hil, "level horizon", {0, 0, 0, 0, 2, 0, 0}); rc != 0) return rc;
  sim.release();
  for (const double until = hil.t_s() + 4.0; hil.t_s() < until;)  // on the ground, realigned
    if (auto e = hil.exchange()) return fail(*e);
  const auto after = measureAtRest(hil, 2.0, error);
  if (!after) return fail(error);
  std::printf("after, at rest: roll %.2f°, pitch %.2f°\n", after->roll, after->pitch);
  std::printf("HIL: %ld exchanges, %.1f s simulated in %.1f s wall\n", hil.exchanges, hil.t_s(), hil.wallSeconds());

  if (!(before->worst() > 1.5)) return fail("before: the tilt error is not the offsets' (closed form 1.75° + 1°)");
  if (!(after->worst() < 0.5 && after->worst() < before->worst() / 3))
    return fail("after: the tilt error is not within 0.5° and 3× better");
  return 0;
}

}  // namespace

int main() {
  killQemuOnSignals();
  std::string qemu;
  if (const int missing = checkQemuAndImage(NAVIGATOR_BOARD_IMAGE, &qemu); missing != 0) return missing;
  auto file = vsim::loadAirframe(NAVIGATOR_SOURCE_DIR "/tests/data/airframes/s500_bench_board.yaml");
  if (!file) return fail("s500_bench_board.yaml: " + file.error().message);
  Qemu q;
  std::string error;
  if (!start_qemu(q, qemu, NAVIGATOR_BOARD_IMAGE, error)) return fail(error);
  if (!monitor_command(q, "cont")) return fail("cannot reach QEMU's monitor to continue the CPU");
  const int result = run(q, benchBoard(file.value()));
  if (result == 0) std::printf("PASS\n");
  return result;
}
