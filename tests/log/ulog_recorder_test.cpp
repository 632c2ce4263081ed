// ULogRecorder (log/ulog_recorder.h):
// - a file that cannot keep up (a FIFO whose reader is held and not drained): data() goes on
//   returning at once, every message it refuses is counted, and each run of refused messages
//   is marked in the file by a DROPOUT of the time it spans, worked out here from what was
//   refused; the file holds exactly the messages accepted, in order;
// - a file copied while the recorder is open, once nothing is queued, reads whole (the
//   crash and power-loss guarantee), and a recording process killed with SIGKILL leaves a file
//   that reads up to its last written block;
// - write errors (/dev/full, a FIFO whose reader went away) named with the path and byte;
// - misuse (an unknown topic, a bad msg_id, a message too short) refused and counted.
// No verdict depends on the clock: waits are on conditions, bounded by a minute.
#include "log/ulog_reader.h"
#include "log/ulog_recorder.h"
#include "tests/log/ulog_test_support.h"

#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace navigator::ulog;
using namespace ulog_test;

namespace {

#pragma pack(push, 1)
struct Sample {  // "sample:uint64_t timestamp;uint32_t seq;float[16] v;" — 76 bytes
  std::uint64_t timestamp;
  std::uint32_t seq;
  float v[16];
};
#pragma pack(pop)

LogDefinitions sampleDefinitions() {
  LogDefinitions defs;
  defs.start_us = 1;
  defs.info = {{"sys_name", "recorder test"}};
  defs.formats = {parseFormat("sample:uint64_t timestamp;uint32_t seq;float[16] v;").value()};
  return defs;
}

Sample sample(std::uint32_t seq, std::uint64_t t_us) {
  Sample s{};
  s.timestamp = t_us;
  s.seq = seq;
  for (int i = 0; i < 16; ++i) s.v[i] = float(seq) + float(i) / 16.0f;
  return s;
}

// Reads a FIFO to its end on a thread of its own, keeping every byte.
class Drain {
 public:
  explicit Drain(int fd) : fd_(fd) {
    thread_ = std::thread([this] {
      ::fcntl(fd_, F_SETFL, ::fcntl(fd_, F_GETFL) & ~O_NONBLOCK);
      std::uint8_t buf[65536];
      for (;;) {
        const ssize_t n = ::read(fd_, buf, sizeof buf);
        if (n > 0)
          bytes_.insert(bytes_.end(), buf, buf + n);
        else if (n == 0 || errno != EINTR)
          break;
      }
    });
  }
  std::vector<std::uint8_t> finish() {
    thread_.join();
    return bytes_;
  }

 private:
  int fd_;
  std::thread thread_;
  std::vector<std::uint8_t> bytes_;
};

// What a run of data() calls must leave in the log: the seq of each accepted message, and the
// DROPOUTs: one before each accepted message that follows refused ones, spanning from the first
// refused message's time to the accepted one's [ms], at least 1 (ulog_recorder.h); the first
// accepted message of a run has the DROPOUT before it. Message k < n was sent at 1 s + k ms, the
// last (k = n) at t_after.
struct ExpectedLog {
  std::vector<std::uint16_t> dropouts_ms;
  std::vector<std::uint32_t> seq;
};

ExpectedLog expectedLog(const std::vector<bool>& accepted, std::uint32_t n, std::uint64_t t_after) {
  ExpectedLog want;
  std::optional<std::uint64_t> run_start;
  for (std::uint32_t k = 0; k < accepted.size(); ++k) {
    const std::uint64_t t = k < n ? 1'000'000 + std::uint64_t(k) * 1000 : t_after;
    if (!accepted[k]) {
      if (!run_start) run_start = t;
      continue;
    }
    if (run_start) {
      want.dropouts_ms.push_back(std::uint16_t(std::max<std::uint64_t>(1, (t - *run_start) / 1000)));
      run_start.reset();
    }
    want.seq.push_back(k);
  }
  return want;
}

// The log at `path` holds `want`, read by our reader and by the spec reader; each DROPOUT comes
// right before an accepted DATA message.
void checkLogHolds(const std::string& path, const ExpectedLog& want) {
  auto log = ULogFile::open(path);
  QVERIFY(log);
  QVERIFY(log->problems().empty());
  const Subscription* sub = log->find("sample");
  QVERIFY(sub);
  QCOMPARE(sub->count(), want.seq.size());
  for (std::size_t i = 0; i < want.seq.size(); ++i) {
    Sample s;
    std::memcpy(&s, log->payload(*sub, i), sizeof s);
    QCOMPARE(s.seq, want.seq[i]);
  }
  QCOMPARE(log->dropouts().size(), want.dropouts_ms.size());
  for (std::size_t i = 0; i < want.dropouts_ms.size(); ++i)
    QCOMPARE(log->dropouts()[i].duration_ms, want.dropouts_ms[i]);

  const SpecResult spec = specRead(path, {"--messages"});
  QCOMPARE(spec.exit_code, 0);
  QCOMPARE(spec.out["topics"][0]["count"].get<std::size_t>(), want.seq.size());
  QCOMPARE(spec.out["dropouts"].size(), want.dropouts_ms.size());
  const std::vector<SpecMessage> messages = specMessages(spec.out);
  for (std::size_t i = 0; i + 1 < messages.size(); ++i)
    if (messages[i].kind == 'O') QCOMPARE(messages[i + 1].kind, 'D');
}

}  // namespace

