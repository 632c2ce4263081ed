#include "app/flash/byte_port.h"
