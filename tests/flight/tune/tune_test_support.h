// Test helper for the tuner's tests: a shipped airframe (resources/airframes/NAME.yaml) loaded,
// or the test stops with the loader's message.
#pragma once

#include "sim/config/airframe_file.h"

#include <QtGlobal>

#include <string>

inline vsim::VehicleModel airframe(const char* name) {
  auto m = vsim::loadAirframe(NAVIGATOR_SOURCE_DIR "/resources/airframes/" + std::string(name) + ".yaml");
  if (!m) qFatal("%s", m.error().message.c_str());
  return m.value();
}
