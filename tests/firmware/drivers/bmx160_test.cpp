// The BMX160 driver (firmware/drivers/bmx160.h) against the register-level chip model
// (firmware/chips/bmx160_model.h): the power-up sequence, the health states with their messages,
// the scaling against the datasheet's sensitivities, the mounting rotation, saturation, a stuck
// chip, the magnetometer through MAG_IF, and the gyro range helper. The test owns the clock: the
// driver's delay_us advances the model's time.
#include "firmware/chips/bmx160_model.h"
#include "firmware/drivers/bmx160.h"

#include <QtTest>

#include <cmath>
#include <cstring>

namespace {

constexpr float kG = 9.80665f;  // standard gravity: the datasheet's sensitivities are per g
constexpr float kRadPerDeg = 0.017453292519943295f;

uint64_t modelNow(void* context) { return static_cast<bmx160_model_t*>(context)->now_us; }
void modelDelay(void* context, uint32_t us) { bmx160_model_advance_us(static_cast<bmx160_model_t*>(context), us); }

struct Rig {
  bmx160_model_t chip;
  bmx160_t imu;
  Rig() { bmx160_model_init(&chip); }
  bool init(const bmx160_config_t& config) {
    return bmx160_init(&imu, bmx160_model_spi(&chip), bus_clock_t{modelNow, modelDelay, &chip}, &config);
  }
  // One loop period of the flight code: time passes, then the driver reads.
  bmx160_read_t step(bmx160_sample_t* sample, uint32_t us = 1000) {
    bmx160_model_advance_us(&chip, us);
    return bmx160_read(&imu, sample);
  }
  // Reads until a magnetometer sample of the present field arrives: one period of the 50 Hz
  // magnetometer (20 ms) first, so that one taken before the field was set is not taken for it.
  bool stepUntilMag(bmx160_sample_t* sample) {
    bmx160_model_advance_us(&chip, 20000);
    for (int i = 0; i < 40; ++i) {
      if (step(sample) == BMX160_READ_NEW && sample->mag_fresh) return true;
    }
    return false;
  }
};

bmx160_config_t config(uint8_t accel_g, uint16_t gyro_dps, int rotation = 0) {
  bmx160_config_t c = bmx160_config_default();
  c.accel_range_g = accel_g;
  c.gyro_range_dps = gyro_dps;
  c.rotation = rotation;
  return c;
}

const bmx160_config_t kDefault = bmx160_config_default();

// The model behind a faulty bus: writes to one register are lost, or STATUS always reads with
// mag_man_op (bit 2) set.
struct LossyBus {
  bmx160_model_t* chip;
  uint8_t lost_register;
  bool magnetometer_busy;
  static bool transfer(void* context, const uint8_t* tx, uint8_t* rx, size_t length) {
    auto* self = static_cast<LossyBus*>(context);
    const bool write = length >= 2 && (tx[0] & 0x80) == 0;
    if (!self->magnetometer_busy && write && tx[0] == self->lost_register) {
      if (rx) std::memset(rx, 0, length);
      return true;
    }
    if (!bmx160_model_transfer(self->chip, tx, rx, length)) return false;
    if (self->magnetometer_busy && rx && length == 2 && tx[0] == (0x1B | 0x80)) rx[1] |= 0x04;
    return true;
  }
  bus_spi_t spi() { return bus_spi_t{transfer, this}; }
};

uint8_t rawRead(bmx160_model_t* chip, uint8_t reg) {
  uint8_t tx[2] = {static_cast<uint8_t>(reg | 0x80), 0};
  uint8_t rx[2] = {0, 0};
  bmx160_model_transfer(chip, tx, rx, 2);
  return rx[1];
}

void rawWrite(bmx160_model_t* chip, uint8_t reg, uint8_t value) {
  const uint8_t tx[2] = {reg, value};
  bmx160_model_transfer(chip, tx, nullptr, 2);
}

}  // namespace

