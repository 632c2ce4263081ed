// MAVLink FTP, the client's side of listing one directory (mavlink.io, "File Transfer
// Protocol", ListDirectory): the request carries the path in data and, in offset, how many
// entries to pass over; the ACK's data holds as many entries as fit, each ended by a NUL:
// "F<name>\t<size in bytes>" a file, "D<name>" a directory, "S" an entry the server skips
// (it still counts for the offset). The next request's offset is the entries counted so far;
// a NAK EOF (or an ACK with nothing) ends the list. Replies are matched, lost ones asked for
// again, as ftp::Download does (mavlink_ftp.h). Time is the caller's. No Qt; one thread.
#pragma once

#include "app/link/mavlink_ftp.h"

#include <cstdint>
#include <string>
#include <vector>

namespace navigator::ftp {

struct DirectoryEntry {
  bool directory = false;
  std::string name;
  std::uint64_t size_bytes = 0;  // files only
};

// The entries in one ListDirectory ACK's data; false when one is not F…\t<digits>, D… or S
// (what it could read is in `entries`), `skipped` counting the S entries.
bool parseDirectoryEntries(const Packet& ack, std::vector<DirectoryEntry>* entries, int* skipped, std::string* error);

class Listing {
 public:
  enum class State { Idle, Listing, Done, Failed };
  static constexpr std::int64_t kReplyTimeoutMs = Download::kReplyTimeoutMs;
  static constexpr int kRetries = Download::kRetries;

  explicit Listing(Download::Send send) : send_(std::move(send)) {}

  std::uint16_t nextSequence() const { return next_seq_; }
  void setNextSequence(std::uint16_t seq) { next_seq_ = seq; }

  // Lists `path` (at most kDataBytes long); false (Failed) when it does not fit.
  bool start(const std::string& path, std::int64_t now_ms);
  bool onReply(const Packet& reply, std::int64_t now_ms);
  void tick(std::int64_t now_ms);

  State state() const { return state_; }
  bool finished() const { return state_ == State::Done || state_ == State::Failed; }
  const std::string& path() const { return path_; }
  const std::vector<DirectoryEntry>& entries() const { return entries_; }
  const std::string& error() const { return error_; }
  // The NAK's error code that failed the listing (kErrNone otherwise): FileNotFound, FailErrno…
  std::uint8_t nakError() const { return nak_error_; }

 private:
  void ask(std::int64_t now_ms);
  void fail(const std::string& why, std::uint8_t nak_error = kErrNone);

  Download::Send send_;
  State state_ = State::Idle;
  std::string path_, error_;
  std::vector<DirectoryEntry> entries_;
  std::uint32_t counted_ = 0;  // entries passed so far, skips included
  Packet pending_;
  std::uint16_t next_seq_ = 0;
  std::int64_t sent_at_ms_ = 0;
  int tries_ = 0;
  std::uint8_t nak_error_ = kErrNone;
};

}  // namespace navigator::ftp
