// CalibrationStore: each joystick's calibration and mapping in QSettings, keyed by the
// device's SDL GUID, so the same model of pad gets its calibration back on any port.
// Keys (all under "joystick/<guid>/"):
//   axis<i>/min, axis<i>/centre, axis<i>/max   raw ints, -32768..32767
//   axis<i>/deadband, axis<i>/expo             doubles (fraction of half-range; 0..1)
//   axis<i>/reversed                           true / false
//   map/roll, map/pitch, map/yaw, map/throttle raw axis index, -1 for none
//   button/arm, button/disarm, button/acro, button/angle, button/alt_hold   raw button, -1
// and "joystick/selected" = the GUID last chosen.
// Loading never writes: a stored value that is not a number, not finite or out of range is
// refused with a message naming its key, the defaults are used for that axis (or for the
// whole mapping), and the stored text stays as it is until save() — which the UI calls only
// when the user finishes a calibration or edits one.
// Thread contract: GUI thread (QSettings is not shared across threads here).
#pragma once

#include "app/joystick/joystick_mapping.h"

#include <QSettings>
#include <QString>
#include <QStringList>

namespace navigator::joystick {

struct CalibrationLoad {
  JoystickCalibration calibration;  // always usable: stored where valid, defaults elsewhere
  QStringList problems;             // one per refused key or group, naming it
  bool stored = false;              // something was stored for this GUID
};

class CalibrationStore {
 public:
  explicit CalibrationStore(QSettings& settings) : settings_(settings) {}

  // The calibration for a device with these counts; `defaults` fills whatever is not stored
  // or is refused (it must have `axis_count` axes).
  CalibrationLoad load(const QString& guid, int axis_count, int button_count,
                       const JoystickCalibration& defaults) const;

  // Replaces everything stored for the GUID. Precondition: the calibration validates.
  void save(const QString& guid, const JoystickCalibration& c);

  QString preferredDevice() const;
  void setPreferredDevice(const QString& guid);

  static QString groupFor(const QString& guid) { return QStringLiteral("joystick/") + guid; }

 private:
  QSettings& settings_;
};

}  // namespace navigator::joystick
