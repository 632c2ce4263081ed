// Vayu's parameter descriptions and units in the station's language. They come from the
// firmware's parameter table (firmware/core/fc_params.h, written out by `vayu_sitl
// --param-metadata` as share/navigator/params/vayu.json) in English; the table in
// vayu_param_texts.cpp lists them for lupdate, so translations/ carries them like every other
// string of the station. Parameter metadata of PX4 or ArduPilot vehicles is not translated: it
// is theirs, shown as their projects write it.
#pragma once

#include <QString>

namespace navigator {

// `english` (a description or a unit of Vayu's metadata) in the language of the installed
// translation; unchanged when it has none. "Rotor 3: …" is translated as "Rotor %1: …".
QString vayuParamText(const QString& english);

// Whether `english` is in the table lupdate reads (a rotor's number counts as %1).
bool isListedVayuParamText(const QString& english);

}  // namespace navigator
