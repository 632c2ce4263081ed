// ParamClient: the MAVLink parameter protocol from the ground station's side. requestAll()
// downloads the vehicle's whole table (PARAM_REQUEST_LIST, then PARAM_REQUEST_READ by index for
// whatever the stream missed, round after round, until complete or given up with a message);
// setParam() writes one value and verifies it by the PARAM_VALUE the vehicle echoes: a value
// other than the one asked for means the vehicle refused and kept its own ("RATE_RP_P = 99
// refused, vehicle kept 0.15"), with the vehicle's STATUSTEXT reason when it gave one.
// Values are typed as PARAM_VALUE's param_type says. How an integer travels in the message's
// float field depends on the autopilot (mavlink.io, "Parameter Protocol", encoding):
//   - bytewise: the integer's bytes in the float's place — PX4 and this project's firmware;
//   - C cast: the number converted to float — ArduPilot. Exact up to 2^24 = 16777216; beyond,
//     the float holds the value rounded (to an even number up to 2^25, and so on).
// The encoding is chosen per vehicle: what its AUTOPILOT_VERSION.capabilities declare
// (setDeclaredCapabilities; PARAM_ENCODE_BYTEWISE or PARAM_ENCODE_C_CAST, the deprecated
// PARAM_FLOAT counting as C cast), otherwise by the autopilot its HEARTBEAT names — ArduPilot
// C cast, any other bytewise — as QGroundControl does (its ArduPilot firmware plugin converts
// PARAM_VALUE and PARAM_SET, every other autopilot is read bytewise). Values that came before
// the declaration are decoded again from the field as received when the declaration changes
// the encoding (paramUpdated for each that changed), so nothing waits for AUTOPILOT_VERSION.
// A PARAM_VALUE whose type the 4-byte field cannot carry (the 64-bit types, REAL64, an
// unknown number) or whose REAL32 is not a number is not taken: paramProblem names it, and
// the parameter keeps what it had (a new one is listed as unreadable, so a download completes).
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

enum class ParamEncoding { Bytewise, CCast };

struct ParamValue {
  QString name;  // the 16-character MAVLink id
  int index = -1;
  std::uint8_t mav_type = 9;  // MAV_PARAM_TYPE: 1..6 integer types, 9 REAL32
  double value = 0;           // an integer type holds a whole number here
  float wire = 0;             // param_value as received (decoded again if the encoding changes)
  bool approximate = false;   // C cast integer from 2^24 on: the float may stand for a neighbour too
  bool readable = true;       // false: a type PARAM_VALUE cannot carry (value 0, not used)
  bool isInteger() const { return mav_type >= 1 && mav_type <= 6; }
  // The value as the user reads it ("0.15", "3"); "≈33554432" when approximate; "unreadable
  // (type INT64)" when not readable.
  QString text() const;
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
  // The same in either encoding.
  static float encode(ParamEncoding encoding, std::uint8_t mav_type, double value);
  static double decode(ParamEncoding encoding, std::uint8_t mav_type, float field);
  // The largest magnitude up to which every integer survives the C cast: 2^24 (a float's
  // 24-bit significand, IEEE 754 binary32).
  static constexpr double kCCastExactLimit = 16777216.0;
  // "INT32", "REAL32", "INT64" …; "type 42" for a number MAV_PARAM_TYPE does not define.
  static QString typeName(std::uint8_t mav_type);

  // The encoding AUTOPILOT_VERSION.capabilities declare; nullopt when they declare none or
  // both (then the HEARTBEAT's autopilot decides).
  static std::optional<ParamEncoding> declaredEncoding(std::uint64_t capabilities);
  // The encoding of an autopilot that declares nothing: ArduPilot (MAV_AUTOPILOT 3) C cast,
  // PX4, this project's firmware and any other bytewise.
  static ParamEncoding encodingForAutopilot(std::uint8_t mav_autopilot);
  // What the vehicle declared (AUTOPILOT_VERSION), heard by whoever can read that message.
  void setDeclaredCapabilities(std::uint64_t capabilities);
  // The MAV_AUTOPILOT of the vehicle's HEARTBEAT (it listens for them itself; a link that made
  // the vehicle from a heartbeat it did not see tells it this way).
  void setAutopilot(std::uint8_t mav_autopilot);
  ParamEncoding encoding() const { return encoding_; }
  // Why this encoding, for the log: "declared by AUTOPILOT_VERSION", "ArduPilot by HEARTBEAT".
  QString encodingReason() const { return encoding_reason_; }

 signals:
  void progress(int received, int total);
  void listComplete(int count);
  void listFailed(const QString& message);
  void paramUpdated(const ParamValue& value);  // any PARAM_VALUE: listed, read, echoed, pushed
  void setFinished(const QString& name, bool ok, const QString& message);
  // A PARAM_VALUE that could not be taken (a type the float cannot carry, not a number).
  void paramProblem(const QString& name, const QString& message);
  void encodingChanged(navigator::ParamEncoding encoding, const QString& reason);

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
  bool checkValue(const mavlink_param_value_t& m, const QString& name);  // false: told as paramProblem
  void onHeartbeat(const mavlink_frame_t& frame);
  void applyEncoding(ParamEncoding encoding, const QString& reason);
  QString cCastProblem(const QString& name, double value) const;  // empty when exact
  QString setProblem(const QString& name, double value) const;
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
  ParamEncoding encoding_ = ParamEncoding::Bytewise;
  QString encoding_reason_;
  std::optional<std::uint8_t> heartbeat_autopilot_;
  std::optional<ParamEncoding> declared_;
};

}  // namespace navigator

Q_DECLARE_METATYPE(navigator::ParamValue)
Q_DECLARE_METATYPE(navigator::ParamEncoding)
