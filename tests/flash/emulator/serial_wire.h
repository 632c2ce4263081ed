// The emulated board's end of the serial line: an existing tty (one end of a socat pty pair) set
// raw, with an optional virtual UART clock. A pty delivers bytes instantly; with a baud rate B
// each byte takes 11 bits (8E1: start, 8 data, parity, stop) = 11/B s on the wire, so a received
// byte becomes available 11/B s after the previous one (or after its arrival in the pty, if
// later) and a sent byte is handed to the pty only once its 11/B s have passed after the
// previous one. The board keeps its own clock in wire time: it answers a byte in the same
// instant (in wire time) it received it, however late this process woke up, and its busy
// periods (flash erase/programming) start from that clock. Baud 0 = no pacing. Ptys refuse
// parity, so none is set (the host uses 8N1 on a pty). Wire time is read from a WireClock: the
// steady clock in the emulator program, a clock the test drives in the tests of the pacing and
// the flash timings (their verdicts are then exact, whatever the machine's load).
//
// The run ends by throwing SessionEnd: when the peer goes away (read gives EOF/EIO, i.e. socat
// is gone), on SIGTERM/SIGINT (see requestStop), or when the protocol decides to (GO, faults).
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <span>
#include <string>

namespace navigator::flash_emu {

struct SessionEnd {
  int exit_code;
  std::string reason;  // for the log line "exit <reason>"
};

// Async-signal-safe: records the signal; the wire's waits notice it within 50 ms.
void requestStop(int signal_number);
void installStopHandlers();  // SIGTERM, SIGINT -> requestStop; SIGPIPE ignored

// The time the wire paces by. sleepUntil returns at `when` or later; the wire calls it in slices
// of at most 50 ms, checking for a stop request between them. Called on the wire's thread only.
class WireClock {
 public:
  using time_point = std::chrono::steady_clock::time_point;
  virtual ~WireClock() = default;
  virtual time_point now() const = 0;
  virtual void sleepUntil(time_point when) = 0;
};

// std::chrono::steady_clock, and std::this_thread::sleep_until.
WireClock& steadyWireClock();

class SerialWire {
 public:
  using Clock = std::chrono::steady_clock;

  // Opens and configures `path`; on failure `error` names the path and the reason. `clock` must
  // outlive the wire.
  SerialWire(const std::string& path, uint32_t baud, std::string& error, WireClock& clock = steadyWireClock());
  ~SerialWire();
  SerialWire(const SerialWire&) = delete;
  SerialWire& operator=(const SerialWire&) = delete;

  std::string ttyName() const;                 // e.g. /dev/pts/3
  uint8_t readByte();                          // paced; throws SessionEnd
  void write(std::span<const uint8_t> bytes);  // paced; throws SessionEnd
  void writeByte(uint8_t byte) { write(std::span<const uint8_t>(&byte, 1)); }
  // Busy time of the board (flash erase/programming); interrupted by a stop request.
  void sleepFor(std::chrono::microseconds duration);
  // Reads and drops everything until the run ends (a hung board).
  [[noreturn]] void discardForever();
  void close();

 private:
  struct Received {
    uint8_t byte;
    Clock::time_point arrival;
  };
  void fill();  // waits for bytes; throws SessionEnd
  void sleepUntil(Clock::time_point when);

  WireClock& clock_;
  int fd_ = -1;
  std::chrono::nanoseconds byte_time_{0};
  std::deque<Received> received_;
  Clock::time_point rx_clock_{}, tx_clock_{};
  Clock::time_point board_clock_{};  // wire time the board's processing has reached
};

}  // namespace navigator::flash_emu
