#define _POSIX_C_SOURCE 200809L
#include "firmware/hal/sitl/param_file.h"

#include "firmware/core/fc_param_text.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

/* A signing line ("SIGNING_..."): 1 taken into *record, 0 not one, -1 damaged (*problem says why). */
static int parse_signing_line(const char* line, mavlink_signing_t* record, const char** problem) {
  if (strncmp(line, "SIGNING_", 8) != 0) return 0;
  char word[32] = {0}, text[80] = {0};
  unsigned long long timestamp = 0;
  unsigned sysid = 0, compid = 0, link_id = 0;
  if (sscanf(line, "%31s %79s", word, text) == 2 && strcmp(word, "SIGNING_KEY") == 0) {
    if (strlen(text) != 2 * MAVLINK_SIGNING_KEY_LEN) {
      *problem = "the key is not 64 hex digits";
      return -1;
    }
    uint8_t key[MAVLINK_SIGNING_KEY_LEN];
    for (int i = 0; i < MAVLINK_SIGNING_KEY_LEN; ++i) {
      unsigned byte = 0;
      if (sscanf(text + 2 * i, "%2x", &byte) != 1 || !strchr("0123456789abcdefABCDEF", text[2 * i]) ||
          !strchr("0123456789abcdefABCDEF", text[2 * i + 1])) {
        *problem = "the key is not 64 hex digits";
        return -1;
      }
      key[i] = (uint8_t)byte;
    }
    memcpy(record->key, key, sizeof key);
    record->enabled = !mavlink_signing_key_is_zero(key);
    return 1;
  }
  char end = 0;
  if (sscanf(line, "SIGNING_TIMESTAMP %llu %c", &timestamp, &end) == 1 && timestamp < (1ull << 48)) {
    record->timestamp = timestamp;
    return 1;
  }
  if (sscanf(line, "SIGNING_STREAM %u %u %u %llu %c", &sysid, &compid, &link_id, &timestamp, &end) == 4 &&
      sysid < 256 && compid < 256 && link_id < 256 && timestamp < (1ull << 48)) {
    for (int i = 0; i < MAVLINK_SIGNING_STREAMS; ++i) {
      mavlink_signing_stream_t* st = &record->streams[i];
      if (st->used) continue;
      st->used = 1;
      st->sysid = (uint8_t)sysid;
      st->compid = (uint8_t)compid;
      st->link_id = (uint8_t)link_id;
      st->timestamp = timestamp;
      return 1;
    }
    *problem = "more streams than the firmware keeps";
    return -1;
  }
  *problem = "not a signing line the firmware writes";
  return -1;
}

int sitl_params_load(const char* path, fc_params_t* params, mavlink_signing_t* signing, FILE* errors) {
  FILE* f = fopen(path, "r");
  if (!f) return 0;
  char line[256];
  int number = 0, refused = 0, damaged = 0;
  mavlink_signing_t record;
  memset(&record, 0, sizeof record);
  while (fgets(line, sizeof line, f)) {
    ++number;
    const char* problem = NULL;
    const int signing_line = parse_signing_line(line, &record, &problem);
    if (signing_line < 0) {
      damaged = 1;
      if (errors) fprintf(errors, "%s:%d: the signing record is damaged: %s\n", path, number, problem);
    }
    if (signing_line != 0) continue;
    const fc_param_line_t parsed = fc_param_parse_line(line);
    if (parsed.kind == FC_PARAM_LINE_VALUE) fc_param_set(params, parsed.id, parsed.value);
    if (parsed.kind == FC_PARAM_LINE_BAD) {
      ++refused;
      if (errors) fprintf(errors, "%s:%d: %s: %s (ignored)\n", path, number, parsed.name, parsed.problem);
    }
  }
  fclose(f);
  if (damaged) return -1;
  if (signing && record.enabled) {
    mavlink_signing_set_key(signing, record.key, record.timestamp);
    memcpy(signing->streams, record.streams, sizeof record.streams);
  }
  memset(&record, 0, sizeof record);
  return refused;
}

int sitl_params_save(const char* path, const fc_params_t* params, const mavlink_signing_t* signing, bool durable) {
  char temporary[4096];
  if (snprintf(temporary, sizeof temporary, "%s.tmp", path) >= (int)sizeof temporary) {
    errno = ENAMETOOLONG;
    return -1;
  }
  const int fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return -1;
  FILE* f = fdopen(fd, "w");
  if (!f) {
    close(fd);
    return -1;
  }
  fprintf(f, "# vayu_sitl parameters: NAME VALUE (written on every change)\n");
  for (int i = 0; i < FC_PARAM_COUNT; ++i) {
    char line[96];
    fc_param_format_line(line, sizeof line, i, params->value[i]);
    fprintf(f, "%s\n", line);
  }
  if (signing && signing->enabled) {
    fprintf(f, "# MAVLink signing: the secret key, the last timestamp, the streams heard\nSIGNING_KEY ");
    for (int i = 0; i < MAVLINK_SIGNING_KEY_LEN; ++i) fprintf(f, "%02x", signing->key[i]);
    fprintf(f, "\nSIGNING_TIMESTAMP %llu\n", (unsigned long long)mavlink_signing_now(signing));
    for (int i = 0; i < MAVLINK_SIGNING_STREAMS; ++i) {
      const mavlink_signing_stream_t* st = &signing->streams[i];
      if (st->used)
        fprintf(f, "SIGNING_STREAM %u %u %u %llu\n", st->sysid, st->compid, st->link_id,
                (unsigned long long)st->timestamp);
    }
  }
  if (fflush(f) != 0 || (durable && fsync(fd) != 0)) {
    fclose(f);
    return -1;
  }
  if (fclose(f) != 0) return -1;
  return rename(temporary, path);
}

static void json_string(FILE* out, const char* s, size_t n) {
  fputc('"', out);
  for (size_t i = 0; i < n && s[i]; ++i) {
    const unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\')
      fprintf(out, "\\%c", c);
    else if (c < 0x20)
      fprintf(out, "\\u%04x", c);
    else
      fputc(c, out);
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
