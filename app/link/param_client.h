// ParamClient: the MAVLink parameter protocol from the ground station's side. requestAll()
// downloads the vehicle's whole table (PARAM_REQUEST_LIST, then PARAM_REQUEST_READ by index for
// whatever the stream missed, round after round, until complete or given up with a message);
// setParam() writes one value and verifies it by the PARAM_VALUE the vehicle echoes: a value
// other than the one asked for means the vehicle refused and kept its own ("RATE_RP_P = 99
// refused, vehicle kept 0.15"), with the vehicle's STATUSTEXT reason when it gave one.
// Values are typed as PARAM_VALUE's param_type says; integer types travel bytewise in the
// float field (MAVLink's "bytewise" encoding, as the flight firmware, PX4 and QGC do).
// Thread contract: lives on its MavlinkConnection's thread; all calls there.
#pragma once

#include "app/link/link_timings.h"
#include "app/link/mavlink_connection.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QTimer>

#include <deque>
#include <optional>
#include <vector>

namespace navigator {

struct ParamValue {
  QString name;  // the 16-character MAVLink id
  int index = -1;
  std::uint8_t mav_type = 9;  // MAV_PARAM_TYPE: 1..6 integer types, 9 REAL32
  double value = 0;           // an integer type holds a whole number here, exactly
  bool isInteger() const { return mav_type >= 1 && mav_type <= 6; }
  QString text() const;  // the value as the user reads it ("0.15", "3")
};

class ParamClient : public QObject {
  Q_OBJECT

 public:
  enum : std::uint8_t { kTypeUint8 = 1, kTypeInt8, kTypeUint16, kTypeInt16, kTypeUint32, kTypeInt32, kTypeReal32 = 9 };

  ParamClient(MavlinkConnection* connection, const LinkTimings& timings, QObject* parent = nullptr);

  // The vehicle to talk to (0: none — requests then fail with a message).
  void setTarget(std::uint8_t system_id, std::uint8_t component_id);
  void setTimings(const LinkTimings& timings) { timings_ = timings; }

  // Starts a fresh download of the whole table (the old table is cleared).
  void requestAll();
  // Writes one parameter (its type from the table, so the list must have been read).
  void setParam(const QString& name, double value);

  bool downloading() const { return listing_; }
  bool setPending() const { return !sets_.empty(); }  // a PARAM_SET still waits for its echo
  bool complete() const;                              // every index 0..count-1 is known
  int count() const { return total_; }
  int received() const;
  QList<ParamValue> params() const;  // the known ones, by index
  std::optional<ParamValue> param(const QString& name) const;

  // The float field carrying `value` of `mav_type`, and back (bytewise for integer types).
  static float encode(std::uint8_t mav_type, double value);
  static double decode(std::uint8_t mav_type, float field);

 signals:
  void progress(int received, int total);
  void listComplete(int count);
  void listFailed(const QString& message);
  void paramUpdated(const ParamValue& value);  // any PARAM_VALUE: listed, read, echoed, pushed
  void setFinished(const QString& name, bool ok, const QString& message);

 private:
  struct PendingSet {
    QString name;
    double value;
    std::uint8_t mav_type;
    int tries = 0;
    QString reason;
  };

  void onFrame(const mavlink_frame_t& frame);
  void onValue(const mavlink_param_value_t& m);
  void judgeSet(const ParamValue& echoed);  // the pending set's outcome from a PARAM_VALUE of its name
  void onListTimer();
  void sendList();
  void sendRead(int index);
  void transmitSet();
  void onSetTimer();
  void finishSet(bool ok, const QString& message);
  void failList(const QString& message);
  QString missingText() const;

  MavlinkConnection* connection_;
  LinkTimings timings_;
  std::uint8_t target_system_ = 0, target_component_ = 0;
  std::vector<std::optional<ParamValue>> table_;
  int total_ = 0;
  bool listing_ = false;
  int list_sends_ = 0, read_rounds_ = 0;
  QTimer list_timer_, set_timer_;
  std::deque<PendingSet> sets_;
};

}  // namespace navigator

Q_DECLARE_METATYPE(navigator::ParamValue)
