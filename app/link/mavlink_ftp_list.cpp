#include "app/link/mavlink_ftp_list.h"

#include <algorithm>

namespace navigator::ftp {

bool parseDirectoryEntries(const Packet& ack, std::vector<DirectoryEntry>* entries, int* skipped, std::string* error) {
  const std::size_t used = std::min<std::size_t>(ack.size, kDataBytes);
  std::size_t at = 0;
  while (at < used) {
    const auto end = std::find(ack.data.begin() + std::ptrdiff_t(at), ack.data.begin() + std::ptrdiff_t(used), 0);
    const std::string item(ack.data.begin() + std::ptrdiff_t(at), end);
    at = std::size_t(end - ack.data.begin()) + 1;
    if (item.empty()) continue;  // padding after the last entry
    if (item == "S") {
      ++*skipped;
      continue;
    }
    DirectoryEntry e;
    if (item[0] == 'D') {
      e.directory = true;
      e.name = item.substr(1);
    } else if (item[0] == 'F') {
      const std::size_t tab = item.find('\t');
      const std::string digits = tab == std::string::npos ? std::string() : item.substr(tab + 1);
      if (digits.empty() || digits.size() > 19 ||
          !std::all_of(digits.begin(), digits.end(), [](unsigned char c) { return c >= '0' && c <= '9'; })) {
        *error = "a file entry without its size: \"" + item + "\"";
        return false;
      }
      e.name = item.substr(1, tab - 1);
      e.size_bytes = std::stoull(digits);
    } else {
      *error = "an entry that is neither file, directory nor skip: \"" + item + "\"";
      return false;
    }
    if (e.name.empty()) {
      *error = "an entry without a name: \"" + item + "\"";
      return false;
    }
    entries->push_back(std::move(e));
  }
  return true;
}

bool Listing::start(const std::string& path, std::int64_t now_ms) {
  path_ = path;
  entries_.clear();
  error_.clear();
  counted_ = 0;
  nak_error_ = kErrNone;
  if (path.empty() || path.size() > std::size_t(kDataBytes)) {
    fail("the path is empty or longer than " + std::to_string(kDataBytes) + " bytes");
    return false;
  }
  state_ = State::Listing;
  ask(now_ms);
  return true;
}

void Listing::ask(std::int64_t now_ms) {
  pending_ = Packet{};
  pending_.seq = next_seq_++;
  pending_.opcode = kListDirectory;
  pending_.offset = counted_;
  pending_.size = std::uint8_t(path_.size());
  std::copy(path_.begin(), path_.end(), pending_.data.begin());
  tries_ = 0;
  sent_at_ms_ = now_ms;
  send_(pending_);
}

bool Listing::onReply(const Packet& reply, std::int64_t now_ms) {
  if (state_ != State::Listing || reply.req_opcode != kListDirectory || reply.seq != std::uint16_t(pending_.seq + 1))
    return false;
  if (reply.opcode == kNak) {
    const std::uint8_t code = reply.size >= 1 ? reply.data[0] : std::uint8_t(kErrFail);
    if (code == kErrEof)
      state_ = State::Done;
    else
      fail("listing " + path_ + ": " + nakText(reply), code);
    return true;
  }
  if (reply.opcode != kAck) return false;
  const std::size_t before = entries_.size();
  int skipped = 0;
  std::string why;
  if (!parseDirectoryEntries(reply, &entries_, &skipped, &why)) {
    fail("listing " + path_ + ": " + why);
    return true;
  }
  const auto got = std::uint32_t(entries_.size() - before) + std::uint32_t(skipped);
  if (got == 0) {  // an empty ACK: nothing more
    state_ = State::Done;
    return true;
  }
  counted_ += got;
  ask(now_ms);
  return true;
}

void Listing::tick(std::int64_t now_ms) {
  if (state_ != State::Listing || now_ms - sent_at_ms_ < kReplyTimeoutMs) return;
  if (tries_ >= kRetries) {
    fail("listing " + path_ + ": no answer after " + std::to_string(kRetries + 1) + " tries");
    return;
  }
  ++tries_;
  sent_at_ms_ = now_ms;
  send_(pending_);  // the same request, the same number: the server repeats its reply
}

void Listing::fail(const std::string& why, std::uint8_t nak_error) {
  error_ = why;
  nak_error_ = nak_error;
  state_ = State::Failed;
}

}  // namespace navigator::ftp
