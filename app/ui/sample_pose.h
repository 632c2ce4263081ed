// Hands the core's scene values (app/core/scene_frames.h: NED/FRD already turned into the
// view's ENU/FLU) to the 3-D view: what the Fly page does with the latest live sample and the
// Logs page with the latest replayed one. Layout only: no frame is converted here.
#pragma once

#include "app/core/scene_frames.h"

#include <QVector3D>

namespace navigator {

class FlightView3D;

QVector3D toQVector(const std::array<float, 3>& v);
// Poses the vehicle and sets the wind arrow (when the wind is known). False, with nothing
// changed, when the sample carries no usable attitude.
bool showSamplePose(FlightView3D* view, const TelemetrySample& s);
// Shows every vehicle of a PX4/ArduPilot world but `selected` as the view's other vehicles.
void showOtherVehicles(FlightView3D* view, const std::vector<WorldVehiclePose>& vehicles, int selected);
// The board's own attitude, at the origin.
void showAttitude(FlightView3D* view, const std::array<float, 4>& q_NED_FRD_wxyz);
// The world's obstacles, mesh and ground.
void showSceneWorld(FlightView3D* view, const vsim::World& world);

}  // namespace navigator
