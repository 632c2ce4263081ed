#include "sim/service/sockets.h"

#include <cerrno>
#include <cstring>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

namespace vsim {
namespace {

Result<int> bound(int type, int port, const char* what) {
  const std::string where = std::string(what) + " port " + std::to_string(port);
  if (port <= 0 || port > 65535) return Error{where + ": not a port (1-65535)"};
  const int fd = ::socket(AF_INET, type | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) return Error{where + ": cannot make a socket: " + std::strerror(errno)};
  const int one = 1;
  ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_ANY);
  address.sin_port = htons(std::uint16_t(port));
  if (::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    const int error = errno;
    ::close(fd);
    return Error{where + ": cannot bind: " + std::strerror(error) + (error == EADDRINUSE ? " (another simulator serving it?)" : "")};
  }
  if (type == SOCK_STREAM && ::listen(fd, 4) != 0) {
    const int error = errno;
    ::close(fd);
    return Error{where + ": cannot listen: " + std::strerror(error)};
  }
  return fd;
}

}  // namespace

Result<int> listenTcp(int port) { return bound(SOCK_STREAM, port, "TCP"); }
Result<int> bindUdp(int port) { return bound(SOCK_DGRAM, port, "UDP"); }

void closeFd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

}  // namespace vsim
