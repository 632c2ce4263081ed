/* The time base: SysTick from HCLK, one interrupt per millisecond (the control loop's tick), and
 * a microsecond clock made of the tick count and SysTick's down-counter (QEMU emulates SysTick
 * from its modelled 168 MHz core clock; it has no DWT cycle counter, which reads 0 there). */
#include "firmware/hal/stm32f4/board.h"
#include "firmware/hal/stm32f4/stm32f4_regs.h"

static volatile uint32_t tick_ms = 0;
static uint32_t reload = 167999u, cycles_per_us = 168u;

void SysTick_Handler(void) { tick_ms = tick_ms + 1u; }

void board_time_init(uint32_t hclk_hz) {
  reload = hclk_hz / 1000u - 1u; /* 167999 at 168 MHz: fits the 24-bit reload */
  cycles_per_us = hclk_hz / 1000000u;
  SYST_CSR = 0;
  SYST_RVR = reload;
  SYST_CVR = 0;
  SYST_CSR = SYST_CSR_CLKSOURCE_CPU | SYST_CSR_TICKINT | SYST_CSR_ENABLE;
}

uint32_t board_time_ms(void) { return tick_ms; } /* a 32-bit read is atomic on the M4 */

uint32_t board_time_us(void) {
  for (;;) {
    const uint32_t ms = tick_ms;
    const uint32_t count = SYST_CVR;
    const bool pending = (SCB_ICSR & SCB_ICSR_PENDSTSET) != 0;
    if (ms != tick_ms) continue; /* the tick came in between: read again */
    /* The counter wrapped but the interrupt has not counted it yet (count read after the reload,
     * so near its top): that millisecond is over. */
    const uint32_t extra_us = pending && count > reload / 2u ? 1000u : 0u;
    return ms * 1000u + extra_us + (reload - count) / cycles_per_us;
  }
}

/* board_time_us can read a few microseconds back when the tick's interrupt lands between its reads
 * of the count and the counter (seen in QEMU): a step back of less than half the range is such a
 * glitch and reads as the last value (the clock never goes back); a larger one is the wrap. */
uint64_t board_time_us64(void) {
  static uint32_t last_us = 0;
  static uint64_t wraps_us = 0;
  const uint32_t now_us = board_time_us();
  if (now_us < last_us) {
    if (last_us - now_us < 0x80000000u) return wraps_us + last_us;
    wraps_us += 1ull << 32; /* board_time_us wraps every 2^32 us */
  }
  last_us = now_us;
  return wraps_us + now_us;
}

static uint64_t bus_now_us(void* context) {
  (void)context;
  return board_time_us64();
}

static void bus_delay_us(void* context, uint32_t microseconds) {
  (void)context;
  const uint32_t start_us = board_time_us();
  while (board_time_us() - start_us < microseconds) {
  }
}

bus_clock_t board_bus_clock(void) {
  const bus_clock_t clock = {bus_now_us, bus_delay_us, NULL};
  return clock;
}
