// End to end, MAVLink 2 signing between the station's side (MavlinkConnection, VehicleSigning,
// SigningKeyStore) and the real vayu_sitl, flying vsim_d in real time. Signing is switched on
// over the firmware's private link (its standard input); then a second sender — another UDP
// socket on another port — tries with no key, a wrong key, a replay of the station's own signed
// frame, a frame signed with the key but more than a minute old, and an unsigned SETUP_SIGNING:
// none changes the mode, a parameter or the sticks, and the firmware counts each refusal
// (its STATUSTEXT, and its exit line). The two sides sign on after the firmware restarts (its
// key and timestamps from its parameter file) and after the station's link restarts (the key
// from the store); signing off over the private link opens the link again.
#include "app/link/signing_key_store.h"
#include "app/link/sitl_process.h"
#include "app/link/udp_transport.h"
#include "app/link/vehicle_link.h"
#include "app/vehicle/vehicle_signing.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUdpSocket>
#include <QtTest>

#include <csignal>
#include <cstring>

using namespace navigator;

namespace {

// A stranger's frame (sent as a ground station, system 255), signed with `key` (none: unsigned)
// at `timestamp`.
QByteArray strangerFrame(std::uint32_t msgid, const void* message, const SigningKey* key, std::uint64_t timestamp) {
  MavlinkConnection c;
  if (key) {
    c.setSigningClock([timestamp] { return timestamp; });
    c.setSigningKey(1, *key);
  }
  return c.pack(msgid, message);
}

mavlink_command_long_t setMode(vayu_mode_t mode) {
  mavlink_command_long_t c{};
  c.command = MAV_CMD_DO_SET_MODE;
  c.param1 = 1;
  c.param2 = float(mode);
  c.target_system = 1;
  c.target_component = 1;
  return c;
}

}  // namespace

class SignedLinkTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void signingTurnsOnOverThePrivateLink();
  void strangersCannotCommandASignedVehicle();
  void bothSidesSignOnAfterTheFirmwareRestarts();
  void aFirmwareThatLostItsKeyIsGivenItAgain();
  void theStationSignsOnAfterItsLinkRestarts();
  void signingOffOpensTheLinkAgain();
  void aDamagedKeyStopsTheFirmware();
  void cleanupTestCase();

 private:
  QString logs() const { return firmware_log_.join('\n'); }
  CommandResult command(const std::function<void()>& issue) {
    QSignalSpy finished(link_.get(), &VehicleLink::commandFinished);
    issue();
    if (!finished.wait(5000)) return {};
    return finished.at(0).at(0).value<CommandResult>();
  }
  void sendFromStranger(const QByteArray& frame) {
    QCOMPARE(stranger_.writeDatagram(frame, QHostAddress::LocalHost, transport_->peerPort()), qint64(frame.size()));
  }
  void newStationLink(VehicleSigning::PrivateLink private_link);

  QTemporaryDir dir_;
  QProcess sim_;
  std::unique_ptr<UdpTransport> transport_;
  std::unique_ptr<MavlinkConnection> connection_;
  std::unique_ptr<VehicleLink> link_;
  std::unique_ptr<SigningKeyStore> store_;
  std::unique_ptr<VehicleSigning> signing_;
  SitlProcess firmware_;
  QStringList firmware_log_;
  QStringList texts_;
  QUdpSocket stranger_;
  quint16 gcs_port_ = 0;
};