class Bmx160Test : public QObject {
  Q_OBJECT
 private slots:
  void theChipAnswersSpiOnlyAfterTheSelectingRead() {
    // Datasheet (primary interface): I2C after power-up and after a soft reset until a rising CSB
    // edge; the selecting transaction itself is not answered.
    bmx160_model_t chip;
    bmx160_model_init(&chip);
    QCOMPARE(rawRead(&chip, 0x00), uint8_t{0xFF});
    QCOMPARE(rawRead(&chip, 0x00), uint8_t{0xD8});
    rawWrite(&chip, 0x7E, 0xB6);  // soft reset
    bmx160_model_advance_us(&chip, 1000);
    QCOMPARE(rawRead(&chip, 0x00), uint8_t{0xFF});
    QCOMPARE(rawRead(&chip, 0x00), uint8_t{0xD8});
  }

  void theModelHoldsTheDriverToTheStartUpTimes() {
    // A PMU command while another starts is dropped (ERR_REG bit 6), so a driver that did not wait
    // the gyroscope's 80 ms would find PMU_STATUS short of 0x15; writes in suspend closer than
    // 450 us are lost.
    bmx160_model_t chip;
    bmx160_model_init(&chip);
    rawRead(&chip, 0x7F);
    rawWrite(&chip, 0x7E, 0x11);
    rawWrite(&chip, 0x7E, 0x15);  // 0 us later: lost as a close write in suspend
    QCOMPARE(chip.writes_lost, 1u);
    bmx160_model_advance_us(&chip, 500);
    rawWrite(&chip, 0x7E, 0x15);  // accelerometer still starting (3.8 ms): dropped
    QCOMPARE(rawRead(&chip, 0x02) & 0x40, 0x40);
    bmx160_model_advance_us(&chip, 4000);
    QCOMPARE(rawRead(&chip, 0x03), uint8_t{0x10});  // accelerometer normal only
  }

  void initRunsTheWholeSequence() {
    Rig rig;
    QVERIFY(rig.init(bmx160_config_default()));
    QCOMPARE(bmx160_health(&rig.imu), BMX160_HEALTH_OK);
    QCOMPARE(QString(bmx160_message(&rig.imu)), QString("BMX160: ok"));
    // Register values from the datasheet's tables: ACC_CONF = bwp normal (0x20) | 1600 Hz (0x0C),
    // ACC_RANGE 8 g = 0x08, GYR_RANGE 2000 deg/s = 0x00, MAG_CONF 50 Hz = 0x07, MAG_IF[0] data
    // mode with an 8-byte burst = 0x03, PMU_STATUS all normal = 0x15.
    QCOMPARE(rig.chip.reg[0x40], uint8_t{0x2C});
    QCOMPARE(rig.chip.reg[0x41], uint8_t{0x08});
    QCOMPARE(rig.chip.reg[0x43], uint8_t{0x00});
    QCOMPARE(rig.chip.reg[0x44], uint8_t{0x07});
    QCOMPARE(rig.chip.reg[0x4C], uint8_t{0x03});
    QCOMPARE(rawRead(&rig.chip, 0x03), uint8_t{0x15});
    QCOMPARE(rawRead(&rig.chip, 0x02), uint8_t{0x00});
    QCOMPARE(rig.chip.writes_lost, 0u);
    // The BMM150 was powered, set to the regular preset (REPXY 0x04, REPZ 0x0E), and its trims
    // reached the driver unchanged.
    QCOMPARE(rig.chip.bmm[0x4B - 0x40], uint8_t{0x01});
    QCOMPARE(rig.chip.bmm[0x51 - 0x40], uint8_t{0x04});
    QCOMPARE(rig.chip.bmm[0x52 - 0x40], uint8_t{0x0E});
    QVERIFY(std::memcmp(&rig.imu.trim, &rig.chip.trim, sizeof rig.imu.trim) == 0);
    // It waited through the clock for the gyroscope's start-up (80 ms) and no longer than needed.
    QVERIFY(rig.chip.now_us >= 80000 && rig.chip.now_us < 150000);
  }

