// The BMP388 driver (firmware/drivers/bmp388.h) against a hand-worked compensation vector and the
// register-level chip model (firmware/chips/bmp388_model.h): the NVM coefficients and the
// datasheet's float compensation, the round trip through the model at sea level and at both ends
// of the operating range, SPI (with its dummy byte) and I2C, the health states with their
// messages, and which oversampling/rate pairs the chip accepts. The test owns the clock: the
// driver's delay_us advances the model's time.
#include "firmware/chips/bmp388_model.h"
#include "firmware/drivers/bmp388.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

namespace {

uint64_t modelNow(void* context) { return static_cast<bmp388_model_t*>(context)->now_us; }
void modelDelay(void* context, uint32_t us) { bmp388_model_advance_us(static_cast<bmp388_model_t*>(context), us); }

struct Rig {
  bmp388_model_t chip;
  bmp388_t baro;
  Rig() { bmp388_model_init(&chip); }
  bus_clock_t clock() { return bus_clock_t{modelNow, modelDelay, &chip}; }
  bool init(const bmp388_config_t& config = bmp388_config_default()) {
    return bmp388_init_spi(&baro, bmp388_model_spi(&chip), clock(), &config);
  }
  // Time passes (one 50 Hz period by default), then the driver reads.
  bmp388_read_t step(bmp388_sample_t* sample, uint32_t us = 20000) {
    bmp388_model_advance_us(&chip, us);
    return bmp388_read(&baro, sample);
  }
};

// The NVM bytes 0x31..0x45 of a real BMP388 (the model's default), and its words.
const uint8_t kNvm[BMP388_NVM_BYTES] = {0x23, 0x6B, 0x58, 0x49, 0xF6, 0x5C, 0xFF, 0xCE, 0xF4, 0x23, 0x00,
                                        0xEA, 0x63, 0x6E, 0x79, 0xF3, 0xF6, 0xAA, 0x43, 0x12, 0xC4};

bmp388_config_t config(uint8_t osr_p, uint8_t osr_t, float odr_hz, uint8_t iir = 3) {
  return bmp388_config_t{osr_p, osr_t, odr_hz, iir};
}

QString problem(const bmp388_config_t& c) {
  char text[BMP388_MESSAGE_CAPACITY];
  return bmp388_config_check(&c, text, sizeof text) ? QString() : QString(text);
}

}  // namespace

class Bmp388Test : public QObject {
  Q_OBJECT
 private slots:
  void coefficientsAreTheNvmWordsScaledByPowersOfTwo() {
    // Datasheet appendix (calibration coefficients). The words: T1 0x6B23 = 27427, T2 0x4958 =
    // 18776, T3 0xF6 = -10, P1 0xFF5C = -164, P5 0x63EA = 25578, P9 0x43AA = 17322, P11 0xC4 = -60.
    // Every product below is exact in float (a small integer times a power of two).
    bmp388_calibration_t c;
    bmp388_calibration_from_nvm(kNvm, &c);
    QCOMPARE(c.par_t1, 27427.0f * 256.0f);                    // T1 / 2^-8 = 7021312
    QCOMPARE(c.par_t2, std::ldexp(18776.0f, -30));            // 1.7486513e-5
    QCOMPARE(c.par_t3, std::ldexp(-10.0f, -48));              // -3.5527137e-14
    QCOMPARE(c.par_p1, std::ldexp(-164.0f - 16384.0f, -20));  // (P1 - 2^14) / 2^20 = -0.0157814
    QCOMPARE(c.par_p2, std::ldexp(-2866.0f - 16384.0f, -29));
    QCOMPARE(c.par_p4, 0.0f);
    QCOMPARE(c.par_p5, 25578.0f * 8.0f);  // P5 / 2^-3 = 204624
    QCOMPARE(c.par_p6, 31086.0f / 64.0f);
    QCOMPARE(c.par_p9, std::ldexp(17322.0f, -48));
    QCOMPARE(c.par_p11, std::ldexp(-60.0f, -65));  // -1.6263033e-18
  }

