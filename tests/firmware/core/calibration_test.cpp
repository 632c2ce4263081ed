// Sensor calibration in the flight core (firmware/core/fc_calibration.h, fc_cal_fit.h): the parameters'
// application, and each calibration driven with synthetic streams of known errors
// (calibration_streams.h) through the core (fc_start_calibration, fc_step), the STATUSTEXTs read
// back word for word against PX4's grammar, the result read from the parameters.
//
// Tolerances: 5 standard deviations of the estimate from the stream's noise, with the sample count
// the method averages (500 Hz streams): a 2 s mean of N = 1000 readings has σ/√N.
//   gyro offset     σ_g = 0.005 rad/s → 1.6e-4 rad/s; taken 1e-3 rad/s
//   accel offset    the mean of six 2 s means, σ_a = 0.02 m/s² → 2.6e-4 m/s²; taken 2e-3 m/s²
//   accel matrix    a column is (m+ - m-) / 2g: σ_a √2 / (2g √N) = 4.6e-5; taken 5e-4
//   level angle     σ_a / (g √N) = 6.4e-5 rad = 0.004°; taken 0.02°
//   mag             ~100 readings kept, σ_m = 0.002 G on a 0.48 G field: offset ≈ σ_m √(9/N) = 6e-4 G,
//                   taken 3e-3 G; the soft-iron matrix ≈ (σ_m/|B|) √(9/N) = 1.3e-3, taken 6e-3.
#include "firmware/core/stages.h"
#include "tests/firmware/core/calibration_streams.h"

#include <QtTest>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

using namespace calstream;

namespace {

constexpr uint64_t kStepUs = 2000;  // 500 Hz

struct Core {
  fc_t fc;
  uint64_t t_us = 1'000'000;
  Sensors sensors;
  std::vector<std::string> texts;  // every STATUSTEXT the core queued, in order
  Core() {
    fc_mixer_table_t mixer;
    fc_mixer_quad_x(&mixer);
    fc_init(&fc, &mixer);
  }
  void drain() {
    fc_event_t e;
    while (fc_pop_event(&fc, &e)) texts.emplace_back(e.text);
  }
  void step(const fc_sensors_t& s) {
    fc_step(&fc, &s);
    drain();
  }
  // Holds attitude r for `seconds` (turning at rate_B).
  void hold(const Mat3& r, double seconds, const Vec3& rate_B = {0, 0, 0}) {
    for (double t = 0; t < seconds; t += kStepUs * 1e-6) {
      t_us += kStepUs;
      step(sensors.sample(t_us, r, rate_B));
    }
  }
  // Turns from one side to another in `seconds` (the specific force swinging between them, 1 rad/s).
  void turn(int from_side, int to_side, double seconds) {
    const Mat3 a = sideAttitude(from_side), b = sideAttitude(to_side);
    for (double t = 0; t < seconds; t += kStepUs * 1e-6) {
      const double u = t / seconds;
      Mat3 r{};
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) r[i][j] = (1 - u) * a[i][j] + u * b[i][j];  // not a rotation: only moving
      t_us += kStepUs;
      step(sensors.sample(t_us, r, {1.0, 0.5, 0.0}));
    }
  }
  float param(const char* name) const { return fc.config.params.value[fc_param_find(name)]; }
  // The texts without the progress lines, and the progress values in order.
  std::vector<std::string> words() const {
    std::vector<std::string> out;
    for (const auto& t : texts)
      if (t.rfind("[cal] progress <", 0) != 0) out.push_back(t);
    return out;
  }
  std::vector<int> progress() const {
    std::vector<int> out;
    for (const auto& t : texts)
      if (t.rfind("[cal] progress <", 0) == 0) out.push_back(std::stoi(t.substr(16)));
    return out;
  }
};

std::string pending(const std::vector<int>& done) {
  std::string s = "[cal] pending:";
  for (int side = 0; side < FC_CAL_SIDES; ++side)
    if (std::find(done.begin(), done.end(), side) == done.end()) s += std::string(" ") + fc_cal_side_name(side);
  return s;
}

