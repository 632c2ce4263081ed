// SensorCalibration: one vehicle's sensor calibration as PX4's commander runs it and
// QGroundControl drives it — MAV_CMD_PREFLIGHT_CALIBRATION starts it (param1 1: gyroscope,
// param2 1: magnetometer, param5 1: accelerometer, param5 2: level horizon), the vehicle says
// how it goes in "[cal] " STATUSTEXTs (calibration_messages.h), and the same command with every
// parameter 0 cancels it. Navigator's firmware and PX4 speak it; ArduPilot calibrates in its
// own protocol (MAV_CMD_ACCELCAL_VEHICLE_POS, MAG_CAL_PROGRESS/REPORT), not this one: start()
// refuses it with that reason.
//
// What the state holds is only what the vehicle said: the sides still pending, the one being
// measured, the sides done, the progress; the station never decides a side is done. A start
// while armed or while one runs is refused here, before anything is sent; the vehicle refusing
// (COMMAND_ACK) or saying "calibration failed: <reason>" ends it with the vehicle's reason.
// Thread contract: GUI thread (the link's).
#pragma once

#include "app/link/vehicle_link.h"
#include "app/vehicle/calibration_messages.h"

#include <QObject>
#include <QString>
#include <QStringList>

namespace navigator {

enum class CalSensor { Gyro, Accel, Level, Mag };

struct CalibrationState {
  enum class Phase { Idle, Starting, Running, Done, Failed, Cancelled };
  Phase phase = Phase::Idle;
  CalSensor sensor = CalSensor::Gyro;
  std::array<bool, kCalSides.size()> pending{};  // the sides the vehicle still asks for
  std::array<bool, kCalSides.size()> done{};     // the sides it said are done
  std::optional<CalSide> measuring;              // the side it detected and is measuring
  int progress_pct = 0;
  QString reason;   // Failed: the vehicle's reason (or the refusal's)
  QStringList log;  // every "[cal] " text, in order, for the user
  bool running() const { return phase == Phase::Starting || phase == Phase::Running; }
  bool usesSides() const { return sensor == CalSensor::Accel || sensor == CalSensor::Mag; }
};

class SensorCalibration : public QObject {
  Q_OBJECT

 public:
  explicit SensorCalibration(VehicleLink* link, QObject* parent = nullptr);

  // Starts `sensor`'s calibration; false with the reason when refused here (no vehicle,
  // armed, one already running, an autopilot that speaks another protocol).
  bool start(CalSensor sensor, QString* why);
  // Asks the vehicle to cancel the running calibration (it answers "[cal] calibration
  // cancelled"; its previous values stay).
  void cancel();
  const CalibrationState& state() const { return state_; }

  static QString sensorName(CalSensor sensor);  // "Gyroscope", "Accelerometer", …

  // MAV_CMD_PREFLIGHT_CALIBRATION (common.xml) and the command's parameters for `sensor`.
  static constexpr std::uint16_t kPreflightCalibration = 241;
  static std::array<float, 7> commandParams(CalSensor sensor);

 signals:
  void changed(const navigator::CalibrationState& state);
  // Done, failed or cancelled: `ok` only for done; `message` in words for the user.
  void finished(bool ok, const QString& message);

 private:
  void onStatusText(int severity, const QString& text);
  void onCommandFinished(const CommandResult& result);
  void apply(const CalMessage& m);
  void end(CalibrationState::Phase phase, const QString& reason);

  VehicleLink* link_;
  CalibrationState state_;
};

}  // namespace navigator

Q_DECLARE_METATYPE(navigator::CalibrationState)
