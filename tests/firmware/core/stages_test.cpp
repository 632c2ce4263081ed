// Each stage of the flight core's step on its own (firmware/core/stages.h), against values
// worked out by hand from the stage's formula and the default parameters of fc_params.h.
#include "firmware/core/stages.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace {

constexpr float kDeg = 3.14159265358979f / 180.0f;

// A core at rest: defaults, quad X, level, sensors healthy, started at t = 1 s.
fc_t restingCore() {
  fc_t fc;
  fc_mixer_table_t mixer;
  fc_mixer_quad_x(&mixer);
  fc_init(&fc, &mixer);
  fc.state.started = true;
  fc.state.sensors_healthy = true;
  fc.state.att.initialised = true;
  fc.state.time_us = 1'000'000;
  return fc;
}

bool popEvent(fc_t& fc, fc_event_t& e) { return fc_pop_event(&fc, &e); }

}  // namespace

class StagesTest : public QObject {
  Q_OBJECT

 private slots:
  // 1. Sensor remap: SENS_ROT 1–3 yaw the sensor by 90° steps, 4–7 roll it 180° first.
  void sensorRotationsAreTheMountingRotations() {
    const fc_vec3_t v = fc_v3(1, 2, 3);
    auto same = [](fc_vec3_t a, fc_vec3_t b) { return a.x == b.x && a.y == b.y && a.z == b.z; };
    QVERIFY(same(fc_sensor_rotate(0, v), fc_v3(1, 2, 3)));
    QVERIFY(same(fc_sensor_rotate(1, fc_v3(1, 0, 0)), fc_v3(0, 1, 0)));  // sensor x along vehicle y
    QVERIFY(same(fc_sensor_rotate(1, v), fc_v3(-2, 1, 3)));
    QVERIFY(same(fc_sensor_rotate(2, v), fc_v3(-1, -2, 3)));
    QVERIFY(same(fc_sensor_rotate(3, v), fc_v3(2, -1, 3)));
    QVERIFY(same(fc_sensor_rotate(4, v), fc_v3(1, -2, -3)));  // upside down
    QVERIFY(same(fc_sensor_rotate(6, v), fc_v3(-1, 2, -3)));  // upside down, turned round

    fc_params_t p;
    fc_params_defaults(&p);
    QCOMPARE(fc_param_set(&p, FC_PARAM_SENS_ROT, 2.0f), FC_PARAM_OK);
    fc_sensors_t raw{};
    raw.gyro_radps = fc_v3(0.1f, 0.2f, 0.3f);
    raw.accel_mps2 = fc_v3(1, 0, -9.8f);
    raw.mag = fc_v3(0.2f, 0.0f, 0.4f);
    raw.baro_alt_m = 12.5f;
    raw.baro_valid = true;
    const fc_sensors_t b = fc_stage_sensor_remap(&p, &raw);
    QVERIFY(same(b.gyro_radps, fc_v3(-0.1f, -0.2f, 0.3f)));
    QVERIFY(same(b.accel_mps2, fc_v3(-1, 0, -9.8f)));
    QVERIFY(same(b.mag, fc_v3(-0.2f, 0.0f, 0.4f)));
    QCOMPARE(b.baro_alt_m, 12.5f);  // a scalar stays as it is
    QVERIFY(b.baro_valid);
  }

  // 2. Estimator: healthy means finite gyro and accel with |accel| < 50 g; an unhealthy sample
  // leaves the estimate untouched.
  void estimatorTakesOnlyHealthySamples() {
    fc_t fc = restingCore();
    fc.state.att.initialised = false;
    fc_sensors_t level{};
    level.accel_mps2 = fc_v3(0, 0, -FC_GRAVITY_MPS2);
    fc_stage_estimator(&fc.config.params, &fc.state, &level, 0.001f);
    QVERIFY(fc.state.sensors_healthy);
    QVERIFY(fc.state.att.initialised);
    QCOMPARE_LT(std::fabs(fc.state.att.q_WB.w - 1.0f), 1e-6f);  // level, heading 0 without a mag

    const fc_attitude_t before = fc.state.att;
    fc_sensors_t bad = level;
    bad.gyro_radps.x = NAN;
    fc_stage_estimator(&fc.config.params, &fc.state, &bad, 0.001f);
    QVERIFY(!fc.state.sensors_healthy);
    QCOMPARE(std::memcmp(&before, &fc.state.att, sizeof before), 0);

    fc_sensors_t slam = level;
    slam.accel_mps2 = fc_v3(0, 0, -60.0f * FC_GRAVITY_MPS2);  // 60 g: a crash, not flight
    fc_stage_estimator(&fc.config.params, &fc.state, &slam, 0.001f);
    QVERIFY(!fc.state.sensors_healthy);
  }

