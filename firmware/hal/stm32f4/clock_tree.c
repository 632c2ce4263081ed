/* The clock tree's arithmetic: see clock_tree.h. */
#include "firmware/hal/stm32f4/clock_tree.h"

enum { VCO_IN_MIN_HZ = 1000000, VCO_IN_MAX_HZ = 2000000, VCO_MIN_HZ = 100000000, VCO_MAX_HZ = 432000000 };

bool stm32f4_pll_for(uint32_t input_hz, stm32f4_pll_t* pll) {
  if (input_hz < STM32F4_HSE_MIN_HZ || input_hz > STM32F4_HSE_MAX_HZ) return false;
  /* f_VCO = 336 MHz is the one VCO frequency with P and Q that give 168 and 48 MHz exactly */
  const uint32_t vco_hz = 336000000u, p = vco_hz / STM32F4_SYSCLK_MAX_HZ, q = vco_hz / STM32F4_USB_HZ;
  for (uint32_t m = 2; m <= 63; ++m) { /* the smallest M: the highest VCO input */
    if (input_hz % m != 0) continue;
    const uint32_t vco_in_hz = input_hz / m;
    if (vco_in_hz > VCO_IN_MAX_HZ) continue;
    if (vco_in_hz < VCO_IN_MIN_HZ) break;
    if (vco_hz % vco_in_hz != 0) continue;
    const uint32_t n = vco_hz / vco_in_hz;
    if (n < 50 || n > 432) continue;
    *pll = (stm32f4_pll_t){m, n, p, q, vco_in_hz, vco_hz, vco_hz / p, vco_hz / q};
    return true;
  }
  return false;
}

uint32_t stm32f4_pllcfgr(const stm32f4_pll_t* pll, bool from_hse) {
  /* PLLM [5:0], PLLN [14:6], PLLP [17:16] as P/2 - 1, PLLSRC [22] (1: HSE), PLLQ [27:24] */
  return pll->m | pll->n << 6 | (pll->p / 2u - 1u) << 16 | (from_hse ? 1u : 0u) << 22 | pll->q << 24;
}

uint32_t stm32f4_flash_wait_states(uint32_t hclk_hz) { return hclk_hz == 0 ? 0 : (hclk_hz - 1u) / 30000000u; }

/* The AHB divider of HPRE (RM0090 6.3.3): 0xxx 1, then 2, 4, 8, 16, 64, 128, 256, 512. */
static uint32_t ahb_divider(uint32_t hpre) {
  static const uint16_t divider[8] = {2, 4, 8, 16, 64, 128, 256, 512};
  return (hpre & 8u) ? divider[hpre & 7u] : 1u;
}

/* The APB divider of PPRE1/PPRE2: 0xx 1, then 2, 4, 8, 16. */
static uint32_t apb_divider(uint32_t ppre) { return (ppre & 4u) ? 2u << (ppre & 3u) : 1u; }

bool stm32f4_clocks_decode(uint32_t cfgr, uint32_t pllcfgr, uint32_t hse_hz, stm32f4_clocks_t* clocks) {
  uint32_t sysclk_hz = 0;
  switch ((cfgr >> 2) & 3u) { /* SWS */
    case 0:
      sysclk_hz = STM32F4_HSI_HZ;
      break;
    case 1:
      sysclk_hz = hse_hz;
      break;
    case 2: {
      const uint32_t m = pllcfgr & 0x3Fu, n = (pllcfgr >> 6) & 0x1FFu, p = 2u * (((pllcfgr >> 16) & 3u) + 1u);
      if (m < 2 || n < 50) return false;
      const uint32_t input_hz = (pllcfgr & (1u << 22)) ? hse_hz : STM32F4_HSI_HZ;
      sysclk_hz = (uint32_t)((uint64_t)input_hz * n / m / p);
      break;
    }
    default:
      return false;
  }
  const uint32_t apb1 = apb_divider((cfgr >> 10) & 7u), apb2 = apb_divider((cfgr >> 13) & 7u);
  clocks->sysclk_hz = sysclk_hz;
  clocks->hclk_hz = sysclk_hz / ahb_divider((cfgr >> 4) & 0xFu);
  clocks->pclk1_hz = clocks->hclk_hz / apb1;
  clocks->pclk2_hz = clocks->hclk_hz / apb2;
  clocks->tim_apb1_hz = apb1 == 1 ? clocks->pclk1_hz : 2u * clocks->pclk1_hz;
  clocks->tim_apb2_hz = apb2 == 1 ? clocks->pclk2_hz : 2u * clocks->pclk2_hz;
  return true;
}

uint32_t stm32f4_usart_brr(uint32_t pclk_hz, uint32_t baud) { return (pclk_hz + baud / 2u) / baud; }