// The accelerometer's errors: offsets 0.3 m/s², scale 2 %, misalignment 1° about two axes.
void accelErrors(Sensors& s) {
  s.accel_offset = {0.3, -0.3, 0.3};
  s.k = mul(Mat3{{{1.02, 0, 0}, {0, 0.98, 0}, {0, 0, 1.02}}}, mul(rotZ(1.0 * kDeg), rotY(-1.0 * kDeg)));
}

bool paramsEqual(const fc_params_t& a, const fc_params_t& b) { return std::memcmp(&a, &b, sizeof a) == 0; }

}  // namespace

class CalibrationTest : public QObject {
  Q_OBJECT

 private slots:
  // Defaults: every reading passes bit for bit, so every existing figure holds.
  void defaultsChangeNothing() {
    fc_params_t p;
    fc_params_defaults(&p);
    const fc_vec3_t v = fc_v3(0.123456f, -9.80665f, 3.0e-7f);
    const fc_vec3_t outs[] = {fc_cal_gyro(&p, v), fc_cal_accel(&p, v), fc_cal_mag(&p, v), fc_cal_level(&p, v)};
    for (const fc_vec3_t& o : outs) QVERIFY(std::memcmp(&o, &v, sizeof v) == 0);
  }

  // With parameters set: accel = M (v - off), mag = W (v - off), gyro = v - off (closed forms).
  void parametersApplyTheirFormulas() {
    fc_params_t p;
    fc_params_defaults(&p);
    const float m[9] = {1.01f, 0.02f, -0.01f, 0.0f, 0.99f, 0.03f, 0.0f, 0.0f, 1.0f};
    for (int i = 0; i < 9; ++i) p.value[FC_PARAM_CAL_ACC_M00 + i] = m[i];
    p.value[FC_PARAM_CAL_ACC_XOFF] = 0.125f;
    p.value[FC_PARAM_CAL_ACC_YOFF] = -0.25f;
    p.value[FC_PARAM_CAL_ACC_ZOFF] = 0.5f;
    const fc_vec3_t a = fc_cal_accel(&p, fc_v3(1.125f, 1.75f, -9.5f));  // v - off = (1, 2, -10), exact in float
    QCOMPARE(a.x, 1.01f * 1.0f + 0.02f * 2.0f + -0.01f * -10.0f);
    QCOMPARE(a.y, 0.0f * 1.0f + 0.99f * 2.0f + 0.03f * -10.0f);
    QCOMPARE(a.z, -10.0f);
    p.value[FC_PARAM_CAL_GYRO_ZOFF] = 0.02f;
    QCOMPARE(fc_cal_gyro(&p, fc_v3(0, 0, 0.05f)).z, 0.05f - 0.02f);
    p.value[FC_PARAM_CAL_MAG_XOFF] = 0.25f;
    p.value[FC_PARAM_CAL_MAG_XSCALE] = 0.9f;
    p.value[FC_PARAM_CAL_MAG_XODIAG] = 0.05f;                        // (x, y) and (y, x)
    const fc_vec3_t b = fc_cal_mag(&p, fc_v3(0.75f, 0.125f, 0.0f));  // v - off = (0.5, 0.125, 0)
    QCOMPARE(b.x, 0.9f * 0.5f + 0.05f * 0.125f);
    QCOMPARE(b.y, 0.05f * 0.5f + 1.0f * 0.125f);
  }

  // A board rolled 3° and pitched -2° on a level vehicle reads g (sin θ, -sin φ cos θ, -cos φ cos θ);
  // with SENS_BOARD_X_OFF 3 and SENS_BOARD_Y_OFF -2 the remapped sample is level (0, 0, -g).
  void levelOffsetsLevelTheBoard() {
    fc_params_t p;
    fc_params_defaults(&p);
    p.value[FC_PARAM_SENS_BOARD_X_OFF] = 3.0f;
    p.value[FC_PARAM_SENS_BOARD_Y_OFF] = -2.0f;
    const double phi = 3 * kDeg, th = -2 * kDeg;
    fc_sensors_t s{};
    s.accel_mps2 = fc_v3(float(kG * std::sin(th)), float(-kG * std::sin(phi) * std::cos(th)),
                         float(-kG * std::cos(phi) * std::cos(th)));
    const fc_sensors_t b = fc_stage_sensor_remap(&p, &s);
    QVERIFY(std::fabs(b.accel_mps2.x) < 1e-5f);
    QVERIFY(std::fabs(b.accel_mps2.y) < 1e-5f);
    QVERIFY(std::fabs(b.accel_mps2.z + float(kG)) < 1e-5f);
  }