  void compensationGivesTheHandWorkedVector() {
    // DATA 0x04..0x09 = 97 9F 6D 73 D8 85: raw pressure 0x6D9F97 = 7184279, raw temperature
    // 0x85D873 = 8771699. Worked by hand from the datasheet's formulas with the coefficients above,
    // in exact rational arithmetic (python3 fractions):
    //   partial_data1 = 8771699 - 7021312 = 1750387
    //   t_lin = 1750387 * T2 + 1750387^2 * T3 = 30.60813 - 0.10885 = 30.4993145 C
    //   out1 = P5 + P6 t + P7 t^2 + P8 t^3 = 204624 + 14813.77 - 47.24 - 8.70 = 219382.194
    //   out2 = 7184279 * (P1 + P2 t + P3 t^2 + P4 t^3) = -121180.131
    //   out3 = 7184279^2 (P9 + P10 t) + 7184279^3 P11 = 3277.06 - 603.12 = 2673.943
    //   p = 219382.194 - 121180.131 + 2673.943 = 100876.0063 Pa
    // (the same reading decodes to 100876.006 Pa and 30.4993 C in Bosch's double-precision
    // reference). Tolerances: float rounding of terms near 2.2e5 Pa (6e-8 relative) is about
    // 0.03 Pa; of the temperature 1e-5 C.
    bmp388_calibration_t c;
    bmp388_calibration_from_nvm(kNvm, &c);
    const float t = bmp388_compensate_temperature_c(&c, 8771699u);
    QVERIFY2(std::fabs(t - 30.4993145f) < 1e-4f, qPrintable(QString::number(t, 'f', 6)));
    const float p = bmp388_compensate_pressure_pa(&c, 7184279u, t);
    QVERIFY2(std::fabs(p - 100876.0063f) < 0.1f, qPrintable(QString::number(p, 'f', 3)));
  }

  void theModelAnswersSpiWithADummyByte() {
    // Datasheet, SPI: after the address byte of a read the chip sends one dummy byte, then the data.
    bmp388_model_t chip;
    bmp388_model_init(&chip);
    const uint8_t tx[4] = {0x80, 0, 0, 0};  // read CHIP_ID, REV_ID
    uint8_t rx[4] = {};
    QVERIFY(bmp388_model_transfer(&chip, tx, rx, 4));
    QCOMPARE(rx[2], uint8_t{0x50});
    QCOMPARE(rx[3], uint8_t{0x01});
  }

  void readsBackThePhysicalInputsAcrossTheRange() {
    // The model inverts the compensation to the nearest raw count (about 0.016 Pa, 0.00002 C), so
    // the driver returns the inputs within the model's stated 0.1 Pa and 0.001 C.
    struct Case {
      float pressure_pa, temperature_c;
    };
    const Case cases[] = {{101325.0f, 25.0f},  // ISA sea level
                          {30000.0f, 25.0f},   // 300 hPa, the operating range's low end
                          {125000.0f, 25.0f},  // 1250 hPa, its high end
                          {101325.0f, -40.0f},
                          {101325.0f, 85.0f}};
    for (const Case& k : cases) {
      Rig rig;
      rig.chip.pressure_pa = k.pressure_pa;
      rig.chip.temperature_c = k.temperature_c;
      QVERIFY2(rig.init(), bmp388_message(&rig.baro));
      bmp388_sample_t s;
      QCOMPARE(rig.step(&s), BMP388_READ_NEW);
      const QString what = QString("%1 Pa %2 C read %3 Pa %4 C")
                               .arg(k.pressure_pa)
                               .arg(k.temperature_c)
                               .arg(s.pressure_pa, 0, 'f', 3)
                               .arg(s.temperature_c, 0, 'f', 5);
      QVERIFY2(std::fabs(s.pressure_pa - k.pressure_pa) < 0.1f, qPrintable(what));
      QVERIFY2(std::fabs(s.temperature_c - k.temperature_c) < 0.001f, qPrintable(what));
      QCOMPARE(bmp388_health(&rig.baro), BMP388_HEALTH_OK);
    }
  }

