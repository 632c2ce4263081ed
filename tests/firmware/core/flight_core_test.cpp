// The flight core's pieces on their own: the mixer's saturation handling, the parameter
// table's checks, the PID's anti-windup and the arming checks.
#include "firmware/core/flight.h"

#include <QtTest>

#include <cmath>

class FlightCoreTest : public QObject {
  Q_OBJECT

 private slots:
  void mixerIsExactWithinRange() {
    fc_mixer_table_t t;
    fc_mixer_quad_x(&t);
    float out[FC_MAX_MOTORS];
    QVERIFY(!fc_mix(&t, 0.5f, 0.1f, 0.05f, 0.02f, out));
    // Motor 1 (front right): thrust − roll + pitch + yaw, PX4's quad X table.
    QCOMPARE(out[0], 0.5f - 0.1f + 0.05f + 0.02f);
    QCOMPARE(out[2], 0.5f + 0.1f + 0.05f - 0.02f);
  }

  void mixerGivesUpThrustBeforeAttitude() {
    // Full throttle with a roll demand: a plain clip would lose the roll; the mixer lowers the
    // collective so the roll difference between the sides survives whole.
    fc_mixer_table_t t;
    fc_mixer_quad_x(&t);
    float out[FC_MAX_MOTORS];
    QVERIFY(fc_mix(&t, 0.95f, 0.2f, 0.0f, 0.0f, out));
    const float left = out[1], right = out[0];  // rear-left (+roll), front-right (−roll)
    QCOMPARE(left - right, 0.4f);               // 2 × 0.2, all of it
    QCOMPARE(left, 1.0f);
  }

  void mixerGivesUpYawBeforeRollAndPitch() {
    fc_mixer_table_t t;
    fc_mixer_quad_x(&t);
    float out[FC_MAX_MOTORS];
    QVERIFY(fc_mix(&t, 0.5f, 0.4f, 0.0f, 0.4f, out));  // needs a spread of 1.6 > 1
    // Roll keeps its full 0.8 difference between left and right motors of equal yaw sign.
    QCOMPARE(out[2] - out[3], 0.8f);  // front-left (+roll, −yaw) vs rear-right (−roll, −yaw)
    for (int i = 0; i < 4; ++i) QVERIFY(out[i] >= 0.0f && out[i] <= 1.0f);
  }

  void mixerAtIdleShrinksTorquesInsteadOfLiftingOff() {
    fc_mixer_table_t t;
    fc_mixer_quad_x(&t);
    float out[FC_MAX_MOTORS];
    fc_mix(&t, 0.05f, 0.3f, 0.0f, 0.0f, out);
    float sum = 0;
    for (int i = 0; i < 4; ++i) sum += out[i];
    QCOMPARE(sum, 0.2f);  // the collective stays 4 × 0.05
  }

  // A new VEH_UP turns the axes the vehicle is estimated and flown in: refused while armed (in
  // flight it would put "level" 90° away); disarmed it restarts the attitude estimate, which
  // otherwise would start 90° off in the new axes (the station writes the lander's VEH_UP 1
  // after the firmware has aligned with the default 0).
  void vehicleUpRestartsTheEstimateAndIsRefusedArmed() {
    fc_t fc;
    fc_mixer_table_t quad_x;
    fc_mixer_quad_x(&quad_x);
    fc_init(&fc, &quad_x);
    fc.state.att.initialised = true;
    fc.state.horizontal.valid = true;
    fc.state.armed = true;
    QCOMPARE(fc_set_param(&fc, FC_PARAM_VEH_UP, 1.0f), FC_PARAM_NOT_WHILE_ARMED);
    QCOMPARE(fc_param(&fc.config.params, FC_PARAM_VEH_UP), 0.0f);
    QVERIFY(fc.state.att.initialised);
    QCOMPARE(QByteArray(fc_param_result_text(FC_PARAM_NOT_WHILE_ARMED)), QByteArray("not while armed"));
    QCOMPARE(fc_set_param(&fc, FC_PARAM_VEH_UP, 0.0f), FC_PARAM_OK);  // the same value: nothing turns
    QVERIFY(fc.state.att.initialised);
    fc.state.armed = false;
    QCOMPARE(fc_set_param(&fc, FC_PARAM_VEH_UP, 1.0f), FC_PARAM_OK);
    QVERIFY(!fc.state.att.initialised);
    QVERIFY(!fc.state.horizontal.valid);
  }