  void aWrongIdentityIsNamed() {
    Rig rig;
    rig.chip.fault = BMX160_MODEL_FAULT_WRONG_ID;  // reads 0xD1, a BMI160's id
    QVERIFY(!rig.init(bmx160_config_default()));
    QCOMPARE(bmx160_health(&rig.imu), BMX160_HEALTH_WRONG_IDENTITY);
    QCOMPARE(QString(bmx160_message(&rig.imu)), QString("BMX160: wrong identity 0xD1 (expected 0xD8)"));
    QCOMPARE(rig.imu.identity_read, uint8_t{0xD1});
    bmx160_sample_t s;
    QCOMPARE(bmx160_read(&rig.imu, &s), BMX160_READ_FAILED);

    Rig mag;
    mag.chip.bmm150_id = 0x31;
    QVERIFY(!mag.init(bmx160_config_default()));
    QCOMPARE(bmx160_health(&mag.imu), BMX160_HEALTH_WRONG_IDENTITY);
    QCOMPARE(QString(bmx160_message(&mag.imu)),
             QString("BMX160: magnetometer BMM150 wrong identity 0x31 (expected 0x32)"));
  }

  void aSilentChipIsNotAnswering() {
    Rig high;
    high.chip.fault = BMX160_MODEL_FAULT_NO_ANSWER;  // MISO pulled up
    QVERIFY(!high.init(bmx160_config_default()));
    QCOMPARE(bmx160_health(&high.imu), BMX160_HEALTH_NOT_ANSWERING);
    QCOMPARE(QString(bmx160_message(&high.imu)), QString("BMX160: not answering (reads 0xFF)"));

    Rig low;
    low.chip.fault = BMX160_MODEL_FAULT_NO_ANSWER;
    low.chip.no_answer_byte = 0x00;  // MISO pulled down
    QVERIFY(!low.init(bmx160_config_default()));
    QCOMPARE(QString(bmx160_message(&low.imu)), QString("BMX160: not answering (reads 0x00)"));

    Rig bus;
    bus.chip.fault = BMX160_MODEL_FAULT_BUS_ERROR;
    QVERIFY(!bus.init(bmx160_config_default()));
    QCOMPARE(bmx160_health(&bus.imu), BMX160_HEALTH_NOT_ANSWERING);
    QCOMPARE(QString(bmx160_message(&bus.imu)), QString("BMX160: not answering (bus error)"));

    // A chip that goes silent in flight.
    Rig flying;
    QVERIFY(flying.init(bmx160_config_default()));
    bmx160_sample_t s;
    QCOMPARE(flying.step(&s), BMX160_READ_NEW);
    flying.chip.fault = BMX160_MODEL_FAULT_NO_ANSWER;
    QCOMPARE(flying.step(&s), BMX160_READ_FAILED);
    QCOMPARE(bmx160_health(&flying.imu), BMX160_HEALTH_NOT_ANSWERING);
  }

  void chipErrorsNameWhatFailed() {
    // A write that never arrives (a bus that drops ACC_RANGE writes): the read-back finds the
    // reset value 0x03 (2 g) where 0x08 (8 g) was written.
    {
      Rig rig;
      LossyBus lossy{&rig.chip, 0x41, false};
      QVERIFY(!bmx160_init(&rig.imu, lossy.spi(), bus_clock_t{modelNow, modelDelay, &rig.chip}, &kDefault));
      QCOMPARE(bmx160_health(&rig.imu), BMX160_HEALTH_CHIP_ERROR);
      QCOMPARE(QString(bmx160_message(&rig.imu)), QString("BMX160: register 0x41 reads 0x03 after writing 0x08"));
    }
    // A MAG_IF access that never ends (STATUS.mag_man_op stuck high): 50 polls 100 us apart.
    {
      Rig rig;
      LossyBus busy{&rig.chip, 0x00, true};
      QVERIFY(!bmx160_init(&rig.imu, busy.spi(), bus_clock_t{modelNow, modelDelay, &rig.chip}, &kDefault));
      QCOMPARE(QString(bmx160_message(&rig.imu)), QString("BMX160: magnetometer BMM150 access timed out"));
    }
    // A BMM150 whose trim registers read zero: the compensation would divide by zero.
    {
      Rig rig;
      std::memset(&rig.chip.bmm[0x5D - 0x40], 0, 0x71 - 0x5D + 1);
      QVERIFY(!rig.init(kDefault));
      QCOMPARE(bmx160_health(&rig.imu), BMX160_HEALTH_CHIP_ERROR);
      QCOMPARE(QString(bmx160_message(&rig.imu)),
               QString("BMX160: magnetometer BMM150 trims unusable (dig_xyz1 0, dig_z1 0, dig_z2 0)"));
    }
  }

