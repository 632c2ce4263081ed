/* The board's sensor buses (board_spi.h). */
#include "firmware/hal/stm32f4/board_spi.h"

#include "firmware/hal/stm32f4/board.h"
#include "firmware/hal/stm32f4/stm32f4_regs.h"

static const struct {
  uint32_t gpio;
  uint32_t pin;
} chip_selects[BOARD_SPI_DEVICES] = {{GPIOB_BASE, 12u}, {GPIOC_BASE, 4u}};

static void pin_mode(uint32_t gpio, uint32_t pin, uint32_t mode, uint32_t af) {
  GPIO_MODER(gpio) = (GPIO_MODER(gpio) & ~(3u << (2u * pin))) | (mode << (2u * pin));
  GPIO_OSPEEDR(gpio) = (GPIO_OSPEEDR(gpio) & ~(3u << (2u * pin))) | (2u << (2u * pin));
  if (pin < 8u)
    GPIO_AFRL(gpio) = (GPIO_AFRL(gpio) & ~(0xFu << (4u * pin))) | (af << (4u * pin));
  else
    GPIO_AFRH(gpio) = (GPIO_AFRH(gpio) & ~(0xFu << (4u * (pin - 8u)))) | (af << (4u * (pin - 8u)));
}

void board_spi_init(void) {
  RCC_AHB1ENR |= RCC_AHB1ENR_GPIOBEN | RCC_AHB1ENR_GPIOCEN;
  RCC_APB1ENR |= RCC_APB1ENR_SPI2EN;
  (void)RCC_APB1ENR; /* the clock must run before the peripheral is touched (RM0090 errata 2.1.13) */
  for (int i = 0; i < BOARD_SPI_DEVICES; ++i) {
    GPIO_BSRR(chip_selects[i].gpio) = 1u << chip_selects[i].pin; /* deselected before it drives */
    pin_mode(chip_selects[i].gpio, chip_selects[i].pin, GPIO_MODE_OUT, 0u);
  }
  for (uint32_t pin = 13u; pin <= 15u; ++pin) pin_mode(GPIOB_BASE, pin, GPIO_MODE_AF, 5u);
  /* Master, software chip select (SSM, SSI high), 8 bits, MSB first, mode 3, 5.25 MHz */
  SPI_CR1(SPI2_BASE) = SPI_CR1_MSTR | SPI_CR1_SSM | SPI_CR1_SSI | SPI_CR1_CPOL | SPI_CR1_CPHA | SPI_CR1_BR_DIV8;
  SPI_CR1(SPI2_BASE) |= SPI_CR1_SPE;
}

static bool wait_flag(uint32_t flag, bool set) {
  const uint32_t start_us = board_time_us();
  while (((SPI_SR(SPI2_BASE) & flag) != 0) != set)
    if (board_time_us() - start_us > BOARD_SPI_BYTE_US) return false;
  return true;
}

/* One byte each way: TXE, DR written, RXNE, DR read (RM0090 28.3.5, full duplex master). */
static bool exchange(uint8_t out, uint8_t* in) {
  if (!wait_flag(SPI_SR_TXE, true)) return false;
  SPI_DR(SPI2_BASE) = out;
  if (!wait_flag(SPI_SR_RXNE, true)) return false;
  *in = (uint8_t)SPI_DR(SPI2_BASE);
  return true;
}

static bool transfer(void* context, const uint8_t* tx, uint8_t* rx, size_t length) {
  const int device = (int)(uintptr_t)context;
  const uint32_t gpio = chip_selects[device].gpio, pin = chip_selects[device].pin;
  (void)SPI_DR(SPI2_BASE);             /* a byte left from an aborted transfer */
  GPIO_BSRR(gpio) = 1u << (pin + 16u); /* select */
  bool ok = true;
  for (size_t i = 0; i < length && ok; ++i) {
    uint8_t in = 0;
    ok = exchange(tx[i], &in);
    if (rx) rx[i] = in;
  }
  ok = wait_flag(SPI_SR_BSY, false) && ok; /* the last clock edge out before the deselect */
  GPIO_BSRR(gpio) = 1u << pin;
  return ok;
}

bus_spi_t board_spi_bus(board_spi_device_t device) {
  const bus_spi_t spi = {transfer, (void*)(uintptr_t)device};
  return spi;
}

void board_adc_init(void) {
  RCC_AHB1ENR |= RCC_AHB1ENR_GPIOCEN;
  RCC_APB2ENR |= RCC_APB2ENR_ADC1EN;
  (void)RCC_APB2ENR;
  pin_mode(GPIOC_BASE, 0u, GPIO_MODE_ANALOG, 0u);
  pin_mode(GPIOC_BASE, 1u, GPIO_MODE_ANALOG, 0u);
  ADC_CCR = ADC_CCR_ADCPRE_DIV4;
  ADC_CR1(ADC1_BASE) = 0;                                            /* 12 bits, no scan */
  ADC_SMPR1(ADC1_BASE) = ADC_SMP_84_CYCLES | ADC_SMP_84_CYCLES << 3; /* channels 10 and 11 */
  ADC_SQR1(ADC1_BASE) = 0;                                           /* one conversion */
  ADC_CR2(ADC1_BASE) = ADC_CR2_ADON;
}

/* One regular conversion started by software, its end waited for (bounded). */
static bool adc_read(void* context, uint8_t channel, uint16_t* counts) {
  (void)context;
  if (channel > 18u) return false;
  ADC_SQR3(ADC1_BASE) = channel;
  ADC_CR2(ADC1_BASE) |= ADC_CR2_SWSTART;
  const uint32_t start_us = board_time_us();
  while (!(ADC_SR(ADC1_BASE) & ADC_SR_EOC))
    if (board_time_us() - start_us > BOARD_ADC_CONVERSION_US) return false;
  *counts = (uint16_t)(ADC_DR(ADC1_BASE) & 0xFFFu); /* reading DR clears EOC */
  return true;
}

battery_adc_t board_adc_battery(void) {
  const battery_adc_t adc = {adc_read, NULL};
  return adc;
}
