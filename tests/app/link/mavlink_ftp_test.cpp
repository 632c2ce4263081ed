// The MAVLink FTP client (mavlink_ftp.h) against the server stand-in (ftp_server_stand_in.h):
// files read byte for byte, NAKs said in words, lost replies asked for again on the test's
// clock, and a server that announces more than it has. Every number is from the FTP
// specification (mavlink.io, "File Transfer Protocol"): 239 data bytes a packet
// (251 - the 12-byte header), a reply numbered request + 1.
#include "app/link/mavlink_ftp.h"
#include "app/link/mavlink_ftp_list.h"
#include "tests/app/link/ftp_server_stand_in.h"

#include <QTest>

#include <deque>
#include <random>

using navigator::ftp::Download;
using navigator::ftp::Listing;
using navigator::ftp::Packet;

namespace {

// The client and the server joined by a queue; time moves only when the test says.
struct Bench {
  FtpServerStandIn server;
  std::deque<Packet> to_server;
  std::int64_t now_ms = 0;
  Download client{[this](const Packet& p) { to_server.push_back(p); }};

  // Carries requests to the server and replies back until nothing is in flight.
  void pump() {
    while (!to_server.empty()) {
      const Packet request = to_server.front();
      to_server.pop_front();
      // (a packet goes through the wire format both ways, as over MAVLink)
      for (const Packet& reply : server.handle(navigator::ftp::decode(navigator::ftp::encode(request))))
        client.onReply(navigator::ftp::decode(navigator::ftp::encode(reply)), now_ms);
    }
  }
  // Time passes in 50 ms steps (a tick each) until the client is done or `limit_ms` passed.
  void run(std::int64_t limit_ms) {
    pump();
    for (std::int64_t t = 0; t < limit_ms && !client.finished(); t += 50) {
      now_ms += 50;
      client.tick(now_ms);
      pump();
    }
  }
};

// A listing against the same server, run until it is done.
struct ListBench {
  FtpServerStandIn server;
  std::deque<Packet> to_server;
  Listing client{[this](const Packet& p) { to_server.push_back(p); }};
  int requests = 0;
  void run(const std::string& path) {
    client.start(path, 0);
    while (!to_server.empty()) {
      const Packet request = to_server.front();
      to_server.pop_front();
      ++requests;
      for (const Packet& reply : server.handle(navigator::ftp::decode(navigator::ftp::encode(request))))
        client.onReply(reply, 0);
    }
  }
};

std::vector<std::uint8_t> randomBytes(std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<std::uint8_t> out(n);
  for (auto& b : out) b = std::uint8_t(rng());
  return out;
}

}  // namespace

class MavlinkFtpTest : public QObject {
  Q_OBJECT

 private slots:
  void payloadLayout() {
    // The specification's byte positions: seq 0-1 (little-endian), session 2, opcode 3, size 4,
    // req_opcode 5, burst_complete 6, padding 7, offset 8-11 (little-endian), data from 12.
    Packet p;
    p.seq = 0x1234;
    p.session = 7;
    p.opcode = navigator::ftp::kReadFile;
    p.size = 239;
    p.req_opcode = 0;
    p.burst_complete = 1;
    p.offset = 0x0A0B0C0D;
    p.data[0] = 0xEE;
    p.data[238] = 0xFF;
    const auto wire = navigator::ftp::encode(p);
    QCOMPARE(int(wire[0]), 0x34);
    QCOMPARE(int(wire[1]), 0x12);
    QCOMPARE(int(wire[2]), 7);
    QCOMPARE(int(wire[3]), 5);
    QCOMPARE(int(wire[4]), 239);
    QCOMPARE(int(wire[6]), 1);
    QCOMPARE(int(wire[8]), 0x0D);
    QCOMPARE(int(wire[11]), 0x0A);
    QCOMPARE(int(wire[12]), 0xEE);
    QCOMPARE(int(wire[250]), 0xFF);
    const Packet back = navigator::ftp::decode(wire);
    QCOMPARE(back.seq, p.seq);
    QCOMPARE(back.offset, p.offset);
    QCOMPARE(back.data, p.data);
  }

