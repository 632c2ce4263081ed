// Control allocation from the rotor geometry (firmware/core/allocation.h), against
// closed forms:
//   - the default geometry (quad X, 250 mm arms, PX4's order) and the S500's allocate exactly
//     fc_mixer_quad_x's ±1 table, bit for bit (MIXER 1 flies a quad X as MIXER 0 does);
//   - a hexacopter X of arm L (rotors at 30° + 60°·k): the pseudo-inverse's roll share is
//     −sin θ / Σ sin² θ·L and pitch cos θ / Σ cos² θ·L, so normalised −sin θ_k / 1 and
//     cos θ_k / cos 30°; yaw ±1 by spin; thrust 1;
//   - any geometry: B·A is diagonal (each command moves its own axis only) — here a hexacopter,
//     an octocopter, a quad whose centre of mass is off the rotor plane's centre, and a quad
//     without reaction torque that yaws by canting its rotors;
//   - what cannot fly is refused by name, and the core keeps its table and refuses to arm.
#include "firmware/core/allocation.h"
#include "firmware/core/flight.h"

#include <QtTest>

#include <array>
#include <cmath>
#include <string>

namespace {

constexpr double kPi = 3.14159265358979323846;

struct Rotor {
  double px, py, pz, ax, ay, az, km;
};

void setGeometry(fc_params_t& p, const std::vector<Rotor>& rotors) {
  fc_params_defaults(&p);
  QCOMPARE(fc_param_set(&p, FC_PARAM_CA_ROTOR_COUNT, float(rotors.size())), FC_PARAM_OK);
  for (std::size_t i = 0; i < rotors.size(); ++i) {
    const double v[7] = {rotors[i].px, rotors[i].py, rotors[i].pz, rotors[i].ax,
                         rotors[i].ay, rotors[i].az, rotors[i].km};
    for (int k = 0; k < 7; ++k)
      QCOMPARE(fc_param_set(&p, FC_PARAM_CA_ROTOR0_PX + int(i) * FC_ROTOR_PARAM_COUNT + k, float(v[k])), FC_PARAM_OK);
  }
}

// Rotors on a circle of radius `arm_m`, the first at `first_deg` from forward (clockwise seen
// from above), spins alternating from counter-clockwise.
std::vector<Rotor> ring(int n, double arm_m, double first_deg, double km) {
  std::vector<Rotor> out;
  for (int k = 0; k < n; ++k) {
    const double t = (first_deg + 360.0 * k / n) * kPi / 180.0;
    out.push_back({arm_m * std::cos(t), arm_m * std::sin(t), 0.0, 0.0, 0.0, -1.0, k % 2 == 0 ? km : -km});
  }
  return out;
}

// B · A for the table (torques and lift per unit command), with B as allocation.h forms it.
std::array<std::array<double, 4>, 4> effectOf(const std::vector<Rotor>& rotors, const fc_mixer_table_t& t) {
  std::array<std::array<double, 4>, 4> e{};
  for (std::size_t i = 0; i < rotors.size(); ++i) {
    const Rotor& r = rotors[i];
    const double b[4] = {r.py * r.az - r.pz * r.ay - r.km * r.ax, r.pz * r.ax - r.px * r.az - r.km * r.ay,
                         r.px * r.ay - r.py * r.ax - r.km * r.az, -r.az};
    const double a[4] = {t.roll[i], t.pitch[i], t.yaw[i], t.thrust[i]};
    for (int row = 0; row < 4; ++row)
      for (int col = 0; col < 4; ++col) e[std::size_t(row)][std::size_t(col)] += b[row] * a[col];
  }
  return e;
}

bool decoupled(const std::array<std::array<double, 4>, 4>& e) {
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) {
      const double scale = std::abs(e[std::size_t(r)][std::size_t(r)]) + std::abs(e[std::size_t(c)][std::size_t(c)]);
      if (r != c && std::abs(e[std::size_t(r)][std::size_t(c)]) > 1e-6 * scale) return false;
      if (r == c && !(e[std::size_t(r)][std::size_t(r)] > 0.0)) return false;
    }
  return true;
}

}  // namespace

class AllocationTest : public QObject {
  Q_OBJECT

 private slots:
  void defaultGeometryIsTheQuadXTableBitForBit() {
    fc_params_t p;
    fc_params_defaults(&p);
    fc_mixer_table_t geometry, table;
    QVERIFY(fc_allocation_from_params(&p, &geometry) == nullptr);
    fc_mixer_quad_x(&table);
    QCOMPARE(geometry.motor_count, 4);
    for (int i = 0; i < 4; ++i) {
      QCOMPARE(geometry.roll[i], table.roll[i]);
      QCOMPARE(geometry.pitch[i], table.pitch[i]);
      QCOMPARE(geometry.yaw[i], table.yaw[i]);
      QCOMPARE(geometry.thrust[i], table.thrust[i]);
    }
  }

