#include "app/flash/chip_catalog.h"
