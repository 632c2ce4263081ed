// VehicleSigning: MAVLink 2 signing between this station and one Vayu vehicle (a SITL firmware
// or a board), from the station's side. The key lives in the SigningKeyStore under the
// vehicle's system id; "Sign this link" makes a new one (the operating system's random source),
// keeps it, sends SETUP_SIGNING over the vehicle's private link — a board's serial port, the
// SITL firmware's standard input — and from then on the connection signs what it sends to the
// vehicle and takes from it only what is signed with the key (MavlinkConnection). When a
// vehicle with a stored key is heard again (a restarted station or firmware), the key is put in
// force and restated over the private link, where there is one, so both sides sign again. And
// when the keyed vehicle's frames come unsigned (it restarted without its key: a board whose
// flash did not keep it, a SITL firmware given a fresh parameter file), the key is restated over
// the private link, at most once every kRestateIntervalMs, checked on the station's clock.
// Thread contract: GUI thread (the connection may live on another: only its thread-safe calls
// are used).
#pragma once

#include "app/link/mavlink_connection.h"
#include "app/link/signing_key_store.h"

#include "app/clock/tick_clock.h"

#include <QObject>
#include <QString>

#include <functional>

namespace navigator {

class VehicleSigning : public QObject {
  Q_OBJECT
 public:
  // Writes bytes to the vehicle's private link; false when it is not open.
  using PrivateLink = std::function<bool(const QByteArray&)>;

  VehicleSigning(MavlinkConnection* connection, SigningKeyStore* store, QObject* parent = nullptr);
  static constexpr int kRestateIntervalMs = 2000;
  // The clock the restating is checked on (not owned; null: the real one). A test drives a ManualTickClock.
  void setClock(TickClock* clock);
  // Restates the key when the vehicle's frames came unsigned since the last check (see above);
  // called on each tick of the clock. True when it restated.
  bool checkResync();

  // The vehicle's private link (none: a key can only be changed over a link already signed).
  void setPrivateLink(PrivateLink link) { private_link_ = std::move(link); }
  bool hasPrivateLink() const { return bool(private_link_); }
  SigningKeyStore* store() const { return store_; }

  // The vehicle `system_id` is heard (its heartbeat): with a key stored for it, the key is in
  // force and restated. Once per system id until forget().
  void vehicleHeard(std::uint8_t system_id);
  // The link went away (the session stopped): the last timestamp is kept with the key, and the
  // next vehicle heard is looked up again.
  void forget();

  // A new key for `system_id`, kept, sent and in force; the problem in words, or empty.
  QString enable(std::uint8_t system_id);
  // Signing off for `system_id` (an all-zero key over the private link, or signed with the key
  // in force), the key removed from the store; the problem in words, or empty.
  QString disable(std::uint8_t system_id);

  enum class State { Unsigned, Signed, Refusing };
  // Refusing: frames from the vehicle were refused since the last call of state() (a stranger
  // or a replay on the link, or a vehicle that lost its key).
  State state();
  // One line for the Fly page: "Signed: 1520 frames checked; refused 3 unsigned, 1 wrongly
  // signed, 2 replayed, 0 too old" or "Unsigned: …".
  QString describe(State state) const;
  // What the Fly page shows: the state, its line, and whether the pilot may switch signing here
  // (there is a private link, or the link is signed already).
  struct Summary {
    State state = State::Unsigned;
    QString text;
    bool can_switch = false;
  };
  Summary summary();

 signals:
  void changed();
  void problem(const QString& text);

 private:
  QString sendSetup(std::uint8_t system_id, const SigningKey& key);

  MavlinkConnection* connection_;
  SigningKeyStore* store_;
  PrivateLink private_link_;
  std::uint8_t heard_system_ = 0;
  std::uint64_t refused_seen_ = 0;
  std::uint64_t unsigned_seen_ = 0;  // the vehicle's unsigned frames refused, at the last check
  std::int64_t last_restate_ms_ = -kRestateIntervalMs;
  SteadyTickClock steady_clock_{kRestateIntervalMs / 2};
  TickClock* clock_ = nullptr;
  QMetaObject::Connection tick_connection_;
};

}  // namespace navigator
