// The STM32F405 clock tree's arithmetic (firmware/hal/stm32f4/clock_tree.h) on the host: the PLL
// factors for the usual crystals give exactly 168 MHz SYSCLK and 48 MHz USB within RM0090's
// limits (section 6.3.2: VCO input 1-2 MHz, VCO output 100-432 MHz, M 2..63, N 50..432,
// P 2/4/6/8, Q 2..15), inputs that cannot are refused, the wait states follow RM0090 Table 10,
// and register values decode to the clocks they select.
#include "firmware/hal/stm32f4/clock_tree.h"

#include <QtTest>

class ClockTreeTest : public QObject {
  Q_OBJECT

 private slots:
  void pllForCommonCrystals_data() {
    QTest::addColumn<quint32>("input_hz");
    QTest::addColumn<quint32>("m");
    QTest::addColumn<quint32>("n");
    // f_VCO must be 336 MHz (168 x 2 = 48 x 7); the smallest M whose input divides to a VCO
    // input of at most 2 MHz that 336 MHz is a whole multiple of: 8/4, 12/6, 16/8 (the HSI), 24/12
    // give 2 MHz (N = 168); 25 MHz divides to a whole MHz fraction of 336 only by 25 (1 MHz, N = 336).
    QTest::newRow("8 MHz") << 8000000u << 4u << 168u;
    QTest::newRow("12 MHz") << 12000000u << 6u << 168u;
    QTest::newRow("16 MHz (HSI)") << 16000000u << 8u << 168u;
    QTest::newRow("24 MHz") << 24000000u << 12u << 168u;
    QTest::newRow("25 MHz") << 25000000u << 25u << 336u;
    QTest::newRow("4 MHz (lowest)") << 4000000u << 2u << 168u;
    QTest::newRow("26 MHz (highest)") << 26000000u << 13u << 168u;
  }
  void pllForCommonCrystals() {
    QFETCH(quint32, input_hz);
    QFETCH(quint32, m);
    QFETCH(quint32, n);
    stm32f4_pll_t pll{};
    QVERIFY(stm32f4_pll_for(input_hz, &pll));
    QCOMPARE(pll.m, m);
    QCOMPARE(pll.n, n);
    QCOMPARE(pll.p, 2u);
    QCOMPARE(pll.q, 7u);
    QCOMPARE(pll.sysclk_hz, 168000000u);
    QCOMPARE(pll.usb_hz, 48000000u);
    QCOMPARE(quint64(input_hz) * pll.n / pll.m / pll.p, quint64(168000000u));  // exact, not rounded
    QCOMPARE(quint64(input_hz) % pll.m, quint64(0));
    QVERIFY(pll.vco_in_hz >= 1000000u && pll.vco_in_hz <= 2000000u);
    QVERIFY(pll.vco_hz >= 100000000u && pll.vco_hz <= 432000000u);
    QVERIFY(pll.m >= 2 && pll.m <= 63 && pll.n >= 50 && pll.n <= 432 && pll.q >= 2 && pll.q <= 15);
  }

  void pllRefusesWhatCannotBeExact() {
    stm32f4_pll_t pll{};
    pll.m = 99;
    QVERIFY(!stm32f4_pll_for(0, &pll));
    QVERIFY(!stm32f4_pll_for(3000000, &pll));   // below DS8626's 4 MHz HSE
    QVERIFY(!stm32f4_pll_for(27000000, &pll));  // above its 26 MHz
    // 7.3728 MHz (a UART crystal): f/M is 7.3728/M MHz, and 336 MHz / (7.3728/M MHz) = 45.57 M is
    // never whole for the M that give 1-2 MHz (4..7).
    QVERIFY(!stm32f4_pll_for(7372800, &pll));
    // 13 MHz: 13/7 .. 13/13 MHz; 336 x M / 13 is whole only for M = 13 (1 MHz, N = 336): accepted.
    QVERIFY(stm32f4_pll_for(13000000, &pll));
    QCOMPARE(pll.n, 336u);
    pll.m = 99;
    QVERIFY(!stm32f4_pll_for(9000001, &pll));  // a prime: no M divides it
    QCOMPARE(pll.m, 99u);                      // untouched on refusal
  }

