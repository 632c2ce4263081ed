// The board image's own receivers on QEMU 7.2's netduinoplus2: the test plays a u-blox M8 GNSS
// receiver (firmware/chips/ublox_model, factory-fresh at 9600 baud with NMEA) on USART3 and a CRSF
// radio receiver (firmware/chips/crsf_model, 420000 baud) on USART6, each on a unix socket QEMU
// serves, while it feeds HIL_SENSOR over USART1 in lockstep as the station's simulator does (a
// vehicle at rest and level, 4 ms of sensor time per exchange). What must come back:
//   - the u-blox driver finds the receiver at 9600 by its baud search (its first CFG-PRT, at
//     115200, arrives garbled) and configures it (CFG-PRT to 115200 baud, NAV-PVT every 100 ms:
//     the model's own state says so) and GPS_RAW_INT carries exactly the model's NAV-PVT
//     (position, heights, ground speed, course, satellites, accuracies: UBX-13003221's NAV-PVT
//     fields, decoded here from the bytes the test sent);
//   - RC_CHANNELS carries exactly the CRSF channels (rc_input.h: us = 1500 + (v - 992) * 5 / 8),
//     and the core takes the receiver as its pilot input ("Pilot input: radio receiver");
//   - CRSF frames with a bad CRC, then frames cut short: said (the driver's health message), and
//     the channels still right after them; u-blox frames with a bad checksum: said; a receiver
//     without a fix: said, and GPS_RAW_INT's fix_type 1 (no fix);
//   - the board's own BMX160 and BMP388 (SPI2) and battery ADC: QEMU has no chips there, so each
//     is said not answering (the ADC: read failed), SYS_STATUS has them present and unhealthy,
//     and the sensors keep coming from HIL_SENSOR;
//   - the radio receiver goes silent while armed: the core's pilot-loss failsafe ("Failsafe: no
//     pilot input, levelling and descending") FS_TIMEOUT_S (0.5 s by default, fc_params.h) of
//     sensor time after the silence began.
// QEMU's USART takes any BRR and moves bytes without the line's timing, so the baud is not
// emulated there. The test models the GPS wire itself: it reads USART3's BRR through QEMU's
// monitor and hands bytes between the board and the receiver model at the two ends' rates, so
// bytes at the wrong rate arrive garbled (ublox_model.h) and the driver's baud search is real. The
// CRSF receiver's wire is taken as right (its rate is fixed at 420000); a wrong baud there and
// the line's timing are proven on the host only (uart_line, crsf and ublox tests).
// Exit 0 pass, 1 fail (also without qemu-system-arm or the image: neither is optional).
#include "tests/board/receivers_bench.h"

#include <cstdlib>

