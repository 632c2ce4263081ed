// Named pipes for the SITL transport (docs/design/protocols.md, "The SITL pipes"), used so that the simulator never
// blocks on a missing or slow peer. POSIX only. Each object is owned by one thread.
#pragma once

#include "sim/base/result.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace vsim {

// Creates the directory (and parents) and the named pipe `path` if absent. An existing
// file that is not a named pipe is an error, left untouched.
Result<bool> ensureFifo(const std::string& path);

// The writing end of a pipe whose reader may come and go. A frame of at most PIPE_BUF
// bytes is written whole or not at all (POSIX makes such pipe writes atomic), so a reader
// never sees a torn frame from us.
class FifoWriter {
 public:
  enum class Outcome { Written, NoReader, Full };

  explicit FifoWriter(std::string path) : path_(std::move(path)) {}
  ~FifoWriter();
  FifoWriter(const FifoWriter&) = delete;
  FifoWriter& operator=(const FifoWriter&) = delete;

  // Writes one frame or drops it: no reader has the pipe open (tried again on the next
  // write), the pipe is full (the reader is slow), or the reader went away (closed here,
  // reopened when a reader returns). Never blocks; SIGPIPE must be ignored by the process.
  Outcome write(const std::uint8_t* data, std::size_t length);
  bool connected() const { return fd_ >= 0; }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  int fd_ = -1;
};

// The reading end of a pipe whose writers may come and go. It is opened read-write so that
// it never reads end-of-file when the last writer leaves (a restarting firmware).
class FifoReader {
 public:
  static Result<FifoReader> open(const std::string& path);
  FifoReader(FifoReader&& other) noexcept : fd_(other.fd_), path_(std::move(other.path_)) { other.fd_ = -1; }
  FifoReader& operator=(FifoReader&& other) noexcept;
  FifoReader(const FifoReader&) = delete;
  ~FifoReader();

  // Bytes available now, up to `capacity`; 0 when there are none. Never blocks.
  std::size_t read(std::uint8_t* buffer, std::size_t capacity);
  int fd() const { return fd_; }
  const std::string& path() const { return path_; }

 private:
  FifoReader(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
  int fd_ = -1;
  std::string path_;
};

}  // namespace vsim
