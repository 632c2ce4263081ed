// Control-pipe commands: each parses to what it says, and every malformed line is refused
// with a message naming the key.
#include "sim/service/control_command.h"
#include "sim/service/hil_frames.h"

#include <QtTest>

#include <yaml-cpp/yaml.h>

#include <fstream>

namespace {

// A YAML tree as one line of JSON (numbers bare, every other scalar quoted), the way a
// ground station would send it.
std::string toJson(const YAML::Node& n) {
  std::string out;
  if (n.IsMap()) {
    for (const auto& kv : n)
      out += (out.empty() ? "{" : ", ") + ("\"" + kv.first.Scalar() + "\": ") + toJson(kv.second);
    return out.empty() ? "{}" : out + "}";
  }
  if (n.IsSequence()) {
    for (const auto& item : n) out += (out.empty() ? "[" : ", ") + toJson(item);
    return out.empty() ? "[]" : out + "]";
  }
  double number = 0;
  return YAML::convert<double>::decode(n, number) ? n.Scalar() : "\"" + n.Scalar() + "\"";
}

}  // namespace

class ControlCommandTest : public QObject {
  Q_OBJECT

 private slots:
  void reset() {
    const auto c = vsim::parseControlCommand(
        R"({"command": "reset", "seed": 18446744073709551615, "position_NED_m": [1, 2, -3], "attitude_rpy_deg": [0, 5, 90]})",
        "");
    QVERIFY2(c.ok(), c.ok() ? "" : c.error().message.c_str());
    const auto& r = std::get<vsim::ResetCommand>(*c);
    QCOMPARE(r.seed, 18446744073709551615ULL);  // 2^64 - 1: the whole seed range
    QCOMPARE(r.pose.p_W_m->z(), -3.0);
    QCOMPARE(r.pose.attitude_rpy_deg->z(), 90.0);
    QVERIFY(r.pose.v_W_mps.isZero());
  }

  void worldLive() {
    const auto c = vsim::parseControlCommand(
        R"({"command": "world", "wind_NED_mps": [3, -1, 0], "turbulence_sigma_mps": 1.5, "world": "none"})", "");
    QVERIFY(c.ok());
    const auto& w = std::get<vsim::WorldCommand>(*c);
    QCOMPARE(w.wind_NED_mps->x(), 3.0);
    QCOMPARE(*w.turbulence_sigma_mps, 1.5);
    QVERIFY(!w.world->has_ground);
  }

