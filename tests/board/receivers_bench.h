// The bench of test_board_receivers_qemu (board_receivers_qemu_test.cpp): the image on QEMU with
// a u-blox receiver model on USART3's socket, a CRSF receiver model on USART6's, and HIL_SENSOR in
// lockstep on USART1, all pumped from one loop; what the board sends back is kept for the checks.
#pragma once

#include "firmware/chips/crsf_model.h"
#include "firmware/chips/ublox_model.h"
#include "firmware/drivers/rc_input.h"
#include "firmware/drivers/ublox_parser.h"
#include "firmware/mavlink/mavlink_codec.h"
#include "firmware/protocol/vayu_protocol.h"
#include "tests/board/qemu_board.h"
#include "tests/support/fd_mavlink.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <optional>
#include <poll.h>
#include <string>
#include <vector>

namespace navigator::board_test::receivers {

using namespace navigator::board_test;
using Clock = std::chrono::steady_clock;

constexpr std::uint64_t kHilStepUs = 4000;  // sensor time per HIL_SENSOR (as test_board_hil_hover)

inline int connectUnix(const std::string& path) {
  for (int attempt = 0; attempt < 50; ++attempt) {
    const int s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::snprintf(address.sun_path, sizeof address.sun_path, "%s", path.c_str());
    if (s >= 0 && connect(s, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) {
      fcntl(s, F_SETFL, fcntl(s, F_GETFL) | O_NONBLOCK);
      return s;
    }
    if (s >= 0) close(s);
    usleep(100000);
  }
  return -1;
}

inline bool writeAll(int fd, const std::uint8_t* data, std::size_t n) {
  for (std::size_t done = 0; done < n;) {
    const ssize_t w = write(fd, data + done, n - done);
    if (w > 0)
      done += std::size_t(w);
    else if (w < 0 && errno != EAGAIN)
      return false;
    else {
      pollfd writable{fd, POLLOUT, 0};
      poll(&writable, 1, 100);  // until the socket takes more
    }
  }
  return true;
}

// NAV-PVT's fields at their offsets in UBX-13003221's UBX-NAV-PVT (little-endian).
struct NavPvt {
  std::uint32_t itow_ms = 0, h_acc_mm = 0, v_acc_mm = 0, s_acc_mmps = 0;
  std::uint8_t fix_type = 0, flags = 0, num_sv = 0;
  std::int32_t lon_e7 = 0, lat_e7 = 0, height_mm = 0, hmsl_mm = 0, gspeed_mmps = 0, head_mot_e5 = 0;
};

inline NavPvt decodeNavPvt(const std::uint8_t* p) {
  auto u32 = [p](int at) {
    return std::uint32_t(p[at] | p[at + 1] << 8 | p[at + 2] << 16 | std::uint32_t(p[at + 3]) << 24);
  };
  auto i32 = [&](int at) { return std::int32_t(u32(at)); };
  NavPvt n;
  n.itow_ms = u32(0);
  n.fix_type = p[20];
  n.flags = p[21];
  n.num_sv = p[23];
  n.lon_e7 = i32(24);
  n.lat_e7 = i32(28);
  n.height_mm = i32(32);
  n.hmsl_mm = i32(36);
  n.h_acc_mm = u32(40);
  n.v_acc_mm = u32(44);
  n.gspeed_mmps = i32(60);
  n.head_mot_e5 = i32(64);
  n.s_acc_mmps = u32(68);
  return n;
}

struct Bench {
  Bench(int link_fd, int gps, int rc) : link(link_fd, 255, 190), gps_fd(gps), rc_fd(rc) {
    ublox_model_init(&gps_chip);
    crsf_model_init(&rc_chip);
    ublox_parser_init(&sent_parser);
    last = Clock::now();
  }
  navigator::test::FdMavlink link;
  int gps_fd, rc_fd;
  int monitor = -1;  // QEMU's monitor, held open: USART3's BRR read through it
  std::string monitor_text;
  std::uint32_t board_gps_baud = 0;  // the rate the board's USART3 is set to
  Clock::time_point next_baud_poll;
  ublox_model_t gps_chip;
  crsf_model_t rc_chip;
  ublox_parser_t sent_parser;  // what the test sent as the receiver, read back
  std::optional<NavPvt> sent_pvt;
  std::uint64_t model_us = 0;
  Clock::time_point last;
  // HIL lockstep: the time of the frame sent, and of the last one answered.
  std::uint64_t hil_us = 0, answered_us = 0;
  bool awaiting = false;
  Clock::time_point hil_sent_at;
  // What came back.
  std::optional<mavlink_gps_raw_int_t> gps_raw;
  std::optional<mavlink_rc_channels_t> rc_channels;
  std::optional<mavlink_sys_status_t> sys_status;
  std::vector<std::pair<std::string, std::uint64_t>> texts;  // whole texts, and the sensor time then
  std::string chunk;
  bool failed_io = false;
  std::string io_problem;            // what failed, when failed_io
  bool ioFailed(const char* what) {  // notes the first failure; false, for `return ioFailed(…)`
    if (!failed_io) io_problem = what;
    return false;
  }

  void pumpGps();
  bool pollGpsBaud();
  void pumpRc();
  void pumpHil();
  void onFrame(const mavlink_frame_t& f);
  bool runUntil(double limit_s, const std::function<bool()>& done);
  bool textSince(std::size_t from, const std::string& prefix, std::string* found = nullptr) const;
  std::string textsSince(std::size_t from) const;
};

inline void onSentFrame(void* context, const ublox_frame_t* frame) {
  auto* b = static_cast<Bench*>(context);
  if (frame->message_class == UBLOX_CLASS_NAV && frame->message_id == UBLOX_ID_NAV_PVT &&
      frame->length == UBLOX_NAV_PVT_LENGTH)
    b->sent_pvt = decodeNavPvt(frame->payload);
}

// USART3's BRR through QEMU's monitor ("xp /1wx 0x40004808", RM0090 30.6.3): the board's rate
// is f_APB1 / BRR (42 MHz in the image's emulated clock tree), taken as the standard rate within
// 2.5 % of it (a BRR rounds: 42 MHz / 365 = 115068 baud, 0.1 % below 115200). The monitor answers
// in milliseconds on a quiet machine; beside a build or other QEMUs it has taken over 500 ms, so
// it gets 10 s before the bench gives up (the bench's clock waits with it: it advances at most
// 20 ms per round).
inline bool Bench::pollGpsBaud() {
  static const char command[] = "xp /1wx 0x40004808\n";
  if (write(monitor, command, sizeof command - 1) != ssize_t(sizeof command - 1))
    return ioFailed("cannot write to QEMU's monitor");
  const auto deadline = Clock::now() + std::chrono::seconds(10);
  while (Clock::now() < deadline) {
    pollfd p{monitor, POLLIN, 0};
    if (poll(&p, 1, 20) > 0) {
      char buffer[512];
      const ssize_t n = read(monitor, buffer, sizeof buffer);
      if (n <= 0) return ioFailed("QEMU's monitor closed");
      monitor_text.append(buffer, std::size_t(n));
    }
    const std::size_t at = monitor_text.rfind("40004808: 0x");
    if (at == std::string::npos || monitor_text.find('\n', at) == std::string::npos) continue;
    const unsigned long brr = std::strtoul(monitor_text.c_str() + at + 12, nullptr, 16);
    monitor_text.clear();
    if (brr == 0) return ioFailed("QEMU's monitor read USART3's BRR as 0");
    const double baud = 42e6 / double(brr);
    for (std::uint32_t standard : {4800u, 9600u, 19200u, 38400u, 57600u, 115200u, 230400u, 460800u, 921600u})
      if (std::fabs(baud / standard - 1.0) < 0.025) board_gps_baud = standard;
    return true;
  }
  return ioFailed("QEMU's monitor did not answer within 10 s");
}

// The receiver's wire at the two ends' rates: what the board wrote reaches the model tagged with
// the board's rate (garbled there when it is not the receiver's), and the model's bytes are read at
// the board's rate (garbled when they were sent at another): the model's own line (ublox_model.h).
// The board's rate is read from its BRR when bytes come and every 10 ms.
inline void Bench::pumpGps() {
  std::uint8_t in[512];
  const ssize_t n = read(gps_fd, in, sizeof in);
  if (n > 0 || Clock::now() >= next_baud_poll) {
    failed_io = failed_io || !pollGpsBaud();
    next_baud_poll = Clock::now() + std::chrono::milliseconds(10);
  }
  gps_chip.host_baud = board_gps_baud;
  if (n > 0) ublox_model_write(&gps_chip, in, std::size_t(n));
  std::uint8_t out[1024];
  const std::size_t k = ublox_model_read(&gps_chip, out, sizeof out);
  if (k == 0) return;
  ublox_parser_feed(&sent_parser, out, k, onSentFrame, this);
  if (!writeAll(gps_fd, out, k)) failed_io = !ioFailed("cannot write to the GPS pty");
}

inline void Bench::pumpRc() {
  std::uint8_t sink[256];
  while (read(rc_fd, sink, sizeof sink) > 0) {  // telemetry from the board: none expected, drained
  }
  crsf_model_advance(&rc_chip, model_us);
  std::uint8_t out[1024];
  const std::size_t n = crsf_model_read(&rc_chip, out, sizeof out);
  if (n > 0 && !writeAll(rc_fd, out, n)) failed_io = !ioFailed("cannot write to the radio receiver's pty");
}

// One HIL_SENSOR when the last was answered (or 100 ms passed), sensor time never ahead of the
// bench's clock: at rest, level, 1 g up.
inline void Bench::pumpHil() {
  if (awaiting && Clock::now() - hil_sent_at < std::chrono::milliseconds(100)) return;
  if (hil_us + kHilStepUs > model_us) return;
  hil_us += kHilStepUs;
  mavlink_hil_sensor_t s{};
  s.time_usec = hil_us;
  s.zacc = -9.80665f;
  s.xmag = 0.21f;
  s.zmag = 0.43f;
  s.abs_pressure = 1013.25f;
  s.pressure_alt = 0.0f;
  s.temperature = 20.0f;
  s.fields_updated = 0x1FFFu;  // accel, gyro, mag, pressure, altitude, temperature (HIL_SENSOR_UPDATED_*)
  if (!link.send(MAVLINK_MSG_ID_HIL_SENSOR, &s)) failed_io = !ioFailed("cannot send HIL_SENSOR on USART1");
  awaiting = true;
  hil_sent_at = Clock::now();
}

inline void Bench::onFrame(const mavlink_frame_t& f) {
  mavlink_hil_actuator_controls_t a;
  mavlink_gps_raw_int_t g;
  mavlink_rc_channels_t r;
  mavlink_statustext_t t;
  mavlink_sys_status_t st;
  if (f.msgid == MAVLINK_MSG_ID_SYS_STATUS && mavlink_sys_status_decode(&f, &st)) sys_status = st;
  if (f.msgid == MAVLINK_MSG_ID_HIL_ACTUATOR_CONTROLS && mavlink_hil_actuator_controls_decode(&f, &a)) {
    answered_us = a.time_usec;
    if (a.time_usec == hil_us) awaiting = false;
  } else if (f.msgid == MAVLINK_MSG_ID_GPS_RAW_INT && mavlink_gps_raw_int_decode(&f, &g)) {
    gps_raw = g;
  } else if (f.msgid == MAVLINK_MSG_ID_RC_CHANNELS && mavlink_rc_channels_decode(&f, &r)) {
    rc_channels = r;
  } else if (f.msgid == MAVLINK_MSG_ID_STATUSTEXT && mavlink_statustext_decode(&f, &t)) {
    const std::size_t n = strnlen(t.text, sizeof t.text);
    chunk.append(t.text, n);
    // common.xml: a longer text goes in chunks of 50 sharing a non-zero id, the last shorter
    if (t.id != 0 && n == sizeof t.text) return;
    texts.emplace_back(chunk, answered_us);
    std::printf("  STATUSTEXT at sensor time %.3f s: %s\n", double(answered_us) * 1e-6, chunk.c_str());
    chunk.clear();
  }
}

// The bench's clock (the models') advances with the host's, as QEMU's board clock does. A check
// waits `limit_s` of the board's own time (the HIL sensor time it has answered: what its
// once-a-second reports and its timeouts count), so a loaded host, on which QEMU runs the board
// slower than real time, makes a check take longer, never fail; the host's clock only guards
// against a board that stopped answering (60 s plus ten times the limit).
inline bool Bench::runUntil(double limit_s, const std::function<bool()>& done) {
  const std::uint64_t until_us = answered_us + std::uint64_t(limit_s * 1e6);
  const auto guard = Clock::now() + std::chrono::duration<double>(60.0 + 10.0 * limit_s);
  while (answered_us < until_us && !failed_io) {
    if (Clock::now() >= guard) {
      std::printf("  the board's time stood at %.3f s, short of %.3f s, when the host's guard ran out\n",
                  double(answered_us) * 1e-6, double(until_us) * 1e-6);
      return false;
    }
    const auto now = Clock::now();
    const auto dt_us = std::chrono::duration_cast<std::chrono::microseconds>(now - last).count();
    last = now;
    const std::uint64_t step_us = std::uint64_t(std::min<long long>(dt_us, 20000));
    model_us += step_us;
    ublox_model_advance_us(&gps_chip, step_us);
    pumpGps();
    pumpRc();
    pumpHil();
    link.readOnce(1, [this](const mavlink_frame_t& f) {
      onFrame(f);
      return false;
    });
    if (done()) return true;
  }
  if (failed_io) std::printf("  the bench stopped: %s\n", io_problem.c_str());
  return false;
}

inline bool Bench::textSince(std::size_t from, const std::string& prefix, std::string* found) const {
  for (std::size_t i = from; i < texts.size(); ++i) {
    if (texts[i].first.compare(0, prefix.size(), prefix) != 0) continue;
    if (found) *found = texts[i].first;
    return true;
  }
  return false;
}

inline std::string Bench::textsSince(std::size_t from) const {
  std::string all;
  for (std::size_t i = from; i < texts.size(); ++i) all += "'" + texts[i].first + "' ";
  return all;
}

}  // namespace navigator::board_test::receivers
