// The port catalog on made-up port facts (no hardware): known USB ids labelled from the table,
// DFU marked unusable, unknown ports by their description, order; the shipped table loads; a
// bad table is an error naming the file and the entry.
#include "app/link/serial_port_catalog.h"

#include <QtTest>

using namespace navigator;

namespace {

SerialPortFacts port(const QString& location, std::optional<quint16> vid, std::optional<quint16> pid,
                     const QString& description = {}) {
  SerialPortFacts f;
  f.system_location = location;
  f.port_name = location.section(QLatin1Char('/'), -1);
  f.vid = vid;
  f.pid = pid;
  f.description = description;
  return f;
}

UsbDeviceTable shippedTable() {
  const UsbDeviceTableLoad load =
      loadUsbDeviceTable(QStringLiteral(NAVIGATOR_SOURCE_DIR "/resources/usb_serial_devices.json"));
  if (!load.error.isEmpty()) qWarning("%s", qPrintable(load.error));
  return load.table;
}

}  // namespace

class SerialPortCatalogTest : public QObject {
  Q_OBJECT

 private slots:
  void shippedTableHasTheBoardsIssue8Names();
  void labelsKnownBoardsAndOrdersThem();
  void badTableNamesFileAndEntry_data();
  void badTableNamesFileAndEntry();
  void missingFileNamesIt();
};

void SerialPortCatalogTest::shippedTableHasTheBoardsIssue8Names() {
  const UsbDeviceTable t = shippedTable();
  struct Id {
    quint16 vid, pid;
    UsbDeviceEntry::Kind kind;
  };
  // The ids as vendor documentation and the Linux drivers' tables give them.
  const Id ids[] = {
      {0x0483, 0x5740, UsbDeviceEntry::Kind::FlightController}, {0x0483, 0xdf11, UsbDeviceEntry::Kind::Dfu},
      {0x0403, 0x6001, UsbDeviceEntry::Kind::Adapter},          {0x0403, 0x6010, UsbDeviceEntry::Kind::Adapter},
      {0x0403, 0x6014, UsbDeviceEntry::Kind::Adapter},          {0x0403, 0x6015, UsbDeviceEntry::Kind::Adapter},
      {0x10c4, 0xea60, UsbDeviceEntry::Kind::Adapter},          {0x1a86, 0x7523, UsbDeviceEntry::Kind::Adapter},
      {0x1a86, 0x5523, UsbDeviceEntry::Kind::Adapter}};
  for (const Id& id : ids) {
    const UsbDeviceEntry* e = t.find(id.vid, id.pid);
    QVERIFY2(e, qPrintable(QStringLiteral("%1:%2 missing").arg(id.vid, 4, 16).arg(id.pid, 4, 16)));
    QCOMPARE(e->kind, id.kind);
    QVERIFY(!e->label.isEmpty());
  }
  QVERIFY(t.find(0x0483, 0xdf11)->label.contains(QLatin1String("DFU")));
  QVERIFY(t.find(0x0483, 0xdf11)->label.contains(QLatin1String("not a serial link")));
  QVERIFY(!t.find(0x0483, 0x0001));
}

