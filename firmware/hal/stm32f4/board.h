/* The STM32F405 board's drivers: a millisecond time base (SysTick), USART1 with a receive
 * ring buffer, and the motor outputs as timer PWM. One thread (the main loop) calls them;
 * the interrupt handlers only fill the tick count and the receive buffer.
 *
 * Clock assumption: SYSCLK 168 MHz from the PLL (HSE 8 MHz), AHB 168 MHz, APB1 42 MHz
 * (timers 84 MHz), APB2 84 MHz. This is also what QEMU's netduinoplus2 models. MISSING for
 * real hardware: the clock tree is not set up yet (flash wait states, HSE, PLL, bus
 * prescalers), so a real board would still run on the 16 MHz HSI and every baud rate and
 * period below would be off by 168/16; board_clock_init() is where that belongs. */
#ifndef NAVIGATOR_STM32F4_BOARD_H
#define NAVIGATOR_STM32F4_BOARD_H

#include "firmware/link/signing_store.h"

#include <stddef.h>
#include <stdint.h>

enum {
  BOARD_SYSCLK_HZ = 168000000,
  BOARD_APB1_TIMER_HZ = 84000000,
  BOARD_APB2_HZ = 84000000,
  BOARD_UART_BAUD = 115200
};

/* SysTick at 1 kHz from the core clock. */
void board_time_init(void);
uint32_t board_time_ms(void); /* milliseconds since board_time_init, wraps after 49 days */

/* USART1 on PA9 (TX) / PA10 (RX), 115200 8N1; received bytes land in a ring buffer from the
 * RXNE interrupt. */
void board_uart_init(void);
void board_uart_write(const uint8_t* data, size_t length); /* blocks until queued in DR */
size_t board_uart_read(uint8_t* out, size_t capacity);     /* what has arrived, never blocks */
uint32_t board_uart_overruns(void);                        /* bytes lost: ring full or ORE */

/* Motor outputs: standard 400 Hz ESC PWM, 1000..2000 us pulses. Motors 1..4 on TIM3 CH1..4
 * (PA6, PA7, PB0, PB1), motors 5..8 on TIM2 CH1..4 (PA0..PA3; PA2/PA3 are then not free for
 * USART2). */
enum { BOARD_MOTOR_OUTPUTS = 8, BOARD_PWM_MIN_US = 1000, BOARD_PWM_MAX_US = 2000, BOARD_PWM_PERIOD_US = 2500 };
void board_pwm_init(void);
/* duty in [0, 1] per motor (anything else, NaN included, gives the minimum pulse). */
void board_pwm_write(const float* duty, int count);

/* The two flash sectors (10 and 11) that keep the MAVLink signing record (signing_store.h). */
signing_flash_t board_signing_flash(void);

#endif
