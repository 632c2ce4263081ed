// Test helper: the server's side of MAVLink FTP as the specification (mavlink.io, "File
// Transfer Protocol") and PX4's server answer it — a STAND-IN, not PX4's code. Files live in a
// map by path. Requests are answered with the request's sequence number + 1 and its opcode in
// req_opcode; a request repeating the last sequence number gets the last reply again (its reply
// was lost). OpenFileRO: ACK with a session and the length (4 bytes, little-endian), NAK
// FileNotFound for a path not served, NoSessionsAvailable while the one session is open.
// ReadFile: ACK with up to 239 bytes from the offset, NAK EOF at or past the end, InvalidSession
// for another session. BurstReadFile as PX4 streams one: ACKs of 239 bytes from the offset,
// numbered on from the request's number + 1, with session 0; the one that takes the burst past
// burst_bytes carries burst_complete and ends it; the file's end is a NAK EOF after the last
// data (PX4 sends it when the stream reaches the end). TerminateSession and ResetSessions:
// ACK, the session closed. ListDirectory: the entries under the path ("F<name>\t<size>" for a
// file, "D<name>" for a folder, in the map's order) from the offset's entry on, as many as fit
// in 239 bytes, NAK EOF past the last, NAK FileNotFound for a path with nothing under it.
// Anything else (and BurstReadFile when bursts are switched off): NAK UnknownCommand.
// Fault switches: drop the next N replies (they are still remembered for a repeat), drop every
// Nth packet of a burst, fall silent after so many bytes streamed, announce a length longer
// than the file. No Qt; one thread.
#pragma once

#include "app/link/mavlink_ftp.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <string>
#include <vector>

class FtpServerStandIn {
 public:
  std::map<std::string, std::vector<std::uint8_t>> files;
  int drop_replies = 0;                 // the next N replies are not sent
  std::uint32_t size_lie_bytes = 0;     // OpenFileRO announces the length plus this
  bool bursts = true;                   // BurstReadFile known
  std::uint32_t burst_bytes = 35000;    // PX4's empirical burst length
  int drop_every_nth_burst_packet = 0;  // 0: none lost
  long long stop_after_bytes = -1;      // bursts fall silent once this many bytes were streamed (-1: never)
  long long bytes_streamed = 0;
  // What it heard.
  std::vector<navigator::ftp::Packet> requests;
  int replies_dropped = 0, repeats_answered = 0, burst_packets_sent = 0;
  bool session_open = false;

  // The replies to `request`: one, none (dropped), or a burst's stream.
  std::vector<navigator::ftp::Packet> handle(const navigator::ftp::Packet& request) {
    using namespace navigator::ftp;
    requests.push_back(request);
    if (request.opcode == kBurstReadFile && bursts) return stream(request);
    Packet reply;
    if (have_last_ && request.seq == last_request_seq_) {
      ++repeats_answered;
      reply = last_reply_;
    } else {
      reply = answer(request);
      reply.seq = std::uint16_t(request.seq + 1);
      reply.req_opcode = request.opcode;
      last_reply_ = reply;
      last_request_seq_ = request.seq;
      have_last_ = true;
    }
    if (drop_replies > 0) {
      --drop_replies;
      ++replies_dropped;
      return {};
    }
    return {reply};
  }

 private:
  static navigator::ftp::Packet nak(std::uint8_t error) {
    navigator::ftp::Packet p;
    p.opcode = navigator::ftp::kNak;
    p.size = 1;
    p.data[0] = error;
    return p;
  }

