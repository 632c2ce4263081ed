// The flight pack (battery_model.h) against its closed forms: the open-circuit voltage of Chen
// and Rincón-Mora's fit at full, half and empty, the working point V·(I − I_av) = P with
// V = V_oc − R·I, the pack's maximum power when the load asks more, the counted charge; then in
// the Simulator, the rotors' full speed following the pack's voltage and the current following
// the rotors' shaft power; and the airframe file's battery keys, good and bad.
#include "sim/config/airframe_file.h"
#include "sim/simulator.h"
#include "sim/vehicle/battery_model.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <fstream>
#include <sstream>

namespace {

// generic_quad.yaml with `extra` appended, loaded (or the loader's error).
vsim::Result<vsim::VehicleModel> genericQuadWith(const std::string& extra) {
  std::ifstream in(NAVIGATOR_SOURCE_DIR "/resources/airframes/generic_quad.yaml");
  std::stringstream text;
  text << in.rdbuf() << extra;
  static const QTemporaryDir folder;
  const std::string path = folder.filePath("airframe.yaml").toStdString();
  std::ofstream(path) << text.str();
  return vsim::loadAirframe(path);
}

vsim::BatteryModel pack4s(double resistance_ohm) {
  vsim::BatteryModel b;
  b.cells = 4;
  b.capacity_mAh = 5000;
  b.internal_resistance_ohm = resistance_ohm;
  b.efficiency = 0.75;
  b.avionics_current_A = 0.5;
  return b;
}

}  // namespace

class BatteryModelTest : public QObject {
  Q_OBJECT

 private slots:
  void openCircuitVoltageIsThePapersFit() {
    // −1.031·e^(−35 s) + 3.685 + 0.2156 s − 0.1178 s² + 0.3201 s³ worked by hand:
    // s = 1: 3.685 + 0.2156 − 0.1178 + 0.3201 = 4.1029 (the exponential 6.5e-16);
    // s = 0.5: 3.685 + 0.1078 − 0.02945 + 0.0400125 − 1.031·e^(−17.5) = 3.8033625 − 2.6e-8;
    // s = 0: −1.031 + 3.685 = 2.654. Outside [0, 1] the ends.
    QCOMPARE_LE(std::abs(vsim::openCircuitCellVoltage_V(1.0) - 4.1029), 1e-12);
    QCOMPARE_LE(std::abs(vsim::openCircuitCellVoltage_V(0.5) - 3.8033625), 1e-7);
    QCOMPARE_LE(std::abs(vsim::openCircuitCellVoltage_V(0.0) - 2.654), 1e-12);
    QCOMPARE(vsim::openCircuitCellVoltage_V(1.5), vsim::openCircuitCellVoltage_V(1.0));
    QCOMPARE(vsim::openCircuitCellVoltage_V(-0.5), vsim::openCircuitCellVoltage_V(0.0));
    // Monotonic: a fuller pack never reads lower.
    for (int i = 1; i <= 100; ++i)
      QVERIFY(vsim::openCircuitCellVoltage_V(i / 100.0) > vsim::openCircuitCellVoltage_V((i - 1) / 100.0));
  }

  void withoutResistanceTheCurrentIsPowerOverVoltage() {
    const vsim::BatteryModel b = pack4s(0.0);
    vsim::BatteryState s = vsim::restingBattery(b);
    QCOMPARE_LE(std::abs(s.voltage_V - 4 * 4.1029), 1e-9);  // no resistance: no sag
    QCOMPARE_LE(std::abs(s.current_A - 0.5), 1e-12);        // the avionics
    vsim::loadBattery(b, 300.0, s);                         // 300 W at the shafts, 400 W electrical at η 0.75
    QCOMPARE_LE(std::abs(s.voltage_V - 16.4116), 1e-9);
    QCOMPARE_LE(std::abs(s.current_A - (400.0 / 16.4116 + 0.5)), 1e-9);
    QVERIFY(!s.overloaded);
  }

