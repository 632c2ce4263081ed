#define _POSIX_C_SOURCE 200809L
#include "firmware/hal/sitl/param_file.h"

#include "firmware/core/fc_param_text.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int sitl_params_load(const char* path, fc_params_t* params, FILE* errors) {
  FILE* f = fopen(path, "r");
  if (!f) return 0;
  char line[256];
  int number = 0, refused = 0;
  while (fgets(line, sizeof line, f)) {
    ++number;
    const fc_param_line_t parsed = fc_param_parse_line(line);
    if (parsed.kind == FC_PARAM_LINE_VALUE) fc_param_set(params, parsed.id, parsed.value);
    if (parsed.kind == FC_PARAM_LINE_BAD) {
      ++refused;
      if (errors) fprintf(errors, "%s:%d: %s: %s (ignored)\n", path, number, parsed.name, parsed.problem);
    }
  }
  fclose(f);
  return refused;
}

int sitl_params_save(const char* path, const fc_params_t* params) {
  char temporary[4096];
  if (snprintf(temporary, sizeof temporary, "%s.tmp", path) >= (int)sizeof temporary) {
    errno = ENAMETOOLONG;
    return -1;
  }
  FILE* f = fopen(temporary, "w");
  if (!f) return -1;
  fprintf(f, "# vayu_sitl parameters: NAME VALUE (written on every change)\n");
  for (int i = 0; i < FC_PARAM_COUNT; ++i) {
    char line[96];
    fc_param_format_line(line, sizeof line, i, params->value[i]);
    fprintf(f, "%s\n", line);
  }
  if (fclose(f) != 0) return -1;
  return rename(temporary, path);
}

static void json_string(FILE* out, const char* s, size_t n) {
  fputc('"', out);
  for (size_t i = 0; i < n && s[i]; ++i) {
    const unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\') fprintf(out, "\\%c", c);
    else if (c < 0x20) fprintf(out, "\\u%04x", c);
    else fputc(c, out);
  }
  fputc('"', out);
}

void sitl_params_write_metadata(FILE* out) {
  fputs("[\n", out);
  for (int i = 0; i < FC_PARAM_COUNT; ++i) {
    const fc_param_info_t* p = fc_param_info(i);
    const char* d = p->description;
    size_t text_length = strlen(d);
    const char* unit = "";
    size_t unit_length = 0;
    const char* open = strrchr(d, '[');
    if (open && d[text_length - 1] == ']') {
      unit = open + 1;
      unit_length = (size_t)(d + text_length - 1 - unit);
      text_length = (size_t)(open - d);
      while (text_length > 0 && d[text_length - 1] == ' ') --text_length;
    }
    fprintf(out, "  {\"name\": ");
    json_string(out, p->name, 16);
    fprintf(out, ", \"type\": \"%s\", \"default\": %.7g, \"min\": %.7g, \"max\": %.7g, \"unit\": ",
            p->type == FC_PARAM_TYPE_INT ? "INT" : "FLOAT", (double)p->default_value, (double)p->min, (double)p->max);
    json_string(out, unit, unit_length);
    fputs(", \"description\": ", out);
    json_string(out, d, text_length);
    fputs(i + 1 < FC_PARAM_COUNT ? "},\n" : "}\n", out);
  }
  fputs("]\n", out);
}
