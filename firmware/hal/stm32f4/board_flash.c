/* The flash logs' sectors on the STM32F405 (RM0090 section 3: 1 MiB in 12 sectors): the
 * parameters in sectors 8 and 9 (128 KiB each at 0x08080000 and 0x080A0000), the signing record
 * in sectors 10 and 11 (0x080C0000 and 0x080E0000), all four kept out of the image by the linker
 * script (stm32f405.ld: the image has sectors 0-7), erased and programmed through the FLASH interface's registers
 * (section 3.9): unlock with the two KEYR keys, then per operation wait for BSY to clear, set CR (SER + SNB for a
 * sector erase, PG for programming, PSIZE = x32 for 32-bit words at 2.7-3.6 V) and check SR's error bits. The CPU
 * stalls on flash reads while an operation runs (one bank): an erase is 1-2 s, so the firmware saves only while
 * disarmed.
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

/* A log's two sectors: where each reads, and its number for FLASH_CR.SNB. */
typedef struct {
  uint32_t address[2];
  uint32_t number[2];
} sectors_t;

static sectors_t signing_sectors = {{0x080C0000u, 0x080E0000u}, {10, 11}};
static sectors_t param_sectors = {{0x08080000u, 0x080A0000u}, {8, 9}};
enum { SECTOR_BYTES = 128 * 1024 };

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
  const sectors_t* sectors = context;
  unlock();
  wait_idle();
  FLASH_SR = FLASH_SR_ERRORS;
  FLASH_CR = FLASH_CR_SER | FLASH_CR_SNB(sectors->number[index]) | FLASH_CR_PSIZE_X32;
  FLASH_CR |= FLASH_CR_STRT;
  return finished_without_error();
}

static bool program(void* context, int index, size_t offset, const uint8_t* data, size_t length) {
  const sectors_t* sectors = context;
  unlock();
  wait_idle();
  FLASH_SR = FLASH_SR_ERRORS;
  FLASH_CR = FLASH_CR_PG | FLASH_CR_PSIZE_X32;
  volatile uint32_t* to = (volatile uint32_t*)(sectors->address[index] + offset);
  for (size_t w = 0; w < length; w += 4) {
    to[w / 4] =
        (uint32_t)data[w] | (uint32_t)data[w + 1] << 8 | (uint32_t)data[w + 2] << 16 | (uint32_t)data[w + 3] << 24;
    wait_idle();
    if (FLASH_SR & FLASH_SR_ERRORS) break;
  }
  return finished_without_error();
}

static signing_flash_t flash_of(sectors_t* sectors, size_t sector_bytes) {
  signing_flash_t f;
  f.sector[0] = (const uint8_t*)sectors->address[0];
  f.sector[1] = (const uint8_t*)sectors->address[1];
  f.sector_bytes = sector_bytes;
  f.erase = erase;
  f.program = program;
  f.context = sectors;
  return f;
}

signing_flash_t board_signing_flash(void) {
  return flash_of(&signing_sectors, (SECTOR_BYTES / SIGNING_STORE_RECORD_BYTES) * SIGNING_STORE_RECORD_BYTES);
}

signing_flash_t board_param_flash(void) { return flash_of(&param_sectors, SECTOR_BYTES); }
