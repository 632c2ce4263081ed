#include "app/core/log_library.h"

#include "app/core/log_folder.h"
#include "app/core/replay_log.h"
#include "log/flight_log.h"
#include "log/ulog_csv.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTimeZone>
#include <QtConcurrent>

#include <algorithm>

namespace navigator {
namespace {

const QString kSuffix = QStringLiteral(".ulg");
const QString kDataFlashSuffix = QStringLiteral(".bin");  // ArduPilot's logs (log/dataflash_reader.h)

QString infoText(const ulog::ULogFile& file, const char* key) {
  const ulog::KeyValue* kv = file.findInfo(key);
  return kv && kv->isString() ? QString::fromStdString(kv->text()).trimmed() : QString();
}

// A PX4 log's own start in UTC (not the file's copy time, which a downloaded log carries): the first GPS
// fix's time_utc_usec (sensor_gps, or vehicle_gps_position in older PX4) less the log time
// elapsed until that fix. Invalid when the log has no GPS time.
QDateTime gpsStartUtc(const ulog::ULogFile& file) {
  for (const char* topic : {"sensor_gps", "vehicle_gps_position"}) {
    const ulog::Subscription* sub = file.find(topic);
    if (!sub) continue;
    const std::vector<ulog::ScalarField> fields = file.fields(*sub);
    const auto utc = std::find_if(fields.begin(), fields.end(),
                                  [](const ulog::ScalarField& f) { return f.path == "time_utc_usec"; });
    if (utc == fields.end()) continue;
    for (std::size_t i = 0; i < sub->count(); ++i) {
      const double utc_us = file.value(*sub, i, *utc);
      if (!(utc_us > 1e15)) continue;  // no fix yet (0), or not a time after 2001
      const std::uint64_t t_us = file.timestampUs(*sub, i);
      const double start_us = utc_us - double(t_us - std::min(t_us, file.startUs()));
      return QDateTime::fromMSecsSinceEpoch(qint64(start_us / 1000.0), QTimeZone::utc());
    }
  }
  return {};
}

// An ArduPilot log's start in UTC: its GPS (instance 0) at the first 3-D fix (Status 3 or
// more), whose time is GWk weeks and GMS ms after 1980-01-06 00:00:00 UTC and runs ahead of UTC
// by the leap seconds since (18 s from 2017-01-01 on: an older log comes out a second or two
// late), less the log time elapsed until that fix. Invalid without such a fix.
QDateTime arduPilotGpsStartUtc(const ulog::ULogFile& file) {
  constexpr qint64 kMsPerWeek = 7LL * 86400 * 1000, kLeap_ms = 18000;
  const ulog::Subscription* sub = file.find("GPS");
  if (!sub) return {};
  const std::vector<ulog::ScalarField> fields = file.fields(*sub);
  auto field = [&](const char* name) {
    return std::find_if(fields.begin(), fields.end(), [&](const ulog::ScalarField& f) { return f.path == name; });
  };
  const auto status = field("Status"), ms = field("GMS"), week = field("GWk");
  if (status == fields.end() || ms == fields.end() || week == fields.end()) return {};
  const qint64 epoch_ms = QDateTime(QDate(1980, 1, 6), QTime(0, 0), QTimeZone::utc()).toMSecsSinceEpoch();
  for (std::size_t i = 0; i < sub->count(); ++i) {
    if (!(file.value(*sub, i, *status) >= 3 && file.value(*sub, i, *week) > 0)) continue;
    const std::uint64_t t_us = file.timestampUs(*sub, i);
    const qint64 since_start_ms = qint64((t_us - std::min(t_us, file.startUs())) / 1000);
    const qint64 gps_ms = qint64(file.value(*sub, i, *week)) * kMsPerWeek + qint64(file.value(*sub, i, *ms));
    return QDateTime::fromMSecsSinceEpoch(epoch_ms + gps_ms - kLeap_ms - since_start_ms, QTimeZone::utc());
  }
  return {};
}

// A topic's first to last message [s]. In a file whose time ran backwards (written across a
// simulation reset before the recorder ended flights there) that is negative: the file's whole
// span, earliest to latest, is given instead of a wrapped-around number.
double spanOf(const ulog::ULogFile& file, const ulog::Subscription& sub) {
  if (sub.last_us >= sub.first_us) return double(sub.last_us - sub.first_us) * 1e-6;
  return double(file.lastUs() - file.firstUs()) * 1e-6;
}

void fillFromFile(LogSummary& s, const ulog::ULogFile& file) {
  const QString start_utc = infoText(file, ulog::kInfoStartUtc);
  QDateTime logged = QDateTime::fromString(start_utc, Qt::ISODate);
  if (!logged.isValid()) logged = gpsStartUtc(file);
  if (!logged.isValid()) logged = arduPilotGpsStartUtc(file);
  if (logged.isValid()) {
    s.date = logged;
    s.date_from_log = true;
  }
  const QString sys_name = infoText(file, "sys_name");
  s.airframe = infoText(file, ulog::kInfoAirframe);
  if (s.airframe.isEmpty()) s.airframe = infoText(file, "ver_hw");
  if (s.airframe.isEmpty()) s.airframe = sys_name;
  s.source = infoText(file, ulog::kInfoSource);
  if (s.source.isEmpty()) s.source = sys_name;
  for (const ulog::Problem& p : file.problems())
    s.problems << LogLibrary::tr("offset %1: %2").arg(p.offset).arg(QString::fromStdString(p.what));
  const ulog::Subscription* busiest = nullptr;
  for (const ulog::Subscription& sub : file.subscriptions()) {
    if (sub.count() == 0) continue;
    s.topics.append({QString::fromStdString(sub.name), int(sub.multi_id), qint64(sub.count())});
    if (!busiest || sub.count() > busiest->count()) busiest = &sub;
  }
  std::sort(s.topics.begin(), s.topics.end(), [](const LogTopic& a, const LogTopic& b) {
    return a.name != b.name ? a.name < b.name : a.multi_id < b.multi_id;
  });
  if (busiest) s.duration_s = spanOf(file, *busiest);
}

}  // namespace

QString LogTopic::label() const {
  const QString name_part = multi_id == 0 ? name : QStringLiteral("%1 #%2").arg(name).arg(multi_id);
  return LogLibrary::tr("%1 (%n messages)", nullptr, int(std::min<qint64>(messages, INT_MAX))).arg(name_part);
}

namespace {

LogSummary fileSummary(const QString& path) {
  LogSummary s;
  const QFileInfo info(path);
  s.path = info.absoluteFilePath();
  s.file_name = info.fileName();
  s.size_bytes = info.size();
  s.modified = info.lastModified();
  s.date = s.modified;
  s.read = true;
  return s;
}

// The pose topic's first to last message [s].
double poseSpan_s(const ReplayLog& log) {
  const ulog::Subscription* clock = log.file().find(log.clockTopic());
  return clock ? spanOf(log.file(), *clock) : 0.0;
}

}  // namespace

LogSummary summaryOf(const ReplayLog& log) {
  LogSummary s = fileSummary(QFile::decodeName(log.file().path().c_str()));
  fillFromFile(s, log.file());
  s.duration_s = poseSpan_s(log);
  return s;
}

LogSummary readLogSummary(const QString& path, const std::atomic<bool>* cancel) {
  LogSummary s = fileSummary(path);
  ulog::ReadOptions options;
  options.cancel = cancel;
  auto file = ulog::ULogFile::open(QFile::encodeName(s.path).toStdString(), options);
  if (!file) {
    s.error = QString::fromStdString(file.error().message);
    return s;
  }
  fillFromFile(s, file.value());
  // The duration of what a replay plays: the pose topic's span, when there is one.
  if (auto replay = ReplayLog::fromFile(std::move(file).value())) s.duration_s = poseSpan_s(*replay.value());
  return s;
}

LogLibrary::LogLibrary(QObject* parent) : QObject(parent), folder_(logFolder()) { pool_.setMaxThreadCount(1); }

LogLibrary::~LogLibrary() {
  if (cancel_reading_) cancel_reading_->store(true);
  pool_.waitForDone();
  if (exporting_) exporting_->waitForFinished();
}

void LogLibrary::setFolder(const QString& folder) {
  folder_ = folder;
  refresh();
}

int LogLibrary::indexOf(const QString& path) const {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  for (int i = 0; i < logs_.size(); ++i)
    if (logs_[i].path == absolute) return i;
  return -1;
}

void LogLibrary::refresh() {
  QDir().mkpath(folder_);
  QStringList paths;
  const QDir dir(folder_);
  for (const QFileInfo& f : dir.entryInfoList({QStringLiteral("*") + kSuffix, QStringLiteral("*") + kDataFlashSuffix},
                                              QDir::Files | QDir::Readable))
    paths << f.absoluteFilePath();
  for (const QString& extra : std::as_const(extra_files_))
    if (!paths.contains(extra) && QFileInfo::exists(extra)) paths << extra;

  QList<LogSummary> listed;
  for (const QString& path : std::as_const(paths)) {
    const QFileInfo info(path);
    const int known = indexOf(path);
    // A file whose size and time are the same is the same log: its summary is kept.
    if (known >= 0 && logs_[known].size_bytes == info.size() && logs_[known].modified == info.lastModified()) {
      listed << logs_[known];
      continue;
    }
    LogSummary s;
    s.path = path;
    s.file_name = info.fileName();
    s.size_bytes = info.size();
    s.modified = info.lastModified();
    s.date = s.modified;
    listed << s;
  }
  std::stable_sort(listed.begin(), listed.end(),
                   [](const LogSummary& a, const LogSummary& b) { return a.modified > b.modified; });
  logs_ = listed;
  emit listChanged();
  if (!reading_) readNext();
}

int LogLibrary::addFile(const QString& path) {
  const QFileInfo info(path);
  if (!info.isFile()) return -1;
  const QString absolute = info.absoluteFilePath();
  if (indexOf(absolute) < 0) {
    if (!extra_files_.contains(absolute)) extra_files_ << absolute;
    refresh();
  }
  return indexOf(absolute);
}

void LogLibrary::readNext() {
  const auto next = std::find_if(logs_.begin(), logs_.end(), [](const LogSummary& s) { return !s.read; });
  if (next == logs_.end()) {
    reading_.reset();
    return;
  }
  cancel_reading_ = std::make_shared<std::atomic<bool>>(false);
  reading_ = std::make_unique<QFutureWatcher<LogSummary>>();
  connect(reading_.get(), &QFutureWatcher<LogSummary>::finished, this, &LogLibrary::summaryDone);
  reading_->setFuture(QtConcurrent::run(
      &pool_, [path = next->path, cancel = cancel_reading_] { return readLogSummary(path, cancel.get()); }));
}

void LogLibrary::summaryDone() {
  const LogSummary s = reading_->result();
  // Kept with the size and time it was read at: a file still growing (a flight being
  // recorded) is read again at the next refresh(), not over and over now.
  const int row = indexOf(s.path);
  if (row >= 0) {
    logs_[row] = s;
    emit summaryRead(row);
  }
  readNext();
}

QString LogLibrary::rename(const QString& path, const QString& new_name, QString* new_path) {
  const QString name = new_name.trimmed();
  const QString suffix = path.endsWith(kDataFlashSuffix) ? kDataFlashSuffix : kSuffix;  // kept
  if (name.isEmpty() || name == suffix) return tr("Give the log a name.");
  if (name.contains(QLatin1Char('/')) || name.contains(QLatin1Char('\\')) || name == QLatin1String(".") ||
      name == QLatin1String(".."))
    return tr("\"%1\" is not a file name: a log is renamed within its folder.").arg(name);
  const QFileInfo from(path);
  if (!from.isFile()) return tr("%1 is no longer there.").arg(from.filePath());
  const QString file_name = name.endsWith(suffix) ? name : name + suffix;
  const QString to = from.dir().absoluteFilePath(file_name);
  if (to == from.absoluteFilePath()) {
    if (new_path) *new_path = to;
    return {};
  }
  if (QFileInfo::exists(to)) return tr("A file named %1 is already in %2.").arg(file_name, from.dir().path());
  if (!QFile::rename(from.absoluteFilePath(), to))
    return tr("Could not rename %1 to %2.").arg(from.fileName(), file_name);
  const qsizetype extra = extra_files_.indexOf(from.absoluteFilePath());
  if (extra >= 0) extra_files_[extra] = to;
  const int row = indexOf(from.absoluteFilePath());
  if (row >= 0) {
    logs_[row].path = to;
    logs_[row].file_name = file_name;
  }
  if (new_path) *new_path = to;
  emit listChanged();
  return {};
}

QString LogLibrary::remove(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  QFile file(absolute);
  if (!file.remove()) return tr("Could not delete %1: %2").arg(absolute, file.errorString());
  extra_files_.removeAll(absolute);
  const int row = indexOf(absolute);
  if (row >= 0) logs_.removeAt(row);
  emit listChanged();
  return {};
}

void LogLibrary::exportCsv(const QString& path, const QString& topic, int multi_id, const QString& csv_path) {
  if (exporting_) {
    emit exportFinished(false, tr("An export is still being written."));
    return;
  }
  exporting_ = std::make_unique<QFutureWatcher<std::pair<bool, QString>>>();
  connect(exporting_.get(), &QFutureWatcher<std::pair<bool, QString>>::finished, this, [this] {
    const auto [ok, message] = exporting_->result();
    exporting_.reset();
    emit exportFinished(ok, message);
  });
  exporting_->setFuture(QtConcurrent::run([path, topic, multi_id, csv_path]() -> std::pair<bool, QString> {
    auto file = ulog::ULogFile::open(QFile::encodeName(path).toStdString());
    if (!file) return {false, QString::fromStdString(file.error().message)};
    const ulog::Subscription* sub = file->find(topic.toStdString(), multi_id);
    if (!sub) return {false, tr("%1 has no topic %2.").arg(path, topic)};
    auto rows = ulog::exportCsv(file.value(), *sub, QFile::encodeName(csv_path).toStdString());
    if (!rows) return {false, QString::fromStdString(rows.error().message)};
    return {true, tr("Wrote %n rows of %1 to %2.", nullptr, int(rows.value())).arg(topic, csv_path)};
  }));
}

}  // namespace navigator
