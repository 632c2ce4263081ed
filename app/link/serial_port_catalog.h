// The serial port list: the ports the system shows (QSerialPortInfo), each labelled, with known
// boards recognised by USB vendor/product id from a table kept as data
// (resources/usb_serial_devices.json, found at ../share/navigator beside the executable).
// Labelling is a pure function of plain port facts, so it is tested without hardware.
// Pseudo-terminals (/dev/pts/N, socat, QEMU's -serial pty) are never listed by QSerialPortInfo:
// the user types their path, and SerialTransport opens any path it is given.
// A board in DFU mode is a USB DFU device, not a tty, so the system never lists it as a serial
// port; its table entry serves whoever enumerates USB (the flasher) through UsbDeviceTable::find.
// Thread contract: plain values and pure functions; any thread.
#pragma once

#include <QList>
#include <QSerialPortInfo>
#include <QString>

#include <optional>

namespace navigator {

// What one USB id is.
struct UsbDeviceEntry {
  enum class Kind { FlightController, Adapter, Dfu };
  quint16 vid = 0;
  quint16 pid = 0;
  Kind kind = Kind::Adapter;
  QString label;  // for people: "STM32 virtual COM port (flight controller)"
};

class UsbDeviceTable {
 public:
  QList<UsbDeviceEntry> entries;
  const UsbDeviceEntry* find(quint16 vid, quint16 pid) const;
};

// Either a table or the reason there is none: the file and the entry at fault.
struct UsbDeviceTableLoad {
  UsbDeviceTable table;
  QString error;  // empty on success
};

// Parses the JSON table; `source` names it in error messages (usually the file path).
UsbDeviceTableLoad parseUsbDeviceTable(const QByteArray& json, const QString& source);
UsbDeviceTableLoad loadUsbDeviceTable(const QString& path);
// ../share/navigator/usb_serial_devices.json beside the executable.
QString defaultUsbDeviceTablePath();

// The facts about one port that labelling needs: a QSerialPortInfo's, or made up in a test.
struct SerialPortFacts {
  QString port_name;        // "ttyACM0"
  QString system_location;  // "/dev/ttyACM0": what SerialTransport opens
  QString description;      // from the USB descriptor, may be empty
  QString manufacturer;
  QString serial_number;
  std::optional<quint16> vid, pid;

  static SerialPortFacts fromInfo(const QSerialPortInfo& info);
};

// One row of the port list.
struct SerialPortListing {
  SerialPortFacts port;
  QString label;                              // "STM32 virtual COM port (flight controller) — /dev/ttyACM0"
  std::optional<UsbDeviceEntry::Kind> known;  // set when the table knows the port's USB id
  bool usable = true;                         // false for a device that cannot carry a link (DFU)
};

// Labels ports: known boards by the table, others by their USB description or name. Order:
// flight controllers, then adapters, then the rest; by system location within each.
QList<SerialPortListing> catalogSerialPorts(const QList<SerialPortFacts>& ports, const UsbDeviceTable& table);

// The ports the system shows now, as facts (QSerialPortInfo::availablePorts()).
QList<SerialPortFacts> availableSerialPorts();

}  // namespace navigator
