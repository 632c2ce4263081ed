#include "app/ui/vehicle_setup_page.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace navigator {

namespace {

bool anyNonZero(const ParamLookup& param, std::initializer_list<const char*> names, bool* known) {
  bool any = false;
  for (const char* name : names) {
    const auto v = param(QString::fromLatin1(name));
    if (!v) {
      *known = false;
      return false;
    }
    any = any || *v != 0.0;
  }
  return any;
}

// MAV_TYPE (common.xml) to the motors it has; 0: not a multirotor this page knows.
int motorsOfType(std::uint8_t mav_type) {
  switch (mav_type) {
    case 2:  // QUADROTOR
      return 4;
    case 13:  // HEXAROTOR
      return 6;
    case 14:  // OCTOROTOR
      return 8;
    case 15:  // TRICOPTER
      return 3;
    default:
      return 0;
  }
}

}  // namespace

std::optional<bool> sensorsCalibrated(Autopilot autopilot, const ParamLookup& param) {
  bool known = true;
  bool done = false;
  switch (autopilot) {
    case Autopilot::Px4: {
      done = true;
      for (const char* id : {"CAL_ACC0_ID", "CAL_GYRO0_ID", "CAL_MAG0_ID"}) {
        bool one_known = true;
        done = anyNonZero(param, {id}, &one_known) && done;
        known = known && one_known;
      }
      break;
    }
    case Autopilot::ArduPilot: {
      const bool accel = anyNonZero(param, {"INS_ACCOFFS_X", "INS_ACCOFFS_Y", "INS_ACCOFFS_Z"}, &known);
      const bool compass = anyNonZero(param, {"COMPASS_OFS_X", "COMPASS_OFS_Y", "COMPASS_OFS_Z"}, &known);
      done = accel && compass;
      break;
    }
    case Autopilot::Vayu: {
      const bool gyro = anyNonZero(param, {"CAL_GYRO_XOFF", "CAL_GYRO_YOFF", "CAL_GYRO_ZOFF"}, &known);
      const bool accel = anyNonZero(param, {"CAL_ACC_XOFF", "CAL_ACC_YOFF", "CAL_ACC_ZOFF"}, &known);
      const bool compass = anyNonZero(param, {"CAL_MAG_XOFF", "CAL_MAG_YOFF", "CAL_MAG_ZOFF"}, &known);
      done = gyro && accel && compass;
      break;
    }
    default:
      return std::nullopt;
  }
  if (!known) return std::nullopt;
  return done;
}

VehicleSetupPage::VehicleSetupPage(QWidget* parent) : QWidget(parent) {
  list_ = new QListWidget;
  list_->setMaximumWidth(220);
  stack_ = new QStackedWidget;
  airframe_ = new QLabel;
  airframe_->setWordWrap(true);
  airframe_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  airframe_rotors_ = new RotorLayoutView;
  auto* airframe_page = new QWidget;
  auto* airframe_layout = new QVBoxLayout(airframe_page);
  airframe_layout->addWidget(airframe_);
  airframe_layout->addWidget(airframe_rotors_, 1);
  sensors_ = new SensorsSetup;
  motors_ = new MotorsSetup;
  power_ = new ParamSection(tr("The battery as the vehicle measures it, and the levels it warns and acts at. "
                               "Apply sends only what changed, and nothing when a value is out of range."),
                            powerTable);
  safety_ = new ParamSection(tr("What the vehicle does when it loses the radio, the ground station or its battery."),
                             safetyTable);
  radio_ = new RadioSetup;
  flight_modes_ =
      new ParamSection(tr("The mode each position of the flight-mode switch gives. Navigator's firmware reads "
                          "no switch: it changes mode on the ground station's command."),
                       flightModesTable);
  connect(flight_modes_, &ParamSection::changed, this, &VehicleSetupPage::refresh);
  connect(power_, &ParamSection::changed, this, &VehicleSetupPage::refresh);
  connect(radio_->parameters(), &ParamSection::changed, this, &VehicleSetupPage::refresh);
  stack_->addWidget(airframe_page);
  stack_->addWidget(sensors_);
  stack_->addWidget(radio_);
  stack_->addWidget(flight_modes_);
  stack_->addWidget(power_);
  stack_->addWidget(motors_);
  stack_->addWidget(safety_);
  for (int i = 0; i < 7; ++i) list_->addItem(QString());
  connect(list_, &QListWidget::currentRowChanged, stack_, &QStackedWidget::setCurrentIndex);
  connect(sensors_, &SensorsSetup::calibrationFinished, this, [this](CalSensor sensor, bool ok) {
    if (ok) calibrated_here_[std::size_t(sensor)] = true;
    refresh();
  });
  auto* layout = new QHBoxLayout(this);
  layout->addWidget(list_);
  layout->addWidget(stack_, 1);
  list_->setCurrentRow(0);
  refresh();
}

void VehicleSetupPage::setVehicle(Vehicle* vehicle) {
  if (vehicle == vehicle_) return;
  disconnect(vehicle_changed_);
  disconnect(params_done_);
  vehicle_ = vehicle;
  calibrated_here_ = {};
  sensors_->setCalibration(vehicle ? vehicle->calibration() : nullptr);
  power_->setVehicle(vehicle);
  radio_->setVehicle(vehicle);
  safety_->setVehicle(vehicle);
  flight_modes_->setVehicle(vehicle);
  if (vehicle) {
    vehicle_changed_ = connect(vehicle->link(), &VehicleLink::vehicleChanged, this, [this] { refresh(); });
    params_done_ = connect(vehicle->parameters(), &ParamClient::paramUpdated, this, [this] { refresh(); });
  }
  refresh();
}

