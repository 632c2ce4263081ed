// Tests of sim/airframe_file: the shipped airframes load and make sense; every kind of
// mistake in a file is named with its key and line; the lander rolls by its canted engines.
#include "sim/config/airframe_file.h"
#include "sim/vehicle/dynamics.h"

#include "tests/sim/shipped_airframes.h"

#include <QtTest>

namespace {}  // namespace

class AirframeFileTest : public QObject {
  Q_OBJECT
 private slots:
  void genericQuadHasItsGivenNumbers();
  void s500IsTheSumOfItsParts();
  void landerRollsByItsCantedEngines();
  void jsonIsAcceptedAsYaml();
  void newMassPropertiesMoveTheCentreNotTheParts();
  void absurdMassPropertiesAreNamed();
  void mistakesAreNamed_data();
  void mistakesAreNamed();

 private:
  QString write(const QString& name, const QByteArray& text);
  QTemporaryDir tmp_;
};

QString AirframeFileTest::write(const QString& name, const QByteArray& text) {
  const QString path = tmp_.filePath(name);
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
  f.write(text);
  return path;
}

void AirframeFileTest::genericQuadHasItsGivenNumbers() {
  const vsim::VehicleModel m = loadShippedAirframe("generic_quad.yaml");
  QCOMPARE(m.rotor_count, 4);
  QCOMPARE(m.mass_kg, 1.5);
  QCOMPARE(m.inertia_kgm2(2, 2), 0.055225);
  // Hover duty from the closed form sqrt(m g / (4 k_f ω_max²)).
  QCOMPARE_LE(std::abs(vsim::hoverDuty(m) - std::sqrt(1.5 * 9.80665 / (4 * 5.84e-6 * 1100 * 1100))), 1e-12);
  QCOMPARE(m.rotors[2].spin, -1.0);
  QCOMPARE_LT((m.inertia_inv_per_kgm2 * m.inertia_kgm2 - Eigen::Matrix3d::Identity()).norm(), 1e-12);
}

void AirframeFileTest::s500IsTheSumOfItsParts() {
  // Part masses in resources/airframes/s500.yaml: frame 0.405 + 4×(0.056 + 0.012 + 0.025)
  // + battery 0.410 + flight controller 0.038 + GPS 0.030 = 1.255 kg.
  const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  QCOMPARE_LE(std::abs(m.mass_kg - 1.255), 1e-9);
  // Symmetric left-right (the frame, the motors, the battery): no y offset and no xy/yz products.
  QCOMPARE_LE(std::abs(m.com_file_m.y()), 1e-6);
  QCOMPARE_LE(std::abs(m.inertia_kgm2(0, 1)), 1e-7);
  QCOMPARE_LE(std::abs(m.inertia_kgm2(1, 2)), 1e-7);
  // The GPS mast behind the centre makes a real xz product of inertia.
  QVERIFY(std::abs(m.inertia_kgm2(0, 2)) > 1e-6);
  // A real S500 is about 0.02–0.03 kg·m² in roll and pitch and 0.04–0.05 in yaw.
  QVERIFY(m.inertia_kgm2(0, 0) > 0.01 && m.inertia_kgm2(0, 0) < 0.04);
  QVERIFY(m.inertia_kgm2(2, 2) > 0.02 && m.inertia_kgm2(2, 2) < 0.06);
  // Rotor positions are stored about the centre of mass.
  QCOMPARE_LE(std::abs(m.rotors[0].position_B_m.z() - (-0.050 - m.com_file_m.z())), 1e-12);
  const double duty = vsim::hoverDuty(m);
  QVERIFY(duty > 0.5 && duty < 0.7);
}

