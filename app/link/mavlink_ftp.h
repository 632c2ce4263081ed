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
// Burst reads (the default): one BurstReadFile (session, offset) is answered by a stream of
// ACKs, each up to 239 bytes at its own offset and numbered on from the request's number + 1,
// until the server ends the burst (burst_complete on the last; PX4 ends one after about 35 kB,
// ArduPilot after a fixed count) or the file (a NAK EOF). Each piece lands where its offset
// says; what a lost packet left out is asked for by the next burst, from the first byte still
// missing, until every byte of the announced length is in. A burst request unanswered for
// kReplyTimeoutMs goes again under a new number (past the highest the stream used: PX4 takes a
// request numbered one below its last reply for a repeat), up to kRetries times without a byte
// arriving; a burst answered by EOF alone is checked with one ReadFile before the file is said
// to end early. A server that does not know BurstReadFile (NAK UnknownCommand) is read with
// ReadFile instead, one request per 239 bytes.
// Time is the caller's: it passes its clock's now to every call and ticks the download.
// No Qt; one thread.
#pragma once

#include "app/link/byte_ranges.h"
#include "firmware/mavlink/mavlink_codec.h"

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

// The later of two sequence numbers, counting round 0xFFFF -> 0 (a long burst wraps them).
inline std::uint16_t laterSequence(std::uint16_t a, std::uint16_t b) { return std::uint16_t(b - a) < 0x8000 ? b : a; }

// `packet` in a FILE_TRANSFER_PROTOCOL message to that system and component (network 0).
mavlink_file_transfer_protocol_t message(const Packet& packet, std::uint8_t target_system,
                                         std::uint8_t target_component);

// "FileNotFound", "EOF", … as the specification names them; "error 42" for others.
std::string nakErrorName(std::uint8_t code);
// A NAK's error in plain words: "file not found", "no session available", "failed (errno 2)".
std::string nakText(const Packet& nak);

class Download {
 public:
  enum class State { Idle, Opening, Resetting, Reading, Closing, Done, Failed };
  static constexpr std::int64_t kReplyTimeoutMs = 250;  // the spec suggests 50 ms; radios are slower
  static constexpr int kRetries = 6;                    // the spec's recommended number
  // A file announced longer than this is refused before a byte is read when the transfer is
  // held in memory (parameter metadata is tens of kilobytes; PX4's compressed file 20-60 kB);
  // with a Store (a log into its file) there is no such limit.
  static constexpr std::uint32_t kMaxFileBytes = 64u << 20;
  using Send = std::function<void(const Packet&)>;
  // Where each piece goes instead of memory: false when it could not be kept (the transfer
  // then fails with `error`, which the store fills in).
  using Store = std::function<bool(std::uint32_t offset, const std::uint8_t* data, std::size_t n, std::string* error)>;

  explicit Download(Send send) : send_(std::move(send)) {}

  // Burst reads (true, the default) or one ReadFile per 239 bytes; for the next start().
  void setBurst(bool burst) { burst_wanted_ = burst; }
  bool bursting() const { return burst_; }  // false too once the server refused bursts

  // For the next start(): pieces into `store` (null: into bytes()); the length the file must
  // announce (0: any); the ranges already in hand, which are not asked for again (a resumed
  // transfer).
  void setStore(Store store) { store_ = std::move(store); }
  void setExpectedSize(std::uint32_t size_bytes) { expected_size_ = size_bytes; }
  void setReceived(const ByteRanges& ranges) { resume_from_ = ranges; }
  // The sequence number the next request takes: a transfer that follows another client's on
  // the same server goes on from that client's number (PX4 takes a request numbered one
  // below its last reply for a repeat of that reply).
  std::uint16_t nextSequence() const { return next_seq_; }
  void setNextSequence(std::uint16_t seq) { next_seq_ = seq; }

  // Starts reading `path` (at most kDataBytes long); any earlier transfer is dropped.
  // False (Failed, with the reason) when the path does not fit.
  bool start(const std::string& path, std::int64_t now_ms);
  // Stops here: an open session is closed (no answer awaited); the ranges stay readable.
  void abandon();
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
  int burstsRequested() const { return bursts_; }
  std::uint64_t receivedBytes() const { return ranges_.covered(); }
  const ByteRanges& ranges() const { return ranges_; }

 private:
  void request(std::uint8_t opcode, std::uint32_t offset, std::int64_t now_ms);
  void transmit(std::int64_t now_ms);
  void onAck(const Packet& reply, std::int64_t now_ms);
  void onNak(const Packet& reply, std::int64_t now_ms);
  void onOpened(const Packet& reply, std::int64_t now_ms);
  void onData(const Packet& reply, std::int64_t now_ms);
  void onEndOfFile(std::int64_t now_ms);
  bool answersPending(const Packet& reply) const;
  void readNext(std::int64_t now_ms);
  void close(std::int64_t now_ms);
  void skipStreamNumbers();  // the next request numbered past every number a burst's stream used
  void fail(const std::string& why);
  void closeOpenSession();
  std::uint32_t firstMissing() const { return ranges_.firstGap(file_size_).first; }

  Send send_;
  State state_ = State::Idle;
  std::string path_, error_;
  std::vector<std::uint8_t> bytes_;  // the file's length once open; ranges_ says what is in
  ByteRanges ranges_;
  std::uint32_t file_size_ = 0;
  bool burst_wanted_ = true, burst_ = true;
  Store store_;
  std::uint32_t expected_size_ = 0;
  ByteRanges resume_from_;
  bool burst_got_data_ = false;   // the pending burst has brought at least one byte
  std::uint16_t stream_seq_ = 0;  // the highest number the current burst's stream used
  std::uint8_t session_ = 0;
  bool reset_tried_ = false;
  Packet pending_;  // the request awaiting its reply
  std::uint16_t next_seq_ = 0;
  std::int64_t sent_at_ms_ = 0;
  int tries_ = 0;  // resends of the pending request
  int resends_ = 0, requests_sent_ = 0, bursts_ = 0;
};

}  // namespace navigator::ftp
