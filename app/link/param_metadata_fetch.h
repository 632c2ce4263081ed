// ParamMetadataFetch: a vehicle's own parameter metadata, read from the vehicle over MAVLink,
// as PX4 serves it (mavlink.io, "Component Information Protocol"):
//   1. MAV_CMD_REQUEST_MESSAGE (512) for COMPONENT_METADATA (397), to the autopilot component;
//      asked again every kRequestRetryMs up to kRequestTries times;
//   2. its `uri`, mftp://PATH (optionally mftp://[;comp=N]PATH), names the general metadata
//      file (COMP_METADATA_TYPE_GENERAL): read over MAVLink FTP (mavlink_ftp.h), xz-decompressed
//      when the name ends in .xz;
//   3. that JSON's "metadataTypes" list holds the parameter metadata's entry (type 1,
//      COMP_METADATA_TYPE_PARAMETER) with its "uri": read the same way and parsed
//      (parsePx4ParamMetadata).
// Only files on the vehicle (mftp://) are read: a metadata file the vehicle points to on the
// internet (http://, https://) is said, not fetched. Any failure — no answer, a NAK
// (FileNotFound …), a corrupt .xz, JSON that is not metadata — ends the fetch with a message
// naming the file and what is wrong; the parameters' values are shown without metadata.
// Time goes by the clock set (a test's ManualTickClock), by default a real one ticking every
// kTickMs while a fetch runs.
// Thread contract: GUI thread (the link's).
#pragma once

#include "app/clock/tick_clock.h"
#include "app/link/mavlink_ftp.h"
#include "app/link/param_metadata.h"
#include "app/link/vehicle_link.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <memory>

namespace navigator {

class ParamMetadataFetch : public QObject {
  Q_OBJECT
 public:
  enum class State { Idle, Requesting, General, Parameters, Done, Failed };
  static constexpr std::int64_t kRequestRetryMs = 1000;
  static constexpr int kRequestTries = 3;
  static constexpr int kTickMs = 50;
  static constexpr int kComponentMetadataId = 397;
  static constexpr int kTypeParameter = 1;  // COMP_METADATA_TYPE_PARAMETER

  explicit ParamMetadataFetch(VehicleLink* link, QObject* parent = nullptr);
  ~ParamMetadataFetch() override;
  void setClock(TickClock* clock);  // not owned; null: a real one

  // Asks the vehicle for its metadata (a fetch under way starts again).
  void start();
  State state() const { return state_; }
  bool busy() const { return state_ == State::Requesting || state_ == State::General || state_ == State::Parameters; }
  // Done: the metadata by name. Failed: empty, and error() says why.
  const QHash<QString, ParamInfo>& params() const { return params_; }
  QString error() const { return error_; }
  QString parameterUri() const { return parameter_uri_; }  // the file it came from
  // The FTP path of an mftp:// URI ("etc/extras/parameters.json.xz"); empty when not mftp.
  static QString ftpPath(const QString& uri);
  // The parameter metadata's URI in a general metadata JSON; empty with `error` set when absent.
  static QString parameterUriIn(const QByteArray& general_json, QString* error);

 signals:
  void finished(bool ok, const QString& message);

 private:
  void onFrame(const mavlink_frame_t& frame);
  void onTick();
  void sendRequest();
  void fetch(const QString& uri, State next);
  void fileArrived();
  void fail(const QString& message);
  void setState(State s);

  QPointer<VehicleLink> link_;
  TickClock* clock_ = nullptr;
  std::unique_ptr<SteadyTickClock> own_clock_;
  State state_ = State::Idle;
  ftp::Download download_;
  QString uri_, parameter_uri_, error_;
  QHash<QString, ParamInfo> params_;
  int request_tries_ = 0;
  std::int64_t requested_at_ms_ = 0;
};

}  // namespace navigator
