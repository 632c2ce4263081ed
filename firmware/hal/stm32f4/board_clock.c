/* The clock tree at boot (RM0090 section 6.3, and 3.5.1 for raising the clock): the HSE crystal
 * (NAVIGATOR_HSE_HZ, set at build) started with a bounded wait; the main PLL from it, or from the
 * 16 MHz HSI when the crystal does not start (or its frequency cannot give exact clocks), to
 * 168 MHz SYSCLK and 48 MHz USB (clock_tree.h); 5 flash wait states with prefetch and both caches
 * on before the switch; AHB /1, APB1 /4 (42 MHz), APB2 /2 (84 MHz). What runs afterwards is read
 * back from RCC_CFGR's SWS and the PLL's register, not assumed, and the baud rate, SysTick and
 * timers are set from it.
 *
 * QEMU 7.2's netduinoplus2 has no RCC and no flash interface (both read 0, writes ignored) and
 * clocks its SysTick at a fixed 168 MHz. Silicon always reads HSION and HSIRDY set (the CPU runs on
 * the HSI from reset): an RCC_CR of 0 therefore means an emulator, and its 168 MHz is taken. */
#include "firmware/hal/stm32f4/board.h"
#include "firmware/hal/stm32f4/stm32f4_regs.h"

#include <stdio.h>

#ifndef NAVIGATOR_HSE_HZ
#error "NAVIGATOR_HSE_HZ (the board's crystal in Hz) comes from the board's CMakeLists"
#endif

/* Bounded waits: DS8626 gives the HSE's start-up as 2 ms typical for a standard crystal (100 ms
 * leaves room for a slow one, as ST's own start-up code allows), the PLL's lock as 100-300 µs. */
enum { HSE_START_MS = 100, PLL_LOCK_MS = 10, SWITCH_MS = 10 };

/* Waits up to `ms` milliseconds, counted on SysTick polled from `cpu_hz` (no interrupt), for
 * (*reg & mask) == want. */
static bool wait_for(volatile uint32_t* reg, uint32_t mask, uint32_t want, uint32_t ms, uint32_t cpu_hz) {
  SYST_CSR = 0;
  SYST_RVR = cpu_hz / 1000u - 1u;
  SYST_CVR = 0;
  SYST_CSR = SYST_CSR_CLKSOURCE_CPU | SYST_CSR_ENABLE;
  for (uint32_t elapsed = 0; elapsed < ms && (*reg & mask) != want;)
    if (SYST_CSR & SYST_CSR_COUNTFLAG) ++elapsed;
  SYST_CSR = 0;
  return (*reg & mask) == want;
}

static bool start_hse(void) {
  RCC_CR |= RCC_CR_HSEON;
  if (wait_for(&RCC_CR, RCC_CR_HSERDY, RCC_CR_HSERDY, HSE_START_MS, STM32F4_HSI_HZ)) return true;
  RCC_CR &= ~RCC_CR_HSEON;
  return false;
}

/* The PLL from `pll` (HSE or HSI input), then SYSCLK switched to it; false when it did not lock or
 * the switch did not happen (SYSCLK then stays on the HSI). */
static bool run_from_pll(const stm32f4_pll_t* pll, bool from_hse) {
  RCC_APB1ENR |= RCC_APB1ENR_PWREN;
  (void)RCC_APB1ENR;
  PWR_CR |= PWR_CR_VOS; /* scale 1 (the reset value on the F405, stated anyway) */
  const uint32_t ws = stm32f4_flash_wait_states(pll->sysclk_hz);
  FLASH_ACR = ws | FLASH_ACR_PRFTEN | FLASH_ACR_ICEN | FLASH_ACR_DCEN;
  if ((FLASH_ACR & FLASH_ACR_LATENCY_MASK) != ws) return false; /* RM0090 3.5.1: read back before raising */
  RCC_CFGR = (RCC_CFGR & ~RCC_CFGR_PRESCALERS) | RCC_CFGR_PPRE1_DIV4 | RCC_CFGR_PPRE2_DIV2;
  RCC_CR &= ~RCC_CR_PLLON; /* PLLCFGR is written only while the PLL is off */
  if (!wait_for(&RCC_CR, RCC_CR_PLLRDY, 0, PLL_LOCK_MS, STM32F4_HSI_HZ)) return false;
  RCC_PLLCFGR = stm32f4_pllcfgr(pll, from_hse);
  RCC_CR |= RCC_CR_PLLON;
  if (!wait_for(&RCC_CR, RCC_CR_PLLRDY, RCC_CR_PLLRDY, PLL_LOCK_MS, STM32F4_HSI_HZ)) return false;
  RCC_CFGR = (RCC_CFGR & ~RCC_CFGR_SW_MASK) | 2u;
  return wait_for(&RCC_CFGR, 3u << 2, 2u << 2, SWITCH_MS, STM32F4_HSI_HZ);
}

/* The emulator's clocks (no RCC to ask): QEMU's fixed 168 MHz, with this board's dividers. */
static void emulated(board_clock_t* c) {
  c->source = BOARD_CLOCK_EMULATED;
  c->severity = 5; /* MAV_SEVERITY_NOTICE */
  c->clocks = (stm32f4_clocks_t){168000000u, 168000000u, 42000000u, 84000000u, 84000000u, 168000000u};
  snprintf(c->message, sizeof c->message, "Clock: no RCC (an emulator): 168 MHz taken");
}

board_clock_t board_clock_init(void) {
  board_clock_t c;
  if ((RCC_CR & (RCC_CR_HSION | RCC_CR_HSIRDY)) == 0) {
    emulated(&c);
    return c;
  }
  stm32f4_pll_t pll;
  const bool hse_usable = stm32f4_pll_for(NAVIGATOR_HSE_HZ, &pll);
  const bool hse = hse_usable && start_hse();
  if (!hse) stm32f4_pll_for(STM32F4_HSI_HZ, &pll);
  const bool locked = run_from_pll(&pll, hse);
  const uint32_t cfgr = RCC_CFGR;
  if (!stm32f4_clocks_decode(cfgr, RCC_PLLCFGR, NAVIGATOR_HSE_HZ, &c.clocks)) stm32f4_clocks_decode(0, 0, 0, &c.clocks);
  const unsigned mhz = (unsigned)(c.clocks.sysclk_hz / 1000000u), hse_khz = (unsigned)(NAVIGATOR_HSE_HZ / 1000u);
  if (locked && RCC_CFGR_SWS(cfgr) == 2u) {
    c.source = hse ? BOARD_CLOCK_HSE_PLL : BOARD_CLOCK_HSI_PLL;
    c.severity = hse ? 6 : 4; /* MAV_SEVERITY_INFO, WARNING */
    if (hse)
      snprintf(c.message, sizeof c.message, "Clock: HSE %u kHz, PLL %u MHz", hse_khz, mhz);
    else
      snprintf(c.message, sizeof c.message,
               hse_usable ? "Clock: no HSE (%u kHz): HSI, PLL %u MHz" : "Clock: HSE %u kHz unusable: HSI, PLL %u MHz",
               hse_khz, mhz);
  } else {
    c.source = BOARD_CLOCK_HSI;
    c.severity = 2; /* MAV_SEVERITY_CRITICAL: every rate is slower */
    snprintf(c.message, sizeof c.message, "Clock: PLL did not lock: HSI, %u MHz", mhz);
  }
  return c;
}
