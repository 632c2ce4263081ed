// The BMM150 compensation (firmware/drivers/bmm150_compensation.h): register decoding, a fixed
// vector worked by hand from Bosch's floating-point formulas, the overflow codes, and the round
// trip through the chip model's inverse (firmware/chips/bmx160_model.h) over the sensor's range.
#include "firmware/chips/bmx160_model.h"
#include "firmware/drivers/bmm150_compensation.h"

#include <QtTest>

#include <cmath>

namespace {

// Trims chosen so that every term of the formulas is non-zero (a real part's dig_x1, dig_y1,
// dig_z3, dig_z4 are often 0); the rest as a real readout's.
bmm150_trim_t everyTermTrim() {
  bmm150_trim_t t{};
  t.dig_x1 = 3;
  t.dig_y1 = -2;
  t.dig_x2 = 28;
  t.dig_y2 = 30;
  t.dig_z1 = 22792;
  t.dig_z2 = 736;
  t.dig_z3 = 100;
  t.dig_z4 = -20;
  t.dig_xy1 = 29;
  t.dig_xy2 = -3;
  t.dig_xyz1 = 6806;
  return t;
}

}  // namespace

class Bmm150CompensationTest : public QObject {
  Q_OBJECT
 private slots:
  void registersDecodeAsTheDatasheetLaysThemOut() {
    // BMM150 datasheet 5.4: x = 200 -> LSB (200 & 31) << 3 = 0x40 (bit 0 the self-test flag), MSB
    // 200 >> 5 = 6; y = -1 -> 0xF8, 0xFF; z = -300 (15 bits) -> LSB (-300 & 127) << 1 = 0xA8, MSB
    // 0xFD; RHALL 7000 -> LSB (7000 & 63) << 2 | 1 (data ready) = 0x61, MSB 7000 >> 6 = 0x6D.
    const uint8_t data[8] = {0x41, 0x06, 0xF8, 0xFF, 0xA8, 0xFD, 0x61, 0x6D};
    bmm150_raw_t raw;
    bmm150_raw_decode(data, &raw);
    QCOMPARE(raw.x, int16_t{200});
    QCOMPARE(raw.y, int16_t{-1});
    QCOMPARE(raw.z, int16_t{-300});
    QCOMPARE(raw.rhall, uint16_t{7000});
  }

  void trimsDecodeFromTheirRegisters() {
    // 0x5D..0x71 (bmm150_defs.h addresses): x1 0x5D, y1 0x5E, z4 0x62/63, x2 0x64, y2 0x65,
    // z2 0x68/69, z1 0x6A/6B, xyz1 0x6C/6D (bit 15 not part of it), z3 0x6E/6F, xy2 0x70, xy1 0x71.
    uint8_t r[21] = {};
    r[0x5D - 0x5D] = 0x03;
    r[0x5E - 0x5D] = 0xFE;  // -2
    r[0x62 - 0x5D] = 0xEC;  // -20 = 0xFFEC
    r[0x63 - 0x5D] = 0xFF;
    r[0x64 - 0x5D] = 28;
    r[0x65 - 0x5D] = 30;
    r[0x68 - 0x5D] = 0xE0;  // 736 = 0x02E0
    r[0x69 - 0x5D] = 0x02;
    r[0x6A - 0x5D] = 0x08;  // 22792 = 0x5908
    r[0x6B - 0x5D] = 0x59;
    r[0x6C - 0x5D] = 0x96;  // 6806 = 0x1A96, with bit 15 set to show it is masked
    r[0x6D - 0x5D] = 0x9A;
    r[0x6E - 0x5D] = 100;
    r[0x70 - 0x5D] = 0xFD;  // -3
    r[0x71 - 0x5D] = 29;
    bmm150_trim_t t;
    bmm150_trim_decode(r, &t);
    const bmm150_trim_t expected = everyTermTrim();
    QCOMPARE(t.dig_x1, expected.dig_x1);
    QCOMPARE(t.dig_y1, expected.dig_y1);
    QCOMPARE(t.dig_z4, expected.dig_z4);
    QCOMPARE(t.dig_x2, expected.dig_x2);
    QCOMPARE(t.dig_y2, expected.dig_y2);
    QCOMPARE(t.dig_z2, expected.dig_z2);
    QCOMPARE(t.dig_z1, expected.dig_z1);
    QCOMPARE(t.dig_xyz1, expected.dig_xyz1);
    QCOMPARE(t.dig_z3, expected.dig_z3);
    QCOMPARE(t.dig_xy2, expected.dig_xy2);
    QCOMPARE(t.dig_xy1, expected.dig_xy1);
  }

