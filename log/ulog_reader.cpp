#include "log/ulog_reader.h"

#include "log/dataflash_reader.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace navigator::ulog {

struct ULogFile::Storage {
  const std::uint8_t* data = nullptr;
  std::size_t size = 0;
  void* mapped = nullptr;           // an mmap'ed file
  std::vector<std::uint8_t> owned;  // or bytes in memory
  ~Storage() {
    if (mapped != nullptr) ::munmap(mapped, size);
  }
};

const std::uint8_t* ULogFile::bytes() const { return storage_->data; }

namespace {

template <class T>
T load(const std::uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

std::string hexByte(std::uint8_t b) {
  char s[8];
  std::snprintf(s, sizeof s, "0x%02x", b);
  return s;
}

constexpr std::size_t kMaxProblems = 100;

}  // namespace

std::string KeyValue::text() const {
  if (isString()) return raw;
  char s[64];
  const BaseType t = baseTypeNamed(type);
  if (t == BaseType::Nested || raw.size() < baseTypeBytes(t)) return "(" + std::to_string(raw.size()) + " bytes)";
  if (t == BaseType::Float || t == BaseType::Double)
    std::snprintf(s, sizeof s, "%.9g", number());
  else if (t == BaseType::UInt64)
    std::snprintf(s, sizeof s, "%llu",
                  (unsigned long long)load<std::uint64_t>(reinterpret_cast<const std::uint8_t*>(raw.data())));
  else if (t == BaseType::Int64)
    std::snprintf(s, sizeof s, "%lld",
                  (long long)load<std::int64_t>(reinterpret_cast<const std::uint8_t*>(raw.data())));
  else
    std::snprintf(s, sizeof s, "%.0f", number());
  return s;
}

double KeyValue::number() const {
  const BaseType t = baseTypeNamed(type);
  if (isString() || t == BaseType::Nested || raw.size() < baseTypeBytes(t)) return 0;
  return scalarValue(reinterpret_cast<const std::uint8_t*>(raw.data()), t);
}

vsim::Result<ULogFile> ULogFile::open(const std::string& path, const ReadOptions& options) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return vsim::Error{path + ": cannot open: " + std::strerror(errno)};
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return vsim::Error{path + ": not a regular file"};
  }
  auto storage = std::make_shared<Storage>();
  storage->size = std::size_t(st.st_size);
  if (storage->size > 0) {
    void* m = ::mmap(nullptr, storage->size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (m == MAP_FAILED) {
      const int err = errno;
      ::close(fd);
      return vsim::Error{path + ": cannot map: " + std::strerror(err)};
    }
    ::madvise(m, storage->size, MADV_SEQUENTIAL);
    storage->mapped = m;
    storage->data = static_cast<const std::uint8_t*>(m);
  }
  ::close(fd);
  return index(path, std::move(storage), options);
}

vsim::Result<ULogFile> ULogFile::fromBytes(std::string name, std::vector<std::uint8_t> bytes,
                                           const ReadOptions& options) {
  auto storage = std::make_shared<Storage>();
  storage->owned = std::move(bytes);
  storage->data = storage->owned.data();
  storage->size = storage->owned.size();
  return index(std::move(name), std::move(storage), options);
}

namespace {

// Drops formats that cannot be resolved (a nested type no format defines, a cycle) until the
// rest resolve; each dropped one is a problem.
void resolveWhatCan(std::map<std::string, Format>& formats, std::vector<Problem>& problems, std::uint64_t offset) {
  for (int round = 0; round < 64 && !formats.empty(); ++round) {
    std::string bad;
    auto resolved = resolveFormats(formats, &bad);
    if (resolved) return;
    if (formats.count(bad) == 0) bad.clear();
    if (problems.size() < kMaxProblems) problems.push_back({offset, resolved.error().message});
    if (bad.empty()) {
      formats.clear();
      return;
    }
    formats.erase(bad);
  }
}

}  // namespace

// The reading of one file into a ULogFile, message by message: what the subscriptions are by
// msg_id, whether the formats need resolving again, where appended data starts, and the
// problems recovered from. Each message's reader gives the offset to go on at (its end, or the
// next SYNC message after corruption), or the error that stops the read.
struct ULogFile::Indexer {
  ULogFile& log;
  const std::uint8_t* d;
  std::size_t n;
  std::vector<int> sub_of = std::vector<int>(65536, -1);  // −1: none, −2: a subscription without a format
  bool formats_dirty = false;
  bool any_data = false;
  std::uint64_t appended_at = 0;

