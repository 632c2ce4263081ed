// tunedForAnotherVehicle (app/core/tune_job.h): when gains tuned on one model are about to go
// to a vehicle flying another (unchecked, s500's gains went to the 1 kg box without a word).
// The 1 % threshold is the function's own contract.
#include "app/core/tune_job.h"
#include "tests/sim/shipped_airframes.h"

#include <QtTest>

class TuneJobTest : public QObject {
  Q_OBJECT

 private slots:
  void sameVehicleSaysNothing() {
    const vsim::VehicleModel s500 = loadShippedAirframe("s500.yaml");
    QCOMPARE(navigator::tunedForAnotherVehicle(s500, s500), QString());
    // Half a percent heavier: the same vehicle as far as the gains go.
    const auto close = vsim::withMassProperties(s500, {s500.mass_kg * 1.005, s500.com_file_m, s500.inertia_kgm2});
    QVERIFY(close.ok());
    QCOMPARE(navigator::tunedForAnotherVehicle(s500, close.value()), QString());
  }

  void anotherAirframeOrMassIsNamed() {
    const vsim::VehicleModel s500 = loadShippedAirframe("s500.yaml");
    const vsim::VehicleModel quad = loadShippedAirframe("generic_quad.yaml");
    const QString other = navigator::tunedForAnotherVehicle(s500, quad);
    QVERIFY2(other.startsWith(QStringLiteral("These gains were tuned for s500: ")), qPrintable(other));
    QVERIFY2(other.contains(QStringLiteral("; the vehicle flies ") + QString::fromStdString(quad.name) +
                            QStringLiteral(": ")),
             qPrintable(other));
    // The same airframe with a mesh's mass properties: 1 kg instead of the S500's.
    const auto box = vsim::withMassProperties(s500, {1.0, s500.com_file_m, s500.inertia_kgm2 * (1.0 / s500.mass_kg)});
    QVERIFY(box.ok());
    const QString heavier = navigator::tunedForAnotherVehicle(s500, box.value());
    QVERIFY2(heavier.contains(QStringLiteral("the vehicle flies s500: 1 kg")), qPrintable(heavier));
    // Same mass, another tensor (half as much again about x).
    vsim::VehicleModel turned = s500;
    turned.inertia_kgm2(0, 0) *= 1.5;
    QVERIFY(!navigator::tunedForAnotherVehicle(s500, turned).isEmpty());
  }
};

QTEST_GUILESS_MAIN(TuneJobTest)
#include "tune_job_test.moc"
