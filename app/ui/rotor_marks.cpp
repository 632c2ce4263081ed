#include "app/ui/rotor_marks.h"

#include "flight/flight_runner.h"

namespace navigator {

QVector<RotorMark> rotorMarks(const vsim::VehicleModel& model) {
  // v_F = R_BF^T v_B: a body vector in the flight axes (forward, right, down) the firmware flies.
  const Eigen::Matrix3d R_FB = vsim::flightAxes_BF(model).toRotationMatrix().transpose();
  QVector<RotorMark> marks;
  for (int i = 0; i < model.rotor_count; ++i) {
    const vsim::RotorModel& r = model.rotors[std::size_t(i)];
    const Eigen::Vector3d p_F_m = R_FB * r.position_B_m;
    const Eigen::Vector3d axis_F = R_FB * r.axis_B.normalized();
    RotorMark mark;
    mark.forward_m = p_F_m.x();
    mark.right_m = p_F_m.y();
    mark.ccw = r.spin > 0.0;              // the file's spin: positive about its own axis
    mark.thrusts_up = axis_F.z() < -0.5;  // within 60° of up (−z in the flight axes)
    mark.lean_forward = axis_F.x();
    mark.lean_right = axis_F.y();
    marks.push_back(mark);
  }
  return marks;
}

}  // namespace navigator