  void gyroOffsetsRecovered() {
    Core c;
    c.sensors.gyro_offset = {0.02, -0.02, 0.015};
    QCOMPARE(fc_start_calibration(&c.fc, FC_CAL_GYRO), FC_CAL_START_OK);
    c.hold(identity(), 2.5);
    // PX4's words: started (version 2), progress in 5 % steps, done.
    const std::vector<std::string> expected = {"[cal] calibration started: 2 gyro", "[cal] calibration done: gyro"};
    QCOMPARE(c.words(), expected);
    std::vector<int> steps;
    for (int n = 0; n <= 100; n += 5) steps.push_back(n);
    QCOMPARE(c.progress(), steps);
    qInfo("gyro: offsets (%.5f, %.5f, %.5f) rad/s for (0.02, -0.02, 0.015)", double(c.param("CAL_GYRO_XOFF")),
          double(c.param("CAL_GYRO_YOFF")), double(c.param("CAL_GYRO_ZOFF")));
    QVERIFY(std::fabs(c.param("CAL_GYRO_XOFF") - 0.02f) < 1e-3f);
    QVERIFY(std::fabs(c.param("CAL_GYRO_YOFF") + 0.02f) < 1e-3f);
    QVERIFY(std::fabs(c.param("CAL_GYRO_ZOFF") - 0.015f) < 1e-3f);
    // What the link is to announce: the three offsets.
    QCOMPARE(c.fc.state.cal.announce_first, int(FC_PARAM_CAL_GYRO_XOFF));
    QCOMPARE(c.fc.state.cal.announce_count, 3);
  }

  // A calibration done makes the estimate align again from the corrected sensors: what it had
  // learned of the gyro's and the accelerometer's biases made up for the old errors.
  void doneCalibrationRealignsTheEstimate() {
    Core c;
    c.hold(identity(), 1.0);
    QVERIFY(c.fc.state.att.initialised);
    c.fc.state.att.gyro_bias_B = fc_v3(0.01f, -0.01f, 0.02f);
    c.fc.state.att.accel_bias_B = fc_v3(0.3f, -0.3f, 0.0f);
    c.sensors.gyro_offset = {0.02, -0.02, 0.015};
    QCOMPARE(fc_start_calibration(&c.fc, FC_CAL_GYRO), FC_CAL_START_OK);
    c.hold(identity(), 2.5);
    QCOMPARE(c.words().back(), std::string("[cal] calibration done: gyro"));
    QVERIFY(c.fc.state.att.initialised);   // aligned again at the next step
    QVERIFY(c.fc.state.att.age_s < 0.6f);  // ... since the calibration ended, 2.5 s after it began
    QCOMPARE(c.fc.state.att.accel_bias_B.x, 0.0f);
    QCOMPARE(c.fc.state.att.accel_bias_B.y, 0.0f);
    QVERIFY(std::fabs(c.fc.state.att.gyro_bias_B.x - 0.01f) > 1e-3f);  // the old learned bias is gone
  }

  // Turned at 0.3 rad/s for half a second of the two: the gyro's spread (≈0.14 rad/s) is far over
  // FC_CAL_STILL_GYRO_RADPS; nothing is written.
  void gyroRefusedWhenMoved() {
    Core c;
    const fc_params_t before = c.fc.config.params;
    fc_start_calibration(&c.fc, FC_CAL_GYRO);
    c.hold(identity(), 1.0);
    c.hold(identity(), 0.5, {0.3, 0, 0});
    c.hold(identity(), 1.0);
    QCOMPARE(c.words().back(), std::string("[cal] calibration failed: motion detected"));
    QVERIFY(paramsEqual(before, c.fc.config.params));
    QCOMPARE(c.fc.state.cal.kind, FC_CAL_NONE);
  }

