// MAVLink FTP, the client's side of reading one file (mavlink.io, "File Transfer Protocol"):
// requests and replies travel in FILE_TRANSFER_PROTOCOL's 251-byte payload, which carries
//   bytes 0-1  seq_number (little-endian)  2 session  3 opcode  4 size  5 req_opcode
//   6 burst_complete  7 padding  8-11 offset (little-endian)  12-250 data (239 bytes).
// A file is read as the specification lays out: OpenFileRO (data = the path, size = its
// length) is answered by an ACK with the session and the file's length (4 bytes, little-endian);
// ReadFile (session, offset, size) by an ACK with up to 239 bytes at that offset, until the
// whole length is in or a NAK with EOF; then TerminateSession closes the session. A NAK carries
// its error in data[0] (and an errno in data[1] for FailErrno); it ends the transfer with that
// error in words. Every new request takes the next sequence number; the server answers with the
// request's number + 1 and its opcode in req_opcode (PX4's mavlink_ftp), so a reply to anything
// else — a late duplicate — is ignored. No reply within kReplyTimeoutMs: the same request (same
// number) is sent again, up to kRetries times; the server resends its reply to a repeated
// number. An open refused with NoSessionsAvailable (a session an earlier, cut transfer left
// open) is answered by ResetSessions and one more open.
// Time is the caller's: it passes its clock's now to every call and ticks the download.
// No Qt; one thread.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace navigator::ftp {

constexpr int kPayloadBytes = 251;
constexpr int kHeaderBytes = 12;
constexpr int kDataBytes = kPayloadBytes - kHeaderBytes;  // 239

enum Opcode : std::uint8_t {
  kNone = 0,
  kTerminateSession = 1,
  kResetSessions = 2,
  kListDirectory = 3,
  kOpenFileRO = 4,
  kReadFile = 5,
  kCreateFile = 6,
  kWriteFile = 7,
  kRemoveFile = 8,
  kCreateDirectory = 9,
  kRemoveDirectory = 10,
  kOpenFileWO = 11,
  kTruncateFile = 12,
  kRename = 13,
  kCalcFileCrc32 = 14,
  kBurstReadFile = 15,
  kAck = 128,
  kNak = 129,
};

enum NakError : std::uint8_t {
  kErrNone = 0,
  kErrFail = 1,
  kErrFailErrno = 2,
  kErrInvalidDataSize = 3,
  kErrInvalidSession = 4,
  kErrNoSessionsAvailable = 5,
  kErrEof = 6,
  kErrUnknownCommand = 7,
  kErrFileExists = 8,
  kErrFileProtected = 9,
  kErrFileNotFound = 10,
};

struct Packet {
  std::uint16_t seq = 0;
  std::uint8_t session = 0;
  std::uint8_t opcode = kNone;
  std::uint8_t size = 0;  // bytes of data used
  std::uint8_t req_opcode = kNone;
  std::uint8_t burst_complete = 0;
  std::uint32_t offset = 0;
  std::array<std::uint8_t, kDataBytes> data{};
};

std::array<std::uint8_t, kPayloadBytes> encode(const Packet& packet);
Packet decode(const std::uint8_t (&payload)[kPayloadBytes]);
Packet decode(const std::array<std::uint8_t, kPayloadBytes>& payload);

// "FileNotFound", "EOF", … as the specification names them; "error 42" for others.
std::string nakErrorName(std::uint8_t code);
// A NAK's error in plain words: "file not found", "no session available", "failed (errno 2)".
std::string nakText(const Packet& nak);

class Download {
 public:
  enum class State { Idle, Opening, Resetting, Reading, Closing, Done, Failed };
  static constexpr std::int64_t kReplyTimeoutMs = 250;  // the spec suggests 50 ms; radios are slower
  static constexpr int kRetries = 6;                    // the spec's recommended number
  using Send = std::function<void(const Packet&)>;

  explicit Download(Send send) : send_(std::move(send)) {}

  // Starts reading `path` (at most kDataBytes long); any earlier transfer is dropped.
  // False (Failed, with the reason) when the path does not fit.
  bool start(const std::string& path, std::int64_t now_ms);
  // A FILE_TRANSFER_PROTOCOL payload from the server; false when it was not this transfer's.
  bool onReply(const Packet& reply, std::int64_t now_ms);
  // Resends what timed out, or fails after kRetries resends.
  void tick(std::int64_t now_ms);

  State state() const { return state_; }
  bool finished() const { return state_ == State::Done || state_ == State::Failed; }
  const std::string& path() const { return path_; }
  const std::vector<std::uint8_t>& bytes() const { return bytes_; }  // complete once Done
  std::uint32_t fileSize() const { return file_size_; }
  const std::string& error() const { return error_; }  // empty unless Failed
  int resends() const { return resends_; }             // over the whole transfer
  int requestsSent() const { return requests_sent_; }

 private:
  void request(std::uint8_t opcode, std::uint32_t offset, std::int64_t now_ms);
  void transmit(std::int64_t now_ms);
  void onAck(const Packet& reply, std::int64_t now_ms);
  void onNak(const Packet& reply, std::int64_t now_ms);
  void readNext(std::int64_t now_ms);
  void fail(const std::string& why);

  Send send_;
  State state_ = State::Idle;
  std::string path_, error_;
  std::vector<std::uint8_t> bytes_;
  std::uint32_t file_size_ = 0;
  std::uint8_t session_ = 0;
  bool reset_tried_ = false;
  Packet pending_;  // the request awaiting its reply
  std::uint16_t next_seq_ = 0;
  std::int64_t sent_at_ms_ = 0;
  int tries_ = 0;  // resends of the pending request
  int resends_ = 0, requests_sent_ = 0;
};

}  // namespace navigator::ftp
