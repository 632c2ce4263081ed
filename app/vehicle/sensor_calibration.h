// SensorCalibration: one vehicle's sensor calibration as PX4's commander runs it and
// QGroundControl drives it — MAV_CMD_PREFLIGHT_CALIBRATION starts it (param1 1: gyroscope,
// param2 1: magnetometer, param5 1: accelerometer, param5 2: level horizon), the vehicle says
// how it goes in "[cal] " STATUSTEXTs (calibration_messages.h), and the same command with every
// parameter 0 cancels it. Navigator's firmware and PX4 speak it. ArduPilot calibrates in its
// own protocol (ardupilot_calibration.h: the vehicle asks for each accelerometer side and the
// user confirms it, the compass reports MAG_CAL_PROGRESS/REPORT and the user accepts); the same
// state and signals serve both.
//
// What the state holds is only what the vehicle said: the sides still pending, the one being
// measured, the sides done, the progress; the station never decides a side is done. A start
// while armed or while one runs is refused here, before anything is sent; the vehicle refusing
// (COMMAND_ACK) or saying "calibration failed: <reason>" ends it with the vehicle's reason.
// Thread contract: GUI thread (the link's).
#pragma once

#include "app/link/vehicle_link.h"
#include "app/vehicle/ardupilot_calibration.h"
#include "app/vehicle/calibration_messages.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <vector>

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
  QString reason;          // Failed: the vehicle's reason (or the refusal's)
  QStringList log;         // every "[cal] " text (ArduPilot: every text), in order, for the user
  bool ardupilot = false;  // ArduPilot's protocol (ardupilot_calibration.h)
  // ArduPilot's accelerometer: the side the vehicle asks for, until the user confirms it is
  // placed (confirmPlaced); then it is `measuring`.
  std::optional<CalSide> asked;
  // ArduPilot's compass: each compass's report, and whether they wait for the user's accept.
  std::vector<ardupilot_cal::CompassReport> compass_reports;
  bool awaiting_accept = false;
  bool running() const { return phase == Phase::Starting || phase == Phase::Running; }
  bool usesSides() const { return sensor == CalSensor::Accel || (sensor == CalSensor::Mag && !ardupilot); }
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
  // ArduPilot's accelerometer: the user has placed the vehicle on the side asked (sends
  // MAV_CMD_ACCELCAL_VEHICLE_POS with that side); false when no side is asked.
  bool confirmPlaced();
  // ArduPilot's compass: keep the reported offsets (MAV_CMD_DO_ACCEPT_MAG_CAL); false when no
  // report waits for it.
  bool acceptCompass();
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
  // ArduPilot's side (ardupilot_calibration.cpp).
  void onFrame(const mavlink_frame_t& frame);
  void onVehiclePosition(std::int32_t position);
  void onMagProgress(const mavlink_mag_cal_progress_t& progress);
  void onMagReport(const mavlink_mag_cal_report_t& report);
  bool onArduPilotCommandFinished(const CommandResult& result);
  void cancelArduPilot();

  VehicleLink* link_;
  CalibrationState state_;
  bool cancel_asked_ = false;         // ArduPilot: the station asked it to stop
  std::array<int, 8> compass_pct_{};  // ArduPilot: MAG_CAL_PROGRESS per compass id, -1 unheard
};

}  // namespace navigator

Q_DECLARE_METATYPE(navigator::CalibrationState)
