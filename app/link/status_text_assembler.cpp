#include "app/link/status_text_assembler.h"

#include <cstring>

namespace navigator {
namespace {

const QString kGap = QStringLiteral("…");

}  // namespace

QString StatusTextAssembler::printable(const char* bytes, std::size_t capacity) {
  const QString decoded = QString::fromUtf8(bytes, qsizetype(strnlen(bytes, capacity)));
  QString out;
  out.reserve(decoded.size());
  for (const QChar c : decoded) {
    if (c == QLatin1Char('\t') || c == QLatin1Char('\n') || c == QLatin1Char('\r'))
      out += QLatin1Char(' ');
    else if (c.unicode() >= 0x20 && c.unicode() != 0x7f && !(c.unicode() >= 0x80 && c.unicode() < 0xa0))
      out += c;
  }
  return out;
}

StatusText StatusTextAssembler::finish(const Pending& p, bool complete) {
  QString text = printable(p.bytes.constData(), std::size_t(p.bytes.size())).trimmed();
  if (!complete) text += kGap;
  return {p.severity, text};
}

std::vector<StatusText> StatusTextAssembler::add(int severity, const char* text, std::uint16_t id,
                                                 std::uint8_t chunk_seq) {
  std::vector<StatusText> out;
  const std::size_t n = strnlen(text, kChunkBytes);
  const bool last = n < kChunkBytes;
  if (pending_ && (id == 0 || id != pending_->id)) {  // another text begins: the unfinished one as it is
    out.push_back(finish(*pending_, false));
    pending_.reset();
  }
  if (id == 0) {  // a text in one message
    out.push_back({severity, printable(text, kChunkBytes).trimmed()});
    return out;
  }
  if (!pending_) {
    pending_ = Pending{severity, id, 0, {}};
    if (chunk_seq != 0) pending_->bytes += kGap.toUtf8();  // its start was lost
  } else if (chunk_seq < pending_->next_seq) {
    return out;  // a chunk again (a duplicate): nothing new
  }
  if (chunk_seq > pending_->next_seq && pending_->next_seq > 0)
    pending_->bytes += kGap.toUtf8();  // chunks lost between
  pending_->bytes.append(text, qsizetype(n));
  pending_->next_seq = chunk_seq + 1;
  if (last || pending_->bytes.size() >= kMaxBytes) {
    out.push_back(finish(*pending_, last));
    pending_.reset();
  }
  return out;
}

std::optional<StatusText> StatusTextAssembler::flush() {
  if (!pending_) return std::nullopt;
  const StatusText t = finish(*pending_, false);
  pending_.reset();
  return t;
}

}  // namespace navigator