  // 3. Failsafe: FS_TIMEOUT_S (0.5 s) after the last MANUAL_CONTROL, armed, it trips once; fresh
  // input clears it and holds the heading the vehicle has.
  void failsafeTripsAfterTheTimeoutAndClearsOnInput() {
    fc_t fc = restingCore();
    fc.state.armed = true;
    const fc_sticks_t centred{0, 0, 0, 0.5f};
    fc_set_sticks(&fc, &centred);  // stamped at t = 1 s
    fc.state.time_us = 1'500'000;  // exactly the timeout: still fresh
    fc_stage_failsafe(&fc.config.params, &fc.state);
    QVERIFY(!fc.state.failsafe);
    fc.state.time_us = 1'500'100;
    fc_stage_failsafe(&fc.config.params, &fc.state);
    QVERIFY(fc.state.failsafe);
    fc_event_t e{};
    QVERIFY(popEvent(fc, e));
    QCOMPARE(e.severity, MAV_SEVERITY_CRITICAL);
    QCOMPARE(QString(e.text), QString("Failsafe: no pilot input, levelling and descending"));
    fc_stage_failsafe(&fc.config.params, &fc.state);  // no second event while it lasts
    QVERIFY(!popEvent(fc, e));

    fc.state.att.q_WB = fc_quat_from_euler(0, 0, 30 * kDeg);
    fc_set_sticks(&fc, &centred);
    fc_stage_failsafe(&fc.config.params, &fc.state);
    QVERIFY(!fc.state.failsafe);
    QCOMPARE_LT(std::fabs(fc.state.yaw_sp_rad - 30 * kDeg), 1e-5f);
    QVERIFY(popEvent(fc, e));
    QCOMPARE(e.severity, MAV_SEVERITY_INFO);
  }

  // Idle: motors off, controllers reset, setpoints follow the vehicle; a sensor failure while
  // armed disarms with an event.
  void idleStopsTheMotorsAndResetsTheControllers() {
    fc_t fc = restingCore();
    fc.state.armed = true;
    fc.state.sensors_healthy = false;
    for (int i = 0; i < 4; ++i) fc.state.out.duty[i] = 0.5f;
    fc.state.rate_pid[0].integrator = 0.2f;
    fc.state.climb_integrator = 1.0f;
    fc.state.att.q_WB = fc_quat_from_euler(0.1f, 0, 0);
    fc_stage_idle(&fc.state);
    QVERIFY(!fc.state.armed);
    for (int i = 0; i < FC_MAX_MOTORS; ++i) QCOMPARE(fc.state.out.duty[i], 0.0f);
    QCOMPARE(fc.state.rate_pid[0].integrator, 0.0f);
    QCOMPARE(fc.state.climb_integrator, 0.0f);
    QCOMPARE(fc.state.out.q_sp_WB.x, fc.state.att.q_WB.x);
    fc_event_t e{};
    QVERIFY(popEvent(fc, e));
    QCOMPARE(QString(e.text), QString("Sensors failed: disarmed"));
  }

  // 4. Setpoints. ACRO: full stick is ACRO_RATE_DPS (200°/s) roll; pitch +1 (nose down) is a
  // negative body rate; half yaw through the 0.05 deadband is (0.5 − 0.05)/0.95 of 120°/s.
  // ANGLE from level: full roll asks 20° (MAX_ANGLE_DEG), the error 2·sin(10°) rad times
  // ANG_RP_P (8).
  void setpointsFollowTheMode() {
    fc_t fc = restingCore();
    const fc_sticks_t sticks{1.0f, 1.0f, 0.5f, 0.5f};
    fc_vec3_t r = fc_stage_setpoints(&fc.config.params, &fc.state, &sticks, VAYU_MODE_ACRO, 0.001f);
    QCOMPARE_LT(std::fabs(r.x - 200 * kDeg), 1e-5f);
    QCOMPARE_LT(std::fabs(r.y + 200 * kDeg), 1e-5f);
    QCOMPARE_LT(std::fabs(r.z - (0.45f / 0.95f) * 120 * kDeg), 1e-5f);
    QCOMPARE(fc.state.out.rate_sp_B.x, r.x);

    const fc_sticks_t roll_only{1.0f, 0, 0, 0.5f};
    r = fc_stage_setpoints(&fc.config.params, &fc.state, &roll_only, VAYU_MODE_ANGLE, 0.001f);
    QCOMPARE_LT(std::fabs(r.x - 8.0f * 2.0f * std::sin(10 * kDeg)), 1e-4f);
    QVERIFY(std::fabs(r.y) < 1e-6f && std::fabs(r.z) < 1e-6f);
    const fc_vec3_t e = fc_quat_to_euler(fc.state.out.q_sp_WB);
    QCOMPARE_LT(std::fabs(e.x - 20 * kDeg), 1e-5f);

    // Clamped at the ACRO rate: a 60° error at P = 8 would ask 8.4 rad/s.
    fc.state.att.q_WB = fc_quat_from_euler(-40 * kDeg, 0, 0);
    r = fc_stage_setpoints(&fc.config.params, &fc.state, &roll_only, VAYU_MODE_ANGLE, 0.001f);
    QCOMPARE_LT(std::fabs(r.x - 200 * kDeg), 1e-5f);
  }

