/* USART1: 115200 8N1 on PA9/PA10 (alternate function 7). Both directions through rings, so the
 * control loop never waits on the wire (a HIL step's answer alone is about 93 bytes, 8 ms at
 * 115200 baud): received bytes from the RXNE interrupt into one, bytes to send into the other,
 * moved into DR by the TXE interrupt while it holds any (TXEIE on only then). QEMU 7.2's USART
 * sends a byte the moment DR is written and raises no TXE interrupt, so board_uart_write also
 * moves bytes into DR itself while DR is empty: there the ring drains at once. QEMU's first
 * -serial is this USART. */
#include "firmware/hal/stm32f4/board.h"
#include "firmware/hal/stm32f4/stm32f4_regs.h"

enum { RX_RING_BYTES = 1024 }; /* a power of two; ~90 ms of input at 115200 baud */
enum { TX_RING_BYTES = 2048 }; /* a power of two; ~180 ms of output at 115200 baud */

static volatile uint8_t rx_ring[RX_RING_BYTES];
static volatile uint32_t rx_head = 0; /* written only by the interrupt */
static volatile uint32_t rx_tail = 0; /* written only by the main loop */
static volatile uint32_t rx_overruns = 0;

static volatile uint8_t tx_ring[TX_RING_BYTES];
static volatile uint32_t tx_head = 0; /* written only by the main loop */
static volatile uint32_t tx_tail = 0; /* written by the interrupt, or the main loop with interrupts masked */
static volatile uint32_t tx_full_waits = 0;

/* Moves queued bytes into DR while it is empty, and leaves the TXE interrupt on only while bytes
 * wait. Called from the interrupt, or from the main loop with interrupts masked: never both. */
static void tx_pump(void) {
  uint32_t tail = tx_tail;
  while (tail != tx_head && (USART1_SR & USART_SR_TXE)) USART1_DR = tx_ring[tail++ % TX_RING_BYTES];
  tx_tail = tail;
  if (tail == tx_head)
    USART1_CR1 &= ~USART_CR1_TXEIE;
  else
    USART1_CR1 |= USART_CR1_TXEIE;
}

static void tx_pump_masked(void) {
  __asm volatile("cpsid i" ::: "memory");
  tx_pump();
  __asm volatile("cpsie i" ::: "memory");
}

void USART1_IRQHandler(void) {
  const uint32_t status = USART1_SR;
  if (status & (USART_SR_RXNE | USART_SR_ORE)) {
    /* Reading DR clears RXNE and, after the SR read, ORE (ORE comes only with RXNE set). */
    const uint8_t byte = (uint8_t)USART1_DR;
    if (status & USART_SR_ORE) rx_overruns = rx_overruns + 1u;
    const uint32_t head = rx_head;
    if (head - rx_tail >= RX_RING_BYTES) {
      rx_overruns = rx_overruns + 1u;
    } else {
      rx_ring[head % RX_RING_BYTES] = byte;
      __asm volatile("dmb" ::: "memory"); /* the byte before the index that publishes it */
      rx_head = head + 1u;
    }
  }
  if ((USART1_CR1 & USART_CR1_TXEIE) && (status & USART_SR_TXE)) tx_pump();
}

void board_uart_init(uint32_t pclk2_hz) {
  RCC_AHB1ENR |= RCC_AHB1ENR_GPIOAEN;
  RCC_APB2ENR |= RCC_APB2ENR_USART1EN;
  (void)RCC_APB2ENR; /* the clock must run before the peripheral is touched (RM0090 errata 2.1.13) */

  /* PA9 TX, PA10 RX: alternate function 7, fast, RX pulled up so an open line reads idle */
  GPIO_MODER(GPIOA_BASE) = (GPIO_MODER(GPIOA_BASE) & ~(0xFu << 18)) | (GPIO_MODE_AF << 18) | (GPIO_MODE_AF << 20);
  GPIO_OSPEEDR(GPIOA_BASE) = (GPIO_OSPEEDR(GPIOA_BASE) & ~(0xFu << 18)) | (2u << 18) | (2u << 20);
  GPIO_PUPDR(GPIOA_BASE) = (GPIO_PUPDR(GPIOA_BASE) & ~(0x3u << 20)) | (1u << 20);
  GPIO_AFRH(GPIOA_BASE) = (GPIO_AFRH(GPIOA_BASE) & ~(0xFFu << 4)) | (7u << 4) | (7u << 8);

  USART1_CR1 = 0;
  /* Oversampling by 16: BRR = f_APB2 / baud; at 84 MHz 729.2 → 729 (mantissa 45, fraction 9),
   * 0.03 % fast; on the bare HSI's 8 MHz APB2 69.4 → 69, 0.6 % slow */
  USART1_BRR = stm32f4_usart_brr(pclk2_hz, BOARD_UART_BAUD);
  USART1_CR2 = 0;                                                             /* 1 stop bit */
  USART1_CR3 = 0;                                                             /* no flow control */
  USART1_CR1 = USART_CR1_UE | USART_CR1_TE | USART_CR1_RE | USART_CR1_RXNEIE; /* 8 bits, no parity */
  NVIC_ISER(USART1_IRQN / 32u) = 1u << (USART1_IRQN % 32u);
}

void board_uart_write(const uint8_t* data, size_t length) {
  for (size_t i = 0; i < length; ++i) {
    if (tx_head - tx_tail >= TX_RING_BYTES) tx_full_waits = tx_full_waits + 1u;
    while (tx_head - tx_tail >= TX_RING_BYTES) tx_pump_masked(); /* more than the wire carries: wait */
    tx_ring[tx_head % TX_RING_BYTES] = data[i];
    __asm volatile("dmb" ::: "memory"); /* the byte before the index that publishes it */
    tx_head = tx_head + 1u;
  }
  tx_pump_masked();
}

size_t board_uart_read(uint8_t* out, size_t capacity) {
  size_t n = 0;
  uint32_t tail = rx_tail;
  const uint32_t head = rx_head;
  __asm volatile("dmb" ::: "memory"); /* the index before the bytes it published */
  while (tail != head && n < capacity) out[n++] = rx_ring[tail++ % RX_RING_BYTES];
  rx_tail = tail;
  return n;
}

uint32_t board_uart_overruns(void) { return rx_overruns; }

uint32_t board_uart_tx_full_waits(void) { return tx_full_waits; }
