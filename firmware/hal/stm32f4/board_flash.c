/* The signing record's two flash sectors on the STM32F405 (RM0090 section 3: 1 MiB in 12 sectors;
 * sectors 10 and 11, 128 KiB each at 0x080C0000 and 0x080E0000, kept out of the image by the
 * linker script), erased and programmed through the FLASH interface's registers (section 3.9):
 * unlock with the two KEYR keys, then per operation wait for BSY to clear, set CR (SER + SNB for
 * a sector erase, PG for programming, PSIZE = x32 for 32-bit words at 2.7-3.6 V) and check SR's
 * error bits. The CPU stalls on flash reads while an operation runs (one bank): an erase is
 * 1-2 s, so the firmware saves only while disarmed.
 *
 * QEMU 7.2's netduinoplus2 maps the flash as ROM and does not implement this interface (writes
 * are dropped, SR reads 0): there a save finds the record not kept and says so. */
#include "firmware/hal/stm32f4/board.h"
#include "firmware/hal/stm32f4/stm32f4_regs.h"

#define FLASH_IF_BASE 0x40023C00u
#define FLASH_KEYR STM32F4_REG(FLASH_IF_BASE + 0x04u)
#define FLASH_SR STM32F4_REG(FLASH_IF_BASE + 0x0Cu)
#define FLASH_CR STM32F4_REG(FLASH_IF_BASE + 0x10u)
#define FLASH_SR_BSY (1u << 16)
#define FLASH_SR_ERRORS (0xF0u | 0x2u) /* PGSERR PGPERR PGAERR WRPERR, OPERR */
#define FLASH_CR_PG (1u << 0)
#define FLASH_CR_SER (1u << 1)
#define FLASH_CR_SNB(n) ((uint32_t)(n) << 3)
#define FLASH_CR_PSIZE_X32 (2u << 8)
#define FLASH_CR_STRT (1u << 16)
#define FLASH_CR_LOCK (1u << 31)

static const uint32_t sector_address[2] = {0x080C0000u, 0x080E0000u};
static const int sector_number[2] = {10, 11};

static void wait_idle(void) {
  while (FLASH_SR & FLASH_SR_BSY) {
  }
}

static void unlock(void) {
  if (FLASH_CR & FLASH_CR_LOCK) {
    FLASH_KEYR = 0x45670123u;
    FLASH_KEYR = 0xCDEF89ABu;
  }
}

static bool finished_without_error(void) {
  wait_idle();
  const uint32_t errors = FLASH_SR & FLASH_SR_ERRORS;
  FLASH_SR = errors; /* cleared by writing 1 */
  FLASH_CR = 0;
  FLASH_CR = FLASH_CR_LOCK;
  return errors == 0;
}

static bool erase(void* context, int index) {
  (void)context;
  unlock();
  wait_idle();
  FLASH_SR = FLASH_SR_ERRORS;
  FLASH_CR = FLASH_CR_SER | FLASH_CR_SNB(sector_number[index]) | FLASH_CR_PSIZE_X32;
  FLASH_CR |= FLASH_CR_STRT;
  return finished_without_error();
}

static bool program(void* context, int index, size_t offset, const uint8_t* data, size_t length) {
  (void)context;
  unlock();
  wait_idle();
  FLASH_SR = FLASH_SR_ERRORS;
  FLASH_CR = FLASH_CR_PG | FLASH_CR_PSIZE_X32;
  volatile uint32_t* to = (volatile uint32_t*)(sector_address[index] + offset);
  for (size_t w = 0; w < length; w += 4) {
    to[w / 4] =
        (uint32_t)data[w] | (uint32_t)data[w + 1] << 8 | (uint32_t)data[w + 2] << 16 | (uint32_t)data[w + 3] << 24;
    wait_idle();
    if (FLASH_SR & FLASH_SR_ERRORS) break;
  }
  return finished_without_error();
}

signing_flash_t board_signing_flash(void) {
  signing_flash_t f;
  f.sector[0] = (const uint8_t*)sector_address[0];
  f.sector[1] = (const uint8_t*)sector_address[1];
  f.sector_bytes = (128u * 1024u / SIGNING_STORE_RECORD_BYTES) * SIGNING_STORE_RECORD_BYTES;
  f.erase = erase;
  f.program = program;
  f.context = 0;
  return f;
}
