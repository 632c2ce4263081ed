// AutopilotLink: the station's link to autopilots it did not start — PX4 (which sends to UDP
// 14550 from 18570+i, one system id per instance), ArduPilot (SITL's SERIAL0 on TCP 5760, or
// UDP), or any MAVLink vehicle — as QGroundControl or Mission Planner would connect. It owns
// the transport the user chose, its MavlinkConnection and the VehicleRoster of the vehicles
// heard on it. Opening names what went wrong (the port in use, nothing listening, the vehicle
// gone) and leaves nothing half-open; a TCP peer that vanishes closes the link with a message,
// and connecting again is the user's choice. A serial device that vanishes (unplugged, a
// pseudo-terminal closed) is reopened when it is back (SerialTransport): the link stays, and
// with it the vehicles, their parameters and modes; both events are told (problem, note).
// The station beats (HEARTBEAT, MAV_TYPE_GCS) on every link it opens once a second: on TCP and
// serial from the moment they open — PX4 reports "no connection to the ground station" until
// it hears one —, on UDP once a vehicle has spoken (there is nobody to send to before; the
// roster beats from then on).
// Each vehicle heard is asked for AUTOPILOT_VERSION (MAV_CMD_REQUEST_MESSAGE 148; after two
// unanswered tries once more with the older MAV_CMD_REQUEST_AUTOPILOT_CAPABILITIES, which
// ArduPilot and PX4 both still answer), command_retry_ms apart; its capabilities set how the
// vehicle's ParamClient encodes integers. The codec does not know that message, so the link
// reads it with a RawFrameScanner beside the codec's parser; the same scanner hands every
// frame (known or not) to rawFrameReceived, for the MAVLink inspector. Without an answer after
// three tries the encoding stays the one the HEARTBEAT's autopilot implies (ParamClient), and
// the link says so.
// Thread contract: GUI thread (UDP and TCP run on its event loop; the traffic of a few vehicles
// is tens to hundreds of frames a second).
#pragma once

#include "app/link/link_timings.h"
#include "app/link/mavlink_connection.h"
#include "app/link/raw_frames.h"
#include "app/link/vehicle_roster.h"

#include <QObject>
#include <QHash>
#include <QString>
#include <QTimer>

#include <memory>
#include <optional>

namespace navigator {

// Where to connect: UDP listens on a local port; TCP connects to host:port; Serial opens a
// device (a flight controller's USB port, a radio, a pseudo-terminal) at a baud rate, or
// finds the rate (SerialTransport's detection: the first at which MAVLink parses).
struct LinkEndpoint {
  enum class Kind { Udp, Tcp, Serial };
  Kind kind = Kind::Udp;
  QString host;      // TCP: the host; Serial: the device path
  quint16 port = 0;  // UDP: the local port; TCP: the server's
  qint32 baud = 0;   // Serial: the rate; 0: detected

  static LinkEndpoint px4Udp();        // udp:14550
  static LinkEndpoint ardupilotTcp();  // tcp:127.0.0.1:5760
  // "udp:14550", "14550", "tcp:127.0.0.1:5760", "localhost:5762" (host:port is TCP),
  // "serial:/dev/ttyACM0", "serial:/dev/ttyUSB0:57600", "/dev/ttyACM0" (a path is serial).
  // Whitespace around is ignored. Nullopt with `error` saying what is wrong.
  static std::optional<LinkEndpoint> parse(const QString& text, QString* error = nullptr);
  QString text() const;  // as parse() reads it: "udp:14550", "tcp:127.0.0.1:5760", "serial:/dev/ttyACM0:57600"
  static constexpr qint32 kMaxBaud = 4'000'000;  // Linux's highest termios rate (B4000000)
  bool operator==(const LinkEndpoint&) const = default;
};

class AutopilotLink : public QObject {
  Q_OBJECT

 public:
  explicit AutopilotLink(const LinkTimings& timings = {}, QObject* parent = nullptr);
  ~AutopilotLink() override;

  // Opens `endpoint` (a link already open is closed first, its vehicles forgotten). UDP opens
  // at once; TCP starts connecting and says later (stateChanged or problem). False, with
  // problem(), when it could not even start.
  bool open(const LinkEndpoint& endpoint);
  void close();
  bool isOpen() const;    // UDP bound, or TCP connected
  bool isActive() const;  // open, a TCP connection under way, or a serial device being reopened
  std::optional<LinkEndpoint> endpoint() const { return endpoint_; }
  QString description() const;  // for the panel: "UDP port 14550 ⇄ 2 vehicles"

  VehicleRoster* roster() { return &roster_; }
  MavlinkConnection* connection() { return &connection_; }
  MavlinkTransport* transport() const { return transport_.get(); }

 signals:
  // The link opened or closed; `text` says what it is connected to, or why it closed.
  void stateChanged(bool open, const QString& text);
  void problem(const QString& text);
  // Something worth a line in the log: how a vehicle's parameters are encoded and why, a
  // PARAM_VALUE that could not be taken (ParamClient::paramProblem, naming the parameter).
  void note(const QString& text);
  // Every frame on the link, including messages the codec does not know (checked = false
  // when no CRC_EXTRA is known for it).
  void rawFrameReceived(const navigator::RawFrame& frame);

 private:
  void dropTransport();
  void onBytes(const QByteArray& bytes);
  void onVehicleAdded(VehicleLink* vehicle);
  void requestVersion(std::uint8_t system_id, int attempt);
  void onVersionTimer();
  std::unique_ptr<MavlinkTransport> makeTransport(const LinkEndpoint& endpoint);
  void watchSerial(const LinkEndpoint& endpoint);
  void beat();

  LinkTimings timings_;
  MavlinkConnection connection_;
  VehicleRoster roster_;
  std::unique_ptr<MavlinkTransport> transport_;
  std::optional<LinkEndpoint> endpoint_;
  bool connected_ = false;  // the transport opened since open() (a TCP connection stood)
  RawFrameScanner scanner_;
  QHash<std::uint8_t, int> version_attempts_;  // system id → requests sent, while unanswered
  QTimer version_timer_;
  QTimer beat_timer_;  // the station's HEARTBEAT while the roster does not beat
};

}  // namespace navigator