  void geometryFromAnInlineDocument() {
    // The ground station sends the airframe document itself; here the shipped generic quad,
    // read as text and sent inline as JSON-compatible YAML flow (a one-line document).
    std::ifstream in(NAVIGATOR_SOURCE_DIR "/resources/airframes/generic_quad.yaml");
    QVERIFY(in.good());
    const std::string yaml((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string line = std::string(R"({"command": "geometry", "airframe": )") + toJson(YAML::Load(yaml)) + "}";
    QVERIFY(line.find('\n') == std::string::npos);
    const auto c = vsim::parseControlCommand(line, std::string(NAVIGATOR_SOURCE_DIR) + "/resources/airframes");
    QVERIFY2(c.ok(), c.ok() ? "" : c.error().message.c_str());
    QCOMPARE(std::get<vsim::GeometryCommand>(*c).model.rotor_count, 4);
  }

  void modesAndPause() {
    QCOMPARE(
        std::get<vsim::ModeCommand>(*vsim::parseControlCommand(R"({"command":"mode","mode":"lockstep"})", "")).mode,
        vsim::PacingMode::Lockstep);
    QVERIFY(std::get<vsim::PauseCommand>(*vsim::parseControlCommand(R"({"command":"pause"})", "")).paused);
    QVERIFY(!std::get<vsim::PauseCommand>(*vsim::parseControlCommand(R"({"command":"resume"})", "")).paused);
  }

  void holdAndRelease() {
    // The hand's grammar (sim/service/README.md): attitude z-y-x in degrees, turn in °/s.
    const auto c = vsim::parseControlCommand(
        R"({"command": "hold", "attitude_rpy_deg": [90, 0, 0], "turn_dps": [0, 0, 30], "turn_axes": "world"})", "");
    QVERIFY2(c.ok(), c.ok() ? "" : c.error().message.c_str());
    const vsim::HandGrip& grip = std::get<vsim::HoldCommand>(*c).grip;
    // Roll 90°: q = (cos 45°, sin 45°, 0, 0).
    QCOMPARE_LE(std::abs(grip.q_WB->w() - std::sqrt(0.5)), 1e-15);
    QCOMPARE_LE(std::abs(grip.q_WB->x() - std::sqrt(0.5)), 1e-15);
    QCOMPARE_LE(std::abs(grip.turn_radps.z() - 30 * M_PI / 180), 1e-15);  // 30 °/s = π/6 rad/s
    QVERIFY(grip.turn_in_world);
    // Without an attitude: held as it is, turning about the body (the default axes).
    const auto plain = vsim::parseControlCommand(R"({"command": "hold"})", "");
    QVERIFY(plain.ok());
    QVERIFY(!std::get<vsim::HoldCommand>(*plain).grip.q_WB);
    QVERIFY(!std::get<vsim::HoldCommand>(*plain).grip.turn_in_world);
    QVERIFY(std::holds_alternative<vsim::ReleaseCommand>(*vsim::parseControlCommand(R"({"command": "release"})", "")));
  }

  void transmitter() {
    const auto on = vsim::parseControlCommand(R"({"command": "transmitter", "channels_us": [1100, 1900.4, 1500]})", "");
    QVERIFY(on.ok());
    const auto& t = std::get<vsim::TransmitterCommand>(*on);
    QVERIFY(t.on);
    QCOMPARE(t.channel_count, 3);
    QCOMPARE(int(t.channels_us[0]), 1100);
    QCOMPARE(int(t.channels_us[1]), 1900);  // rounded to the microsecond
    const auto off = vsim::parseControlCommand(R"({"command": "transmitter", "on": false})", "");
    QVERIFY(off.ok());
    QVERIFY(!std::get<vsim::TransmitterCommand>(*off).on);
    // The RC_CHANNELS vsim_d sends of it: the channels set, UINT16_MAX beyond; off, none.
    const mavlink_rc_channels_t rc = vsim::transmitterChannels(t, 2'500'000);
    QCOMPARE(int(rc.chancount), 3);
    QCOMPARE(int(rc.chan2_raw), 1900);
    QCOMPARE(int(rc.chan4_raw), int(UINT16_MAX));
    QCOMPARE(rc.time_boot_ms, 2500u);
    QCOMPARE(int(rc.rssi), 254);
    const mavlink_rc_channels_t silent = vsim::transmitterChannels(std::get<vsim::TransmitterCommand>(*off), 0);
    QCOMPARE(int(silent.chancount), 0);
    QCOMPARE(int(silent.rssi), 0);
  }

  void malformed_data() {
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("message");
    QTest::newRow("not json") << "{\"command\": "
                              << "syntax error";
    QTest::newRow("not an object") << "[1, 2]"
                                   << "must be a mapping";
    QTest::newRow("no command") << "{\"seed\": 3}"
                                << "missing required key 'command'";
    QTest::newRow("unknown command") << "{\"command\": \"explode\"}"
                                     << "unknown command 'explode'";
    QTest::newRow("negative seed") << "{\"command\": \"reset\", \"seed\": -3}"
                                   << "seed (line 1): must be a whole number";
    QTest::newRow("seed not a number") << "{\"command\": \"reset\", \"seed\": \"x\"}"
                                       << "seed (line 1): must be a whole number";
    QTest::newRow("misspelt key") << "{\"command\": \"reset\", \"seed\": 1, \"postion_NED_m\": [0,0,0]}"
                                  << "postion_NED_m (line 1): unknown key";
    QTest::newRow("short vector") << "{\"command\": \"world\", \"wind_NED_mps\": [1, 2]}"
                                  << "wind_NED_mps";
    QTest::newRow("nan wind") << "{\"command\": \"world\", \"wind_NED_mps\": [.nan, 0, 0]}"
                              << "wind_NED_mps";
    QTest::newRow("negative sigma") << "{\"command\": \"world\", \"turbulence_sigma_mps\": -1}"
                                    << "must not be negative";
    QTest::newRow("bad mode") << "{\"command\": \"mode\", \"mode\": \"turbo\"}"
                              << "must be realtime, lockstep or fast";
    QTest::newRow("both airframes") << "{\"command\": \"geometry\", \"airframe\": {}, \"airframe_file\": \"x\"}"
                                    << "exactly one of";
    QTest::newRow("missing file") << "{\"command\": \"geometry\", \"airframe_file\": \"/nonexistent.yaml\"}"
                                  << "/nonexistent.yaml: cannot open";
    // A folder named as a file once ended vsim_d (an escaped std::ios_base::failure; found by
    // fuzz_config_files, corpus/config_files/regress_world_file_is_a_folder).
    QTest::newRow("world file is a folder") << "{\"command\": \"world\", \"world_file\": \"/tmp\"}"
                                            << "/tmp: is a directory, not a file";
    QTest::newRow("airframe file is a folder") << "{\"command\": \"geometry\", \"airframe_file\": \"/\"}"
                                               << "/: is a directory, not a file";
    QTest::newRow("hold too fast") << "{\"command\": \"hold\", \"turn_dps\": [0, 400, 0]}"
                                   << "turn_dps (line 1): a hand turns at most 360 deg/s, got 400";
    QTest::newRow("hold bad axes") << "{\"command\": \"hold\", \"turn_axes\": \"sideways\"}"
                                   << "turn_axes (line 1): must be body or world, got 'sideways'";
    QTest::newRow("hold nan attitude") << "{\"command\": \"hold\", \"attitude_rpy_deg\": [.nan, 0, 0]}"
                                       << "attitude_rpy_deg";
    QTest::newRow("transmitter without channels") << "{\"command\": \"transmitter\"}"
                                                  << "channels_us";
    QTest::newRow("transmitter 17 channels")
        << "{\"command\": \"transmitter\", \"channels_us\": [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17]}"
        << "channels";
    QTest::newRow("transmitter 3000 us") << "{\"command\": \"transmitter\", \"channels_us\": [1500, 3000]}"
                                         << "must be 800..2200 µs, got 3000";
    QTest::newRow("transmitter text") << "{\"command\": \"transmitter\", \"channels_us\": [\"high\"]}"
                                      << "must be a pulse width in µs";
    QTest::newRow("transmitter on true") << "{\"command\": \"transmitter\", \"on\": true}"
                                         << "only false";
    QTest::newRow("release with a key") << "{\"command\": \"release\", \"now\": 1}"
                                        << "now (line 1): unknown key";
    QTest::newRow("bad airframe") << "{\"command\": \"geometry\", \"airframe\": {\"name\": \"x\"}}"
                                  << "geometry.airframe:";
  }

  void malformed() {
    QFETCH(QString, line);
    QFETCH(QString, message);
    const auto c = vsim::parseControlCommand(line.toStdString(), "");
    QVERIFY(!c.ok());
    QVERIFY2(QString::fromStdString(c.error().message).contains(message), c.error().message.c_str());
  }

  void controlBytesInAKeyAreShownNotCutShort() {
    // Found by fuzz_config_files (corpus/config_files/regress_nul_in_key): a key starting with
    // NUL made the message, a C string underneath, empty. Control bytes are written \xNN.
    const std::string line = std::string("{\"command\": \"reset\", \"") + std::string(2, '\0') + "\x7f" + "seed\": 7}";
    const auto c = vsim::parseControlCommand(line, "");
    QVERIFY(!c.ok());
    QCOMPARE(
        QString::fromStdString(c.error().message),
        QStringLiteral("\\x00\\x00\\x7fseed (line 1): unknown key (expected one of: command, seed, position_NED_m, "
                       "attitude_rpy_deg, velocity_NED_mps, rate_B_radps)"));
  }
};

QTEST_APPLESS_MAIN(ControlCommandTest)
#include "control_command_test.moc"
