/* Motor outputs as timer PWM: TIM3 CH1..4 and TIM2 CH1..4 in PWM mode 1 at 400 Hz with a
 * 1 us tick, pulse 1000 us (stopped) to 2000 us (full). QEMU 7.2's STM32F405 models TIM2..5
 * (registers and overflow) but has no GPIO alternate functions or output pins: the waveform
 * cannot be observed there, only the compare registers (tests/board reads them through the
 * monitor) and the HIL_ACTUATOR_CONTROLS the firmware sends. */
#include "firmware/hal/stm32f4/board.h"
#include "firmware/hal/stm32f4/stm32f4_regs.h"

#include <math.h>

static void timer_pwm_init(uint32_t base, uint32_t timer_hz) {
  TIM_CR1(base) = 0;
  TIM_PSC(base) = timer_hz / 1000000u - 1u;                               /* 1 MHz: one count per microsecond */
  TIM_ARR(base) = BOARD_PWM_PERIOD_US - 1u;                               /* 400 Hz */
  TIM_CCMR1(base) = TIM_CCMR_PWM1_PRELOAD | (TIM_CCMR_PWM1_PRELOAD << 8); /* CH1, CH2 */
  TIM_CCMR2(base) = TIM_CCMR_PWM1_PRELOAD | (TIM_CCMR_PWM1_PRELOAD << 8); /* CH3, CH4 */
  for (uint32_t channel = 1; channel <= 4; ++channel) TIM_CCR(base, channel) = BOARD_PWM_MIN_US;
  TIM_CCER(base) = (1u << 0) | (1u << 4) | (1u << 8) | (1u << 12); /* CC1E..CC4E, active high */
  TIM_EGR(base) = TIM_EGR_UG;                                      /* load the prescaler and the preloaded compares */
  TIM_CR1(base) = TIM_CR1_ARPE | TIM_CR1_CEN;
}

static void set_alternate_function(uint32_t gpio, uint32_t pin, uint32_t function) {
  GPIO_MODER(gpio) = (GPIO_MODER(gpio) & ~(3u << (2u * pin))) | (GPIO_MODE_AF << (2u * pin));
  if (pin < 8u)
    GPIO_AFRL(gpio) = (GPIO_AFRL(gpio) & ~(0xFu << (4u * pin))) | (function << (4u * pin));
  else
    GPIO_AFRH(gpio) = (GPIO_AFRH(gpio) & ~(0xFu << (4u * (pin - 8u)))) | (function << (4u * (pin - 8u)));
}

void board_pwm_init(uint32_t tim_apb1_hz) {
  RCC_AHB1ENR |= RCC_AHB1ENR_GPIOAEN | RCC_AHB1ENR_GPIOBEN;
  RCC_APB1ENR |= RCC_APB1ENR_TIM2EN | RCC_APB1ENR_TIM3EN;
  (void)RCC_APB1ENR;
  timer_pwm_init(TIM3_BASE, tim_apb1_hz);
  timer_pwm_init(TIM2_BASE, tim_apb1_hz);
  /* TIM3 CH1..4: PA6, PA7, PB0, PB1 (AF2); TIM2 CH1..4: PA0..PA3 (AF1) */
  set_alternate_function(GPIOA_BASE, 6, 2);
  set_alternate_function(GPIOA_BASE, 7, 2);
  set_alternate_function(GPIOB_BASE, 0, 2);
  set_alternate_function(GPIOB_BASE, 1, 2);
  for (uint32_t pin = 0; pin < 4u; ++pin) set_alternate_function(GPIOA_BASE, pin, 1);
}

void board_pwm_write(const float* duty, int count) {
  for (int i = 0; i < BOARD_MOTOR_OUTPUTS; ++i) {
    const float d = i < count ? duty[i] : 0.0f;
    const float clamped = (d >= 0.0f && d <= 1.0f) ? d : (d > 1.0f ? 1.0f : 0.0f); /* NaN → 0 */
    const uint32_t pulse_us =
        BOARD_PWM_MIN_US + (uint32_t)lroundf(clamped * (float)(BOARD_PWM_MAX_US - BOARD_PWM_MIN_US));
    if (i < 4)
      TIM_CCR(TIM3_BASE, (uint32_t)i + 1u) = pulse_us;
    else
      TIM_CCR(TIM2_BASE, (uint32_t)i - 3u) = pulse_us;
  }
}
