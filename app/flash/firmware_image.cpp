#include "app/flash/firmware_image.h"
