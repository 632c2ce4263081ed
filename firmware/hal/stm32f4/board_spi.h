/* The board's sensor buses: SPI2 with one chip select per chip, and ADC1 for the battery.
 *
 *   SPI2   PB13 SCK, PB14 MISO, PB15 MOSI (AF5), APB1 42 MHz / 8 = 5.25 MHz, mode 3 (CPOL 1,
 *          CPHA 1: both chips take modes 0 and 3 and at most 10 MHz, their datasheets' SPI
 *          sections); chip selects PB12 (BMX160) and PC4 (BMP388), push-pull, high when idle.
 *   ADC1   PC0 (channel 10) the power module's voltage, PC1 (channel 11) its current; 12 bits,
 *          ADCCLK 21 MHz, 84 cycles of sampling (4 us: room for a divider's source impedance).
 * None of these pins is a motor output or a serial port (board.h, board_serial.h).
 *
 * Every call is bounded (firmware/drivers/bus.h): a byte that does not move within
 * BOARD_SPI_BYTE_US and a conversion that does not end within BOARD_ADC_CONVERSION_US are bus
 * errors. QEMU 7.2 models SPI2 with nothing on its bus (every byte reads 0x00) and an ADC whose
 * end-of-conversion flag never sets: there the chips read "not answering" and the ADC fails. */
#ifndef NAVIGATOR_STM32F4_BOARD_SPI_H
#define NAVIGATOR_STM32F4_BOARD_SPI_H

#include "firmware/drivers/battery_adc.h"
#include "firmware/drivers/bus.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { BOARD_SPI_BYTE_US = 50, BOARD_ADC_CONVERSION_US = 100 };
enum { BOARD_ADC_BATTERY_VOLTAGE = 10, BOARD_ADC_BATTERY_CURRENT = 11 }; /* ADC1 channels (PC0, PC1) */

typedef enum { BOARD_SPI_BMX160 = 0, BOARD_SPI_BMP388, BOARD_SPI_DEVICES } board_spi_device_t;

void board_spi_init(void);
bus_spi_t board_spi_bus(board_spi_device_t device);

void board_adc_init(void);
battery_adc_t board_adc_battery(void);

#ifdef __cplusplus
}
#endif

#endif
