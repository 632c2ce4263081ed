// CalibrationStore: per-GUID round trip through QSettings (an INI file), defaults when nothing
// is stored, and refusal of corrupt stored values by key without rewriting them.
#include "app/joystick/calibration_store.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace navigator::joystick;

namespace {

const QString kGuid = QStringLiteral("030000005e0400008e02000010010000");
const QString kOther = QStringLiteral("0300000054040000e0d0000000000000");

JoystickCalibration defaults() { return defaultCalibration(4, 8, GamepadLayout::rawDefault()); }

JoystickCalibration custom() {
  JoystickCalibration c = defaults();
  c.axes[0] = {-31000, 250, 30500, 0.08, 0.35, false};
  c.axes[3] = {-32768, -1200, 32000, 0.12, 0.6, true};
  c.mapping.axis = {3, 0, 2, 1};
  c.mapping.button = {5, 4, -1, 0, 1};
  return c;
}

}  // namespace

class CalibrationStoreTest : public QObject {
  Q_OBJECT

 private slots:
  void init() {
    QVERIFY(dir_.isValid());
    path_ = dir_.filePath(QStringLiteral("%1.ini").arg(QTest::currentTestFunction()));
  }

  void nothingStoredGivesDefaults() {
    QSettings s(path_, QSettings::IniFormat);
    const CalibrationLoad l = CalibrationStore(s).load(kGuid, 4, 8, defaults());
    QVERIFY(!l.stored);
    QVERIFY(l.problems.isEmpty());
    QCOMPARE(l.calibration, defaults());
  }

  void roundTripPerGuid() {
    {
      QSettings s(path_, QSettings::IniFormat);
      CalibrationStore(s).save(kGuid, custom());
    }  // written to disk and read back by a fresh QSettings
    QSettings s(path_, QSettings::IniFormat);
    CalibrationStore store(s);
    const CalibrationLoad l = store.load(kGuid, 4, 8, defaults());
    QVERIFY2(l.problems.isEmpty(), qPrintable(l.problems.join('\n')));
    QVERIFY(l.stored);
    QCOMPARE(l.calibration, custom());
    QCOMPARE(store.load(kOther, 4, 8, defaults()).calibration, defaults());   // another pad: untouched
    QCOMPARE(s.value("joystick/" + kGuid + "/axis3/centre").toInt(), -1200);  // the documented key
  }

  void preferredDevice() {
    QSettings s(path_, QSettings::IniFormat);
    CalibrationStore store(s);
    QCOMPARE(store.preferredDevice(), QString());
    store.setPreferredDevice(kOther);
    QCOMPARE(store.preferredDevice(), kOther);
  }

  void corruptValuesAreRefusedByKey_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("message");
    QTest::newRow("min not below max") << "axis0/min"
                                       << "31000"
                                       << "axis0: min (31000) is not below max (30500)";
    QTest::newRow("NaN deadband") << "axis0/deadband"
                                  << "nan"
                                  << "axis0/deadband: ";
    QTest::newRow("text") << "axis0/expo"
                          << "lots"
                          << "axis0/expo: 'lots' is not a number";
    QTest::newRow("out of range") << "axis0/max"
                                  << "99999"
                                  << "axis0/max: 99999 is outside -32768..32767";
    QTest::newRow("expo above 1") << "axis0/expo"
                                  << "1.5"
                                  << "axis0/expo: 1.5 is outside 0..1";
    QTest::newRow("bad bool") << "axis0/reversed"
                              << "maybe"
                              << "axis0/reversed: 'maybe' is not true or false";
    QTest::newRow("centre outside") << "axis0/centre"
                                    << "-32000"
                                    << "axis0: centre (-32000) is outside min..max";
  }

  void corruptValuesAreRefusedByKey() {
    QFETCH(QString, key);
    QFETCH(QString, value);
    QFETCH(QString, message);
    const QString full = "joystick/" + kGuid + "/" + key;
    {
      QSettings s(path_, QSettings::IniFormat);
      CalibrationStore(s).save(kGuid, custom());
      s.setValue(full, value);
    }
    QSettings s(path_, QSettings::IniFormat);
    const CalibrationLoad l = CalibrationStore(s).load(kGuid, 4, 8, defaults());
    const QString all = l.problems.join('\n');
    QVERIFY2(all.contains("joystick/" + kGuid + "/" + message), qPrintable(all));
    QVERIFY2(all.contains("axis0: defaults used for this axis"), qPrintable(all));
    QCOMPARE(l.calibration.axes[0], defaults().axes[0]);  // the refused axis: defaults
    QCOMPARE(l.calibration.axes[3], custom().axes[3]);    // the good ones still load
    QCOMPARE(l.calibration.mapping, custom().mapping);
    QCOMPARE(s.value(full).toString(), value);  // not silently overwritten
  }

  void corruptMappingFallsBackWhole() {
    {
      QSettings s(path_, QSettings::IniFormat);
      CalibrationStore(s).save(kGuid, custom());
      s.setValue("joystick/" + kGuid + "/map/yaw", 3);  // same axis as roll
    }
    QSettings s(path_, QSettings::IniFormat);
    const CalibrationLoad l = CalibrationStore(s).load(kGuid, 4, 8, defaults());
    const QString all = l.problems.join('\n');
    QVERIFY2(all.contains("joystick/" + kGuid + "/map: yaw: axis 3 is already roll"), qPrintable(all));
    QCOMPARE(l.calibration.mapping, defaults().mapping);
    QCOMPARE(l.calibration.axes[3], custom().axes[3]);
    QCOMPARE(s.value("joystick/" + kGuid + "/map/yaw").toInt(), 3);
  }

  void mappingBeyondThisDevice() {
    // Stored for a pad with more buttons than this one reports: refused, not clamped.
    {
      QSettings s(path_, QSettings::IniFormat);
      CalibrationStore(s).save(kGuid, custom());
    }
    QSettings s(path_, QSettings::IniFormat);
    const CalibrationLoad l =
        CalibrationStore(s).load(kGuid, 4, 4, defaultCalibration(4, 4, GamepadLayout::rawDefault()));
    QVERIFY2(l.problems.join('\n').contains("arm: button 5 does not exist (the device has 4 buttons)"),
             qPrintable(l.problems.join('\n')));
  }

  void missingKeyIsReported() {
    {
      QSettings s(path_, QSettings::IniFormat);
      CalibrationStore(s).save(kGuid, custom());
      s.remove("joystick/" + kGuid + "/axis3/expo");
    }
    QSettings s(path_, QSettings::IniFormat);
    const CalibrationLoad l = CalibrationStore(s).load(kGuid, 4, 8, defaults());
    QVERIFY2(l.problems.join('\n').contains("joystick/" + kGuid + "/axis3/expo: missing"),
             qPrintable(l.problems.join('\n')));
    QCOMPARE(l.calibration.axes[3], defaults().axes[3]);
  }

  void saveAfterCalibratingReplaces() {
    QSettings s(path_, QSettings::IniFormat);
    CalibrationStore store(s);
    store.save(kGuid, custom());
    s.setValue("joystick/" + kGuid + "/axis0/min", "garbage");
    store.save(kGuid, defaults());  // the user calibrated again
    const CalibrationLoad l = store.load(kGuid, 4, 8, defaults());
    QVERIFY(l.problems.isEmpty());
    QCOMPARE(l.calibration, defaults());
  }

 private:
  QTemporaryDir dir_;
  QString path_;
};

QTEST_GUILESS_MAIN(CalibrationStoreTest)
#include "calibration_store_test.moc"
