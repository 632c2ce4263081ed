// LogLibrary: the flight logs the Logs page lists — every .ulg (and ArduPilot .bin) file of
// the log folder (log_folder.h), and any other file the user opened — with a summary of each: date, airframe,
// source, duration, size, topics, and the problems the reader recovered from. Summaries are read
// off the GUI thread, one file at a time, and kept while the file's size and time stay the same.
// Rename, delete and export to CSV (ulog_csv.h; off the GUI thread too).
// Thread contract: GUI thread (the thread it lives on); readLogSummary() on any thread.
#pragma once

#include <QDateTime>
#include <QFutureWatcher>
#include <QList>
#include <QObject>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QThreadPool>

#include <atomic>
#include <memory>
#include <utility>

namespace navigator {

class ReplayLog;

struct LogTopic {
  QString name;
  int multi_id = 0;
  qint64 messages = 0;
  // "sensor_combined (1000 messages)", "telemetry_status #1 (31 messages)".
  QString label() const;
};

struct LogSummary {
  QString path;       // absolute
  QString file_name;  // "flight_2026-11-25_10-31-02.ulg"
  qint64 size_bytes = 0;
  QDateTime modified;  // the file's time

  // Known once read (read == true), from the file itself:
  bool read = false;
  QString error;   // the reader's message ("PATH: offset N: what"): not readable
  QDateTime date;  // navigator_start_utc, else a PX4 log's first GPS time less its log time, else the file's time
  bool date_from_log = false;
  QString airframe;  // navigator_airframe; a PX4 log's ver_hw, else its sys_name
  QString source;    // navigator_source ("sitl", "board", "vsim-fly", …); "PX4" for PX4's
  // Of the data replayed: the pose topic's first to last message (ReplayLog). A log without
  // one: the span of its busiest topic. (Not the first to last timestamp of every topic: PX4
  // logs hold one-off messages stamped 0 or long after the flight.)
  double duration_s = 0;
  QStringList problems;    // "offset N: what" the reader recovered from
  QList<LogTopic> topics;  // those with messages
};

// The summary of a log already open for replay (the file's figures, the replay's duration).
LogSummary summaryOf(const ReplayLog& log);

// Reads `path`'s summary (the whole file is indexed: about 2 s for an hour at 1 kHz). Any
// thread; `cancel` set stops it with error "cancelled".
LogSummary readLogSummary(const QString& path, const std::atomic<bool>* cancel = nullptr);

class LogLibrary : public QObject {
  Q_OBJECT
 public:
  explicit LogLibrary(QObject* parent = nullptr);
  ~LogLibrary() override;  // stops the summary being read and waits for it

  // The folder listed (created when missing); by default logFolder(). Lists it anew.
  void setFolder(const QString& folder);
  QString folder() const { return folder_; }
  // Lists the folder's .ulg and .bin files (and the files added) again, newest file first; starts
  // reading the summaries not known yet.
  void refresh();
  // Lists a file from outside the folder too (an opened one); its row, or -1 when it does not exist.
  int addFile(const QString& path);

  const QList<LogSummary>& logs() const { return logs_; }
  int indexOf(const QString& path) const;
  // Summaries still to be read.
  bool isReading() const { return reading_ != nullptr; }

  // Renames the log at `path` to `new_name` in the same folder, ".ulg" (".bin" for a .bin)
  // added unless it ends with it. Refuses an empty name, a name with a folder in it, and a name already taken. The
  // error, or empty (and the new path in `new_path`).
  QString rename(const QString& path, const QString& new_name, QString* new_path = nullptr);
  // Deletes the file. The error, or empty.
  QString remove(const QString& path);
  // Writes `topic` (instance `multi_id`) of the log at `path` to `csv_path` in the background;
  // exportFinished() says how it went.
  void exportCsv(const QString& path, const QString& topic, int multi_id, const QString& csv_path);

 signals:
  void listChanged();         // rows came or went (logs() changed as a whole)
  void summaryRead(int row);  // logs()[row] has been read
  void exportFinished(bool ok, const QString& message);

 private:
  void readNext();
  void summaryDone();

  QString folder_;
  QStringList extra_files_;
  QList<LogSummary> logs_;
  QThreadPool pool_;  // one thread: summaries one after another, never crowding the replay's opening
  std::unique_ptr<QFutureWatcher<LogSummary>> reading_;
  std::shared_ptr<std::atomic<bool>> cancel_reading_;
  std::unique_ptr<QFutureWatcher<std::pair<bool, QString>>> exporting_;  // ok, message
};

}  // namespace navigator
