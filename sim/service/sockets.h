// The sockets the autopilot backends serve on: non-blocking, close-on-exec, SO_REUSEADDR, bound
// to one IPv4 address. By default that is the loopback (kLoopbackAddress): only processes on this
// machine reach the simulator, because whoever connects to it as "PX4" drives a vehicle's motors
// An autopilot in a container or on another machine needs the address of the
// interface it comes in on, or 0.0.0.0 for every interface (vsim_d --listen). Errors name the
// protocol, address and port.
#pragma once

#include "sim/base/result.h"

#include <cstdint>
#include <string>

namespace vsim {

inline constexpr const char* kLoopbackAddress = "127.0.0.1";

// `address` as an IPv4 address in network order; an error names it when it is not one.
Result<std::uint32_t> parseListenAddress(const std::string& address);
// Whether only this machine can reach a socket bound to `address` (127.0.0.0/8).
bool isLoopbackAddress(const std::string& address);
// What a status line says about `address`: "127.0.0.1 (this machine only)" or
// "0.0.0.0 (open to the network)".
std::string describeListenAddress(const std::string& address);

// A TCP socket listening on `address`:`port`.
Result<int> listenTcp(const std::string& address, int port);
// A UDP socket bound to `address`:`port`.
Result<int> bindUdp(const std::string& address, int port);
// Closes `fd` if it is open and sets it to -1.
void closeFd(int& fd);

}  // namespace vsim
