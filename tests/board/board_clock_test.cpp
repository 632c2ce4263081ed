// The board's clock start-up (firmware/hal/stm32f4/board_clock.c, built for the host with an
// 8 MHz NAVIGATOR_HSE_HZ) against a model of the registers it touches, since QEMU's
// netduinoplus2 has no RCC to try it on. The model answers as RM0090 section 6.3 describes: HSERDY
// once HSEON is set and the crystal has started, PLLRDY once PLLON is set and the PLL locks, SWS
// following SW when the source is ready, HSION and HSIRDY set from reset (its reset value
// 0x0000XX83); SysTick's COUNTFLAG is set at every poll while the counter runs, so each poll is one
// millisecond of the bounded waits. Checked: the crystal's path, the HSI's when the crystal does
// not start (after 100 ms), the HSI alone when the PLL does not lock, and an RCC that reads 0 (QEMU).
extern "C" {  // the board's headers are C's, without C++ guards
#include "firmware/hal/stm32f4/board.h"
#include "firmware/hal/stm32f4/stm32f4_regs.h"
}

#include <QtTest>

#include <map>

namespace {

constexpr quint32 kRccCr = 0x40023800u, kRccPllcfgr = 0x40023804u, kRccCfgr = 0x40023808u;
constexpr quint32 kFlashAcr = 0x40023C00u, kSystCsr = 0xE000E010u;

struct Chip {
  bool rcc = true;           // false: the RCC reads 0 and ignores writes (QEMU)
  bool crystal = true;       // the HSE starts
  int crystal_start_ms = 2;  // DS8626's typical start-up
  bool pll_locks = true;
  std::map<quint32, quint32> regs;
  int ms = 0, hse_on_at_ms = -1;
  quint32 scratch = 0;

  void reset() {
    regs.clear();
    regs[kRccCr] = 0x00000083u;       // HSION, HSIRDY, HSITRIM 16
    regs[kRccPllcfgr] = 0x24003010u;  // RM0090's reset value
    ms = 0;
    hse_on_at_ms = -1;
  }
  // Brings the status bits up to date with what was written before this access.
  void settle() {
    quint32& cr = regs[kRccCr];
    if ((cr & RCC_CR_HSEON) && hse_on_at_ms < 0) hse_on_at_ms = ms;
    if (!(cr & RCC_CR_HSEON)) hse_on_at_ms = -1;
    const bool hse_ready = crystal && hse_on_at_ms >= 0 && ms - hse_on_at_ms >= crystal_start_ms;
    cr = (cr & ~RCC_CR_HSERDY) | (hse_ready ? RCC_CR_HSERDY : 0u);
    const bool pll_ready = (cr & RCC_CR_PLLON) && pll_locks;
    cr = (cr & ~RCC_CR_PLLRDY) | (pll_ready ? RCC_CR_PLLRDY : 0u);
    quint32& cfgr = regs[kRccCfgr];
    const quint32 sw = cfgr & 3u;
    const bool ready = sw == 0 || (sw == 1 && hse_ready) || (sw == 2 && pll_ready);
    if (ready) cfgr = (cfgr & ~(3u << 2)) | sw << 2;
  }
  volatile quint32* access(quint32 address) {
    if (!rcc && address >= 0x40023800u && address < 0x40023C00u + 0x400u) {
      scratch = 0;  // reads 0, writes vanish
      return &scratch;
    }
    settle();
    quint32& r = regs[address];
    if (address == kSystCsr && (r & SYST_CSR_ENABLE)) {
      ++ms;  // one poll of a running SysTick: a millisecond
      r |= SYST_CSR_COUNTFLAG;
    }
    return &r;
  }
};

Chip chip;

}  // namespace

extern "C" volatile uint32_t* stm32f4_register_model(uint32_t address) { return chip.access(address); }

class BoardClockTest : public QObject {
  Q_OBJECT

 private slots:
  void init() {
    chip = Chip{};
    chip.reset();
  }