  void anInvalidConfigIsRefusedBeforeTheBus() {
    Rig rig;
    QVERIFY(!rig.init(config(3, 2000)));
    QCOMPARE(bmx160_health(&rig.imu), BMX160_HEALTH_CHIP_ERROR);
    QCOMPARE(QString(bmx160_message(&rig.imu)),
             QString("BMX160: configuration refused: accelerometer range 3 g is not 2, 4, 8 or 16"));
    QCOMPARE(rig.chip.transfers, 0u);
    char problem[BMX160_MESSAGE_CAPACITY];
    bmx160_config_t c = config(8, 300);
    QVERIFY(!bmx160_config_check(&c, problem, sizeof problem));
    QCOMPARE(QString(problem), QString("gyroscope range 300 deg/s is not 125, 250, 500, 1000 or 2000"));
    c = config(8, 2000, 26);
    QVERIFY(!bmx160_config_check(&c, problem, sizeof problem));
    QCOMPARE(QString(problem), QString("rotation 26 is not a MAV_SENSOR_ORIENTATION (0..25)"));
    c = config(8, 2000);
    c.accel_odr_hz = 3200;  // the accelerometer stops at 1600 Hz
    QVERIFY(!bmx160_config_check(&c, problem, sizeof problem));
    c.accel_odr_hz = 1600;
    c.gyro_odr_hz = 1000;  // not 25 * 2^k
    QVERIFY(!bmx160_config_check(&c, problem, sizeof problem));
    c.gyro_odr_hz = 3200;
    c.mag_odr_hz = 200;
    QVERIFY(!bmx160_config_check(&c, problem, sizeof problem));
    c.mag_odr_hz = 100;
    QVERIFY(bmx160_config_check(&c, problem, sizeof problem));
  }

  void oneGAtEightGReadsStandardGravity() {
    Rig rig;
    QVERIFY(rig.init(config(8, 2000)));
    rig.chip.specific_force_mps2[2] = kG;
    bmx160_sample_t s;
    QCOMPARE(rig.step(&s), BMX160_READ_NEW);
    // Datasheet sensitivity: 4096 LSB/g at +-8 g; one LSB is 8 g / 32768 = 0.0023942 m/s^2.
    QCOMPARE(s.raw_accel[2], int16_t{4096});
    const float lsb = 8.0f * kG / 32768.0f;
    QVERIFY2(std::fabs(s.accel_mps2[2] - kG) <= lsb, qPrintable(QString::number(s.accel_mps2[2], 'g', 9)));
    QVERIFY(std::fabs(s.accel_mps2[0]) <= lsb && std::fabs(s.accel_mps2[1]) <= lsb);
  }

  void oneRadianPerSecondAtTwoThousandDps() {
    Rig rig;
    QVERIFY(rig.init(config(8, 2000)));
    rig.chip.rate_radps[0] = 1.0f;
    bmx160_sample_t s;
    QCOMPARE(rig.step(&s), BMX160_READ_NEW);
    // Datasheet sensitivity: 16.4 LSB/(deg/s) at 2000 deg/s: 1 rad/s = 57.2958 deg/s = 939.65 -> 940.
    QCOMPARE(s.raw_gyro[0], int16_t{940});
    const float lsb = 1.0f / 16.4f * kRadPerDeg;  // 0.0010642 rad/s
    QVERIFY2(std::fabs(s.gyro_radps[0] - 1.0f) <= lsb, qPrintable(QString::number(s.gyro_radps[0], 'g', 9)));
    // The same rate at 125 deg/s: 262.4 LSB/(deg/s), 16 times finer.
    Rig fine;
    QVERIFY(fine.init(config(8, 125)));
    fine.chip.rate_radps[1] = 1.0f;
    QCOMPARE(fine.step(&s), BMX160_READ_NEW);
    QVERIFY(std::fabs(s.gyro_radps[1] - 1.0f) <= lsb / 16.0f);
  }