  void theModelInvertsTheCompensationOverTheOperatingRange() {
    // The model's stated tolerance (0.1 Pa, 0.001 C) over a grid of the operating range
    // (300..1250 hPa, -40..85 C). One raw count is about 0.016 Pa and 0.00002 C; the worst case is
    // printed for the design note.
    bmp388_model_t chip;
    bmp388_model_init(&chip);
    bmp388_calibration_t c;
    bmp388_calibration_from_nvm(chip.nvm, &c);
    double worst_pa = 0.0, worst_c = 0.0;
    for (float p = 30000.0f; p <= 125000.0f; p += 2500.0f) {
      for (float t = -40.0f; t <= 85.0f; t += 12.5f) {
        uint32_t raw_p = 0, raw_t = 0;
        bmp388_model_raw(&chip, p, t, &raw_p, &raw_t);
        const float t_back = bmp388_compensate_temperature_c(&c, raw_t);
        const float p_back = bmp388_compensate_pressure_pa(&c, raw_p, t_back);
        worst_pa = std::max(worst_pa, std::fabs(double(p_back) - p));
        worst_c = std::max(worst_c, std::fabs(double(t_back) - t));
      }
    }
    qInfo("worst round trip over the grid: %.4f Pa, %.6f C", worst_pa, worst_c);
    QVERIFY(worst_pa < 0.1);
    QVERIFY(worst_c < 0.001);
  }

  void theInitSequenceLeavesTheChipInNormalMode() {
    Rig rig;
    QVERIFY(rig.init(config(8, 1, 50.0f, 3)));
    QCOMPARE(QString(bmp388_message(&rig.baro)), QString("BMP388: ok"));
    QCOMPARE(rig.chip.reg[0x1B], uint8_t{0x33});  // PWR_CTRL: press_en, temp_en, normal
    QCOMPARE(rig.chip.reg[0x1C], uint8_t{0x03});  // OSR: osr_p x8 (011), osr_t x1 (000)
    QCOMPARE(rig.chip.reg[0x1D], uint8_t{0x02});  // ODR: 200 / 2^2 = 50 Hz
    QCOMPARE(rig.chip.reg[0x1F], uint8_t{0x04});  // CONFIG: iir_filter 2 = coefficient 3
    // 50 Hz: one new sample per 20 ms period, none in between (data-ready cleared by the read).
    bmp388_sample_t s;
    QCOMPARE(rig.step(&s), BMP388_READ_NEW);
    QCOMPARE(rig.step(&s, 5000), BMP388_READ_NONE);
    QCOMPARE(rig.step(&s, 15000), BMP388_READ_NEW);
  }

  void worksOnI2cAndSpiLocksI2cOut() {
    Rig rig;
    rig.chip.pressure_pa = 90000.0f;
    const bmp388_config_t c = bmp388_config_default();
    QVERIFY(bmp388_init_i2c(&rig.baro, bmp388_model_i2c(&rig.chip), 0x76, rig.clock(), &c));
    bmp388_sample_t s;
    QCOMPARE(rig.step(&s), BMP388_READ_NEW);
    QVERIFY(std::fabs(s.pressure_pa - 90000.0f) < 0.1f);
    // A wrong address is not acknowledged; after one SPI transaction (datasheet: chip select low
    // once selects SPI until power-off) the chip no longer answers I2C.
    bmp388_t other;
    QVERIFY(!bmp388_init_i2c(&other, bmp388_model_i2c(&rig.chip), 0x77, rig.clock(), &c));
    QCOMPARE(QString(bmp388_message(&other)), QString("BMP388: not answering (bus error)"));
    const uint8_t tx[3] = {0x80, 0, 0};
    uint8_t rx[3];
    bmp388_model_transfer(&rig.chip, tx, rx, 3);
    QCOMPARE(bmp388_read(&rig.baro, &s), BMP388_READ_FAILED);
    QCOMPARE(bmp388_health(&rig.baro), BMP388_HEALTH_NOT_ANSWERING);
  }

