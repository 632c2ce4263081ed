#include "firmware/core/fc_param_text.h"

#include <stdio.h>
#include <string.h>

fc_param_line_t fc_param_parse_line(const char* line) {
  fc_param_line_t out;
  memset(&out, 0, sizeof out);
  out.kind = FC_PARAM_LINE_BLANK;
  out.id = -1;
  char text[256];
  snprintf(text, sizeof text, "%s", line);
  char* hash = strchr(text, '#');
  if (hash) *hash = '\0';
  char value_text[64], extra[2];
  const int fields = sscanf(text, "%63s %63s %1s", out.name, value_text, extra);
  if (fields <= 0) return out;
  out.kind = FC_PARAM_LINE_BAD;
  if (fields != 2) {
    out.problem = "expected NAME VALUE";
    return out;
  }
  out.id = strlen(out.name) > 16 ? -1 : fc_param_find(out.name);
  if (out.id < 0) {
    out.problem = "unknown parameter";
    return out;
  }
  int consumed = 0;
  if (sscanf(value_text, "%f%n", &out.value, &consumed) != 1 || value_text[consumed] != '\0') {
    out.problem = "the value is not a number";
    return out;
  }
  const fc_param_result_t r = fc_param_check(out.id, out.value);
  if (r != FC_PARAM_OK) {
    out.problem = fc_param_result_text(r);
    return out;
  }
  out.kind = FC_PARAM_LINE_VALUE;
  return out;
}

int fc_param_format_line(char* out, unsigned size, int id, float value) {
  const fc_param_info_t* info = fc_param_info(id);
  if (!info) return snprintf(out, size, "# unknown parameter %d", id);
  if (info->type == FC_PARAM_TYPE_INT) return snprintf(out, size, "%s %d", info->name, (int)value);
  return snprintf(out, size, "%s %.9g", info->name, (double)value);
}
