// InProcessBoard: the emulator's own bootloader (Bootloader on a SerialWire, as
// stm32_bootloader_emulator runs them) on a thread of the test, on a pseudo-terminal the test
// opens itself, with the wire's time on a clock the test drives (DrivenWireClock): a sleep of the
// wire returns at once and moves the clock to the sleep's end. Everything the host sends is
// queued in the terminal before the board reads its first byte, so it all arrives at the clock's
// start (0), and elapsed() is exactly the wire time at which the board sent its last byte:
//
//   InProcessBoard board(115200, FlashTiming::None);
//   QVERIFY2(board.error().empty(), board.error().c_str());
//   QVERIFY(board.start(requests));          // queued, then the board's thread starts
//   const QByteArray replies = board.receive(n);
//   QCOMPARE(board.elapsed(), ...);
//
// Real time enters only as bounds on waits that would otherwise hang (2 s, 5 s), never in a
// verdict. The destructor closes the host end; the board's thread ends ("peer gone") and is joined.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <QByteArray>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <optional>
#include <string>
#include <thread>

#include "bootloader_faults.h"
#include "bootloader_protocol.h"
#include "serial_wire.h"
#include "stm32f405_memory.h"

namespace navigator::test {

// A WireClock at 0 until the wire sleeps; each sleep moves it to the sleep's end at once. Written
// by the board's thread, read by the test's.
class DrivenWireClock final : public flash_emu::WireClock {
 public:
  time_point now() const override { return time_point(std::chrono::nanoseconds(ns_.load())); }
  void sleepUntil(time_point when) override {
    const auto target = std::chrono::duration_cast<std::chrono::nanoseconds>(when.time_since_epoch()).count();
    if (target > ns_.load()) ns_.store(target);
  }

 private:
  std::atomic<std::int64_t> ns_{0};
};

class InProcessBoard {
 public:
  InProcessBoard(uint32_t baud, flash_emu::FlashTiming timing) {
    host_ = ::posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (host_ < 0 || ::grantpt(host_) != 0 || ::unlockpt(host_) != 0 || ::ptsname(host_) == nullptr) {
      error_ = "posix_openpt: no pseudo-terminal";
      return;
    }
    board_path_ = ::ptsname(host_);
    wire_.emplace(board_path_, baud, error_, clock_);  // raw mode, and the terminal flushed
    if (error_.empty()) bootloader_.emplace(*wire_, memory_, faults_, uint16_t{0x0413}, timing);
  }
  ~InProcessBoard() {
    if (host_ >= 0) ::close(host_);
    if (thread_.joinable()) thread_.join();
  }
  InProcessBoard(const InProcessBoard&) = delete;
  InProcessBoard& operator=(const InProcessBoard&) = delete;

  const std::string& error() const { return error_; }

  // Queues `bytes` for the board, waits until its end of the terminal holds them all, then starts
  // the board. False when they were not all there within 2 s.
  bool start(const QByteArray& bytes) {
    if (!bootloader_ || ::write(host_, bytes.constData(), size_t(bytes.size())) != bytes.size()) return false;
    const int probe = ::open(board_path_.c_str(), O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    int queued = 0;
    for (int i = 0; i < 200 && queued < bytes.size(); ++i) {
      if (probe < 0 || ::ioctl(probe, FIONREAD, &queued) != 0) break;
      if (queued < bytes.size()) ::usleep(10'000);
    }
    if (probe >= 0) ::close(probe);
    if (queued != bytes.size()) return false;
    thread_ = std::thread([this] {
      try {
        bootloader_->run();
      } catch (const flash_emu::SessionEnd&) {
      }
    });
    return true;
  }

  // Up to `count` bytes the board sent, fewer if 5 s of real time pass first.
  QByteArray receive(qsizetype count) {
    QByteArray out;
    while (out.size() < count) {
      pollfd p{host_, POLLIN, 0};
      if (::poll(&p, 1, 5000) <= 0) break;
      char buffer[512];
      const ssize_t n = ::read(host_, buffer, std::min<size_t>(sizeof buffer, size_t(count - out.size())));
      if (n <= 0) break;
      out.append(buffer, n);
    }
    return out;
  }

  // The wire time the board has reached: when its last byte was sent, once it waits for more.
  std::chrono::nanoseconds elapsed() const { return clock_.now().time_since_epoch(); }

 private:
  std::string error_, board_path_;
  int host_ = -1;
  DrivenWireClock clock_;
  flash_emu::Stm32F405Memory memory_;
  flash_emu::FaultPlan faults_;
  std::optional<flash_emu::SerialWire> wire_;
  std::optional<flash_emu::Bootloader> bootloader_;
  std::thread thread_;
};

}  // namespace navigator::test