  // RCC_PLLCFGR's fields (RM0090 6.3.2): 8 MHz HSE, M 4, N 168, P 2 (field 0), HSE (bit 22), Q 7.
  void pllcfgrPacksTheFields() {
    stm32f4_pll_t pll{};
    QVERIFY(stm32f4_pll_for(8000000, &pll));
    QCOMPARE(stm32f4_pllcfgr(&pll, true), 4u | 168u << 6 | 0u << 16 | 1u << 22 | 7u << 24);
    QCOMPARE(stm32f4_pllcfgr(&pll, false) & (1u << 22), 0u);
  }

  // RM0090 Table 10, 2.7-3.6 V: 0 WS up to 30 MHz, 1 up to 60, ... 5 up to 168 MHz.
  void waitStatesFollowTable10() {
    QCOMPARE(stm32f4_flash_wait_states(16000000), 0u);
    QCOMPARE(stm32f4_flash_wait_states(30000000), 0u);
    QCOMPARE(stm32f4_flash_wait_states(30000001), 1u);
    QCOMPARE(stm32f4_flash_wait_states(90000000), 2u);
    QCOMPARE(stm32f4_flash_wait_states(150000000), 4u);
    QCOMPARE(stm32f4_flash_wait_states(168000000), 5u);
  }

  // What the registers say runs: PLL switched in (SWS 10), AHB /1, APB1 /4 (PPRE1 101), APB2 /2
  // (PPRE2 100) from the 8 MHz crystal's PLL: 168, 168, 42, 84 MHz; the APB timers twice their
  // bus (RM0090 6.2): 84 and 168 MHz. At reset (HSI, no dividers) everything is 16 MHz.
  void registersDecodeToTheRunningClocks() {
    stm32f4_pll_t pll{};
    QVERIFY(stm32f4_pll_for(8000000, &pll));
    const quint32 cfgr = 2u << 2 | 2u | 5u << 10 | 4u << 13;
    stm32f4_clocks_t c{};
    QVERIFY(stm32f4_clocks_decode(cfgr, stm32f4_pllcfgr(&pll, true), 8000000, &c));
    QCOMPARE(c.sysclk_hz, 168000000u);
    QCOMPARE(c.hclk_hz, 168000000u);
    QCOMPARE(c.pclk1_hz, 42000000u);
    QCOMPARE(c.pclk2_hz, 84000000u);
    QCOMPARE(c.tim_apb1_hz, 84000000u);
    QCOMPARE(c.tim_apb2_hz, 168000000u);
    // The same PLL fed by the HSI (PLLSRC 0) with HSI factors gives 168 MHz too.
    stm32f4_pll_t hsi{};
    QVERIFY(stm32f4_pll_for(STM32F4_HSI_HZ, &hsi));
    QVERIFY(stm32f4_clocks_decode(cfgr, stm32f4_pllcfgr(&hsi, false), 8000000, &c));
    QCOMPARE(c.sysclk_hz, 168000000u);
    // Reset: SWS 00 (HSI), RCC_PLLCFGR's reset value 0x24003010 unused.
    QVERIFY(stm32f4_clocks_decode(0, 0x24003010u, 8000000, &c));
    QCOMPARE(c.sysclk_hz, 16000000u);
    QCOMPARE(c.pclk2_hz, 16000000u);
    QCOMPARE(c.tim_apb1_hz, 16000000u);
    QVERIFY(!stm32f4_clocks_decode(3u << 2, 0, 8000000, &c));  // SWS 11: not a clock
  }

  // USART_BRR at 115200 baud (RM0090 30.3.4, oversampling by 16): 84 MHz / 115200 = 729.17 → 729
  // (mantissa 45, fraction 9), 16 MHz / 115200 = 138.9 → 139.
  void usartDividerFromTheBusClock() {
    QCOMPARE(stm32f4_usart_brr(84000000, 115200), 729u);
    QCOMPARE(stm32f4_usart_brr(16000000, 115200), 139u);
  }
};

QTEST_APPLESS_MAIN(ClockTreeTest)
#include "clock_tree_test.moc"
