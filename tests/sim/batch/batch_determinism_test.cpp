// The batch's determinism and its NaN defence: a vehicle's flight is a
// function of its seed, variation, start and duties only — the same bits whatever the batch
// size, its index in the batch or the thread count, with every noise source on; and a poisoned
// vehicle is refused or reset and counted alone, its neighbours in the same SIMD lane group
// flying on bit for bit as if it were not there.
#include "sim/batch/batch_simulator.h"
#include "tests/sim/shipped_airframes.h"

#include <QtTest>

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

using vsim::batch::BatchConfig;
using vsim::batch::BatchSimulator;
using vsim::batch::VehicleVariation;

namespace {

VehicleVariation variationFor(std::uint64_t seed) {
  VehicleVariation v;
  v.seed = seed;
  v.mass_scale = 1.0 + 0.01 * double(seed % 7);
  v.motor_bias = {1.02, 0.98, 1.01, 0.99, 1, 1, 1, 1};
  v.steady_wind_NED_mps = {2.0, -1.0, 0.0};
  v.turbulence_sigma_mps = 1.5;
  return v;
}

// Every bit a vehicle's flight produced: its state and its sensors.
std::vector<double> fingerprint(const BatchSimulator& b, std::size_t i) {
  const vsim::VehicleState s = b.state(i);
  const vsim::SensorFrame f = b.frame(i);
  std::vector<double> out{s.p_W_m.x(),
                          s.p_W_m.y(),
                          s.p_W_m.z(),
                          s.v_W_mps.x(),
                          s.v_W_mps.y(),
                          s.v_W_mps.z(),
                          s.q_WB.w(),
                          s.q_WB.x(),
                          s.q_WB.y(),
                          s.q_WB.z(),
                          s.omega_B_radps.x(),
                          s.omega_B_radps.y(),
                          s.omega_B_radps.z(),
                          f.imu.accel_S_mps2.x(),
                          f.imu.accel_S_mps2.y(),
                          f.imu.accel_S_mps2.z(),
                          f.imu.gyro_S_radps.x(),
                          f.imu.gyro_S_radps.y(),
                          f.imu.gyro_S_radps.z(),
                          f.mag.field_S_gauss.x(),
                          f.baro.pressure_pa,
                          f.wind_NED_mps.x(),
                          f.wind_NED_mps.y(),
                          f.wind_NED_mps.z()};
  for (int r = 0; r < b.model().rotor_count; ++r) out.push_back(s.rotor_speed_radps[std::size_t(r)]);
  return out;
}

bool sameBits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

// Flies a batch where vehicle `index` has seed 4242 (the others their own seeds) for 2 s with
// noise, jitter and turbulence on, and returns that vehicle's fingerprint every 100 periods.
std::vector<std::vector<double>> flyTracked(std::size_t count, std::size_t index, int threads) {
  const vsim::VehicleModel model = loadShippedAirframe("s500.yaml");
  BatchConfig config;
  config.motor_jitter = 0.01;  // ±1 %, the jitter docs/design/physics-and-numerics.md describes
  config.threads = threads;
  auto created = BatchSimulator::create(model, config, count);
  if (!created) qFatal("%s", created.error().message.c_str());
  BatchSimulator batch = std::move(created).value();
  std::vector<VehicleVariation> variations;
  for (std::size_t i = 0; i < count; ++i) variations.push_back(variationFor(i == index ? 4242 : 100 + i));
  const vsim::VehicleState start = vsim::restingState(model, {0, 0, -30});
  if (!batch.reset(variations, std::span(&start, 1)).ok()) qFatal("reset refused");
  const double hover = vsim::hoverDuty(batch.model());
  std::vector<std::vector<double>> track;
  for (int k = 0; k < 2000; ++k) {
    for (std::size_t i = 0; i < count; ++i) {
      const double d = hover * (1.0 + 0.05 * std::sin(0.01 * k + double(i)));  // the others fly their own way
      const std::vector<double> duty =
          i == index ? std::vector<double>{hover * 1.02, hover, hover * 0.99, hover} : std::vector<double>{d, d, d, d};
      batch.setDuties(i, duty);
    }
    batch.advanceImuPeriod();
    if (k % 100 == 99) track.push_back(fingerprint(batch, index));
  }
  return track;
}

}  // namespace

