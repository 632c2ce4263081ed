// The battery monitor (firmware/drivers/battery_adc.h) against the divider + ADC model
// (firmware/chips/battery_model.h): scaling within one ADC step, the low-pass filter's step
// response, charge and energy counted over a clock the test owns, cells, the remaining fraction
// from the voltage and from the capacity, the latched low/critical warnings, saturation, a
// disconnected pack, ADC failures, bad parameters, and the SYS_STATUS / BATTERY_STATUS values.
#include "firmware/chips/battery_model.h"
#include "firmware/drivers/battery_adc.h"

#include <QtTest>

#include <cmath>

namespace {

// One ADC step at 3.3 V and 12 bits (3.3 / 4096 V) seen through the divider of 11 and the
// current sensor's 17 A/V.
constexpr float kLsbV = 3.3f / 4096.0f;
constexpr float kBatteryLsbV = kLsbV * 11.0f;  // 8.862 mV
constexpr float kCurrentLsbA = kLsbV * 17.0f;  // 13.70 mA

struct Rig {
  battery_model_t pack;
  battery_t monitor;
  uint64_t now_us = 1000000;
  Rig() { battery_model_init(&pack); }
  bool init(const battery_config_t& config = battery_config_default()) {
    return battery_init(&monitor, battery_model_adc(&pack), &config);
  }
  // `seconds` of updates at 1 kHz.
  void run(double seconds) {
    const long steps = std::lround(seconds * 1000.0);
    for (long i = 0; i < steps; ++i) {
      now_us += 1000;
      battery_update(&monitor, now_us);
    }
  }
  const battery_state_t& state() const { return *battery_state(&monitor); }
  QString message() const { return QString(battery_message(&monitor)); }
};

battery_config_t withCapacity(float mah) {
  battery_config_t c = battery_config_default();
  c.capacity_mah = mah;
  return c;
}

QString problem(const battery_config_t& c) {
  char text[BATTERY_MESSAGE_CAPACITY];
  return battery_config_check(&c, text, sizeof text) ? QString() : QString(text);
}

}  // namespace

class BatteryTest : public QObject {
  Q_OBJECT
 private slots:
  void aChargedPackReadsBackWithinOneStep() {
    // 16.8 V / 11 = 1.52727 V at the pin = 1895.67 LSB of 0.806 mV: the ADC gives 1896 counts,
    // read back as 1896 * 3.3 / 4096 * 11 = 16.8029 V, within one step (8.86 mV) of 16.8 V.
    Rig rig;
    QVERIFY(rig.init());
    QVERIFY(battery_update(&rig.monitor, rig.now_us));
    QCOMPARE(rig.state().voltage_counts, uint16_t{1896});
    QVERIFY2(std::fabs(rig.state().voltage_v - 16.8f) < kBatteryLsbV,
             qPrintable(QString::number(rig.state().voltage_v)));
    QCOMPARE(rig.state().cell_count, uint8_t{4});  // ceil(16.8 / 4.25) = 4
    QCOMPARE(battery_health(&rig.monitor), BATTERY_HEALTH_OK);
    QCOMPARE(rig.message(), QString("Battery: ok"));
    // The same for the current: 10 A / 17 A/V = 0.5882 V = 730.12 LSB -> 730 counts = 9.9983 A.
    Rig loaded;
    loaded.pack.current_a = 10.0f;
    QVERIFY(loaded.init());
    QVERIFY(battery_update(&loaded.monitor, loaded.now_us));
    QCOMPARE(loaded.state().current_counts, uint16_t{730});
    QVERIFY(std::fabs(loaded.state().current_a - 10.0f) < kCurrentLsbA);
  }

  void theFilterFollowsAFirstOrderStep() {
    // Time constant 1 s, updates every 1 ms: alpha = dt / (tau + dt) = 1/1001, and after 1000
    // updates the step is 1 - (1000/1001)^1000 = 63.19 % done (the continuous 1 - 1/e = 63.21 %).
    Rig rig;
    QVERIFY(rig.init());
    battery_update(&rig.monitor, rig.now_us);
    const float before = rig.state().voltage_v;  // 1896 counts
    rig.pack.battery_v = 15.3f;                  // 1726 counts: 15.29634 V
    const float after = 1726.0f * kLsbV * 11.0f;
    rig.run(1.0);
    const float done = (before - rig.state().voltage_v) / (before - after);
    QVERIFY2(std::fabs(done - 0.63194f) < 0.0005f, qPrintable(QString::number(done, 'f', 5)));
  }