  void accelSixSidesRecovered() {
    Core c;
    accelErrors(c.sensors);
    QCOMPARE(fc_start_calibration(&c.fc, FC_CAL_ACCEL), FC_CAL_START_OK);
    const int order[6] = {5, 4, 0, 1, 2, 3};  // down, up, back, front, left, right
    std::vector<std::string> expected = {"[cal] calibration started: 2 accel", pending({}),
                                         "[cal] hold vehicle still on a pending side"};
    std::vector<int> done;
    for (int i = 0; i < 6; ++i) {
      if (i > 0) c.turn(order[i - 1], order[i], 1.0);
      c.hold(sideAttitude(order[i]), 4.0);
      const std::string side = fc_cal_side_name(order[i]);
      expected.push_back("[cal] " + side + " orientation detected");
      expected.push_back("[cal] " + side + " side done, rotate to a different side");
      done.push_back(order[i]);
      if (i < 5) {
        expected.push_back(pending(done));
        expected.push_back("[cal] hold vehicle still on a pending side");
      }
    }
    expected.push_back("[cal] calibration done: accel");
    QCOMPARE(c.words(), expected);
    const std::vector<int> p = c.progress();
    QVERIFY(!p.empty() && p.back() == 100 && std::is_sorted(p.begin(), p.end()));
    // M = K^-1, offsets as given.
    const Mat3 m = inverse(c.sensors.k);
    double worst = 0;
    for (int r = 0; r < 3; ++r)
      for (int k = 0; k < 3; ++k) {
        const std::string name = "CAL_ACC_M" + std::to_string(r) + std::to_string(k);
        worst = std::max(worst, std::fabs(c.param(name.c_str()) - m[r][k]));
        QVERIFY2(std::fabs(c.param(name.c_str()) - m[r][k]) < 5e-4, name.c_str());
      }
    qInfo("accel: matrix off by %.2e at most, offsets (%.4f, %.4f, %.4f) for (0.3, -0.3, 0.3)", worst,
          double(c.param("CAL_ACC_XOFF")), double(c.param("CAL_ACC_YOFF")), double(c.param("CAL_ACC_ZOFF")));
    QVERIFY(std::fabs(c.param("CAL_ACC_XOFF") - 0.3f) < 2e-3f);
    QVERIFY(std::fabs(c.param("CAL_ACC_YOFF") + 0.3f) < 2e-3f);
    QVERIFY(std::fabs(c.param("CAL_ACC_ZOFF") - 0.3f) < 2e-3f);
    QCOMPARE(c.fc.state.cal.announce_count, 12);
  }

  // Held on a side already done: PX4's "already completed", said once while it stays there.
  void accelSideHeldTwiceIsRefused() {
    Core c;
    fc_start_calibration(&c.fc, FC_CAL_ACCEL);
    c.hold(sideAttitude(5), 4.0);
    c.turn(5, 0, 1.0);
    c.turn(0, 5, 1.0);
    c.hold(sideAttitude(5), 4.0);
    const std::vector<std::string> expected = {"[cal] calibration started: 2 accel",
                                               pending({}),
                                               "[cal] hold vehicle still on a pending side",
                                               "[cal] down orientation detected",
                                               "[cal] down side done, rotate to a different side",
                                               pending({5}),
                                               "[cal] hold vehicle still on a pending side",
                                               "[cal] down side already completed"};
    QCOMPARE(c.words(), expected);
    QVERIFY(c.fc.state.cal.kind == FC_CAL_ACCEL);
  }

