// Vehicle Setup: what a vehicle needs before its first flight, one section at a time, as
// QGroundControl's Vehicle Setup lays it out — each section in the list marked done or to do
// (in words as well as colour), the section on the right. For Navigator's firmware, PX4 and
// ArduPilot alike, on the vehicle on show (the heard one chosen, or the station's own).
//   - Airframe: the vehicle's type and autopilot, and for the station's own vehicle the rotor
//     layout the station gives its firmware;
//   - Sensors: calibration (setup/sensors_setup.h); done when the vehicle's parameters say its
//     sensors are calibrated (sensorsCalibrated) or a calibration of each finished here;
//   - Power: the battery's cells, capacity, scaling and levels (setup/param_section.h with
//     setup_tables.h); done when the autopilot's battery is configured (cells or monitor set);
//   - Motors: the motor test (setup/motors_setup.h); never marked, a check rather than a step;
//   - Safety: what the vehicle does when the radio, the ground station's link or the battery
//     goes; never marked (each autopilot ships safe defaults).
//   - Radio: the receiver's channels live, their end points recorded and written, the sticks'
//     channels, reversing and the flight-mode switch (setup/radio_setup.h); done when every
//     stick's channel (1-4) has end points other than the 1000-2000 µs defaults.
//   - Flight modes: the mode switch's channel and the mode each of its six positions gives
//     (PX4's COM_FLTMODE1..6, ArduCopter's FLTMODE1..6; Navigator's firmware reads no switch, so
//     its mode at start); done when the switch has a channel (never marked for Navigator's).
// GUI thread only.
#pragma once

#include "app/ui/setup/motors_setup.h"
#include "app/ui/setup/param_section.h"
#include "app/ui/setup/radio_setup.h"
#include "app/ui/setup/sensors_setup.h"
#include "app/vehicle/vehicle.h"

#include <QPointer>
#include <QWidget>

#include <functional>
#include <optional>

class QLabel;
class QListWidget;
class QStackedWidget;

namespace navigator {

// Whether `autopilot`'s parameters say its sensors are calibrated, as QGroundControl judges it:
// PX4 when CAL_ACC0_ID, CAL_GYRO0_ID and CAL_MAG0_ID are non-zero (a calibration stores the
// sensor's id), ArduPilot when INS_ACCOFFS_X/Y/Z and COMPASS_OFS_X/Y/Z are not all zero (it
// calibrates its gyroscopes at every boot), Navigator's firmware when its gyroscope's,
// accelerometer's and magnetometer's offsets (CAL_GYRO_*OFF, CAL_ACC_*OFF, CAL_MAG_*OFF) are each
// not all zero. nullopt: the parameters needed are not known (yet).
using ParamLookup = std::function<std::optional<double>(const QString& name)>;
std::optional<bool> sensorsCalibrated(Autopilot autopilot, const ParamLookup& param);

class VehicleSetupPage : public QWidget {
  Q_OBJECT
 public:
  enum class Section { Airframe, Sensors, Radio, FlightModes, Power, Motors, Safety };

  explicit VehicleSetupPage(QWidget* parent = nullptr);

  // The vehicle to set up (null: none).
  void setVehicle(Vehicle* vehicle);
  // The station's airframe for its own vehicle (rotors and count); nullopt for a heard one.
  void setOwnAirframe(const QVector<RotorMark>& rotors, int motor_count, const QString& caption);

  void showSection(Section section);
  bool sectionDone(Section section) const;
  QString sectionText(Section section) const;  // the list's line: its name and its mark
  SensorsSetup* sensors() const { return sensors_; }
  MotorsSetup* motors() const { return motors_; }
  RadioSetup* radio() const { return radio_; }
  ParamSection* power() const { return power_; }
  ParamSection* safety() const { return safety_; }
  ParamSection* flightModes() const { return flight_modes_; }
  QString airframeText() const;

 private:
  void refresh();
  int motorCount() const;
  bool radioCalibrated() const;
  bool marked(Section section) const;  // whether the list marks it done / to do

  QPointer<Vehicle> vehicle_;
  QVector<RotorMark> own_rotors_;
  int own_motor_count_ = 0;
  QString own_caption_;
  std::array<bool, 4> calibrated_here_{};  // by CalSensor, finished here for this vehicle
  QListWidget* list_ = nullptr;
  QStackedWidget* stack_ = nullptr;
  QLabel* airframe_ = nullptr;
  RotorLayoutView* airframe_rotors_ = nullptr;  // the station's own vehicle's rotors
  SensorsSetup* sensors_ = nullptr;
  MotorsSetup* motors_ = nullptr;
  RadioSetup* radio_ = nullptr;
  ParamSection* power_ = nullptr;
  ParamSection* safety_ = nullptr;
  ParamSection* flight_modes_ = nullptr;
  QMetaObject::Connection vehicle_changed_, params_done_;
};

}  // namespace navigator