  void theMountingRotationTurnsEverySensor() {
    // YAW_90 (2): the chip's x lies along the body's y (MAV_SENSOR_ORIENTATION, sensor_rotation.h).
    Rig yaw;
    QVERIFY(yaw.init(config(8, 2000, 2)));
    yaw.chip.specific_force_mps2[0] = 5.0f;
    yaw.chip.rate_radps[0] = 0.5f;
    yaw.chip.field_gauss[0] = 0.2f;
    yaw.chip.field_gauss[1] = 0.1f;
    yaw.chip.field_gauss[2] = -0.4f;
    bmx160_sample_t s;
    QVERIFY(yaw.stepUntilMag(&s));
    const float accel_lsb = 8.0f * kG / 32768.0f, gyro_lsb = kRadPerDeg / 16.4f, mag_tol_gauss = 0.0019f;
    QVERIFY(std::fabs(s.accel_mps2[0]) <= accel_lsb && std::fabs(s.accel_mps2[1] - 5.0f) <= accel_lsb);
    QVERIFY(std::fabs(s.gyro_radps[0]) <= gyro_lsb && std::fabs(s.gyro_radps[1] - 0.5f) <= gyro_lsb);
    // chip (0.2, 0.1, -0.4) G -> body (-0.1, 0.2, -0.4) G, within half a BMM150 count (0.19 uT).
    QVERIFY(std::fabs(s.mag_gauss[0] + 0.1f) <= mag_tol_gauss && std::fabs(s.mag_gauss[1] - 0.2f) <= mag_tol_gauss);
    QVERIFY(std::fabs(s.mag_gauss[2] + 0.4f) <= mag_tol_gauss);
    // ROLL_180 (8): a chip top side up at rest feels +1 g on its z (up); the body (z down) -1 g.
    Rig roll;
    QVERIFY(roll.init(config(8, 2000, 8)));
    roll.chip.specific_force_mps2[2] = kG;
    roll.chip.rate_radps[1] = 0.25f;
    QCOMPARE(roll.step(&s), BMX160_READ_NEW);
    QVERIFY(std::fabs(s.accel_mps2[2] + kG) <= accel_lsb);
    QVERIFY(std::fabs(s.gyro_radps[1] + 0.25f) <= gyro_lsb);
  }

  void theMagnetometerReadsTheFieldThroughMagIf() {
    Rig rig;
    QVERIFY(rig.init(bmx160_config_default()));
    // The simulator's default field (sim/vehicle/vehicle_model.h: 0.21, 0.015, 0.42 G).
    rig.chip.field_gauss[0] = 0.21f;
    rig.chip.field_gauss[1] = 0.015f;
    rig.chip.field_gauss[2] = 0.42f;
    bmx160_sample_t s;
    QVERIFY(rig.stepUntilMag(&s));
    QVERIFY(s.mag_valid);
    // Half a count with the model's trims: 0.183 uT on x and y, 0.181 uT on z (docs/design/imu.md).
    const float tol_gauss = 0.0019f;
    QVERIFY2(std::fabs(s.mag_gauss[0] - 0.21f) <= tol_gauss, qPrintable(QString::number(s.mag_gauss[0], 'g', 9)));
    QVERIFY(std::fabs(s.mag_gauss[1] - 0.015f) <= tol_gauss);
    QVERIFY(std::fabs(s.mag_gauss[2] - 0.42f) <= tol_gauss);
    // Between magnetometer samples (50 Hz) the last field stays, not fresh.
    QCOMPARE(rig.step(&s), BMX160_READ_NEW);
    QVERIFY(!s.mag_fresh && s.mag_valid);
  }

