// The board image's own-sensor path (firmware/hal/stm32f4/board_sensors.c) on the host, its buses
// served by the chip models of firmware/chips instead of SPI2 and ADC1 (QEMU has no chip there):
// the BMX160 and BMP388 that answer make the IMU drive the control step with their values; chips
// that do not answer are said and leave HIL_SENSOR in force; the battery monitor's result reaches
// the core. The HAL's three bus functions (board_spi.h, board.h) are this file's, on the models.
#include "firmware/chips/battery_model.h"
#include "firmware/chips/bmp388_model.h"
#include "firmware/chips/bmx160_model.h"
#include "firmware/hal/stm32f4/board_sensors.h"
#include "firmware/hal/stm32f4/board_spi.h"

#include <QtTest/QtTest>

#include <cmath>
#include <cstring>

namespace {

struct Models {
  bmx160_model_t imu;
  bmp388_model_t baro;
  battery_model_t battery;
  std::uint64_t now_us = 0;
  void advance(std::uint64_t us) {
    bmx160_model_advance_us(&imu, us);
    bmp388_model_advance_us(&baro, us);
    now_us += us;
  }
};

Models* g_models = nullptr;

std::uint64_t modelNow(void*) { return g_models->now_us; }
void modelDelay(void*, std::uint32_t us) { g_models->advance(us); }

}  // namespace

extern "C" {
bus_clock_t board_bus_clock(void) { return bus_clock_t{modelNow, modelDelay, nullptr}; }
bus_spi_t board_spi_bus(board_spi_device_t device) {
  return device == BOARD_SPI_BMX160 ? bmx160_model_spi(&g_models->imu) : bmp388_model_spi(&g_models->baro);
}
battery_adc_t board_adc_battery(void) { return battery_model_adc(&g_models->battery); }
}

class BoardSensorsTest : public QObject {
  Q_OBJECT

  Models m_;
  fc_t fc_{};
  board_sensors_t sensors_{};
  float pressure_pa_ = 101325.0f;

  void power(float pressure_pa) {
    g_models = &m_;
    bmx160_model_init(&m_.imu);
    bmp388_model_init(&m_.baro);
    battery_model_init(&m_.battery);
    m_.now_us = 0;
    // The board's wiring: the power module on ADC1 channels 10 (voltage) and 11 (current).
    m_.battery.voltage_channel = BOARD_ADC_BATTERY_VOLTAGE;
    m_.battery.current_channel = BOARD_ADC_BATTERY_CURRENT;
    m_.battery.current_a = 10.0f;
    const float force[3] = {0.0f, 0.0f, -9.80665f}, rate[3] = {0.1f, -0.2f, 0.3f}, field[3] = {0.2f, 0.0f, 0.4f};
    for (int i = 0; i < 3; ++i) {
      m_.imu.specific_force_mps2[i] = force[i];
      m_.imu.rate_radps[i] = rate[i];
      m_.imu.field_gauss[i] = field[i];
    }
    m_.baro.pressure_pa = pressure_pa_ = pressure_pa;
    m_.baro.temperature_c = 20.0f;
    fc_mixer_table_t mixer;
    fc_mixer_quad_x(&mixer);
    fc_init(&fc_, &mixer);
  }

  // Passes of the 1 kHz loop for `ms` milliseconds; the last IMU sample in *out, and how many came.
  int run(int ms, fc_sensors_t* out) {
    int samples = 0;
    fc_gps_t none{};
    for (int i = 0; i < ms; ++i) {
      // A vibration of +-0.01 m/s^2 (4 LSB) on x: a noise-free chip would read "stuck" (bmx160.h).
      m_.imu.specific_force_mps2[0] = i % 2 ? 0.01f : -0.01f;
      m_.baro.pressure_pa = pressure_pa_ + (i / 20 % 2 ? 0.5f : -0.5f);  // and +-0.5 Pa (0.045 m) on the barometer
      m_.advance(1000);
      fc_sensors_t s;
      if (board_sensors_pass(&sensors_, &fc_, &none, &s, m_.now_us)) {
        *out = s;
        ++samples;
      }
    }
    return samples;
  }