  void tenAmpsForThirtySixSecondsIsOneHundredMah() {
    // 10 A * 36 s = 360 C = 100 mAh (1 mAh = 3.6 C). The ADC reads 730 counts = 9.99829 A, so the
    // count is 99.983 mAh: within one current step's worth (13.7 mA * 36 s = 0.137 mAh) of 100.
    // Energy: 16.8029 V * 9.99829 A * 36 s = 6048.0 J = 60.48 hJ.
    Rig rig;
    rig.pack.current_a = 10.0f;
    QVERIFY(rig.init());
    battery_update(&rig.monitor, rig.now_us);  // the first reading starts the clock
    rig.run(36.0);
    const float expected_mah = 730.0f * kLsbV * 17.0f * 36.0f / 3.6f;
    QVERIFY2(std::fabs(rig.state().consumed_mah - expected_mah) < 0.001f,
             qPrintable(QString::number(rig.state().consumed_mah, 'f', 4)));
    QVERIFY(std::fabs(rig.state().consumed_mah - 100.0f) < kCurrentLsbA * 36.0f / 3.6f);
    QVERIFY(std::fabs(rig.state().consumed_j - 6048.0f) < 1.0f);
    battery_mavlink_t m;
    battery_mavlink(&rig.monitor, &m);
    QCOMPARE(m.current_consumed_mah, 100);
    QCOMPARE(m.energy_consumed_hj, 60);
    QCOMPARE(m.current_battery_ca, int16_t{1000});  // 9.998 A
  }

  void theClockIsTheCallersAndRepeatsCountNothing() {
    // Two updates at the same microsecond, or a clock that goes back, add no charge.
    Rig rig;
    rig.pack.current_a = 10.0f;
    QVERIFY(rig.init());
    battery_update(&rig.monitor, 5000000);
    battery_update(&rig.monitor, 5000000);
    battery_update(&rig.monitor, 4000000);
    QCOMPARE(rig.state().consumed_mah, 0.0f);
    battery_update(&rig.monitor, 4360000);  // 0.36 s at 9.998 A = 0.99983 mAh
    QVERIFY(std::fabs(rig.state().consumed_mah - 0.99983f) < 0.0001f);
  }

  void remainingFromTheVoltageCurve() {
    // No capacity: linear per cell between 3.6 V (0) and 4.05 V (1). 15.3 V reads 15.29634 V,
    // 3.82408 V per cell over 4 cells: (3.82408 - 3.6) / 0.45 = 49.80 %.
    Rig rig;
    rig.pack.battery_v = 15.3f;
    QVERIFY(rig.init());
    battery_update(&rig.monitor, rig.now_us);
    QCOMPARE(rig.state().remaining_source, BATTERY_REMAINING_VOLTAGE);
    QVERIFY(std::fabs(rig.state().remaining - 0.4980f) < 0.0005f);
    battery_mavlink_t m;
    battery_mavlink(&rig.monitor, &m);
    QCOMPARE(m.battery_remaining_pct, int8_t{50});
    // The sag under load is undone by the internal resistance: 20 mOhm * 20 A = 0.4 V on the pack.
    battery_config_t c = battery_config_default();
    c.internal_resistance_ohm = 0.02f;
    c.filter_tau_s = 0.0f;
    Rig sagging;
    sagging.pack.battery_v = 15.3f - 0.4f;
    sagging.pack.current_a = 20.0f;
    QVERIFY(sagging.init(c));
    battery_update(&sagging.monitor, sagging.now_us);
    QVERIFY2(std::fabs(sagging.state().remaining - 0.498f) < 0.01f,
             qPrintable(QString::number(sagging.state().remaining, 'f', 4)));
  }

