/* Parameter persistence for SITL: a text file of "NAME VALUE" lines beside the pipes. */
#ifndef NAVIGATOR_SITL_PARAM_FILE_H
#define NAVIGATOR_SITL_PARAM_FILE_H

#include "firmware/core/fc_params.h"

#include <stdio.h>

/* Loads what the file sets; every bad line is reported on `errors` with the file and line
 * and leaves that parameter as it was. A missing file is not an error (first start). Returns
 * the number of lines refused. */
int sitl_params_load(const char* path, fc_params_t* params, FILE* errors);

/* Writes every parameter (through a temporary file renamed into place, so a crash never
 * leaves half a file). Returns 0 on success, -1 with errno set. */
int sitl_params_save(const char* path, const fc_params_t* params);

/* Writes the parameter table — name, type, default, min, max, unit and description — as JSON
 * (an array of objects), the metadata a ground station shows beside each value, as PX4 ships
 * its parameters.xml. The unit is the description's trailing "[unit]", taken out of it. */
void sitl_params_write_metadata(FILE* out);

#endif