  // Three sides done, then the cancel: PX4's words, every parameter as it was, nothing announced.
  void cancelHalfWayKeepsThePreviousValues() {
    Core c;
    accelErrors(c.sensors);
    fc_set_param(&c.fc, FC_PARAM_CAL_ACC_XOFF, 0.25f);  // a previous calibration's value
    const fc_params_t before = c.fc.config.params;
    fc_start_calibration(&c.fc, FC_CAL_ACCEL);
    c.hold(sideAttitude(5), 4.0);
    c.turn(5, 4, 1.0);
    c.hold(sideAttitude(4), 4.0);
    c.turn(4, 0, 1.0);
    c.hold(sideAttitude(0), 4.0);
    QVERIFY(fc_cancel_calibration(&c.fc));
    c.hold(sideAttitude(0), 1.0);
    QCOMPARE(c.words().back(), std::string("[cal] calibration cancelled"));
    QVERIFY(paramsEqual(before, c.fc.config.params));
    QCOMPARE(c.fc.state.cal.announce_count, 0);
    QVERIFY(!fc_cancel_calibration(&c.fc));  // nothing left to cancel
  }

  void levelHorizonRecovered() {
    Core c;
    // The board sits rolled 3° and pitched -2° on the level vehicle.
    const Mat3 board = euler(3 * kDeg, -2 * kDeg, 0);
    QCOMPARE(fc_start_calibration(&c.fc, FC_CAL_LEVEL), FC_CAL_START_OK);
    c.hold(board, 2.5);
    const std::vector<std::string> expected = {"[cal] calibration started: 2 level", "[cal] calibration done: level"};
    QCOMPARE(c.words(), expected);
    qInfo("level: %.4f, %.4f deg for 3, -2", double(c.param("SENS_BOARD_X_OFF")), double(c.param("SENS_BOARD_Y_OFF")));
    QVERIFY(std::fabs(c.param("SENS_BOARD_X_OFF") - 3.0f) < 0.02f);
    QVERIFY(std::fabs(c.param("SENS_BOARD_Y_OFF") + 2.0f) < 0.02f);
  }

  void levelRefusedBeyondTenDegrees() {
    Core c;
    fc_start_calibration(&c.fc, FC_CAL_LEVEL);
    c.hold(euler(12 * kDeg, 0, 0), 2.5);
    QCOMPARE(c.words().back(), std::string("[cal] calibration failed: tilt over 10 deg"));
    QCOMPARE(c.param("SENS_BOARD_X_OFF"), 0.0f);
  }

  void magEllipsoidRecovered() {
    Core c;
    c.sensors.hard_iron = {0.2, -0.15, 0.1};
    c.sensors.d = {{{1.10, 0.04, -0.03}, {0.04, 0.92, 0.05}, {-0.03, 0.05, 1.00}}};  // soft iron ±10 %
    QCOMPARE(fc_start_calibration(&c.fc, FC_CAL_MAG), FC_CAL_START_OK);
    for (double t = 0; t < 118.0 && c.fc.state.cal.kind == FC_CAL_MAG; t += kStepUs * 1e-6) {
      // Tumbling: every direction of the field in turn (its last direction bin, counted about the
      // field's centre as seen by then, after 90-odd seconds; the run's limit is 120 s).
      c.t_us += kStepUs;
      c.step(c.sensors.sample(c.t_us, euler(0.9 * t, 1.4 * std::sin(0.23 * t), 1.7 * t), {0.9, 0.3, 1.7}));
    }
    const std::vector<std::string> w = c.words();
    QVERIFY2(w.size() == 3, w.empty() ? "" : w.back().c_str());
    QCOMPARE(w.front(), std::string("[cal] calibration started: 2 mag"));
    QVERIFY(w[1].rfind("[cal] mag fit rms ", 0) == 0);
    QCOMPARE(w.back(), std::string("[cal] calibration done: mag"));
    qInfo("%s; %d readings kept", w[1].c_str(), c.fc.state.cal.mag_count);
    QVERIFY(std::fabs(c.param("CAL_MAG_XOFF") - 0.2f) < 3e-3f);
    QVERIFY(std::fabs(c.param("CAL_MAG_YOFF") + 0.15f) < 3e-3f);
    QVERIFY(std::fabs(c.param("CAL_MAG_ZOFF") - 0.1f) < 3e-3f);
    // W ∝ D^-1, scaled to det W = 1 (fc_cal_fit.h).
    const Mat3 w_true = inverse(c.sensors.d);
    const double s = std::cbrt(det(c.sensors.d));
    const char* names[3][3] = {{"CAL_MAG_XSCALE", "CAL_MAG_XODIAG", "CAL_MAG_YODIAG"},
                               {"CAL_MAG_XODIAG", "CAL_MAG_YSCALE", "CAL_MAG_ZODIAG"},
                               {"CAL_MAG_YODIAG", "CAL_MAG_ZODIAG", "CAL_MAG_ZSCALE"}};
    double worst = 0;
    for (int r = 0; r < 3; ++r)
      for (int k = 0; k < 3; ++k) {
        worst = std::max(worst, std::fabs(c.param(names[r][k]) - w_true[r][k] * s));
        QVERIFY2(std::fabs(c.param(names[r][k]) - w_true[r][k] * s) < 6e-3, names[r][k]);
      }
    qInfo("mag: offsets (%.4f, %.4f, %.4f) G for (0.2, -0.15, 0.1); soft iron off by %.2e at most",
          double(c.param("CAL_MAG_XOFF")), double(c.param("CAL_MAG_YOFF")), double(c.param("CAL_MAG_ZOFF")), worst);
    QVERIFY(c.fc.state.cal.fit.rms < 0.005f);  // the noise, σ 0.002 G, and no model error
  }