  void theWorkingPointSagsByTheResistance() {
    const vsim::BatteryModel b = pack4s(0.05);
    vsim::BatteryState s = vsim::restingBattery(b);
    vsim::loadBattery(b, 300.0, s);
    // V = V_oc − R·I and V·(I − I_av) = P_shaft / η, the two equations the model solves.
    QCOMPARE_LE(std::abs(s.voltage_V - (16.4116 - 0.05 * s.current_A)), 1e-9);
    QCOMPARE_LE(std::abs(s.voltage_V * (s.current_A - 0.5) - 400.0), 1e-9);
    // The smaller root: V' = 16.4116 − 0.025 = 16.3866, (V' − √(V'² − 80)) / 0.1 = 26.56 A.
    QCOMPARE_LE(std::abs(s.current_A - 0.5 - 26.5625), 1e-3);
    QVERIFY(!s.overloaded);
    // No load: the avionics only, 0.5 A, 25 mV of sag.
    vsim::loadBattery(b, 0.0, s);
    QCOMPARE_LE(std::abs(s.current_A - 0.5), 1e-12);
    QCOMPARE_LE(std::abs(s.voltage_V - (16.4116 - 0.025)), 1e-9);
  }

  void aLoadAboveThePacksMaximumIsSaid() {
    const vsim::BatteryModel b = pack4s(1.0);
    vsim::BatteryState s = vsim::restingBattery(b);
    // V'²/(4R) = (16.4116 − 0.5)² / 4 = 63.3 W is the most this pack gives the motors.
    vsim::loadBattery(b, 750.0, s);
    QVERIFY(s.overloaded);
    const double v_prime = 16.4116 - 0.5;
    QCOMPARE_LE(std::abs(s.current_A - (v_prime / 2.0 + 0.5)), 1e-9);
    QCOMPARE_LE(std::abs(s.voltage_V - (16.4116 - (v_prime / 2.0 + 0.5))), 1e-9);
    QVERIFY(std::isfinite(s.voltage_V) && s.voltage_V >= 0.0);
  }

  void theChargeIsCounted() {
    const vsim::BatteryModel b = pack4s(0.0);
    vsim::BatteryState s = vsim::restingBattery(b);
    s.current_A = 10.0;
    for (int i = 0; i < 3600; ++i) vsim::drainBattery(b, 0.1, s);  // 10 A for 360 s = 3600 C = 1000 mAh
    QCOMPARE_LE(std::abs(s.consumed_mAh - 1000.0), 1e-9);
    QCOMPARE_LE(std::abs(s.charge - 0.8), 1e-12);                   // 1 − 1000 / 5000
    for (int i = 0; i < 36000; ++i) vsim::drainBattery(b, 0.1, s);  // past empty: held at 0
    QCOMPARE(s.charge, 0.0);
  }

  void theRotorsFollowThePacksVoltage() {
    auto loaded = genericQuadWith(
        "battery:\n  cells: 4\n  capacity_mAh: 2000\n  internal_resistance_ohm: 0.04\n"
        "  avionics_current_A: 0.4\n");
    QVERIFY2(loaded, loaded ? "" : loaded.error().message.c_str());
    vsim::SimulatorConfig config;
    config.gravity = false;  // free space: the rotors only, no ground
    auto created = vsim::Simulator::create(*loaded, config);
    QVERIFY(created);
    vsim::Simulator* sim = &created.value();
    // Plugged in, the rotors still: the avionics' 0.4 A through 0.04 Ω below the open-circuit voltage.
    QCOMPARE_LE(std::abs(sim->frame().battery.voltage_V - (4 * 4.1029 - 0.4 * 0.04)), 1e-9);
    QCOMPARE_LE(std::abs(sim->frame().battery.current_A - 0.4), 1e-12);
    const std::vector<double> duty(4, 0.5);
    sim->setDuties(duty);
    for (int i = 0; i < 1000; ++i) sim->advanceImuPeriod();  // 1 s: 40 spin-up time constants
    const vsim::BatteryState& pack = sim->frame().battery;
    // ω = duty · max speed · V / (3.7 V · 4), V the pack's terminal voltage (the motors settled;
    // the voltage moves by the drain only, microvolts per period).
    const double expected_radps = 0.5 * 1100.0 * pack.voltage_V / 14.8;
    for (int r = 0; r < 4; ++r)
      QCOMPARE_LE(std::abs(sim->state().rotor_speed_radps[std::size_t(r)] - expected_radps), 0.01);
    // The current from the shaft power Σ k_q·ω³ (k_q 3.504e-7) at that speed, one period behind.
    vsim::BatteryState check = pack;
    vsim::loadBattery(loaded->battery, 4 * 3.504e-7 * std::pow(expected_radps, 3), check);
    QCOMPARE_LE(std::abs(pack.current_A - check.current_A), 1e-4 * check.current_A);
    QVERIFY(pack.current_A > 20.0);  // 4 × 3.504e-7 × 591³ = 289 W at the shafts
    // The charge drawn over the second: the mean current over 3.6 (mAh), within the spin-up.
    QVERIFY(pack.consumed_mAh > 0.9 * pack.current_A / 3.6 && pack.consumed_mAh < pack.current_A / 3.6);
    QCOMPARE_LE(std::abs(pack.charge - (1.0 - pack.consumed_mAh / 2000.0)), 1e-12);
    // A reset gives the pack back full.
    sim->reset(0, vsim::restingState(sim->model()));
    QCOMPARE(sim->frame().battery.consumed_mAh, 0.0);
    QCOMPARE(sim->frame().battery.charge, 1.0);
  }