  // 4, ANG_RP_TC: the shaper is three poles at −1/TC. Its step response in closed
  // form: angle(t) = c·(1 − e^(−ωt)·(1 + ωt + (ωt)²/2)), rate = c·ω·(ωt)²/2·e^(−ωt),
  // acceleration = c·ω²·ωt·(1 − ωt/2)·e^(−ωt); 95 % at ωt = 6.30 (the root of
  // e^(−x)(1 + x + x²/2) = 0.05), and never beyond c.
  void shaperIsThreeCriticallyDampedPoles() {
    const float c = 10 * kDeg, tc = 0.03f, w = 1.0f / tc, dt = 0.001f;
    fc_shaper_t sh{0, 0, 0};
    float peak = 0.0f, worst_angle = 0.0f, worst_rate = 0.0f, worst_accel = 0.0f;
    float t95 = -1.0f;
    for (int k = 1; k <= 300; ++k) {
      fc_shaper_step(&sh, c, w, dt);
      const double x = double(w) * k * dt, decay = std::exp(-x);
      worst_angle = std::max(worst_angle, float(std::fabs(sh.angle_rad - c * (1 - decay * (1 + x + x * x / 2)))));
      worst_rate = std::max(worst_rate, float(std::fabs(sh.rate_radps - c * w * x * x / 2 * decay)));
      worst_accel = std::max(worst_accel, float(std::fabs(sh.accel_radps2 - c * w * w * x * (1 - x / 2) * decay)));
      peak = std::max(peak, sh.angle_rad);
      if (t95 < 0 && sh.angle_rad >= 0.95f * c) t95 = k * dt;
    }
    // Semi-implicit Euler, a first-order method, at ωdt = 1/30: errors of the order of 3.3 % of
    // each signal's own scale.
    QCOMPARE_LT(worst_angle, 0.02f * c);
    QCOMPARE_LT(worst_rate, 0.033f * c * w * 0.27f);  // the rate's peak: c·ω·2e^(−2) = 0.27·c·ω
    QCOMPARE_LT(worst_accel, 0.05f * c * w * w);      // the acceleration starts at 0, peaks at c·ω²·0.24
    QCOMPARE_LE(peak, c * 1.0001f);
    QCOMPARE_LT(std::fabs(t95 - 6.30f * tc), 0.01f);
  }

  // With ANG_RP_TC a stick step is followed through the shaper, its rate fed forward, and
  // RATE_RP_FF (+ RATE_RP_D) times its acceleration added to the torque; with the sticks centred
  // the shaper sits on the command and the outputs are those of ANG_RP_TC 0, bit for bit.
  void shapedSticksFeedForwardAndCentredSticksFlyAsBefore() {
    fc_t plain = restingCore(), shaped = restingCore();
    fc_param_set(&shaped.config.params, FC_PARAM_ANG_RP_TC, 0.03f);
    fc_param_set(&shaped.config.params, FC_PARAM_RATE_RP_FF, 0.005f);
    plain.state.att.q_WB = shaped.state.att.q_WB = fc_quat_from_euler(1.5f * kDeg, -0.7f * kDeg, 0.2f);
    plain.state.att.rate_B = shaped.state.att.rate_B = fc_v3(0.05f, -0.02f, 0.01f);
    plain.state.out.thrust_sp = shaped.state.out.thrust_sp = 0.5f;
    plain.state.yaw_sp_rad = shaped.state.yaw_sp_rad = 0.2f;
    const fc_sticks_t centred{0, 0, 0, 0.5f};
    for (int k = 0; k < 50; ++k) {
      const fc_vec3_t a = fc_stage_setpoints(&plain.config.params, &plain.state, &centred, VAYU_MODE_ANGLE, 0.001f);
      const fc_vec3_t b = fc_stage_setpoints(&shaped.config.params, &shaped.state, &centred, VAYU_MODE_ANGLE, 0.001f);
      QVERIFY(std::memcmp(&a, &b, sizeof a) == 0);
      const fc_vec3_t ta = fc_stage_rate_control(&plain.config.params, &plain.state, a, 0.001f);
      const fc_vec3_t tb = fc_stage_rate_control(&shaped.config.params, &shaped.state, b, 0.001f);
      QVERIFY(std::memcmp(&ta, &tb, sizeof ta) == 0);
    }
    QVERIFY(shaped.state.shaping);

    // A full roll stick (20°) from level: after one 1 ms step the shaper has moved c·ω³·dt³
    // (the jerk's first step), its rate c·ω³·dt², its acceleration c·ω³·dt.
    fc_t step = restingCore();
    fc_param_set(&step.config.params, FC_PARAM_ANG_RP_TC, 0.03f);
    fc_param_set(&step.config.params, FC_PARAM_RATE_RP_FF, 0.005f);
    step.state.out.thrust_sp = 0.5f;
    fc_stage_setpoints(&step.config.params, &step.state, &centred, VAYU_MODE_ANGLE, 0.001f);
    const fc_sticks_t roll_full{1.0f, 0, 0, 0.5f};
    const fc_vec3_t r = fc_stage_setpoints(&step.config.params, &step.state, &roll_full, VAYU_MODE_ANGLE, 0.001f);
    const float c = 20 * kDeg, w3dt = (1 / 0.03f) * (1 / 0.03f) * (1 / 0.03f) * 0.001f;
    QCOMPARE_LT(std::fabs(step.state.shaped[0].accel_radps2 - c * w3dt), 1e-4f);
    QCOMPARE_LT(std::fabs(step.state.shaped[0].rate_radps - c * w3dt * 0.001f), 1e-6f);
    // The rate set-point: P on the error to the shaped angle, plus the shaped rate.
    const float angle = c * w3dt * 1e-6f;
    QCOMPARE_LT(std::fabs(r.x - (8.0f * 2.0f * std::sin(angle / 2) + c * w3dt * 0.001f)), 1e-5f);
    const fc_vec3_t tq = fc_stage_rate_control(&step.config.params, &step.state, r, 0.001f);
    QCOMPARE_LT(std::fabs(tq.x - (0.15f * r.x + 0.2f * r.x * 0.001f + (0.005f + 0.003f) * c * w3dt)), 1e-5f);

    // ACRO and POSITION are not shaped; leaving the shaped modes forgets the shaper, and
    // coming back starts it at the command (no softer than before).
    fc_stage_setpoints(&step.config.params, &step.state, &roll_full, VAYU_MODE_ACRO, 0.001f);
    QVERIFY(!step.state.shaping);
    fc_stage_setpoints(&step.config.params, &step.state, &roll_full, VAYU_MODE_ANGLE, 0.001f);
    QVERIFY(step.state.shaping);
    QCOMPARE_LT(std::fabs(step.state.shaped[0].angle_rad - c), 1e-6f);
  }

