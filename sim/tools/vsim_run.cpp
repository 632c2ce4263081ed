// vsim-run: flies one vehicle open loop (no firmware, no ground) and writes what happened as
// CSV: true state, motor speeds, every sensor and the wind. Columns: README, "vsim-run".
#include "sim/config/airframe_file.h"
#include "sim/base/frames.h"
#include "sim/world/initial_state.h"
#include "sim/simulator.h"
#include "cli/cli_util.h"
#include "sim/config/world_file.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

constexpr const char* kUsage =
    "usage: vsim-run --airframe NAME|FILE --duration S --seed N [--duty d1,d2,... | --duty-file F]\n"
    "                [--wind N,E,D] [--turbulence SIGMA] [--init-rate P,Q,R] [--no-gravity]\n"
    "                [--rate-hz HZ] [--every K] [--jitter FRACTION] [--world FILE|none]\n"
    "                [--init-pos N,E,D] [--init-vel N,E,D] [--init-att R,P,Y] --out FILE.csv\n"
    "\n"
    "Flies the airframe open loop for S seconds and writes one CSV row every K IMU frames\n"
    "(1 kHz). It starts at rest in its launch attitude, standing on the ground below the origin\n"
    "(or at the origin when there is no ground).\n"
    "  --airframe     a file, or the name of a shipped airframe (generic_quad, s500, lander_004)\n"
    "  --duty         motor duties in [0, 1], one per rotor, held for the whole run (default: off)\n"
    "  --duty-file    CSV lines 't_s,d1,d2,...': each row's duties hold from t_s to the next row\n"
    "  --wind         steady wind, NED [m/s] (the velocity of the air)\n"
    "  --turbulence   Dryden turbulence RMS per axis [m/s]\n"
    "  --init-rate    initial body rates [rad/s]\n"
    "  --rate-hz      physics rate, a multiple of 1000 (default 8000)\n"
    "  --jitter       ±fraction of motor command noise (003 §2.3 uses 0.01; default 0)\n"
    "  --world        a world file (resources/worlds/README.md); default flat ground at z = 0;\n"
    "                 'none' for empty space\n"
    "  --init-pos     initial centre-of-mass position, NED [m]\n"
    "  --init-vel     initial velocity, NED [m/s]\n"
    "  --init-att     initial attitude: roll, pitch, yaw [deg], z-y-x (default: the launch attitude)\n";

struct DutyRow {
  double t_s;
  std::vector<double> duty;
};

struct Options {
  std::string airframe, out, duty_file;
  double duration_s = -1;
  long long seed = -1;
  std::vector<double> duty;
  vsim::SimulatorConfig config;
  Eigen::Vector3d init_rate = Eigen::Vector3d::Zero();
  std::optional<Eigen::Vector3d> init_pos, init_att_deg;
  Eigen::Vector3d init_vel = Eigen::Vector3d::Zero();
  std::string world = "ground";
  int every = 1;
};

int fail(const std::string& message) {
  std::fprintf(stderr, "vsim-run: %s\n", message.c_str());
  return 1;
}

int usage(const std::string& message) {
  std::fprintf(stderr, "vsim-run: %s\n%s", message.c_str(), kUsage);
  return 2;
}

std::optional<Eigen::Vector3d> vector3(std::string_view text) {
  const auto list = navigator::cli::parseList(text);
  if (!list || list->size() != 3) return std::nullopt;
  return Eigen::Vector3d((*list)[0], (*list)[1], (*list)[2]);
}