  void aMagnetometerSampleBetweenInertialSamplesIsKept() {
    // Accelerometer and gyroscope at 25 Hz, magnetometer at 100 Hz, read every 1 ms. The BMX160
    // copies the magnetometer's data some time after the rate's tick (the model: 250 us), so its
    // data-ready rises alone, between accelerometer samples; the burst that finds it clears it,
    // and the field must still reach the next returned sample (every one of them).
    Rig rig;
    bmx160_config_t c = bmx160_config_default();
    c.accel_odr_hz = 25;
    c.gyro_odr_hz = 25;
    c.mag_odr_hz = 100;
    QVERIFY(rig.init(c));
    bmx160_sample_t s;
    int returned = 0, fresh = 0;
    for (int i = 0; i < 400; ++i) {
      rig.chip.field_gauss[1] = 0.1f + 0.001f * static_cast<float>(i);  // a turning vehicle
      rig.chip.rate_radps[2] = 0.01f * static_cast<float>(i);
      if (rig.step(&s) != BMX160_READ_NEW) continue;
      ++returned;
      if (s.mag_fresh) ++fresh;
      // The field of at most 10 ms ago (one magnetometer period): 10 reads * 0.001 G, + half a count.
      if (i > 20) QVERIFY(std::fabs(s.mag_gauss[1] - rig.chip.field_gauss[1]) <= 0.01f + 0.0019f);
    }
    QVERIFY2(returned >= 9 && returned <= 11, qPrintable(QString::number(returned)));  // 25 Hz for 0.4 s
    QVERIFY2(fresh >= returned - 1, qPrintable(QString("%1 of %2").arg(fresh).arg(returned)));
  }

  void aFieldBeyondTheRangeIsAnOverflow() {
    Rig rig;
    QVERIFY(rig.init(bmx160_config_default()));
    rig.chip.field_gauss[0] = 20.0f;  // 2000 uT: beyond the x axis's 13 bits (about 1500 uT here)
    bmx160_sample_t s;
    QVERIFY(rig.stepUntilMag(&s));
    QVERIFY(!s.mag_valid);
    QCOMPARE(bmx160_health(&rig.imu), BMX160_HEALTH_MAG_OVERFLOW);
    QCOMPARE(QString(bmx160_message(&rig.imu)), QString("BMX160: magnetometer BMM150 overflow"));
    rig.chip.field_gauss[0] = 0.2f;
    QVERIFY(rig.stepUntilMag(&s));
    QVERIFY(s.mag_valid);
    QCOMPARE(bmx160_health(&rig.imu), BMX160_HEALTH_OK);
  }

  void saturationIsFlaggedPerSensor() {
    Rig rig;
    QVERIFY(rig.init(config(16, 2000)));
    bmx160_sample_t s;
    rig.chip.specific_force_mps2[0] = 20.0f * kG;  // beyond 16 g: the register holds +32767
    QCOMPARE(rig.step(&s), BMX160_READ_NEW);
    QCOMPARE(s.raw_accel[0], int16_t{32767});
    QCOMPARE(bmx160_health(&rig.imu), BMX160_HEALTH_SATURATED);
    QCOMPARE(QString(bmx160_message(&rig.imu)), QString("BMX160: accelerometer saturated (range 16 g)"));
    rig.chip.specific_force_mps2[0] = 0.0f;
    rig.chip.rate_radps[2] = -40.0f;  // -2292 deg/s: beyond 2000, the register holds -32768
    QCOMPARE(rig.step(&s), BMX160_READ_NEW);
    QCOMPARE(s.raw_gyro[2], int16_t{-32768});
    QCOMPARE(QString(bmx160_message(&rig.imu)), QString("BMX160: gyroscope saturated (range 2000 deg/s)"));
    rig.chip.rate_radps[2] = 1.0f;
    QCOMPARE(rig.step(&s), BMX160_READ_NEW);
    QCOMPARE(bmx160_health(&rig.imu), BMX160_HEALTH_OK);
    rig.chip.fault = BMX160_MODEL_FAULT_SATURATED;
    QCOMPARE(rig.step(&s), BMX160_READ_NEW);
    QCOMPARE(bmx160_health(&rig.imu), BMX160_HEALTH_SATURATED);
  }

