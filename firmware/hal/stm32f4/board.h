/* The STM32F405 board's drivers: the clock tree, a millisecond tick and a microsecond clock
 * (SysTick), the serial ports (board_serial.h), the motor outputs as timer PWM, and the flash
 * sectors that keep the signing record and the parameters. One thread (the main loop) calls
 * them; the interrupt handlers only fill the tick count and the serial rings.
 *
 * Clocks (board_clock.c): SYSCLK 168 MHz from the PLL (the HSE crystal of NAVIGATOR_HSE_HZ, or
 * the 16 MHz HSI when it does not start), AHB 168 MHz, APB1 42 MHz (its timers 84 MHz), APB2
 * 84 MHz. Everything below is set from the clocks board_clock_init reports as running. */
#ifndef NAVIGATOR_STM32F4_BOARD_H
#define NAVIGATOR_STM32F4_BOARD_H

#include "firmware/drivers/bus.h"
#include "firmware/hal/stm32f4/clock_tree.h"
#include "firmware/link/signing_store.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { BOARD_UART_BAUD = 115200 };

typedef enum {
  BOARD_CLOCK_HSE_PLL, /* the crystal and the PLL: 168 MHz */
  BOARD_CLOCK_HSI_PLL, /* no crystal (or one the PLL cannot use): the HSI and the PLL, 168 MHz */
  BOARD_CLOCK_HSI,     /* the PLL did not lock: the 16 MHz HSI */
  BOARD_CLOCK_EMULATED /* no RCC answers (QEMU's netduinoplus2): its fixed 168 MHz taken */
} board_clock_source_t;

typedef struct {
  board_clock_source_t source;
  stm32f4_clocks_t clocks; /* read back from the RCC's registers */
  uint8_t severity;        /* MAV_SEVERITY of the message */
  char message[51];        /* for STATUSTEXT at boot: what runs, and why when it is not the crystal */
} board_clock_t;

/* Sets the clock tree up (first thing in main; the waits are bounded: at most about 120 ms). */
board_clock_t board_clock_init(void);

/* SysTick at 1 kHz from HCLK. */
void board_time_init(uint32_t hclk_hz);
uint32_t board_time_ms(void); /* milliseconds since board_time_init, wraps after 49 days */
/* Microseconds since board_time_init from the tick count and SysTick's counter (a resolution of
 * 1/168 µs at 168 MHz), free-running, wraps after 71.6 minutes. */
uint32_t board_time_us(void);
/* The same clock in 64 bits (never wraps); the main loop's thread only (it counts board_time_us's
 * wraps, so it must be read at least once every 71 minutes: each loop pass does). */
uint64_t board_time_us64(void);
/* firmware/drivers/bus.h's clock on board_time_us64, with a busy wait for the drivers' start-up. */
bus_clock_t board_bus_clock(void);

/* The serial ports (USART1 the MAVLink link, USART3 the GPS, USART6 the radio receiver) are in
 * board_serial.h. */

/* Motor outputs: standard 400 Hz ESC PWM, 1000..2000 us pulses. Motors 1..4 on TIM3 CH1..4
 * (PA6, PA7, PB0, PB1), motors 5..8 on TIM2 CH1..4 (PA0..PA3; PA2/PA3 are then not free for
 * USART2). TIM2 and TIM3 count from the APB1 timer clock. */
enum { BOARD_MOTOR_OUTPUTS = 8, BOARD_PWM_MIN_US = 1000, BOARD_PWM_MAX_US = 2000, BOARD_PWM_PERIOD_US = 2500 };
void board_pwm_init(uint32_t tim_apb1_hz);
/* duty in [0, 1] per motor (anything else, NaN included, gives the minimum pulse). */
void board_pwm_write(const float* duty, int count);

/* Flash (board_flash.c, RM0090 section 3: 12 sectors): sectors 8 and 9 (128 KiB each at
 * 0x08080000 and 0x080A0000) keep the parameters (param_store.h), sectors 10 and 11 (0x080C0000,
 * 0x080E0000) the MAVLink signing record (signing_store.h); the image has sectors 0-7 (512 KiB).
 * An erase or a write stalls the CPU (one bank): the firmware does either only while disarmed. */
signing_flash_t board_signing_flash(void);
signing_flash_t board_param_flash(void);

#ifdef __cplusplus
}
#endif

#endif
