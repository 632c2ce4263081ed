// StatusTextAssembler: STATUSTEXT messages as a pilot should read them. MAVLink 2 lets a
// sender split a long text into 50-byte chunks (common.xml, STATUSTEXT: `id` non-zero and
// shared by the chunks of one text, `chunk_seq` counting from 0, the last chunk the one whose
// text ends before 50 bytes); PX4 does so, and ends lines with a tab. The assembler joins the
// chunks, marks a missing chunk with "…", keeps printable text only (a tab or line break
// becomes a space, other control characters are dropped, trailing space trimmed) and hands
// each whole text back once. A text whose last chunk never comes is handed back by flush()
// (the link calls it on the next heartbeat) or when a text with another id begins.
// Plain C++ and QString, no signals; any one thread.
#pragma once

#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace navigator {

struct StatusText {
  int severity = 0;  // MAV_SEVERITY
  QString text;
};

class StatusTextAssembler {
 public:
  static constexpr std::size_t kChunkBytes = 50;
  // A text longer than this (twenty chunks; PX4's longest is under three) is handed back cut,
  // so a stream of chunks that never ends cannot grow without bound.
  static constexpr qsizetype kMaxBytes = 1000;

  // One STATUSTEXT's fields (`text` up to kChunkBytes, not necessarily terminated). Returns the
  // texts complete now: none, this one, or an unfinished earlier one and this one.
  std::vector<StatusText> add(int severity, const char* text, std::uint16_t id, std::uint8_t chunk_seq);
  // The unfinished text, if any, as far as it came (its end marked "…").
  std::optional<StatusText> flush();
  bool pending() const { return pending_.has_value(); }

  // `bytes` (UTF-8, up to `capacity`, stops at a NUL) as printable text: a tab, CR or LF
  // becomes a space, other control characters are dropped.
  static QString printable(const char* bytes, std::size_t capacity);

 private:
  struct Pending {
    int severity = 0;
    std::uint16_t id = 0;
    int next_seq = 0;
    QByteArray bytes;  // joined before decoding: a UTF-8 character may straddle two chunks
  };
  static StatusText finish(const Pending& p, bool complete);
  std::optional<Pending> pending_;
};

}  // namespace navigator
