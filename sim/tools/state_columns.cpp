#include "sim/tools/state_columns.h"

#include "sim/base/frames.h"

namespace vsim::tools {

void writeStateHeader(std::FILE* f, int rotors) {
  std::fputs(
      "time_s,pos_n_m,pos_e_m,pos_d_m,vel_n_mps,vel_e_mps,vel_d_mps,q_w,q_x,q_y,q_z,roll_deg,pitch_deg,yaw_deg,"
      "rate_x_radps,rate_y_radps,rate_z_radps",
      f);
  for (int i = 0; i < rotors; ++i) std::fprintf(f, ",motor%d_radps", i);
}

void writeStateColumns(std::FILE* f, double time_s, const VehicleState& s, int rotors) {
  const frames::EulerAngles e = frames::eulerFromQuaternion(s.q_WB);
  constexpr double deg = 180.0 / M_PI;
  std::fprintf(f, "%.6f", time_s);
  auto put = [&](double v) { std::fprintf(f, ",%.9g", v); };
  auto put3 = [&](const Eigen::Vector3d& v) {
    put(v.x());
    put(v.y());
    put(v.z());
  };
  put3(s.p_W_m);
  put3(s.v_W_mps);
  put(s.q_WB.w());
  put(s.q_WB.x());
  put(s.q_WB.y());
  put(s.q_WB.z());
  put(e.roll_rad * deg);
  put(e.pitch_rad * deg);
  put(e.yaw_rad * deg);
  put3(s.omega_B_radps);
  for (int i = 0; i < rotors; ++i) put(s.rotor_speed_radps[std::size_t(i)]);
}

}  // namespace vsim::tools
