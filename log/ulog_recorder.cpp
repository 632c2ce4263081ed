#include "log/ulog_recorder.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace navigator::ulog {
namespace {

std::size_t powerOfTwoAtLeast(std::size_t n) {
  std::size_t p = 4096;
  while (p < n) p <<= 1;
  return p;
}

// Writes all of [p, p + n) or returns errno; `done` says how many bytes were written.
int writeAll(int fd, const std::uint8_t* p, std::size_t n, std::size_t& done) {
  done = 0;
  while (done < n) {
    const ssize_t w = ::write(fd, p + done, n - done);
    if (w < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    done += std::size_t(w);
  }
  return 0;
}

}  // namespace

vsim::Result<std::unique_ptr<ULogRecorder>> ULogRecorder::create(const std::string& path,
                                                                 const LogDefinitions& definitions,
                                                                 const RecorderOptions& options) {
  std::map<std::string, Format> formats;
  for (const Format& f : definitions.formats)
    if (!formats.emplace(f.name, f).second) return vsim::Error{path + ": the format " + f.name + " is given twice"};
  if (auto resolved = resolveFormats(formats); !resolved) return vsim::Error{path + ": " + resolved.error().message};

  Bytes head;
  appendHeader(head, definitions.start_us);
  appendFlagBits(head);
  for (const Format& f : definitions.formats) appendFormat(head, formats.at(f.name));
  for (const auto& [key, value] : definitions.info) appendInfo(head, key, std::string_view(value));
  for (const auto& [key, value] : definitions.info_u64) appendInfo(head, key, value);
  for (const auto& [name, value] : definitions.float_params) appendParameter(head, name, value);
  for (const auto& [name, value] : definitions.int_params) appendParameter(head, name, value);

  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return vsim::Error{path + ": cannot create the log: " + std::strerror(errno)};
  std::size_t head_written = 0;
  if (const int err = writeAll(fd, head.data(), head.size(), head_written); err != 0) {
    ::close(fd);
    return vsim::Error{path + ": cannot write the log's header: " + std::strerror(err)};
  }
  auto recorder = std::unique_ptr<ULogRecorder>(new ULogRecorder(path, fd, definitions, options));
  recorder->written_.store(head.size());
  recorder->writer_ = std::thread([r = recorder.get()] { r->writerLoop(); });
  return recorder;
}

ULogRecorder::ULogRecorder(std::string path, int fd, const LogDefinitions& definitions, const RecorderOptions& options)
    : path_(std::move(path)), fd_(fd), options_(options) {
  for (const Format& f : definitions.formats) topic_names_.push_back(f.name);
  ring_.assign(powerOfTwoAtLeast(options.ring_bytes), 0);
  mask_ = ring_.size() - 1;
}

ULogRecorder::~ULogRecorder() { (void)close(); }

int ULogRecorder::subscribe(const std::string& name, std::uint8_t multi_id) {
  if (std::find(topic_names_.begin(), topic_names_.end(), name) == topic_names_.end() || next_msg_id_ > 65535)
    return -1;
  const int id = next_msg_id_++;
  Bytes msg;
  appendAddLoggedMessage(msg, multi_id, std::uint16_t(id), name);
  // A subscription must not be lost: it waits for room, as a waiting producer's data does.
  return push(msg.data(), msg.size(), nullptr, 0, last_t_us_, true) ? id : -1;  // −1: closed
}

bool ULogRecorder::data(int msg_id, const void* payload, std::size_t bytes) {
  if (msg_id < 0 || msg_id >= next_msg_id_ || bytes < 8 || bytes + 2 > kMaxPayloadBytes) {
    dropped_.fetch_add(1, std::memory_order_relaxed);
    return false;
  }
  std::uint8_t head[5];
  const auto size = std::uint16_t(bytes + 2), id = std::uint16_t(msg_id);
  std::memcpy(head, &size, 2);
  head[2] = std::uint8_t(MessageKind::Data);
  std::memcpy(head + 3, &id, 2);
  std::uint64_t t_us;
  std::memcpy(&t_us, payload, sizeof t_us);
  return push(head, sizeof head, static_cast<const std::uint8_t*>(payload), bytes, t_us, options_.wait_when_full);
}

bool ULogRecorder::logging(LogLevel level, std::uint64_t t_us, std::string_view text) {
  Bytes msg;
  appendLogging(msg, level, t_us, text);
  return push(msg.data(), msg.size(), nullptr, 0, t_us, options_.wait_when_full);
}

void ULogRecorder::copyIn(std::uint64_t at, const std::uint8_t* p, std::size_t n) {
  const std::size_t start = std::size_t(at) & mask_;
  const std::size_t first = std::min(n, ring_.size() - start);
  std::memcpy(ring_.data() + start, p, first);
  std::memcpy(ring_.data(), p + first, n - first);
}

bool ULogRecorder::push(const std::uint8_t* a, std::size_t na, const std::uint8_t* b, std::size_t nb,
                        std::uint64_t t_us, bool wait) {
  if (closed_.load(std::memory_order_relaxed)) return false;
  constexpr std::size_t kDropoutBytes = messageBytes(2);
  const std::size_t need = na + nb + (in_dropout_ ? kDropoutBytes : 0);
  std::uint64_t head = head_.load(std::memory_order_relaxed);
  if (ring_.size() - (head - tail_seen_) < need) {
    tail_seen_ = tail_.load(std::memory_order_acquire);
    // Waiting is bounded by the writer: it empties the ring every period, or, after a write
    // error, discards (and counts) what it holds.
    while (wait && ring_.size() - (head - tail_seen_) < need && need <= ring_.size()) {
      tail_.wait(tail_seen_, std::memory_order_acquire);  // until the writer releases bytes (notify in writeOut)
      tail_seen_ = tail_.load(std::memory_order_acquire);
    }
    if (ring_.size() - (head - tail_seen_) < need) {
      dropped_.fetch_add(1, std::memory_order_relaxed);
      if (!in_dropout_) dropout_start_us_ = std::max(t_us, last_t_us_);
      in_dropout_ = true;
      return false;
    }
  }
  if (in_dropout_) {
    Bytes dropout;
    const std::uint64_t span_ms = (std::max(t_us, dropout_start_us_) - dropout_start_us_) / 1000;
    appendDropout(dropout, std::uint16_t(std::min<std::uint64_t>(std::max<std::uint64_t>(span_ms, 1), 65535)));
    copyIn(head, dropout.data(), dropout.size());
    head += dropout.size();
    in_dropout_ = false;
  }
  copyIn(head, a, na);
  if (nb > 0) copyIn(head + na, b, nb);
  last_t_us_ = std::max(last_t_us_, t_us);
  head_.store(head + na + nb, std::memory_order_release);
  return true;
}

void ULogRecorder::writerLoop() {
  auto last_durable = std::chrono::steady_clock::now();
  for (;;) {
    bool stopping;
    {
      std::unique_lock lock(wake_mutex_);
      wake_.wait_for(lock, std::chrono::milliseconds(options_.writer_period_ms), [&] { return stop_.load(); });
      stopping = stop_.load();
    }
    writeOut(stopping);
    const auto now = std::chrono::steady_clock::now();
    if (!failed_ && (stopping || now - last_durable >= std::chrono::milliseconds(options_.durable_period_ms))) {
      if (::fdatasync(fd_) != 0 && errno != EINVAL) {  // EINVAL: a pipe or the like, nothing to make durable
        const int err = errno;
        std::lock_guard lock(error_mutex_);
        if (error_.empty()) error_ = path_ + ": making the log durable failed: " + std::strerror(err);
      }
      last_durable = now;
    }
    if (stopping) return;
  }
}

// Moves every published message from the ring to the file as one block, a SYNC after it.
bool ULogRecorder::writeOut(bool final_block) {
  const std::uint64_t tail = tail_.load(std::memory_order_relaxed);
  const std::uint64_t head = head_.load(std::memory_order_acquire);
  if (head == tail) return true;
  const std::size_t n = std::size_t(head - tail);
  block_.resize(n);
  const std::size_t start = std::size_t(tail) & mask_;
  const std::size_t first = std::min(n, ring_.size() - start);
  std::memcpy(block_.data(), ring_.data() + start, first);
  std::memcpy(block_.data() + first, ring_.data(), n - first);
  // The ring's bytes are released (tail_) only once the block is in the file (or lost), so
  // that bytesQueued() == 0 means everything handed over has reached the file.
  // Counts the messages of the block that end after byte `kept` as lost.
  auto countLost = [&](std::size_t kept) {
    for (std::size_t at = 0; at + kMessageHeaderBytes <= n;) {
      std::uint16_t size;
      std::memcpy(&size, block_.data() + at, 2);
      at += messageBytes(size);
      if (at > kept) dropped_.fetch_add(1, std::memory_order_relaxed);
    }
  };
  if (failed_) {
    // Nothing more reaches the file: count the messages the block held as lost.
    countLost(0);
    tail_.store(head, std::memory_order_release);
    tail_.notify_all();  // a producer waiting for room (wait_when_full)
    return false;
  }
  if (!final_block) appendSync(block_);
  std::size_t done = 0;
  if (const int err = writeAll(fd_, block_.data(), block_.size(), done); err != 0) {
    written_.fetch_add(done, std::memory_order_relaxed);
    {
      std::lock_guard lock(error_mutex_);
      error_ = path_ + ": write failed at byte " + std::to_string(written_.load()) + ": " + std::strerror(err);
    }
    failed_ = true;
    countLost(done);  // the messages the file did not get whole
    tail_.store(head, std::memory_order_release);
    tail_.notify_all();  // a producer waiting for room (wait_when_full)
    return false;
  }
  written_.fetch_add(block_.size(), std::memory_order_relaxed);
  tail_.store(head, std::memory_order_release);
  tail_.notify_all();
  return true;
}

vsim::Result<bool> ULogRecorder::close() {
  if (closed_.exchange(true)) return true;
  {
    std::lock_guard lock(wake_mutex_);
    stop_ = true;
  }
  wake_.notify_one();
  if (writer_.joinable()) writer_.join();
  int close_err = 0;
  if (fd_ >= 0 && ::close(fd_) != 0) close_err = errno;
  fd_ = -1;
  const std::string err = writeError();
  if (!err.empty()) return vsim::Error{err};
  if (close_err != 0) return vsim::Error{path_ + ": closing the log failed: " + std::strerror(close_err)};
  return true;
}

std::string ULogRecorder::writeError() const {
  std::lock_guard lock(error_mutex_);
  return error_;
}

}  // namespace navigator::ulog