  void aStuckChipIsFlaggedAtTheTenthSample() {
    Rig rig;
    QVERIFY(rig.init(bmx160_config_default()));
    bmx160_sample_t s;
    // A working chip on a moving vehicle: 200 samples, never stuck.
    for (int i = 0; i < 200; ++i) {
      rig.chip.rate_radps[0] = 0.3f * std::sin(0.05f * static_cast<float>(i));
      rig.chip.specific_force_mps2[2] = kG + 0.5f * std::cos(0.05f * static_cast<float>(i));
      QCOMPARE(rig.step(&s), BMX160_READ_NEW);
      QCOMPARE(bmx160_health(&rig.imu), BMX160_HEALTH_OK);
    }
    // Frozen registers: the sample before the fault counts as the first of the run, so the ninth
    // read after it is the tenth identical sample (BMX160_STUCK_SAMPLES).
    rig.chip.fault = BMX160_MODEL_FAULT_STUCK;
    for (int i = 0; i < 8; ++i) {
      rig.chip.rate_radps[0] = 0.01f * static_cast<float>(i);
      QCOMPARE(rig.step(&s), BMX160_READ_NEW);
      QCOMPARE(bmx160_health(&rig.imu), BMX160_HEALTH_OK);
    }
    QCOMPARE(rig.step(&s), BMX160_READ_NEW);
    QCOMPARE(bmx160_health(&rig.imu), BMX160_HEALTH_STUCK);
    QCOMPARE(QString(bmx160_message(&rig.imu)), QString("BMX160: stuck (10 identical samples)"));
    rig.chip.fault = BMX160_MODEL_FAULT_NONE;
    QCOMPARE(rig.step(&s), BMX160_READ_NEW);
    QCOMPARE(bmx160_health(&rig.imu), BMX160_HEALTH_OK);
  }

  void dataReadyAndSensorTime() {
    Rig rig;
    QVERIFY(rig.init(bmx160_config_default()));
    bmx160_sample_t s;
    QCOMPARE(rig.step(&s), BMX160_READ_NEW);
    const uint64_t t0 = s.time_us;
    // Nothing new without time passing: the first read cleared data-ready.
    QCOMPARE(bmx160_read(&rig.imu, &s), BMX160_READ_NONE);
    // 100 reads 1 ms apart: the sensor time (39.0625 us counts) moves 100 ms, give or take a count.
    for (int i = 0; i < 100; ++i) {
      rig.chip.rate_radps[2] = 0.001f * static_cast<float>(i);
      QCOMPARE(rig.step(&s), BMX160_READ_NEW);
    }
    const double elapsed = static_cast<double>(s.time_us - t0);
    QVERIFY2(std::fabs(elapsed - 100000.0) <= 39.0625, qPrintable(QString::number(elapsed)));
  }

  void theGyroRangeHelperPicksTheSmallestCoveringRange() {
    uint16_t range = 0;
    // The BMX160's ranges: 125, 250, 500, 1000, 2000 deg/s (datasheet specification table).
    QVERIFY(bmx160_gyro_range_for_rate(100.0f, &range));  // lander_004's 100 deg/s
    QCOMPARE(range, uint16_t{125});
    QVERIFY(bmx160_gyro_range_for_rate(125.0f, &range));
    QCOMPARE(range, uint16_t{125});
    QVERIFY(bmx160_gyro_range_for_rate(125.5f, &range));
    QCOMPARE(range, uint16_t{250});
    QVERIFY(bmx160_gyro_range_for_rate(720.0f, &range));
    QCOMPARE(range, uint16_t{1000});
    QVERIFY(bmx160_gyro_range_for_rate(2000.0f, &range));
    QCOMPARE(range, uint16_t{2000});
    QVERIFY(!bmx160_gyro_range_for_rate(2500.0f, &range));
    QCOMPARE(range, uint16_t{2000});
    QVERIFY(!bmx160_gyro_range_for_rate(0.0f, &range));
    QVERIFY(!bmx160_gyro_range_for_rate(-10.0f, &range));
    QVERIFY(!bmx160_gyro_range_for_rate(NAN, &range));
    QVERIFY(!bmx160_gyro_range_for_rate(INFINITY, &range));
  }
};

QTEST_APPLESS_MAIN(Bmx160Test)
#include "bmx160_test.moc"
