/* The flight core's events — arming refusals, mode changes, failsafes — queued for the link to
 * send as STATUSTEXT. A fixed ring: when full, the oldest event is dropped. */
#ifndef NAVIGATOR_FC_EVENTS_H
#define NAVIGATOR_FC_EVENTS_H

#include "firmware/protocol/vayu_protocol.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A STATUSTEXT carries 50 characters; the link sends a longer event (a driver's health message)
 * as two chunks of one text (MAVLink 2's id and chunk_seq). One more holds the terminator. The
 * queue holds a boot's worth: every sensor's health at once and a few more. */
enum { FC_EVENT_QUEUE = 16, FC_EVENT_TEXT = 101 };

typedef struct {
  mav_severity_t severity;
  char text[FC_EVENT_TEXT];
} fc_event_t;

typedef struct {
  fc_event_t ring[FC_EVENT_QUEUE];
  int head, count;
} fc_events_t;

/* Queues `text` (cut to FC_EVENT_TEXT - 1 characters). */
void fc_event_push(fc_events_t* events, mav_severity_t severity, const char* text);
/* Pops the oldest event into `out`; false when there is none. */
bool fc_event_pop(fc_events_t* events, fc_event_t* out);

#ifdef __cplusplus
}
#endif

#endif
