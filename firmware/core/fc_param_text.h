/* The parameter file's text format, one place for every reader (vayu_sitl --params, vsim-fly
 * --params, vsim-tune's output): "NAME VALUE" per line, '#' starts a comment, INT values
 * written as whole numbers. Host side only (not in the board image, which keeps its
 * parameters in flash). */
#ifndef NAVIGATOR_FC_PARAM_TEXT_H
#define NAVIGATOR_FC_PARAM_TEXT_H

#include "firmware/core/fc_params.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { FC_PARAM_LINE_BLANK, FC_PARAM_LINE_VALUE, FC_PARAM_LINE_BAD } fc_param_line_kind_t;

typedef struct {
  fc_param_line_kind_t kind;
  int id;              /* FC_PARAM_LINE_VALUE: the parameter */
  float value;         /* FC_PARAM_LINE_VALUE: checked as fc_param_set would */
  char name[64];       /* the first word as written, for messages */
  const char* problem; /* FC_PARAM_LINE_BAD: why */
} fc_param_line_t;

/* Parses one line (a comment or blank line is FC_PARAM_LINE_BLANK). A value the parameter
 * would refuse (range, finite, whole) is FC_PARAM_LINE_BAD with fc_param_result_text's reason. */
fc_param_line_t fc_param_parse_line(const char* line);

/* Writes "NAME VALUE" for a parameter into `out` (at most `size` bytes, terminated): INT
 * parameters as whole numbers, FLOAT ones with 9 significant digits (a float read back is the
 * same float). Returns what snprintf returns. */
int fc_param_format_line(char* out, unsigned size, int id, float value);

#ifdef __cplusplus
}
#endif

#endif
