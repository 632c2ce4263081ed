#include "app/vehicle/vehicle_signing.h"

#include <cstring>

namespace navigator {

VehicleSigning::VehicleSigning(MavlinkConnection* connection, SigningKeyStore* store, QObject* parent)
    : QObject(parent), connection_(connection), store_(store) {
  setClock(nullptr);
}

void VehicleSigning::setClock(TickClock* clock) {
  disconnect(tick_connection_);
  clock_ = clock ? clock : &steady_clock_;
  tick_connection_ = connect(clock_, &TickClock::tick, this, [this] { checkResync(); });
  clock_->start();
}

bool VehicleSigning::checkResync() {
  const std::uint64_t refused_unsigned = connection_->stats().refused_unsigned;
  const bool came_unsigned = refused_unsigned > unsigned_seen_;
  unsigned_seen_ = refused_unsigned;
  const std::uint8_t system = connection_->signedSystem();
  if (!came_unsigned || system == 0 || !private_link_) return false;
  const std::int64_t now = clock_->nowMs();
  if (now - last_restate_ms_ < kRestateIntervalMs) return false;
  const auto entry = store_->entry(system);
  if (!entry) return false;
  last_restate_ms_ = now;
  const QString why = sendSetup(system, entry->key);
  if (!why.isEmpty()) emit problem(why);
  return why.isEmpty();
}

QString VehicleSigning::sendSetup(std::uint8_t system_id, const SigningKey& key) {
  mavlink_setup_signing_t m{};
  m.target_system = system_id;
  m.target_component = 1;  // MAV_COMP_ID_AUTOPILOT1
  std::memcpy(m.secret_key, key.data(), key.size());
  m.initial_timestamp = connection_->signingTimestamp();
  // Over the private link as it is (a private link takes it signed or not); without one, over
  // the connection, signed with the key in force (the only way the vehicle takes it there).
  QString why;
  if (private_link_) {
    if (!private_link_(connection_->pack(MavlinkMessageId<mavlink_setup_signing_t>::value, &m)))
      why = tr("The vehicle's private link (USB/serial) is not open.");
  } else if (connection_->signing()) {
    connection_->send(m);
  } else {
    why = tr("This vehicle has no private link here (USB/serial): a first key can only be set over one.");
  }
  std::memset(&m, 0, sizeof m);
  return why;
}

void VehicleSigning::vehicleHeard(std::uint8_t system_id) {
  if (system_id == 0 || system_id == heard_system_) return;
  heard_system_ = system_id;
  if (!store_->problem().isEmpty()) {
    emit problem(store_->problem());
    return;
  }
  const auto entry = store_->entry(system_id);
  if (!entry) return;
  connection_->setSigningKey(system_id, entry->key, entry->timestamp + 1);
  if (private_link_) {
    const QString why = sendSetup(system_id, entry->key);
    if (!why.isEmpty()) emit problem(why);
  }
  emit changed();
}

void VehicleSigning::forget() {
  const std::uint8_t system = connection_->signedSystem();
  if (system != 0) {
    const QString why = store_->setTimestamp(system, connection_->signingTimestamp());
    if (!why.isEmpty()) emit problem(why);
  }
  connection_->clearSigningKey();
  heard_system_ = 0;
  refused_seen_ = 0;
  emit changed();
}

QString VehicleSigning::enable(std::uint8_t system_id) {
  if (system_id == 0) return tr("No vehicle is heard on this link yet: signing needs its system id.");
  if (!store_->problem().isEmpty()) return store_->problem();
  if (!private_link_ && !connection_->signing())
    return tr("This vehicle has no private link here (USB/serial): a first key can only be set over one.");
  SigningKey key;
  try {
    key = SigningKeyStore::generateKey();
  } catch (const std::exception& e) {
    return tr("No key could be made: %1").arg(QString::fromLocal8Bit(e.what()));
  }
  const std::uint64_t timestamp = connection_->signingTimestamp();
  // Kept before it is sent: a vehicle must never hold a key the station has lost.
  QString why = store_->setKey(system_id, key, timestamp);
  if (!why.isEmpty()) return why;
  why = sendSetup(system_id, key);
  if (!why.isEmpty()) return why;
  connection_->setSigningKey(system_id, key, timestamp, /*switching=*/true);
  heard_system_ = system_id;
  emit changed();
  return {};
}

QString VehicleSigning::disable(std::uint8_t system_id) {
  if (system_id == 0) return tr("No vehicle is heard on this link yet.");
  if (!private_link_ && !connection_->signing()) return tr("This link is not signed.");
  QString why = sendSetup(system_id, SigningKey{});  // the all-zero key: signing off
  if (!why.isEmpty()) return why;
  connection_->clearSigningKey();
  emit changed();
  return store_->remove(system_id);
}

VehicleSigning::State VehicleSigning::state() {
  const LinkStats s = connection_->stats();
  const bool refusing = s.refused() > refused_seen_;
  refused_seen_ = s.refused();
  if (refusing) return State::Refusing;
  return connection_->signing() ? State::Signed : State::Unsigned;
}

VehicleSigning::Summary VehicleSigning::summary() {
  Summary s;
  s.state = state();
  s.text = describe(s.state);
  s.can_switch = hasPrivateLink() || connection_->signing();
  return s;
}

QString VehicleSigning::describe(State state) const {
  const LinkStats s = connection_->stats();
  const QString counts = tr("%1 frames checked; refused %2 unsigned, %3 wrongly signed, %4 replayed, %5 too old")
                             .arg(s.signed_in)
                             .arg(s.refused_unsigned)
                             .arg(s.refused_wrong)
                             .arg(s.refused_replayed)
                             .arg(s.refused_too_old);
  switch (state) {
    case State::Unsigned:
      return tr("Unsigned: anyone who reaches this link can command the vehicle.");
    case State::Signed:
      return tr("Signed (system %1): %2").arg(connection_->signedSystem()).arg(counts);
    case State::Refusing:
      return tr("Refusing frames (system %1): %2").arg(connection_->signedSystem()).arg(counts);
  }
  return {};
}

}  // namespace navigator