  void theS500IsTheQuadXTableBitForBit() {
    // resources/airframes/s500.yaml: rotors at (±0.1697, ±0.1697) m, 50 mm above the frame's
    // centre, k_q/k_f = 1.5e-7/9.4e-6, PX4's order and spins.
    const double km = 1.5e-7 / 9.4e-6, a = 0.1697;
    fc_params_t p;
    setGeometry(p, {{a, a, -0.05, 0, 0, -1, km},
                    {-a, -a, -0.05, 0, 0, -1, km},
                    {a, -a, -0.05, 0, 0, -1, -km},
                    {-a, a, -0.05, 0, 0, -1, -km}});
    fc_mixer_table_t geometry, table;
    QVERIFY(fc_allocation_from_params(&p, &geometry) == nullptr);
    fc_mixer_quad_x(&table);  // bit for bit: the four motors' shares
    QVERIFY(std::memcmp(geometry.roll, table.roll, 4 * sizeof(float)) == 0);
    QVERIFY(std::memcmp(geometry.pitch, table.pitch, 4 * sizeof(float)) == 0);
    QVERIFY(std::memcmp(geometry.yaw, table.yaw, 4 * sizeof(float)) == 0);
    QVERIFY(std::memcmp(geometry.thrust, table.thrust, 4 * sizeof(float)) == 0);
  }

  void aHexacopterXAllocatesItsClosedForm() {
    const auto rotors = ring(6, 0.275, 30.0, 0.016);
    fc_params_t p;
    setGeometry(p, rotors);
    fc_mixer_table_t t;
    QVERIFY(fc_allocation_from_params(&p, &t) == nullptr);
    QCOMPARE(t.motor_count, 6);
    for (int k = 0; k < 6; ++k) {
      const double theta = (30.0 + 60.0 * k) * kPi / 180.0;
      QVERIFY2(std::abs(t.roll[k] - (-std::sin(theta))) < 1e-6, qPrintable(QString::number(t.roll[k])));
      QVERIFY2(std::abs(t.pitch[k] - std::cos(theta) / std::cos(kPi / 6.0)) < 1e-6,
               qPrintable(QString::number(t.pitch[k])));
      QCOMPARE(t.yaw[k], k % 2 == 0 ? 1.0f : -1.0f);
      QVERIFY(std::abs(t.thrust[k] - 1.0f) < 1e-6f);
    }
    QVERIFY(decoupled(effectOf(rotors, t)));
  }

  void anyGeometryDecouplesTheAxes_data() {
    QTest::addColumn<int>("which");
    QTest::newRow("octocopter X") << 0;
    QTest::newRow("quad, centre of mass 30 mm forward and 20 mm right of the rotors' centre") << 1;
    QTest::newRow("quad without reaction torque, rotors canted 10 degrees to yaw") << 2;
    QTest::newRow("hexacopter +, rotors 40 mm below the centre of mass") << 3;
    QTest::newRow("the lander, X up (VEH_UP 1), engines canted 5 degrees, no reaction torque") << 4;
  }
  void anyGeometryDecouplesTheAxes() {
    QFETCH(int, which);
    std::vector<Rotor> rotors;
    if (which == 0) rotors = ring(8, 0.4, 22.5, 0.02);
    if (which == 1) {
      rotors = ring(4, 0.3, 45.0, 0.016);
      for (Rotor& r : rotors) r.px -= 0.03, r.py -= 0.02;
    }
    if (which == 2) {
      // Each rotor tilted about its arm, alternately, so the horizontal thrust makes yaw torque.
      rotors = ring(4, 0.25, 45.0, 0.0);
      const double c = std::cos(10.0 * kPi / 180.0), s = std::sin(10.0 * kPi / 180.0);
      for (std::size_t k = 0; k < rotors.size(); ++k) {
        const double t = (45.0 + 90.0 * double(k)) * kPi / 180.0, sense = k % 2 == 0 ? 1.0 : -1.0;
        rotors[k].ax = -std::sin(t) * s * sense;  // tangential part
        rotors[k].ay = std::cos(t) * s * sense;
        rotors[k].az = -c;
      }
    }
    if (which == 3) {
      rotors = ring(6, 0.3, 0.0, 0.016);
      for (Rotor& r : rotors) r.pz = -0.04;
    }
    std::vector<Rotor> flight_axes = rotors;
    if (which == 4) {
      // resources/airframes/lander_004.yaml about its centre of mass (0.8 m below the tank's
      // middle, roughly: the decoupling does not depend on it): engines on ∓Y and ±Z, 0.95 m
      // below along −X, axes X up canted 5° towards ±Z (0, 1) and ±Y (2, 3).
      const double c = 0.99619, s5 = 0.08716;
      rotors = {{-0.8, -1.0, 0.0, c, 0.0, -s5, 0.0},
                {-0.8, 1.0, 0.0, c, 0.0, s5, 0.0},
                {-0.8, 0.0, 1.0, c, s5, 0.0, 0.0},
                {-0.8, 0.0, -1.0, c, -s5, 0.0, 0.0}};
      // The same in the flight axes (flight_axes.h): forward = body z, right = body y, down = −body x.
      flight_axes.clear();
      for (const Rotor& r : rotors) flight_axes.push_back({r.pz, r.py, -r.px, r.az, r.ay, -r.ax, r.km});
    }
    fc_params_t p;
    setGeometry(p, rotors);
    if (which == 4) QCOMPARE(fc_param_set(&p, FC_PARAM_VEH_UP, 1.0f), FC_PARAM_OK);
    fc_mixer_table_t t;
    const char* problem = fc_allocation_from_params(&p, &t);
    QVERIFY2(problem == nullptr, problem);
    QVERIFY(decoupled(effectOf(flight_axes, t)));
  }

