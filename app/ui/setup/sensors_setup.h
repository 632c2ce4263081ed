// The Sensors section of Vehicle Setup: a button per calibration (gyroscope, accelerometer,
// level horizon, compass), the six orientation pictures the accelerometer and compass ask for
// (each grey until the vehicle asks for it, blue while it measures it, green when it says it is
// done), what to do now in words, the progress, every "[cal]" text the vehicle sent, and Cancel.
// For ArduPilot (which asks for each side and waits): "Vehicle placed" once the vehicle sits on
// the side asked (its picture blue), and "Accept" to keep the compass offsets it reported.
// It drives the vehicle's SensorCalibration; it shows only what the vehicle said.
// GUI thread only.
#pragma once

#include "app/vehicle/sensor_calibration.h"
#include "widgets/orientation_picture.h"

#include <QPointer>
#include <QWidget>

#include <array>

class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;

namespace navigator {

class SensorsSetup : public QWidget {
  Q_OBJECT
 public:
  explicit SensorsSetup(QWidget* parent = nullptr);

  // The calibration to drive (null: no vehicle; the buttons are off).
  void setCalibration(SensorCalibration* calibration);

  QPushButton* startButton(CalSensor sensor) const { return start_[std::size_t(sensor)]; }
  QPushButton* cancelButton() const { return cancel_; }
  QPushButton* placedButton() const { return placed_; }
  QPushButton* acceptButton() const { return accept_; }
  OrientationPicture* picture(CalSide side) const { return pictures_[std::size_t(side)]; }
  QString instruction() const;
  QString resultText() const;

 signals:
  // A calibration ended: ok only when done.
  void calibrationFinished(navigator::CalSensor sensor, bool ok);

 private:
  void start(CalSensor sensor);
  void show(const CalibrationState& state);
  QString whatToDo(const CalibrationState& state) const;

  QPointer<SensorCalibration> calibration_;
  QMetaObject::Connection changed_, finished_;
  std::array<QPushButton*, 4> start_{};
  QPushButton* cancel_ = nullptr;
  QPushButton* placed_ = nullptr;
  QPushButton* accept_ = nullptr;
  std::array<OrientationPicture*, kCalSides.size()> pictures_{};
  QLabel* instruction_ = nullptr;
  QLabel* result_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QPlainTextEdit* log_ = nullptr;
  qsizetype log_shown_ = 0;  // the state's log lines already in log_
};

}  // namespace navigator
