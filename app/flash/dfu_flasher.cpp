#include "app/flash/dfu_flasher.h"
