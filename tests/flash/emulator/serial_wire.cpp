#include "serial_wire.h"

#include <fcntl.h>
#include <poll.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <thread>

namespace navigator::flash_emu {

namespace {

volatile std::sig_atomic_t g_stop_signal = 0;

void onStopSignal(int signal_number) { requestStop(signal_number); }

void throwIfStopRequested() {
  if (const int signal_number = g_stop_signal; signal_number != 0)
    throw SessionEnd{0, std::string("signal ") + (signal_number == SIGTERM  ? "SIGTERM"
                                                  : signal_number == SIGINT ? "SIGINT"
                                                                            : std::to_string(signal_number))};
}

}  // namespace

void requestStop(int signal_number) { g_stop_signal = signal_number; }

WireClock& steadyWireClock() {
  class Steady final : public WireClock {
   public:
    time_point now() const override { return std::chrono::steady_clock::now(); }
    void sleepUntil(time_point when) override { std::this_thread::sleep_until(when); }
  };
  static Steady clock;
  return clock;
}

void installStopHandlers() {
  struct sigaction action {};
  action.sa_handler = onStopSignal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: poll() returns EINTR at once
  sigaction(SIGTERM, &action, nullptr);
  sigaction(SIGINT, &action, nullptr);
  std::signal(SIGPIPE, SIG_IGN);
}

SerialWire::SerialWire(const std::string& path, uint32_t baud, std::string& error, WireClock& clock) : clock_(clock) {
  fd_ = ::open(path.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (fd_ < 0) {
    error = "--port " + path + ": cannot open: " + std::strerror(errno);
    return;
  }
  termios tio{};
  if (tcgetattr(fd_, &tio) != 0) {
    error = "--port " + path + ": not a terminal: " + std::strerror(errno);
    close();
    return;
  }
  cfmakeraw(&tio);
  tio.c_cflag |= CLOCAL | CREAD;
  tio.c_cflag &= ~static_cast<tcflag_t>(PARENB | CSTOPB);  // ptys refuse parity (EINVAL)
  tio.c_cc[VMIN] = 1;
  tio.c_cc[VTIME] = 0;
  if (tcsetattr(fd_, TCSANOW, &tio) != 0) {
    error = "--port " + path + ": cannot set raw mode: " + std::strerror(errno);
    close();
    return;
  }
  tcflush(fd_, TCIOFLUSH);
  if (baud > 0) byte_time_ = std::chrono::nanoseconds(11'000'000'000LL / baud);
}

SerialWire::~SerialWire() { close(); }

void SerialWire::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

std::string SerialWire::ttyName() const {
  const char* name = fd_ >= 0 ? ::ttyname(fd_) : nullptr;
  return name ? name : "?";
}

void SerialWire::fill() {
  while (received_.empty()) {
    throwIfStopRequested();
    if (fd_ < 0) throw SessionEnd{0, "port closed"};
    pollfd p{fd_, POLLIN, 0};
    const int ready = ::poll(&p, 1, 50);
    if (ready < 0 && errno != EINTR) throw SessionEnd{1, std::string("poll: ") + std::strerror(errno)};
    if (ready <= 0) continue;
    uint8_t buffer[512];
    const ssize_t n = ::read(fd_, buffer, sizeof buffer);
    if (n == 0 || (n < 0 && errno == EIO)) throw SessionEnd{0, "peer gone"};
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      throw SessionEnd{1, std::string("read: ") + std::strerror(errno)};
    }
    const Clock::time_point now = clock_.now();
    for (ssize_t i = 0; i < n; ++i) received_.push_back({buffer[i], now});
  }
}

uint8_t SerialWire::readByte() {
  fill();
  const Received r = received_.front();
  received_.pop_front();
  if (byte_time_.count() > 0) {
    rx_clock_ = std::max(rx_clock_, r.arrival) + byte_time_;
    board_clock_ = std::max(board_clock_, rx_clock_);
    sleepUntil(rx_clock_);
  }
  return r.byte;
}

void SerialWire::write(std::span<const uint8_t> bytes) {
  throwIfStopRequested();
  if (fd_ < 0) throw SessionEnd{0, "port closed"};
  auto put = [&](const uint8_t* data, size_t length) {
    while (length > 0) {
      const ssize_t n = ::write(fd_, data, length);
      if (n < 0 && errno == EINTR) {
        throwIfStopRequested();
        continue;
      }
      if (n < 0) {
        if (errno == EIO) throw SessionEnd{0, "peer gone"};
        throw SessionEnd{1, std::string("write: ") + std::strerror(errno)};
      }
      data += n;
      length -= static_cast<size_t>(n);
    }
  };
  if (byte_time_.count() == 0) {
    put(bytes.data(), bytes.size());
    return;
  }
  // The burst starts when both the wire and the board are free, in wire time (not when this
  // process got round to it); byte i is complete start + (i + 1) x byte time; everything due is
  // handed over at once, so late wake-ups do not add up.
  const Clock::time_point start = std::max(tx_clock_, board_clock_);
  const size_t count = bytes.size();
  size_t sent = 0;
  while (sent < count) {
    const auto due = std::min<size_t>(count, static_cast<size_t>((clock_.now() - start) / byte_time_));
    if (due <= sent) {
      sleepUntil(start + byte_time_ * static_cast<int64_t>(sent + 1));
      continue;
    }
    put(bytes.data() + sent, due - sent);
    sent = due;
  }
  tx_clock_ = start + byte_time_ * static_cast<int64_t>(count);
  board_clock_ = tx_clock_;  // the ROM bootloader sends with the CPU waiting on the USART
}

void SerialWire::sleepFor(std::chrono::microseconds duration) {
  if (byte_time_.count() == 0) return sleepUntil(clock_.now() + duration);
  board_clock_ += duration;  // a busy period always follows a received command
  sleepUntil(board_clock_);
}

void SerialWire::sleepUntil(Clock::time_point when) {
  constexpr auto kSlice = std::chrono::milliseconds(50);
  while (true) {
    throwIfStopRequested();
    const Clock::time_point now = clock_.now();
    if (now >= when) return;
    clock_.sleepUntil(std::min(when, now + kSlice));
  }
}

void SerialWire::discardForever() {
  while (true) {
    fill();
    received_.clear();
  }
}

}  // namespace navigator::flash_emu
