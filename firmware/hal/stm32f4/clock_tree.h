/* The STM32F405's clock tree as plain arithmetic (no registers touched), so the host tests check
 * it: the main PLL's factors for a crystal, the flash wait states for a clock, what a pair of
 * RCC register values says is running, and the USART's divider. RM0090 (rev 19) section 6 (RCC)
 * and section 3.5.1 (Table 10, wait states); DS8626 for the oscillator ranges.
 *
 * The PLL (RM0090 6.3.2, RCC_PLLCFGR): f_VCO_in = f_in / M, in 1..2 MHz (2 MHz recommended for
 * the least jitter), M 2..63; f_VCO = f_VCO_in x N, in 100..432 MHz, N 50..432;
 * SYSCLK = f_VCO / P, P in {2, 4, 6, 8}, at most 168 MHz; the USB OTG FS clock = f_VCO / Q,
 * Q 2..15, which must be exactly 48 MHz for USB. Both exact means f_VCO = 168 x P = 48 x Q MHz:
 * within 100..432 MHz only 336 MHz (P = 2, Q = 7) does it. */
#ifndef NAVIGATOR_STM32F4_CLOCK_TREE_H
#define NAVIGATOR_STM32F4_CLOCK_TREE_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  STM32F4_HSI_HZ = 16000000,    /* the internal RC oscillator (DS8626: 16 MHz, 1 % at 25 °C) */
  STM32F4_HSE_MIN_HZ = 4000000, /* DS8626 HSE crystal range */
  STM32F4_HSE_MAX_HZ = 26000000,
  STM32F4_SYSCLK_MAX_HZ = 168000000,
  STM32F4_USB_HZ = 48000000,
  STM32F4_APB1_MAX_HZ = 42000000, /* DS8626: PCLK1 at most 42 MHz, PCLK2 at most 84 MHz */
  STM32F4_APB2_MAX_HZ = 84000000
};

typedef struct {
  uint32_t m, n, p, q;
  uint32_t vco_in_hz, vco_hz, sysclk_hz, usb_hz;
} stm32f4_pll_t;

/* The factors that make exactly 168 MHz SYSCLK and 48 MHz USB from `input_hz` (a crystal or the
 * 16 MHz HSI), the highest VCO input that does it (least jitter). False, *pll untouched, when the
 * input is outside 4..26 MHz or no factors give both exactly (e.g. 7.3728 MHz). */
bool stm32f4_pll_for(uint32_t input_hz, stm32f4_pll_t* pll);

/* RCC_PLLCFGR's value for `pll` with the HSE (true) or the HSI (false) as its input. */
uint32_t stm32f4_pllcfgr(const stm32f4_pll_t* pll, bool from_hse);

/* Flash wait states for an HCLK at 2.7-3.6 V (RM0090 Table 10: one per started 30 MHz beyond
 * the first: 0 up to 30 MHz ... 5 up to 168 MHz). */
uint32_t stm32f4_flash_wait_states(uint32_t hclk_hz);

typedef struct {
  uint32_t sysclk_hz, hclk_hz, pclk1_hz, pclk2_hz;
  uint32_t tim_apb1_hz, tim_apb2_hz; /* the timers' clocks: PCLKx, doubled when APBx is divided (RM0090 6.2) */
} stm32f4_clocks_t;

/* The clocks that RCC_CFGR's SWS (what is really switched in) and prescalers, and RCC_PLLCFGR,
 * say are running, with `hse_hz` for the crystal. False when the values cannot be a running
 * clock (SWS 3, a PLL with M < 2 or N < 50). */
bool stm32f4_clocks_decode(uint32_t cfgr, uint32_t pllcfgr, uint32_t hse_hz, stm32f4_clocks_t* clocks);

/* USART_BRR for oversampling by 16 (RM0090 30.3.4): f_PCLK / baud rounded to the nearest, which
 * is the 12.4 mantissa/fraction value as one number. */
uint32_t stm32f4_usart_brr(uint32_t pclk_hz, uint32_t baud);

#ifdef __cplusplus
}
#endif

#endif
