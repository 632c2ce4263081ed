#include "app/link/message_stats.h"

#include <cstring>

namespace navigator {
namespace {

// One scalar of wire type `type` at `at`, as text.
QString scalarText(mavlink_type_t type, const char* at) {
  const auto get = [at](auto v) {
    std::memcpy(&v, at, sizeof v);
    return v;
  };
  switch (type) {
    case MAVLINK_TYPE_char:
      return QString::number(int(get(char{})));
    case MAVLINK_TYPE_uint8_t:
      return QString::number(get(std::uint8_t{}));
    case MAVLINK_TYPE_int8_t:
      return QString::number(get(std::int8_t{}));
    case MAVLINK_TYPE_uint16_t:
      return QString::number(get(std::uint16_t{}));
    case MAVLINK_TYPE_int16_t:
      return QString::number(get(std::int16_t{}));
    case MAVLINK_TYPE_uint32_t:
      return QString::number(get(std::uint32_t{}));
    case MAVLINK_TYPE_int32_t:
      return QString::number(get(std::int32_t{}));
    case MAVLINK_TYPE_uint64_t:
      return QString::number(get(std::uint64_t{}));
    case MAVLINK_TYPE_int64_t:
      return QString::number(get(std::int64_t{}));
    case MAVLINK_TYPE_float:
      return QString::number(double(get(float{})), 'g', 7);
    case MAVLINK_TYPE_double:
      return QString::number(get(double{}), 'g', 15);
  }
  return {};
}

}  // namespace

void MessageStats::add(const QString& link, const RawFrame& frame, std::int64_t now_ms) {
  MessageEntry& e = entries_[MessageKey{link, frame.sysid, frame.compid, frame.msgid}];
  if (e.count == 0) e.first_ms = now_ms;
  ++e.count;
  e.last_ms = now_ms;
  e.last_payload = frame.payload;
  e.checked = frame.checked;
  e.recent_ms.push_back(now_ms);
  while (!e.recent_ms.empty() && e.recent_ms.front() <= now_ms - window_ms_) e.recent_ms.pop_front();
}

double MessageStats::rateHz(const MessageEntry& entry, std::int64_t now_ms) const {
  std::size_t n = 0;
  for (auto t = entry.recent_ms.rbegin(); t != entry.recent_ms.rend() && *t > now_ms - window_ms_; ++t) ++n;
  return double(n) * 1000.0 / double(window_ms_);
}

QString MessageStats::messageName(std::uint32_t msgid) {
  if (const mavlink_message_info_t* info = mavlink_message_info(msgid)) return QString::fromLatin1(info->name);
  if (msgid == mav::kMsgIdAutopilotVersion) return QStringLiteral("AUTOPILOT_VERSION");
  if (msgid == mav::kMsgIdProtocolVersion) return QStringLiteral("PROTOCOL_VERSION");
  return QStringLiteral("message %1").arg(msgid);
}

QList<QPair<QString, QString>> MessageStats::decodeFields(std::uint32_t msgid, const QByteArray& payload) {
  QList<QPair<QString, QString>> out;
  const mavlink_message_info_t* info = mavlink_message_info(msgid);
  if (!info) return out;
  QByteArray bytes = payload.left(info->max_length);
  bytes.append(QByteArray(info->max_length - bytes.size(), '\0'));  // cut trailing zeros come back
  qsizetype at = 0;
  for (std::size_t i = 0; i < info->field_count; ++i) {
    const mavlink_field_info_t& f = info->fields[i];
    const qsizetype size = qsizetype(mavlink_type_size(f.type));
    const int n = f.array_length ? f.array_length : 1;
    QString text;
    if (f.type == MAVLINK_TYPE_char && f.array_length) {
      const QByteArray chars = bytes.mid(at, n);
      text = QString::fromLatin1(chars.constData(), qsizetype(strnlen(chars.constData(), std::size_t(n))));
    } else {
      QStringList items;
      for (int k = 0; k < n; ++k) items << scalarText(f.type, bytes.constData() + at + k * size);
      text = f.array_length ? QStringLiteral("[%1]").arg(items.join(QStringLiteral(", "))) : items.front();
    }
    out.append({QString::fromLatin1(f.name), text});
    at += size * n;
  }
  return out;
}

QString MessageStats::hex(const QByteArray& bytes) { return QString::fromLatin1(bytes.toHex(' ')); }

}  // namespace navigator
