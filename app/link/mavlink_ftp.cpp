#include "app/link/mavlink_ftp.h"

#include <algorithm>
#include <cstring>

namespace navigator::ftp {

std::array<std::uint8_t, kPayloadBytes> encode(const Packet& p) {
  std::array<std::uint8_t, kPayloadBytes> out{};
  out[0] = std::uint8_t(p.seq & 0xFF);
  out[1] = std::uint8_t(p.seq >> 8);
  out[2] = p.session;
  out[3] = p.opcode;
  out[4] = p.size;
  out[5] = p.req_opcode;
  out[6] = p.burst_complete;
  out[7] = 0;  // padding
  for (std::size_t i = 0; i < 4; ++i) out[8 + i] = std::uint8_t(p.offset >> (8 * i));
  std::copy(p.data.begin(), p.data.end(), out.begin() + kHeaderBytes);
  return out;
}

Packet decode(const std::uint8_t (&in)[kPayloadBytes]) {
  Packet p;
  p.seq = std::uint16_t(in[0] | (in[1] << 8));
  p.session = in[2];
  p.opcode = in[3];
  p.size = in[4];
  p.req_opcode = in[5];
  p.burst_complete = in[6];
  p.offset =
      std::uint32_t(in[8]) | std::uint32_t(in[9]) << 8 | std::uint32_t(in[10]) << 16 | std::uint32_t(in[11]) << 24;
  std::memcpy(p.data.data(), in + kHeaderBytes, kDataBytes);
  return p;
}

Packet decode(const std::array<std::uint8_t, kPayloadBytes>& payload) {
  std::uint8_t raw[kPayloadBytes];
  std::copy(payload.begin(), payload.end(), raw);
  return decode(raw);
}

mavlink_file_transfer_protocol_t message(const Packet& packet, std::uint8_t target_system,
                                         std::uint8_t target_component) {
  mavlink_file_transfer_protocol_t m{};
  m.target_network = 0;
  m.target_system = target_system;
  m.target_component = target_component;
  const auto bytes = encode(packet);
  std::memcpy(m.payload, bytes.data(), bytes.size());
  return m;
}

std::string nakErrorName(std::uint8_t code) {
  switch (code) {
    case kErrNone:
      return "None";
    case kErrFail:
      return "Fail";
    case kErrFailErrno:
      return "FailErrno";
    case kErrInvalidDataSize:
      return "InvalidDataSize";
    case kErrInvalidSession:
      return "InvalidSession";
    case kErrNoSessionsAvailable:
      return "NoSessionsAvailable";
    case kErrEof:
      return "EOF";
    case kErrUnknownCommand:
      return "UnknownCommand";
    case kErrFileExists:
      return "FileExists";
    case kErrFileProtected:
      return "FileProtected";
    case kErrFileNotFound:
      return "FileNotFound";
    default:
      return "error " + std::to_string(code);
  }
}

std::string nakText(const Packet& nak) {
  const std::uint8_t code = nak.size >= 1 ? nak.data[0] : std::uint8_t(kErrFail);
  switch (code) {
    case kErrFileNotFound:
      return "file not found (FileNotFound)";
    case kErrEof:
      return "end of file (EOF)";
    case kErrNoSessionsAvailable:
      return "no session available (NoSessionsAvailable)";
    case kErrInvalidSession:
      return "session not open (InvalidSession)";
    case kErrUnknownCommand:
      return "command not supported (UnknownCommand)";
    case kErrFileProtected:
      return "file protected (FileProtected)";
    case kErrInvalidDataSize:
      return "invalid data size (InvalidDataSize)";
    case kErrFailErrno:
      return "failed, errno " + std::to_string(nak.size >= 2 ? nak.data[1] : 0) + " (FailErrno)";
    default:
      return "failed (" + nakErrorName(code) + ")";
  }
}

bool Download::start(const std::string& path, std::int64_t now_ms) {
  path_ = path;
  bytes_.clear();
  ranges_ = resume_from_;
  error_.clear();
  file_size_ = 0;
  session_ = 0;
  reset_tried_ = false;
  burst_ = burst_wanted_;
  resends_ = requests_sent_ = bursts_ = 0;
  if (path.empty() || path.size() > std::size_t(kDataBytes)) {
    fail("the path is empty or longer than " + std::to_string(kDataBytes) + " bytes");
    return false;
  }
  state_ = State::Opening;
  request(kOpenFileRO, 0, now_ms);
  return true;
}

void Download::request(std::uint8_t opcode, std::uint32_t offset, std::int64_t now_ms) {
  pending_ = Packet{};
  pending_.seq = next_seq_++;
  pending_.opcode = opcode;
  pending_.session = session_;
  pending_.offset = offset;
  if (opcode == kOpenFileRO) {
    pending_.size = std::uint8_t(path_.size());
    std::copy(path_.begin(), path_.end(), pending_.data.begin());
  } else if (opcode == kReadFile || opcode == kBurstReadFile) {
    pending_.size = std::uint8_t(kDataBytes);
  }
  if (opcode == kBurstReadFile) {
    ++bursts_;
    burst_got_data_ = false;
    stream_seq_ = pending_.seq;
  }
  tries_ = 0;
  transmit(now_ms);
}

void Download::transmit(std::int64_t now_ms) {
  sent_at_ms_ = now_ms;
  ++requests_sent_;
  send_(pending_);
}

// The answer to the pending request only: its number + 1 and its opcode echoed; a burst's
// stream counts on from there (a number from an earlier burst, or a late duplicate, is not it).
bool Download::answersPending(const Packet& reply) const {
  if (reply.req_opcode != pending_.opcode) return false;
  const auto ahead = std::uint16_t(reply.seq - std::uint16_t(pending_.seq + 1));
  return pending_.opcode == kBurstReadFile ? ahead < 0x8000 : ahead == 0;
}

bool Download::onReply(const Packet& reply, std::int64_t now_ms) {
  if (finished() || state_ == State::Idle || !answersPending(reply)) return false;
  if (pending_.opcode == kBurstReadFile) stream_seq_ = laterSequence(stream_seq_, reply.seq);
  if (reply.opcode == kAck)
    onAck(reply, now_ms);
  else if (reply.opcode == kNak)
    onNak(reply, now_ms);
  else
    return false;
  return true;
}

void Download::onAck(const Packet& reply, std::int64_t now_ms) {
  switch (state_) {
    case State::Resetting:
      state_ = State::Opening;
      request(kOpenFileRO, 0, now_ms);
      return;
    case State::Opening:
      onOpened(reply, now_ms);
      return;
    case State::Reading:
      onData(reply, now_ms);
      return;
    case State::Closing:
      state_ = State::Done;
      return;
    default:
      return;
  }
}

void Download::onOpened(const Packet& reply, std::int64_t now_ms) {
  if (reply.size < 4) {
    fail("the open was acknowledged without the file's length (size " + std::to_string(reply.size) + ")");
    return;
  }
  session_ = reply.session;
  std::memcpy(&file_size_, reply.data.data(), 4);  // little-endian on the wire and here
  state_ = State::Reading;
  if (expected_size_ != 0 && file_size_ != expected_size_) {
    fail("the file is " + std::to_string(file_size_) + " bytes, not the " + std::to_string(expected_size_) +
         " expected");
    return;
  }
  if (!store_ && file_size_ > kMaxFileBytes) {
    fail("the file is " + std::to_string(file_size_) + " bytes, more than the " + std::to_string(kMaxFileBytes) +
         " this transfer holds");
    return;
  }
  if (!store_) bytes_.assign(file_size_, 0);
  readNext(now_ms);
}

void Download::onData(const Packet& reply, std::int64_t now_ms) {
  const bool burst = pending_.opcode == kBurstReadFile;
  // A single read takes only the bytes it asked for; anything else waits for the timeout.
  if (!burst && reply.offset != pending_.offset) return;
  if (reply.size == 0) {  // nothing more: as EOF
    onEndOfFile(now_ms);
    return;
  }
  const std::size_t n = std::min<std::size_t>(reply.size, kDataBytes);
  if (std::uint64_t(reply.offset) + n > file_size_) {
    fail("the vehicle sent bytes up to " + std::to_string(std::uint64_t(reply.offset) + n) + ", past the " +
         std::to_string(file_size_) + " it announced");
    return;
  }
  if (store_) {
    std::string why;
    if (!store_(reply.offset, reply.data.data(), n, &why)) {
      fail(why);
      return;
    }
  } else {
    std::copy(reply.data.begin(), reply.data.begin() + std::ptrdiff_t(n),
              bytes_.begin() + std::ptrdiff_t(reply.offset));
  }
  ranges_.add(reply.offset, reply.offset + std::uint32_t(n));
  if (!burst) {
    readNext(now_ms);
    return;
  }
  // The stream goes on by itself: each piece is news that it is alive.
  burst_got_data_ = true;
  sent_at_ms_ = now_ms;
  tries_ = 0;
  if (reply.burst_complete || ranges_.complete(file_size_)) readNext(now_ms);
}

void Download::onEndOfFile(std::int64_t now_ms) {
  if (ranges_.complete(file_size_)) {
    close(now_ms);
    return;
  }
  // A burst that brought something before its EOF may have lost pieces: the next one asks from
  // the first byte missing. A burst's EOF with nothing may be the server repeating an old reply
  // (PX4 takes a request numbered one below its last reply for a repeat): one ReadFile there
  // says whether the file really ends. A single read's EOF is where the file ends.
  if (pending_.opcode == kBurstReadFile) {
    if (burst_got_data_) {
      readNext(now_ms);
    } else {
      skipStreamNumbers();
      request(kReadFile, firstMissing(), now_ms);
    }
    return;
  }
  fail("the file ended at byte " + std::to_string(firstMissing()) + " of the " + std::to_string(file_size_) +
       " announced");
}

void Download::onNak(const Packet& reply, std::int64_t now_ms) {
  const std::uint8_t code = reply.size >= 1 ? reply.data[0] : std::uint8_t(kErrEof);
  if (state_ == State::Reading && code == kErrEof) {
    onEndOfFile(now_ms);
    return;
  }
  if (state_ == State::Reading && code == kErrUnknownCommand && pending_.opcode == kBurstReadFile) {
    burst_ = false;  // a server without bursts: one read at a time
    readNext(now_ms);
    return;
  }
  if (state_ == State::Opening && code == kErrNoSessionsAvailable && !reset_tried_) {
    reset_tried_ = true;
    state_ = State::Resetting;
    request(kResetSessions, 0, now_ms);
    return;
  }
  if (state_ == State::Closing) {  // the file is in; a refused close loses nothing
    state_ = State::Done;
    return;
  }
  fail(nakText(reply));
}

void Download::readNext(std::int64_t now_ms) {
  if (ranges_.complete(file_size_)) {
    close(now_ms);
    return;
  }
  skipStreamNumbers();
  request(burst_ ? kBurstReadFile : kReadFile, firstMissing(), now_ms);
}

void Download::skipStreamNumbers() {
  if (pending_.opcode == kBurstReadFile) next_seq_ = laterSequence(next_seq_, std::uint16_t(stream_seq_ + 1));
}

void Download::close(std::int64_t now_ms) {
  skipStreamNumbers();
  state_ = State::Closing;
  request(kTerminateSession, 0, now_ms);
}

void Download::tick(std::int64_t now_ms) {
  if (finished() || state_ == State::Idle || now_ms - sent_at_ms_ < kReplyTimeoutMs) return;
  if (tries_ >= kRetries) {
    if (state_ == State::Closing) {  // the file is complete; only the close went unanswered
      state_ = State::Done;
      return;
    }
    fail("no answer after " + std::to_string(kRetries + 1) + " tries of " +
         (state_ == State::Reading ? "reading at byte " + std::to_string(firstMissing()) : std::string("opening")));
    return;
  }
  const int tries = tries_ + 1;
  ++resends_;
  if (pending_.opcode == kBurstReadFile) {
    // A new burst from the first byte missing, under a number past the stream's.
    readNext(now_ms);
    tries_ = tries;
    return;
  }
  tries_ = tries;
  transmit(now_ms);
}

void Download::fail(const std::string& why) {
  error_ = why;
  closeOpenSession();
  state_ = State::Failed;
}

void Download::abandon() {
  if (finished() || state_ == State::Idle) return;
  closeOpenSession();
  state_ = State::Idle;
}

void Download::closeOpenSession() {
  if (state_ != State::Reading) return;  // the session is open: closed once, no answer awaited
  skipStreamNumbers();
  Packet close;
  close.seq = next_seq_++;
  close.opcode = kTerminateSession;
  close.session = session_;
  ++requests_sent_;
  send_(close);
}

}  // namespace navigator::ftp