  void silentAndWrongChipsAreNamed() {
    Rig silent;
    silent.chip.fault = BMP388_MODEL_FAULT_NO_ANSWER;
    QVERIFY(!silent.init());
    QCOMPARE(QString(bmp388_message(&silent.baro)), QString("BMP388: not answering (reads 0xFF)"));
    Rig broken;
    broken.chip.fault = BMP388_MODEL_FAULT_BUS_ERROR;
    QVERIFY(!broken.init());
    QCOMPARE(bmp388_health(&broken.baro), BMP388_HEALTH_NOT_ANSWERING);
    QCOMPARE(QString(bmp388_message(&broken.baro)), QString("BMP388: not answering (bus error)"));
    Rig wrong;
    wrong.chip.fault = BMP388_MODEL_FAULT_WRONG_ID;  // a BMP390 reads 0x60
    QVERIFY(!wrong.init());
    QCOMPARE(bmp388_health(&wrong.baro), BMP388_HEALTH_WRONG_IDENTITY);
    QCOMPARE(QString(bmp388_message(&wrong.baro)), QString("BMP388: wrong identity 0x60 (expected 0x50)"));
    bmp388_sample_t s;
    QCOMPARE(bmp388_read(&wrong.baro, &s), BMP388_READ_FAILED);  // not initialised
  }

  void errorRegisterBitsAreNamed() {
    // ERR_REG fatal_err (bit 0) at start-up: the reset is not trusted.
    Rig atStart;
    atStart.chip.fault = BMP388_MODEL_FAULT_FATAL;
    QVERIFY(!atStart.init());
    QCOMPARE(bmp388_health(&atStart.baro), BMP388_HEALTH_CHIP_ERROR);
    QCOMPARE(QString(bmp388_message(&atStart.baro)), QString("BMP388: soft reset failed, error register 0x01 (fatal)"));
    // In flight: every read with the bit set is refused; cleared, the next sample is good again.
    Rig rig;
    QVERIFY(rig.init());
    bmp388_sample_t s;
    QCOMPARE(rig.step(&s), BMP388_READ_NEW);
    rig.chip.fault = BMP388_MODEL_FAULT_FATAL;
    QCOMPARE(rig.step(&s), BMP388_READ_FAILED);
    QCOMPARE(QString(bmp388_message(&rig.baro)), QString("BMP388: error register 0x01 (fatal)"));
    rig.chip.fault = BMP388_MODEL_FAULT_NONE;
    // A command the chip does not know sets cmd_err (cleared when read).
    const uint8_t bad_command[2] = {0x7E, 0x55};
    bmp388_model_transfer(&rig.chip, bad_command, nullptr, 2);
    QCOMPARE(rig.step(&s), BMP388_READ_FAILED);
    QCOMPARE(QString(bmp388_message(&rig.baro)), QString("BMP388: error register 0x02 (command)"));
    QCOMPARE(rig.step(&s), BMP388_READ_NEW);
    QCOMPARE(bmp388_health(&rig.baro), BMP388_HEALTH_OK);
  }

