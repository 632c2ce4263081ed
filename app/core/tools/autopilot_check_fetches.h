// What navigator-autopilot-check reads off vehicle 1 besides its flight, through the station's
// own code, so that a user can compare it with what the autopilot itself holds:
//   - LogFetch (--download-log DIR): once the flight check has landed and disarmed the vehicle,
//     the vehicle's log list (LOG_REQUEST_LIST) and its newest log downloaded into DIR with
//     LogDownload, as the Logs page's "On the vehicle" panel does. PX4 and ArduPilot log from
//     arming to disarming by default (PX4's SDLOG_MODE 0, ArduPilot's LOG_DISARMED 0), so that
//     log is the flight just flown; the file the autopilot wrote is in its instance folder.
//   - MetadataDump (--dump-metadata FILE): the vehicle's own parameter metadata
//     (ParamMetadataFetch: COMPONENT_METADATA and MAVLink FTP, as PX4 serves it) written as one
//     line per parameter: NAME, unit, min, max, default, short description (tab-separated).
// Each says what it did on stdout and why it failed on stderr, then emits done().
#pragma once

#include "app/link/param_metadata_fetch.h"
#include "app/link/vehicle_link.h"
#include "app/vehicle/log_download.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>

namespace navigator {

class LogFetch : public QObject {
  Q_OBJECT
 public:
  static constexpr int kSettleMs = 3000;  // after disarming: the autopilot closes its log file

  LogFetch(VehicleLink* link, const QString& folder, int settle_ms = kSettleMs, QObject* parent = nullptr);
  void setClock(TickClock* clock) { download_.setClock(clock); }  // not owned; null: a real one
  void setFtpAllowed(bool allowed) { download_.setFtpAllowed(allowed); }
  // Waits settle_ms, then lists and downloads.
  void start();
  bool ok() const { return ok_; }

 signals:
  void done();

 private:
  void listed(bool complete, const QString& message);
  void finish(bool ok, const QString& message);

  LogDownload download_;
  QElapsedTimer since_;
  int settle_ms_;
  bool ok_ = false, finished_ = false;
};

class MetadataDump : public QObject {
  Q_OBJECT
 public:
  MetadataDump(VehicleLink* link, const QString& file, QObject* parent = nullptr);
  void setClock(TickClock* clock) { fetch_.setClock(clock); }  // not owned; null: a real one
  void start() { fetch_.start(); }
  bool ok() const { return ok_; }

 signals:
  void done();

 private:
  void fetched(bool ok, const QString& message);

  ParamMetadataFetch fetch_;
  QString file_;
  bool ok_ = false;
};

}  // namespace navigator
