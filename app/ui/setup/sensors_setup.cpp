#include "app/ui/setup/sensors_setup.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace navigator {

namespace {

constexpr std::array kSensors{CalSensor::Gyro, CalSensor::Accel, CalSensor::Level, CalSensor::Mag};

// The protocol's sides in the pictures' terms (calibration_messages.h: down is level, front is
// nose down, …).
OrientationPicture::Side pictureSide(CalSide side) {
  switch (side) {
    case CalSide::Down:
      return OrientationPicture::Side::Level;
    case CalSide::Up:
      return OrientationPicture::Side::UpsideDown;
    case CalSide::Left:
      return OrientationPicture::Side::LeftDown;
    case CalSide::Right:
      return OrientationPicture::Side::RightDown;
    case CalSide::Front:
      return OrientationPicture::Side::NoseDown;
    case CalSide::Back:
      return OrientationPicture::Side::TailDown;
  }
  return OrientationPicture::Side::Level;
}

}  // namespace

SensorsSetup::SensorsSetup(QWidget* parent) : QWidget(parent) {
  auto* buttons = new QHBoxLayout;
  for (CalSensor s : kSensors) {
    auto* b = new QPushButton(SensorCalibration::sensorName(s));
    connect(b, &QPushButton::clicked, this, [this, s] { start(s); });
    start_[std::size_t(s)] = b;
    buttons->addWidget(b);
  }
  cancel_ = new QPushButton(tr("Cancel"));
  connect(cancel_, &QPushButton::clicked, this, [this] {
    if (calibration_) calibration_->cancel();
  });
  placed_ = new QPushButton(tr("Vehicle placed"));
  connect(placed_, &QPushButton::clicked, this, [this] {
    if (calibration_) calibration_->confirmPlaced();
  });
  accept_ = new QPushButton(tr("Accept"));
  connect(accept_, &QPushButton::clicked, this, [this] {
    if (calibration_) calibration_->acceptCompass();
  });
  buttons->addStretch();
  buttons->addWidget(placed_);
  buttons->addWidget(accept_);
  buttons->addWidget(cancel_);
  auto* grid = new QGridLayout;
  for (CalSide s : kCalSides) {
    auto* picture = new OrientationPicture(pictureSide(s));
    pictures_[std::size_t(s)] = picture;
    const int i = int(s);
    grid->addWidget(picture, i / 3, i % 3);
  }
  instruction_ = new QLabel;
  instruction_->setWordWrap(true);
  result_ = new QLabel;
  result_->setWordWrap(true);
  progress_ = new QProgressBar;
  progress_->setRange(0, 100);
  log_ = new QPlainTextEdit;
  log_->setReadOnly(true);
  log_->setMaximumBlockCount(500);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(buttons);
  layout->addWidget(instruction_);
  layout->addLayout(grid);
  layout->addWidget(progress_);
  layout->addWidget(result_);
  layout->addWidget(log_, 1);
  show(CalibrationState{});
}

void SensorsSetup::setCalibration(SensorCalibration* calibration) {
  disconnect(changed_);
  disconnect(finished_);
  calibration_ = calibration;
  result_->clear();
  log_->clear();
  log_shown_ = 0;
  if (calibration_) {
    changed_ = connect(calibration_, &SensorCalibration::changed, this, &SensorsSetup::show);
    finished_ = connect(calibration_, &SensorCalibration::finished, this, [this](bool ok, const QString& message) {
      result_->setText(message);
      emit calibrationFinished(calibration_->state().sensor, ok);
    });
  }
  show(calibration_ ? calibration_->state() : CalibrationState{});
}

void SensorsSetup::start(CalSensor sensor) {
  if (!calibration_) return;
  QString why;
  if (!calibration_->start(sensor, &why))
    result_->setText(tr("%1 calibration not started: %2").arg(SensorCalibration::sensorName(sensor), why));
  else
    result_->clear();
}

QString SensorsSetup::instruction() const { return instruction_->text(); }
QString SensorsSetup::resultText() const { return result_->text(); }

void SensorsSetup::show(const CalibrationState& state) {
  const bool running = state.running();
  for (CalSensor s : kSensors) start_[std::size_t(s)]->setEnabled(calibration_ && !running);
  cancel_->setEnabled(running);
  placed_->setVisible(running && state.asked.has_value());
  accept_->setVisible(running && state.awaiting_accept);
  progress_->setValue(state.progress_pct);
  for (CalSide s : kCalSides) {
    const auto i = std::size_t(s);
    using State = OrientationPicture::State;
    pictures_[i]->setState(!state.usesSides() || state.phase == CalibrationState::Phase::Idle ? State::NotAsked
                           : state.measuring == s || state.asked == s                         ? State::Measuring
                           : state.done[i]                                                    ? State::Done
                           : state.pending[i]                                                 ? State::Pending
                                                                                              : State::NotAsked);
  }
  instruction_->setText(whatToDo(state));
  if (state.log.size() < log_shown_) {  // a new calibration
    log_->clear();
    log_shown_ = 0;
  }
  for (; log_shown_ < state.log.size(); ++log_shown_) log_->appendPlainText(state.log[log_shown_]);
}

QString SensorsSetup::whatToDo(const CalibrationState& state) const {
  const bool running = state.running();
  const auto caption = [this](CalSide s) { return pictures_[std::size_t(s)]->phrase(); };
  if (running && state.asked) return tr("Place the vehicle %1, then press Vehicle placed.").arg(caption(*state.asked));
  if (running && state.awaiting_accept) {
    QStringList reports;
    for (const auto& r : state.compass_reports)
      reports << tr("compass %1: fitness %2 mGauss, offsets %3, %4, %5 mGauss")
                     .arg(r.compass_id)
                     .arg(double(r.fitness_mgauss), 0, 'f', 1)
                     .arg(double(r.offsets_mgauss[0]), 0, 'f', 1)
                     .arg(double(r.offsets_mgauss[1]), 0, 'f', 1)
                     .arg(double(r.offsets_mgauss[2]), 0, 'f', 1);
    return tr("Calibrated (%1). Press Accept to keep the new offsets.").arg(reports.join(QStringLiteral("; ")));
  }
  if (running && state.ardupilot && state.sensor == CalSensor::Mag && state.phase == CalibrationState::Phase::Running)
    return tr("Turn the vehicle slowly round every axis until the progress is full.");
  if (state.phase == CalibrationState::Phase::Starting) return tr("Asking the vehicle to start…");
  if (running && state.measuring)
    return state.sensor == CalSensor::Mag
               ? tr("Turn the vehicle slowly all the way round, keeping it %1.").arg(caption(*state.measuring))
               : tr("Hold still: measuring %1.").arg(caption(*state.measuring));
  if (running && state.ardupilot && state.sensor == CalSensor::Accel)
    return tr("Wait for the vehicle to ask for a side.");
  if (running && state.usesSides()) return tr("Hold the vehicle still on one of the grey sides.");
  if (running) return tr("Keep the vehicle still and level until it is done.");
  if (!calibration_) return tr("No vehicle: connect one to calibrate its sensors.");
  return tr("Choose a sensor to calibrate. The vehicle must be disarmed.");
}

}  // namespace navigator