namespace {

using namespace navigator::board_test;
using namespace navigator::board_test::receivers;

// The receiver's truth: a position near Zurich, 520 m above the ellipsoid with a 48 m geoid
// separation, moving 3 m/s north, 4 m/s west, 0.5 m/s down (5 m/s over ground, course 306.87 deg),
// 14 satellites, accuracies 0.9 m / 1.4 m / 0.2 m/s.
void setTruth(ublox_model_t* m) {
  m->lat_deg = 47.3977419;
  m->lon_deg = 8.5455938;
  m->height_ellipsoid_m = 520.0;
  m->geoid_separation_m = 48.0;
  m->vel_ned_mps[0] = 3.0;
  m->vel_ned_mps[1] = -4.0;
  m->vel_ned_mps[2] = 0.5;
  m->satellites = 14;
  m->horizontal_accuracy_m = 0.9;
  m->vertical_accuracy_m = 1.4;
  m->speed_accuracy_mps = 0.2;
}

// GPS_RAW_INT against the NAV-PVT the test sent, field by field in common.xml's units: lat/lon
// degE7 as sent, alt and alt_ellipsoid mm (hMSL, height), vel cm/s (gSpeed mm/s / 10), cog cdeg
// (headMot 1e-5 deg / 1000), h_acc/v_acc mm, vel_acc mm/s; fix_type 3 for a 3-D fix with gnssFixOK.
int compareGps(const mavlink_gps_raw_int_t& g, const NavPvt& p) {
  std::printf(
      "GPS_RAW_INT: lat %d lon %d alt %d mm (ellipsoid %d) vel %u cm/s cog %u cdeg fix %u sats %u; "
      "NAV-PVT: lat %d lon %d hMSL %d height %d gSpeed %d mm/s headMot %d fix %u numSV %u\n",
      g.lat, g.lon, g.alt, g.alt_ellipsoid, g.vel, g.cog, g.fix_type, g.satellites_visible, p.lat_e7, p.lon_e7,
      p.hmsl_mm, p.height_mm, p.gspeed_mmps, p.head_mot_e5, p.fix_type, p.num_sv);
  if (g.lat != p.lat_e7 || g.lon != p.lon_e7) return fail("GPS_RAW_INT's position is not NAV-PVT's");
  if (g.alt != p.hmsl_mm || g.alt_ellipsoid != p.height_mm) return fail("GPS_RAW_INT's heights are not NAV-PVT's");
  if (long(g.vel) != std::lround(p.gspeed_mmps / 10.0)) return fail("GPS_RAW_INT's ground speed is not NAV-PVT's");
  if (long(g.cog) != std::lround(p.head_mot_e5 / 1000.0) % 36000) return fail("GPS_RAW_INT's course is not NAV-PVT's");
  if (g.satellites_visible != p.num_sv || g.fix_type != 3) return fail("GPS_RAW_INT: not NAV-PVT's 3-D fix");
  if (g.h_acc != p.h_acc_mm || g.v_acc != p.v_acc_mm || g.vel_acc != p.s_acc_mmps)
    return fail("GPS_RAW_INT's accuracies are not NAV-PVT's");
  return 0;
}

// The driver found the factory-fresh receiver and configured it: the model's own state.
int checkGps(Bench& b) {
  const bool got = b.runUntil(20.0, [&] { return b.gps_raw && b.gps_raw->fix_type == 3 && b.sent_pvt; });
  if (!got) return fail("no GPS_RAW_INT with a 3-D fix within 20 s of the board's time; said: " + b.textsSince(0));
  const ublox_model_t& m = b.gps_chip;
  std::printf(
      "receiver: %u baud, NAV-PVT rate %u, every %u ms, dynModel %u, out protocols 0x%x; %u ACK, %u NAK, "
      "%u baud change, %u bytes garbled on the wire, %u NMEA sentences\n",
      unsigned(m.baud), unsigned(m.pvt_rate), unsigned(m.measurement_period_ms), unsigned(m.dyn_model),
      unsigned(m.out_proto), unsigned(m.acks), unsigned(m.naks), unsigned(m.baud_changes), unsigned(m.garbled),
      unsigned(m.nmea_sentences));
  // The driver tries its target first (ublox.h): that CFG-PRT at 115200 meets the receiver at
  // 9600 and arrives garbled; the one at 9600 moves it, once, to 115200.
  if (m.garbled == 0 || m.baud_changes != 1) return fail("the receiver was not found by a baud search from 9600");
  // ublox.h: 115200 baud, UBX out, NAV-PVT each solution every 100 ms, airborne <4g (dynModel 8).
  if (m.baud != 115200 || m.pvt_rate != 1 || m.measurement_period_ms != 100 || m.dyn_model != 8 ||
      m.out_proto != UBLOX_PROTO_UBX)
    return fail("the receiver is not configured as ublox.h says");
  if (const int rc = compareGps(*b.gps_raw, *b.sent_pvt); rc != 0) return rc;
  if (!b.runUntil(5.0,
                  [&] { return b.textSince(0, "u-blox: ok (3-D fix, 14 satellites, 115200 baud, every 100 ms)"); }))
    return fail("the receiver's health not said ok; said: " + b.textsSince(0));
  return 0;
}

// RC_CHANNELS against the CRSF channels (rc_value_to_us of the 11-bit values on the wire), 16 of
// them (chan17/18 UINT16_MAX: unused), rssi 254 for the model's uplink LQ 100 %.
int compareChannels(const Bench& b, const char* when) {
  const mavlink_rc_channels_t& r = *b.rc_channels;
  const std::uint16_t got[18] = {r.chan1_raw,  r.chan2_raw,  r.chan3_raw,  r.chan4_raw,  r.chan5_raw,  r.chan6_raw,
                                 r.chan7_raw,  r.chan8_raw,  r.chan9_raw,  r.chan10_raw, r.chan11_raw, r.chan12_raw,
                                 r.chan13_raw, r.chan14_raw, r.chan15_raw, r.chan16_raw, r.chan17_raw, r.chan18_raw};
  std::string line;
  for (int i = 0; i < RC_PACKED_CHANNELS; ++i) {
    const std::uint16_t want = rc_value_to_us(b.rc_chip.channels[i]);
    line += std::to_string(got[i]) + (got[i] == want ? " " : "(want " + std::to_string(want) + ") ");
    if (got[i] != want) return fail(std::string(when) + ": RC_CHANNELS not the CRSF channels: " + line);
  }
  std::printf("%s: RC_CHANNELS %s(count %u, rssi %u)\n", when, line.c_str(), unsigned(r.chancount), unsigned(r.rssi));
  if (r.chancount != 16 || r.chan17_raw != UINT16_MAX || r.chan18_raw != UINT16_MAX || r.rssi != 254)
    return fail(std::string(when) + ": RC_CHANNELS' count, unused channels or rssi wrong");
  return 0;
}

int checkRadio(Bench& b) {
  const bool got = b.runUntil(
      10.0, [&] { return b.rc_channels && b.rc_channels->chan1_raw == rc_value_to_us(b.rc_chip.channels[0]); });
  if (!got) return fail("no RC_CHANNELS with the CRSF channels within 10 s of the board's time");
  if (const int rc = compareChannels(b, "receiver"); rc != 0) return rc;
  if (!b.runUntil(5.0, [&] { return b.textSince(0, "Pilot input: radio receiver") && b.textSince(0, "CRSF: ok"); }))
    return fail("the receiver not taken as pilot input or not said ok; said: " + b.textsSince(0));
  return 0;
}

// The board's own chips: QEMU has nothing on SPI2 (every byte reads 0x00) and its ADC never ends
// a conversion, so each is said by its driver's message with the source that stays, SYS_STATUS
// (common.xml's MAV_SYS_STATUS_SENSOR bits) has them present and not healthy, and the flight
// above went on HIL_SENSOR. The receiver, taken and fresh, is healthy there.
int checkOwnChips(Bench& b) {
  const char* const said[] = {"Gyro: BMX160: not answering (reads 0x00), HIL_SENSOR in force",
                              "Accelerometer: BMX160: not answering (reads 0x00), HIL_SENSOR in force",
                              "Magnetometer: BMX160: not answering (reads 0x00), HIL_SENSOR in force",
                              "Barometer: BMP388: not answering (reads 0x00), HIL_SENSOR in force",
                              "Battery: ADC read failed (voltage channel 10)"};
  for (const char* text : said)
    if (!b.textSince(0, text)) return fail(std::string("not said: '") + text + "'; said: " + b.textsSince(0));
  b.sys_status.reset();
  if (!b.runUntil(3.0, [&] { return bool(b.sys_status); })) return fail("no SYS_STATUS within 3 s of the board's time");
  const std::uint32_t chips = 0x1u | 0x2u | 0x4u | 0x8u | (1u << 25);  // gyro, accel, mag, pressure, battery
  const std::uint32_t rc = 1u << 16;                                   // MAV_SYS_STATUS_SENSOR_RC_RECEIVER
  const mavlink_sys_status_t& st = *b.sys_status;
  std::printf("SYS_STATUS: present 0x%08x, health 0x%08x\n", unsigned(st.onboard_control_sensors_present),
              unsigned(st.onboard_control_sensors_health));
  if ((st.onboard_control_sensors_present & (chips | rc)) != (chips | rc))
    return fail("SYS_STATUS: the board's chips or the receiver not present");
  if ((st.onboard_control_sensors_health & chips) != 0 || !(st.onboard_control_sensors_health & rc))
    return fail("SYS_STATUS: the chips that do not answer healthy, or the receiver not");
  return 0;
}

// A count before `word` in a health message ("3 bad CRCs, 1 cut frame ...").
long countBefore(const std::string& text, const std::string& word) {
  const std::size_t at = text.find(word);
  if (at == std::string::npos || at < 2) return -1;
  std::size_t start = text.rfind(' ', at - 2);
  start = start == std::string::npos ? 0 : start + 1;
  return std::strtol(text.c_str() + start, nullptr, 10);
}

// CRSF frames with a bad CRC (every 4th), then cut short (every 4th): each said by the driver's
// health message, the good frames between still flown on, nothing crashes (the channels stay right).
int checkRadioFaults(Bench& b) {
  std::string said;
  std::size_t from = b.texts.size();
  b.rc_chip.bad_crc_every = 4;
  if (!b.runUntil(5.0, [&] { return b.textSince(from, "CRSF: ", &said) && countBefore(said, " bad CRC") > 0; }))
    return fail("bad CRCs not said; said: " + b.textsSince(from));
  b.rc_chip.bad_crc_every = 0;
  if (!b.runUntil(5.0, [&] { return b.textSince(from, "CRSF: ok"); }))
    return fail("the receiver not ok again after the bad CRCs; said: " + b.textsSince(from));
  from = b.texts.size();
  b.rc_chip.cut_every = 4;
  if (!b.runUntil(5.0, [&] { return b.textSince(from, "CRSF: ", &said) && countBefore(said, " cut frame") > 0; }))
    return fail("cut frames not said; said: " + b.textsSince(from));
  b.rc_chip.cut_every = 0;
  if (!b.runUntil(5.0, [&] { return b.textSince(from, "CRSF: ok"); }))
    return fail("the receiver not ok again after the cut frames; said: " + b.textsSince(from));
  b.rc_channels.reset();
  if (!b.runUntil(2.0, [&] { return bool(b.rc_channels); })) return fail("no RC_CHANNELS after the faults");
  return compareChannels(b, "after the bad frames");
}

// u-blox frames with a bad checksum (every 3rd): said; then no fix: said, and GPS_RAW_INT no fix.
int checkGpsFaults(Bench& b) {
  std::string said;
  std::size_t from = b.texts.size();
  b.gps_chip.fault = UBLOX_MODEL_FAULT_BAD_CHECKSUM;
  b.gps_chip.fault_every = 3;
  if (!b.runUntil(5.0, [&] { return b.textSince(from, "u-blox: ", &said) && countBefore(said, " bad checksum") > 0; }))
    return fail("the receiver's bad checksums not said; said: " + b.textsSince(from));
  from = b.texts.size();
  b.gps_chip.fault = UBLOX_MODEL_FAULT_NO_FIX;
  if (!b.runUntil(5.0, [&] { return b.textSince(from, "u-blox: no 3-D fix (fixType 0, gnssFixOK 0, 14 satellites)"); }))
    return fail("no fix not said; said: " + b.textsSince(from));
  b.gps_raw.reset();
  // GPS_FIX_TYPE_NO_FIX (1): the receiver is there and says it has no fix.
  if (!b.runUntil(2.0, [&] { return b.gps_raw && b.gps_raw->fix_type == 1 && b.gps_raw->satellites_visible == 14; }))
    return fail("GPS_RAW_INT does not say no fix");
  b.gps_chip.fault = UBLOX_MODEL_FAULT_NONE;
  return 0;
}

// Whether the last CRSF state the board said ("ok", "failsafe", "no receiver") is a loss.
bool receiverLossIsTheLastSaid(const Bench& b) {
  for (std::size_t i = b.texts.size(); i-- > 0;) {
    const std::string& t = b.texts[i].first;
    if (t.rfind("CRSF: ok", 0) == 0) return false;
    if (t.rfind("CRSF: failsafe", 0) == 0 || t.rfind("CRSF: no receiver", 0) == 0) return true;
  }
  return false;
}

// Armed on the receiver's sticks (throttle low), throttle raised to half, then the receiver goes
// silent: the core's failsafe FS_TIMEOUT_S (0.5 s) of sensor time after the last frame. The last
// frame left the model up to one packet period (20 ms at 50 Hz) before the silence, the failsafe is
// judged on 4 ms steps, and the last frame took up to a few exchanges to reach the core: 0.47 s to
// 0.53 s after the silence.
int checkReceiverLoss(Bench& b) {
  const std::size_t from = b.texts.size();
  mavlink_command_long_t arm{};
  arm.command = 400;  // MAV_CMD_COMPONENT_ARM_DISARM
  arm.param1 = 1.0f;
  arm.target_system = 1;
  arm.target_component = 1;
  const bool armed = b.runUntil(10.0, [&] {
    static auto next = Clock::now();
    if (Clock::now() >= next) {
      b.link.send(MAVLINK_MSG_ID_COMMAND_LONG, &arm);
      next = Clock::now() + std::chrono::milliseconds(500);
    }
    return b.textSince(from, "Armed");
  });
  if (!armed) return fail("not armed on the receiver's sticks; said: " + b.textsSince(from));
  crsf_model_set_channel_us(&b.rc_chip, 2, 1500);  // throttle (channel 3) to half
  b.runUntil(0.3, [] { return false; });
  b.rc_chip.silent = true;
  const std::uint64_t silent_at_us = b.hil_us;
  const std::size_t after = b.texts.size();
  if (!b.runUntil(5.0, [&] { return b.textSince(after, "Failsafe: no pilot input, levelling and descending"); }))
    return fail("no failsafe after the receiver went silent; said: " + b.textsSince(after));
  std::uint64_t failsafe_us = 0;
  for (std::size_t i = after; i < b.texts.size(); ++i)
    if (b.texts[i].first.rfind("Failsafe: no pilot input", 0) == 0) failsafe_us = b.texts[i].second;
  const double delay_s = double(failsafe_us - silent_at_us) * 1e-6;
  std::printf("receiver silent at sensor time %.3f s, failsafe at %.3f s: %.3f s later\n", double(silent_at_us) * 1e-6,
              double(failsafe_us) * 1e-6, delay_s);
  if (delay_s < 0.47 || delay_s > 0.53) return fail("the failsafe did not come FS_TIMEOUT_S after the silence");
  // The receiver's state as last said is a loss. It may have been said just before the silence:
  // on a busy host QEMU can starve the UART for 0.25 s, the driver says "failsafe", and its
  // recovery and the loss after it fall within the status texts' one message a second, which
  // says a state only when it differs from the last one said.
  if (!b.runUntil(3.0, [&] { return receiverLossIsTheLastSaid(b); }))
    return fail("the receiver's loss not said; said: " + b.textsSince(from));
  return 0;
}

int runChecks(Bench& b) {
  setTruth(&b.gps_chip);
  // Channels 1-16: roll 1755, pitch 1275, throttle 1000 (low, to arm), yaw 1500, 5-16 1100..2200 us.
  const std::uint16_t channels_us[16] = {1755, 1275, 1000, 1500, 1100, 1200, 1300, 1400,
                                         1600, 1700, 1800, 1900, 2000, 988,  2012, 1234};
  for (int i = 0; i < 16; ++i) crsf_model_set_channel_us(&b.rc_chip, i, channels_us[i]);
  // ExpressLRS's 50 Hz packet rate: QEMU moves a received byte per pass of its main loop, and
  // 250 Hz of CRSF beside the link and the GPS built a backlog of a quarter second there.
  b.rc_chip.packet_rate_hz = 50;
  if (const int rc = checkGps(b); rc != 0) return rc;
  if (const int rc = checkRadio(b); rc != 0) return rc;
  if (const int rc = checkOwnChips(b); rc != 0) return rc;
  if (const int rc = checkRadioFaults(b); rc != 0) return rc;
  if (const int rc = checkGpsFaults(b); rc != 0) return rc;
  return checkReceiverLoss(b);
}

}  // namespace

