// The link badge (it once read "LINK 57 %" on a loopback link that lost nothing, with a real PX4):
// InstrumentFeed's link quality counts the bound vehicle's own frames against the sequence
// numbers it sent — frames of messages this station does not decode are frames that arrived,
// and another vehicle on the same link neither lowers nor hides this one's loss. The expected
// percentages are the counts below: frames arrived / (arrived + missing by sequence).
#include "app/ui/instrument_feed.h"

#include <QtTest>

#include <cmath>

using namespace navigator;

namespace {

// What one sender puts on the link: known messages packed by the codec, unknown ones framed by
// hand (a message id this codec has no table entry for), each with the sender's next sequence.
struct Sender {
  mavlink_sender_t s;
  QByteArray heartbeat() {
    mavlink_heartbeat_t h{};
    h.type = 2;
    h.autopilot = 12;  // PX4
    h.base_mode = 1;
    h.mavlink_version = 3;
    std::uint8_t out[MAVLINK_MAX_FRAME_LEN];
    const std::size_t n = mavlink_pack(&s, MAVLINK_MSG_ID_HEARTBEAT, &h, out);
    return QByteArray(reinterpret_cast<const char*>(out), qsizetype(n));
  }
  QByteArray unknown() {  // msgid 245 (EXTENDED_SYS_STATE), which this codec does not know
    const std::uint8_t frame[] = {0xFD, 2, 0, 0, s.seq++, s.sysid, s.compid, 245, 0, 0, 1, 1, 0x55, 0xAA};
    return QByteArray(reinterpret_cast<const char*>(frame), sizeof frame);
  }
  void skip() { ++s.seq; }  // a frame sent and lost on the way
};

// A link pinned to system 1, fed what the connection parses, with the feed bound to it.
struct Bench {
  Bench() {
    link.pinSystem(1);
    QObject::connect(&connection, &MavlinkConnection::frameReceived, &link, &VehicleLink::receiveFrame);
    feed.bind(&link);
  }
  MavlinkConnection connection;
  VehicleLink link{&connection};
  InstrumentFeed feed;
};

}  // namespace

class InstrumentFeedTest : public QObject {
  Q_OBJECT
 private slots:
  void linkQualityIsTheBoundVehiclesOwn();
  void altitudeAboveTheAutopilotsHome();
};

void InstrumentFeedTest::linkQualityIsTheBoundVehiclesOwn() {
  Bench b;
  MavlinkConnection& connection = b.connection;
  InstrumentFeed& feed = b.feed;
  Sender px4{{1, 1, 0}}, other{{2, 1, 0}};

  // One second: vehicle 1 sends 10 heartbeats and 30 messages we do not decode, none lost;
  // vehicle 2, on the same link, loses half of its 20.
  for (int i = 0; i < 10; ++i) {
    connection.feedBytes(px4.heartbeat());
    for (int k = 0; k < 3; ++k) connection.feedBytes(px4.unknown());
    connection.feedBytes(other.heartbeat());
    other.skip();
  }
  QCOMPARE(b.link.vehicle().system_id, std::uint8_t(1));
  feed.updateLinkQuality();
  QCOMPARE(feed.state().link_quality_pct, 100);
  QVERIFY(connection.stats().unknown_messages >= 30);

  // The next second vehicle 1 loses 10 of its 40: 30 / 40 = 75 %.
  for (int i = 0; i < 10; ++i) {
    px4.skip();
    connection.feedBytes(px4.heartbeat());
    connection.feedBytes(px4.unknown());
    connection.feedBytes(px4.unknown());
  }
  // An unknown message is taken once the next frame begins (the parser checks that one follows
  // its end): the other vehicle's next heartbeat closes the second.
  connection.feedBytes(other.heartbeat());
  feed.updateLinkQuality();
  QCOMPARE(feed.state().link_quality_pct, 75);
}

// ArduCopter's VFR_HUD altitude is above sea level, and its first comes before its GPS fix
// (0 m); the PFD once read 584.2 m standing at home, while GLOBAL_POSITION_INT's relative_alt
// (above the autopilot's own home, common.xml) said 0. Once the vehicle sends relative_alt, that
// is the altitude shown; before, VFR_HUD's less the first one heard.
void InstrumentFeedTest::altitudeAboveTheAutopilotsHome() {
  Bench b;
  MavlinkConnection& connection = b.connection;
  InstrumentFeed& feed = b.feed;
  Sender copter{{1, 1, 0}};
  connection.feedBytes(copter.heartbeat());
  auto send = [&](auto message, std::uint32_t id) {
    std::uint8_t out[MAVLINK_MAX_FRAME_LEN];
    const std::size_t n = mavlink_pack(&copter.s, id, &message, out);
    connection.feedBytes(QByteArray(reinterpret_cast<const char*>(out), qsizetype(n)));
  };
  mavlink_vfr_hud_t hud{};
  hud.alt = 0.0f;  // before the GPS
  send(hud, MAVLINK_MSG_ID_VFR_HUD);
  hud.alt = 584.2f;  // above sea level at Canberra's field
  send(hud, MAVLINK_MSG_ID_VFR_HUD);
  QCOMPARE(feed.state().estimate.altitude_m, double(584.2f));  // what the PFD showed
  mavlink_global_position_int_t p{};
  p.alt = 584200;        // mm above sea level
  p.relative_alt = 120;  // mm above home
  send(p, MAVLINK_MSG_ID_GLOBAL_POSITION_INT);
  QCOMPARE(feed.state().estimate.altitude_m, 0.12);
  send(hud, MAVLINK_MSG_ID_VFR_HUD);  // a later VFR_HUD does not take it back
  QCOMPARE(feed.state().estimate.altitude_m, 0.12);
}

QTEST_MAIN(InstrumentFeedTest)
#include "instrument_feed_test.moc"