  // While the shaped set-point moves faster than 5°/s the roll and pitch rate integrators hold
  // (I-term relax); once it has arrived they learn again.
  void rateIntegratorsHoldWhileTheShapedSetpointMoves() {
    fc_t fc = restingCore();
    fc_param_set(&fc.config.params, FC_PARAM_ANG_RP_TC, 0.03f);
    fc.state.out.thrust_sp = 0.5f;
    const fc_sticks_t centred{0, 0, 0, 0.5f}, roll_full{1.0f, 0, 0, 0.5f};
    fc_stage_setpoints(&fc.config.params, &fc.state, &centred, VAYU_MODE_ANGLE, 0.001f);
    bool held_while_moving = true;
    for (int k = 0; k < 400; ++k) {
      const float before = fc.state.rate_pid[0].integrator;
      const fc_vec3_t r = fc_stage_setpoints(&fc.config.params, &fc.state, &roll_full, VAYU_MODE_ANGLE, 0.001f);
      fc_stage_rate_control(&fc.config.params, &fc.state, r, 0.001f);
      if (std::fabs(fc.state.shaped[0].rate_radps) > FC_SHAPING_RELAX_RADPS &&
          fc.state.rate_pid[0].integrator != before)
        held_while_moving = false;
    }
    QVERIFY(held_while_moving);
    QCOMPARE_LT(std::fabs(fc.state.shaped[0].rate_radps), FC_SHAPING_RELAX_RADPS);  // arrived (0.4 s = 13 TC)
    const float before = fc.state.rate_pid[0].integrator;
    const fc_vec3_t r = fc_stage_setpoints(&fc.config.params, &fc.state, &roll_full, VAYU_MODE_ANGLE, 0.001f);
    fc_stage_rate_control(&fc.config.params, &fc.state, r, 0.001f);
    QVERIFY(fc.state.rate_pid[0].integrator != before);  // the level estimate is 20° off: it learns
  }