  void remainingFromTheCapacityCountsDown() {
    // Capacity 1000 mAh, connected at 4.05 V per cell (16.2 V: 100 %), then 10 A for 36 s = 99.98
    // mAh: 90.0 % left. The filtered voltage is not used for it.
    Rig rig;
    rig.pack.battery_v = 16.2f;
    QVERIFY(rig.init(withCapacity(1000.0f)));
    battery_update(&rig.monitor, rig.now_us);
    QVERIFY(std::fabs(rig.state().remaining - 1.0f) < 0.001f);
    rig.pack.current_a = 10.0f;
    rig.pack.battery_v = 15.0f;  // sagging under load
    rig.run(36.0);
    QCOMPARE(rig.state().remaining_source, BATTERY_REMAINING_CAPACITY);
    QVERIFY2(std::fabs(rig.state().remaining - 0.9000f) < 0.0005f, qPrintable(QString::number(rig.state().remaining)));
    // Time left at this current: 900 mAh / 9.998 A = 324 s.
    battery_mavlink_t m;
    battery_mavlink(&rig.monitor, &m);
    QVERIFY(std::abs(m.time_remaining_s - 324) <= 1);
  }

  void cellsFromTheParameterOrEstimated() {
    Rig three;  // 12.6 V: a charged 3S, ceil(12.6 / 4.25) = 3
    three.pack.battery_v = 12.6f;
    QVERIFY(three.init());
    battery_update(&three.monitor, three.now_us);
    QCOMPARE(three.state().cell_count, uint8_t{3});
    battery_config_t c = battery_config_default();
    c.cell_count = 4;  // the same voltage on a 4S is a low pack: 3.15 V per cell
    Rig four;
    four.pack.battery_v = 12.6f;
    QVERIFY(four.init(c));
    battery_update(&four.monitor, four.now_us);
    QCOMPARE(four.state().cell_count, uint8_t{4});
    QCOMPARE(battery_health(&four.monitor), BATTERY_HEALTH_CRITICAL);
    QCOMPARE(four.message(), QString("Battery: critical (3.15 V per cell, threshold 3.30 V)"));
  }

  void lowAndCriticalLatch() {
    // Thresholds 3.50 V (low) and 3.30 V (critical) per cell on the filtered voltage; 4 cells.
    battery_config_t c = battery_config_default();
    c.cell_count = 4;
    c.filter_tau_s = 0.1f;
    Rig rig;
    rig.pack.battery_v = 14.2f;  // 3.549 V per cell
    QVERIFY(rig.init(c));
    rig.run(1.0);
    QCOMPARE(battery_health(&rig.monitor), BATTERY_HEALTH_OK);
    rig.pack.battery_v = 13.9f;  // 1568 counts: 13.8961 V, 3.474 V per cell
    rig.run(1.0);                // ten time constants: settled
    QCOMPARE(battery_health(&rig.monitor), BATTERY_HEALTH_LOW);
    QCOMPARE(rig.message(), QString("Battery: low (3.47 V per cell, threshold 3.50 V)"));
    rig.pack.battery_v = 13.1f;  // 1478 counts: 13.0985 V, 3.275 V per cell
    rig.run(1.0);
    QCOMPARE(battery_health(&rig.monitor), BATTERY_HEALTH_CRITICAL);
    QCOMPARE(rig.message(), QString("Battery: critical (3.27 V per cell, threshold 3.30 V)"));
    rig.pack.battery_v = 14.2f;  // the throttle drops, the voltage recovers: still critical
    rig.run(1.0);
    QCOMPARE(battery_health(&rig.monitor), BATTERY_HEALTH_CRITICAL);
    battery_mavlink_t m;
    battery_mavlink(&rig.monitor, &m);
    QCOMPARE(m.charge_state, uint8_t{3});  // MAV_BATTERY_CHARGE_STATE_CRITICAL
    // Unplugged and a fresh pack plugged in: a new connection starts clean.
    rig.pack.battery_v = 0.0f;
    rig.run(0.01);
    QCOMPARE(battery_health(&rig.monitor), BATTERY_HEALTH_NOT_CONNECTED);
    rig.pack.battery_v = 16.8f;
    rig.run(0.01);
    QCOMPARE(battery_health(&rig.monitor), BATTERY_HEALTH_OK);
  }

