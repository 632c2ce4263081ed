// MessageStats: what the station hears, for the MAVLink inspector — by link, system, component
// and message: how many frames, the rate over the last window (frames in (now − window, now]
// divided by the window; 0 once a message stops for a whole window), and the last payload,
// its fields decoded where the project's codec knows the message (firmware/mavlink: names and
// types from its table, read in wire order) and as hex otherwise. Time is whatever clock the
// caller passes (the inspector's TickClock; a test drives a ManualTickClock).
// Plain C++ and Qt containers, no QObject; one owner thread.
#pragma once

#include "app/link/raw_frames.h"

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>

#include <cstdint>
#include <deque>
#include <map>
#include <tuple>

namespace navigator {

struct MessageKey {
  QString link;  // "Autopilot link", "SITL link", "Board"
  std::uint8_t sysid = 0, compid = 0;
  std::uint32_t msgid = 0;
  bool operator<(const MessageKey& o) const {
    return std::tie(link, sysid, compid, msgid) < std::tie(o.link, o.sysid, o.compid, o.msgid);
  }
  bool operator==(const MessageKey&) const = default;
};

struct MessageEntry {
  std::uint64_t count = 0;
  std::int64_t first_ms = 0, last_ms = 0;
  QByteArray last_payload;
  bool checked = true;                 // the last one's checksum was verified (false: a message nobody here knows)
  std::deque<std::int64_t> recent_ms;  // arrival times within the window
};

class MessageStats {
 public:
  static constexpr std::int64_t kDefaultWindowMs = 2000;
  explicit MessageStats(std::int64_t window_ms = kDefaultWindowMs) : window_ms_(window_ms) {}

  void add(const QString& link, const RawFrame& frame, std::int64_t now_ms);
  void clear() { entries_.clear(); }
  const std::map<MessageKey, MessageEntry>& entries() const { return entries_; }
  std::int64_t windowMs() const { return window_ms_; }
  // Frames of `entry` in (now − window, now], per second of the window.
  double rateHz(const MessageEntry& entry, std::int64_t now_ms) const;

  // The message's name: the codec's ("HEARTBEAT"), the few raw_frames.h adds
  // ("AUTOPILOT_VERSION"), else "message 42424".
  static QString messageName(std::uint32_t msgid);
  // Each field's name and value as text, in wire order; empty when the codec does not know the
  // message. A cut MAVLink 2 payload reads as zeros past its end, as the codec decodes it.
  static QList<QPair<QString, QString>> decodeFields(std::uint32_t msgid, const QByteArray& payload);
  // "fd 09 00 …": bytes as two-digit hex, space separated.
  static QString hex(const QByteArray& bytes);

 private:
  std::int64_t window_ms_;
  std::map<MessageKey, MessageEntry> entries_;
};

}  // namespace navigator