  vsim::Error fail(std::uint64_t offset, const std::string& what) const {
    return vsim::Error{log.path_ + ": offset " + std::to_string(offset) + ": " + what};
  }
  void problem(std::uint64_t offset, std::string what) {
    if (log.problems_.size() < kMaxProblems) log.problems_.push_back({offset, std::move(what)});
  }

  // After corruption at `at`: on at the next SYNC message's end, or the end of the file.
  std::size_t resync(std::size_t at, const std::string& what) {
    const std::uint8_t* found = std::search(d + at + 1, d + n, kSyncMagic.begin(), kSyncMagic.end());
    if (found == d + n) {
      problem(at, what + "; no SYNC message follows, the rest of the file (" + std::to_string(n - at) +
                      " bytes) is unread");
      return n;
    }
    const std::size_t next = std::size_t(found - d) + kSyncMagic.size();
    problem(at, what + "; skipped " + std::to_string(next - at) + " bytes to the next SYNC message");
    return next;
  }

  // The formats resolved again after new ones came, and the subscriptions pointed at them.
  void resolveFormats(std::uint64_t at) {
    resolveWhatCan(log.formats_, log.problems_, at);
    log.repointSubscriptions();
    formats_dirty = false;
  }

  // A message of a type this reader does not know. The specification: a parser must ignore
  // unknown messages (a newer logger's). One that ends at the file's end or where a known
  // message begins is skipped by its size; anything else is corruption.
  std::size_t skipUnknown(std::size_t pos, std::size_t size, std::uint8_t kind) {
    const std::size_t next = pos + kMessageHeaderBytes + size;
    if (next == n || (next + kMessageHeaderBytes <= n && knownKind(d[next + 2]))) {
      problem(pos, "unknown message type " + hexByte(kind) + " (" + std::to_string(size) + " bytes) skipped");
      return next;
    }
    return resync(pos, "unknown message type " + hexByte(kind));
  }

  // FLAG_BITS: refuses incompatible flags it does not know; notes where appended data starts.
  vsim::Result<std::size_t> readFlagBits(std::size_t pos, std::size_t end, const std::uint8_t* p, std::size_t size) {
    if (size < kFlagBitsPayloadBytes) return resync(pos, "FLAG_BITS message too short");
    const std::uint8_t* incompat = p + 8;
    if ((incompat[0] & ~kIncompatDataAppended) != 0 ||
        std::any_of(incompat + 1, incompat + 8, [](std::uint8_t b) { return b != 0; }))
      return fail(pos, "the file sets incompatible flag bits this reader does not know; it cannot be read safely");
    if (incompat[0] & kIncompatDataAppended) {
      const std::uint64_t at = load<std::uint64_t>(p + 16);
      if (at > end && at < n) appended_at = at;
    }
    return end;
  }

  // FORMAT: a topic's fields; the first definition of a name is kept.
  void readFormat(std::size_t pos, const std::uint8_t* p, std::size_t size) {
    auto format = parseFormat(std::string_view(reinterpret_cast<const char*>(p), size));
    if (!format) {
      problem(pos, "a FORMAT message is unreadable: " + format.error().message);
      return;
    }
    std::string name = format->name;
    if (log.formats_.count(name)) {
      problem(pos, "the format '" + name + "' is defined again: the first definition is kept");
      return;
    }
    log.formats_.emplace(name, std::move(format).value());
    formats_dirty = true;
  }

  // INFO, PARAMETER, INFO_MULTIPLE (continued ones joined to the one before), PARAMETER_DEFAULT
  // (read past: no list keeps them).
  std::size_t readKeyValue(std::uint8_t kind, std::size_t pos, std::size_t end, const std::uint8_t* p,
                           std::size_t size) {
    const std::size_t skip = (kind == 'M' || kind == 'Q') ? 1 : 0;
    if (size < skip + 1 || std::size_t(p[skip]) + skip + 1 > size)
      return resync(pos, std::string("an '") + char(kind) + "' message's key runs past its end");
    const std::size_t key_len = p[skip];
    const std::string key(reinterpret_cast<const char*>(p + skip + 1), key_len);
    const std::size_t space = key.find(' ');
    KeyValue kv;
    kv.type = space == std::string::npos ? key : key.substr(0, space);
    kv.name = space == std::string::npos ? std::string() : key.substr(space + 1);
    kv.raw.assign(reinterpret_cast<const char*>(p + skip + 1 + key_len), size - skip - 1 - key_len);
    if (kind == 'I')
      log.info_.push_back(std::move(kv));
    else if (kind == 'P')
      log.parameters_.push_back(std::move(kv));
    else if (kind == 'M') {
      const bool continued = p[0] != 0;
      if (continued && !log.info_multiple_.empty() && log.info_multiple_.back().name == kv.name)
        log.info_multiple_.back().raw += kv.raw;
      else
        log.info_multiple_.push_back(std::move(kv));
    }
    return end;
  }

