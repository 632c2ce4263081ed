// Plain values the flight view takes: obstacle primitives and the camera modes. World values
// are ENU (x East, y North, z Up) in metres; see scene_frame.h for how they reach the scene.
#pragma once

#include <QQuaternion>
#include <QVector3D>

namespace navigator {

// A primitive obstacle, as the simulator's vsim::Obstacle but in ENU. The obstacle's own frame
// is placed by (centre_ENU_m, attitude_ENU): attitude_ENU rotates own-frame vectors into ENU.
// From a NED pose, q_ENU_O = q_ENU_NED ⊗ q_NED_O (the own frame is kept, no FRD↔FLU flip:
// a cylinder's axis stays its own z).
struct FlightViewObstacle {
  enum class Shape { Box, Sphere, Cylinder };
  Shape shape = Shape::Box;
  QVector3D half_size_m;       // box: half edges along its own x, y, z
  float radius_m = 0.0f;       // sphere, cylinder
  float half_length_m = 0.0f;  // cylinder, along its own z
  QVector3D centre_ENU_m;
  QQuaternion attitude_ENU;  // identity: own axes along East, North, Up
};

// One rotor (or engine) of the view's own vehicle model (shown when no mesh is): where it is
// and where it pushes, body FLU, about the centre of mass.
struct RotorGlyph {
  QVector3D position_FLU_m;
  QVector3D thrust_axis_FLU;  // unit
};

// Where the flight view's camera is.
enum class FlightCameraMode {
  Follow,    // behind and above the vehicle along its heading, heading smoothed
  Orbit,     // around the vehicle: drag to orbit, wheel to zoom
  Observer,  // standing at a fixed ground point, turning to look at the vehicle
};

}  // namespace navigator
