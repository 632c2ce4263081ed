#include "app/flash/uart_flasher.h"
