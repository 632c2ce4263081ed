/* The flight core's parameters, written down once: name (at most 16 characters, the MAVLink
 * param_id), type, default, minimum, maximum and description with its unit. Values are held
 * as floats; INT parameters hold whole numbers. */
#ifndef NAVIGATOR_FC_PARAMS_H
#define NAVIGATOR_FC_PARAMS_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One rotor's geometry (allocation.h), PX4's CA_ROTOR* names: position from the centre of mass,
 * unit thrust axis, moment ratio, vehicle axes (FRD). The defaults of rotors 0-3 are a quad X of
 * 250 mm arms in PX4's order, which MIXER 1 allocates exactly as MIXER 0's table. */
#define FC_ROTOR_PARAM_COUNT 7
#define FC_ROTOR_PARAMS(P, i, px, py, km)                                                                     \
  P(CA_ROTOR##i##_PX, FLOAT, px, -5.0f, 5.0f, "Rotor " #i ": position forward of the centre of mass [m]")     \
  P(CA_ROTOR##i##_PY, FLOAT, py, -5.0f, 5.0f, "Rotor " #i ": position right of the centre of mass [m]")       \
  P(CA_ROTOR##i##_PZ, FLOAT, 0.0f, -5.0f, 5.0f, "Rotor " #i ": position below the centre of mass [m]")        \
  P(CA_ROTOR##i##_AX, FLOAT, 0.0f, -1.0f, 1.0f, "Rotor " #i ": unit thrust axis, forward part")               \
  P(CA_ROTOR##i##_AY, FLOAT, 0.0f, -1.0f, 1.0f, "Rotor " #i ": unit thrust axis, right part")                 \
  P(CA_ROTOR##i##_AZ, FLOAT, -1.0f, -1.0f, 1.0f, "Rotor " #i ": unit thrust axis, down part (-1: thrust up)") \
  P(CA_ROTOR##i##_KM, FLOAT, km, -1.0f, 1.0f,                                                                 \
    "Rotor " #i ": reaction torque per thrust [m]; + turning counter-clockwise about its thrust axis, 0 none")

/* One receiver channel's calibration (RCn_*, PX4's and ArduPilot's names; firmware/drivers/rc_input.h
 * normalises by them): pulse at the stick's low end, centre and high end, reversed, and the
 * deadband around the centre (the throttle's at its bottom), all in microseconds of the servo pulse. */
#define FC_RC_CHANNEL_PARAM_COUNT 5
#define FC_RC_CHANNEL_PARAMS(P, n, dz)                                                                     \
  P(RC##n##_MIN, FLOAT, 1000.0f, 800.0f, 2200.0f, "RC channel " #n ": pulse at the stick's low end [us]")  \
  P(RC##n##_TRIM, FLOAT, 1500.0f, 800.0f, 2200.0f, "RC channel " #n ": pulse at the stick's centre [us]")  \
  P(RC##n##_MAX, FLOAT, 2000.0f, 800.0f, 2200.0f, "RC channel " #n ": pulse at the stick's high end [us]") \
  P(RC##n##_REV, INT, 0, 0, 1, "RC channel " #n ": 1 reversed (a shorter pulse means right, forward, up)") \
  P(RC##n##_DZ, FLOAT, dz, 0.0f, 99.0f, "RC channel " #n ": deadband around the centre [us]")

/* Sensor calibration (fc_calibration.h measures them; firmware/core/fc_cal_fit.h applies them to every
 * sample before estimation). Named as PX4 names its own (CAL_GYRO0_XOFF, CAL_ACC0_XOFF, CAL_MAG0_XSCALE,
 * CAL_MAG0_XODIAG, SENS_BOARD_X_OFF) without the instance number, Vayu having one of each sensor: a
 * ground station that refreshes the CAL_ and SENS_ parameters after a calibration, as QGroundControl
 * does, sees them. The accelerometer's 3x3 correction is written out by row and column (M<row><col>),
 * the magnetometer's symmetric soft-iron matrix as PX4 writes it (XSCALE..ZSCALE its diagonal, XODIAG
 * its (x,y), YODIAG its (x,z), ZODIAG its (y,z) element). Sensor axes, before SENS_ROT; the level
 * offsets in the flight axes, after it. Defaults: no correction at all. */
#define FC_CAL_GYRO_PARAMS(P)                                                                         \
  P(CAL_GYRO_XOFF, FLOAT, 0.0f, -1.0f, 1.0f, "Gyro calibration: offset subtracted, sensor x [rad/s]") \
  P(CAL_GYRO_YOFF, FLOAT, 0.0f, -1.0f, 1.0f, "Gyro calibration: offset subtracted, sensor y [rad/s]") \
  P(CAL_GYRO_ZOFF, FLOAT, 0.0f, -1.0f, 1.0f, "Gyro calibration: offset subtracted, sensor z [rad/s]")
#define FC_CAL_ACC_MATRIX(P, r, c, d)       \
  P(CAL_ACC_M##r##c, FLOAT, d, -2.0f, 2.0f, \
    "Accelerometer calibration: correction matrix, row " #r " column " #c ", times (reading - offset) [1]")
#define FC_CAL_ACC_PARAMS(P)                                                                                  \
  P(CAL_ACC_XOFF, FLOAT, 0.0f, -5.0f, 5.0f, "Accelerometer calibration: offset subtracted, sensor x [m/s^2]") \
  P(CAL_ACC_YOFF, FLOAT, 0.0f, -5.0f, 5.0f, "Accelerometer calibration: offset subtracted, sensor y [m/s^2]") \
  P(CAL_ACC_ZOFF, FLOAT, 0.0f, -5.0f, 5.0f, "Accelerometer calibration: offset subtracted, sensor z [m/s^2]") \
  FC_CAL_ACC_MATRIX(P, 0, 0, 1.0f)                                                                            \
  FC_CAL_ACC_MATRIX(P, 0, 1, 0.0f)                                                                            \
  FC_CAL_ACC_MATRIX(P, 0, 2, 0.0f)                                                                            \
  FC_CAL_ACC_MATRIX(P, 1, 0, 0.0f)                                                                            \
  FC_CAL_ACC_MATRIX(P, 1, 1, 1.0f)                                                                            \
  FC_CAL_ACC_MATRIX(P, 1, 2, 0.0f)                                                                            \
  FC_CAL_ACC_MATRIX(P, 2, 0, 0.0f)                                                                            \
  FC_CAL_ACC_MATRIX(P, 2, 1, 0.0f)                                                                            \
  FC_CAL_ACC_MATRIX(P, 2, 2, 1.0f)
#define FC_CAL_MAG_PARAMS(P)                                                                                           \
  P(CAL_MAG_XOFF, FLOAT, 0.0f, -5.0f, 5.0f, "Magnetometer calibration: hard-iron offset subtracted, sensor x [gauss]") \
  P(CAL_MAG_YOFF, FLOAT, 0.0f, -5.0f, 5.0f, "Magnetometer calibration: hard-iron offset subtracted, sensor y [gauss]") \
  P(CAL_MAG_ZOFF, FLOAT, 0.0f, -5.0f, 5.0f, "Magnetometer calibration: hard-iron offset subtracted, sensor z [gauss]") \
  P(CAL_MAG_XSCALE, FLOAT, 1.0f, 0.2f, 5.0f, "Magnetometer calibration: soft-iron matrix, (x,x) [1]")                  \
  P(CAL_MAG_YSCALE, FLOAT, 1.0f, 0.2f, 5.0f, "Magnetometer calibration: soft-iron matrix, (y,y) [1]")                  \
  P(CAL_MAG_ZSCALE, FLOAT, 1.0f, 0.2f, 5.0f, "Magnetometer calibration: soft-iron matrix, (z,z) [1]")                  \
  P(CAL_MAG_XODIAG, FLOAT, 0.0f, -1.0f, 1.0f, "Magnetometer calibration: soft-iron matrix, (x,y) = (y,x) [1]")         \
  P(CAL_MAG_YODIAG, FLOAT, 0.0f, -1.0f, 1.0f, "Magnetometer calibration: soft-iron matrix, (x,z) = (z,x) [1]")         \
  P(CAL_MAG_ZODIAG, FLOAT, 0.0f, -1.0f, 1.0f, "Magnetometer calibration: soft-iron matrix, (y,z) = (z,y) [1]")
#define FC_CAL_LEVEL_PARAMS(P)                                                                             \
  P(SENS_BOARD_X_OFF, FLOAT, 0.0f, -20.0f, 20.0f,                                                          \
    "Level horizon: the board's roll on the vehicle, taken out of every sample [deg] (level calibration)") \
  P(SENS_BOARD_Y_OFF, FLOAT, 0.0f, -20.0f, 20.0f,                                                          \
    "Level horizon: the board's pitch on the vehicle, taken out of every sample [deg] (level calibration)")

#define FC_PARAM_TABLE(P)                                                                                             \
  P(ATT_ACC_KP, FLOAT, 0.4f, 0.0f, 10.0f, "Estimator: accelerometer correction gain [1/s]")                           \
  P(ATT_ACC_KI, FLOAT, 0.02f, 0.0f, 1.0f, "Estimator: gyro bias learning gain [1/s^2]")                               \
  P(ATT_ACC_GATE, FLOAT, 0.01f, 0.0f, 1.0f, "Estimator: trust the accelerometer only within this fraction of g")      \
  P(ATT_MAG_KP, FLOAT, 0.2f, 0.0f, 10.0f, "Estimator: magnetometer heading gain [1/s] (0: no magnetometer)")          \
  P(ATT_GPS_K, FLOAT, 1.0f, 0.0f, 10.0f,                                                                              \
    "Estimator: tilt from GPS velocity, loop frequency squared [1/s^2] (0: accelerometer only)")                      \
  P(MAG_DECL_DEG, FLOAT, 0.0f, -180.0f, 180.0f,                                                                       \
    "Magnetic declination: true north = magnetic north + this, east positive [deg]")                                  \
  P(SENS_ROT, INT, 0, 0, 7,                                                                                           \
    "Sensor axes to vehicle axes: 0 none, 1-3 yaw 90/180/270, 4 roll 180, 5-7 roll 180 + yaw 90/180/270")             \
  P(VEH_UP, INT, 0, 0, 1,                                                                                             \
    "The vehicle's up at rest: 0 body -z (multirotors), 1 body +x (a vertical lander); flown in axes with up -z")     \
  P(ANG_RP_P, FLOAT, 8.0f, 0.0f, 30.0f, "Angle loop roll/pitch gain [1/s]")                                           \
  P(ANG_YAW_P, FLOAT, 3.0f, 0.0f, 30.0f, "Heading hold gain [1/s]")                                                   \
  P(ANG_RP_TC, FLOAT, 0.0f, 0.0f, 1.0f,                                                                               \
    "ANGLE/ALT_HOLD stick shaping: the tilt set-point follows the stick through three critically damped poles of "    \
    "this time constant, its rate and acceleration fed forward [s] (0: off; below 0.01 taken as 0.01)")               \
  P(RATE_RP_FF, FLOAT, 0.0f, 0.0f, 0.2f,                                                                              \
    "Roll/pitch feedforward of the shaped angular acceleration [normalised torque per rad/s^2] (with ANG_RP_TC)")     \
  P(RATE_RP_P, FLOAT, 0.15f, 0.0f, 10.0f, "Roll/pitch rate P [per rad/s]")                                            \
  P(RATE_RP_I, FLOAT, 0.2f, 0.0f, 5.0f, "Roll/pitch rate I [per rad]")                                                \
  P(RATE_RP_D, FLOAT, 0.003f, 0.0f, 1.0f, "Roll/pitch rate D [per rad/s^2]")                                          \
  P(RATE_YAW_P, FLOAT, 0.3f, 0.0f, 2.0f, "Yaw rate P [per rad/s]")                                                    \
  P(RATE_YAW_I, FLOAT, 0.1f, 0.0f, 5.0f, "Yaw rate I [per rad]")                                                      \
  P(RATE_D_LPF_HZ, FLOAT, 40.0f, 1.0f, 200.0f, "Rate derivative low-pass cutoff [Hz]")                                \
  P(RATE_I_LIM, FLOAT, 0.3f, 0.0f, 1.0f, "Rate integrator limit [normalised torque]")                                 \
  P(MAX_ANGLE_DEG, FLOAT, 20.0f, 5.0f, 60.0f, "ANGLE/ALT_HOLD: tilt at full stick [deg]")                             \
  P(STICK_MAP, INT, 0, 0, 2,                                                                                          \
    "Sticks: 0 vehicle axes; 1 pilot between the axes (pitch=Y+X, yaw=-Y+X about the body, twist turns); 2 as 1, "    \
    "twist an angle")                                                                                                 \
  P(GYRO_RANGE_DPS, FLOAT, 0.0f, 0.0f, 4000.0f,                                                                       \
    "Gyro full scale [deg/s]: beyond it a warning (flight goes on); 0 unknown")                                       \
  P(ACRO_RATE_DPS, FLOAT, 200.0f, 10.0f, 1000.0f, "ACRO: roll/pitch rate at full stick [deg/s]")                      \
  P(YAW_RATE_DPS, FLOAT, 120.0f, 10.0f, 720.0f, "Yaw rate at full stick [deg/s]")                                     \
  P(STICK_DEADBAND, FLOAT, 0.05f, 0.0f, 0.3f, "Stick deadband around centre [fraction]")                              \
  P(ALT_VEL_MAX, FLOAT, 1.5f, 0.1f, 5.0f, "ALT_HOLD: climb rate at full throttle deflection [m/s]")                   \
  P(ALT_POS_P, FLOAT, 1.0f, 0.0f, 10.0f, "ALT_HOLD: altitude to climb-rate gain [1/s]")                               \
  P(ALT_VEL_P, FLOAT, 3.0f, 0.0f, 20.0f, "ALT_HOLD: climb-rate to acceleration gain [1/s]")                           \
  P(ALT_VEL_I, FLOAT, 1.0f, 0.0f, 10.0f, "ALT_HOLD: climb-rate integrator [1/s^2]")                                   \
  P(POS_XY_P, FLOAT, 0.95f, 0.0f, 5.0f, "POSITION: position error to horizontal velocity gain [1/s]")                 \
  P(VEL_XY_P, FLOAT, 1.8f, 0.0f, 10.0f, "POSITION: velocity error to horizontal acceleration gain [1/s]")             \
  P(VEL_XY_I, FLOAT, 0.4f, 0.0f, 10.0f, "POSITION: velocity error integrator [1/s^2]")                                \
  P(VEL_XY_MAX, FLOAT, 5.0f, 0.5f, 20.0f, "POSITION: horizontal speed at full stick [m/s]")                           \
  P(HOVER_THRUST, FLOAT, 0.4f, 0.05f, 0.9f, "Normalised thrust that hovers (learned in ALT_HOLD)")                    \
  P(MOT_IDLE, FLOAT, 0.06f, 0.0f, 0.3f, "Motor duty when armed at zero throttle")                                     \
  P(MOT_THR_QUAD, INT, 1, 0, 1, "1: thrust grows with duty squared (duty = sqrt(thrust)); 0: linear")                 \
  P(MIXER, INT, 0, 0, 1, "Mixer: 0 quad X, PX4 motor order (FR, RL, FL, RR); 1 from the rotor geometry (CA_ROTOR*)")  \
  P(MODE_DEFAULT, INT, 1, 0, 3, "Mode at start: 0 ACRO, 1 ANGLE, 2 ALT_HOLD, 3 POSITION")                             \
  P(ARM_MAX_TILT, FLOAT, 25.0f, 5.0f, 90.0f, "Arming refused above this tilt [deg]")                                  \
  P(ARM_MAX_THR, FLOAT, 0.1f, 0.0f, 0.5f, "Arming refused above this throttle stick")                                 \
  P(FS_TIMEOUT_S, FLOAT, 0.5f, 0.1f, 10.0f,                                                                           \
    "Failsafe after this long without pilot input (MANUAL_CONTROL or receiver) [s]")                                  \
  P(FS_DESCENT_MPS, FLOAT, 0.7f, 0.1f, 3.0f, "Failsafe descent rate [m/s]")                                           \
  P(LAND_DETECT_S, FLOAT, 1.0f, 0.2f, 10.0f, "Landed when still at minimum thrust this long [s]")                     \
  P(SYSID, INT, 1, 1, 250, "MAVLink system id")                                                                       \
  P(DISARM_LAND_S, FLOAT, 2.0f, 0.0f, 60.0f, "Disarm this long after landing, throttle not raised; 0 never [s]")      \
  P(CA_ROTOR_COUNT, INT, 4, 4, 8, "Rotors in the geometry that MIXER 1 allocates from")                               \
  FC_ROTOR_PARAMS(P, 0, 0.1768f, 0.1768f, 0.05f)                                                                      \
  FC_ROTOR_PARAMS(P, 1, -0.1768f, -0.1768f, 0.05f)                                                                    \
  FC_ROTOR_PARAMS(P, 2, 0.1768f, -0.1768f, -0.05f)                                                                    \
  FC_ROTOR_PARAMS(P, 3, -0.1768f, 0.1768f, -0.05f)                                                                    \
  FC_ROTOR_PARAMS(P, 4, 0.0f, 0.0f, 0.0f)                                                                             \
  FC_ROTOR_PARAMS(P, 5, 0.0f, 0.0f, 0.0f)                                                                             \
  FC_ROTOR_PARAMS(P, 6, 0.0f, 0.0f, 0.0f)                                                                             \
  FC_ROTOR_PARAMS(P, 7, 0.0f, 0.0f, 0.0f)                                                                             \
  P(RC_IN_MODE, INT, 2, 0, 2,                                                                                         \
    "Pilot input: 0 station (MANUAL_CONTROL) only, 1 radio receiver only, 2 receiver first, station when it is lost") \
  P(RC_MAP_ROLL, INT, 1, 1, 8, "Receiver channel of the roll stick")                                                  \
  P(RC_MAP_PITCH, INT, 2, 1, 8, "Receiver channel of the pitch stick")                                                \
  P(RC_MAP_THROTTLE, INT, 3, 1, 8, "Receiver channel of the throttle stick")                                          \
  P(RC_MAP_YAW, INT, 4, 1, 8, "Receiver channel of the yaw stick")                                                    \
  FC_RC_CHANNEL_PARAMS(P, 1, 10.0f)                                                                                   \
  FC_RC_CHANNEL_PARAMS(P, 2, 10.0f)                                                                                   \
  FC_RC_CHANNEL_PARAMS(P, 3, 10.0f)                                                                                   \
  FC_RC_CHANNEL_PARAMS(P, 4, 10.0f)                                                                                   \
  FC_RC_CHANNEL_PARAMS(P, 5, 0.0f)                                                                                    \
  FC_RC_CHANNEL_PARAMS(P, 6, 0.0f)                                                                                    \
  FC_RC_CHANNEL_PARAMS(P, 7, 0.0f)                                                                                    \
  FC_RC_CHANNEL_PARAMS(P, 8, 0.0f)                                                                                    \
  P(BAT_V_DIV, FLOAT, 11.0f, 1.0f, 100.0f, "Battery: volts per volt at the ADC pin (the voltage divider)")            \
  P(BAT_A_PER_V, FLOAT, 17.0f, 0.001f, 1000.0f, "Battery: amps per volt at the current sensor's ADC pin [A/V]")       \
  P(BAT_V_OFFS_CURR, FLOAT, 0.0f, 0.0f, 3.3f, "Battery: current sensor's pin voltage at zero current [V]")            \
  P(BAT_N_CELLS, INT, 0, 0, 14, "Battery: cells in series (0: estimated when it is connected)")                       \
  P(BAT_CAPACITY, FLOAT, 0.0f, 0.0f, 1.0e6f, "Battery: capacity (0: unknown, remaining from the voltage) [mAh]")      \
  P(BAT_V_EMPTY, FLOAT, 3.6f, 2.0f, 4.5f, "Battery: cell voltage taken as empty [V]")                                 \
  P(BAT_V_CHARGED, FLOAT, 4.05f, 2.0f, 4.5f, "Battery: cell voltage taken as full [V]")                               \
  P(BAT_LOW_V, FLOAT, 3.5f, 0.0f, 4.5f, "Battery: low below this cell voltage [V]")                                   \
  P(BAT_CRIT_V, FLOAT, 3.3f, 0.0f, 4.5f, "Battery: critical below this cell voltage [V]")                             \
  P(BAT_LOW_THR, FLOAT, 0.15f, 0.0f, 1.0f, "Battery: low below this remaining charge (with a capacity) [fraction]")   \
  P(BAT_CRIT_THR, FLOAT, 0.07f, 0.0f, 1.0f,                                                                           \
    "Battery: critical below this remaining charge (with a capacity) [fraction]")                                     \
  P(BAT_CRIT_ACT, INT, 1, 0, 1,                                                                                       \
    "Battery critical while armed: 0 warn only, 1 level, descend and land as the failsafe")                           \
  FC_CAL_GYRO_PARAMS(P)                                                                                               \
  FC_CAL_ACC_PARAMS(P)                                                                                                \
  FC_CAL_MAG_PARAMS(P)                                                                                                \
  FC_CAL_LEVEL_PARAMS(P)

typedef enum {
#define FC_PARAM_ENUM_(name, type, def, lo, hi, desc) FC_PARAM_##name,
  FC_PARAM_TABLE(FC_PARAM_ENUM_)
#undef FC_PARAM_ENUM_
      FC_PARAM_COUNT
} fc_param_id_t;

typedef enum { FC_PARAM_TYPE_FLOAT, FC_PARAM_TYPE_INT } fc_param_type_t;

typedef struct {
  const char* name;
  fc_param_type_t type;
  float default_value, min, max;
  const char* description;
} fc_param_info_t;

typedef struct {
  float value[FC_PARAM_COUNT];
} fc_params_t;

const fc_param_info_t* fc_param_info(int id); /* NULL when out of range */
int fc_param_find(const char* name);          /* -1 when unknown; name need not be terminated at 16 */
void fc_params_defaults(fc_params_t* params);

typedef enum {
  FC_PARAM_OK,
  FC_PARAM_UNKNOWN,
  FC_PARAM_NOT_FINITE,
  FC_PARAM_OUT_OF_RANGE,
  FC_PARAM_NOT_WHOLE,
  FC_PARAM_NOT_WHILE_ARMED /* fc_set_param: VEH_UP turns the axes the vehicle is flown in */
} fc_param_result_t;
/* Whether a value is acceptable (known parameter, finite, within min..max, whole for INT). */
fc_param_result_t fc_param_check(int id, float value);
/* Sets a value after fc_param_check; on refusal the old value stays. */
fc_param_result_t fc_param_set(fc_params_t* params, int id, float value);
const char* fc_param_result_text(fc_param_result_t result);

static inline float fc_param(const fc_params_t* params, fc_param_id_t id) { return params->value[id]; }

#ifdef __cplusplus
}
#endif

#endif
