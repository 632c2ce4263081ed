// ULogFile: reads a ULog file (docs.px4.io, "ULog File Format") — Navigator's or PX4's — into
// an index: the header, the INFO and PARAMETER values, the formats, every subscription with
// the file offset and timestamp of each of its DATA messages, the LOGGING strings and the
// dropouts. The file is mapped, not copied; values are decoded on demand. An ArduPilot
// DataFlash log (.bin; told by its first bytes, 0xA3 0x95) is read into the same index:
// log/dataflash_reader.h says how its messages map onto it.
//
// A file cut short (a crash, a copy in progress) gives everything before the cut, with the cut
// named in problems(). A corrupt stretch is skipped to the next SYNC message (DataFlash: the
// next message header), named too; a well-framed message of a type this reader does not know
// is skipped by its size (the specification: parsers must ignore unknown messages), named as
// well. A file that is neither ULog nor DataFlash, or whose definitions cannot be read, is an
// error naming the file and the byte offset. No input crashes the reader (tests/fuzz/ulog_reader_fuzz.cpp).
#pragma once

#include "log/ulog_format.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace navigator::ulog {

// An INFO (or INFO_MULTIPLE, PARAMETER) value: its key's type and name, and its bytes.
struct KeyValue {
  std::string type;  // "char[12]", "uint64_t", "float", …
  std::string name;
  std::string raw;  // the value's bytes
  bool isString() const { return type.rfind("char[", 0) == 0; }
  // A string's text, or a number in words ("1.5", "42").
  std::string text() const;
  double number() const;  // 0 for a string
};

struct LoggedString {
  std::uint8_t level = '6';  // '0' … '7'
  std::uint64_t t_us = 0;
  std::string text;
  int tag = -1;  // LOGGING_TAGGED's tag, −1 for LOGGING
};

struct Dropout {
  std::uint64_t t_us = 0;  // the last timestamp before it
  std::uint16_t duration_ms = 0;
};

// Something the reader recovered from: what and where.
struct Problem {
  std::uint64_t offset = 0;
  std::string what;
};

struct Subscription {
  std::uint16_t msg_id = 0;
  std::uint8_t multi_id = 0;
  std::string name;                         // the topic (its format's name)
  const Format* format = nullptr;           // resolved
  std::vector<std::uint64_t> data_offsets;  // of each DATA message's payload (after the msg_id)
  // Empty: each message's timestamp is its first field (ULog's "timestamp", DataFlash's
  // TimeUS). Otherwise each message's [µs]: a DataFlash message without TimeUS is given the
  // latest time before it in the file (log/dataflash_reader.h).
  std::vector<std::uint64_t> timestamps_us;
  std::uint64_t first_us = 0, last_us = 0;
  std::size_t count() const { return data_offsets.size(); }
};

struct ReadOptions {
  std::function<void(double fraction)> progress;  // 0 … 1, about every 1 % of the file
  const std::atomic<bool>* cancel = nullptr;      // set: the read stops with an error "cancelled"
};

// A reader's walk through `size` bytes: the progress reported about every 1 % (at least every
// 64 KiB), the cancel flag read as often. The ULog and DataFlash readers share it.
class ReadPacer {
 public:
  ReadPacer(const ReadOptions& options, std::size_t size)
      : options_(options), size_(size), step_(std::max<std::size_t>(size / 100, std::size_t{1} << 16)) {}
  // At offset `pos`: false once the read is cancelled.
  bool keepGoing(std::size_t pos) {
    if (pos < next_) return true;
    if (options_.cancel != nullptr && options_.cancel->load(std::memory_order_relaxed)) return false;
    if (options_.progress) options_.progress(double(pos) / double(size_));
    next_ = pos + step_;
    return true;
  }

 private:
  const ReadOptions& options_;
  std::size_t size_, step_, next_ = 0;
};

class ULogFile {
 public:
  ULogFile(ULogFile&&) = default;
  ULogFile& operator=(ULogFile&&) = default;
  ULogFile(const ULogFile&) = delete;  // subscriptions point into formats_
  ULogFile& operator=(const ULogFile&) = delete;

  // Maps and indexes `path` (ULog, or DataFlash by its first bytes). Errors: "PATH: offset N: what" for what the file
  // holds; "PATH: cannot open: …" or "PATH: not a regular file" before any byte is read.
  static vsim::Result<ULogFile> open(const std::string& path, const ReadOptions& options = {});
  // The same for bytes in memory (`name` stands for the path in messages).
  static vsim::Result<ULogFile> fromBytes(std::string name, std::vector<std::uint8_t> bytes,
                                          const ReadOptions& options = {});

  const std::string& path() const { return path_; }
  std::uint64_t sizeBytes() const { return size_; }
  std::uint64_t startUs() const { return start_us_; }  // DataFlash: its earliest TimeUS
  const std::vector<KeyValue>& info() const { return info_; }
  const std::vector<KeyValue>& infoMultiple() const { return info_multiple_; }
  const std::vector<KeyValue>& parameters() const { return parameters_; }  // as logged, changes included
  const std::map<std::string, Format>& formats() const { return formats_; }
  const std::vector<Subscription>& subscriptions() const { return subscriptions_; }
  const std::vector<LoggedString>& strings() const { return strings_; }
  const std::vector<Dropout>& dropouts() const { return dropouts_; }
  const std::vector<Problem>& problems() const { return problems_; }
  // Earliest and latest DATA timestamp in the file [µs]; both 0 without data.
  std::uint64_t firstUs() const { return first_us_; }
  std::uint64_t lastUs() const { return last_us_; }

  const KeyValue* findInfo(const std::string& name) const;
  const Subscription* find(const std::string& topic, int multi_id = 0) const;
  // The payload of message `i` of `sub` (its fields from offset 0, timestamp first).
  const std::uint8_t* payload(const Subscription& sub, std::size_t i) const { return bytes() + sub.data_offsets[i]; }
  std::uint64_t timestampUs(const Subscription& sub, std::size_t i) const;
  std::vector<ScalarField> fields(const Subscription& sub) const { return scalarFields(*sub.format, formats_); }
  double value(const Subscription& sub, std::size_t i, const ScalarField& field) const {
    return scalarValue(payload(sub, i) + field.offset, field.type) / field.divisor;
  }
  std::string text(const Subscription& sub, std::size_t i, const ScalarField& field) const;
  // The first message of `sub` at or after `t_us` (count() when none).
  std::size_t indexAt(const Subscription& sub, std::uint64_t t_us) const;

 private:
  ULogFile() = default;
  struct Storage;
  struct Indexer;                  // index()'s reading, message by message
  friend struct DataFlashIndexer;  // the same for a DataFlash log (log/dataflash_reader.cpp)
  static vsim::Result<ULogFile> indexDataFlash(ULogFile log, const ReadOptions& options);
  const std::uint8_t* bytes() const;
  void repointSubscriptions();
  static vsim::Result<ULogFile> index(std::string path, std::shared_ptr<Storage> storage, const ReadOptions& options);

  std::string path_;
  std::shared_ptr<Storage> storage_;
  std::uint64_t size_ = 0, start_us_ = 0, first_us_ = 0, last_us_ = 0;
  std::vector<KeyValue> info_, info_multiple_, parameters_;
  std::map<std::string, Format> formats_;
  std::vector<Subscription> subscriptions_;
  std::vector<LoggedString> strings_;
  std::vector<Dropout> dropouts_;
  std::vector<Problem> problems_;
};

}  // namespace navigator::ulog