  // 4a. POSITION. The default gains: VEL_XY_MAX 5 m/s, VEL_XY_P 1.8 /s, POS_XY_P
  // 0.95 /s, MAX_ANGLE_DEG 20. Each tilt is worked out by hand: accel = VEL_XY_P·(v_sp − v)
  // (the integrator starts at zero), pitch = −atan(a_forward/g), roll = atan(a_right·cos(pitch)/g).
  void positionFliesVelocitiesAndHoldsAPoint() {
    fc_t fc = restingCore();
    fc_horizontal_t& h = fc.state.horizontal;
    h.valid = true;
    const fc_params_t* p = &fc.config.params;
    const float g = FC_GRAVITY_MPS2;
    // A tenth of the stick beyond the 0.05 deadband: 0.5 m/s forward, from rest: a = 0.9 m/s².
    const float tenth = 0.05f + 0.1f * 0.95f;
    const fc_sticks_t fwd{0, tenth, 0, 0.5f};
    QVERIFY(fc_stage_position(p, &fc.state, &fwd, VAYU_MODE_POSITION, 0.001f));
    QCOMPARE_LT(std::fabs(h.vel_sp_W_mps.x - 0.5f), 1e-5f);
    QCOMPARE_LT(std::fabs(h.pitch_sp_rad + std::atan(0.9f / g)), 1e-5f);  // −5.24°
    QCOMPARE_LT(std::fabs(h.roll_sp_rad), 1e-6f);
    // The integrator took VEL_XY_I·error·dt = 0.4·0.5·0.001.
    QCOMPARE_LT(std::fabs(h.accel_i_W_mps2.x - 0.0002f), 1e-7f);

    // Facing east, the same stick asks 0.5 m/s east, and the tilt in the heading's frame is the same.
    fc_t east = restingCore();
    east.state.horizontal.valid = true;
    east.state.att.q_WB = fc_quat_from_euler(0, 0, 90 * kDeg);
    fc_stage_position(p, &east.state, &fwd, VAYU_MODE_POSITION, 0.001f);
    QCOMPARE_LT(std::fabs(east.state.horizontal.vel_sp_W_mps.y - 0.5f), 1e-5f);
    QCOMPARE_LT(std::fabs(east.state.horizontal.vel_sp_W_mps.x), 1e-5f);
    QCOMPARE_LT(std::fabs(east.state.horizontal.pitch_sp_rad + std::atan(0.9f / g)), 1e-5f);
    // Right stick while facing east is south, and it rolls right.
    const fc_sticks_t right{tenth, 0, 0, 0.5f};
    fc_t east2 = east;
    fc_horizontal_reset(&east2.state);
    fc_stage_position(p, &east2.state, &right, VAYU_MODE_POSITION, 0.001f);
    QCOMPARE_LT(std::fabs(east2.state.horizontal.vel_sp_W_mps.x + 0.5f), 1e-5f);
    QCOMPARE_LT(std::fabs(east2.state.horizontal.roll_sp_rad - std::atan(0.9f / g)), 1e-5f);

    // Full stick asks 9 m/s² and is limited to g·tan(20°): the tilt is MAX_ANGLE_DEG.
    fc_t full = restingCore();
    full.state.horizontal.valid = true;
    const fc_sticks_t all{0, 1.0f, 0, 0.5f};
    fc_stage_position(p, &full.state, &all, VAYU_MODE_POSITION, 0.001f);
    QCOMPARE_LT(std::fabs(full.state.horizontal.pitch_sp_rad + 20 * kDeg), 1e-5f);

    // Released at 1 m/s north: brake (v_sp 0, a = −1.8, nose up), nothing held yet.
    fc_t brake = restingCore();
    brake.state.horizontal.valid = true;
    brake.state.horizontal.vel_W_mps = fc_v3(1, 0, 0);
    const fc_sticks_t centred{0, 0, 0, 0.5f};
    fc_stage_position(p, &brake.state, &centred, VAYU_MODE_POSITION, 0.001f);
    QVERIFY(!brake.state.horizontal.holding);
    QCOMPARE_LT(std::fabs(brake.state.horizontal.pitch_sp_rad - std::atan(1.8f / g)), 1e-5f);  // +10.4°
    // Below 0.3 m/s it holds the point it reached; 1 m north of it, it asks 0.95 m/s back south.
    brake.state.horizontal.vel_W_mps = fc_v3(0.2f, 0, 0);
    brake.state.horizontal.pos_W_m = fc_v3(3, 4, 0);
    fc_stage_position(p, &brake.state, &centred, VAYU_MODE_POSITION, 0.001f);
    QVERIFY(brake.state.horizontal.holding);
    QCOMPARE(brake.state.horizontal.pos_sp_W_m.x, 3.0f);
    brake.state.horizontal.vel_W_mps = fc_v3(0, 0, 0);
    brake.state.horizontal.pos_W_m = fc_v3(4, 4, 0);
    brake.state.horizontal.accel_i_W_mps2 = fc_v3(0, 0, 0);
    fc_stage_position(p, &brake.state, &centred, VAYU_MODE_POSITION, 0.001f);
    QCOMPARE_LT(std::fabs(brake.state.horizontal.vel_sp_W_mps.x + 0.95f), 1e-5f);
    QCOMPARE_LT(std::fabs(brake.state.horizontal.pitch_sp_rad - std::atan(1.8f * 0.95f / g)), 1e-5f);

    // Stage 4 flies that tilt in POSITION (not the sticks').
    fc_stage_setpoints(p, &brake.state, &centred, VAYU_MODE_POSITION, 0.001f);
    QCOMPARE_LT(std::fabs(fc_quat_to_euler(brake.state.out.q_sp_WB).y - brake.state.horizontal.pitch_sp_rad), 1e-5f);

    // On the ground (the land timer past 0.5 s): level, nothing held, nothing integrated.
    brake.state.land_timer_s = 0.6f;
    QVERIFY(fc_stage_position(p, &brake.state, &all, VAYU_MODE_POSITION, 0.001f));
    QCOMPARE(brake.state.horizontal.pitch_sp_rad, 0.0f);
    QVERIFY(!brake.state.horizontal.holding);
    QCOMPARE(brake.state.horizontal.accel_i_W_mps2.x, 0.0f);

    // Another mode: nothing set.
    QVERIFY(!fc_stage_position(p, &fc.state, &fwd, VAYU_MODE_ALT_HOLD, 0.001f));
  }

