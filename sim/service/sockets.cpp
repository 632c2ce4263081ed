#include "sim/service/sockets.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace vsim {
namespace {

Result<int> bound(int type, const std::string& address, int port, const char* what) {
  const std::string where = std::string(what) + " " + address + ":" + std::to_string(port);
  if (port <= 0 || port > 65535) return Error{where + ": not a port (1-65535)"};
  auto ip = parseListenAddress(address);
  if (!ip) return ip.error();
  const int fd = ::socket(AF_INET, type | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) return Error{where + ": cannot make a socket: " + std::strerror(errno)};
  const int one = 1;
  ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in socket_address{};
  socket_address.sin_family = AF_INET;
  socket_address.sin_addr.s_addr = *ip;
  socket_address.sin_port = htons(std::uint16_t(port));
  if (::bind(fd, reinterpret_cast<const sockaddr*>(&socket_address), sizeof socket_address) != 0) {
    const int error = errno;
    ::close(fd);
    std::string why = std::strerror(error);
    if (error == EADDRINUSE) why += " (another simulator serving it?)";
    if (error == EADDRNOTAVAIL) why += " (no interface of this machine has that address)";
    return Error{where + ": cannot bind: " + why};
  }
  if (type == SOCK_STREAM && ::listen(fd, 4) != 0) {
    const int error = errno;
    ::close(fd);
    return Error{where + ": cannot listen: " + std::strerror(error)};
  }
  return fd;
}

}  // namespace

Result<std::uint32_t> parseListenAddress(const std::string& address) {
  in_addr parsed{};
  if (::inet_pton(AF_INET, address.c_str(), &parsed) != 1)
    return Error{"listen address '" + address +
                 "': not an IPv4 address (127.0.0.1 for this machine only, 0.0.0.0 for every interface)"};
  return std::uint32_t(parsed.s_addr);
}

bool isLoopbackAddress(const std::string& address) {
  auto ip = parseListenAddress(address);
  return ip && (ntohl(*ip) >> 24) == 127;
}

std::string describeListenAddress(const std::string& address) {
  return address + (isLoopbackAddress(address) ? " (this machine only)" : " (open to the network)");
}

Result<int> listenTcp(const std::string& address, int port) { return bound(SOCK_STREAM, address, port, "TCP"); }
Result<int> bindUdp(const std::string& address, int port) { return bound(SOCK_DGRAM, address, port, "UDP"); }

void closeFd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

}  // namespace vsim