class BatchDeterminismTest : public QObject {
  Q_OBJECT

 private slots:
  void aVehicleFliesTheSameWhateverTheBatch() {
    const auto alone = flyTracked(1, 0, 1);
    const struct {
      std::size_t count, index;
      int threads;
    } cases[] = {{37, 20, 1}, {37, 20, 2}, {100, 3, 2}, {16, 15, 2}, {1000, 777, 2}};
    for (const auto& c : cases) {
      const auto other = flyTracked(c.count, c.index, c.threads);
      QCOMPARE(other.size(), alone.size());
      for (std::size_t k = 0; k < alone.size(); ++k)
        QVERIFY2(sameBits(other[k], alone[k]), qPrintable(QString("vehicle %1 of %2 on %3 threads differs at sample %4")
                                                              .arg(c.index)
                                                              .arg(c.count)
                                                              .arg(c.threads)
                                                              .arg(k)));
    }
    // And the noise is on: the sensors moved from one sample to the next.
    QVERIFY(alone[5][16] != alone[6][16]);
  }

  void aResetRestoresEveryStream() {
    const vsim::VehicleModel model = loadShippedAirframe("s500.yaml");
    BatchConfig config;
    config.motor_jitter = 0.01;
    auto created = BatchSimulator::create(model, config, 5);
    QVERIFY(created.ok());
    BatchSimulator batch = std::move(created).value();
    const VehicleVariation v = variationFor(9);
    const vsim::VehicleState start = vsim::restingState(model, {0, 0, -30});
    std::vector<double> first, second;
    for (std::vector<double>* run : {&first, &second}) {
      QVERIFY(batch.reset(std::span(&v, 1), std::span(&start, 1)).ok());
      for (int k = 0; k < 500; ++k) {
        for (std::size_t i = 0; i < 5; ++i) batch.setDuties(i, std::vector<double>(4, 0.6));
        batch.advanceImuPeriod();
      }
      *run = fingerprint(batch, 2);
    }
    QVERIFY(sameBits(first, second));
  }

  void aPoisonedVehicleLeavesItsNeighboursUntouched() {
    // 16 vehicles: two lane groups of 8 with AVX-512, four of 4 with AVX2. Vehicle 3 gets a NaN
    // duty, vehicle 5 a state with an infinite velocity; 2, 4 and 6 share their lane group.
    const vsim::VehicleModel model = loadShippedAirframe("s500.yaml");
    BatchConfig config;
    config.motor_jitter = 0.01;
    auto fly = [&](bool poison) {
      auto created = BatchSimulator::create(model, config, 16);
      if (!created) qFatal("%s", created.error().message.c_str());
      BatchSimulator batch = std::move(created).value();
      std::vector<VehicleVariation> variations;
      for (std::uint64_t i = 0; i < 16; ++i) variations.push_back(variationFor(50 + i));
      const vsim::VehicleState start = vsim::restingState(model, {0, 0, -30});
      if (!batch.reset(variations, std::span(&start, 1)).ok()) qFatal("reset refused");
      const double hover = vsim::hoverDuty(batch.model());
      for (int k = 0; k < 300; ++k) {
        for (std::size_t i = 0; i < 16; ++i) {
          std::vector<double> duty(4, hover);
          if (poison && i == 3 && k == 100) duty[1] = std::numeric_limits<double>::quiet_NaN();
          batch.setDuties(i, duty);
        }
        if (poison && k == 150) {
          vsim::VehicleState s = batch.state(5);
          s.v_W_mps.x() = std::numeric_limits<double>::infinity();
          batch.setState(5, s);
        }
        batch.advanceImuPeriod();
      }
      return batch;
    };
    const BatchSimulator clean = fly(false), poisoned = fly(true);
    QCOMPARE(poisoned.counters(3).rejected_duties, 1);  // the NaN refused, that motor at 0 for a period
    QCOMPARE(poisoned.counters(3).sanitiser_resets, 0);
    QCOMPARE(poisoned.counters(5).sanitiser_resets, 1);  // the infinite state reset to a resting pose
    QCOMPARE(poisoned.counters(5).rejected_duties, 0);
    const vsim::VehicleState reset = poisoned.state(5);
    QVERIFY(reset.p_W_m.allFinite() && reset.v_W_mps.allFinite() && reset.omega_B_radps.allFinite());
    QVERIFY(!sameBits(fingerprint(poisoned, 3), fingerprint(clean, 3)));
    for (std::size_t i = 0; i < 16; ++i) {
      if (i == 3 || i == 5) continue;
      QVERIFY2(sameBits(fingerprint(poisoned, i), fingerprint(clean, i)),
               qPrintable(QString("vehicle %1 was touched").arg(i)));
      QCOMPARE(poisoned.counters(i).rejected_duties, 0);
      QCOMPARE(poisoned.counters(i).sanitiser_resets, 0);
    }
  }