void SerialPortCatalogTest::labelsKnownBoardsAndOrdersThem() {
  const QList<SerialPortFacts> ports = {
      port("/dev/ttyS0", std::nullopt, std::nullopt),
      port("/dev/ttyUSB0", 0x0403, 0x6001, "FT232R USB UART"),
      port("/dev/ttyUSB1", 0x1234, 0x5678, "Mystery bridge"),
      port("/dev/ttyACM1", 0x0483, 0xdf11),  // as a USB enumerator would report a DFU board
      port("/dev/ttyACM0", 0x0483, 0x5740, "STM32 Virtual ComPort"),
      port("/dev/ttyUSB2", 0x1a86, 0x7523),
      port("/dev/ttyUSB3", 0xabcd, 0x0001),
  };
  const QList<SerialPortListing> list = catalogSerialPorts(ports, shippedTable());
  QCOMPARE(list.size(), ports.size());
  QStringList order;
  for (const SerialPortListing& l : list) order << l.port.system_location;
  // Flight controllers, adapters, unknown, DFU last; by location within each group.
  QCOMPARE(order, QStringList({"/dev/ttyACM0", "/dev/ttyUSB0", "/dev/ttyUSB2", "/dev/ttyS0", "/dev/ttyUSB1",
                               "/dev/ttyUSB3", "/dev/ttyACM1"}));
  QCOMPARE(list[0].label, QStringLiteral("STM32 virtual COM port (flight controller) — /dev/ttyACM0"));
  QCOMPARE(list[0].known, UsbDeviceEntry::Kind::FlightController);
  QVERIFY(list[0].usable);
  QCOMPARE(list[1].label, QStringLiteral("FTDI FT232R USB-UART — /dev/ttyUSB0"));
  QCOMPARE(list[2].label, QStringLiteral("WCH CH340 USB-UART — /dev/ttyUSB2"));
  QCOMPARE(list[3].label, QStringLiteral("Serial port — /dev/ttyS0"));
  QVERIFY(!list[3].known);
  QCOMPARE(list[4].label, QStringLiteral("Mystery bridge (1234:5678) — /dev/ttyUSB1"));
  QCOMPARE(list[5].label, QStringLiteral("Unknown USB serial device abcd:0001 — /dev/ttyUSB3"));
  QCOMPARE(list[6].known, UsbDeviceEntry::Kind::Dfu);
  QVERIFY(!list[6].usable);
  QVERIFY(list[6].label.contains(QLatin1String("DFU mode: flash it, not a serial link")));
  QVERIFY(catalogSerialPorts({}, shippedTable()).isEmpty());
}

void SerialPortCatalogTest::badTableNamesFileAndEntry_data() {
  QTest::addColumn<QByteArray>("json");
  QTest::addColumn<QString>("expected");
  const QByteArray good = R"({"vid":"0483","pid":"5740","kind":"adapter","label":"A"})";
  QTest::newRow("not json") << QByteArray("{\"devices\": [") << "not valid JSON";
  QTest::newRow("no list") << QByteArray(R"({"device": []})") << "\"devices\" list";
  QTest::newRow("bad vid") << QByteArray(R"({"devices":[)" + good +
                                         R"(,{"vid":"483","pid":"5740","kind":"adapter","label":"B"}]})")
                           << "device entry 2 (483:5740): \"vid\" and \"pid\" must be four hex digits";
  QTest::newRow("bad pid") << QByteArray(R"({"devices":[{"vid":"0483","pid":"zz40","kind":"adapter","label":"B"}]})")
                           << "device entry 1 (0483:zz40)";
  QTest::newRow("bad kind") << QByteArray(R"({"devices":[{"vid":"0483","pid":"5740","kind":"modem","label":"B"}]})")
                            << "device entry 1 (0483:5740): \"kind\" must be";
  QTest::newRow("no label") << QByteArray(R"({"devices":[{"vid":"0483","pid":"5740","kind":"dfu"}]})")
                            << "device entry 1 (0483:5740): \"label\" is missing";
  QTest::newRow("twice") << QByteArray(R"({"devices":[)" + good + "," + good + "]}")
                         << "device entry 2 (0483:5740): this USB id is listed twice";
  QTest::newRow("not an object") << QByteArray(R"({"devices":[)" + good + R"(, 7]})")
                                 << "device entry 2 is not an object";
}

void SerialPortCatalogTest::badTableNamesFileAndEntry() {
  QFETCH(QByteArray, json);
  QFETCH(QString, expected);
  const UsbDeviceTableLoad load = parseUsbDeviceTable(json, QStringLiteral("/x/usb_serial_devices.json"));
  QVERIFY2(load.error.startsWith(QLatin1String("/x/usb_serial_devices.json: ")), qPrintable(load.error));
  QVERIFY2(load.error.contains(expected), qPrintable(load.error));
  QVERIFY(load.table.entries.isEmpty() || !load.error.isEmpty());
}

void SerialPortCatalogTest::missingFileNamesIt() {
  const UsbDeviceTableLoad load = loadUsbDeviceTable(QStringLiteral("/nonexistent/usb_serial_devices.json"));
  QVERIFY2(load.error.contains(QLatin1String("/nonexistent/usb_serial_devices.json")), qPrintable(load.error));
}

QTEST_GUILESS_MAIN(SerialPortCatalogTest)
#include "serial_port_catalog_test.moc"
