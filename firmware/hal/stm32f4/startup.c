/* Startup for the STM32F405: the vector table (Cortex-M4 system exceptions and the 82
 * peripheral interrupts of RM0090 table 61) and Reset_Handler, which enables the FPU, copies
 * .data from flash, zeroes .bss and calls main. Symbols come from stm32f405.ld. */
#include "firmware/hal/stm32f4/stm32f4_regs.h"

#include <stdint.h>

extern uint32_t _sidata, _sdata, _edata, _sbss, _ebss, _estack;
int main(void);

void Reset_Handler(void);
void Default_Handler(void);

/* Anything without a handler of its own stops here, where a debugger will find it. */
void Default_Handler(void) {
  for (;;) {
  }
}

#define WEAK_HANDLER_(name) void name(void) __attribute__((weak, alias("Default_Handler")));
WEAK_HANDLER_(NMI_Handler)
WEAK_HANDLER_(HardFault_Handler)
WEAK_HANDLER_(MemManage_Handler)
WEAK_HANDLER_(BusFault_Handler)
WEAK_HANDLER_(UsageFault_Handler)
WEAK_HANDLER_(SVC_Handler)
WEAK_HANDLER_(DebugMon_Handler)
WEAK_HANDLER_(PendSV_Handler)
WEAK_HANDLER_(SysTick_Handler)
WEAK_HANDLER_(USART1_IRQHandler)
WEAK_HANDLER_(USART3_IRQHandler)
WEAK_HANDLER_(USART6_IRQHandler)

enum { PERIPHERAL_IRQS = 82 }; /* the table below lists them in order; USART1 is IRQ 37, USART3 39, USART6 71 */

typedef void (*vector_t)(void);
#define DEFAULT_1_ Default_Handler
#define DEFAULT_10_ \
  DEFAULT_1_, DEFAULT_1_, DEFAULT_1_, DEFAULT_1_, DEFAULT_1_, DEFAULT_1_, DEFAULT_1_, DEFAULT_1_, DEFAULT_1_, DEFAULT_1_

/* Word 0 is the initial stack pointer; the table is placed first in flash by the linker. */
__attribute__((section(".isr_vector"), used)) static const vector_t vector_table[] = {
    [0] = (vector_t)(uintptr_t)&_estack,
    [1] = Reset_Handler,
    [2] = NMI_Handler,
    [3] = HardFault_Handler,
    [4] = MemManage_Handler,
    [5] = BusFault_Handler,
    [6] = UsageFault_Handler,
    [11] = SVC_Handler,
    [12] = DebugMon_Handler,
    [14] = PendSV_Handler,
    [15] = SysTick_Handler,
    [16] =
        /* IRQ 0..36 */
    DEFAULT_10_,
    DEFAULT_10_,
    DEFAULT_10_,
    DEFAULT_1_,
    DEFAULT_1_,
    DEFAULT_1_,
    DEFAULT_1_,
    DEFAULT_1_,
    DEFAULT_1_,
    DEFAULT_1_,
    USART1_IRQHandler, /* IRQ 37 */
    DEFAULT_1_,        /* IRQ 38 (USART2) */
    USART3_IRQHandler, /* IRQ 39 */
    /* IRQ 40..70 */
    DEFAULT_10_,
    DEFAULT_10_,
    DEFAULT_10_,
    DEFAULT_1_,
    USART6_IRQHandler, /* IRQ 71 */
    /* IRQ 72..81 */
    DEFAULT_10_,
};

/* Nothing here may use a floating-point instruction before the FPU is on. The loops are word
 * copies; at -O2 GCC turns them into newlib's memcpy/memset, which use only core registers
 * (checked in the disassembly of the image: no VFP instruction in either). */
__attribute__((noreturn)) void Reset_Handler(void) {
  /* CP10 and CP11 full access (Cortex-M4 Devices Generic User Guide, section 4.6.1), then barriers so the
   * next instruction sees it. */
  SCB_CPACR |= 0xFu << 20;
  __asm volatile("dsb\n\tisb" ::: "memory");

  const uint32_t* from = &_sidata;
  for (uint32_t* to = &_sdata; to < &_edata;) *to++ = *from++;
  for (uint32_t* to = &_sbss; to < &_ebss;) *to++ = 0;

  main();
  for (;;) {
  }
}

_Static_assert(sizeof vector_table / sizeof vector_table[0] == 16 + PERIPHERAL_IRQS, "one vector per interrupt");