  void aStuckChipIsFound() {
    // Frozen data registers while data-ready still rises: the tenth identical 24-bit pair
    // (BMP388_STUCK_SAMPLES) makes it stuck; a changing pressure never does.
    Rig rig;
    QVERIFY(rig.init());
    bmp388_sample_t s;
    for (int i = 0; i < 50; ++i) {
      rig.chip.pressure_pa = 101325.0f + 0.5f * static_cast<float>(i % 7);
      QCOMPARE(rig.step(&s), BMP388_READ_NEW);
      QCOMPARE(bmp388_health(&rig.baro), BMP388_HEALTH_OK);
    }
    rig.chip.fault = BMP388_MODEL_FAULT_STUCK;
    for (int i = 0; i < 9; ++i) {
      rig.chip.pressure_pa = 100000.0f + static_cast<float>(i);
      QCOMPARE(rig.step(&s), BMP388_READ_NEW);
    }
    // The last sample before the fault counts as the first of the identical run.
    QCOMPARE(bmp388_health(&rig.baro), BMP388_HEALTH_STUCK);
    QCOMPARE(QString(bmp388_message(&rig.baro)), QString("BMP388: stuck (10 identical samples)"));
    rig.chip.fault = BMP388_MODEL_FAULT_NONE;
    QCOMPARE(rig.step(&s), BMP388_READ_NEW);
    QCOMPARE(bmp388_health(&rig.baro), BMP388_HEALTH_OK);
  }

  void aChipThatStopsMeasuringIsStuck() {
    // A reset behind the driver's back (a brown-out) leaves the chip in sleep: no data-ready for
    // 10 periods of 20 ms (BMP388_STALE_PERIODS at 50 Hz) is stuck.
    Rig rig;
    QVERIFY(rig.init());
    bmp388_sample_t s;
    QCOMPARE(rig.step(&s), BMP388_READ_NEW);
    const uint8_t reset[2] = {0x7E, 0xB6};
    bmp388_model_transfer(&rig.chip, reset, nullptr, 2);
    bmp388_model_advance_us(&rig.chip, 5000);
    for (int i = 0; i < 9; ++i) QCOMPARE(rig.step(&s), BMP388_READ_NONE);  // 185 ms after the last sample
    QCOMPARE(bmp388_health(&rig.baro), BMP388_HEALTH_OK);
    QCOMPARE(rig.step(&s), BMP388_READ_NONE);  // 205 ms
    QCOMPARE(bmp388_health(&rig.baro), BMP388_HEALTH_STUCK);
    QCOMPARE(QString(bmp388_message(&rig.baro)), QString("BMP388: stuck (no new sample for 200 ms)"));
  }

  void pressuresOutsideTheOperatingRangeAreFlagged() {
    // Datasheet operating range 300..1250 hPa; beyond it by more than 0.5 hPa is out of range.
    Rig rig;
    QVERIFY(rig.init());
    bmp388_sample_t s;
    rig.chip.pressure_pa = 29000.0f;
    QCOMPARE(rig.step(&s), BMP388_READ_NEW);
    QCOMPARE(bmp388_health(&rig.baro), BMP388_HEALTH_OUT_OF_RANGE);
    QCOMPARE(QString(bmp388_message(&rig.baro)),
             QString("BMP388: pressure 29000 Pa outside the operating range 30000..125000 Pa"));
    rig.chip.pressure_pa = 29960.0f;  // within the 50 Pa margin
    QCOMPARE(rig.step(&s), BMP388_READ_NEW);
    QCOMPARE(bmp388_health(&rig.baro), BMP388_HEALTH_OK);
    rig.chip.pressure_pa = 126000.0f;
    QCOMPARE(rig.step(&s), BMP388_READ_NEW);
    QCOMPARE(QString(bmp388_message(&rig.baro)),
             QString("BMP388: pressure 126000 Pa outside the operating range 30000..125000 Pa"));
    rig.chip.pressure_pa = 101325.0f;
    rig.chip.temperature_c = -45.0f;
    QCOMPARE(rig.step(&s), BMP388_READ_NEW);
    QCOMPARE(QString(bmp388_message(&rig.baro)),
             QString("BMP388: temperature -45 C outside the operating range -40..85 C"));
  }