std::optional<int> parseArgs(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "-h" || arg == "--help") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (arg == "--no-gravity") {
      o.config.gravity = false;
      continue;
    }
    if (i + 1 >= argc) return usage(std::string(arg) + " needs a value");
    const std::string_view v = argv[++i];
    auto bad = [&](const char* what) { return usage(std::string(arg) + " must be " + what + ", got '" + std::string(v) + "'"); };
    if (arg == "--airframe") {
      o.airframe = v;
    } else if (arg == "--out") {
      o.out = v;
    } else if (arg == "--duty-file") {
      o.duty_file = v;
    } else if (arg == "--duration") {
      const auto d = navigator::cli::parseNumber(v);
      if (!d || *d <= 0) return bad("a positive number of seconds");
      o.duration_s = *d;
    } else if (arg == "--seed") {
      const auto d = navigator::cli::parseNumber(v);
      if (!d || *d < 0 || *d != std::floor(*d) || *d > 9e15) return bad("a whole number ≥ 0");
      o.seed = static_cast<long long>(*d);
    } else if (arg == "--duty") {
      const auto list = navigator::cli::parseList(v);
      if (!list) return bad("a comma-separated list of numbers");
      o.duty = *list;
    } else if (arg == "--wind") {
      const auto w = vector3(v);
      if (!w) return bad("three numbers N,E,D");
      o.config.wind.steady_NED_mps = *w;
    } else if (arg == "--turbulence") {
      const auto d = navigator::cli::parseNumber(v);
      if (!d || *d < 0) return bad("a number ≥ 0");
      o.config.wind.turbulence_sigma_mps = *d;
    } else if (arg == "--init-rate") {
      const auto w = vector3(v);
      if (!w) return bad("three numbers P,Q,R");
      o.init_rate = *w;
    } else if (arg == "--init-pos" || arg == "--init-vel" || arg == "--init-att") {
      const auto w = vector3(v);
      if (!w) return bad("three numbers");
      if (arg == "--init-pos") o.init_pos = *w;
      else if (arg == "--init-vel") o.init_vel = *w;
      else o.init_att_deg = *w;
    } else if (arg == "--world") {
      o.world = v;
    } else if (arg == "--rate-hz") {
      const auto d = navigator::cli::parseNumber(v);
      if (!d || *d <= 0 || *d != std::floor(*d)) return bad("a whole number of Hz");
      o.config.physics_rate_hz = int(*d);
    } else if (arg == "--every") {
      const auto d = navigator::cli::parseNumber(v);
      if (!d || *d < 1 || *d != std::floor(*d)) return bad("a whole number ≥ 1");
      o.every = int(*d);
    } else if (arg == "--jitter") {
      const auto d = navigator::cli::parseNumber(v);
      if (!d || *d < 0 || *d >= 0.5) return bad("a fraction in [0, 0.5)");
      o.config.motor_jitter = *d;
    } else {
      return usage("unknown option '" + std::string(arg) + "'");
    }
  }
  if (o.airframe.empty()) return usage("--airframe is required");
  if (o.duration_s < 0) return usage("--duration is required");
  if (o.seed < 0) return usage("--seed is required");
  if (o.out.empty()) return usage("--out is required");
  if (!o.duty.empty() && !o.duty_file.empty()) return usage("give --duty or --duty-file, not both");
  return std::nullopt;
}

vsim::Result<std::vector<DutyRow>> readDutyFile(const std::string& path, int rotors) {
  std::ifstream in(path);
  if (!in) return vsim::Error{path + ": cannot open the duty file"};
  std::vector<DutyRow> rows;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#' || std::isalpha(static_cast<unsigned char>(line[first]))) continue;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    const auto values = navigator::cli::parseList(line);
    const std::string where = path + ":" + std::to_string(number) + ": ";
    if (!values) return vsim::Error{where + "expected 't_s,d1,d2,...' with finite numbers"};
    if (int(values->size()) != rotors + 1)
      return vsim::Error{where + "expected a time and " + std::to_string(rotors) + " duties, got " + std::to_string(values->size()) + " numbers"};
    if (!rows.empty() && (*values)[0] <= rows.back().t_s) return vsim::Error{where + "times must increase"};
    rows.push_back({(*values)[0], std::vector<double>(values->begin() + 1, values->end())});
  }
  if (rows.empty()) return vsim::Error{path + ": no duty rows"};
  return rows;
}

void writeHeader(std::FILE* f, int rotors) {
  std::fputs("time_s,pos_n_m,pos_e_m,pos_d_m,vel_n_mps,vel_e_mps,vel_d_mps,q_w,q_x,q_y,q_z,roll_deg,pitch_deg,yaw_deg,"
             "rate_x_radps,rate_y_radps,rate_z_radps",
             f);
  for (int i = 0; i < rotors; ++i) std::fprintf(f, ",motor%d_radps", i);
  std::fputs(",acc_x_mps2,acc_y_mps2,acc_z_mps2,gyro_x_radps,gyro_y_radps,gyro_z_radps,gyro_saturated,"
             "mag_x_gauss,mag_y_gauss,mag_z_gauss,baro_pa,baro_alt_m,baro_temp_degc,"
             "gps_time_s,gps_lat_deg,gps_lon_deg,gps_alt_m,gps_vel_n_mps,gps_vel_e_mps,gps_vel_d_mps,"
             "wind_n_mps,wind_e_mps,wind_d_mps,airspeed_mps\n",
             f);
}

