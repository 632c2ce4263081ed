// AutopilotConnection: the station's link to autopilots it did not start (AutopilotLink), and
// how it is opened — where a PX4 or ArduPilot world this station started talks (PX4 sends to
// UDP 14550; one ArduPilot SITL serves TCP 127.0.0.1:5760, several send to UDP 14550 as PX4's
// do), or an address the user gives. ArduPilot's TCP port listens only once ArduPilot runs,
// which the user starts after the world: until the link stands, it is tried again every
// second while the world runs. A problem on the link is told with what the station knows
// about it (its own SITL link listening on the same UDP port).
// Thread contract: GUI thread.
#pragma once

#include "app/link/autopilot_link.h"
#include "sim/service/autopilot_backend.h"

#include <QObject>
#include <QTimer>

#include <functional>
#include <optional>

namespace navigator {

class AutopilotConnection : public QObject {
  Q_OBJECT
 public:
  explicit AutopilotConnection(QObject* parent = nullptr);

  AutopilotLink* link() { return &link_; }
  // The UDP port the station's own SITL link listens on now, if it does (for the problem text).
  void setOwnUdpPort(std::function<std::optional<quint16>()> port) { own_udp_port_ = std::move(port); }
  // Whether the world whose ArduPilot is awaited still runs (the retry stops when it does not).
  void setWorldRunning(std::function<bool()> running) { world_running_ = std::move(running); }

  // Opens the link where the autopilots of a world of `vehicles` flown by `kind` talk.
  void openForWorld(vsim::AutopilotKind kind, int vehicles);
  // Opens the link at `address` ("udp:14550", "tcp:127.0.0.1:5760", …); the problem with the
  // address in words, or an empty string.
  QString open(const QString& address);
  void stopRetrying() { retry_.stop(); }
  bool retrying() const { return retry_.isActive(); }

 signals:
  void logLine(const QString& line);
  void problem(const QString& text);

 private:
  void onProblem(const QString& text);

  AutopilotLink link_;
  QTimer retry_;
  std::function<std::optional<quint16>()> own_udp_port_;
  std::function<bool()> world_running_;
};

}  // namespace navigator
