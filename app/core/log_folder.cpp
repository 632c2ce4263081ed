#include "app/core/log_folder.h"

#include <QCoreApplication>
#include <QDir>
#include <QLocale>
#include <QSettings>
#include <QStandardPaths>
#include <QStorageInfo>

#include <algorithm>
#include <cmath>

namespace navigator {
namespace {
constexpr const char* kFolderKey = "logs/folder";
// A SITL flight logs about 590 bytes per 1 kHz period (flight_topics.h, all topics).
constexpr double kBytesPerSecond = 590.0 * 1000.0;
}  // namespace

QString defaultLogFolder() {
  return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("logs"));
}

QString logFolder() {
  const QString set = QSettings().value(kFolderKey).toString();
  return set.isEmpty() ? defaultLogFolder() : set;
}

void setLogFolder(const QString& folder) {
  QSettings settings;
  if (folder.isEmpty())
    settings.remove(kFolderKey);
  else
    settings.setValue(kFolderKey, folder);
}

bool recordFlights() { return QSettings().value("logs/record", true).toBool(); }

void setRecordFlights(bool record) { QSettings().setValue("logs/record", record); }

double logMarginS() {
  bool ok = false;
  const double s = QSettings().value("logs/margin_s", kDefaultLogMarginS).toDouble(&ok);
  return ok && std::isfinite(s) ? std::clamp(s, 0.0, kMaxLogMarginS) : kDefaultLogMarginS;
}

void setLogMarginS(double seconds) {
  QSettings().setValue("logs/margin_s",
                       std::isfinite(seconds) ? std::clamp(seconds, 0.0, kMaxLogMarginS) : kDefaultLogMarginS);
}

qint64 expectedLogBytes(double seconds) { return qint64(seconds * kBytesPerSecond); }

std::optional<QString> diskSpaceWarning(const QString& folder, qint64 needed_bytes) {
  if (!QDir().mkpath(folder))
    return QCoreApplication::translate("LogFolder",
                                       "Cannot create the flight-log folder %1: flights will not be recorded.")
        .arg(folder);
  const QStorageInfo storage(folder);
  if (!storage.isValid() || !storage.isReady())
    return QCoreApplication::translate("LogFolder", "Cannot tell how much room the flight-log folder %1 has.")
        .arg(folder);
  const qint64 free = storage.bytesAvailable();
  if (free >= needed_bytes) return std::nullopt;
  const QLocale locale;
  return QCoreApplication::translate("LogFolder",
                                     "Only %1 free on %2 for flight logs; a flight of an hour takes about %3.")
      .arg(locale.formattedDataSize(free), storage.rootPath(), locale.formattedDataSize(expectedLogBytes(3600)));
}

}  // namespace navigator