void SignedLinkTest::newStationLink(VehicleSigning::PrivateLink private_link) {
  signing_.reset();
  link_.reset();
  connection_.reset();
  if (transport_) transport_->close();
  transport_ = std::make_unique<UdpTransport>(gcs_port_);
  QVERIFY(transport_->open());
  gcs_port_ = transport_->localPort();
  connection_ = std::make_unique<MavlinkConnection>();
  connection_->attachTransport(transport_.get());
  link_ = std::make_unique<VehicleLink>(connection_.get());
  connect(link_.get(), &VehicleLink::statusText, this, [this](int, const QString& text) { texts_ << text; });
  store_ = std::make_unique<SigningKeyStore>(dir_.path() + "/keys/signing-keys.json");
  QCOMPARE(store_->load(), QString());
  signing_ = std::make_unique<VehicleSigning>(connection_.get(), store_.get());
  signing_->setPrivateLink(std::move(private_link));
  connect(link_.get(), &VehicleLink::vehicleChanged, signing_.get(),
          [this](const VehicleStatus& v) { signing_->vehicleHeard(v.system_id); });
}

void SignedLinkTest::initTestCase() {
  QVERIFY(dir_.isValid());
  QVERIFY(stranger_.bind(QHostAddress::LocalHost, 0));
  newStationLink([this](const QByteArray& f) { return firmware_.writePrivate(f); });
  connect(&firmware_, &SitlProcess::logLine, this, [this](const QString& line) { firmware_log_ << line; });
  sim_.setStandardErrorFile(dir_.path() + "/vsim_d.log");
  sim_.start(NAVIGATOR_BIN_DIR "/vsim_d", {"--dir", dir_.path(), "--mode", "realtime", "--seed", "4", "--quiet"});
  QVERIFY(sim_.waitForStarted());
  firmware_.setExecutable(NAVIGATOR_BIN_DIR "/vayu_sitl");
  SitlOptions options;
  options.pipe_dir = dir_.path();
  options.gcs_port = gcs_port_;
  options.local_port = 0;
  firmware_.setOptions(options);
  QSignalSpy started(&firmware_, &SitlProcess::started);
  QVERIFY(firmware_.start());
  QVERIFY(started.wait(5000));
  QTRY_VERIFY2_WITH_TIMEOUT(link_->linkState() == LinkState::Connected, qPrintable(logs()), 5000);
}

void SignedLinkTest::signingTurnsOnOverThePrivateLink() {
  QCOMPARE(signing_->summary().state, VehicleSigning::State::Unsigned);
  QCOMPARE(signing_->enable(1), QString());
  // The key is kept, readable by its owner only, and the firmware says it signs.
  const QFile keys(store_->path());
  QCOMPARE(keys.permissions() & (QFile::ReadGroup | QFile::ReadOther), QFileDevice::Permissions());
  QVERIFY(store_->entry(1).has_value());
  QTRY_VERIFY2_WITH_TIMEOUT(texts_.contains("Signing on: unsigned frames refused"), qPrintable(texts_.join('\n')),
                            5000);
  QTRY_VERIFY_WITH_TIMEOUT(connection_->stats().signed_in >= 50, 5000);  // its telemetry, signed and checked
  QCOMPARE(connection_->stats().refused(), 0u);
  QCOMPARE(signing_->summary().state, VehicleSigning::State::Signed);
  // The firmware keeps the key in its parameter file, readable by its owner only.
  QFile params(dir_.path() + "/vayu_params.txt");
  QTRY_VERIFY_WITH_TIMEOUT(params.exists(), 3000);
  QCOMPARE(params.permissions() & (QFile::ReadGroup | QFile::ReadOther), QFileDevice::Permissions());
  QVERIFY(params.open(QIODevice::ReadOnly));
  QVERIFY(params.readAll().contains("SIGNING_KEY " + SigningKeyStore::toHex(store_->entry(1)->key).toLatin1()));
  const CommandResult r = command([this] { link_->setMode(VAYU_MODE_ALT_HOLD); });  // our commands, signed
  QCOMPARE(r.message, QStringLiteral("Mode ALT_HOLD: accepted"));
  QCOMPARE(link_->linkState(), LinkState::Connected);
}

