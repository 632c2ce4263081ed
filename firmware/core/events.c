#include "firmware/core/events.h"

#include <string.h>

void fc_event_push(fc_events_t* events, mav_severity_t severity, const char* text) {
  const int slot = (events->head + events->count) % FC_EVENT_QUEUE;
  if (events->count == FC_EVENT_QUEUE) {
    events->head = (events->head + 1) % FC_EVENT_QUEUE; /* drop the oldest */
  } else {
    ++events->count;
  }
  events->ring[slot].severity = severity;
  size_t n = strlen(text);
  if (n > FC_EVENT_TEXT - 1) n = FC_EVENT_TEXT - 1;
  memcpy(events->ring[slot].text, text, n);
  events->ring[slot].text[n] = '\0';
}

bool fc_event_pop(fc_events_t* events, fc_event_t* out) {
  if (events->count == 0) return false;
  *out = events->ring[events->head];
  events->head = (events->head + 1) % FC_EVENT_QUEUE;
  --events->count;
  return true;
}
