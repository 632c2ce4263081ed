// vayu_sitl --sensors chips --chip-fault: the SITL's chip bench (firmware/hal/sitl/sitl_chips.h)
// with the flight core and its link, stepped at 1 kHz on a clock the test owns by synthetic
// HIL_SENSOR frames of a vehicle at rest (with a deterministic noise, as a real chip's own noise:
// identical samples are what the BMX160 driver calls stuck) and a HIL_GPS fix every 100 ms. Each
// fault the models offer must reach the station as the firmware says it: the driver's message in
// a STATUSTEXT of the core's severity, and the sensor's bit in SYS_STATUS's health cleared while
// the others stay set. The expected messages are those the drivers' headers document
// (firmware/drivers/bmx160.h, bmp388.h, ublox.h, crsf.h, battery_adc.h); SYS_STATUS is read
// back with the station's decoder (app/link/telemetry_decode), long STATUSTEXTs with its chunk
// assembler.
#include "app/link/status_text_assembler.h"
#include "app/link/telemetry_decode.h"
#include "firmware/hal/sitl/sitl_chips.h"
#include "firmware/link/fc_link_status.h"

#include <QtTest>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

using navigator::BoardSensor;
using navigator::StatusText;
using navigator::StatusTextAssembler;

namespace {

constexpr std::uint32_t kGyro = 1u << 0, kAccel = 1u << 1, kMag = 1u << 2, kBaro = 1u << 3, kGps = 1u << 5,
                        kRc = 1u << 16, kBattery = 1u << 25;  // MAV_SYS_STATUS_SENSOR (common.xml)
constexpr std::uint32_t kImu = kGyro | kAccel | kMag;
constexpr int kCritical = 2, kWarning = 4, kInfo = 6;  // MAV_SEVERITY (common.xml)

// The firmware of vayu_sitl --sensors chips, without the pipes and the socket.
struct Sitl {
  fc_t fc{};
  fc_link_t link{};
  sitl_chips_t chips{};
  mavlink_parser_t parser{};
  std::vector<mavlink_frame_t> frames;
  std::uint64_t t_us = 1000000;  // the simulator's clock (any start: faults count from the first frame)
  std::uint32_t seed = 12345;
  char* log_text = nullptr;
  std::size_t log_size = 0;
  FILE* log = nullptr;

