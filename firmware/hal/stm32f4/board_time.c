/* The millisecond time base: SysTick from the core clock, one interrupt per millisecond
 * (QEMU emulates SysTick from its modelled 168 MHz core clock). */
#include "firmware/hal/stm32f4/board.h"
#include "firmware/hal/stm32f4/stm32f4_regs.h"

static volatile uint32_t tick_ms = 0;

void SysTick_Handler(void) { tick_ms = tick_ms + 1u; }

void board_time_init(void) {
  SYST_CSR = 0;
  SYST_RVR = BOARD_SYSCLK_HZ / 1000u - 1u; /* 167999: fits the 24-bit reload */
  SYST_CVR = 0;
  SYST_CSR = SYST_CSR_CLKSOURCE_CPU | SYST_CSR_TICKINT | SYST_CSR_ENABLE;
}

uint32_t board_time_ms(void) { return tick_ms; } /* a 32-bit read is atomic on the M4 */
