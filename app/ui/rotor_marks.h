// The Motors tab's and the airframe chooser's picture of an airframe's rotors (RotorLayoutView)
// from its model: every rotor seen from above the vehicle as it flies — down its flight axes'
// up (flightAxes_BF: body −z for a multirotor, body +x for a lander whose x points up), forward
// up the picture — with the spin its file states and the way its thrust leans.
#pragma once

#include "sim/vehicle/vehicle_model.h"
#include "widgets/rotor_layout_view.h"

#include <QVector>

namespace navigator {

QVector<RotorMark> rotorMarks(const vsim::VehicleModel& model);

}  // namespace navigator