  void aFixedVectorMatchesTheHandComputation() {
    // raw x 200, y -150, z 500, RHALL 7000 with everyTermTrim(), by Bosch's float formulas:
    //   r   = 6806 * 16384 / 7000 - 16384                  = -454.070857
    //   xy2 * r^2 / 2^28 = -3 * 206180.3 / 268435456        = -0.002304245
    //   r * xy1 / 2^14   = -454.070857 * 29 / 16384         = -0.803714286
    //   k_x = (-0.002304245 - 0.803714286 + 256) * (28 + 160) = 47976.468516
    //   k_y = 255.193981469 * (30 + 160)                      = 48486.856479
    //   x = (200 * 47976.468516 / 8192 + 3 * 8) / 16          = 74.706281 uT
    //   y = (-150 * 48486.856479 / 8192 - 2 * 8) / 16         = -56.488804 uT
    //   z numerator   = (500 + 20) * 131072 - 100 * (7000 - 6806) = 68138040
    //   z denominator = (736 + 22792 * 7000 / 32768) * 4      = (736 + 4868.896484) * 4 = 22419.585938
    //   z = 68138040 / 22419.585938 / 16                      = 189.951211 uT
    const bmm150_trim_t t = everyTermTrim();
    const bmm150_raw_t raw{200, -150, 500, 7000};
    float out[3] = {};
    QVERIFY(bmm150_compensate_uT(&t, &raw, out));
    // Float evaluation of the same formulas: within 1e-3 uT of the hand values.
    QVERIFY2(std::fabs(out[0] - 74.706281f) < 1e-3f, qPrintable(QString::number(out[0], 'g', 9)));
    QVERIFY2(std::fabs(out[1] + 56.488804f) < 1e-3f, qPrintable(QString::number(out[1], 'g', 9)));
    QVERIFY2(std::fabs(out[2] - 189.951211f) < 1e-3f, qPrintable(QString::number(out[2], 'g', 9)));
  }

  void overflowCodesAndMissingDataGiveNoField() {
    const bmm150_trim_t t = everyTermTrim();
    float out[3] = {1.0f, 2.0f, 3.0f};
    const bmm150_raw_t xOverflow{BMM150_XY_OVERFLOW, 0, 0, 7000};
    const bmm150_raw_t zOverflow{0, 0, BMM150_Z_OVERFLOW, 7000};
    const bmm150_raw_t noRhall{10, 10, 10, 0};
    QVERIFY(!bmm150_compensate_uT(&t, &xOverflow, out));
    QVERIFY(!bmm150_compensate_uT(&t, &zOverflow, out));
    QVERIFY(!bmm150_compensate_uT(&t, &noRhall, out));
    QCOMPARE(out[0], 1.0f);  // untouched
    bmm150_trim_t blank{};   // a part answering zeros
    const bmm150_raw_t fine{10, 10, 10, 7000};
    QVERIFY(!bmm150_trim_plausible(&blank));
    QVERIFY(!bmm150_compensate_uT(&blank, &fine, out));
  }

  void theModelsInverseRoundTripsWithinHalfACount() {
    // The model's BMM150 measures the field by inverting the compensation and rounding to a
    // count; the driver's compensation must give the field back within half a count. With the
    // model's trims and RHALL 7080 one count is 0.3656 uT on x/y and 0.3618 uT on z (k/8192/16 and
    // 131072/(denominator*16)), so half a count is under 0.19 uT. Both trim sets, +-1000 uT.
    for (int set = 0; set < 2; ++set) {
      bmx160_model_t chip;
      bmx160_model_init(&chip);
      if (set == 1) chip.trim = everyTermTrim();
      float worst = 0.0f;
      for (int i = -10; i <= 10; ++i) {
        for (int j = -10; j <= 10; j += 5) {
          const float field_uT[3] = {100.0f * static_cast<float>(i), 37.0f * static_cast<float>(j),
                                     -45.0f * static_cast<float>(i) + 3.3f * static_cast<float>(j)};
          bmm150_raw_t raw;
          QVERIFY(bmx160_model_bmm150_measure(&chip, field_uT, &raw));
          float out[3];
          QVERIFY(bmm150_compensate_uT(&chip.trim, &raw, out));
          for (int k = 0; k < 3; ++k) worst = std::fmax(worst, std::fabs(out[k] - field_uT[k]));
        }
      }
      QVERIFY2(worst < 0.19f, qPrintable(QString("set %1: worst %2 uT").arg(set).arg(worst)));
    }
  }
};

QTEST_APPLESS_MAIN(Bmm150CompensationTest)
#include "bmx160_bmm150_test.moc"