void VehicleSetupPage::setOwnAirframe(const QVector<RotorMark>& rotors, int motor_count, const QString& caption) {
  own_rotors_ = rotors;
  own_motor_count_ = motor_count;
  own_caption_ = caption;
  refresh();
}

void VehicleSetupPage::showSection(Section section) { list_->setCurrentRow(int(section)); }

int VehicleSetupPage::motorCount() const {
  if (!vehicle_) return 0;
  if (vehicle_->origin() != VehicleOrigin::AutopilotLink && own_motor_count_ > 0) return own_motor_count_;
  return motorsOfType(vehicle_->status().mav_type);
}

bool VehicleSetupPage::sectionDone(Section section) const {
  if (!vehicle_) return false;
  switch (section) {
    case Section::Airframe:
      return motorCount() > 0;
    case Section::Sensors: {
      const bool here = calibrated_here_[std::size_t(CalSensor::Gyro)] &&
                        calibrated_here_[std::size_t(CalSensor::Accel)] &&
                        calibrated_here_[std::size_t(CalSensor::Mag)];
      const ParamClient* params = vehicle_->parameters();
      const auto stored = sensorsCalibrated(vehicle_->link()->autopilot(), [params](const QString& name) {
        const auto p = params->param(name);
        return p ? std::optional<double>(p->value) : std::nullopt;
      });
      return here || stored.value_or(false);
    }
    case Section::Radio:
      return radioCalibrated();
    case Section::Power:
      return power_->done();
    case Section::FlightModes:
      return flight_modes_->done();
    case Section::Motors:
    case Section::Safety:
      return false;
  }
  return false;
}

// QGroundControl's rule for a radio set up: the sticks' channels' end points are not the
// defaults any more (RC1..RC4_MIN/MAX other than 1000/2000 µs on every autopilot here).
bool VehicleSetupPage::radioCalibrated() const {
  const ParamClient* params = vehicle_->parameters();
  for (int n = 1; n <= 4; ++n) {
    const auto low = params->param(QStringLiteral("RC%1_MIN").arg(n));
    const auto high = params->param(QStringLiteral("RC%1_MAX").arg(n));
    if (!low || !high || (low->value == 1000 && high->value == 2000)) return false;
  }
  return true;
}

// Motors and Safety are checks, not steps; Flight modes is a step only where the autopilot
// reads a mode switch.
bool VehicleSetupPage::marked(Section section) const {
  if (section == Section::Motors || section == Section::Safety) return false;
  if (section == Section::FlightModes) return vehicle_ && flight_modes_->table().done_when_nonzero != nullptr;
  return true;
}

QString VehicleSetupPage::sectionText(Section section) const {
  QString name = section == Section::Airframe      ? tr("Airframe")
                 : section == Section::Sensors     ? tr("Sensors")
                 : section == Section::Radio       ? tr("Radio")
                 : section == Section::FlightModes ? tr("Flight modes")
                 : section == Section::Power       ? tr("Power")
                 : section == Section::Motors      ? tr("Motors")
                                                   : tr("Safety");
  if (!marked(section)) return name;
  return sectionDone(section) ? tr("%1 — done").arg(name) : tr("%1 — to do").arg(name);
}

QString VehicleSetupPage::airframeText() const { return airframe_->text(); }

void VehicleSetupPage::refresh() {
  for (Section s : {Section::Airframe, Section::Sensors, Section::Radio, Section::FlightModes, Section::Power,
                    Section::Motors, Section::Safety}) {
    QListWidgetItem* item = list_->item(int(s));
    item->setText(sectionText(s));
    item->setForeground(!marked(s)       ? palette().color(QPalette::Text)
                        : sectionDone(s) ? QColor(30, 130, 60)
                                         : QColor(190, 40, 40));
  }
  const bool own = vehicle_ && vehicle_->origin() != VehicleOrigin::AutopilotLink;
  if (!vehicle_ || vehicle_->status().system_id == 0) {
    airframe_->setText(tr("No vehicle is connected."));
  } else {
    const VehicleStatus& v = vehicle_->status();
    const QString kind = QString::fromStdString(autopilotName(vehicle_->link()->autopilot(), v.mav_type));
    airframe_->setText(motorCount() > 0
                           ? tr("System %1: %2, %3 motors.%4")
                                 .arg(v.system_id)
                                 .arg(kind)
                                 .arg(motorCount())
                                 .arg(own && !own_caption_.isEmpty() ? QStringLiteral("\n") + own_caption_ : QString())
                           : tr("System %1: %2, a vehicle type this page has no motor count for (MAV_TYPE %3).")
                                 .arg(v.system_id)
                                 .arg(kind)
                                 .arg(v.mav_type));
  }
  motors_->setMotorTest(vehicle_ ? vehicle_->motorTest() : nullptr, motorCount());
  motors_->setRotors(own ? own_rotors_ : QVector<RotorMark>{}, own ? own_caption_ : QString());
  airframe_rotors_->setRotors(own ? own_rotors_ : QVector<RotorMark>{}, own ? own_caption_ : QString());
  airframe_rotors_->setVisible(own && !own_rotors_.isEmpty());
}

}  // namespace navigator