  void withoutAPackTheMotorsAreAsBefore() {
    auto loaded = genericQuadWith("");
    QVERIFY(loaded);
    QVERIFY(!loaded->battery.present());
    vsim::SimulatorConfig config;
    config.gravity = false;
    auto created = vsim::Simulator::create(*loaded, config);
    QVERIFY(created);
    vsim::Simulator* sim = &created.value();
    sim->setDuties(std::vector<double>(4, 0.5));
    for (int i = 0; i < 1000; ++i) sim->advanceImuPeriod();
    QCOMPARE_LE(std::abs(sim->state().rotor_speed_radps[0] - 550.0), 1e-6);  // duty · max speed
    QCOMPARE(sim->frame().battery.voltage_V, 0.0);
  }

  void theAirframeFileSaysWhatIsWrong_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("said");
    QTest::newRow("no cells") << "battery:\n  capacity_mAh: 2000\n"
                              << "battery.cells";
    QTest::newRow("cells 0") << "battery:\n  cells: 0\n  capacity_mAh: 2000\n"
                             << "battery.cells";
    QTest::newRow("cells 20") << "battery:\n  cells: 20\n  capacity_mAh: 2000\n"
                              << "from 1 to 14";
    QTest::newRow("no capacity") << "battery:\n  cells: 4\n"
                                 << "capacity_mAh";
    QTest::newRow("charge 1.5") << "battery:\n  cells: 4\n  capacity_mAh: 2000\n  charge: 1.5\n"
                                << "battery.charge";
    QTest::newRow("negative resistance")
        << "battery:\n  cells: 4\n  capacity_mAh: 2000\n  internal_resistance_ohm: -1\n"
        << "internal_resistance_ohm";
    QTest::newRow("efficiency 2") << "battery:\n  cells: 4\n  capacity_mAh: 2000\n  efficiency: 2\n"
                                  << "efficiency";
    QTest::newRow("unknown key") << "battery:\n  cells: 4\n  capacity_mAh: 2000\n  capacity_Ah: 2\n"
                                 << "capacity_Ah";
  }
  void theAirframeFileSaysWhatIsWrong() {
    QFETCH(QString, yaml);
    QFETCH(QString, said);
    const auto loaded = genericQuadWith(yaml.toStdString());
    QVERIFY(!loaded);
    QVERIFY2(QString::fromStdString(loaded.error().message).contains(said), loaded.error().message.c_str());
  }

  void theModelRefusesABadPackBuiltInCode() {
    vsim::BatteryModel b = pack4s(0.0);
    QCOMPARE(vsim::batteryProblem(b), std::string());
    b.capacity_mAh = std::nan("");
    QVERIFY(vsim::batteryProblem(b).find("capacity") != std::string::npos);
    b = pack4s(0.0);
    b.cells = -1;
    QVERIFY(vsim::batteryProblem(b).find("cells") != std::string::npos);
  }
};

QTEST_GUILESS_MAIN(BatteryModelTest)
#include "battery_model_test.moc"