void AirframeFileTest::landerRollsByItsCantedEngines() {
  // The engines are canted 5° with their tops away from the centreline, each pair the other way
  // about X: powering the Y axis engines (0 and 1) must roll the lander positively about X, the
  // Z axis engines (2 and 3) negatively (docs/design/firmware.md, "The lander").
  const vsim::VehicleModel m = loadShippedAirframe("lander_004.yaml");
  QCOMPARE_LE(std::abs((m.rest_attitude_WB * Eigen::Vector3d::UnitX() - Eigen::Vector3d(0, 0, -1)).norm()),
              1e-12);  // X up
  QCOMPARE_LE(std::abs((m.rest_attitude_WB * Eigen::Vector3d::UnitY() - Eigen::Vector3d(0, 1, 0)).norm()),
              1e-12);  // Y east
  auto rollRateAfter = [&](std::array<double, 4> duty) {
    vsim::VehicleState s = vsim::restingState(m);
    vsim::StepInputs in;
    for (int i = 0; i < 4; ++i) in.duty[i] = duty[i];
    const vsim::StepConstants k = vsim::makeStepConstants(m, 1.0 / 8000);
    for (int step = 0; step < 4000; ++step) vsim::stepVehicle(m, k, in, s);  // 0.5 s
    return s.omega_B_radps;
  };
  const Eigen::Vector3d y_engines = rollRateAfter({0.8, 0.8, 0, 0});
  const Eigen::Vector3d z_engines = rollRateAfter({0, 0, 0.8, 0.8});
  QVERIFY2(y_engines.x() > 0.01, qPrintable(QString::number(y_engines.x())));
  QVERIFY2(z_engines.x() < -0.01, qPrintable(QString::number(z_engines.x())));
  // The lander's gyro range, 100 °/s, as its file gives it.
  QCOMPARE_LE(std::abs(m.imu.gyro_range_radps - 100 * M_PI / 180), 1e-12);
  // Its pilot faces between the axes (pilot.sticks between_axes): STICK_MAP 1; a quad's is 0.
  QCOMPARE(m.stick_map, 1);
  QCOMPARE(loadShippedAirframe("s500.yaml").stick_map, 0);
  // Its gains, in the file's order (the first and the last as written there).
  QCOMPARE(int(m.firmware_params.size()), 14);
  QCOMPARE(m.firmware_params.front(), (std::pair<std::string, double>{"RATE_RP_P", 0.190601975}));
  QCOMPARE(m.firmware_params.back(), (std::pair<std::string, double>{"POS_XY_P", 0.5}));
}

void AirframeFileTest::jsonIsAcceptedAsYaml() {
  const QString path = write("quad.json", R"({"name": "j", "mass_properties": {"mass_kg": 1.0,
    "inertia_kgm2": [[0.01, 0, 0], [0, 0.01, 0], [0, 0, 0.018]]},
    "rotors": [{"position_m": [0.1, 0, 0], "axis": [0, 0, -1], "spin": "ccw", "k_f": 1e-5, "k_q": 1e-7,
                "max_speed_radps": 1000, "spin_up_s": 0.02}]})");
  const auto m = vsim::loadAirframe(path.toStdString());
  QVERIFY2(m.ok(), m.ok() ? "" : m.error().message.c_str());
  QCOMPARE(m->rotors[0].spin_down_s, 0.02);  // defaults to the spin-up constant
}