  std::vector<navigator::ftp::Packet> stream(const navigator::ftp::Packet& r) {
    using namespace navigator::ftp;
    have_last_ = false;  // PX4 keeps no reply to a burst for a repeat
    if (!session_open || (r.session != 0 && r.session != kSession)) {
      Packet n = nak(kErrInvalidSession);
      n.seq = std::uint16_t(r.seq + 1);
      n.req_opcode = r.opcode;
      return {n};
    }
    std::vector<Packet> out;
    std::uint16_t seq = std::uint16_t(r.seq + 1);
    std::uint32_t offset = r.offset, sent = 0;
    for (;;) {
      if (stop_after_bytes >= 0 && bytes_streamed >= stop_after_bytes) return out;
      Packet p;
      p.seq = seq++;
      p.req_opcode = kBurstReadFile;
      p.offset = offset;
      if (offset >= open_->size()) {
        p.opcode = kNak;
        p.size = 1;
        p.data[0] = kErrEof;
      } else {
        p.opcode = kAck;
        const std::size_t n = std::min<std::size_t>(kDataBytes, open_->size() - offset);
        std::memcpy(p.data.data(), open_->data() + offset, n);
        p.size = std::uint8_t(n);
        offset += std::uint32_t(n);
        sent += std::uint32_t(n);
        bytes_streamed += (long long)n;
        p.burst_complete = sent >= burst_bytes ? 1 : 0;
      }
      ++burst_packets_sent;
      if (drop_every_nth_burst_packet == 0 || burst_packets_sent % drop_every_nth_burst_packet != 0) out.push_back(p);
      if (p.opcode == kNak || p.burst_complete) return out;
    }
  }

  navigator::ftp::Packet answer(const navigator::ftp::Packet& r) {
    using namespace navigator::ftp;
    Packet ack;
    ack.opcode = kAck;
    ack.session = r.session;
    switch (r.opcode) {
      case kOpenFileRO: {
        const std::string path(reinterpret_cast<const char*>(r.data.data()), r.size);
        const auto it = files.find(path);
        if (it == files.end()) return nak(kErrFileNotFound);
        if (session_open) return nak(kErrNoSessionsAvailable);
        session_open = true;
        open_ = &it->second;
        ack.session = kSession;
        ack.size = 4;
        const std::uint32_t length = std::uint32_t(open_->size()) + size_lie_bytes;
        std::memcpy(ack.data.data(), &length, 4);
        return ack;
      }
      case kReadFile: {
        if (!session_open || r.session != kSession) return nak(kErrInvalidSession);
        if (r.offset >= open_->size()) return nak(kErrEof);
        const std::size_t n = std::min<std::size_t>({r.size, std::size_t(kDataBytes), open_->size() - r.offset});
        std::memcpy(ack.data.data(), open_->data() + r.offset, n);
        ack.size = std::uint8_t(n);
        ack.offset = r.offset;
        return ack;
      }
      case kListDirectory:
        return list(std::string(reinterpret_cast<const char*>(r.data.data()), r.size), r.offset);
      case kTerminateSession:
      case kResetSessions:
        session_open = false;
        open_ = nullptr;
        return ack;
      default:
        return nak(kErrUnknownCommand);
    }
  }

  navigator::ftp::Packet list(std::string dir, std::uint32_t offset) {
    using namespace navigator::ftp;
    while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
    const std::string prefix = dir + "/";
    std::vector<std::string> items;  // in order, each directory once
    for (const auto& [path, bytes] : files) {
      if (path.compare(0, prefix.size(), prefix) != 0) continue;
      const std::string rest = path.substr(prefix.size());
      const std::size_t slash = rest.find('/');
      const std::string item =
          slash == std::string::npos ? "F" + rest + "\t" + std::to_string(bytes.size()) : "D" + rest.substr(0, slash);
      if (items.empty() || items.back() != item) items.push_back(item);
    }
    if (items.empty()) return nak(kErrFileNotFound);
    if (offset >= items.size()) return nak(kErrEof);
    Packet ack;
    ack.opcode = kAck;
    ack.offset = offset;
    std::size_t used = 0;
    for (std::size_t i = offset; i < items.size() && used + items[i].size() + 1 <= std::size_t(kDataBytes); ++i) {
      std::memcpy(ack.data.data() + used, items[i].data(), items[i].size());
      used += items[i].size() + 1;  // and its NUL
    }
    ack.size = std::uint8_t(used);
    return ack;
  }

  static constexpr std::uint8_t kSession = 3;
  const std::vector<std::uint8_t>* open_ = nullptr;
  navigator::ftp::Packet last_reply_;
  std::uint16_t last_request_seq_ = 0;
  bool have_last_ = false;
};