  // 4 with STICK_MAP 1, the pilot facing between the axes (docs/design/firmware.md, "The
  // lander"). With the joystick's Y back
  // positive (= −forward) and X right: pitch (body Y, the flight axes' right) = Y + X, roll (body
  // Z, the flight axes' forward) = −Y + X, MAX_ANGLE_DEG (20) each. Half
  // stick is (0.5 − 0.05)/0.95 = 0.4737 past the deadband.
  void stickMapsBetweenTheAxes() {
    fc_t fc = restingCore();
    const fc_params_t* p = &fc.config.params;
    const float half = 0.45f / 0.95f;
    float roll = 0, pitch_up = 0;
    const fc_sticks_t right{0.5f, 0, 0, 0.5f}, forward{0, 0.5f, 0, 0.5f}, diagonal{1.0f, -1.0f, 0, 0.5f};
    fc_stick_tilt(p, &right, &roll, &pitch_up);  // STICK_MAP 0: the vehicle's axes
    QCOMPARE_LT(std::fabs(roll - half), 1e-6f);
    QCOMPARE(pitch_up, 0.0f);
    QCOMPARE(fc_set_param(&fc, FC_PARAM_STICK_MAP, 1.0f), FC_PARAM_OK);
    fc_stick_tilt(p, &right, &roll, &pitch_up);  // X alone: both axes, +X each
    QCOMPARE_LT(std::fabs(roll - half), 1e-6f);
    QCOMPARE_LT(std::fabs(pitch_up - half), 1e-6f);
    fc_stick_tilt(p, &forward, &roll, &pitch_up);  // forward: Y = −half: roll +half, pitch −half
    QCOMPARE_LT(std::fabs(roll - half), 1e-6f);
    QCOMPARE_LT(std::fabs(pitch_up + half), 1e-6f);
    fc_stick_tilt(p, &diagonal, &roll, &pitch_up);  // right and back: Y = X = 1: pitch 2, roll 0
    QCOMPARE(roll, 0.0f);
    QCOMPARE(pitch_up, 2.0f);
    fc_stage_setpoints(p, &fc.state, &diagonal, VAYU_MODE_ANGLE, 0.001f);  // one axis only, 2 × 20°
    const fc_vec3_t e = fc_quat_to_euler(fc.state.out.q_sp_WB);
    QCOMPARE_LT(std::fabs(e.y - 40 * kDeg), 1e-5f);
    QCOMPARE_LT(std::fabs(e.x), 1e-5f);

    // STICK_MAP 2: the twist an angle from the heading at arming (here 30°): half twist is
    // 0.4737 · 20° = 9.47° beyond it, held there, and centred the heading goes back to 30°.
    QCOMPARE(fc_set_param(&fc, FC_PARAM_STICK_MAP, 2.0f), FC_PARAM_OK);
    fc.state.att.q_WB = fc_quat_from_euler(0, 0, 30 * kDeg);
    fc_hold_here(&fc.state);
    const fc_sticks_t twist{0, 0, 0.5f, 0.5f}, centred{0, 0, 0, 0.5f};
    fc_stage_setpoints(p, &fc.state, &twist, VAYU_MODE_ANGLE, 0.001f);
    QCOMPARE_LT(std::fabs(fc.state.yaw_sp_rad - (30 + half * 20) * kDeg), 1e-5f);
    fc_stage_setpoints(p, &fc.state, &centred, VAYU_MODE_ANGLE, 0.001f);
    QCOMPARE_LT(std::fabs(fc.state.yaw_sp_rad - 30 * kDeg), 1e-5f);
    // STICK_MAP 1: the twist a rate; centred, the heading it turned to is held.
    QCOMPARE(fc_set_param(&fc, FC_PARAM_STICK_MAP, 1.0f), FC_PARAM_OK);
    const fc_vec3_t r = fc_stage_setpoints(p, &fc.state, &twist, VAYU_MODE_ANGLE, 0.001f);
    QCOMPARE_LT(std::fabs(r.z - half * 120 * kDeg), 1e-5f);  // YAW_RATE_DPS 120
  }

  // 2 with GYRO_RANGE_DPS (the lander's 100 °/s; past it the firmware warns and flies on,
  // never cuts thrust): 97 % of the range starts an excursion, which warns once and is counted; 0.5 s with every
  // axis below 90 % ends it; the next one warns again.
  void gyroRangeWarnsAndFliesOn() {
    fc_t fc = restingCore();
    fc_event_t e;
    while (popEvent(fc, e)) {
    }
    QCOMPARE(fc_set_param(&fc, FC_PARAM_GYRO_RANGE_DPS, 100.0f), FC_PARAM_OK);
    const fc_params_t* p = &fc.config.params;
    const fc_vec3_t at_edge = fc_v3(0, -98 * kDeg, 0), inside = fc_v3(0, 85 * kDeg, 0), near = fc_v3(0, 95 * kDeg, 0);
    for (int i = 0; i < 100; ++i) fc_stage_gyro_range(p, &fc.state, at_edge, 0.001f);
    QVERIFY(fc.state.gyro_clipping);
    QCOMPARE(fc.state.gyro_clip_count, 1u);
    QVERIFY(popEvent(fc, e));
    QCOMPARE(QByteArray(e.text), QByteArray("Gyro range exceeded: attitude may be off"));
    QCOMPARE(int(e.severity), int(MAV_SEVERITY_WARNING));
    QVERIFY(!popEvent(fc, e));
    // 95 % (between 90 and 97) does not end it; 0.45 s inside does not either; 0.55 s does.
    for (int i = 0; i < 1000; ++i) fc_stage_gyro_range(p, &fc.state, near, 0.001f);
    for (int i = 0; i < 450; ++i) fc_stage_gyro_range(p, &fc.state, inside, 0.001f);
    QVERIFY(fc.state.gyro_clipping);
    for (int i = 0; i < 100; ++i) fc_stage_gyro_range(p, &fc.state, inside, 0.001f);
    QVERIFY(!fc.state.gyro_clipping);
    fc_stage_gyro_range(p, &fc.state, at_edge, 0.001f);
    QCOMPARE(fc.state.gyro_clip_count, 2u);
    QVERIFY(popEvent(fc, e));
    // GYRO_RANGE_DPS 0 (unknown): nothing is checked.
    fc_t unknown = restingCore();
    fc_stage_gyro_range(&unknown.config.params, &unknown.state, fc_v3(0, 50.0f, 0), 0.001f);
    QCOMPARE(unknown.state.gyro_clip_count, 0u);
  }

