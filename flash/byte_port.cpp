#include "flash/byte_port.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#include <climits>
#include <cstdlib>

namespace navigator::flash {
namespace {

std::string systemError(const std::string& what, const std::string& path) {
  return what + " " + path + ": " + std::strerror(errno);
}

// The termios speed constant for a baud rate; B0 when there is none.
speed_t speedFor(int baud) {
  switch (baud) {
    case 1200:
      return B1200;
    case 2400:
      return B2400;
    case 4800:
      return B4800;
    case 9600:
      return B9600;
    case 19200:
      return B19200;
    case 38400:
      return B38400;
    case 57600:
      return B57600;
    case 115200:
      return B115200;
    case 230400:
      return B230400;
    case 460800:
      return B460800;
    case 500000:
      return B500000;
    case 576000:
      return B576000;
    case 921600:
      return B921600;
    case 1000000:
      return B1000000;
    default:
      return B0;
  }
}

}  // namespace

PosixSerialPort::~PosixSerialPort() { close(); }

bool PosixSerialPort::isPseudoTerminal(const std::string& path) {
  char resolved[PATH_MAX];
  if (realpath(path.c_str(), resolved) == nullptr) return false;
  return std::strncmp(resolved, "/dev/pts/", 9) == 0;
}

bool PosixSerialPort::open(const std::string& path, int baud, SerialParity parity) {
  close();
  path_ = path;
  const speed_t speed = speedFor(baud);
  if (speed == B0) {
    error_ = "baud rate " + std::to_string(baud) + " is not one the serial port driver offers (1200 to 1000000)";
    return false;
  }
  fd_ = ::open(path.c_str(), O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
  if (fd_ < 0) {
    error_ = systemError("cannot open", path);
    return false;
  }
  termios tio{};
  if (tcgetattr(fd_, &tio) != 0) {
    error_ = systemError("not a serial port (tcgetattr failed):", path);
    close();
    return false;
  }
  cfmakeraw(&tio);
  tio.c_cflag &= ~static_cast<tcflag_t>(CSIZE | CSTOPB | PARODD | CRTSCTS);
  tio.c_cflag |= CS8 | CLOCAL | CREAD;
  if (parity == SerialParity::Even) {
    tio.c_cflag |= PARENB;
  } else {
    tio.c_cflag &= ~static_cast<tcflag_t>(PARENB);
  }
  tio.c_iflag &= ~static_cast<tcflag_t>(IXON | IXOFF | IXANY | INPCK);
  tio.c_cc[VMIN] = 0;
  tio.c_cc[VTIME] = 0;
  cfsetispeed(&tio, speed);
  cfsetospeed(&tio, speed);
  if (tcsetattr(fd_, TCSANOW, &tio) != 0) {
    const int saved = errno;
    error_ = "cannot set " + std::to_string(baud) + (parity == SerialParity::Even ? " 8E1" : " 8N1") + " on " + path +
             ": " + std::strerror(saved);
    if (parity == SerialParity::Even && isPseudoTerminal(path)) {
      error_ += " (a pseudo-terminal has no wire and refuses parity: use 8N1)";
    }
    close();
    return false;
  }
  tcflush(fd_, TCIOFLUSH);
  error_.clear();
  return true;
}

void PosixSerialPort::close() {
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
}

bool PosixSerialPort::write(const uint8_t* data, size_t size) {
  if (fd_ < 0) {
    error_ = "the port " + path_ + " is not open";
    return false;
  }
  size_t done = 0;
  while (done < size) {
    const ssize_t n = ::write(fd_, data + done, size - done);
    if (n > 0) {
      done += static_cast<size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      pollfd p{fd_, POLLOUT, 0};
      const int r = poll(&p, 1, 2000);
      if (r == 0) {
        error_ = "writing to " + path_ + " stalled for 2 s (flow control, or the device is gone)";
        return false;
      }
      if (r > 0 && (p.revents & (POLLERR | POLLHUP | POLLNVAL))) {
        error_ = "the port " + path_ + " went away while writing";
        return false;
      }
      continue;
    }
    if (n < 0 && (errno == EIO || errno == ENXIO || errno == ENODEV)) {
      error_ = "the port " + path_ + " went away (the device was unplugged or closed)";
      return false;
    }
    error_ = systemError("writing to", path_);
    return false;
  }
  return true;
}

long PosixSerialPort::read(uint8_t* data, size_t size, int timeout_ms) {
  if (fd_ < 0) {
    error_ = "the port " + path_ + " is not open";
    return -1;
  }
  size_t done = 0;
  while (done < size) {
    pollfd p{fd_, POLLIN, 0};
    const int r = poll(&p, 1, timeout_ms);
    if (r < 0) {
      if (errno == EINTR) continue;
      error_ = systemError("waiting on", path_);
      return -1;
    }
    if (r == 0) break;  // timeout: what arrived so far
    if (p.revents & POLLIN) {
      const ssize_t n = ::read(fd_, data + done, size - done);
      if (n > 0) {
        done += static_cast<size_t>(n);
        continue;
      }
      if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
      if (n == 0 || errno == EIO) {
        error_ = "the port " + path_ + " went away (the device was unplugged or closed)";
        return -1;
      }
      error_ = systemError("reading from", path_);
      return -1;
    }
    if (p.revents & (POLLERR | POLLHUP | POLLNVAL)) {
      error_ = "the port " + path_ + " went away (the device was unplugged or closed)";
      return -1;
    }
  }
  return static_cast<long>(done);
}

void PosixSerialPort::discardInput() {
  if (fd_ < 0) return;
  tcflush(fd_, TCIFLUSH);
  // A pty's peer may still be writing what tcflush cannot see yet: drain what is there now.
  uint8_t sink[256];
  while (::read(fd_, sink, sizeof sink) > 0) {
  }
}

}  // namespace navigator::flash