void writeRow(std::FILE* f, const vsim::Simulator& sim) {
  const vsim::VehicleState& s = sim.state();
  const vsim::SensorFrame& fr = sim.frame();
  const vsim::frames::EulerAngles e = vsim::frames::eulerFromQuaternion(s.q_WB);
  constexpr double deg = 180.0 / M_PI;
  std::fprintf(f, "%.6f", double(sim.timeNs()) * 1e-9);
  auto put = [&](double v) { std::fprintf(f, ",%.9g", v); };
  auto put3 = [&](const Eigen::Vector3d& v) { put(v.x()); put(v.y()); put(v.z()); };
  put3(s.p_W_m);
  put3(s.v_W_mps);
  put(s.q_WB.w()); put(s.q_WB.x()); put(s.q_WB.y()); put(s.q_WB.z());
  put(e.roll_rad * deg); put(e.pitch_rad * deg); put(e.yaw_rad * deg);
  put3(s.omega_B_radps);
  for (int i = 0; i < sim.model().rotor_count; ++i) put(s.rotor_speed_radps[i]);
  put3(fr.imu.accel_S_mps2);
  put3(fr.imu.gyro_S_radps);
  std::fprintf(f, ",%d", fr.imu.gyro_saturated ? 1 : 0);
  put3(fr.mag.field_S_gauss);
  put(fr.baro.pressure_pa); put(fr.baro.altitude_m); put(fr.baro.temperature_degc);
  put(fr.gps.time_us < 0 ? -1.0 : double(fr.gps.time_us) * 1e-6);
  put(fr.gps.latitude_deg); put(fr.gps.longitude_deg); put(fr.gps.altitude_m);
  put3(fr.gps.v_NED_mps);
  put3(fr.wind_NED_mps);
  put(fr.airspeed_mps);
  std::fputc('\n', f);
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (const auto code = parseArgs(argc, argv, o)) return *code;
  auto model = vsim::loadAirframe(navigator::cli::airframePath(o.airframe, argv[0]));
  if (!model) return fail(model.error().message);
  if (o.world == "none") {
    o.config.world = vsim::SimulatorConfig::emptyWorld();
  } else if (o.world != "ground") {
    auto world = vsim::loadWorld(o.world);
    if (!world) return fail(world.error().message);
    o.config.world = std::move(world).value();
  } else {
    o.config.world = vsim::World{};  // flat ground at z = 0
  }
  auto created = vsim::Simulator::create(*model, o.config);
  if (!created) return fail(created.error().message);
  vsim::Simulator sim = std::move(created).value();
  const int rotors = model->rotor_count;

  std::vector<DutyRow> schedule;
  if (!o.duty_file.empty()) {
    auto rows = readDutyFile(o.duty_file, rotors);
    if (!rows) return fail(rows.error().message);
    schedule = std::move(rows).value();
  } else {
    if (!o.duty.empty() && int(o.duty.size()) != rotors)
      return usage("--duty needs " + std::to_string(rotors) + " values for " + model->name + ", got " + std::to_string(o.duty.size()));
    schedule.push_back({0.0, o.duty.empty() ? std::vector<double>(std::size_t(rotors), 0.0) : o.duty});
  }
  for (const DutyRow& row : schedule)
    for (double d : row.duty)
      if (d < 0.0 || d > 1.0) return fail("duties must be in [0, 1], got " + std::to_string(d));

  std::unique_ptr<std::FILE, int (*)(std::FILE*)> out(std::fopen(o.out.c_str(), "w"), &std::fclose);
  if (!out) return fail(o.out + ": cannot open for writing");

  vsim::InitialPose pose;
  pose.p_W_m = o.init_pos;
  pose.attitude_rpy_deg = o.init_att_deg;
  pose.v_W_mps = o.init_vel;
  pose.omega_B_radps = o.init_rate;
  const vsim::VehicleState start = vsim::initialState(*model, o.config.world, pose);
  sim.reset(std::uint64_t(o.seed), start);
  writeHeader(out.get(), rotors);
  writeRow(out.get(), sim);
  const long long periods = std::llround(o.duration_s * 1e9 / double(sim.imuPeriodNs()));
  std::size_t next = 0;
  for (long long k = 1; k <= periods; ++k) {
    const double t_s = double(sim.timeNs()) * 1e-9;
    while (next < schedule.size() && schedule[next].t_s <= t_s + 1e-12) sim.setDuties(schedule[next++].duty);
    sim.advanceImuPeriod();
    if (k % o.every == 0) writeRow(out.get(), sim);
  }
  if (std::ferror(out.get())) return fail(o.out + ": write failed");
  const vsim::SimulatorCounters& c = sim.counters();
  std::fprintf(stderr, "vsim-run: %s, %.3f s, seed %lld: %lld frames written; %lld refused duties, %lld sanitiser resets, "
               "%lld saturated gyro frames, %lld physics steps in contact\n",
               model->name.c_str(), double(sim.timeNs()) * 1e-9, o.seed, periods / o.every + 1, (long long)c.rejected_duties,
               (long long)c.sanitiser_resets, (long long)c.gyro_saturations, (long long)c.contact_steps);
  return 0;
}