  // 4a without a velocity: POSITION is refused while no GPS aids the estimate; flying in it when
  // the velocity goes, the sticks tilt as in ALT_HOLD and one warning says so.
  void positionNeedsAVelocity() {
    fc_t fc = restingCore();
    fc_event_t e;
    while (popEvent(fc, e)) {
    }
    QVERIFY(!fc_set_mode(&fc, VAYU_MODE_POSITION));
    QCOMPARE(int(fc.state.mode), int(VAYU_MODE_ANGLE));
    QVERIFY(popEvent(fc, e));
    QCOMPARE(QByteArray(e.text), QByteArray("Mode POSITION refused: no GPS velocity"));
    QCOMPARE(int(e.severity), int(MAV_SEVERITY_WARNING));

    fc.state.horizontal.valid = true;
    QVERIFY(fc_set_mode(&fc, VAYU_MODE_POSITION));
    QCOMPARE(int(fc.state.mode), int(VAYU_MODE_POSITION));
    while (popEvent(fc, e)) {
    }
    fc.state.horizontal.valid = false;
    const fc_sticks_t roll_only{1.0f, 0, 0, 0.5f};
    for (int i = 0; i < 3; ++i)
      QVERIFY(!fc_stage_position(&fc.config.params, &fc.state, &roll_only, VAYU_MODE_POSITION, 0.001f));
    QVERIFY(popEvent(fc, e));
    QCOMPARE(QByteArray(e.text), QByteArray("POSITION: no GPS velocity, sticks tilt"));
    QVERIFY(!popEvent(fc, e));  // once
    fc_stage_setpoints(&fc.config.params, &fc.state, &roll_only, VAYU_MODE_POSITION, 0.001f);
    QCOMPARE_LT(std::fabs(fc_quat_to_euler(fc.state.out.q_sp_WB).x - 20 * kDeg), 1e-5f);  // the stick's 20°
  }

  // 5. Altitude. Outside ALT_HOLD the thrust is the throttle. In ALT_HOLD, centred at the held
  // height and level, it is HOVER_THRUST (0.4); full stick asks ALT_VEL_MAX (1.5 m/s), so
  // 0.4·(1 + 3·1.5/g) before the integrator; tilted 60° the tilt compensation stops at 1/0.5.
  void altitudeHoldsAndClimbs() {
    fc_t fc = restingCore();
    const fc_sticks_t low{0, 0, 0, 0.3f};
    QCOMPARE(fc_stage_altitude(&fc.config.params, &fc.state, &low, VAYU_MODE_ANGLE, 0.001f), 0.3f);

    const fc_sticks_t centred{0, 0, 0, 0.5f};
    QCOMPARE_LT(std::fabs(fc_stage_altitude(&fc.config.params, &fc.state, &centred, VAYU_MODE_ALT_HOLD, 0.001f) - 0.4f),
                1e-6f);

    fc_t climb = restingCore();
    const fc_sticks_t full{0, 0, 0, 1.0f};
    const float t = fc_stage_altitude(&climb.config.params, &climb.state, &full, VAYU_MODE_ALT_HOLD, 0.001f);
    QCOMPARE_LT(std::fabs(t - 0.4f * (1.0f + 3.0f * 1.5f / FC_GRAVITY_MPS2)), 1e-5f);
    QCOMPARE_LT(std::fabs(climb.state.climb_integrator - 1.0f * 1.5f * 0.001f), 1e-7f);  // ALT_VEL_I·error·dt

    fc_t tilted = restingCore();
    tilted.state.att.q_WB = fc_quat_from_euler(60 * kDeg, 0, 0);
    const float tt = fc_stage_altitude(&tilted.config.params, &tilted.state, &centred, VAYU_MODE_ALT_HOLD, 0.001f);
    QCOMPARE_LT(std::fabs(tt - 0.4f / 0.5f), 1e-5f);

    fc_t failsafe = restingCore();
    failsafe.state.failsafe = true;  // descend at FS_DESCENT_MPS (0.7 m/s): 0.4·(1 − 3·0.7/g)
    const float tf = fc_stage_altitude(&failsafe.config.params, &failsafe.state, &centred, VAYU_MODE_ALT_HOLD, 0.001f);
    QCOMPARE_LT(std::fabs(tf - 0.4f * (1.0f - 3.0f * 0.7f / FC_GRAVITY_MPS2)), 1e-5f);
  }

  // 6. Rate control: a first step from rest is P·error + I·error·dt (the derivative is on the
  // measurement, which has not moved); with thrust under 10 % the integrators hold.
  void rateControlIsPidOnTheRateError() {
    fc_t fc = restingCore();
    fc.state.out.thrust_sp = 0.5f;
    const fc_vec3_t tq = fc_stage_rate_control(&fc.config.params, &fc.state, fc_v3(1.0f, -0.5f, 0.2f), 0.001f);
    QCOMPARE_LT(std::fabs(tq.x - (0.15f * 1.0f + 0.2f * 1.0f * 0.001f)), 1e-7f);
    QCOMPARE_LT(std::fabs(tq.y - (0.15f * -0.5f + 0.2f * -0.5f * 0.001f)), 1e-7f);
    QCOMPARE_LT(std::fabs(tq.z - (0.3f * 0.2f + 0.1f * 0.2f * 0.001f)), 1e-7f);
    QCOMPARE(fc.state.out.torque.x, tq.x);

    fc_t idle = restingCore();
    idle.state.out.thrust_sp = 0.05f;
    fc_stage_rate_control(&idle.config.params, &idle.state, fc_v3(1.0f, 0, 0), 0.001f);
    QCOMPARE(idle.state.rate_pid[0].integrator, 0.0f);
  }

