#include "app/flash/stm32_bootloader.h"