  // ADD_LOGGED_MSG: a subscription, resolved against the formats so far.
  std::size_t readSubscription(std::size_t pos, std::size_t end, const std::uint8_t* p, std::size_t size) {
    if (size < 4) return resync(pos, "an ADD_LOGGED_MSG message too short");
    if (formats_dirty) resolveFormats(pos);
    Subscription sub;
    sub.multi_id = p[0];
    sub.msg_id = load<std::uint16_t>(p + 1);
    sub.name.assign(reinterpret_cast<const char*>(p + 3), size - 3);
    auto it = log.formats_.find(sub.name);
    if (it == log.formats_.end()) {
      problem(pos, "a subscription to '" + sub.name + "', which no format defines: its data is left out");
      sub_of[sub.msg_id] = -2;
      return end;
    }
    sub.format = &it->second;
    sub_of[sub.msg_id] = int(log.subscriptions_.size());
    log.subscriptions_.push_back(std::move(sub));
    return end;
  }

  // DATA: the payload's offset and timestamp, under its subscription.
  std::size_t readData(std::size_t pos, std::size_t end, const std::uint8_t* p, std::size_t size) {
    if (size < 2) return resync(pos, "a DATA message without a msg_id");
    const int s = sub_of[load<std::uint16_t>(p)];
    if (s == -2) return end;  // a subscription without a format: named once, when it came
    if (s < 0)
      return resync(
          pos, "a DATA message for msg_id " + std::to_string(load<std::uint16_t>(p)) + ", which nothing subscribed");
    Subscription& sub = log.subscriptions_[std::size_t(s)];
    if (size - 2 < sub.format->logged_bytes || sub.format->logged_bytes < 8)
      return resync(pos, "a DATA message of '" + sub.name + "' holds " + std::to_string(size - 2) +
                             " bytes, its format at least " + std::to_string(sub.format->logged_bytes));
    const std::uint64_t t = load<std::uint64_t>(p + 2);
    if (sub.data_offsets.empty()) sub.first_us = t;
    sub.last_us = t;
    sub.data_offsets.push_back(pos + kMessageHeaderBytes + 2);
    if (!any_data || t < log.first_us_) log.first_us_ = t;
    if (!any_data || t > log.last_us_) log.last_us_ = t;
    any_data = true;
    return end;
  }

  // LOGGING and LOGGING_TAGGED: a logged string with its level (and tag).
  std::size_t readLogging(std::uint8_t kind, std::size_t pos, std::size_t end, const std::uint8_t* p,
                          std::size_t size) {
    const std::size_t fixed = kind == 'L' ? 9 : 11;
    if (size < fixed) return resync(pos, "a LOGGING message too short");
    LoggedString ls;
    ls.level = p[0];
    if (kind == 'C') ls.tag = load<std::uint16_t>(p + 1);
    ls.t_us = load<std::uint64_t>(p + fixed - 8);
    ls.text.assign(reinterpret_cast<const char*>(p + fixed), size - fixed);
    log.strings_.push_back(std::move(ls));
    return end;
  }

  // One well-framed message of a known kind at `pos`, ending at `end`.
  vsim::Result<std::size_t> readMessage(std::uint8_t kind, std::size_t pos, std::size_t end, std::size_t size) {
    const std::uint8_t* p = d + pos + kMessageHeaderBytes;
    switch (MessageKind(kind)) {
      case MessageKind::FlagBits:
        return readFlagBits(pos, end, p, size);
      case MessageKind::Format:
        readFormat(pos, p, size);
        return end;
      case MessageKind::Info:
      case MessageKind::Parameter:
      case MessageKind::InfoMultiple:
      case MessageKind::ParameterDefault:
        return readKeyValue(kind, pos, end, p, size);
      case MessageKind::AddLoggedMessage:
        return readSubscription(pos, end, p, size);
      case MessageKind::RemoveLoggedMessage:
        if (size >= 2) sub_of[load<std::uint16_t>(p)] = -1;
        return end;
      case MessageKind::Data:
        return readData(pos, end, p, size);
      case MessageKind::Logging:
      case MessageKind::LoggingTagged:
        return readLogging(kind, pos, end, p, size);
      case MessageKind::Sync:
        if (size < kSyncMagic.size() || !std::equal(kSyncMagic.begin(), kSyncMagic.end(), p))
          return resync(pos, "a SYNC message with a wrong magic");
        return end;
      case MessageKind::Dropout:
        if (size >= 2) log.dropouts_.push_back({log.last_us_, load<std::uint16_t>(p)});
        return end;
    }
    return end;
  }

