// The byte stream the UART bootloader protocol runs over, and its POSIX serial implementation
// (termios): 8E1 as the STM32 ROM bootloader requires, or 8N1 where the port has no wire
// (pseudo-terminals refuse parity: tcsetattr gives EINVAL) — that choice is explicit and logged.
// Thread contract: one thread at a time (the flashing thread).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace navigator::flash {

class BytePort {
 public:
  virtual ~BytePort() = default;
  // Writes all bytes (blocking until the kernel took them). False on error (see lastError()).
  virtual bool write(const uint8_t* data, size_t size) = 0;
  // Reads up to `size` bytes, waiting at most `timeout_ms` for the first and for each next one.
  // Returns the count read (0..size); -1 when the port failed or went away (see lastError()).
  virtual long read(uint8_t* data, size_t size, int timeout_ms) = 0;
  // Drops whatever was received and not yet read.
  virtual void discardInput() = 0;
  virtual std::string lastError() const = 0;
  virtual std::string name() const = 0;
};

enum class SerialParity { Even, None };

class PosixSerialPort : public BytePort {
 public:
  PosixSerialPort() = default;
  ~PosixSerialPort() override;
  PosixSerialPort(const PosixSerialPort&) = delete;
  PosixSerialPort& operator=(const PosixSerialPort&) = delete;

  // Opens `path` raw at `baud`, 8 data bits, the parity asked for, 1 stop bit, no flow control.
  // False with lastError() naming the path and the system's reason.
  bool open(const std::string& path, int baud, SerialParity parity);
  void close();
  bool isOpen() const { return fd_ >= 0; }

  bool write(const uint8_t* data, size_t size) override;
  long read(uint8_t* data, size_t size, int timeout_ms) override;
  void discardInput() override;
  std::string lastError() const override { return error_; }
  std::string name() const override { return path_; }

  // Whether `path` is a pseudo-terminal (no wire, no parity): /dev/pts/N or a symlink to one.
  static bool isPseudoTerminal(const std::string& path);

 private:
  int fd_ = -1;
  std::string path_;
  std::string error_;
};

}  // namespace navigator::flash
