// What the Power and Safety sections of Vehicle Setup show and set, per autopilot: each row a
// parameter of that autopilot with its label, unit, range and (for a choice) the values it
// takes, and the orders between rows a sound setup keeps (the critical battery level below the
// low one). The names and choices are each autopilot's published parameter reference: PX4's
// "Parameter Reference" (docs.px4.io: BAT1_*, BAT_*_THR, COM_*, NAV_*), ArduCopter's full
// parameter list (ardupilot.org/copter: BATT_*, FS_*) and Navigator's firmware's
// (firmware/core/fc_params.h, whose ranges the firmware enforces). The ranges are the
// reference's where it gives one (PX4's thresholds, ArduCopter's FS_THR_VALUE and
// FS_GCS_TIMEOUT); elsewhere they are the physical bounds of what the row is (a lithium cell
// 2-4.5 V, a capacity up to 1,000 Ah), so the autopilot's own check stays the last word.
#pragma once

#include "app/link/autopilot_dialect.h"

#include <QString>

#include <vector>

namespace navigator {

struct SetupChoice {
  int value;
  const char* label;  // translated in the "SetupTables" context (QT_TRANSLATE_NOOP)
};

struct SetupRow {
  const char* name;   // the parameter
  const char* label;  // translated in the "SetupTables" context
  const char* unit;   // "" when none; not translated (SI symbols)
  double min, max;
  int decimals;
  std::vector<SetupChoice> choices;  // empty: a number in [min, max]
};

// `lower` must stay below `higher` (both rows of the same table).
struct SetupOrder {
  const char* lower;
  const char* higher;
};

struct SetupTable {
  std::vector<SetupRow> rows;
  std::vector<SetupOrder> orders;
  // The row whose non-zero value marks the section done (nullptr: never marked).
  const char* done_when_nonzero = nullptr;
};

SetupTable radioTable(Autopilot autopilot);
SetupTable powerTable(Autopilot autopilot);
SetupTable safetyTable(Autopilot autopilot);
SetupTable flightModesTable(Autopilot autopilot);

// The row's value refused before it is sent, in words (empty: acceptable): outside its range,
// not one of its choices, not a number.
QString rowProblem(const SetupRow& row, double value);

}  // namespace navigator