  void oversamplingAndRateMustFit() {
    // Datasheet section 3.9.2: conversion = 234 + 392 + 2^osr_p * 2020 + 163 + 2^osr_t * 2020 us,
    // which must be shorter than the period 5000 * 2^odr_sel us.
    QCOMPARE(bmp388_conversion_time_us(1, 1), 4829u);    // < 5000: 200 Hz allowed
    QCOMPARE(bmp388_conversion_time_us(2, 1), 6849u);    // > 5000: 100 Hz at most
    QCOMPARE(bmp388_conversion_time_us(8, 1), 18969u);   // < 20000: 50 Hz
    QCOMPARE(bmp388_conversion_time_us(32, 1), 67449u);  // < 80000: 12.5 Hz
    QVERIFY(problem(config(1, 1, 200.0f)).isEmpty());
    QVERIFY(problem(config(8, 1, 50.0f)).isEmpty());
    QVERIFY(problem(config(32, 1, 12.5f)).isEmpty());
    QVERIFY(problem(config(32, 32, 200.0f / 131072.0f)).isEmpty());  // the slowest rate, odr_sel 17
    QCOMPARE(problem(config(2, 1, 200.0f)),
             QString("rate 200 Hz is too fast for pressure x2, temperature x1 (conversion 6849 us, period 5000 us)"));
    QCOMPARE(problem(config(8, 1, 100.0f)),
             QString("rate 100 Hz is too fast for pressure x8, temperature x1 (conversion 18969 us, period 10000 us)"));
    QCOMPARE(problem(config(32, 1, 25.0f)),
             QString("rate 25 Hz is too fast for pressure x32, temperature x1 (conversion 67449 us, period 40000 us)"));
    QCOMPARE(problem(config(3, 1, 50.0f)), QString("pressure oversampling x3 is not 1, 2, 4, 8, 16 or 32"));
    QCOMPARE(problem(config(8, 64, 50.0f)), QString("temperature oversampling x64 is not 1, 2, 4, 8, 16 or 32"));
    QCOMPARE(problem(config(8, 1, 50.0f, 2)), QString("IIR coefficient 2 is not 0, 1, 3, 7, 15, 31, 63 or 127"));
    QCOMPARE(problem(config(8, 1, 60.0f)),
             QString("rate 60 Hz is not 200 / 2^k Hz (200, 100, 50, 25, 12.5 ... 0.0015)"));
    QCOMPARE(problem(config(8, 1, NAN)),
             QString("rate (not a rate) Hz is not 200 / 2^k Hz (200, 100, 50, 25, 12.5 ... 0.0015)"));
    // The driver refuses such a config before touching the bus.
    Rig rig;
    QVERIFY(!rig.init(config(8, 1, 100.0f)));
    QCOMPARE(rig.chip.transfers, 0u);
    QCOMPARE(bmp388_health(&rig.baro), BMP388_HEALTH_CHIP_ERROR);
    QVERIFY(QString(bmp388_message(&rig.baro)).startsWith("BMP388: rate 100 Hz is too fast"));
  }

  void theChipRefusesNormalModeThatDoesNotFit() {
    // The same rule seen from the chip: x32 pressure at 200 Hz sets ERR_REG conf_err and the mode
    // stays sleep (PWR_CTRL keeps only the enables, 0x03).
    bmp388_model_t chip;
    bmp388_model_init(&chip);
    const uint8_t writes[6] = {0x1C, 0x05, 0x1D, 0x00, 0x1B, 0x33};
    QVERIFY(bmp388_model_transfer(&chip, writes, nullptr, 6));
    uint8_t tx[3] = {0x80 | 0x1B, 0, 0}, rx[3] = {};
    bmp388_model_transfer(&chip, tx, rx, 3);
    QCOMPARE(rx[2], uint8_t{0x03});
    tx[0] = 0x80 | 0x02;
    bmp388_model_transfer(&chip, tx, rx, 3);
    QCOMPARE(rx[2], uint8_t{0x04});
  }
};

QTEST_APPLESS_MAIN(Bmp388Test)
#include "bmp388_test.moc"
