// The sockets the autopilot backends serve on: non-blocking, close-on-exec, SO_REUSEADDR, on
// every interface (as Gazebo and ArduPilot's JSON examples do, so an autopilot in a container
// or on another machine can reach the simulator). Errors name the protocol and port.
#pragma once

#include "sim/base/result.h"

namespace vsim {

// A TCP socket listening on `port`.
Result<int> listenTcp(int port);
// A UDP socket bound to `port`.
Result<int> bindUdp(int port);
// Closes `fd` if it is open and sets it to -1.
void closeFd(int& fd);

}  // namespace vsim
