// The parameter table a vehicle gave the station, as a text file a script can compare with
// what another MAVLink client reads from the same vehicle (navigator-autopilot-check
// --dump-params). One line per parameter, sorted by name, tab-separated:
//   NAME  MAV_PARAM_TYPE  VALUE
// with the type as its MAV_PARAM_TYPE number (1..6 integers, 9 REAL32: MAVLink common.xml),
// an integer's value in decimal, and a REAL32's with 9 significant digits, which is enough to
// give back the very same float (IEEE 754 binary32: 9 decimal digits round-trip any value).
// A parameter the station could not read (a type PARAM_VALUE cannot carry) is written with the
// value "unreadable".
#pragma once

#include "app/link/param_client.h"

#include <QList>
#include <QString>

namespace navigator {

// The file's text for `params` (in any order).
QString paramTableText(const QList<ParamValue>& params);
// Writes paramTableText(params) to `path` through a temporary file renamed into place (a
// failure leaves what was there); the error names the file and why, empty when written.
QString writeParamTable(const QList<ParamValue>& params, const QString& path);

}  // namespace navigator
