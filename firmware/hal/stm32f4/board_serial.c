/* The board's serial ports (board_serial.h). Both directions go through rings: received bytes from
 * the RXNE interrupt into one, bytes to send into the other, moved into DR by the TXE interrupt
 * while it holds any (TXEIE on only then). QEMU 7.2's USART sends a byte the moment DR is written
 * and raises no TXE interrupt, so a write also moves bytes into DR itself while DR is empty: there
 * the ring drains at once. */
#include "firmware/hal/stm32f4/board_serial.h"

#include "firmware/hal/stm32f4/board.h"
#include "firmware/hal/stm32f4/stm32f4_regs.h"

/* Ring sizes, powers of two: the link's hold ~90 ms in and ~180 ms out at 115200 baud; the GPS's
 * ~90 ms of NAV-PVT at 115200 in; the receiver's ~12 ms of CRSF at 420000 baud in. */
enum { LINK_RX = 1024, LINK_TX = 2048, GPS_RX = 1024, GPS_TX = 256, RC_RX = 512, RC_TX = 128 };

typedef struct {
  uint32_t base, irqn;
  bool on_apb2;
  uint32_t gpio_base, rcc_enable, af;
  uint8_t tx_pin, rx_pin;
  volatile uint8_t* rx;
  uint32_t rx_size;
  volatile uint8_t* tx;
  uint32_t tx_size;
  volatile uint32_t rx_head; /* written only by the interrupt */
  volatile uint32_t rx_tail; /* written only by the main loop */
  volatile uint32_t tx_head; /* written only by the main loop */
  volatile uint32_t tx_tail; /* written by the interrupt, or the main loop with interrupts masked */
  volatile uint32_t overruns, line_errors, tx_full_waits;
  uint32_t bus_hz, baud;
  board_serial_format_t format;
  bool ready;
} serial_t;

static volatile uint8_t link_rx[LINK_RX], link_tx[LINK_TX], gps_rx[GPS_RX], gps_tx[GPS_TX], rc_rx[RC_RX], rc_tx[RC_TX];

static serial_t ports[BOARD_SERIAL_COUNT] = {
    [BOARD_SERIAL_LINK] = {USART1_BASE, USART1_IRQN, true, GPIOA_BASE, RCC_APB2ENR_USART1EN, 7u, 9, 10, link_rx,
                           LINK_RX, link_tx, LINK_TX},
    [BOARD_SERIAL_GPS] = {USART3_BASE, USART3_IRQN, false, GPIOB_BASE, RCC_APB1ENR_USART3EN, 7u, 10, 11, gps_rx, GPS_RX,
                          gps_tx, GPS_TX},
    [BOARD_SERIAL_RC] = {USART6_BASE, USART6_IRQN, true, GPIOC_BASE, RCC_APB2ENR_USART6EN, 8u, 6, 7, rc_rx, RC_RX,
                         rc_tx, RC_TX},
};

static serial_t* port(board_serial_id_t id) {
  return (unsigned)id < (unsigned)BOARD_SERIAL_COUNT && ports[id].ready ? &ports[id] : NULL;
}

/* Moves queued bytes into DR while it is empty, and leaves the TXE interrupt on only while bytes
 * wait. Called from the interrupt, or from the main loop with interrupts masked: never both. */
static void tx_pump(serial_t* s) {
  uint32_t tail = s->tx_tail;
  while (tail != s->tx_head && (USART_SR(s->base) & USART_SR_TXE)) USART_DR(s->base) = s->tx[tail++ % s->tx_size];
  s->tx_tail = tail;
  if (tail == s->tx_head)
    USART_CR1(s->base) &= ~USART_CR1_TXEIE;
  else
    USART_CR1(s->base) |= USART_CR1_TXEIE;
}

static void tx_pump_masked(serial_t* s) {
  __asm volatile("cpsid i" ::: "memory");
  tx_pump(s);
  __asm volatile("cpsie i" ::: "memory");
}