  Sitl() {
    fc_mixer_table_t mixer;
    fc_mixer_quad_x(&mixer);
    fc_init(&fc, &mixer);
    fc_link_init(&link, &fc, &Sitl::send, this);
    mavlink_parser_init(&parser);
    log = open_memstream(&log_text, &log_size);
  }
  ~Sitl() {
    std::fclose(log);
    std::free(log_text);
  }
  Sitl(const Sitl&) = delete;
  Sitl& operator=(const Sitl&) = delete;
  static void send(void* self, const std::uint8_t* bytes, std::size_t n) {
    auto* s = static_cast<Sitl*>(self);
    mavlink_parse_all(
        &s->parser, bytes, n,
        [](void* context, const mavlink_frame_t* f) { static_cast<Sitl*>(context)->frames.push_back(*f); }, s);
  }
  // Parses `faults` as the command line does and starts the bench.
  bool start(const std::vector<const char*>& faults) {
    std::vector<sitl_chip_fault_t> parsed(faults.size());
    for (std::size_t i = 0; i < faults.size(); ++i) {
      char problem[256];
      if (!sitl_chip_fault_parse(faults[i], &parsed[i], problem, sizeof problem)) qFatal("%s", problem);
    }
    return sitl_chips_init(&chips, parsed.data(), int(parsed.size()), &fc.config.params, log);
  }
  // Uniform in [-amplitude, amplitude] (a linear congruential generator, Numerical Recipes' constants).
  float noise(float amplitude) {
    seed = seed * 1664525u + 1013904223u;
    return amplitude * (float(seed >> 8) / float(1u << 24) * 2.0f - 1.0f);
  }
  // One 1 ms frame of a level vehicle at rest at sea level: −g on z, 0.2 G north and 0.4 G down,
  // 1013.25 hPa, 25 °C; noise of a few of the chips' counts (accelerometer 0.0048 m/s² at 16 g,
  // gyroscope 0.061 °/s at 2000 °/s: BMX160 datasheet, Table 1; the BMP388's 0.016 Pa).
  void step() {
    t_us += 1000;
    if (t_us % 100000 == 0) {  // a 10 Hz fix, at rest
      mavlink_hil_gps_t gps{};
      gps.time_usec = t_us;
      gps.fix_type = 3;
      gps.lat = 473977000;
      gps.lon = 85456000;
      gps.alt = 488000;
      gps.satellites_visible = 12;
      sitl_chips_gps(&chips, &gps);
    }
    mavlink_hil_sensor_t h{};
    h.time_usec = t_us;
    h.xacc = noise(0.05f);
    h.yacc = noise(0.05f);
    h.zacc = -9.80665f + noise(0.05f);
    h.xgyro = noise(0.005f);
    h.ygyro = noise(0.005f);
    h.zgyro = noise(0.005f);
    h.xmag = 0.2f + noise(0.005f);
    h.ymag = noise(0.005f);
    h.zmag = 0.4f + noise(0.005f);
    h.abs_pressure = 1013.25f + noise(0.02f);
    h.temperature = 25.0f;
    fc_gps_t no_gps{};
    fc_sensors_t sensors;
    fc_sensors_from_hil(&h, &no_gps, &sensors);
    sitl_chips_apply(&chips, &h, &sensors, log);
    sitl_chips_to_core(&chips, &fc);
    fc_step(&fc, &sensors);
    fc_link_update(&link, &fc, &sensors);
  }
  void run(double seconds) {
    for (int i = 0; i < int(seconds * 1000.0 + 0.5); ++i) step();
  }
  navigator::SysStatusSample sysStatus() const {
    mavlink_sys_status_t m{};
    fc_link_sys_status(&fc, fc.state.time_us, &m);
    navigator::SysStatusSample s;
    s.present = m.onboard_control_sensors_present;
    s.enabled = m.onboard_control_sensors_enabled;
    s.health = m.onboard_control_sensors_health;
    return s;
  }
  std::vector<StatusText> texts() const {
    StatusTextAssembler assembler;
    std::vector<StatusText> out;
    for (const auto& f : frames) {
      if (f.msgid != MAVLINK_MSG_ID_STATUSTEXT) continue;
      mavlink_statustext_t m{};
      mavlink_statustext_decode(&f, &m);
      for (auto& t : assembler.add(m.severity, m.text, m.id, m.chunk_seq)) out.push_back(t);
    }
    if (auto t = assembler.flush()) out.push_back(*t);
    return out;
  }
  QString logText() {
    std::fflush(log);
    return QString::fromUtf8(log_text, qsizetype(log_size));
  }
};

QString describe(const std::vector<StatusText>& texts) {
  QStringList lines;
  for (const auto& t : texts) lines << QStringLiteral("[%1] %2").arg(t.severity).arg(t.text);
  return lines.join('\n');
}

// Whether a STATUSTEXT of `severity` starts with `prefix`.
bool said(const std::vector<StatusText>& texts, const QString& prefix, int severity) {
  for (const auto& t : texts)
    if (t.text.startsWith(prefix) && t.severity == severity) return true;
  return false;
}

}  // namespace

class SitlChipFaultsTest : public QObject {
  Q_OBJECT
 private slots:
  void parsesAndRefuses();
  void healthyBoard();
  void faultReachesTheStation_data();
  void faultReachesTheStation();
};

void SitlChipFaultsTest::parsesAndRefuses() {
  sitl_chip_fault_t f{};
  char problem[256];
  QVERIFY(sitl_chip_fault_parse("bmx160:stuck@5", &f, problem, sizeof problem));
  QCOMPARE(int(f.chip), int(SITL_CHIP_BMX160));
  QCOMPARE(f.fault, int(SITL_BMX160_STUCK));
  QVERIFY(!f.at_start);
  QCOMPARE(f.at_us, std::uint64_t(5000000));
  QVERIFY(sitl_chip_fault_parse("crsf:lost@0.25", &f, problem, sizeof problem));
  QCOMPARE(f.at_us, std::uint64_t(250000));
  QVERIFY(sitl_chip_fault_parse("battery:unplugged", &f, problem, sizeof problem));
  QVERIFY(f.at_start);
  const struct {
    const char* text;
    const char* problem;
  } refused[] = {
      {"bmx160", "--chip-fault 'bmx160': expected CHIP:FAULT[@SECONDS], e.g. bmx160:stuck@5"},
      {"mpu6000:stuck",
       "--chip-fault 'mpu6000:stuck': unknown chip 'mpu6000' (the chips: bmx160, bmm150, bmp388, gps, crsf, battery)"},
      {"gps:jammed",
       "--chip-fault 'gps:jammed': gps has no fault 'jammed' (its faults: none, silent, bad-checksum, cut, "
       "no-fix)"},
      {"bmp388:wrong-id@2",
       "--chip-fault 'bmp388:wrong-id@2': the driver reads the bmp388's identity at start-up only: "
       "give bmp388:wrong-id without @SECONDS"},
      {"crsf:lost@-1", "--chip-fault 'crsf:lost@-1': '-1' is not a number of seconds 0..1000000"},
      {"crsf:lost@nan", "--chip-fault 'crsf:lost@nan': 'nan' is not a number of seconds 0..1000000"},
  };
  for (const auto& r : refused) {
    QVERIFY2(!sitl_chip_fault_parse(r.text, &f, problem, sizeof problem), r.text);
    QCOMPARE(QString(problem), QString(r.problem));
  }
}

