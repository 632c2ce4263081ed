// RawHostPort: the host end of the emulated board's pty, byte by byte (POSIX), for tests that
// speak AN3155 themselves. Raw 8N1 (ptys refuse parity); receive() waits at most a deadline.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <termios.h>
#include <unistd.h>

#include <QByteArray>
#include <QElapsedTimer>
#include <QString>
#include <algorithm>
#include <cerrno>
#include <initializer_list>

namespace navigator::test {

class RawHostPort {
 public:
  explicit RawHostPort(const QString& path) {
    fd_ = ::open(path.toLocal8Bit().constData(), O_RDWR | O_NOCTTY | O_CLOEXEC);
    termios tio{};
    if (fd_ < 0 || tcgetattr(fd_, &tio) != 0) {
      close();
      return;
    }
    cfmakeraw(&tio);
    tio.c_cflag |= CLOCAL | CREAD;
    if (tcsetattr(fd_, TCSANOW, &tio) != 0) close();
  }
  ~RawHostPort() { close(); }
  RawHostPort(const RawHostPort&) = delete;
  RawHostPort& operator=(const RawHostPort&) = delete;

  bool isOpen() const { return fd_ >= 0; }
  bool send(const QByteArray& bytes) {
    qsizetype done = 0;
    while (fd_ >= 0 && done < bytes.size()) {
      const ssize_t n = ::write(fd_, bytes.constData() + done, static_cast<size_t>(bytes.size() - done));
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) return false;
      done += n;
    }
    return done == bytes.size();
  }
  bool send(std::initializer_list<quint8> bytes) {
    QByteArray data;
    for (quint8 b : bytes) data.append(static_cast<char>(b));
    return send(data);
  }
  // Up to `count` bytes, fewer if `timeout_ms` passes first.
  QByteArray receive(qsizetype count, int timeout_ms) {
    QByteArray out;
    QElapsedTimer timer;
    timer.start();
    while (fd_ >= 0 && out.size() < count) {
      const qint64 left_ms = timeout_ms - timer.elapsed();
      if (left_ms <= 0) break;
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, static_cast<int>(left_ms)) <= 0) continue;
      char buffer[512];
      const auto wanted = static_cast<size_t>(std::min<qsizetype>(count - out.size(), sizeof buffer));
      const ssize_t n = ::read(fd_, buffer, wanted);
      if (n > 0)
        out.append(buffer, n);
      else if (n == 0 || errno != EINTR)
        break;
    }
    return out;
  }
  // One reply byte as an int (-1 when none came within `timeout_ms`).
  int receiveByte(int timeout_ms = 2000) {
    const QByteArray b = receive(1, timeout_ms);
    return b.isEmpty() ? -1 : static_cast<quint8>(b[0]);
  }

 private:
  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  int fd_ = -1;
};

// AN3155's address frame: 4 bytes MSB first, then their XOR.
inline QByteArray addressFrame(quint32 address) {
  QByteArray frame;
  for (int shift = 24; shift >= 0; shift -= 8) frame.append(static_cast<char>((address >> shift) & 0xFF));
  frame.append(static_cast<char>(frame[0] ^ frame[1] ^ frame[2] ^ frame[3]));
  return frame;
}

}  // namespace navigator::test
