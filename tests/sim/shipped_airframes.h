// Test helper: a shipped airframe from resources/airframes, or the test stops with the reason.
#pragma once

#include "sim/config/airframe_file.h"

#include <QtTest>

inline vsim::VehicleModel loadShippedAirframe(const QString& file_name) {
  auto m = vsim::loadAirframe((QStringLiteral(NAVIGATOR_SOURCE_DIR "/resources/airframes/") + file_name).toStdString());
  if (!m) qFatal("%s", m.error().message.c_str());
  return *m;
}
