// The MAVLink inspector as a real window fed real frames: HEARTBEATs packed by the project's
// codec and parsed by a MavlinkConnection (as the SITL link), on a ManualTickClock the test
// drives — the source listed by system and component, the rate over the 2 s window (20 frames
// 100 ms apart: 20 / 2 s = 10.0 Hz; none for a whole window: 0.0 Hz), the count, the fields
// decoded by the codec's table once the message is clicked; Freeze holds the view while frames
// are still counted. On an AutopilotLink over UDP with the PX4 stand-in: AUTOPILOT_VERSION,
// which the codec does not know, and a message nobody here knows, both shown as hex.
#include "app/link/autopilot_link.h"
#include "app/link/mavlink_connection.h"
#include "app/link/raw_frames.h"
#include "app/link/udp_transport.h"
#include "app/ui/mavlink_inspector.h"
#include "tests/app/link/autopilot_stand_in.h"

#include <QPushButton>
#include <QTableWidget>
#include <QTest>
#include <QTreeWidget>

using namespace navigator;

namespace {

QByteArray heartbeatFrame(mavlink_sender_t* sender, std::uint8_t autopilot) {
  mavlink_heartbeat_t h{};
  h.type = 2;
  h.autopilot = autopilot;
  h.custom_mode = 196608;
  std::uint8_t frame[MAVLINK_MAX_FRAME_LEN];
  return QByteArray(reinterpret_cast<const char*>(frame), qsizetype(mavlink_heartbeat_pack(sender, &h, frame)));
}

QTreeWidgetItem* findItem(QTreeWidget* tree, const QString& text) {
  const QList<QTreeWidgetItem*> found = tree->findItems(text, Qt::MatchStartsWith | Qt::MatchRecursive);
  return found.isEmpty() ? nullptr : found.front();
}

QString field(QTableWidget* table, const QString& name) {
  for (int r = 0; r < table->rowCount(); ++r)
    if (table->item(r, 0)->text() == name) return table->item(r, 1)->text();
  return {};
}

}  // namespace

class MavlinkInspectorTest : public QObject {
  Q_OBJECT

 private slots:
  void ratesFieldsAndFreeze();
  void unknownMessagesAsHex();
};

void MavlinkInspectorTest::ratesFieldsAndFreeze() {
  ManualTickClock clock;
  MavlinkConnection sitl;
  MavlinkInspector inspector(&clock);
  inspector.addConnection(QStringLiteral("SITL link"), &sitl);
  inspector.show();
  QVERIFY(QTest::qWaitForWindowExposed(&inspector));
  mavlink_sender_t vehicle{1, 1, 0};
  for (int i = 0; i < 20; ++i) {
    sitl.feedBytes(heartbeatFrame(&vehicle, 12));
    clock.advance(100);
  }
  QTreeWidget* tree = inspector.tree();
  QTreeWidgetItem* source = findItem(tree, QStringLiteral("SITL link · system 1 · component 1"));
  QVERIFY(source);
  QTreeWidgetItem* heartbeat = findItem(tree, QStringLiteral("HEARTBEAT (0)"));
  QVERIFY(heartbeat);
  QCOMPARE(heartbeat->parent(), source);
  // 20 frames at t = 0, 100, …, 1900 ms, read at 2000 ms: those in (0, 2000] are 19 → 9.5 Hz.
  QCOMPARE(heartbeat->text(1), QStringLiteral("9.5"));
  QCOMPARE(heartbeat->text(2), QStringLiteral("20"));
  sitl.feedBytes(heartbeatFrame(&vehicle, 12));  // t = 2000: 20 in (0, 2000] → 10.0 Hz
  clock.advance(0);
  QCOMPARE(heartbeat->text(1), QStringLiteral("10.0"));

  // Clicked: its fields as the codec's table names them.
  const QRect at = tree->visualItemRect(heartbeat);
  QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, at.center());
  QCOMPARE(tree->currentItem(), heartbeat);
  QCOMPARE(field(inspector.fields(), QStringLiteral("custom_mode")), QStringLiteral("196608"));
  QCOMPARE(field(inspector.fields(), QStringLiteral("autopilot")), QStringLiteral("12"));
  QCOMPARE(field(inspector.fields(), QStringLiteral("type")), QStringLiteral("2"));

  // Frozen: the view holds while frames are still counted; released, it shows them.
  QTest::mouseClick(inspector.freezeButton(), Qt::LeftButton);
  QVERIFY(inspector.freezeButton()->isChecked());
  for (int i = 0; i < 5; ++i) sitl.feedBytes(heartbeatFrame(&vehicle, 12));
  clock.advance(100);
  QCOMPARE(heartbeat->text(2), QStringLiteral("21"));
  QTest::mouseClick(inspector.freezeButton(), Qt::LeftButton);
  QCOMPARE(heartbeat->text(2), QStringLiteral("26"));

  // Silent for a whole window: 0 Hz, the count kept.
  clock.advance(2000);
  QCOMPARE(heartbeat->text(1), QStringLiteral("0.0"));
  QCOMPARE(heartbeat->text(2), QStringLiteral("26"));
}

void MavlinkInspectorTest::unknownMessagesAsHex() {
  ManualTickClock clock;
  AutopilotLink station;
  MavlinkInspector inspector(&clock);
  inspector.addAutopilotLink(QStringLiteral("Autopilot link"), &station);
  inspector.show();
  QVERIFY(QTest::qWaitForWindowExposed(&inspector));
  QVERIFY(station.open(LinkEndpoint{LinkEndpoint::Kind::Udp, {}, 0}));
  AutopilotStandIn px4({AutopilotStandIn::Kind::Px4, 3});
  QVERIFY(px4.bindUdp(qobject_cast<UdpTransport*>(station.transport())->localPort()));
  px4.heartbeat();  // → the station asks for AUTOPILOT_VERSION, the stand-in answers
  mavlink_sender_t other{3, 191, 0};
  px4.sendBytes(packRawFrame(&other, 42424, 7, QByteArray("\xca\xfe", 2)));
  px4.heartbeat();  // the next start marker, which frames the unknown one
  QTRY_VERIFY_WITH_TIMEOUT(inspector.stats().entries().size() >= 4, 3000);  // HEARTBEAT, ACK, VERSION, 42424
  clock.advance(500);
  QTreeWidget* tree = inspector.tree();
  QVERIFY(findItem(tree, QStringLiteral("Autopilot link · system 3 · component 1")));
  QVERIFY(findItem(tree, QStringLiteral("Autopilot link · system 3 · component 191")));
  QTreeWidgetItem* version = findItem(tree, QStringLiteral("AUTOPILOT_VERSION (148)"));
  QVERIFY(version);
  tree->setCurrentItem(version);
  // capabilities first, little-endian: the stand-in's PX4 set, bits 0–7, 10, 11, 13, 14, 15 =
  // 0xecff → "ff ec".
  QCOMPARE(field(inspector.fields(), QStringLiteral("payload (hex; checksum verified)")).left(5),
           QStringLiteral("ff ec"));
  QTreeWidgetItem* unknown = findItem(tree, QStringLiteral("message 42424 (42424)"));
  QVERIFY(unknown);
  tree->setCurrentItem(unknown);
  QCOMPARE(field(inspector.fields(), QStringLiteral("payload (hex; not verifiable)")), QStringLiteral("ca fe"));
}

QTEST_MAIN(MavlinkInspectorTest)
#include "mavlink_inspector_test.moc"