  // 7. Mixer: duty = sqrt(thrust) (MOT_THR_QUAD), clamped to [MOT_IDLE = 0.06, 1], finite even
  // for a NaN demand, and 0 for motors the table does not have.
  void mixerTurnsThrustIntoDuties() {
    fc_t fc = restingCore();
    fc.state.out.thrust_sp = 0.4f;
    fc.state.out.torque = fc_v3(0, 0, 0);
    fc_stage_mixer(&fc.config, &fc.state);
    for (int i = 0; i < 4; ++i) QCOMPARE_LT(std::fabs(fc.state.out.duty[i] - std::sqrt(0.4f)), 1e-6f);
    for (int i = 4; i < FC_MAX_MOTORS; ++i) QCOMPARE(fc.state.out.duty[i], 0.0f);
    QVERIFY(!fc.state.saturated);

    fc.state.out.torque = fc_v3(NAN, 0, 0);
    fc_stage_mixer(&fc.config, &fc.state);
    for (int i = 0; i < 4; ++i) QVERIFY(std::isfinite(fc.state.out.duty[i]) && fc.state.out.duty[i] >= 0.06f);

    fc.state.out.thrust_sp = 0.0f;
    fc.state.out.torque = fc_v3(0, 0, 0);
    fc_stage_mixer(&fc.config, &fc.state);
    for (int i = 0; i < 4; ++i) QCOMPARE(fc.state.out.duty[i], 0.06f);
  }

  // 8. Land detector: below 0.9·hover in ALT_HOLD and still, the timer runs; in failsafe,
  // LAND_DETECT_S (1 s) of it disarms with the motors off.
  void landDetectorDisarmsAFailsafeLanding() {
    fc_t fc = restingCore();
    fc.state.armed = true;
    fc.state.failsafe = true;
    fc.state.out.thrust_sp = 0.3f;  // < 0.9 × 0.4
    fc.state.height.climb_mps = 0.1f;
    for (int i = 0; i < 4; ++i) fc.state.out.duty[i] = 0.5f;
    const fc_sticks_t centred{0, 0, 0, 0.5f};
    for (int k = 0; k < 999; ++k)
      fc_stage_land_detector(&fc.config.params, &fc.state, &centred, VAYU_MODE_ALT_HOLD, 0.001f);
    QVERIFY(fc.state.armed);
    QCOMPARE_LT(std::fabs(fc.state.land_timer_s - 0.999f), 1e-4f);
    fc_stage_land_detector(&fc.config.params, &fc.state, &centred, VAYU_MODE_ALT_HOLD, 0.002f);
    QVERIFY(!fc.state.armed);
    QCOMPARE(fc.state.out.duty[0], 0.0f);

    // Standing at 0.3 thrust (0.75 of hover 0.4) with 1 g up: the thrust gives 0.75 g, so the
    // ground gives 0.25 g — under FC_LAND_CONTACT_G (0.3 g); at 0.2 thrust it gives 0.5 g: felt.
    fc_t standing = restingCore();
    standing.state.armed = true;
    standing.state.att.accel_filtered_B = fc_v3(0, 0, -FC_GRAVITY_MPS2);
    standing.state.att.accel_filtered_valid = true;
    standing.state.out.thrust_sp = 0.3f;
    fc_stage_land_detector(&standing.config.params, &standing.state, &centred, VAYU_MODE_ALT_HOLD, 0.001f);
    QCOMPARE_GT(standing.state.since_contact_s, 100.0f);
    standing.state.thrust_peak = 0.2f;
    standing.state.out.thrust_sp = 0.2f;
    fc_stage_land_detector(&standing.config.params, &standing.state, &centred, VAYU_MODE_ALT_HOLD, 0.001f);
    QCOMPARE(standing.state.since_contact_s, 0.0f);
    // Felt, the stick centred at the held height: stage 5 presses down, asking for
    // FC_LAND_PRESS_MPS (0.5 m/s) instead of holding: 0.4·(1 − 3·0.5/g).
    const float pressed =
        fc_stage_altitude(&standing.config.params, &standing.state, &centred, VAYU_MODE_ALT_HOLD, 0.001f);
    QVERIFY(standing.state.land_pressing);
    QCOMPARE_LT(std::fabs(pressed - 0.4f * (1.0f - 3.0f * 0.5f / FC_GRAVITY_MPS2)), 1e-5f);

    fc_t moving = restingCore();
    moving.state.land_timer_s = 0.7f;
    moving.state.height.climb_mps = 0.5f;  // still descending: not landed
    fc_stage_land_detector(&moving.config.params, &moving.state, &centred, VAYU_MODE_ALT_HOLD, 0.001f);
    QCOMPARE(moving.state.land_timer_s, 0.0f);
  }
};

QTEST_GUILESS_MAIN(StagesTest)
#include "stages_test.moc"
