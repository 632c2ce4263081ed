/* vayu_sitl --chip-fault CHIP:FAULT[@SECONDS]: a fault of one of the chip models (firmware/chips)
 * behind the firmware's drivers in --sensors chips, from the start (before the drivers' start-up)
 * or from SECONDS of simulated time after the first sensor frame. The faults are the models' own:
 *
 *   bmx160   none, no-answer, bus-error, wrong-id (start only), stuck, saturated
 *   bmm150   none, wrong-id (start only: the BMX160 driver reads its identity at start-up)
 *   bmp388   none, no-answer, bus-error, wrong-id (start only), stuck, fatal
 *   gps      none, silent, bad-checksum, cut, no-fix      (the u-blox receiver)
 *   crsf     none, lost, lq-zero, bad-crc, cut            (a CRSF receiver: any crsf entry fits one)
 *   battery  none, adc-fails, unplugged, saturated        (the power module's ADC)
 *
 * "none" fits the part without a fault (for crsf: a healthy receiver). A fault stays once applied. */
#ifndef NAVIGATOR_HAL_SITL_SITL_CHIP_FAULTS_H
#define NAVIGATOR_HAL_SITL_SITL_CHIP_FAULTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  SITL_CHIP_BMX160 = 0,
  SITL_CHIP_BMM150,
  SITL_CHIP_BMP388,
  SITL_CHIP_GPS,
  SITL_CHIP_CRSF,
  SITL_CHIP_BATTERY,
  SITL_CHIP_COUNT
} sitl_chip_t;

/* Each chip's faults, in the order of the table above (0 is "none"). */
typedef enum { SITL_FAULT_NONE = 0 } sitl_fault_none_t;
enum {
  SITL_BMX160_NO_ANSWER = 1,
  SITL_BMX160_BUS_ERROR,
  SITL_BMX160_WRONG_ID,
  SITL_BMX160_STUCK,
  SITL_BMX160_SATURATED
};
enum { SITL_BMM150_WRONG_ID = 1 };
enum { SITL_BMP388_NO_ANSWER = 1, SITL_BMP388_BUS_ERROR, SITL_BMP388_WRONG_ID, SITL_BMP388_STUCK, SITL_BMP388_FATAL };
enum { SITL_GPS_SILENT = 1, SITL_GPS_BAD_CHECKSUM, SITL_GPS_CUT, SITL_GPS_NO_FIX };
enum { SITL_CRSF_LOST = 1, SITL_CRSF_LQ_ZERO, SITL_CRSF_BAD_CRC, SITL_CRSF_CUT };
enum { SITL_BATTERY_ADC_FAILS = 1, SITL_BATTERY_UNPLUGGED, SITL_BATTERY_SATURATED };

enum { SITL_CHIP_FAULTS = 16 }; /* --chip-fault entries at most */

typedef struct {
  sitl_chip_t chip;
  int fault;      /* the chip's fault (its enum above) */
  bool at_start;  /* no @SECONDS: set before the drivers start */
  uint64_t at_us; /* else: simulated time after the first sensor frame */
  bool applied;
} sitl_chip_fault_t;

/* Parses one --chip-fault value. False with `problem` (capacity bytes) naming the value and what
 * is wrong: the form, an unknown chip (the chips listed), an unknown fault (the chip's faults
 * listed), a start-only fault given a time, or a time that is not a number of seconds 0..1000000. */
bool sitl_chip_fault_parse(const char* text, sitl_chip_fault_t* out, char* problem, size_t capacity);

/* The names, for logs: "bmx160", "stuck". */
const char* sitl_chip_name(sitl_chip_t chip);
const char* sitl_chip_fault_name(sitl_chip_t chip, int fault);

#ifdef __cplusplus
}
#endif

#endif
