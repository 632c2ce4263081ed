#include "app/link/serial_port_catalog.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <algorithm>

namespace navigator {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("SerialPortCatalog", text); }

// A USB id written as four hex digits ("0483"); nullopt for anything else.
std::optional<quint16> parseUsbId(const QJsonValue& value) {
  if (!value.isString()) return std::nullopt;
  const QString s = value.toString();
  if (s.size() != 4) return std::nullopt;
  bool ok = false;
  const uint id = s.toUInt(&ok, 16);
  if (!ok) return std::nullopt;
  return quint16(id);
}

std::optional<UsbDeviceEntry::Kind> parseKind(const QJsonValue& value) {
  const QString s = value.toString();
  if (s == QLatin1String("flight_controller")) return UsbDeviceEntry::Kind::FlightController;
  if (s == QLatin1String("adapter")) return UsbDeviceEntry::Kind::Adapter;
  if (s == QLatin1String("dfu")) return UsbDeviceEntry::Kind::Dfu;
  return std::nullopt;
}

int rank(const SerialPortListing& l) {
  if (!l.known) return 2;
  switch (*l.known) {
    case UsbDeviceEntry::Kind::FlightController:
      return 0;
    case UsbDeviceEntry::Kind::Adapter:
      return 1;
    case UsbDeviceEntry::Kind::Dfu:
      return 3;
  }
  return 2;
}

QString hexId(quint16 id) { return QStringLiteral("%1").arg(id, 4, 16, QLatin1Char('0')); }

}  // namespace

const UsbDeviceEntry* UsbDeviceTable::find(quint16 vid, quint16 pid) const {
  for (const UsbDeviceEntry& e : entries)
    if (e.vid == vid && e.pid == pid) return &e;
  return nullptr;
}

UsbDeviceTableLoad parseUsbDeviceTable(const QByteArray& json, const QString& source) {
  UsbDeviceTableLoad out;
  QJsonParseError parse_error{};
  const QJsonDocument doc = QJsonDocument::fromJson(json, &parse_error);
  if (parse_error.error != QJsonParseError::NoError) {
    out.error =
        tr("%1: not valid JSON at byte %2: %3").arg(source).arg(parse_error.offset).arg(parse_error.errorString());
    return out;
  }
  const QJsonValue devices = doc.object().value(QLatin1String("devices"));
  if (!doc.isObject() || !devices.isArray()) {
    out.error = tr("%1: expected an object with a \"devices\" list").arg(source);
    return out;
  }
  QSet<quint32> seen;
  const QJsonArray list = devices.toArray();
  for (qsizetype i = 0; i < list.size(); ++i) {
    // Entries are numbered from 1 as a person counts them in the file.
    const QString where = tr("%1: device entry %2").arg(source).arg(i + 1);
    if (!list[i].isObject()) {
      out.error = tr("%1 is not an object").arg(where);
      return out;
    }
    const QJsonObject o = list[i].toObject();
    const auto vid = parseUsbId(o.value(QLatin1String("vid")));
    const auto pid = parseUsbId(o.value(QLatin1String("pid")));
    const auto kind = parseKind(o.value(QLatin1String("kind")));
    const QString label = o.value(QLatin1String("label")).toString().trimmed();
    const QString id_text =
        o.value(QLatin1String("vid")).toString() + QLatin1Char(':') + o.value(QLatin1String("pid")).toString();
    if (!vid || !pid) {
      out.error = tr("%1 (%2): \"vid\" and \"pid\" must be four hex digits, as \"0483\"").arg(where, id_text);
      return out;
    }
    if (!kind) {
      out.error = tr("%1 (%2): \"kind\" must be flight_controller, adapter or dfu").arg(where, id_text);
      return out;
    }
    if (label.isEmpty()) {
      out.error = tr("%1 (%2): \"label\" is missing or empty").arg(where, id_text);
      return out;
    }
    const quint32 key = (quint32(*vid) << 16) | *pid;
    if (seen.contains(key)) {
      out.error = tr("%1 (%2): this USB id is listed twice").arg(where, id_text);
      return out;
    }
    seen.insert(key);
    out.table.entries.append(UsbDeviceEntry{*vid, *pid, *kind, label});
  }
  return out;
}

UsbDeviceTableLoad loadUsbDeviceTable(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    UsbDeviceTableLoad out;
    out.error = tr("%1: cannot read the USB device table: %2").arg(path, file.errorString());
    return out;
  }
  return parseUsbDeviceTable(file.readAll(), path);
}

QString defaultUsbDeviceTablePath() {
  return QDir(QCoreApplication::applicationDirPath())
      .filePath(QStringLiteral("../share/navigator/usb_serial_devices.json"));
}

SerialPortFacts SerialPortFacts::fromInfo(const QSerialPortInfo& info) {
  SerialPortFacts f;
  f.port_name = info.portName();
  f.system_location = info.systemLocation();
  f.description = info.description();
  f.manufacturer = info.manufacturer();
  f.serial_number = info.serialNumber();
  if (info.hasVendorIdentifier()) f.vid = info.vendorIdentifier();
  if (info.hasProductIdentifier()) f.pid = info.productIdentifier();
  return f;
}

QList<SerialPortListing> catalogSerialPorts(const QList<SerialPortFacts>& ports, const UsbDeviceTable& table) {
  QList<SerialPortListing> out;
  out.reserve(ports.size());
  for (const SerialPortFacts& p : ports) {
    SerialPortListing l;
    l.port = p;
    const QString where = p.system_location.isEmpty() ? p.port_name : p.system_location;
    const UsbDeviceEntry* entry = p.vid && p.pid ? table.find(*p.vid, *p.pid) : nullptr;
    QString what;
    if (entry) {
      l.known = entry->kind;
      l.usable = entry->kind != UsbDeviceEntry::Kind::Dfu;
      what = entry->label;
    } else if (!p.description.isEmpty()) {
      what = p.description;
      if (p.vid && p.pid) what += QStringLiteral(" (%1:%2)").arg(hexId(*p.vid), hexId(*p.pid));
    } else if (p.vid && p.pid) {
      what = tr("Unknown USB serial device %1:%2").arg(hexId(*p.vid), hexId(*p.pid));
    } else {
      what = tr("Serial port");
    }
    l.label = QStringLiteral("%1 — %2").arg(what, where);
    out.append(l);
  }
  std::stable_sort(out.begin(), out.end(), [](const SerialPortListing& a, const SerialPortListing& b) {
    if (rank(a) != rank(b)) return rank(a) < rank(b);
    return a.port.system_location < b.port.system_location;
  });
  return out;
}

QList<SerialPortFacts> availableSerialPorts() {
  QList<SerialPortFacts> out;
  for (const QSerialPortInfo& info : QSerialPortInfo::availablePorts()) out.append(SerialPortFacts::fromInfo(info));
  return out;
}

}  // namespace navigator
