#include "sim/service/fifo.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

namespace vsim {

Result<bool> ensureFifo(const std::string& path) {
  std::error_code ec;
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  if (!folder.empty()) std::filesystem::create_directories(folder, ec);
  if (ec) return Error{folder.string() + ": cannot create the directory: " + ec.message()};
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISFIFO(st.st_mode)) return false;
    return Error{path + ": exists and is not a named pipe (remove it or choose another --dir)"};
  }
  if (::mkfifo(path.c_str(), 0660) != 0 && errno != EEXIST)
    return Error{path + ": cannot create the named pipe: " + std::strerror(errno)};
  return true;
}

FifoWriter::~FifoWriter() {
  if (fd_ >= 0) ::close(fd_);
}

FifoWriter::Outcome FifoWriter::write(const std::uint8_t* data, std::size_t length) {
  if (fd_ < 0) {
    // O_NONBLOCK write-only open fails with ENXIO while nobody reads: try again next frame.
    fd_ = ::open(path_.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd_ < 0) return Outcome::NoReader;
  }
  for (;;) {
    const ssize_t n = ::write(fd_, data, length);
    if (n == ssize_t(length)) return Outcome::Written;
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) return Outcome::Full;
    // EPIPE (the reader left) or anything else: close, and reopen when a reader returns.
    ::close(fd_);
    fd_ = -1;
    return Outcome::NoReader;
  }
}

Result<FifoReader> FifoReader::open(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDWR | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return Error{path + ": cannot open the named pipe: " + std::strerror(errno)};
  return FifoReader(fd, path);
}

FifoReader& FifoReader::operator=(FifoReader&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = other.fd_;
    path_ = std::move(other.path_);
    other.fd_ = -1;
  }
  return *this;
}

FifoReader::~FifoReader() {
  if (fd_ >= 0) ::close(fd_);
}

std::size_t FifoReader::read(std::uint8_t* buffer, std::size_t capacity) {
  for (;;) {
    const ssize_t n = ::read(fd_, buffer, capacity);
    if (n > 0) return std::size_t(n);
    if (n < 0 && errno == EINTR) continue;
    return 0;  // EAGAIN: nothing now (never end-of-file: we hold a write end ourselves)
  }
}

}  // namespace vsim