  void whatCannotFlyIsRefusedByName_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("problem");
    QTest::newRow("every rotor spinning the same way") << 0 << "rotors cannot separate the 4 axes";
    QTest::newRow("no reaction torque, no cant") << 1 << "rotors give no yaw";
    QTest::newRow("thrust along body x (the lander without its launch attitude)") << 2 << "rotors give no lift";
    QTest::newRow("an axis of length 0.5") << 3 << "a CA_ROTOR axis not a unit vector";
    QTest::newRow("all four rotors on the roll axis") << 4 << "rotors give no roll";
  }
  void whatCannotFlyIsRefusedByName() {
    QFETCH(int, which);
    QFETCH(QString, problem);
    std::vector<Rotor> rotors = ring(4, 0.25, 45.0, 0.016);
    if (which == 0)
      for (Rotor& r : rotors) r.km = 0.016;
    if (which == 1)
      for (Rotor& r : rotors) r.km = 0.0;
    if (which == 2)
      for (Rotor& r : rotors) r.ax = 1.0, r.az = 0.0;
    if (which == 3) rotors[2].az = -0.5;
    if (which == 4)
      rotors = {{0.3, 0, 0, 0, 0, -1, 0.016},
                {-0.3, 0, 0, 0, 0, -1, 0.016},
                {0.1, 0, 0, 0, 0, -1, -0.016},
                {-0.1, 0, 0, 0, 0, -1, -0.016}};
    fc_params_t p;
    setGeometry(p, rotors);
    fc_mixer_table_t t;
    t.motor_count = 99;
    const char* got = fc_allocation_from_params(&p, &t);
    QVERIFY(got != nullptr);
    QCOMPARE(QString(got), problem);
    QCOMPARE(t.motor_count, 99);      // untouched
    QVERIFY(std::strlen(got) <= 34);  // fits "Arming refused: " in a STATUSTEXT
  }

  void theCoreKeepsItsTableAndRefusesToArmOnABadGeometry() {
    fc_mixer_table_t quad_x;
    fc_mixer_quad_x(&quad_x);
    fc_t fc;
    fc_init(&fc, &quad_x);
    QVERIFY(fc_apply_allocation(&fc) == nullptr);  // MIXER 0: the HAL's table
    QCOMPARE(fc_param_set(&fc.config.params, FC_PARAM_MIXER, 1.0f), FC_PARAM_OK);
    for (int i = 0; i < 4; ++i)
      QCOMPARE(fc_param_set(&fc.config.params, FC_PARAM_CA_ROTOR0_KM + i * FC_ROTOR_PARAM_COUNT, 0.0f), FC_PARAM_OK);
    QCOMPARE(QString(fc_apply_allocation(&fc)), QStringLiteral("rotors give no yaw"));
    QVERIFY(std::memcmp(&fc.config.mixer, &quad_x, sizeof quad_x) == 0);  // the table in force stays
    fc_event_t e;
    QVERIFY(fc_pop_event(&fc, &e));
    QCOMPARE(QString(e.text), QStringLiteral("Mixer: rotors give no yaw"));
    QCOMPARE(fc_arm(&fc, true, true), FC_ARM_REFUSED);  // even forced: it cannot fly
    QVERIFY(fc_pop_event(&fc, &e));
    QCOMPARE(QString(e.text), QStringLiteral("Arming refused: rotors give no yaw"));
    QCOMPARE(fc_param_set(&fc.config.params, FC_PARAM_MIXER, 0.0f), FC_PARAM_OK);  // back to the table
    QVERIFY(fc_apply_allocation(&fc) == nullptr);
    QVERIFY(fc.config.allocation_problem == nullptr);
  }
};

QTEST_APPLESS_MAIN(AllocationTest)
#include "allocation_test.moc"