  void badVariationsAreRefusedByName() {
    const vsim::VehicleModel model = loadShippedAirframe("s500.yaml");
    auto created = BatchSimulator::create(model, BatchConfig{}, 3);
    QVERIFY(created.ok());
    BatchSimulator batch = std::move(created).value();
    const vsim::VehicleState start = vsim::restingState(model);
    std::vector<VehicleVariation> v(3);
    v[1].mass_scale = std::numeric_limits<double>::quiet_NaN();
    auto r = batch.reset(v, std::span(&start, 1));
    QVERIFY(!r.ok());
    QVERIFY(r.error().message.find("vehicle 1: mass scale") != std::string::npos);
    v[1].mass_scale = 1.0;
    v[2].inertia_scale = {1.0, 1.0, 1.5};  // a flat frame's Izz cannot grow alone
    r = batch.reset(v, std::span(&start, 1));
    QVERIFY(!r.ok());
    QVERIFY(r.error().message.find("vehicle 2: inertia scale") != std::string::npos);
    v[2].inertia_scale = {1.0, 1.0, 1.0};
    v[2].inertia_products = {0.9, 0.9, -0.9};  // as a correlation matrix, determinant −2.9: not positive definite
    r = batch.reset(v, std::span(&start, 1));
    QVERIFY(!r.ok());
    QVERIFY2(r.error().message.find("vehicle 2: products of inertia") != std::string::npos, r.error().message.c_str());
    v[2].inertia_products.setZero();
    v[2].thrust_offset_B_m = {0.0, 0.0, model.contact_radius_m};  // a tenth of the size at most
    r = batch.reset(v, std::span(&start, 1));
    QVERIFY(!r.ok());
    QVERIFY2(r.error().message.find("vehicle 2: thrust offset") != std::string::npos, r.error().message.c_str());
    v[2].thrust_offset_B_m.setZero();
    v.resize(2);
    r = batch.reset(v, std::span(&start, 1));
    QVERIFY(!r.ok());
    QVERIFY(r.error().message.find("expected 1 or 3") != std::string::npos);
    QVERIFY(!BatchSimulator::create(model, BatchConfig{}, 0).ok());
    BatchConfig bad_rates;
    bad_rates.physics_rate_hz = 7000;
    QVERIFY(!BatchSimulator::create(model, bad_rates, 4).ok());
  }
};

QTEST_GUILESS_MAIN(BatchDeterminismTest)
#include "batch_determinism_test.moc"
