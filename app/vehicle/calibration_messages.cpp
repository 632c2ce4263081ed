#include "app/vehicle/calibration_messages.h"

#include <QRegularExpression>
#include <QStringList>

namespace navigator {

namespace {

constexpr std::array<const char*, kCalSides.size()> kSideWords{"down", "up", "left", "right", "front", "back"};

std::optional<CalMessage> sideMessage(const QString& body) {
  static const QRegularExpression detected(QStringLiteral("^(\\w+) orientation detected$"));
  static const QRegularExpression done(QStringLiteral("^(\\w+) side done, rotate to a different side$"));
  static const QRegularExpression again(QStringLiteral("^(\\w+) side already completed$"));
  const std::array<std::pair<const QRegularExpression*, CalMessage::Kind>, 3> forms{
      {{&detected, CalMessage::Kind::OrientationDetected},
       {&done, CalMessage::Kind::SideDone},
       {&again, CalMessage::Kind::SideAlreadyDone}}};
  for (const auto& [pattern, kind] : forms) {
    const auto m = pattern->match(body);
    if (!m.hasMatch()) continue;
    const auto side = calSideFromWord(m.captured(1));
    if (!side) return std::nullopt;
    CalMessage out;
    out.kind = kind;
    out.side = *side;
    out.text = body;
    return out;
  }
  return std::nullopt;
}

std::optional<CalMessage> pendingMessage(const QString& body) {
  if (!body.startsWith(QStringLiteral("pending:"))) return std::nullopt;
  CalMessage out;
  out.kind = CalMessage::Kind::Pending;
  out.text = body;
  const QStringList words = body.mid(8).split(QLatin1Char(' '), Qt::SkipEmptyParts);
  for (const QString& word : words) {
    const auto side = calSideFromWord(word);
    if (!side) return std::nullopt;
    out.sides[static_cast<std::size_t>(*side)] = true;
  }
  return out;
}

std::optional<CalMessage> outcomeMessage(const QString& body) {
  static const QRegularExpression started(QStringLiteral("^calibration started: (\\d+) (\\w+)$"));
  static const QRegularExpression progress(QStringLiteral("^progress <(\\d{1,3})>$"));
  CalMessage out;
  out.text = body;
  if (const auto m = started.match(body); m.hasMatch()) {
    out.kind = CalMessage::Kind::Started;
    out.version = m.captured(1).toInt();
    out.sensor = m.captured(2);
  } else if (const auto p = progress.match(body); p.hasMatch() && p.captured(1).toInt() <= 100) {
    out.kind = CalMessage::Kind::Progress;
    out.percent = p.captured(1).toInt();
  } else if (body.startsWith(QStringLiteral("calibration done: "))) {
    out.kind = CalMessage::Kind::Done;
    out.sensor = body.mid(18).trimmed();
  } else if (body.startsWith(QStringLiteral("calibration failed: "))) {
    out.kind = CalMessage::Kind::Failed;
    out.text = body.mid(20).trimmed();
  } else if (body == QStringLiteral("calibration cancelled")) {
    out.kind = CalMessage::Kind::Cancelled;
  } else {
    return std::nullopt;
  }
  return out;
}

}  // namespace

QString calSideWord(CalSide side) { return QString::fromLatin1(kSideWords[static_cast<std::size_t>(side)]); }

std::optional<CalSide> calSideFromWord(const QString& word) {
  for (std::size_t i = 0; i < kSideWords.size(); ++i)
    if (word == QLatin1String(kSideWords[i])) return kCalSides[i];
  return std::nullopt;
}

std::optional<CalMessage> parseCalMessage(const QString& statustext) {
  static const QString kPrefix = QStringLiteral("[cal] ");
  if (!statustext.startsWith(kPrefix)) return std::nullopt;
  const QString body = statustext.mid(kPrefix.size()).trimmed();
  if (auto m = outcomeMessage(body)) return m;
  if (auto m = pendingMessage(body)) return m;
  if (auto m = sideMessage(body)) return m;
  CalMessage info;
  info.text = body;
  return info;
}

}  // namespace navigator
