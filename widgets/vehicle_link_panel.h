// VehicleLinkPanel: which vehicle the Fly page shows and commands, and the link to autopilots
// the station did not start — a vehicle selector (the station's own SITL or board vehicle, then
// every vehicle heard on the autopilot link, by system id: "1 PX4 quadrotor", "2 ArduCopter"),
// a choice of where to connect (PX4 on UDP 14550, ArduPilot SITL on TCP 127.0.0.1:5760, each
// serial port the system lists — a flight controller on USB, a telemetry radio —, or an address
// typed as udp:PORT, tcp:HOST:PORT or serial:DEVICE[:BAUD]), Connect / Disconnect and what the
// link is doing. A serial port chosen from the list connects with its baud rate detected.
// Plain values in, plain requests out. GUI thread only.
#pragma once

#include <QStringList>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace navigator {

// One serial port to offer (as the Board tab lists them: the port catalogue's label and path).
struct VehiclePortChoice {
  QString label;  // "STM32 virtual COM port (flight controller) — /dev/ttyACM0"
  QString path;   // "/dev/ttyACM0"
  bool usable = true;
};

class VehicleLinkPanel : public QWidget {
  Q_OBJECT
 public:
  // The preset choices' addresses, as the address field shows them.
  static constexpr const char* kPx4Address = "udp:14550";
  static constexpr const char* kArduPilotAddress = "tcp:127.0.0.1:5760";

  explicit VehicleLinkPanel(QWidget* parent = nullptr);

  // The vehicles to choose from, in order, and which one is shown (-1: none); `others`: vehicles
  // heard that this station does not fly, listed after them, greyed and not choosable.
  void setVehicles(const QStringList& labels, int current, const QStringList& others = {});
  // The link: whether it is open or connecting (Connect greys out, Disconnect not), and what it
  // is doing or why it stopped (`error`: shown in red).
  void setLinkState(bool active, const QString& text, bool error = false);

  QString address() const;  // as typed or chosen: "udp:14550"
  // Shows the address a link was opened on by the station itself (its own world's autopilots):
  // in the field, and as the matching preset, or "Other address".
  void setAddress(const QString& address);
  // The serial ports to offer between the presets and "Other address" (usable ones only); the
  // choice shown stays if its port is still there.
  void setSerialPorts(const QList<VehiclePortChoice>& ports);
  QComboBox* vehicleSelector() const { return vehicles_; }
  QComboBox* addressChoice() const { return choice_; }
  QLineEdit* addressField() const { return address_; }
  QPushButton* connectButton() const { return connect_; }
  QPushButton* disconnectButton() const { return disconnect_; }
  QString linkStateText() const;

 signals:
  void vehicleChosen(int index);
  void connectRequested(const QString& address);
  void disconnectRequested();

 private:
  QComboBox* vehicles_ = nullptr;
  QComboBox* choice_ = nullptr;
  QLineEdit* address_ = nullptr;
  QPushButton* connect_ = nullptr;
  QPushButton* disconnect_ = nullptr;
  QLabel* state_ = nullptr;
  bool quiet_ = false;
};

}  // namespace navigator
