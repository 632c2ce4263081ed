/* The STM32F405 registers this board target uses, as named addresses and bits from the
 * reference manual RM0090 (rev 19) and the Cortex-M4 generic user guide (ARM DUI 0553).
 * No vendored CMSIS: each constant says which register it is. */
#ifndef NAVIGATOR_STM32F4_REGS_H
#define NAVIGATOR_STM32F4_REGS_H

#include <stdint.h>

#ifdef STM32F4_REGISTER_MODEL
/* Host tests (tests/board/board_clock_test.cpp): every access goes through a model of the
 * registers, which sees each one and answers as the chip would. */
volatile uint32_t* stm32f4_register_model(uint32_t address);
#define STM32F4_REG(address) (*stm32f4_register_model((uint32_t)(address)))
#else
#define STM32F4_REG(address) (*(volatile uint32_t*)(uintptr_t)(address))
#endif

/* Cortex-M4 system control space */
#define SCB_CPACR STM32F4_REG(0xE000ED88u) /* coprocessor access control: CP10/CP11 at bits 20..23 */
#define SYST_CSR STM32F4_REG(0xE000E010u)  /* SysTick control and status */
#define SYST_RVR STM32F4_REG(0xE000E014u)  /* SysTick reload value (24 bits) */
#define SYST_CVR STM32F4_REG(0xE000E018u)  /* SysTick current value */
#define SYST_CSR_ENABLE (1u << 0)
#define SYST_CSR_TICKINT (1u << 1)
#define SYST_CSR_CLKSOURCE_CPU (1u << 2)
#define SYST_CSR_COUNTFLAG (1u << 16)     /* the counter reached 0 since the last read (cleared by reading) */
#define SCB_ICSR STM32F4_REG(0xE000ED04u) /* interrupt control and state */
#define SCB_ICSR_PENDSTSET (1u << 26)     /* the SysTick exception is pending */
#define NVIC_ISER(n) STM32F4_REG(0xE000E100u + 4u * (n)) /* interrupt set-enable, 32 IRQs each */

/* RCC (RM0090 section 6.3); QEMU 7.2 does not emulate it: writes are ignored, reads give 0 */
#define RCC_BASE 0x40023800u
#define RCC_CR STM32F4_REG(RCC_BASE + 0x00u)
#define RCC_PLLCFGR STM32F4_REG(RCC_BASE + 0x04u)
#define RCC_CFGR STM32F4_REG(RCC_BASE + 0x08u)
#define RCC_CR_HSION (1u << 0)
#define RCC_CR_HSIRDY (1u << 1)
#define RCC_CR_HSEON (1u << 16)
#define RCC_CR_HSERDY (1u << 17)
#define RCC_CR_PLLON (1u << 24)
#define RCC_CR_PLLRDY (1u << 25)
#define RCC_CFGR_SW_MASK 3u                                   /* system clock switch: 0 HSI, 1 HSE, 2 PLL */
#define RCC_CFGR_SWS(cfgr) (((cfgr) >> 2) & 3u)               /* what is switched in */
#define RCC_CFGR_PPRE1_DIV4 (5u << 10)                        /* APB1 = AHB / 4 */
#define RCC_CFGR_PPRE2_DIV2 (4u << 13)                        /* APB2 = AHB / 2 */
#define RCC_CFGR_PRESCALERS (0xFu << 4 | 7u << 10 | 7u << 13) /* HPRE, PPRE1, PPRE2 */
#define RCC_APB1ENR_PWREN (1u << 28)

/* PWR (RM0090 section 5.4): VOS, the regulator's scale 1, needed above 144 MHz */
#define PWR_CR STM32F4_REG(0x40007000u)
#define PWR_CR_VOS (1u << 14)

/* The flash interface's access control (RM0090 section 3.9.1); QEMU 7.2 reads it as 0 */
#define FLASH_ACR STM32F4_REG(0x40023C00u)
#define FLASH_ACR_LATENCY_MASK 7u
#define FLASH_ACR_PRFTEN (1u << 8)
#define FLASH_ACR_ICEN (1u << 9)
#define FLASH_ACR_DCEN (1u << 10)
#define RCC_AHB1ENR STM32F4_REG(RCC_BASE + 0x30u)
#define RCC_APB1ENR STM32F4_REG(RCC_BASE + 0x40u)
#define RCC_APB2ENR STM32F4_REG(RCC_BASE + 0x44u)
#define RCC_AHB1ENR_GPIOAEN (1u << 0)
#define RCC_AHB1ENR_GPIOBEN (1u << 1)
#define RCC_AHB1ENR_GPIOCEN (1u << 2)
#define RCC_APB1ENR_TIM2EN (1u << 0)
#define RCC_APB1ENR_TIM3EN (1u << 1)
#define RCC_APB1ENR_SPI2EN (1u << 14)
#define RCC_APB1ENR_USART3EN (1u << 18)
#define RCC_APB2ENR_USART1EN (1u << 4)
#define RCC_APB2ENR_USART6EN (1u << 5)
#define RCC_APB2ENR_ADC1EN (1u << 8)

/* GPIO (RM0090 section 8.4) */
#define GPIOA_BASE 0x40020000u
#define GPIOB_BASE 0x40020400u
#define GPIOC_BASE 0x40020800u
#define GPIO_MODER(base) STM32F4_REG((base) + 0x00u)   /* 2 bits per pin; 10 = alternate function */
#define GPIO_OSPEEDR(base) STM32F4_REG((base) + 0x08u) /* 2 bits per pin; 10 = fast */
#define GPIO_PUPDR(base) STM32F4_REG((base) + 0x0Cu)   /* 2 bits per pin; 01 = pull-up */
#define GPIO_AFRL(base) STM32F4_REG((base) + 0x20u)    /* 4 bits per pin, pins 0..7 */
#define GPIO_AFRH(base) STM32F4_REG((base) + 0x24u)    /* 4 bits per pin, pins 8..15 */
#define GPIO_BSRR(base) STM32F4_REG((base) + 0x18u)    /* bit n sets pin n, bit n + 16 resets it */
#define GPIO_MODE_OUT 1u
#define GPIO_MODE_AF 2u
#define GPIO_MODE_ANALOG 3u

