// ULogRecorder: writes one ULog file from a producing thread (the simulator's, or the
// station's GUI thread) without blocking it (a subscription, and every message under
// wait_when_full, wait for room instead; create() writes the definitions and close() waits
// for the writer). The producer encodes each message into a
// bounded lock-free byte ring; a writer thread moves whole messages from the ring to the file,
// puts a SYNC message between its blocks, and makes the file durable (fdatasync) about once
// a second. A ring that is full drops the message — counted, and marked in the file by a
// DROPOUT message of the lost span — and a failing disk stops the writing with the error
// kept; neither ever stalls the producer. Since every block ends on a message boundary, a
// process killed at any moment leaves a file readable up to its last written block.
// Thread contract: subscribe(), data(), logging() and close() from one producing thread;
// the counters from any thread.
#pragma once

#include "log/ulog_format.h"
#include "log/ulog_writer.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace navigator::ulog {

// What the definitions section holds, written before the recording starts.
struct LogDefinitions {
  std::uint64_t start_us = 0;                                    // the header's timestamp
  std::vector<std::pair<std::string, std::string>> info;         // INFO "char[N] key" = value
  std::vector<std::pair<std::string, std::uint64_t>> info_u64;   // INFO "uint64_t key" = value
  std::vector<std::pair<std::string, float>> float_params;       // PARAMETER "float NAME"
  std::vector<std::pair<std::string, std::int32_t>> int_params;  // PARAMETER "int32_t NAME"
  std::vector<Format> formats;                                   // every topic that may be logged
};

struct RecorderOptions {
  std::size_t ring_bytes = std::size_t(8) << 20;  // rounded up to a power of two
  int writer_period_ms = 10;                      // how often the writer thread empties the ring
  int durable_period_ms = 1000;                   // how often it asks the disk to make it durable
  // A producer that is not real time (vsim-fly, vsim-run, vsim-tune flying faster than the
  // clock) waits for room instead of dropping: the log then holds every message, whatever the
  // disk's speed. The station's recorder never waits.
  bool wait_when_full = false;
};

class ULogRecorder {
 public:
  // Creates (or truncates) `path` and writes the header and definitions; the formats are
  // checked (resolved) first. The error names the path and what went wrong.
  static vsim::Result<std::unique_ptr<ULogRecorder>> create(const std::string& path, const LogDefinitions& definitions,
                                                            const RecorderOptions& options = {});
  ~ULogRecorder();  // close()s
  ULogRecorder(const ULogRecorder&) = delete;
  ULogRecorder& operator=(const ULogRecorder&) = delete;

  // Starts logging topic `name` (one of the formats) as instance `multi_id`; the msg_id its
  // data() calls take. Fails (returns −1) for a name without a format, or once closed.
  int subscribe(const std::string& name, std::uint8_t multi_id = 0);
  // One DATA message: `payload` is the topic's packed fields, timestamp [µs] first. False when
  // the ring was full and the message was dropped (counted).
  bool data(int msg_id, const void* payload, std::size_t bytes);
  template <class Topic>
  bool data(int msg_id, const Topic& topic) {
    return data(msg_id, &topic, sizeof topic);
  }
  // A LOGGING message (a STATUSTEXT, a station event).
  bool logging(LogLevel level, std::uint64_t t_us, std::string_view text);

  // Writes out everything queued, makes the file durable and closes it. The first problem the
  // writer met (a disk error), if any, comes back; the file keeps what was written before it.
  vsim::Result<bool> close();

  const std::string& path() const { return path_; }
  std::uint64_t messagesDropped() const { return dropped_.load(std::memory_order_relaxed); }
  std::uint64_t bytesWritten() const { return written_.load(std::memory_order_relaxed); }
  // Bytes handed to the ring and not yet written to the file.
  std::uint64_t bytesQueued() const {
    return head_.load(std::memory_order_acquire) - tail_.load(std::memory_order_acquire);
  }
  // The writer's first error ("FILE: write failed at byte N: No space left on device"), or "".
  std::string writeError() const;

 private:
  ULogRecorder(std::string path, int fd, const LogDefinitions& definitions, const RecorderOptions& options);
  // Copies a message (its two parts) into the ring; `wait`: for room, else a full ring drops it.
  bool push(const std::uint8_t* a, std::size_t na, const std::uint8_t* b, std::size_t nb, std::uint64_t t_us,
            bool wait);
  void copyIn(std::uint64_t at, const std::uint8_t* p, std::size_t n);
  void writerLoop();
  bool writeOut(bool final_block);

  std::string path_;
  int fd_ = -1;
  RecorderOptions options_;
  std::vector<std::string> topic_names_;  // of the formats, for subscribe()
  std::vector<std::uint8_t> ring_;
  std::size_t mask_ = 0;
  alignas(64) std::atomic<std::uint64_t> head_{0};  // producer: bytes published
  std::uint64_t tail_seen_ = 0;                     // producer's copy of tail_
  int next_msg_id_ = 0;
  bool in_dropout_ = false;
  std::uint64_t dropout_start_us_ = 0, last_t_us_ = 0;
  alignas(64) std::atomic<std::uint64_t> tail_{0};  // writer: bytes consumed
  std::atomic<std::uint64_t> dropped_{0}, written_{0};
  std::atomic<bool> stop_{false}, closed_{false};
  std::thread writer_;
  std::mutex wake_mutex_;
  std::condition_variable wake_;
  bool failed_ = false;  // writer: a write failed; what follows is dropped
  mutable std::mutex error_mutex_;
  std::string error_;
  std::vector<std::uint8_t> block_;  // writer's staging buffer
};

}  // namespace navigator::ulog