// No fault: every sensor the bench has present, enabled and healthy; the only warnings are the
// GPS's while its first NAV-PVT is on its way.
void SitlChipFaultsTest::healthyBoard() {
  auto s = std::make_unique<Sitl>();
  QVERIFY2(s->start({"crsf:none"}), qPrintable(s->logText()));
  s->run(4.0);
  const auto status = s->sysStatus();
  const std::uint32_t all = kImu | kBaro | kGps | kRc | kBattery;
  QCOMPARE(status.present & all, all);
  QCOMPARE(status.health & all, all);
  for (const auto& h : navigator::sensorHealth(status)) QVERIFY(h.present && h.enabled && h.healthy);
  const auto texts = s->texts();
  for (const auto& t : texts)
    QVERIFY2(t.severity >= kInfo || t.text.startsWith(QStringLiteral("u-blox: ")), qPrintable(describe(texts)));
  // The model's pack: 16.8 V (battery_model.h), through the ADC at 8.86 mV a count (half of it at most off).
  QVERIFY(std::abs(s->fc.state.battery.voltage_v - 16.8f) < 0.0045f);
}

void SitlChipFaultsTest::faultReachesTheStation_data() {
  QTest::addColumn<QString>("fault");
  QTest::addColumn<uint>("unhealthy");   // the SYS_STATUS bits that must go
  QTest::addColumn<QString>("message");  // the STATUSTEXT's beginning
  QTest::addColumn<int>("severity");
  QTest::addColumn<double>("seconds");  // how long to run
  // The BMX160's own faults stop all three of its sensors (the BMM150 is read through it); the
  // gyroscope's and the accelerometer's STATUSTEXT is CRITICAL, the magnetometer's WARNING
  // (flight.h). A chip that never started gives the core no sample at all: its own check fails,
  // and SYS_STATUS counts the barometer and the GPS unhealthy with it (fc_link_status.h).
  constexpr std::uint32_t kNoImu = kImu | kBaro | kGps;
  QTest::newRow("bmx160 no answer") << "bmx160:no-answer@1" << kImu << "BMX160: not answering (reads 0xFF)" << kCritical
                                    << 3.0;
  QTest::newRow("bmx160 bus error") << "bmx160:bus-error@1" << kImu << "BMX160: not answering (bus error)" << kCritical
                                    << 3.0;
  QTest::newRow("bmx160 wrong id") << "bmx160:wrong-id" << kNoImu << "BMX160: wrong identity 0xD1 (expected 0xD8)"
                                   << kCritical << 3.0;
  QTest::newRow("bmx160 stuck") << "bmx160:stuck@1" << kImu << "BMX160: stuck (10 identical samples)" << kCritical
                                << 3.0;
  // The driver names the accelerometer first when both parts read full scale; the model's
  // constant full-scale words then make it stuck after 10 samples (bmx160.h), the whole chip.
  QTest::newRow("bmx160 saturated") << "bmx160:saturated@1" << kImu << "BMX160: accelerometer saturated (range 16 g)"
                                    << kCritical << 3.0;
  QTest::newRow("bmm150 wrong id") << "bmm150:wrong-id" << kNoImu
                                   << "BMX160: magnetometer BMM150 wrong identity 0x31 (expected 0x32)" << kCritical
                                   << 3.0;
  QTest::newRow("bmp388 no answer") << "bmp388:no-answer@1" << kBaro << "BMP388: not answering (reads 0xFF)" << kWarning
                                    << 3.0;
  QTest::newRow("bmp388 wrong id") << "bmp388:wrong-id" << kBaro << "BMP388: wrong identity 0x60 (expected 0x50)"
                                   << kWarning << 3.0;
  QTest::newRow("bmp388 stuck") << "bmp388:stuck@1" << kBaro << "BMP388: stuck" << kWarning << 3.0;
  QTest::newRow("bmp388 fatal") << "bmp388:fatal@1" << kBaro << "BMP388: error register" << kWarning << 3.0;
  // The u-blox's silence: NAV-PVT lost for 1 s, then 2 s of search at every baud (ublox.h). Every
  // frame bad or cut: the count when the core next tells the GPS's health, at most one text a
  // second (FC_HEALTH_TEXT_INTERVAL_US) after its "ok", measured on this test's clock (NAV-PVT at
  // 10 Hz); every CRSF frame bad: after 1 s, no valid frame (crsf.h), as a wrong baud would.
  QTest::newRow("gps no fix") << "gps:no-fix@1" << kGps << "u-blox: no 3-D fix" << kWarning << 3.0;
  QTest::newRow("gps silent") << "gps:silent@1" << kGps
                              << "u-blox: not answering at any baud (nothing received for 2.0 s)" << kWarning << 6.0;
  QTest::newRow("gps bad checksum") << "gps:bad-checksum@1" << kGps
                                    << "u-blox: 5 bad checksums, 0 cut frames since configured" << kWarning << 4.0;
  QTest::newRow("gps cut") << "gps:cut@1" << kGps << "u-blox: 0 bad checksums, 5 cut frames since configured"
                           << kWarning << 4.0;
  QTest::newRow("crsf lost") << "crsf:lost@1" << kRc << "CRSF: failsafe (no RC frame for 0.25 s)" << kWarning << 3.0;
  QTest::newRow("crsf lq zero") << "crsf:lq-zero@1" << kRc << "CRSF: failsafe (uplink LQ 0 %)" << kWarning << 3.0;
  QTest::newRow("crsf bad crc") << "crsf:bad-crc@1" << kRc << "CRSF: bytes but no valid frame for 1.00 s" << kWarning
                                << 3.0;
  QTest::newRow("crsf cut") << "crsf:cut@1" << kRc << "CRSF: bytes but no valid frame for 1.00 s" << kWarning << 3.0;
  QTest::newRow("battery unplugged") << "battery:unplugged@1" << kBattery << "Battery: not connected" << kCritical
                                     << 3.0;
  QTest::newRow("battery adc fails") << "battery:adc-fails@1" << kBattery
                                     << "Battery: ADC read failed (voltage channel 0)" << kCritical << 3.0;
  QTest::newRow("battery saturated") << "battery:saturated@1" << kBattery
                                     << "Battery: ADC saturated (voltage channel at 4095 counts, 36.30 V or more)"
                                     << kCritical << 3.0;
}