  // Every message after the header to the end of the file, or to where it is cut; the final
  // offset, or the error that stopped the read (a cancel among them).
  vsim::Result<std::size_t> readMessages(const ReadOptions& options) {
    std::size_t pos = kHeaderBytes;
    ReadPacer pacer(options, n);
    while (pos < n) {
      if (!pacer.keepGoing(pos)) return fail(pos, "cancelled");
      if (n - pos < kMessageHeaderBytes) {
        problem(pos, "the file is cut inside a message header; everything before offset " + std::to_string(pos) +
                         " was read");
        break;
      }
      const std::size_t size = load<std::uint16_t>(d + pos);
      const std::uint8_t kind = d[pos + 2];
      if (!knownKind(kind)) {
        pos = skipUnknown(pos, size, kind);
        continue;
      }
      const std::size_t end = pos + kMessageHeaderBytes + size;
      if (appended_at > pos && end > appended_at) {
        // Data appended after the log was closed (FLAG_BITS): the message cut at that offset is
        // left, the appended data read on.
        pos = std::size_t(appended_at);
        continue;
      }
      if (end > n) {
        problem(pos, std::string("the file is cut inside a message ('") + char(kind) + "', " + std::to_string(size) +
                         " bytes); everything before offset " + std::to_string(pos) + " was read");
        break;
      }
      auto next = readMessage(kind, pos, end, size);
      if (!next) return next.error();
      pos = *next;
    }
    return pos;
  }
};

vsim::Result<ULogFile> ULogFile::index(std::string path, std::shared_ptr<Storage> storage, const ReadOptions& options) {
  ULogFile log;
  log.path_ = std::move(path);
  log.storage_ = std::move(storage);
  Indexer reader{log, log.storage_->data, log.storage_->size};
  const std::uint8_t* d = reader.d;
  const std::size_t n = reader.n;
  log.size_ = n;
  if (dataflash::startsDataFlash(d, n)) return indexDataFlash(std::move(log), options);
  if (n < kHeaderBytes)
    return reader.fail(0, "not a ULog file: " + std::to_string(n) + " bytes, fewer than the 16-byte header");
  if (!std::equal(kMagic.begin(), kMagic.end(), d))
    return reader.fail(0, "not a ULog file (its first bytes are not 'ULog' 0x01 0x12 0x35)");
  if (d[7] > 1)
    log.problems_.push_back({7, "format version " + std::to_string(d[7]) + ", newer than 1: read as version 1"});
  log.start_us_ = load<std::uint64_t>(d + 8);
  auto end = reader.readMessages(options);
  if (!end) return end.error();
  if (reader.formats_dirty) reader.resolveFormats(*end);
  if (options.progress) options.progress(1.0);
  return log;
}

// A format dropped as unresolvable leaves its subscriptions an empty format (no fields, and
// too small for any DATA message, which is then named as corrupt).
void ULogFile::repointSubscriptions() {
  static const Format kUnusable{};
  for (Subscription& sub : subscriptions_) {
    auto it = formats_.find(sub.name);
    sub.format = it == formats_.end() ? &kUnusable : &it->second;
  }
}

const KeyValue* ULogFile::findInfo(const std::string& name) const {
  for (const KeyValue& kv : info_)
    if (kv.name == name) return &kv;
  return nullptr;
}

const Subscription* ULogFile::find(const std::string& topic, int multi_id) const {
  for (const Subscription& s : subscriptions_)
    if (s.name == topic && s.multi_id == multi_id) return &s;
  return nullptr;
}

std::uint64_t ULogFile::timestampUs(const Subscription& sub, std::size_t i) const {
  if (!sub.timestamps_us.empty()) return sub.timestamps_us[i];
  return load<std::uint64_t>(payload(sub, i));
}

std::string ULogFile::text(const Subscription& sub, std::size_t i, const ScalarField& field) const {
  const char* s = reinterpret_cast<const char*>(payload(sub, i) + field.offset);
  return std::string(s, strnlen(s, field.char_length));
}

std::size_t ULogFile::indexAt(const Subscription& sub, std::uint64_t t_us) const {
  std::size_t lo = 0, hi = sub.count();
  while (lo < hi) {
    const std::size_t mid = (lo + hi) / 2;
    if (timestampUs(sub, mid) < t_us)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

}  // namespace navigator::ulog