  void remainingThresholdsWhenCounting() {
    // 100 mAh capacity from full, 10 A: 15 % left after 85 mAh = 30.6 s, 7 % after 33.5 s.
    Rig rig;
    rig.pack.battery_v = 16.2f;
    rig.pack.current_a = 10.0f;
    QVERIFY(rig.init(withCapacity(100.0f)));
    battery_update(&rig.monitor, rig.now_us);
    rig.run(30.0);
    QCOMPARE(battery_health(&rig.monitor), BATTERY_HEALTH_OK);
    rig.run(1.0);
    QCOMPARE(battery_health(&rig.monitor), BATTERY_HEALTH_LOW);
    QCOMPARE(rig.message(), QString("Battery: low (14 % remaining, threshold 15 %)"));
    rig.run(3.0);
    QCOMPARE(battery_health(&rig.monitor), BATTERY_HEALTH_CRITICAL);
    QCOMPARE(rig.message(), QString("Battery: critical (6 % remaining, threshold 7 %)"));
  }

  void saturationIsNamed() {
    // 40 V / 11 = 3.64 V: above the 3.3 V reference, the ADC reads full scale 4095.
    Rig rig;
    rig.pack.battery_v = 40.0f;
    QVERIFY(rig.init());
    battery_update(&rig.monitor, rig.now_us);
    QCOMPARE(rig.state().voltage_counts, uint16_t{4095});
    QCOMPARE(battery_health(&rig.monitor), BATTERY_HEALTH_SATURATED);
    QCOMPARE(rig.message(), QString("Battery: ADC saturated (voltage channel at 4095 counts, 36.30 V or more)"));
    // A floor is not a reading: the cells are counted from the first real one (16.8 V: 4, not the
    // 9 that 36.3 V would give).
    rig.pack.battery_v = 16.8f;
    rig.run(0.01);
    QCOMPARE(battery_health(&rig.monitor), BATTERY_HEALTH_OK);
    QCOMPARE(rig.state().cell_count, uint8_t{4});
    // 60 A / 17 A/V = 3.53 V: the current channel saturates at 3.3 * 17 = 56.1 A.
    Rig hot;
    hot.pack.current_a = 60.0f;
    QVERIFY(hot.init());
    battery_update(&hot.monitor, hot.now_us);
    QCOMPARE(hot.message(), QString("Battery: ADC saturated (current channel at 4095 counts, 56.10 A or more)"));
    battery_mavlink_t m;
    battery_mavlink(&hot.monitor, &m);
    QCOMPARE(m.charge_state, uint8_t{6});  // MAV_BATTERY_CHARGE_STATE_UNHEALTHY
    hot.pack.current_a = 20.0f;
    hot.run(0.01);
    QCOMPARE(battery_health(&hot.monitor), BATTERY_HEALTH_OK);
  }

  void notConnectedAndAdcFailures() {
    Rig rig;
    rig.pack.battery_v = 0.12f;  // a floating input through the divider
    QVERIFY(rig.init());
    battery_update(&rig.monitor, rig.now_us);
    QCOMPARE(battery_health(&rig.monitor), BATTERY_HEALTH_NOT_CONNECTED);
    QCOMPARE(rig.message(), QString("Battery: not connected (0.12 V, below 2.50 V)"));
    battery_mavlink_t m;
    battery_mavlink(&rig.monitor, &m);
    QCOMPARE(m.battery_remaining_pct, int8_t{-1});
    QCOMPARE(m.charge_state, uint8_t{0});
    rig.pack.fault = BATTERY_MODEL_FAULT_ADC_FAILS;
    QVERIFY(!battery_update(&rig.monitor, rig.now_us + 1000));
    QCOMPARE(battery_health(&rig.monitor), BATTERY_HEALTH_ADC_FAILED);
    QCOMPARE(rig.message(), QString("Battery: ADC read failed (voltage channel 0)"));
    // A channel that answers more than 12 bits is a failed read too.
    rig.pack.fault = BATTERY_MODEL_FAULT_CHANNEL_FIXED;
    rig.pack.fixed_channel = 1;
    rig.pack.fixed_counts = 5000;
    rig.pack.battery_v = 16.8f;
    QVERIFY(!battery_update(&rig.monitor, rig.now_us + 2000));
    QCOMPARE(rig.message(), QString("Battery: ADC read failed (current channel 1)"));
  }