  // 8 MHz crystal: PLL M 4, N 168, P 2 (field 0), from the HSE (bit 22), Q 7; 5 wait states with
  // prefetch, I- and D-cache (bits 8-10); APB1 /4 (PPRE1 101), APB2 /2 (PPRE2 100); PLL switched in.
  void theCrystalThroughThePll() {
    const board_clock_t c = board_clock_init();
    QCOMPARE(int(c.source), int(BOARD_CLOCK_HSE_PLL));
    QCOMPARE(chip.regs[kRccPllcfgr], 4u | 168u << 6 | 1u << 22 | 7u << 24);
    QCOMPARE(chip.regs[kFlashAcr], 5u | 1u << 8 | 1u << 9 | 1u << 10);
    QCOMPARE(chip.regs[kRccCfgr], 2u | 2u << 2 | 5u << 10 | 4u << 13);
    QCOMPARE(c.clocks.sysclk_hz, 168000000u);
    QCOMPARE(c.clocks.pclk1_hz, 42000000u);
    QCOMPARE(c.clocks.pclk2_hz, 84000000u);
    QCOMPARE(c.clocks.tim_apb1_hz, 84000000u);
    QCOMPARE(QByteArray(c.message), QByteArray("Clock: HSE 8000 kHz, PLL 168 MHz"));
    QCOMPARE(int(c.severity), 6);  // MAV_SEVERITY_INFO
  }

  // A slow crystal (60 ms, within the 100 ms wait) is still taken.
  void aSlowCrystalIsWaitedFor() {
    chip.crystal_start_ms = 60;
    QCOMPARE(int(board_clock_init().source), int(BOARD_CLOCK_HSE_PLL));
  }

  // No crystal: HSERDY awaited 100 ms, HSEON cleared again, the PLL from the HSI (M 8, N 168,
  // bit 22 clear): still 168 MHz, and the warning says why.
  void noCrystalFallsBackToTheHsi() {
    chip.crystal = false;
    const board_clock_t c = board_clock_init();
    QCOMPARE(int(c.source), int(BOARD_CLOCK_HSI_PLL));
    QVERIFY(chip.ms >= 100 && chip.ms <= 110);  // the bounded wait, then the PLL's short ones
    QCOMPARE(chip.regs[kRccCr] & RCC_CR_HSEON, 0u);
    QCOMPARE(chip.regs[kRccPllcfgr], 8u | 168u << 6 | 7u << 24);
    QCOMPARE(c.clocks.sysclk_hz, 168000000u);
    QCOMPARE(c.clocks.pclk2_hz, 84000000u);
    QCOMPARE(QByteArray(c.message), QByteArray("Clock: no HSE (8000 kHz): HSI, PLL 168 MHz"));
    QCOMPARE(int(c.severity), 4);  // MAV_SEVERITY_WARNING
  }

  // The PLL never locks: SYSCLK stays on the HSI (SWS 0) after a 10 ms wait, and the clocks read
  // back are the HSI's through the dividers already set: 16, 4 and 8 MHz, the timers 8 MHz.
  void aPllThatDoesNotLockLeavesTheHsi() {
    chip.pll_locks = false;
    const board_clock_t c = board_clock_init();
    QCOMPARE(int(c.source), int(BOARD_CLOCK_HSI));
    QCOMPARE((chip.regs[kRccCfgr] >> 2) & 3u, 0u);
    QCOMPARE(c.clocks.sysclk_hz, 16000000u);
    QCOMPARE(c.clocks.pclk1_hz, 4000000u);
    QCOMPARE(c.clocks.pclk2_hz, 8000000u);
    QCOMPARE(c.clocks.tim_apb1_hz, 8000000u);
    QCOMPARE(QByteArray(c.message), QByteArray("Clock: PLL did not lock: HSI, 16 MHz"));
    QCOMPARE(int(c.severity), 2);  // MAV_SEVERITY_CRITICAL
  }

  // An RCC that reads 0 (QEMU 7.2): no wait at all, the emulator's 168 MHz taken.
  void noRccIsAnEmulator() {
    chip.rcc = false;
    const board_clock_t c = board_clock_init();
    QCOMPARE(int(c.source), int(BOARD_CLOCK_EMULATED));
    QCOMPARE(chip.ms, 0);
    QCOMPARE(c.clocks.hclk_hz, 168000000u);
    QCOMPARE(c.clocks.pclk2_hz, 84000000u);
    QCOMPARE(QByteArray(c.message), QByteArray("Clock: no RCC (an emulator): 168 MHz taken"));
  }
};

QTEST_APPLESS_MAIN(BoardClockTest)
#include "board_clock_test.moc"
