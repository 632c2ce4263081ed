#include "app/link/vayu_param_texts.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>
#include <iterator>

namespace navigator {
namespace {

constexpr const char* kContext = "navigator::VayuParameters";

// Every description of firmware/core/fc_params.h, as `vayu_sitl --param-metadata` writes it,
// with a rotor's or a receiver channel's number as %1 (their texts differ only in it).
// test_translated_texts fails when the firmware's table has a text this list lacks.
const char* const kDescriptions[] = {
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Estimator: accelerometer correction gain"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Estimator: gyro bias learning gain"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Estimator: trust the accelerometer only within this fraction of g"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Estimator: magnetometer heading gain [1/s] (0: no magnetometer)"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters",
                      "Estimator: tilt from GPS velocity, loop frequency squared [1/s^2] (0: accelerometer only)"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters",
                      "Magnetic declination: true north = magnetic north + this, east positive"),
    QT_TRANSLATE_NOOP(
        "navigator::VayuParameters",
        "Sensor axes to vehicle axes: 0 none, 1-3 yaw 90/180/270, 4 roll 180, 5-7 roll 180 + yaw 90/180/270"),
    QT_TRANSLATE_NOOP(
        "navigator::VayuParameters",
        "The vehicle's up at rest: 0 body -z (multirotors), 1 body +x (a vertical lander); flown in axes with up -z"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Angle loop roll/pitch gain"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Heading hold gain"),
    QT_TRANSLATE_NOOP(
        "navigator::VayuParameters",
        // NOLINTNEXTLINE(bugprone-suspicious-missing-comma): one text over two lines, as in fc_params.h
        "ANGLE/ALT_HOLD stick shaping: the tilt set-point follows the stick through three critically damped poles of "
        "this time constant, its rate and acceleration fed forward [s] (0: off; below 0.01 taken as 0.01)"),
    QT_TRANSLATE_NOOP(
        "navigator::VayuParameters",
        "Roll/pitch feedforward of the shaped angular acceleration [normalised torque per rad/s^2] (with ANG_RP_TC)"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Roll/pitch rate P"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Roll/pitch rate I"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Roll/pitch rate D"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Yaw rate P"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Yaw rate I"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Rate derivative low-pass cutoff"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Rate integrator limit"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "ANGLE/ALT_HOLD: tilt at full stick"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters",
                      "Sticks: 0 vehicle axes; 1 pilot between the axes (pitch=Y+X, yaw=-Y+X about the body, twist "
                      "turns); 2 as 1, twist an angle"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters",
                      "Gyro full scale [deg/s]: beyond it a warning (flight goes on); 0 unknown"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "ACRO: roll/pitch rate at full stick"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Yaw rate at full stick"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Stick deadband around centre"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "ALT_HOLD: climb rate at full throttle deflection"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "ALT_HOLD: altitude to climb-rate gain"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "ALT_HOLD: climb-rate to acceleration gain"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "ALT_HOLD: climb-rate integrator"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "POSITION: position error to horizontal velocity gain"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "POSITION: velocity error to horizontal acceleration gain"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "POSITION: velocity error integrator"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "POSITION: horizontal speed at full stick"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Normalised thrust that hovers (learned in ALT_HOLD)"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Motor duty when armed at zero throttle"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters",
                      "1: thrust grows with duty squared (duty = sqrt(thrust)); 0: linear"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters",
                      "Mixer: 0 quad X, PX4 motor order (FR, RL, FL, RR); 1 from the rotor geometry (CA_ROTOR*)"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Mode at start: 0 ACRO, 1 ANGLE, 2 ALT_HOLD, 3 POSITION"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Arming refused above this tilt"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Arming refused above this throttle stick"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters",
                      "Failsafe after this long without pilot input (MANUAL_CONTROL or receiver)"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Failsafe descent rate"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Landed when still at minimum thrust this long"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "MAVLink system id"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Disarm this long after landing, throttle not raised; 0 never"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Rotors in the geometry that MIXER 1 allocates from"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Rotor %1: position forward of the centre of mass"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Rotor %1: position right of the centre of mass"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Rotor %1: position below the centre of mass"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Rotor %1: unit thrust axis, forward part"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Rotor %1: unit thrust axis, right part"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Rotor %1: unit thrust axis, down part (-1: thrust up)"),
    QT_TRANSLATE_NOOP(
        "navigator::VayuParameters",
        "Rotor %1: reaction torque per thrust [m]; + turning counter-clockwise about its thrust axis, 0 none"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters",
                      // NOLINTNEXTLINE(bugprone-suspicious-missing-comma): one text over two lines, as in fc_params.h
                      "Pilot input: 0 station (MANUAL_CONTROL) only, 1 radio receiver only, 2 receiver first, station "
                      "when it is lost"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Receiver channel of the roll stick"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Receiver channel of the pitch stick"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Receiver channel of the throttle stick"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Receiver channel of the yaw stick"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "RC channel %1: pulse at the stick's low end"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "RC channel %1: pulse at the stick's centre"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "RC channel %1: pulse at the stick's high end"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters",
                      "RC channel %1: 1 reversed (a shorter pulse means right, forward, up)"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "RC channel %1: deadband around the centre"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Battery: volts per volt at the ADC pin (the voltage divider)"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Battery: amps per volt at the current sensor's ADC pin"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Battery: current sensor's pin voltage at zero current"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Battery: cells in series (0: estimated when it is connected)"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Battery: capacity (0: unknown, remaining from the voltage)"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Battery: cell voltage taken as empty"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Battery: cell voltage taken as full"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Battery: low below this cell voltage"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Battery: critical below this cell voltage"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Battery: low below this remaining charge (with a capacity)"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Battery: critical below this remaining charge (with a capacity)"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters",
                      "Battery critical while armed: 0 warn only, 1 level, descend and land as the failsafe"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Gyro calibration: offset subtracted, sensor %1"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Accelerometer calibration: offset subtracted, sensor %1"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters",
                      "Accelerometer calibration: correction matrix, row %1 column %2, times (reading - offset)"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Magnetometer calibration: hard-iron offset subtracted, sensor %1"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Magnetometer calibration: soft-iron matrix, (x,x)"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Magnetometer calibration: soft-iron matrix, (y,y)"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Magnetometer calibration: soft-iron matrix, (z,z)"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Magnetometer calibration: soft-iron matrix, (x,y) = (y,x)"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Magnetometer calibration: soft-iron matrix, (x,z) = (z,x)"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Magnetometer calibration: soft-iron matrix, (y,z) = (z,y)"),
    QT_TRANSLATE_NOOP(
        "navigator::VayuParameters",
        "Level horizon: the board's roll on the vehicle, taken out of every sample [deg] (level calibration)"),
    QT_TRANSLATE_NOOP(
        "navigator::VayuParameters",
        "Level horizon: the board's pitch on the vehicle, taken out of every sample [deg] (level calibration)"),
};

// The units of the same table.
const char* const kUnits[] = {
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "1/s"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "1/s^2"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "deg"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "per rad/s"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "per rad"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "per rad/s^2"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "Hz"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "normalised torque"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "deg/s"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "fraction"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "m/s"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "s"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "m"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "us"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "A/V"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "V"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "mAh"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "rad/s"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "m/s^2"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "1"),
    QT_TRANSLATE_NOOP("navigator::VayuParameters", "gauss"),
};

bool listed(const char* const* begin, const char* const* end, const QString& english) {
  return std::any_of(begin, end, [&](const char* text) { return english == QString::fromUtf8(text); });
}

// A text whose numbers or axis differ between parameters (a rotor's, a receiver channel's, a
// sensor axis, a matrix element) as its listed pattern with %1 (and %2), and what fills them.
struct Pattern {
  QString text;
  QStringList args;
};

Pattern patternOf(const QString& english) {
  static const QRegularExpression numbered(QStringLiteral("^(Rotor|RC channel) (\\d+): (.*)$"));
  static const QRegularExpression axis(QStringLiteral("^(.*), sensor ([xyz])$"));
  static const QRegularExpression element(QStringLiteral("^(.*), row (\\d) column (\\d)(.*)$"));
  if (const auto m = numbered.match(english); m.hasMatch())
    return {m.captured(1) + QStringLiteral(" %1: ") + m.captured(3), {m.captured(2)}};
  if (const auto m = axis.match(english); m.hasMatch())
    return {m.captured(1) + QStringLiteral(", sensor %1"), {m.captured(2)}};
  if (const auto m = element.match(english); m.hasMatch())
    return {m.captured(1) + QStringLiteral(", row %1 column %2") + m.captured(4), {m.captured(2), m.captured(3)}};
  return {english, {}};
}

}  // namespace

QString vayuParamText(const QString& english) {
  const Pattern p = patternOf(english);
  QString text = QCoreApplication::translate(kContext, p.text.toUtf8().constData());
  for (const QString& a : p.args) text = text.arg(a);
  return text;
}

bool isListedVayuParamText(const QString& english) {
  return listed(std::begin(kDescriptions), std::end(kDescriptions), patternOf(english).text) ||
         listed(std::begin(kUnits), std::end(kUnits), english);
}

}  // namespace navigator
