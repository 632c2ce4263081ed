// A telemetry sample (NED/FRD) shown in the 3-D view (ENU/FLU), through the one conversion
// header (DESIGN.md §2): what the Fly page does with the latest live sample and the Logs page
// with the latest replayed one.
#pragma once

#include "app/core/autopilot_world_worker.h"
#include "app/core/simulation_worker.h"

#include <QVector3D>

namespace navigator {

class FlightView3D;

// The sample's position in ENU; a position not known (not finite) is the origin.
QVector3D positionEnu(const TelemetrySample& s);
// Poses the vehicle and sets the wind arrow (when the wind is known). False, with nothing
// changed, when the sample carries no usable attitude.
bool showSamplePose(FlightView3D* view, const TelemetrySample& s);
// Shows every vehicle of a PX4/ArduPilot world but `selected` (which the samples pose) as the
// view's other vehicles.
void showOtherVehicles(FlightView3D* view, const std::vector<WorldVehiclePose>& vehicles, int selected);

}  // namespace navigator