  void readsAFileByteForByte() {
    Bench b;
    const auto file = randomBytes(1000, 1);
    b.server.files["etc/extras/parameters.json.xz"] = file;
    b.client.setBurst(false);  // one ReadFile at a time
    QVERIFY(b.client.start("etc/extras/parameters.json.xz", b.now_ms));
    b.run(1000);
    QCOMPARE(b.client.state(), Download::State::Done);
    QCOMPARE(b.client.fileSize(), 1000u);
    QVERIFY(b.client.bytes() == file);
    // OpenFileRO, ceil(1000 / 239) = 5 ReadFile, TerminateSession; nothing resent.
    QCOMPARE(b.client.requestsSent(), 7);
    QCOMPARE(b.client.resends(), 0);
    QVERIFY(!b.server.session_open);
    // Each new request takes the next sequence number.
    for (std::size_t i = 1; i < b.server.requests.size(); ++i)
      QCOMPARE(int(b.server.requests[i].seq), int(b.server.requests[i - 1].seq) + 1);
  }

  void readsAnEmptyFile() {
    Bench b;
    b.server.files["empty"] = {};
    b.client.start("empty", 0);
    b.run(1000);
    QCOMPARE(b.client.state(), Download::State::Done);
    QVERIFY(b.client.bytes().empty());
    QCOMPARE(b.client.requestsSent(), 2);  // open and close: there is nothing to read
  }

  void fileNotFoundIsSaid() {
    Bench b;
    b.client.start("etc/extras/missing.json", 0);
    b.run(1000);
    QCOMPARE(b.client.state(), Download::State::Failed);
    QVERIFY2(QString::fromStdString(b.client.error()).contains("file not found (FileNotFound)"),
             b.client.error().c_str());
  }

  void lostReplyIsAskedForAgain() {
    const auto file = randomBytes(600, 2);
    Bench lossy;
    lossy.server.files["f"] = file;
    lossy.client.setBurst(false);  // one ReadFile at a time: a lost reply is asked for by its number
    lossy.client.start("f", 0);
    // The open is answered; the reply to the first read is lost.
    {
      const Packet open = lossy.to_server.front();
      lossy.to_server.pop_front();
      lossy.client.onReply(lossy.server.handle(open).at(0), 0);
    }
    lossy.server.drop_replies = 1;
    lossy.pump();
    QCOMPARE(lossy.client.state(), Download::State::Reading);
    QCOMPARE(lossy.server.replies_dropped, 1);
    // Within the timeout nothing is resent; at it, the same request (same number) goes again
    // and the server answers the repeat with its remembered reply.
    lossy.client.tick(Download::kReplyTimeoutMs - 1);
    QCOMPARE(lossy.client.resends(), 0);
    lossy.now_ms = Download::kReplyTimeoutMs;
    lossy.client.tick(lossy.now_ms);
    QCOMPARE(lossy.client.resends(), 1);
    const std::uint16_t repeated = lossy.to_server.front().seq;
    QCOMPARE(repeated, lossy.server.requests.back().seq);
    lossy.run(1000);
    QCOMPARE(lossy.client.state(), Download::State::Done);
    QCOMPARE(lossy.server.repeats_answered, 1);
    QVERIFY(lossy.client.bytes() == file);
  }