void SitlChipFaultsTest::faultReachesTheStation() {
  QFETCH(QString, fault);
  QFETCH(uint, unhealthy);
  QFETCH(QString, message);
  QFETCH(int, severity);
  QFETCH(double, seconds);
  auto s = std::make_unique<Sitl>();
  const QByteArray faultText = fault.toUtf8();
  // The receiver is fitted in every case (crsf:none), so its row is checked to stay healthy too.
  const bool started = s->start({faultText.constData(), "crsf:none"});
  QVERIFY2(started || !fault.contains('@'), qPrintable(s->logText()));
  s->run(seconds);
  const auto status = s->sysStatus();
  const auto texts = s->texts();
  const std::uint32_t all = kImu | kBaro | kGps | kRc | kBattery;
  QVERIFY2((status.present & all) == all, qPrintable(QString::number(status.present, 16)));
  QVERIFY2((status.health & unhealthy) == 0, qPrintable(QString::number(status.health, 16) + '\n' + describe(texts)));
  QVERIFY2((status.health & (all & ~unhealthy)) == (all & ~unhealthy),
           qPrintable(QString::number(status.health, 16) + '\n' + describe(texts)));
  QVERIFY2(said(texts, message, severity), qPrintable(describe(texts)));
  if ((unhealthy & kMag) != 0 && !fault.contains("saturated"))  // the magnetometer's own STATUSTEXT, a WARNING
    QVERIFY2(said(texts, message, kWarning), qPrintable(describe(texts)));
  if (fault.contains('@'))
    QVERIFY2(s->logText().contains("--chip-fault " + fault.section('@', 0, 0) + " at 1.000 s"),
             qPrintable(s->logText()));
}

QTEST_APPLESS_MAIN(SitlChipFaultsTest)
#include "sitl_chip_faults_test.moc"