static void serial_irq(serial_t* s) {
  const uint32_t status = USART_SR(s->base);
  if (status & (USART_SR_RXNE | USART_SR_ORE)) {
    /* Reading DR clears RXNE and, after the SR read, ORE, FE, NF and PE. With a parity bit (M = 1,
     * PCE = 1) DR's bit 8 is the parity: the byte is the low 8 bits. */
    const uint8_t byte = (uint8_t)(USART_DR(s->base) & 0xFFu);
    if (status & USART_SR_ORE) s->overruns = s->overruns + 1u;
    if (status & (USART_SR_PE | USART_SR_FE | USART_SR_NF)) s->line_errors = s->line_errors + 1u;
    const uint32_t head = s->rx_head;
    if (head - s->rx_tail >= s->rx_size) {
      s->overruns = s->overruns + 1u;
    } else {
      s->rx[head % s->rx_size] = byte;
      __asm volatile("dmb" ::: "memory"); /* the byte before the index that publishes it */
      s->rx_head = head + 1u;
    }
  }
  if ((USART_CR1(s->base) & USART_CR1_TXEIE) && (status & USART_SR_TXE)) tx_pump(s);
}

void USART1_IRQHandler(void);
void USART3_IRQHandler(void);
void USART6_IRQHandler(void);
void USART1_IRQHandler(void) { serial_irq(&ports[BOARD_SERIAL_LINK]); }
void USART3_IRQHandler(void) { serial_irq(&ports[BOARD_SERIAL_GPS]); }
void USART6_IRQHandler(void) { serial_irq(&ports[BOARD_SERIAL_RC]); }

/* A pin to its alternate function, fast, the RX pin pulled up so an open line reads idle. */
static void pin_af(uint32_t gpio, uint32_t pin, uint32_t af, bool pull_up) {
  GPIO_MODER(gpio) = (GPIO_MODER(gpio) & ~(3u << (2u * pin))) | (GPIO_MODE_AF << (2u * pin));
  GPIO_OSPEEDR(gpio) = (GPIO_OSPEEDR(gpio) & ~(3u << (2u * pin))) | (2u << (2u * pin));
  GPIO_PUPDR(gpio) = (GPIO_PUPDR(gpio) & ~(3u << (2u * pin))) | ((pull_up ? 1u : 0u) << (2u * pin));
  if (pin < 8u)
    GPIO_AFRL(gpio) = (GPIO_AFRL(gpio) & ~(0xFu << (4u * pin))) | (af << (4u * pin));
  else
    GPIO_AFRH(gpio) = (GPIO_AFRH(gpio) & ~(0xFu << (4u * (pin - 8u)))) | (af << (4u * (pin - 8u)));
}

/* BRR, CR1 and CR2 for the rate and format, the USART off while they change (RM0090 30.6: M and
 * PCE are not changed while a character is on the line). */
static bool configure(serial_t* s, uint32_t baud, board_serial_format_t format) {
  if (baud == 0u || s->bus_hz / baud < 16u) return false; /* BRR's mantissa would be 0 */
  USART_CR1(s->base) = 0;
  /* Oversampling by 16: BRR = f_bus / baud; e.g. 84 MHz / 420000 = 200 exactly, 42 MHz / 115200
   * = 364.6 -> 365 (0.1 % slow), 84 MHz / 100000 = 840 */
  USART_BRR(s->base) = stm32f4_usart_brr(s->bus_hz, baud);
  USART_CR2(s->base) = format == BOARD_SERIAL_8E2 ? USART_CR2_STOP_2 : 0u;
  USART_CR3(s->base) = 0;                                                                /* no flow control */
  const uint32_t word = format == BOARD_SERIAL_8E2 ? (USART_CR1_M | USART_CR1_PCE) : 0u; /* PS 0: even */
  USART_CR1(s->base) = USART_CR1_UE | USART_CR1_TE | USART_CR1_RE | USART_CR1_RXNEIE | word;
  s->baud = baud;
  s->format = format;
  return true;
}

void board_serial_init(board_serial_id_t id, uint32_t apb1_hz, uint32_t apb2_hz, uint32_t baud) {
  if ((unsigned)id >= (unsigned)BOARD_SERIAL_COUNT) return;
  serial_t* s = &ports[id];
  RCC_AHB1ENR |= s->gpio_base == GPIOA_BASE   ? RCC_AHB1ENR_GPIOAEN
                 : s->gpio_base == GPIOB_BASE ? RCC_AHB1ENR_GPIOBEN
                                              : RCC_AHB1ENR_GPIOCEN;
  if (s->on_apb2) {
    RCC_APB2ENR |= s->rcc_enable;
    (void)RCC_APB2ENR; /* the clock must run before the peripheral is touched (RM0090 errata 2.1.13) */
  } else {
    RCC_APB1ENR |= s->rcc_enable;
    (void)RCC_APB1ENR;
  }
  pin_af(s->gpio_base, s->tx_pin, s->af, false);
  pin_af(s->gpio_base, s->rx_pin, s->af, true);
  s->bus_hz = s->on_apb2 ? apb2_hz : apb1_hz;
  configure(s, baud, BOARD_SERIAL_8N1);
  s->ready = true;
  NVIC_ISER(s->irqn / 32u) = 1u << (s->irqn % 32u);
}