  void mavlinkValuesAndTheirUnknowns() {
    // No current sensor: SYS_STATUS current_battery -1, BATTERY_STATUS current_consumed and
    // energy_consumed -1 (common.xml's "not measured"); the pack in cell 0, the rest UINT16_MAX.
    battery_config_t c = battery_config_default();
    c.current_channel = BATTERY_NO_CHANNEL;
    Rig rig;
    QVERIFY(rig.init(c));
    battery_mavlink_t before;
    battery_mavlink(&rig.monitor, &before);
    QCOMPARE(before.voltage_battery_mv, uint16_t{UINT16_MAX});  // nothing read yet
    battery_update(&rig.monitor, rig.now_us);
    battery_mavlink_t m;
    battery_mavlink(&rig.monitor, &m);
    QCOMPARE(m.voltage_battery_mv, uint16_t{16803});  // 16.8029 V
    QCOMPARE(m.current_battery_ca, int16_t{-1});
    QCOMPARE(m.current_consumed_mah, -1);
    QCOMPARE(m.energy_consumed_hj, -1);
    QCOMPARE(m.voltages_mv[0], uint16_t{16803});
    for (int i = 1; i < 10; ++i) QCOMPARE(m.voltages_mv[i], uint16_t{UINT16_MAX});
    QCOMPARE(m.temperature_cdegc, int16_t{INT16_MAX});
    QCOMPARE(m.type, uint8_t{1});  // MAV_BATTERY_TYPE_LIPO
    QCOMPARE(m.charge_state, uint8_t{1});
    // A 100 V pack (divider 40, 2.5 V at the pin = 3103 counts = 99.998 V): 65534 mV in cell 0 and
    // the remaining 34464 mV in cell 1 (common.xml BATTERY_STATUS.voltages).
    c.voltage_divider = 40.0f;
    c.cell_count = 14;
    Rig big;
    big.pack.divider = 40.0f;
    big.pack.battery_v = 100.0f;
    QVERIFY(big.init(c));
    battery_update(&big.monitor, big.now_us);
    battery_mavlink(&big.monitor, &m);
    const long mv = std::lround(3103.0 * 3.3 / 4096.0 * 40.0 * 1000.0);  // 99998
    QCOMPARE(m.voltages_mv[0], uint16_t{65534});
    QCOMPARE(long{m.voltages_mv[1]}, mv - 65534);
    QCOMPARE(m.voltage_battery_mv, uint16_t{65534});
  }

  void badParametersAreRefusedByName() {
    battery_config_t c = battery_config_default();
    c.voltage_divider = 0.0f;
    QCOMPARE(problem(c), QString("voltage divider 0.00 is not in 1.00..100.00"));
    c = battery_config_default();
    c.amps_per_volt = NAN;
    QCOMPARE(problem(c), QString("amps per volt NaN is not in 0.00..1000.00"));
    c = battery_config_default();
    c.current_channel = 0;
    QCOMPARE(problem(c), QString("current channel 0 is the voltage channel"));
    c = battery_config_default();
    c.critical_cell_v = 3.6f;
    QCOMPARE(problem(c), QString("critical cell voltage 3.60 is above the low one 3.50"));
    c = battery_config_default();
    c.empty_cell_v = 4.1f;
    QCOMPARE(problem(c), QString("empty cell voltage 4.10 is not below the full one 4.05"));
    c = battery_config_default();
    c.cell_count = 20;
    QCOMPARE(problem(c), QString("cell count 20 is not 0 (estimate) .. 14"));
    // The monitor refuses to start with it and says why; it reads nothing.
    Rig rig;
    QVERIFY(!rig.init(c));
    QCOMPARE(battery_health(&rig.monitor), BATTERY_HEALTH_BAD_CONFIG);
    QCOMPARE(rig.message(), QString("Battery: cell count 20 is not 0 (estimate) .. 14"));
    QVERIFY(!battery_update(&rig.monitor, rig.now_us));
    QCOMPARE(rig.pack.reads, 0u);
  }
};

QTEST_APPLESS_MAIN(BatteryTest)
#include "battery_test.moc"