  void parametersRefuseBadValues() {
    fc_params_t p;
    fc_params_defaults(&p);
    const int id = fc_param_find("RATE_RP_P");
    QVERIFY(id >= 0);
    QCOMPARE(fc_param_set(&p, id, NAN), FC_PARAM_NOT_FINITE);
    QCOMPARE(fc_param_set(&p, id, 99.0f), FC_PARAM_OUT_OF_RANGE);
    QCOMPARE(fc_param_set(&p, fc_param_find("MODE_DEFAULT"), 0.5f), FC_PARAM_NOT_WHOLE);
    QCOMPARE(fc_param_set(&p, -1, 1.0f), FC_PARAM_UNKNOWN);
    QCOMPARE(p.value[id], 0.15f);  // unchanged by the refusals
    QCOMPARE(fc_param_set(&p, id, 0.2f), FC_PARAM_OK);
    QCOMPARE(p.value[id], 0.2f);
    // Every name fits MAVLink's 16-character param_id and every default is within its range.
    for (int i = 0; i < FC_PARAM_COUNT; ++i) {
      const fc_param_info_t* info = fc_param_info(i);
      QVERIFY2(std::strlen(info->name) <= 16, info->name);
      QVERIFY2(info->default_value >= info->min && info->default_value <= info->max, info->name);
      QCOMPARE(fc_param_find(info->name), i);
    }
  }

  void pidHoldsItsIntegratorWhenAsked() {
    fc_pid_t pid;
    fc_pid_reset(&pid);
    const fc_pid_gains_t g = {1.0f, 10.0f, 0.0f, 0.5f, 1.0f};
    for (int i = 0; i < 100; ++i) fc_pid_update(&pid, &g, 1.0f, 0.0f, 0.01f, 1.0f, false);
    QCOMPARE(pid.integrator, 0.5f);  // clamped at its limit, not 10
    const float held = pid.integrator;
    fc_pid_update(&pid, &g, -1.0f, 0.0f, 0.01f, 1.0f, true);
    QCOMPARE(pid.integrator, held);
    QCOMPARE(fc_pid_update(&pid, &g, 5.0f, 0.0f, 0.01f, 1.0f, true), 1.0f);  // output limit
  }

  void armingChecksSayWhy() {
    fc_mixer_table_t t;
    fc_mixer_quad_x(&t);
    fc_t fc;
    fc_init(&fc, &t);
    fc_event_t e;
    QCOMPARE(fc_arm(&fc, true, false), FC_ARM_REFUSED);  // no sensor sample yet
    QVERIFY(fc_pop_event(&fc, &e));
    QVERIFY(std::strstr(e.text, "sensors not healthy"));
    fc_sensors_t s{};
    s.time_us = 1000;
    s.accel_mps2 = fc_v3(0, 0, -9.80665f);
    s.reset = true;
    fc_step(&fc, &s);
    QCOMPARE(fc_arm(&fc, true, false), FC_ARM_REFUSED);
    QVERIFY(fc_pop_event(&fc, &e));
    QVERIFY(std::strstr(e.text, "no pilot input"));
    const fc_sticks_t high = {0, 0, 0, 0.5f};
    fc_set_sticks(&fc, &high);
    QCOMPARE(fc_arm(&fc, true, false), FC_ARM_REFUSED);
    QVERIFY(fc_pop_event(&fc, &e));
    QVERIFY(std::strstr(e.text, "throttle not low"));
    const fc_sticks_t low = {0, 0, 0, 0.0f};
    fc_set_sticks(&fc, &low);
    QCOMPARE(fc_arm(&fc, true, false), FC_ARM_OK);
    QVERIFY(fc.state.armed);
    // A sensor sample that is not finite disarms at once and the motors stop.
    s.time_us = 2000;
    s.reset = false;
    s.gyro_radps = fc_v3(NAN, 0, 0);
    fc_step(&fc, &s);
    QVERIFY(!fc.state.armed);
    for (int i = 0; i < 4; ++i) QCOMPARE(fc.state.out.duty[i], 0.0f);
  }

  void tiltedVehicleDoesNotArm() {
    fc_mixer_table_t t;
    fc_mixer_quad_x(&t);
    fc_t fc;
    fc_init(&fc, &t);
    fc_sensors_t s{};
    s.time_us = 1000;
    s.accel_mps2 = fc_v3(0, -9.80665f * std::sin(0.6f), -9.80665f * std::cos(0.6f));  // 34° of roll
    s.reset = true;
    fc_step(&fc, &s);
    const fc_sticks_t low = {0, 0, 0, 0.0f};
    fc_set_sticks(&fc, &low);
    QCOMPARE(fc_arm(&fc, true, false), FC_ARM_REFUSED);
    fc_event_t e;
    QVERIFY(fc_pop_event(&fc, &e));
    QVERIFY(std::strstr(e.text, "not level"));
    QCOMPARE(fc_arm(&fc, true, true), FC_ARM_OK);  // forced
  }
};

QTEST_APPLESS_MAIN(FlightCoreTest)
#include "flight_core_test.moc"