  // Turned as the station's procedure and the simulator's hand turn it: a full turn about the
  // world's vertical on each of the six sides (the field sweeps six circles about the sensor's
  // axes, two per axis). The same offsets and matrix as the tumble's.
  void magSixTurnsAboutTheVerticalRecovered() {
    Core c;
    c.sensors.hard_iron = {0.2, -0.15, 0.1};
    c.sensors.d = {{{1.10, 0.04, -0.03}, {0.04, 0.92, 0.05}, {-0.03, 0.05, 1.00}}};
    QCOMPARE(fc_start_calibration(&c.fc, FC_CAL_MAG), FC_CAL_START_OK);
    const int sides[6] = {5, 3, 1, 4, 2, 0};  // down, right, front, up, left, back
    for (int round = 0; round < 2 && c.fc.state.cal.kind == FC_CAL_MAG; ++round)
      for (int side : sides)
        for (double t = 0; t < 8.0 && c.fc.state.cal.kind == FC_CAL_MAG; t += kStepUs * 1e-6) {
          c.t_us += kStepUs;
          const double yaw = 45.0 * kDeg * t;  // 45 °/s about the world's down axis
          c.step(c.sensors.sample(c.t_us, mul(rotZ(yaw), sideAttitude(side))));
        }
    const std::vector<std::string> w = c.words();
    QVERIFY2(!w.empty() && w.back() == "[cal] calibration done: mag", w.empty() ? "" : w.back().c_str());
    qInfo("six turns: %s; offsets (%.4f, %.4f, %.4f) G for (0.2, -0.15, 0.1)", w[w.size() - 2].c_str(),
          double(c.param("CAL_MAG_XOFF")), double(c.param("CAL_MAG_YOFF")), double(c.param("CAL_MAG_ZOFF")));
    QVERIFY(std::fabs(c.param("CAL_MAG_XOFF") - 0.2f) < 3e-3f);
    QVERIFY(std::fabs(c.param("CAL_MAG_YOFF") + 0.15f) < 3e-3f);
    QVERIFY(std::fabs(c.param("CAL_MAG_ZOFF") - 0.1f) < 3e-3f);
  }

  // Held still, the noise scatters the readings into every direction about their mean: none of it
  // counts (the vehicle has not turned), and the run fails at its timeout with nothing written.
  // With σ = 0.013 G a reading (the station's simulated magnetometer at 1 kHz), before the change
  // this filled every bin within seconds and "calibrated" the compass about the still reading.
  void magStillVehicleIsNoCoverage() {
    Core c;
    c.sensors.hard_iron = {0.2, -0.15, 0.1};
    c.sensors.mag_sigma = 0.013;
    const fc_params_t before = c.fc.config.params;
    QCOMPARE(fc_start_calibration(&c.fc, FC_CAL_MAG), FC_CAL_START_OK);
    c.hold(identity(), FC_CAL_MAG_TIMEOUT_S + 1.0);
    const std::vector<int> p = c.progress();
    QVERIFY(p.empty() || p.back() == 0);
    QVERIFY2(c.words().back().rfind("[cal] calibration failed: mag coverage ", 0) == 0, c.words().back().c_str());
    QVERIFY(paramsEqual(c.fc.config.params, before));
  }