void AirframeFileTest::mistakesAreNamed_data() {
  QTest::addColumn<QByteArray>("text");
  QTest::addColumn<QString>("expected");
  const QByteArray head =
      "name: t\nmass_properties:\n  mass_kg: 1.0\n  inertia_kgm2: [[0.01, 0, 0], [0, 0.01, 0], [0, 0, 0.018]]\n";
  const QByteArray rotor =
      "rotors:\n  - {position_m: [0.1, 0, 0], axis: [0, 0, -1], spin: ccw, k_f: 1.0e-5, k_q: 1.0e-7, max_speed_radps: "
      "1000, spin_up_s: 0.02}\n";
  QTest::newRow("syntax") << QByteArray("name: [unclosed\n") << "YAML syntax error at line";
  QTest::newRow("missing rotors") << head << "missing required key 'rotors'";
  QTest::newRow("unknown key") << head + rotor + "wind_speed: 3\n"
                               << "wind_speed (line 7): unknown key";
  QTest::newRow("misspelt rotor key")
      << head + "rotors:\n  - {position_m: [0, 0, 0], axis: [0, 0, -1], spin: ccw, kf: 1}\n"
      << "rotors[0].kf (line 6): unknown key";
  QTest::newRow("negative k_f") << head + QByteArray(rotor).replace("k_f: 1.0e-5", "k_f: -1")
                                << "rotors[0].k_f (line 6): must be positive";
  QTest::newRow("text for a number") << QByteArray(head).replace("mass_kg: 1.0", "mass_kg: heavy") + rotor
                                     << "mass_properties.mass_kg (line 3): must be a number";
  QTest::newRow("bad spin") << head + QByteArray(rotor).replace("spin: ccw", "spin: left")
                            << "rotors[0].spin (line 6): must be ccw";
  QTest::newRow("short vector") << head + QByteArray(rotor).replace("axis: [0, 0, -1]", "axis: [0, -1]")
                                << "rotors[0].axis (line 6): must be a list of three numbers";
  QTest::newRow("singular tensor") << QByteArray(head).replace("0.018]]", "0.0]]") + rotor
                                   << "inertia tensor is singular";
  QTest::newRow("non-physical tensor") << QByteArray(head).replace("0.018]]", "0.05]]") + rotor
                                       << "inertia tensor is not physical";
  QTest::newRow("nan inertia") << QByteArray(head).replace("0.018]]", ".nan]]") + rotor << "must be a finite number";
  QTest::newRow("missing mesh")
      << QByteArray(
             "name: t\nmass_properties:\n  composite:\n    - {mesh: {file: nowhere.stl, unit: mm}, mass_kg: 1}\n") +
             rotor
      << "mass_properties.composite[0].mesh.file (line 4): ";
  QTest::newRow("two kinds in one part") << QByteArray(
                                                "name: t\nmass_properties:\n  composite:\n    - {box: {size_m: [1, 1, "
                                                "1]}, sphere: {radius_m: 1}, mass_kg: 1}\n") +
                                                rotor
                                         << "needs exactly one of mesh, box, cylinder, sphere, point_mass";
  QTest::newRow("bad stick map")
      << head + rotor + "pilot: {sticks: mode_2}\n"
      << "pilot.sticks (line 7): must be vehicle_axes, between_axes or between_axes_twist_angle, got 'mode_2'";
  QTest::newRow("firmware param not a number") << head + rotor + "firmware_params: {RATE_RP_P: fast}\n"
                                               << "firmware_params.RATE_RP_P (line 7): must be a number";
  QTest::newRow("firmware params not a map")
      << head + rotor + "firmware_params: [1, 2]\n"
      << "firmware_params (line 7): must be a mapping of firmware parameter names to numbers";
  QTest::newRow("accel scale zero") << head + rotor + "imu: {accel: {scale: [1, 0, 1]}}\n"
                                    << "imu.accel.scale (line 7): every factor must be positive";
  QTest::newRow("gyro offset nan") << head + rotor + "imu: {gyro: {offset_dps: [0, .nan, 0]}}\n"
                                   << "imu.gyro.offset_dps[1] (line 7): must be a finite number";
  QTest::newRow("cross axis on the diagonal")
      << head + rotor + "imu: {accel: {cross_axis_rad: [[0.1, 0, 0], [0, 0, 0], [0, 0, 0]]}}\n"
      << "imu.accel.cross_axis_rad (line 7): the diagonal must be 0";
  QTest::newRow("cross axis not small") << head + rotor +
                                               "imu: {gyro: {cross_axis_rad: [[0, 0.5, 0], [0, 0, 0], [0, 0, 0]]}}\n"
                                        << "imu.gyro.cross_axis_rad (line 7): each term must be a small angle";
  QTest::newRow("singular soft iron") << head + rotor + "mag: {soft_iron: [[1, 0, 0], [0, 1, 0], [1, 0, 0]]}\n"
                                      << "mag.soft_iron (line 7): must be invertible";
  QTest::newRow("mirroring soft iron") << head + rotor + "mag: {soft_iron: [[-1, 0, 0], [0, 1, 0], [0, 0, 1]]}\n"
                                       << "mag.soft_iron (line 7): must be invertible with a positive determinant";
  QTest::newRow("misspelt hard iron") << head + rotor + "mag: {hard_iron: [0, 0, 0]}\n"
                                      << "mag.hard_iron (line 7): unknown key";
  QTest::newRow("motor field without its torque constant")
      << head + rotor + "mag: {motor_current: {gauss_per_amp: [0, 0, 0.01]}}\n"
      << "mag.motor_current (line 7): missing required key 'torque_constant_Nm_per_A'";
  QTest::newRow("no rotors") << head + "rotors: []\n"
                             << "rotors (line 5): needs 1 to 8 rotors, got 0";
}

void AirframeFileTest::mistakesAreNamed() {
  QFETCH(QByteArray, text);
  QFETCH(QString, expected);
  const QString path = write("bad.yaml", text);
  const auto m = vsim::loadAirframe(path.toStdString());
  QVERIFY(!m.ok());
  const QString message = QString::fromStdString(m.error().message);
  QVERIFY2(message.startsWith(path + ": "), qPrintable(message));
  QVERIFY2(message.contains(expected), qPrintable(message));
}