int main() {
  killQemuOnSignals();
  std::string qemu;
  if (const int missing = checkQemuAndImage(NAVIGATOR_BOARD_IMAGE, &qemu); missing != 0) return missing;
  Qemu q;
  std::string error;
  // -serial in order: USART1 (the pty), USART2, USART3 (the GPS), UART4, UART5, USART6 (the receiver)
  const std::vector<std::string> serials = {
      "-serial", "null", "-serial", "unix:%DIR%/gps,server,nowait", "-serial", "null",
      "-serial", "null", "-serial", "unix:%DIR%/rc,server,nowait"};
  if (!start_qemu(q, qemu, NAVIGATOR_BOARD_IMAGE, error, true, serials)) return fail(error);
  const int gps_fd = connectUnix(q.dir + "/gps"), rc_fd = connectUnix(q.dir + "/rc");
  if (gps_fd < 0 || rc_fd < 0) return fail("cannot connect to QEMU's USART3 and USART6 sockets");
  if (!monitor_command(q, "cont")) return fail("cannot reach QEMU's monitor to continue the CPU");
  Bench bench(q.serial, gps_fd, rc_fd);
  bench.monitor = connectUnix(q.dir + "/monitor");  // after "cont": the monitor takes one client
  if (bench.monitor < 0) return fail("cannot hold QEMU's monitor open");
  const int result = runChecks(bench);
  close(bench.monitor);
  close(gps_fd);
  close(rc_fd);
  if (result == 0) std::printf("PASS\n");
  return result;
}
