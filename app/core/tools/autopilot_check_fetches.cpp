#include "app/core/tools/autopilot_check_fetches.h"

#include <QFile>
#include <QFileInfo>
#include <QTextStream>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace navigator {

namespace {

QString numberOrDash(double v) { return std::isnan(v) ? QStringLiteral("-") : QString::number(v, 'g', 9); }

QString oneLine(QString text) { return text.replace(QLatin1Char('\t'), QLatin1Char(' ')).simplified(); }

}  // namespace

LogFetch::LogFetch(VehicleLink* link, const QString& folder, int settle_ms, QObject* parent)
    : QObject(parent), download_(link), settle_ms_(settle_ms) {
  download_.setFolder(folder);
  connect(&download_, &LogDownload::listFinished, this, &LogFetch::listed);
  connect(&download_, &LogDownload::finished, this, &LogFetch::finish);
}

void LogFetch::start() {
  QTimer::singleShot(settle_ms_, this, [this] {
    if (QString why; !download_.requestList(&why)) finish(false, QStringLiteral("cannot ask for the log list: ") + why);
  });
}

void LogFetch::listed(bool complete, const QString& message) {
  const auto& entries = download_.entries();
  std::printf("logs on the vehicle: %zu%s\n", entries.size(), complete ? "" : qPrintable(" (" + message + ")"));
  for (const auto& e : entries)
    std::printf("  log %u: %u bytes, %s\n", unsigned(e.id), unsigned(e.size_bytes),
                e.time_utc_s ? qPrintable(e.time().toString(Qt::ISODate)) : "no time");
  if (entries.empty()) return finish(false, QStringLiteral("the vehicle lists no log"));
  // The newest: the highest id (PX4 and ArduPilot number their logs in the order written).
  const auto newest =
      std::max_element(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
  since_.start();
  if (QString why; !download_.download(newest->id, &why))
    finish(false, QStringLiteral("cannot download log %1: %2").arg(newest->id).arg(why));
}

void LogFetch::finish(bool ok, const QString& message) {
  if (finished_) return;
  finished_ = true;
  ok_ = ok;
  if (ok) {
    const qint64 bytes = QFileInfo(download_.finishedPath()).size();
    const double seconds = double(since_.elapsed()) / 1000.0;  // a figure to print, never a verdict
    std::printf("log downloaded over %s: %s (%lld bytes in %.1f s, %.0f kB/s)\n",
                download_.path() == LogDownload::Path::Ftp ? "MAVLink FTP" : "the MAVLink log protocol",
                qPrintable(download_.finishedPath()), static_cast<long long>(bytes), seconds,
                seconds > 0 ? double(bytes) / seconds / 1000.0 : 0.0);
  } else {
    std::fprintf(stderr, "navigator-autopilot-check: log download: %s\n", qPrintable(message));
  }
  std::fflush(stdout);
  emit done();
}

MetadataDump::MetadataDump(VehicleLink* link, const QString& file, QObject* parent)
    : QObject(parent), fetch_(link), file_(file) {
  connect(&fetch_, &ParamMetadataFetch::finished, this, &MetadataDump::fetched);
}

void MetadataDump::fetched(bool ok, const QString& message) {
  if (!ok) {
    std::fprintf(stderr, "navigator-autopilot-check: parameter metadata: %s\n", qPrintable(message));
    emit done();
    return;
  }
  QFile out(file_);
  if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
    std::fprintf(stderr, "navigator-autopilot-check: cannot write %s: %s\n", qPrintable(file_),
                 qPrintable(out.errorString()));
    emit done();
    return;
  }
  QStringList names = fetch_.params().keys();
  names.sort();
  QTextStream text(&out);
  int ranged = 0, enumerated = 0, bitmasks = 0;
  for (const QString& name : names) {
    const ParamInfo& p = fetch_.params()[name];
    ranged += p.hasRange();
    enumerated += !p.values.isEmpty();
    bitmasks += !p.bits.isEmpty();
    text << name << '\t' << (p.unit.isEmpty() ? QStringLiteral("-") : p.unit) << '\t' << numberOrDash(p.min) << '\t'
         << numberOrDash(p.max) << '\t' << (p.default_value ? numberOrDash(*p.default_value) : QStringLiteral("-"))
         << '\t' << oneLine(p.description) << '\n';
  }
  ok_ = text.status() == QTextStream::Ok && out.flush();
  std::printf(
      "parameter metadata: %lld parameters described (%d with a range, %d enumerations, %d bitmasks), from "
      "%s, written to %s\n",
      static_cast<long long>(names.size()), ranged, enumerated, bitmasks, qPrintable(fetch_.parameterUri()),
      qPrintable(file_));
  std::fflush(stdout);
  emit done();
}

}  // namespace navigator