 private slots:
  void chipsThatAnswerDriveTheStep() {
    power(95000.0f);
    board_sensors_start(&sensors_, &fc_);
    QVERIFY(board_sensors_imu_drives(&sensors_));
    fc_sensors_t s{};
    // The BMX160 samples at 1600 Hz (bmx160_config_default): every 1 ms pass finds a new one.
    QCOMPARE(run(500, &s), 500);
    // One LSB: 8 g / 32768 = 0.0024 m/s^2, 2000 deg/s / 32768 = 0.00107 rad/s (bmx160.h's ranges).
    QVERIFY(std::abs(s.accel_mps2.z + 9.80665f) < 0.0025f);
    QVERIFY(std::abs(s.accel_mps2.x) < 0.0125f);
    QVERIFY(std::abs(s.gyro_radps.x - 0.1f) < 0.0011f);
    QVERIFY(std::abs(s.gyro_radps.y + 0.2f) < 0.0011f);
    QVERIFY(std::abs(s.gyro_radps.z - 0.3f) < 0.0011f);
    QVERIFY(s.mag_valid);
    QVERIFY(std::abs(s.mag.z / s.mag.x - 2.0f) < 0.02f);  // the field's direction (BMM150 0.3 uT steps)
    // The standard atmosphere at 95000 Pa: 44330.8 * (1 - (95000 / 101325)^(1 / 5.25588)) = 540.48 m.
    QVERIFY(s.baro_valid);
    const float want_m = 44330.8f * (1.0f - std::pow(95000.0f / 101325.0f, 1.0f / 5.25588f));
    QVERIFY2(std::abs(s.baro_alt_m - want_m) < 0.1f, qPrintable(QString::number(s.baro_alt_m)));
    for (int sensor : {FC_SENSOR_GYRO, FC_SENSOR_ACCEL, FC_SENSOR_MAG, FC_SENSOR_BARO}) {
      QVERIFY(fc_.state.health[sensor].reported);
      QCOMPARE(fc_.state.health[sensor].code, 0);
    }
  }

  void aPendingGpsFixGoesWithTheNextSample() {
    power(101325.0f);
    board_sensors_start(&sensors_, &fc_);
    fc_gps_t fix{};
    fix.fresh = true;
    fix.vel_ned_mps = fc_v3(1.0f, 2.0f, 3.0f);
    fc_sensors_t s{};
    m_.advance(1000);
    QVERIFY(board_sensors_pass(&sensors_, &fc_, &fix, &s, m_.now_us));
    QVERIFY(s.gps.fresh);
    QCOMPARE(s.gps.vel_ned_mps.y, 2.0f);
    QVERIFY(!fix.fresh);  // taken once
  }

  void chipsThatDoNotAnswerAreSaid() {
    power(101325.0f);
    m_.imu.fault = BMX160_MODEL_FAULT_NO_ANSWER;
    m_.imu.no_answer_byte = 0x00;  // MISO held low, as QEMU's empty SPI2 reads
    m_.baro.fault = BMP388_MODEL_FAULT_NO_ANSWER;
    board_sensors_start(&sensors_, &fc_);
    QVERIFY(!board_sensors_imu_drives(&sensors_));
    fc_sensors_t s{};
    QCOMPARE(run(100, &s), 0);
    QCOMPARE(fc_.state.health[FC_SENSOR_GYRO].code, int(BMX160_HEALTH_NOT_ANSWERING));
    QCOMPARE(QString(fc_.state.health[FC_SENSOR_GYRO].message),
             QString("Gyro: BMX160: not answering (reads 0x00), HIL_SENSOR in force"));
    QCOMPARE(fc_.state.health[FC_SENSOR_MAG].code, int(BMX160_HEALTH_NOT_ANSWERING));
    QCOMPARE(fc_.state.health[FC_SENSOR_BARO].code, int(BMP388_HEALTH_NOT_ANSWERING));
    const QString baro(fc_.state.health[FC_SENSOR_BARO].message);
    QVERIFY2(baro.startsWith("Barometer: BMP388: not answering") && baro.endsWith(", HIL_SENSOR in force"),
             qPrintable(baro));
  }

  void theBatteryReachesTheCore() {
    power(101325.0f);
    board_sensors_start(&sensors_, &fc_);
    fc_sensors_t s{};
    run(10000, &s);  // 10 s: ten times the monitor's 1 s filter
    QVERIFY(fc_.state.battery_set);
    // One count: 3.3 V / 4096 * 11 = 8.9 mV of pack voltage, 3.3 V / 4096 * 17 A/V = 13.7 mA
    // (battery_adc.h's scaling, BAT_V_DIV 11 and BAT_A_PER_V 17 by default); the filter has
    // settled to e^-10 of the step.
    QVERIFY2(std::abs(fc_.state.battery.voltage_v - 16.8f) < 0.01f,
             qPrintable(QString::number(fc_.state.battery.voltage_v)));
    QVERIFY2(std::abs(fc_.state.battery.current_a - 10.0f) < 0.015f,
             qPrintable(QString::number(fc_.state.battery.current_a)));
    QCOMPARE(int(fc_.state.battery.cell_count), 4);  // 16.8 V: 4 cells of at most 4.25 V
    QCOMPARE(fc_.state.health[FC_SENSOR_BATTERY].code, 0);
    m_.battery.fault = BATTERY_MODEL_FAULT_ADC_FAILS;
    run(200, &s);
    QCOMPARE(fc_.state.health[FC_SENSOR_BATTERY].code, int(BATTERY_HEALTH_ADC_FAILED));
    QCOMPARE(QString(fc_.state.health[FC_SENSOR_BATTERY].message),
             QString("Battery: ADC read failed (voltage channel 10)"));
  }
};

QTEST_APPLESS_MAIN(BoardSensorsTest)
#include "board_sensors_test.moc"
