// px4_standin PORT SYSID: the TEST-ONLY PX4 stand-in of autopilot_standins.h as its own
// process, so a test can kill it (SIGKILL) mid-run. Not PX4. Connects to
// 127.0.0.1:PORT (the world already listening), answers every HIL_SENSOR, disarmed,
// and exits when the simulator closes the connection.
#include "tests/sim/service/autopilot_standins.h"

#include <cstdio>
#include <cstdlib>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: px4_standin PORT SYSID\n");
    return 2;
  }
  Px4StandIn px4(std::atoi(argv[1]), std::uint8_t(std::atoi(argv[2])));
  px4.state_interval_us = 0;
  // The world listens from its creation on, before the test spawns this: one try is enough.
  if (!px4.connect()) {
    std::fprintf(stderr, "px4_standin: nothing listens on port %s\n", argv[1]);
    return 1;
  }
  std::atomic<bool> stop{false};
  px4.serve(stop);
  return 0;
}
