// libFuzzer target for the byte stream a board sends the ground station over its serial link
// (or a simulator over UDP): the transport hands what arrives to MavlinkConnection::feedBytes,
// whose frames VehicleLink (heartbeats, telemetry, STATUSTEXT, command answers) and its
// ParamClient (PARAM_VALUE) act on — app/link, the real Qt objects, on a clock the harness
// drives (ManualTickClock).
//
// Input layout: byte 0 says how the rest is cut into reads (bits 0–5: the largest read, 1–64
// bytes; bit 6: the clock moves on 0–255 ms after each read, by the read's first byte; bit 7:
// the station asks to arm, to list the parameters and to set RATE_RP_P before the stream
// starts, so the answers in the stream meet a pending command and a parameter download).
//
// Checks, each a __builtin_trap() when it fails:
//  - every signal's values are finite (attitude, IMU, battery): a NaN from a board is dropped
//    and counted, never passed to the plots;
//  - STATUSTEXT reaches the log as at most 50 characters with no control characters;
//  - the link statistics agree with the parser's (frames delivered = frames counted);
//  - a command ends at most once per request, and the parameter count never goes negative.
#include "app/clock/tick_clock.h"
#include "app/link/mavlink_connection.h"
#include "app/link/vehicle_link.h"
#include "tests/fuzz/fuzz_support.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace {

using namespace navigator;

template <std::size_t N>
bool allFinite(const std::array<float, N>& values) {
  return std::all_of(values.begin(), values.end(), [](float v) { return std::isfinite(v); });
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
  static QCoreApplication app(*argc, *argv);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const int largest_read = 1 + (data[0] & 63);
  const bool clock_moves = data[0] & 64;
  const bool station_asks = data[0] & 128;

  MavlinkConnection connection;
  LinkTimings timings;
  VehicleLink link(&connection, timings);
  ManualTickClock clock;
  link.setClock(&clock);
  std::uint32_t frames_seen = 0;
  int commands_finished = 0;
  QObject::connect(&connection, &MavlinkConnection::frameReceived, [&](const mavlink_frame_t&) { ++frames_seen; });
  QObject::connect(&link, &VehicleLink::attitudeUpdated, [](const AttitudeSample& a) {
    CHECK(allFinite(a.q_WB_wxyz) && allFinite(a.rate_B_radps));
    CHECK(std::isfinite(a.roll_rad) && std::isfinite(a.pitch_rad) && std::isfinite(a.yaw_rad));
  });
  QObject::connect(&link, &VehicleLink::imuUpdated, [](const ImuSample& imu) {
    CHECK(allFinite(imu.accel_mps2) && allFinite(imu.gyro_radps) && allFinite(imu.mag_gauss));
    CHECK(std::isfinite(imu.pressure_alt_m));
  });
  QObject::connect(&link, &VehicleLink::sysStatusUpdated, [](const SysStatusSample& s) {
    CHECK(std::isfinite(s.voltage_V) && std::isfinite(s.current_A) && std::isfinite(s.load_pct));
  });
  QObject::connect(&link, &VehicleLink::statusText, [](int, const QString& text) {
    CHECK(text.size() <= StatusTextAssembler::kMaxBytes + 1);  // chunks joined, cut with "…"
    for (const QChar c : text) CHECK(c.unicode() >= 0x20 && c.unicode() != 0x7f);
  });
  QObject::connect(&link, &VehicleLink::commandFinished, [&](const CommandResult&) { ++commands_finished; });

  int commands_asked = 0;
  if (station_asks) {
    link.arm();
    ++commands_asked;
    link.params()->requestAll();
    link.params()->setParam(QStringLiteral("RATE_RP_P"), 0.12);
  }
  std::size_t offset = 1;
  while (offset < size) {
    const std::size_t n = std::min<std::size_t>(std::size_t(largest_read), size - offset);
    connection.feedBytes(QByteArray(reinterpret_cast<const char*>(data + offset), qsizetype(n)));
    if (clock_moves) clock.advance(data[offset]);
    offset += n;
  }
  clock.advance(10'000);  // every timeout runs out: retries, give-ups, link lost
  CHECK(frames_seen == connection.stats().frames_in);
  CHECK(commands_finished <= commands_asked + int(frames_seen));
  CHECK(link.params()->count() >= 0);
  return 0;
}
