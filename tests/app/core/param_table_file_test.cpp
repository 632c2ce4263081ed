// The parameter table file navigator-autopilot-check --dump-params writes: one line per
// parameter, sorted by name, NAME<TAB>MAV_PARAM_TYPE<TAB>VALUE; integers exact, REAL32 values
// with digits enough to give back the same float; a failed write names the file.
#include "app/core/param_table_file.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <cstdint>
#include <cstdlib>
#include <limits>

namespace {

navigator::ParamValue param(const char* name, std::uint8_t type, double value) {
  navigator::ParamValue p;
  p.name = QString::fromLatin1(name);
  p.mav_type = type;
  p.value = value;
  return p;
}

}  // namespace

class ParamTableFileTest : public QObject {
  Q_OBJECT
 private slots:
  // Sorted by name whatever the order given; the type as its MAV_PARAM_TYPE number (common.xml:
  // UINT8 1, INT32 6, UINT32 5, REAL32 9); the integers' extremes in decimal, not as floats.
  void linesAreSortedTypedAndExact() {
    navigator::ParamValue unreadable = param("ZZ_I64", 8, 0);
    unreadable.readable = false;
    const QList<navigator::ParamValue> params = {
        param("MPC_XY_P", 9, double(0.95f)),
        param("COM_ARM_WO_GPS", 6, -1),
        param("SYS_AUTOSTART", 6, 10016),
        param("CAL_ACC0_ID", 5, 4294967295.0),  // 2^32 - 1: UINT32's largest
        param("BAT1_SOURCE", 1, 255),           // UINT8's largest
        unreadable,
    };
    QCOMPARE(navigator::paramTableText(params), QStringLiteral("BAT1_SOURCE\t1\t255\n"
                                                               "CAL_ACC0_ID\t5\t4294967295\n"
                                                               "COM_ARM_WO_GPS\t6\t-1\n"
                                                               "MPC_XY_P\t9\t0.949999988\n"
                                                               "SYS_AUTOSTART\t6\t10016\n"
                                                               "ZZ_I64\t8\tunreadable\n"));
  }

  // Nine significant digits give back the same binary32 for any float (IEEE 754-2008, 5.12.2:
  // Pmin(binary32) = 9): checked on values whose shortest decimal needs all nine, the smallest
  // normal float and the largest.
  void realValuesReadBackAsTheSameFloat() {
    const float values[] = {0.15f,
                            1.0f / 3.0f,
                            16777217.0f,
                            -2.7182817f,
                            std::numeric_limits<float>::min(),
                            std::numeric_limits<float>::max()};
    for (const float v : values) {
      const QString text = navigator::paramTableText({param("X", 9, double(v))});
      const QString number = text.section(QLatin1Char('\t'), 2).trimmed();
      QCOMPARE(std::strtof(number.toLatin1().constData(), nullptr), v);
    }
  }

  void theFileHoldsTheTextAndAFailureNamesIt() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("params.tsv"));
    const QList<navigator::ParamValue> params = {param("SYS_AUTOSTART", 6, 10016)};
    QCOMPARE(navigator::writeParamTable(params, path), QString());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(file.readAll()), navigator::paramTableText(params));
    const QString nowhere = dir.filePath(QStringLiteral("missing/params.tsv"));
    const QString error = navigator::writeParamTable(params, nowhere);
    QVERIFY2(error.startsWith(nowhere + QStringLiteral(": cannot write: ")), qPrintable(error));
  }
};

QTEST_APPLESS_MAIN(ParamTableFileTest)
#include "param_table_file_test.moc"
