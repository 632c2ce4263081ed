#include "firmware/core/fc_params.h"

#include <math.h>
#include <string.h>

static const fc_param_info_t infos[FC_PARAM_COUNT] = {
#define FC_PARAM_INFO_(name, type, def, lo, hi, desc) {#name, FC_PARAM_TYPE_##type, def, lo, hi, desc},
    FC_PARAM_TABLE(FC_PARAM_INFO_)
#undef FC_PARAM_INFO_
};

const fc_param_info_t* fc_param_info(int id) { return id >= 0 && id < FC_PARAM_COUNT ? &infos[id] : NULL; }

int fc_param_find(const char* name) {
  for (int i = 0; i < FC_PARAM_COUNT; ++i)
    if (strncmp(infos[i].name, name, 16) == 0) return i;
  return -1;
}

void fc_params_defaults(fc_params_t* params) {
  for (int i = 0; i < FC_PARAM_COUNT; ++i) params->value[i] = infos[i].default_value;
}

fc_param_result_t fc_param_check(int id, float value) {
  const fc_param_info_t* info = fc_param_info(id);
  if (!info) return FC_PARAM_UNKNOWN;
  if (!isfinite(value)) return FC_PARAM_NOT_FINITE;
  if (value < info->min || value > info->max) return FC_PARAM_OUT_OF_RANGE;
  if (info->type == FC_PARAM_TYPE_INT && value != floorf(value)) return FC_PARAM_NOT_WHOLE;
  return FC_PARAM_OK;
}

fc_param_result_t fc_param_set(fc_params_t* params, int id, float value) {
  const fc_param_result_t r = fc_param_check(id, value);
  if (r == FC_PARAM_OK) params->value[id] = value;
  return r;
}

const char* fc_param_result_text(fc_param_result_t result) {
  switch (result) {
    case FC_PARAM_OK:
      return "ok";
    case FC_PARAM_UNKNOWN:
      return "unknown parameter";
    case FC_PARAM_NOT_FINITE:
      return "value is not a finite number";
    case FC_PARAM_OUT_OF_RANGE:
      return "value out of range";
    case FC_PARAM_NOT_WHOLE:
      return "value must be a whole number";
    case FC_PARAM_NOT_WHILE_ARMED:
      return "not while armed";
  }
  return "?";
}