  void silentServerFailsAfterTheRetries() {
    Bench b;
    b.server.files["f"] = randomBytes(10, 3);
    b.server.drop_replies = 1000;
    b.client.start("f", 0);
    b.run(10'000);
    QCOMPARE(b.client.state(), Download::State::Failed);
    // The first send and kRetries (the specification's suggested 6) resends.
    QCOMPARE(b.client.requestsSent(), 1 + Download::kRetries);
    QVERIFY2(QString::fromStdString(b.client.error()).contains("no answer after 7 tries of opening"),
             b.client.error().c_str());
  }

  void busySessionIsReset() {
    Bench b;
    b.server.files["f"] = randomBytes(300, 4);
    b.server.session_open = true;  // left open by a transfer that was cut
    b.client.start("f", 0);
    b.run(1000);
    QCOMPARE(b.client.state(), Download::State::Done);
    QCOMPARE(int(b.server.requests[1].opcode), int(navigator::ftp::kResetSessions));
    QCOMPARE(b.client.bytes().size(), std::size_t(300));
  }

  void fileShorterThanAnnouncedIsSaid() {
    Bench b;
    b.server.files["f"] = randomBytes(300, 5);
    b.server.size_lie_bytes = 100;
    b.client.start("f", 0);
    b.run(1000);
    QCOMPARE(b.client.state(), Download::State::Failed);
    QVERIFY2(QString::fromStdString(b.client.error()).contains("ended at byte 300 of the 400 announced"),
             b.client.error().c_str());
    QVERIFY(!b.server.session_open);  // closed on the way out
  }

  void lateDuplicateIsIgnored() {
    Bench b;
    b.server.files["f"] = randomBytes(300, 6);
    b.client.start("f", 0);
    const Packet open = b.to_server.front();
    b.to_server.pop_front();
    const Packet reply = b.server.handle(open).at(0);
    QVERIFY(b.client.onReply(reply, 0));
    QVERIFY(!b.client.onReply(reply, 0));  // the same reply again: not this request's
    b.run(1000);
    QCOMPARE(b.client.state(), Download::State::Done);
  }

  void burstReadsAFileByteForByte() {
    Bench b;
    const auto file = randomBytes(100'000, 7);
    b.server.files["log/2026-11-29/10_31_02.ulg"] = file;
    QVERIFY(b.client.start("log/2026-11-29/10_31_02.ulg", b.now_ms));
    b.run(1000);
    QCOMPARE(b.client.state(), Download::State::Done);
    QVERIFY(b.client.bytes() == file);
    // The server ends a burst with the packet that passes 35,000 bytes: ceil(35000 / 239) = 147
    // packets, 35,133 bytes. Two such bursts and a third that reaches the end (NAK EOF):
    // OpenFileRO, three BurstReadFile, TerminateSession — against 1 + ceil(100000 / 239) + 1 =
    // 421 requests one ReadFile at a time.
    QCOMPARE(b.client.burstsRequested(), 3);
    QCOMPARE(b.client.requestsSent(), 5);
    QCOMPARE(b.client.resends(), 0);
    QCOMPARE(b.server.requests[2].offset, 35'133u);
    QCOMPARE(b.server.requests[3].offset, 70'266u);
    QVERIFY(!b.server.session_open);
    // Each request after a burst is numbered past the burst's stream (147 packets).
    QCOMPARE(int(b.server.requests[2].seq), int(b.server.requests[1].seq) + 1 + 147);
  }

  void lostBurstPacketsAreAskedForAgain() {
    Bench b;
    const auto file = randomBytes(20'000, 8);
    b.server.files["f"] = file;
    b.server.drop_every_nth_burst_packet = 10;
    b.client.start("f", 0);
    b.run(5000);
    QCOMPARE(b.client.state(), Download::State::Done);
    QVERIFY(b.client.bytes() == file);
    // ceil(20000 / 239) = 84 packets: the 10th, 20th, … are lost, and each later burst starts
    // at the first byte missing; every burst asked for brought at least one piece.
    QVERIFY2(b.client.burstsRequested() > 1, qPrintable(QString::number(b.client.burstsRequested())));
    QCOMPARE(b.server.requests.at(2).offset, 9u * 239u);  // the first gap: packet 10 (offset 2151)
  }

  void burstThatNeverArrivesFailsAfterTheRetries() {
    Bench b;
    b.server.files["f"] = randomBytes(5000, 9);
    b.server.drop_every_nth_burst_packet = 1;  // every packet of every burst lost
    b.client.start("f", 0);
    b.run(10'000);
    QCOMPARE(b.client.state(), Download::State::Failed);
    QVERIFY2(QString::fromStdString(b.client.error()).contains("no answer after 7 tries of reading at byte 0"),
             b.client.error().c_str());
    // The first burst and kRetries more, each under a new number.
    QCOMPARE(b.client.burstsRequested(), 1 + Download::kRetries);
    for (std::size_t i = 2; i < b.server.requests.size() - 1; ++i)
      QVERIFY(b.server.requests[i].seq != b.server.requests[i - 1].seq);
    QVERIFY(!b.server.session_open);  // closed on the way out
  }

  void serverWithoutBurstsIsReadOneReadAtATime() {
    Bench b;
    const auto file = randomBytes(1000, 10);
    b.server.files["f"] = file;
    b.server.bursts = false;
    b.client.start("f", 0);
    b.run(1000);
    QCOMPARE(b.client.state(), Download::State::Done);
    QVERIFY(b.client.bytes() == file);
    QVERIFY(!b.client.bursting());
    // Open, the refused burst, ceil(1000 / 239) = 5 ReadFile, close.
    QCOMPARE(b.client.requestsSent(), 8);
  }

  void burstEndingAtOnceIsCheckedWithARead() {
    // A burst answered by EOF alone may be the server repeating an old reply (PX4 repeats its
    // last reply to a request numbered one below it): one ReadFile says the file goes on.
    Bench b;
    const auto file = randomBytes(600, 11);
    b.server.files["f"] = file;
    b.client.start("f", 0);
    const Packet open = b.to_server.front();
    b.to_server.pop_front();
    b.client.onReply(b.server.handle(open).at(0), 0);
    const Packet burst = b.to_server.front();
    QCOMPARE(int(burst.opcode), int(navigator::ftp::kBurstReadFile));
    b.to_server.pop_front();
    Packet stale;
    stale.seq = std::uint16_t(burst.seq + 1);
    stale.opcode = navigator::ftp::kNak;
    stale.req_opcode = navigator::ftp::kBurstReadFile;
    stale.size = 1;
    stale.data[0] = navigator::ftp::kErrEof;
    QVERIFY(b.client.onReply(stale, 0));
    QCOMPARE(b.client.state(), Download::State::Reading);
    QCOMPARE(int(b.to_server.front().opcode), int(navigator::ftp::kReadFile));
    QCOMPARE(b.to_server.front().offset, 0u);
    b.run(1000);
    QCOMPARE(b.client.state(), Download::State::Done);
    QVERIFY(b.client.bytes() == file);
  }

  void fileTooLargeToHoldIsRefused() {
    Bench b;
    b.server.files["f"] = randomBytes(10, 12);
    b.server.size_lie_bytes = Download::kMaxFileBytes;  // announces 64 MiB + 10 bytes
    b.client.start("f", 0);
    b.run(1000);
    QCOMPARE(b.client.state(), Download::State::Failed);
    QVERIFY2(QString::fromStdString(b.client.error()).contains("the file is 67108874 bytes, more than the 67108864"),
             b.client.error().c_str());
    QVERIFY(!b.server.session_open);
  }

  void storedPiecesGoWhereTheirOffsetsSay() {
    Bench b;
    const auto file = randomBytes(50'000, 13);
    b.server.files["f"] = file;
    std::vector<std::uint8_t> disk(file.size(), 0);
    int pieces = 0;
    b.client.setStore([&](std::uint32_t offset, const std::uint8_t* data, std::size_t n, std::string*) {
      std::copy(data, data + n, disk.begin() + offset);
      ++pieces;
      return true;
    });
    b.client.setExpectedSize(50'000);
    b.client.start("f", 0);
    b.run(1000);
    QCOMPARE(b.client.state(), Download::State::Done);
    QVERIFY(disk == file);
    QVERIFY(b.client.bytes().empty());  // nothing held in memory
    QCOMPARE(pieces, 210);              // ceil(50000 / 239)
  }

  void aStoreThatFailsEndsTheTransferWithItsReason() {
    Bench b;
    b.server.files["f"] = randomBytes(1000, 14);
    b.client.setStore([](std::uint32_t offset, const std::uint8_t*, std::size_t, std::string* why) {
      if (offset < 478) return true;
      *why = "disk full at byte " + std::to_string(offset);
      return false;
    });
    b.client.start("f", 0);
    b.run(1000);
    QCOMPARE(b.client.state(), Download::State::Failed);
    QCOMPARE(QString::fromStdString(b.client.error()), QStringLiteral("disk full at byte 478"));
    QVERIFY(!b.server.session_open);
  }

  void aResumedTransferAsksOnlyForWhatIsMissing() {
    Bench b;
    const auto file = randomBytes(10'000, 15);
    b.server.files["f"] = file;
    navigator::ByteRanges have;
    have.add(0, 6000);
    std::vector<std::uint8_t> disk(file.begin(), file.begin() + 6000);
    disk.resize(file.size(), 0);
    b.client.setStore([&](std::uint32_t offset, const std::uint8_t* data, std::size_t n, std::string*) {
      std::copy(data, data + n, disk.begin() + offset);
      return true;
    });
    b.client.setReceived(have);
    b.client.start("f", 0);
    b.run(1000);
    QCOMPARE(b.client.state(), Download::State::Done);
    QVERIFY(disk == file);
    QCOMPARE(b.server.requests.at(1).offset, 6000u);  // the one burst starts where the bytes end
    QCOMPARE(b.client.burstsRequested(), 1);
  }

  void aFileOfAnotherLengthThanExpectedIsRefused() {
    Bench b;
    b.server.files["f"] = randomBytes(1000, 16);
    b.client.setExpectedSize(1200);
    b.client.start("f", 0);
    b.run(1000);
    QCOMPARE(b.client.state(), Download::State::Failed);
    QCOMPARE(QString::fromStdString(b.client.error()), QStringLiteral("the file is 1000 bytes, not the 1200 expected"));
  }

  void abandonClosesTheSession() {
    Bench b;
    b.server.files["f"] = randomBytes(100'000, 17);
    b.client.start("f", 0);
    for (int exchange = 0; exchange < 2; ++exchange) {  // the open, then the first burst (35,133 bytes)
      const Packet request = b.to_server.front();
      b.to_server.pop_front();
      for (const Packet& reply : b.server.handle(request)) b.client.onReply(reply, 0);
    }
    QCOMPARE(b.client.receivedBytes(), std::uint64_t(35'133));
    QVERIFY(b.server.session_open);  // and the second burst asked for
    b.to_server.clear();
    b.client.abandon();
    b.pump();
    QVERIFY(!b.server.session_open);
    QCOMPARE(b.client.state(), Download::State::Idle);
    QVERIFY(b.client.receivedBytes() > 0);
  }

  void listsADirectoryAcrossReplies() {
    ListBench l;
    // 30 logs named as PX4 names them (HH_MM_SS.ulg): 30 entries of about 22 bytes do not fit
    // in one reply's 239 bytes, so the list takes several requests, each from the entries
    // counted so far.
    for (int i = 0; i < 30; ++i) {
      char name[64];
      std::snprintf(name, sizeof name, "log/2026-11-29/10_%02d_00.ulg", i);
      l.server.files[name] = randomBytes(std::size_t(1000 + i), unsigned(i));
    }
    l.server.files["log/2026-11-30/09_00_00.ulg"] = randomBytes(5, 99);
    l.run("log");
    QCOMPARE(l.client.state(), Listing::State::Done);
    QCOMPARE(int(l.client.entries().size()), 2);
    QVERIFY(l.client.entries()[0].directory);
    QCOMPARE(QString::fromStdString(l.client.entries()[0].name), QStringLiteral("2026-11-29"));
    ListBench day;
    day.server.files = l.server.files;
    day.run("log/2026-11-29");
    QCOMPARE(day.client.state(), Listing::State::Done);
    QCOMPARE(int(day.client.entries().size()), 30);
    for (int i = 0; i < 30; ++i) {
      QVERIFY(!day.client.entries()[std::size_t(i)].directory);
      QCOMPARE(day.client.entries()[std::size_t(i)].size_bytes, std::uint64_t(1000 + i));
    }
    QCOMPARE(QString::fromStdString(day.client.entries()[7].name), QStringLiteral("10_07_00.ulg"));
    // "F10_07_00.ulg\t1007" and its NUL: 19 bytes; 12 fit in 239, so 30 take three replies and
    // the EOF after them.
    QCOMPARE(day.requests, 4);
  }

  void listingAMissingFolderIsSaid() {
    ListBench l;
    l.run("fs/microsd/log");
    QCOMPARE(l.client.state(), Listing::State::Failed);
    QCOMPARE(int(l.client.nakError()), int(navigator::ftp::kErrFileNotFound));
    QVERIFY2(QString::fromStdString(l.client.error()).contains("file not found"), l.client.error().c_str());
  }

  void garbledEntriesAreRefused() {
    std::vector<navigator::ftp::DirectoryEntry> entries;
    int skipped = 0;
    std::string why;
    Packet ack;
    const std::string good = std::string("Fa.ulg\t12") + '\0' + "S" + '\0' + "Dsub" + '\0';
    std::copy(good.begin(), good.end(), ack.data.begin());
    ack.size = std::uint8_t(good.size());
    QVERIFY(navigator::ftp::parseDirectoryEntries(ack, &entries, &skipped, &why));
    QCOMPARE(int(entries.size()), 2);
    QCOMPARE(skipped, 1);
    QCOMPARE(entries[0].size_bytes, std::uint64_t(12));
    for (const std::string& bad : {std::string("Fa.ulg") + '\0', std::string("Fa.ulg\t-3") + '\0',
                                   std::string("Xwhat") + '\0', std::string("D") + '\0'}) {
      entries.clear();
      Packet p;
      std::copy(bad.begin(), bad.end(), p.data.begin());
      p.size = std::uint8_t(bad.size());
      QVERIFY2(!navigator::ftp::parseDirectoryEntries(p, &entries, &skipped, &why), bad.c_str());
      QVERIFY(!why.empty());
    }
  }

  void nakTexts() {
    Packet nak;
    nak.opcode = navigator::ftp::kNak;
    nak.size = 2;
    nak.data[0] = navigator::ftp::kErrFailErrno;
    nak.data[1] = 13;
    QCOMPARE(QString::fromStdString(navigator::ftp::nakText(nak)), QStringLiteral("failed, errno 13 (FailErrno)"));
    QCOMPARE(QString::fromStdString(navigator::ftp::nakErrorName(6)), QStringLiteral("EOF"));
    QCOMPARE(QString::fromStdString(navigator::ftp::nakErrorName(42)), QStringLiteral("error 42"));
  }
};

QTEST_APPLESS_MAIN(MavlinkFtpTest)
#include "mavlink_ftp_test.moc"