  // Turned about the vertical only: the field's direction sweeps one cone, far from the
  // FC_CAL_DIRECTION_BINS needed, and after FC_CAL_MAG_TIMEOUT_S the run fails, nothing written.
  void magRefusedWithTooLittleCoverage() {
    Core c;
    const fc_params_t before = c.fc.config.params;
    fc_start_calibration(&c.fc, FC_CAL_MAG);
    for (double t = 0; t < 125.0; t += kStepUs * 1e-6) {
      c.t_us += kStepUs;
      c.step(c.sensors.sample(c.t_us, euler(0, 0, 0.5 * t), {0, 0, 0.5}));
    }
    const std::string last = c.words().back();
    qInfo("%s", last.c_str());
    QVERIFY2(last.rfind("[cal] calibration failed: mag coverage ", 0) == 0, last.c_str());
    QVERIFY(std::stoi(last.substr(39)) < FC_CAL_MAG_BINS_MIN);
    QVERIFY(paramsEqual(before, c.fc.config.params));
  }

  // A field disturbed by ±0.2 G along one axis while the vehicle turns (a current nearby switching):
  // the readings fill every bin but lie on no ellipsoid; the fit absorbs part of it, the rest stays over
  // FC_CAL_MAG_RMS_MAX_GAUSS.
  void magRefusedWhenTheFitIsPoor() {
    Core c;
    const fc_params_t before = c.fc.config.params;
    fc_start_calibration(&c.fc, FC_CAL_MAG);
    for (double t = 0; t < 118.0 && c.fc.state.cal.kind == FC_CAL_MAG; t += kStepUs * 1e-6) {
      c.t_us += kStepUs;
      fc_sensors_t s = c.sensors.sample(c.t_us, euler(0.9 * t, 1.4 * std::sin(0.23 * t), 1.7 * t), {0.9, 0.3, 1.7});
      s.mag.x += float(0.2 * std::sin(2.9 * t));
      c.step(s);
    }
    const std::string last = c.words().back();
    qInfo("%s", last.c_str());
    QVERIFY2(last.rfind("[cal] calibration failed: mag fit rms ", 0) == 0, last.c_str());
    QVERIFY(c.fc.state.cal.fit.rms > FC_CAL_MAG_RMS_MAX_GAUSS);
    QVERIFY(paramsEqual(before, c.fc.config.params));
  }

  // The sensor's clock going back mid-run (a restarted simulator without its reset flag) ends it.
  void timeGoingBackEndsTheRun() {
    Core c;
    fc_start_calibration(&c.fc, FC_CAL_GYRO);
    c.hold(identity(), 1.0);
    c.t_us -= 500'000;
    c.hold(identity(), 0.1);
    QCOMPARE(c.words().back(), std::string("[cal] calibration failed: time went back"));
  }

  // Armed: refused before it starts, no "[cal]" text; arming refused while one runs.
  void refusedWhileArmedAndArmingRefusedWhileCalibrating() {
    Core c;
    c.fc.state.armed = true;
    QCOMPARE(fc_start_calibration(&c.fc, FC_CAL_GYRO), FC_CAL_START_ARMED);
    c.drain();
    QVERIFY(c.texts.empty());
    c.fc.state.armed = false;
    QCOMPARE(fc_start_calibration(&c.fc, FC_CAL_GYRO), FC_CAL_START_OK);
    QCOMPARE(fc_start_calibration(&c.fc, FC_CAL_MAG), FC_CAL_START_BUSY);
    c.hold(identity(), 0.5);
    QCOMPARE(fc_arm(&c.fc, true, true), FC_ARM_REFUSED);
    c.drain();
    QCOMPARE(c.texts.back(), std::string("Arming refused: calibration in progress"));
  }
};

QTEST_APPLESS_MAIN(CalibrationTest)
#include "calibration_test.moc"
