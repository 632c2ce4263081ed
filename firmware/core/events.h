/* The flight core's events — arming refusals, mode changes, failsafes — queued for the link to
 * send as STATUSTEXT. A fixed ring: when full, the oldest event is dropped. */
#ifndef NAVIGATOR_FC_EVENTS_H
#define NAVIGATOR_FC_EVENTS_H

#include "firmware/protocol/vayu_protocol.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* STATUSTEXT carries up to 50 characters; one more holds the terminator here. */
enum { FC_EVENT_QUEUE = 8, FC_EVENT_TEXT = 51 };

typedef struct {
  mav_severity_t severity;
  char text[FC_EVENT_TEXT];
} fc_event_t;

typedef struct {
  fc_event_t ring[FC_EVENT_QUEUE];
  int head, count;
} fc_events_t;

/* Queues `text` (cut to the 50 characters STATUSTEXT carries). */
void fc_event_push(fc_events_t* events, mav_severity_t severity, const char* text);
/* Pops the oldest event into `out`; false when there is none. */
bool fc_event_pop(fc_events_t* events, fc_event_t* out);

#ifdef __cplusplus
}
#endif

#endif