void SignedLinkTest::strangersCannotCommandASignedVehicle() {
  const SigningKey key = store_->entry(1)->key;
  const SigningKey wrong = SigningKeyStore::generateKey();
  const std::uint64_t now = signingTimestampNow();
  const mavlink_command_long_t acro = setMode(VAYU_MODE_ACRO);
  mavlink_param_set_t p{};
  p.target_system = 1;
  std::strncpy(p.param_id, "RATE_RP_P", sizeof p.param_id);
  p.param_value = 0.5f;
  p.param_type = MAV_PARAM_TYPE_REAL32;
  mavlink_manual_control_t sticks{};
  sticks.target = 1;
  sticks.y = 900;
  sticks.z = 800;
  mavlink_setup_signing_t setup{};
  setup.target_system = 1;
  setup.initial_timestamp = now;
  std::memcpy(setup.secret_key, wrong.data(), 32);

  // No key: mode, parameter, sticks twice, and a new key of its own (5 unsigned).
  sendFromStranger(strangerFrame(MAVLINK_MSG_ID_COMMAND_LONG, &acro, nullptr, 0));
  sendFromStranger(strangerFrame(MAVLINK_MSG_ID_PARAM_SET, &p, nullptr, 0));
  sendFromStranger(strangerFrame(MAVLINK_MSG_ID_MANUAL_CONTROL, &sticks, nullptr, 0));
  sendFromStranger(strangerFrame(MAVLINK_MSG_ID_MANUAL_CONTROL, &sticks, nullptr, 0));
  sendFromStranger(strangerFrame(MAVLINK_MSG_ID_SETUP_SIGNING, &setup, nullptr, 0));
  // A wrong key (3).
  sendFromStranger(strangerFrame(MAVLINK_MSG_ID_COMMAND_LONG, &acro, &wrong, now));
  sendFromStranger(strangerFrame(MAVLINK_MSG_ID_PARAM_SET, &p, &wrong, now + 1));
  sendFromStranger(strangerFrame(MAVLINK_MSG_ID_MANUAL_CONTROL, &sticks, &wrong, now + 2));
  // The station's own signed frame, captured on the way and sent again (1 replay): the station
  // sends it first (ANGLE, accepted), the stranger repeats it after the station moved on (ALT_HOLD).
  const mavlink_command_long_t angle = setMode(VAYU_MODE_ANGLE);
  const QByteArray captured = connection_->pack(MAVLINK_MSG_ID_COMMAND_LONG, &angle);
  connection_->sendRaw(captured);
  QTRY_COMPARE_WITH_TIMEOUT(link_->vehicle().custom_mode, std::uint32_t(VAYU_MODE_ANGLE), 3000);
  QCOMPARE(command([this] { link_->setMode(VAYU_MODE_ALT_HOLD); }).message, QStringLiteral("Mode ALT_HOLD: accepted"));
  sendFromStranger(captured);
  // Signed with the key, but on a stream never heard (another system) and 2 minutes old (1).
  {
    MavlinkConnection old;
    old.setSigningClock([now] { return now - 12000000; });
    old.setSigningKey(1, key);
    sendFromStranger(old.pack(MAVLINK_MSG_ID_COMMAND_LONG, &acro));
  }

  // The station keeps hearing the vehicle (its telemetry was not turned toward the stranger):
  // after 3 more heartbeats, nothing has changed and the stranger heard nothing.
  QSignalSpy beats(link_.get(), &VehicleLink::vehicleChanged);
  const std::uint64_t frames_before = connection_->stats().signed_in;
  QTRY_VERIFY_WITH_TIMEOUT(connection_->stats().signed_in >= frames_before + 75, 8000);  // 3 s of 25 Hz attitude
  QCOMPARE(link_->vehicle().custom_mode, std::uint32_t(VAYU_MODE_ALT_HOLD));
  QVERIFY(!link_->vehicle().armed);
  QCOMPARE(stranger_.hasPendingDatagrams(), false);
  QSignalSpy listed(link_->params(), &ParamClient::listComplete);
  link_->params()->requestAll();  // the value in force, read back over the signed link
  QTRY_COMPARE_WITH_TIMEOUT(listed.count(), 1, 5000);
  QCOMPARE(link_->params()->param("RATE_RP_P")->value, double(0.15f));
  // The firmware counted each and told: after the first, and after the tenth with the split
  // (5 unsigned, 3 wrongly signed, 1 replayed + 1 too old).
  QTRY_VERIFY2_WITH_TIMEOUT(texts_.contains("Refused 1: 1 unsigned, 0 bad, 0 replayed"), qPrintable(texts_.join('\n')),
                            3000);
  QTRY_VERIFY2_WITH_TIMEOUT(texts_.contains("Refused 10: 5 unsigned, 3 bad, 2 replayed"), qPrintable(texts_.join('\n')),
                            3000);
  QCOMPARE(connection_->stats().refused(), 0u);  // and nothing of the vehicle's was refused here
  QVERIFY(texts_.contains("SETUP_SIGNING refused: only over USB/serial") ==
          false);  // signed vehicle: counted, not told
}

