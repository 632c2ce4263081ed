#include "app/flash/flash_progress.h"