bool board_serial_set_format(board_serial_id_t id, uint32_t baud, board_serial_format_t format) {
  serial_t* s = port(id);
  if (!s) return false;
  if (baud == 0u || s->bus_hz / baud < 16u) return false;
  /* What is queued leaves at the old rate first: the ring empty and the last character out (TC). */
  const uint32_t start_ms = board_time_ms();
  while ((s->tx_tail != s->tx_head || !(USART_SR(s->base) & USART_SR_TC)) &&
         board_time_ms() - start_ms < BOARD_SERIAL_DRAIN_MS)
    tx_pump_masked(s);
  __asm volatile("cpsid i" ::: "memory");
  s->tx_tail = s->tx_head; /* anything left after the wait would go out garbled: dropped */
  const bool ok = configure(s, baud, format);
  __asm volatile("cpsie i" ::: "memory");
  return ok;
}

uint32_t board_serial_baud(board_serial_id_t id) {
  const serial_t* s = port(id);
  return s ? s->baud : 0u;
}

static bool ring_full(const serial_t* s) { return s->tx_head - s->tx_tail >= s->tx_size; }

static void put(serial_t* s, uint8_t byte) {
  s->tx[s->tx_head % s->tx_size] = byte;
  __asm volatile("dmb" ::: "memory"); /* the byte before the index that publishes it */
  s->tx_head = s->tx_head + 1u;
}

size_t board_serial_write(board_serial_id_t id, const uint8_t* data, size_t length) {
  serial_t* s = port(id);
  if (!s) return 0;
  size_t n = 0;
  while (n < length && !ring_full(s)) put(s, data[n++]);
  tx_pump_masked(s);
  return n;
}

void board_serial_write_all(board_serial_id_t id, const uint8_t* data, size_t length) {
  serial_t* s = port(id);
  if (!s) return;
  for (size_t i = 0; i < length; ++i) {
    if (ring_full(s)) s->tx_full_waits = s->tx_full_waits + 1u;
    while (ring_full(s)) tx_pump_masked(s); /* more than the wire carries: wait */
    put(s, data[i]);
  }
  tx_pump_masked(s);
}

size_t board_serial_read(board_serial_id_t id, uint8_t* out, size_t capacity) {
  serial_t* s = port(id);
  if (!s) return 0;
  size_t n = 0;
  uint32_t tail = s->rx_tail;
  const uint32_t head = s->rx_head;
  __asm volatile("dmb" ::: "memory"); /* the index before the bytes it published */
  while (tail != head && n < capacity) out[n++] = s->rx[tail++ % s->rx_size];
  s->rx_tail = tail;
  return n;
}

board_serial_counts_t board_serial_counts(board_serial_id_t id) {
  board_serial_counts_t c = {0u, 0u, 0u};
  const serial_t* s = port(id);
  if (s) {
    c.overruns = s->overruns;
    c.line_errors = s->line_errors;
    c.tx_full_waits = s->tx_full_waits;
  }
  return c;
}

/* bus.h's UART: the context is the port's id. */
static size_t bus_read(void* context, uint8_t* data, size_t capacity) {
  return board_serial_read((board_serial_id_t)(uintptr_t)context, data, capacity);
}

static size_t bus_write(void* context, const uint8_t* data, size_t length) {
  return board_serial_write((board_serial_id_t)(uintptr_t)context, data, length);
}

static bool bus_set_baud(void* context, uint32_t baud) {
  const board_serial_id_t id = (board_serial_id_t)(uintptr_t)context;
  const serial_t* s = port(id);
  return s && board_serial_set_format(id, baud, s->format);
}

bus_uart_t board_serial_bus(board_serial_id_t id) {
  const bus_uart_t uart = {bus_read, bus_write, bus_set_baud, (void*)(uintptr_t)id};
  return uart;
}