void SignedLinkTest::bothSidesSignOnAfterTheFirmwareRestarts() {
  QVERIFY(::kill(pid_t(firmware_.processId()), SIGKILL) == 0);
  QTRY_COMPARE_WITH_TIMEOUT(firmware_.state(), SitlProcess::State::Stopped, 3000);
  QTRY_COMPARE_WITH_TIMEOUT(link_->linkState(), LinkState::Lost, 5000);
  QVERIFY(firmware_.start());
  QTRY_VERIFY2_WITH_TIMEOUT(link_->linkState() == LinkState::Connected, qPrintable(logs()), 5000);
  QVERIFY2(logs().contains("signed (unsigned frames refused)"),
           qPrintable(logs()));  // its key, from its parameter file
  const std::uint64_t before = connection_->stats().signed_in;
  QTRY_VERIFY_WITH_TIMEOUT(connection_->stats().signed_in >= before + 25, 5000);
  QCOMPARE(connection_->stats().refused(), 0u);  // its timestamps went on past those heard before the crash
  QCOMPARE(command([this] { link_->setMode(VAYU_MODE_ANGLE); }).message, QStringLiteral("Mode ANGLE: accepted"));
}

// The firmware restarts with a parameter file that has no key (a fresh one): its frames come
// unsigned, the station refuses them and, on its clock's next tick, restates the key over the
// private link; both sides sign again.
void SignedLinkTest::aFirmwareThatLostItsKeyIsGivenItAgain() {
  ManualTickClock clock;
  signing_->setClock(&clock);
  QSignalSpy stopped(&firmware_, &SitlProcess::stopped);
  firmware_.stop();
  QVERIFY(stopped.wait(5000));
  QFile params(dir_.path() + "/vayu_params.txt");
  QVERIFY(params.open(QIODevice::ReadOnly));
  QByteArray kept;
  for (const QByteArray& line : params.readAll().split('\n'))
    if (!line.startsWith("SIGNING_") && !line.isEmpty()) kept += line + '\n';
  params.close();
  QVERIFY(params.open(QIODevice::WriteOnly | QIODevice::Truncate));
  params.write(kept);
  params.close();
  firmware_log_.clear();
  QVERIFY(firmware_.start());
  QTRY_VERIFY2_WITH_TIMEOUT(logs().contains("; unsigned"), qPrintable(logs()), 5000);
  QTRY_VERIFY_WITH_TIMEOUT(connection_->stats().refused_unsigned > 0, 5000);  // its unsigned telemetry
  const std::uint64_t signed_before = connection_->stats().signed_in;
  clock.advance(VehicleSigning::kRestateIntervalMs);  // the tick: the key restated over stdin
  QTRY_VERIFY2_WITH_TIMEOUT(logs().contains("Signing on: unsigned frames refused"), qPrintable(logs()), 5000);
  QTRY_VERIFY_WITH_TIMEOUT(connection_->stats().signed_in >= signed_before + 25, 5000);
  QCOMPARE(command([this] { link_->setMode(VAYU_MODE_ALT_HOLD); }).message, QStringLiteral("Mode ALT_HOLD: accepted"));
  signing_->setClock(nullptr);
}

