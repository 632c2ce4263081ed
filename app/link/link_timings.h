// LinkTimings: how long the ground-station link waits before it decides something, in one
// place so tests can shorten them. Defaults are QGroundControl's order of magnitude.
#pragma once

namespace navigator {

struct LinkTimings {
  int heartbeat_timeout_ms = 3000;  // no HEARTBEAT this long: the link is lost
  int command_retry_ms = 1000;      // COMMAND_LONG resent when no COMMAND_ACK came this long
  int command_tries = 3;
  int reason_wait_ms = 300;     // after a refusal, how long a STATUSTEXT saying why is awaited
  int param_retry_ms = 1000;    // PARAM_SET resent when no PARAM_VALUE echo came this long
  int param_tries = 3;          // PARAM_SET sends; PARAM_REQUEST_LIST sends; missing-index rounds
  int param_list_gap_ms = 500;  // silence during a list download that triggers re-reads
};

}  // namespace navigator