/* USARTs (RM0090 section 30.6): USART1 and USART6 on APB2, USART2, USART3, UART4 and UART5 on APB1 */
#define USART1_BASE 0x40011000u
#define USART3_BASE 0x40004800u
#define USART6_BASE 0x40011400u
#define USART_SR(base) STM32F4_REG((base) + 0x00u)
#define USART_DR(base) STM32F4_REG((base) + 0x04u)
#define USART_BRR(base) STM32F4_REG((base) + 0x08u)
#define USART_CR1(base) STM32F4_REG((base) + 0x0Cu)
#define USART_CR2(base) STM32F4_REG((base) + 0x10u)
#define USART_CR3(base) STM32F4_REG((base) + 0x14u)
#define USART_SR_PE (1u << 0)
#define USART_SR_FE (1u << 1)
#define USART_SR_NF (1u << 2)
#define USART_SR_ORE (1u << 3)
#define USART_SR_RXNE (1u << 5)
#define USART_SR_TC (1u << 6)
#define USART_SR_TXE (1u << 7)
#define USART_CR1_RE (1u << 2)
#define USART_CR1_TE (1u << 3)
#define USART_CR1_RXNEIE (1u << 5)
#define USART_CR1_TXEIE (1u << 7)
#define USART_CR1_PS (1u << 9)   /* odd parity (0: even) */
#define USART_CR1_PCE (1u << 10) /* parity on */
#define USART_CR1_M (1u << 12)   /* 9-bit word (8 data bits and the parity bit with PCE) */
#define USART_CR1_UE (1u << 13)
#define USART_CR2_STOP_2 (2u << 12) /* two stop bits */
#define USART1_IRQN 37u             /* RM0090 table 61 */
#define USART3_IRQN 39u
#define USART6_IRQN 71u

/* SPI2 (RM0090 section 28.5), on APB1 */
#define SPI2_BASE 0x40003800u
#define SPI_CR1(base) STM32F4_REG((base) + 0x00u)
#define SPI_SR(base) STM32F4_REG((base) + 0x08u)
#define SPI_DR(base) STM32F4_REG((base) + 0x0Cu)
#define SPI_CR1_CPHA (1u << 0)
#define SPI_CR1_CPOL (1u << 1)
#define SPI_CR1_MSTR (1u << 2)
#define SPI_CR1_BR_DIV8 (2u << 3) /* f_PCLK / 8 */
#define SPI_CR1_SPE (1u << 6)
#define SPI_CR1_SSI (1u << 8)
#define SPI_CR1_SSM (1u << 9)
#define SPI_SR_RXNE (1u << 0)
#define SPI_SR_TXE (1u << 1)
#define SPI_SR_BSY (1u << 7)

/* ADC1 (RM0090 section 13.13), on APB2; the common registers at 0x40012300 */
#define ADC1_BASE 0x40012000u
#define ADC_SR(base) STM32F4_REG((base) + 0x00u)
#define ADC_CR1(base) STM32F4_REG((base) + 0x04u)
#define ADC_CR2(base) STM32F4_REG((base) + 0x08u)
#define ADC_SMPR1(base) STM32F4_REG((base) + 0x0Cu) /* channels 10..18, 3 bits each */
#define ADC_SQR1(base) STM32F4_REG((base) + 0x2Cu)  /* L (bits 23..20): conversions - 1 */
#define ADC_SQR3(base) STM32F4_REG((base) + 0x34u)  /* SQ1 (bits 4..0): the first channel */
#define ADC_DR(base) STM32F4_REG((base) + 0x4Cu)
#define ADC_CCR STM32F4_REG(0x40012304u)
#define ADC_SR_EOC (1u << 1)
#define ADC_CR2_ADON (1u << 0)
#define ADC_CR2_SWSTART (1u << 30)
#define ADC_CCR_ADCPRE_DIV4 (1u << 16) /* ADCCLK = PCLK2 / 4: 21 MHz from 84 MHz (36 MHz at most) */
#define ADC_SMP_84_CYCLES 4u

/* General-purpose timers TIM2..TIM5 (RM0090 section 18.4), on APB1 */
#define TIM2_BASE 0x40000000u
#define TIM3_BASE 0x40000400u
#define TIM_CR1(base) STM32F4_REG((base) + 0x00u)
#define TIM_EGR(base) STM32F4_REG((base) + 0x14u)
#define TIM_CCMR1(base) STM32F4_REG((base) + 0x18u)
#define TIM_CCMR2(base) STM32F4_REG((base) + 0x1Cu)
#define TIM_CCER(base) STM32F4_REG((base) + 0x20u)
#define TIM_PSC(base) STM32F4_REG((base) + 0x28u)
#define TIM_ARR(base) STM32F4_REG((base) + 0x2Cu)
#define TIM_CCR(base, channel) STM32F4_REG((base) + 0x34u + 4u * ((channel)-1u)) /* channel 1..4 */
#define TIM_CR1_CEN (1u << 0)
#define TIM_CR1_ARPE (1u << 7)
#define TIM_EGR_UG (1u << 0)
#define TIM_CCMR_PWM1_PRELOAD 0x68u /* OCxM = 110 (PWM mode 1), OCxPE = 1; low byte of a channel pair */

#endif