void SignedLinkTest::theStationSignsOnAfterItsLinkRestarts() {
  const std::uint64_t used = connection_->signingTimestamp();
  signing_->forget();  // keeps the last timestamp with the key
  QVERIFY(store_->entry(1)->timestamp >= used);
  newStationLink({});  // a station attached to a firmware it did not start: no private link
  QTRY_VERIFY2_WITH_TIMEOUT(link_->linkState() == LinkState::Connected, qPrintable(logs()), 5000);
  QCOMPARE(connection_->signedSystem(), std::uint8_t(1));  // the stored key, on the first heartbeat
  QCOMPARE(command([this] { link_->setMode(VAYU_MODE_ALT_HOLD); }).message, QStringLiteral("Mode ALT_HOLD: accepted"));
  QTRY_VERIFY_WITH_TIMEOUT(connection_->stats().signed_in >= 25, 5000);
  QCOMPARE(connection_->stats().refused(), 0u);
}

void SignedLinkTest::signingOffOpensTheLinkAgain() {
  newStationLink([this](const QByteArray& f) { return firmware_.writePrivate(f); });
  QTRY_VERIFY_WITH_TIMEOUT(connection_->signing(), 5000);
  QCOMPARE(signing_->disable(1), QString());
  QVERIFY(!store_->entry(1).has_value());
  QTRY_VERIFY2_WITH_TIMEOUT(texts_.contains("Signing off"), qPrintable(texts_.join('\n')), 5000);
  const mavlink_command_long_t acro = setMode(VAYU_MODE_ACRO);
  sendFromStranger(strangerFrame(MAVLINK_MSG_ID_COMMAND_LONG, &acro, nullptr, 0));  // unsigned is taken again
  // Taken, and answered to whoever sent it, as an unsigned link does.
  QTRY_VERIFY2_WITH_TIMEOUT(logs().contains("vayu_sitl: Mode ACRO"), qPrintable(logs()), 5000);
  QTRY_VERIFY_WITH_TIMEOUT(stranger_.hasPendingDatagrams(), 5000);
}

void SignedLinkTest::aDamagedKeyStopsTheFirmware() {
  // A parameter file whose key line is damaged: the firmware does not start unsigned in its place.
  const QString path = dir_.path() + "/damaged_params.txt";
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write("RATE_RP_P 0.15\nSIGNING_KEY 00112233zz\n");
  f.close();
  QProcess p;
  p.start(NAVIGATOR_BIN_DIR "/vayu_sitl", {"--dir", dir_.path() + "/damaged", "--params", path, "--port", "0"});
  QVERIFY(p.waitForFinished(5000));
  QCOMPARE(p.exitCode(), 1);
  const QString err = QString::fromLocal8Bit(p.readAllStandardError());
  QVERIFY2(err.contains(path + ":2: the signing record is damaged: the key is not 64 hex digits"), qPrintable(err));
  QVERIFY2(err.contains("does not start unsigned"), qPrintable(err));
}

void SignedLinkTest::cleanupTestCase() {
  QSignalSpy stopped(&firmware_, &SitlProcess::stopped);
  if (firmware_.state() != SitlProcess::State::Stopped) {
    firmware_.stop();
    QVERIFY(stopped.wait(5000));
  }
  if (sim_.state() != QProcess::NotRunning) {
    sim_.terminate();
    if (!sim_.waitForFinished(5000)) sim_.kill();
  }
}

QTEST_GUILESS_MAIN(SignedLinkTest)
#include "signed_link_test.moc"