class ULogRecorderTest : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir dir_;
  std::string scratch(const char* name) const { return dir_.filePath(name).toStdString(); }

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    std::signal(SIGPIPE, SIG_IGN);  // a FIFO without a reader: EPIPE, not the end of the test
  }

  void fullRingDropsAndMarksDropouts() {
    const std::string path = scratch("slow.fifo");
    QCOMPARE(::mkfifo(path.c_str(), 0600), 0);
    // The reader first, non-blocking, so that the recorder's open does not wait for one.
    const int reader = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    QVERIFY(reader >= 0);
    const long pipe_bytes = ::fcntl(reader, F_GETPIPE_SZ);
    QVERIFY(pipe_bytes > 0);

    RecorderOptions options;
    options.ring_bytes = 4096;  // the smallest ring
    options.writer_period_ms = 1;
    auto created = ULogRecorder::create(path, sampleDefinitions(), options);
    QVERIFY2(created, created ? "" : created.error().message.c_str());
    ULogRecorder& rec = *created.value();
    const int id = rec.subscribe("sample");
    QCOMPARE(id, 0);

    // Far more than the pipe, the ring and a block in flight can hold: with the pipe not
    // drained the writer is stuck in write() and most of these must be refused. Were data()
    // to wait for the writer, this loop would never end (ctest's limit would say so).
    const std::size_t message_bytes = messageBytes(2 + sizeof(Sample));
    const std::uint32_t n = std::uint32_t(20 * (std::size_t(pipe_bytes) + 4096) / message_bytes);
    std::vector<bool> accepted;
    for (std::uint32_t k = 0; k < n; ++k)
      accepted.push_back(rec.data(id, sample(k, 1'000'000 + std::uint64_t(k) * 1000)));
    const std::uint64_t refused = std::uint64_t(std::count(accepted.begin(), accepted.end(), false));
    QCOMPARE(rec.messagesDropped(), refused);
    QVERIFY2(refused > n / 2, qPrintable(QString("%1 of %2 refused").arg(refused).arg(n)));

    // Drained, the writer catches up; the next message is accepted, after a DROPOUT.
    Drain drain(reader);
    QVERIFY(waitFor([&] { return rec.bytesQueued() == 0; }));
    const std::uint64_t t_after = 1'000'000 + std::uint64_t(n) * 1000 + 250'000;
    accepted.push_back(rec.data(id, sample(n, t_after)));
    QVERIFY(accepted.back());
    QVERIFY(rec.close());
    const std::vector<std::uint8_t> bytes = drain.finish();
    ::close(reader);

    const ExpectedLog want = expectedLog(accepted, n, t_after);
    QVERIFY(!want.dropouts_ms.empty());
    const std::string copy = scratch("slow.ulg");
    QVERIFY(writeFile(copy, bytes));
    checkLogHolds(copy, want);
  }

  // What a crash leaves: the file as it is on disk while the recorder is still open, once the
  // writer has taken everything queued, reads whole — no problem, every message.
  void fileCopiedWhileOpenIsReadable() {
    const std::string path = scratch("open.ulg");
    RecorderOptions options;
    options.writer_period_ms = 1;
    auto created = ULogRecorder::create(path, sampleDefinitions(), options);
    QVERIFY(created);
    ULogRecorder& rec = *created.value();
    const int id = rec.subscribe("sample");
    std::uint32_t sent = 0;
    for (int block = 0; block < 3; ++block) {
      for (int k = 0; k < 500; ++k, ++sent) QVERIFY(rec.data(id, sample(sent, 1000 * std::uint64_t(sent))));
      QVERIFY(rec.logging(LogLevel::Notice, 1000 * std::uint64_t(sent), "block " + std::to_string(block)));
      QVERIFY(waitFor([&] { return rec.bytesQueued() == 0; }));

      const std::vector<std::uint8_t> copy = readFile(path);
      QCOMPARE(std::uint64_t(copy.size()), rec.bytesWritten());
      auto log = ULogFile::fromBytes("copy.ulg", copy);
      QVERIFY(log);
      for (const Problem& p : log->problems()) qWarning("%s", p.what.c_str());
      QVERIFY(log->problems().empty());
      QCOMPARE(log->find("sample")->count(), std::size_t(sent));
      QCOMPARE(log->strings().size(), std::size_t(block + 1));
      const SpecResult spec = specRead(path);
      QCOMPARE(spec.out["topics"][0]["count"].get<std::uint32_t>(), sent);
      QVERIFY(spec.out["end"]["cut_at"].is_null());
    }
    QVERIFY(rec.close());
  }

  // wait_when_full (the tools, faster than the clock): a ring far smaller than what is sent,
  // a writer that empties it only every 10 ms, and still every message in the file, none
  // dropped, no DROPOUT.
  void waitingProducerKeepsEveryMessage() {
    const std::string path = scratch("wait.ulg");
    RecorderOptions options;
    options.ring_bytes = 4096;  // 51 samples of 81 bytes
    options.writer_period_ms = 10;
    options.wait_when_full = true;
    auto created = ULogRecorder::create(path, sampleDefinitions(), options);
    QVERIFY(created);
    ULogRecorder& rec = *created.value();
    const int id = rec.subscribe("sample");
    constexpr std::uint32_t kSent = 5000;  // 405 kB through a 4 kB ring
    for (std::uint32_t k = 0; k < kSent; ++k) QVERIFY(rec.data(id, sample(k, 1000 * std::uint64_t(k))));
    QVERIFY(rec.close());
    QCOMPARE(rec.messagesDropped(), std::uint64_t(0));
    auto log = ULogFile::open(path);
    QVERIFY(log);
    QVERIFY(log->problems().empty());
    QVERIFY(log->dropouts().empty());
    const Subscription* sub = log->find("sample");
    QCOMPARE(sub->count(), std::size_t(kSent));
    QCOMPARE(log->timestampUs(*sub, kSent - 1), 1000 * std::uint64_t(kSent - 1));
  }

  // A recording process killed (SIGKILL, no destructor, no close) while it goes on writing:
  // the file reads up to the last complete message, at least everything the child had seen
  // written before it told the parent so.
  void killedRecorderLeavesAReadableFile() {
    const std::string path = scratch("killed.ulg");
    int ready[2];
    QCOMPARE(::pipe(ready), 0);
    const pid_t child = ::fork();
    QVERIFY(child >= 0);
    if (child == 0) {
      ::close(ready[0]);
      RecorderOptions options;
      options.writer_period_ms = 1;
      options.wait_when_full = true;  // nothing dropped, however the writer is scheduled
      auto rec = ULogRecorder::create(path, sampleDefinitions(), options);
      if (!rec) ::_exit(3);
      const int id = rec.value()->subscribe("sample");
      std::uint32_t k = 0;
      for (; k < 2000; ++k) rec.value()->data(id, sample(k, 1000 * std::uint64_t(k)));
      if (!waitFor([&] { return rec.value()->bytesQueued() == 0; })) ::_exit(5);
      const char c = 'w';
      if (::write(ready[1], &c, 1) != 1) ::_exit(4);
      for (;; ++k) rec.value()->data(id, sample(k, 1000 * std::uint64_t(k)));  // on, until killed
    }
    ::close(ready[1]);
    char c = 0;
    QCOMPARE(::read(ready[0], &c, 1), ssize_t(1));
    ::close(ready[0]);
    QCOMPARE(::kill(child, SIGKILL), 0);
    int status = 0;
    QCOMPARE(::waitpid(child, &status, 0), child);
    QVERIFY(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);

    auto log = ULogFile::open(path);
    QVERIFY(log);
    const Subscription* sub = log->find("sample");
    QVERIFY(sub);
    QVERIFY2(sub->count() >= 2000, qPrintable(QString::number(sub->count())));
    // Messages in order, none missing (the child waits for room: nothing dropped).
    for (std::size_t i = 0; i < sub->count(); ++i) {
      Sample s;
      std::memcpy(&s, log->payload(*sub, i), sizeof s);
      QCOMPARE(s.seq, std::uint32_t(i));
    }
    // At most a cut after the last whole message; never anything else.
    QVERIFY(log->problems().size() <= 1);
    if (!log->problems().empty()) QVERIFY(log->problems()[0].what.find("the file is cut") == 0);
    const SpecResult spec = specRead(path);
    QCOMPARE(spec.exit_code, 0);
    QCOMPARE(spec.out["topics"][0]["count"].get<std::size_t>(), sub->count());
  }

  void cannotCreateOnAFullDisk() {
    // /dev/full: every write fails with ENOSPC, so the header already cannot be written.
    auto rec = ULogRecorder::create("/dev/full", sampleDefinitions());
    QVERIFY(!rec);
    QCOMPARE(rec.error().message, std::string("/dev/full: cannot write the log's header: ") + std::strerror(ENOSPC));
  }

  // A write that fails after the header (the FIFO's reader gone: EPIPE): writeError() and
  // close() say so with the path and the byte; data() never blocks, and what comes after is
  // counted as dropped.
  void writeErrorIsKeptAndNamed() {
    const std::string path = scratch("gone.fifo");
    QCOMPARE(::mkfifo(path.c_str(), 0600), 0);
    const int reader = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    QVERIFY(reader >= 0);
    RecorderOptions options;
    options.writer_period_ms = 1;
    auto created = ULogRecorder::create(path, sampleDefinitions(), options);
    QVERIFY(created);
    ULogRecorder& rec = *created.value();
    const std::uint64_t header_bytes = rec.bytesWritten();
    ::close(reader);
    const int id = rec.subscribe("sample");
    for (std::uint32_t k = 0; k < 100; ++k) rec.data(id, sample(k, k));
    QVERIFY(waitFor([&] { return !rec.writeError().empty() && rec.bytesQueued() == 0; }));
    const std::string want =
        path + ": write failed at byte " + std::to_string(header_bytes) + ": " + std::strerror(EPIPE);
    QCOMPARE(rec.writeError(), want);
    QCOMPARE(rec.bytesWritten(), header_bytes);
    // After the failure: data() still returns (the writer throws the bytes away) and counts.
    for (std::uint32_t k = 100; k < 200; ++k) rec.data(id, sample(k, k));
    QVERIFY(waitFor([&] { return rec.bytesQueued() == 0; }));
    auto closed = rec.close();
    QVERIFY(!closed);
    QCOMPARE(closed.error().message, want);
    // Every DATA message was lost: refused by data(), or taken and thrown away by the writer
    // (the subscription's ADD_LOGGED_MSG is counted among the latter).
    QCOMPARE(rec.messagesDropped(), std::uint64_t(200 + 1));
  }

  void misuseIsRefusedAndCounted() {
    const std::string path = scratch("misuse.ulg");
    auto created = ULogRecorder::create(path, sampleDefinitions());
    QVERIFY(created);
    ULogRecorder& rec = *created.value();
    QCOMPARE(rec.subscribe("no_such_topic"), -1);
    const int id = rec.subscribe("sample");
    QCOMPARE(rec.subscribe("sample", 1), id + 1);  // a second instance
    const Sample s = sample(1, 1);
    QVERIFY(!rec.data(7, &s, sizeof s));  // no such msg_id
    QVERIFY(!rec.data(-1, &s, sizeof s));
    QVERIFY(!rec.data(id, &s, 7));  // shorter than a timestamp
    QCOMPARE(rec.messagesDropped(), std::uint64_t(3));
    QVERIFY(rec.data(id, s));
    QVERIFY(rec.close());
    QVERIFY(rec.close());       // twice is harmless
    QVERIFY(!rec.data(id, s));  // closed
    auto log = ULogFile::open(path);
    QVERIFY(log);
    QCOMPARE(log->subscriptions().size(), std::size_t(2));
    QCOMPARE(log->find("sample", 1)->count(), std::size_t(0));
    QCOMPARE(log->find("sample", 0)->count(), std::size_t(1));

    // Formats are checked before the file is made.
    LogDefinitions bad = sampleDefinitions();
    bad.formats.push_back(parseFormat("broken:uint64_t timestamp;nowhere x;").value());
    const std::string bad_path = scratch("bad.ulg");
    auto refused = ULogRecorder::create(bad_path, bad);
    QVERIFY(!refused);
    QCOMPARE(refused.error().message, bad_path + ": field 'x' of broken has type nowhere, which no format defines");
    QVERIFY(::access(bad_path.c_str(), F_OK) != 0);
  }
};

QTEST_GUILESS_MAIN(ULogRecorderTest)
#include "ulog_recorder_test.moc"