void AirframeFileTest::newMassPropertiesMoveTheCentreNotTheParts() {
  const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  // The model's own mass properties give back the same model, offsets unchanged.
  vsim::MassProperties same{m.mass_kg, m.com_file_m, m.inertia_kgm2};
  const auto unchanged = vsim::withMassProperties(m, same);
  QVERIFY(unchanged.ok());
  QCOMPARE(unchanged.value().rotors[0].position_B_m, m.rotors[0].position_B_m);
  // A centre of mass 2 cm further forward and 1 cm lower: every part's offset from it shrinks
  // by exactly that in x and z (the parts stay where the file put them).
  const Eigen::Vector3d delta(0.02, 0.0, 0.01);
  vsim::MassProperties moved{2.0, m.com_file_m + delta, Eigen::Vector3d(0.02, 0.021, 0.035).asDiagonal()};
  const auto r = vsim::withMassProperties(m, moved);
  QVERIFY(r.ok());
  const vsim::VehicleModel& n = r.value();
  QCOMPARE(n.mass_kg, 2.0);
  for (int i = 0; i < m.rotor_count; ++i)
    QCOMPARE_LT((n.rotors[std::size_t(i)].position_B_m - (m.rotors[std::size_t(i)].position_B_m - delta)).norm(),
                1e-15);
  QCOMPARE_LT((n.contact_points_B_m[0] - (m.contact_points_B_m[0] - delta)).norm(), 1e-15);
  QCOMPARE_LT((n.imu.position_B_m - (m.imu.position_B_m - delta)).norm(), 1e-15);
  QCOMPARE_LT((n.inertia_inv_per_kgm2 * n.inertia_kgm2 - Eigen::Matrix3d::Identity()).norm(), 1e-12);  // re-cached
  // A tensor that breaks the triangle inequality (Ixx > Iyy + Izz) is refused by name.
  moved.inertia_com_B_kgm2 = Eigen::Vector3d(0.1, 0.02, 0.03).asDiagonal();
  const auto bad = vsim::withMassProperties(m, moved);
  QVERIFY(!bad.ok());
  QVERIFY2(QString::fromStdString(bad.error().message).contains("inertia"), bad.error().message.c_str());
}

void AirframeFileTest::absurdMassPropertiesAreNamed() {
  // A 200 mm box read in metres — a 200 m cube, 1e9 kg, its centre 100 m from the
  // file's origin — flew, went 75–110 m under the ground and lost the link. flyabilityProblems
  // names both reasons with their figures; the S500 as shipped and at 2 kg has none.
  const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  QVERIFY(vsim::flyabilityProblems(m).empty());
  // thrustToWeight is 1/hoverDuty² (thrust ∝ duty²).
  QCOMPARE_LT(std::abs(vsim::thrustToWeight(m) * vsim::hoverDuty(m) * vsim::hoverDuty(m) - 1.0), 1e-12);
  const auto heavier = vsim::withMassProperties(m, {2.0, m.com_file_m, m.inertia_kgm2 * (2.0 / m.mass_kg)});
  QVERIFY(heavier.ok());
  QVERIFY(vsim::flyabilityProblems(heavier.value()).empty());

  const double a = 200.0, mass = 1e9;  // a cube: I = m·(a² + a²)/12 about each axis
  const Eigen::Matrix3d cube = Eigen::Matrix3d::Identity() * (mass * 2.0 * a * a / 12.0);
  const auto absurd = vsim::withMassProperties(m, {mass, m.com_file_m + Eigen::Vector3d(100, 0, 0), cube});
  QVERIFY(absurd.ok());                                            // a valid rigid body …
  const auto problems = vsim::flyabilityProblems(absurd.value());  // … that cannot fly here
  QCOMPARE(problems.size(), std::size_t(2));
  QVERIFY2(QString::fromStdString(problems[0]).startsWith("it cannot lift itself: thrust-to-weight "),
           problems[0].c_str());
  QVERIFY2(QString::fromStdString(problems[0]).contains("(1e+09 kg)"), problems[0].c_str());
  QVERIFY2(QString::fromStdString(problems[1]).contains("outside the vehicle's contact hull"), problems[1].c_str());
  // Ten times the S500's thrust-to-weight below one, centre where it was: only the first.
  const double too_heavy = m.mass_kg * vsim::thrustToWeight(m) * 1.5;
  const auto brick = vsim::withMassProperties(m, {too_heavy, m.com_file_m, m.inertia_kgm2 * (too_heavy / m.mass_kg)});
  QVERIFY(brick.ok());
  QCOMPARE(vsim::flyabilityProblems(brick.value()).size(), std::size_t(1));
  QCOMPARE_LT(std::abs(vsim::thrustToWeight(brick.value()) - 1.0 / 1.5), 1e-12);
}

QTEST_APPLESS_MAIN(AirframeFileTest)
#include "airframe_file_test.moc"
