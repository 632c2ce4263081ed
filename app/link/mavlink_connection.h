// MavlinkConnection: MAVLink v2 over any byte pipe. Received bytes go through the project's
// codec (firmware/mavlink), which resynchronises after garbage; every good frame comes out as
// frameReceived. Outgoing messages are packed with the ground station's identity (system 255,
// component 190, as QGroundControl uses) and leave as bytesToSend. Statistics count both ways.
// Thread contract: the connection belongs to one thread (moveToThread is fine; it has no GUI
// dependence): feedBytes(), attachTransport(), detachTransport() and resetStats() are called
// on it, and frameReceived is emitted on it. send() and stats() may be called from any thread
// (a board's link parses on the serial thread, where HIL answers, while the panels send from
// the GUI thread): frames are packed one at a time, in sequence order.
// Signing (MAVLink 2, mavlink.io "Message Signing"): with a key for one vehicle (system id),
// every frame sent is signed, and a frame from that vehicle is delivered only when its signature,
// stream timestamp and window check out — refused ones are counted in LinkStats, never emitted.
// Frames from other systems on the same link pass as before. SHA-256 is OpenSSL's.
#pragma once

#include "app/link/mavlink_transport.h"
#include "firmware/mavlink/mavlink_codec.h"
#include "firmware/mavlink/mavlink_signing.h"

#include <QByteArray>
#include <QMetaType>
#include <QMutex>
#include <QObject>

#include <array>
#include <QPointer>

#include <atomic>
#include <cstdint>
#include <functional>

Q_DECLARE_METATYPE(mavlink_frame_t)

namespace navigator {

// The message id of a codec struct: MavlinkMessageId<mavlink_heartbeat_t>::value == 0.
template <class Message>
struct MavlinkMessageId;
#define NAVIGATOR_MAVLINK_ID_(NAME, name, id, crc, base, ext) \
  template <>                                                 \
  struct MavlinkMessageId<mavlink_##name##_t> {               \
    static constexpr std::uint32_t value = id;                \
  };
MAVLINK_MESSAGE_TABLE(NAVIGATOR_MAVLINK_ID_, MAVLINK_IGNORE_FIELD_, MAVLINK_IGNORE_FIELD_)
#undef NAVIGATOR_MAVLINK_ID_

// Both directions of one link, as plain numbers.
struct LinkStats {
  std::uint64_t bytes_in = 0, bytes_out = 0;
  std::uint64_t frames_in = 0, frames_out = 0;
  std::uint64_t crc_errors = 0;        // complete frames whose checksum did not match
  std::uint64_t bytes_dropped = 0;     // received bytes that were not part of any good frame
  std::uint64_t sequence_gaps = 0;     // frames missing by the senders' sequence numbers
  std::uint64_t unknown_messages = 0;  // good frames of a message this codec does not know
  std::uint64_t bad_headers = 0;       // frames with an unknown incompatibility flag
  std::uint64_t v1_frames_in = 0;
  std::uint64_t writes_dropped = 0;  // bytes the transport could not send (no peer yet)
  // Signing, for the keyed vehicle's frames (all zero without a key).
  std::uint64_t signed_in = 0;         // accepted: signed with the key, in order, in the window
  std::uint64_t refused_unsigned = 0;  // no signature
  std::uint64_t refused_wrong = 0;     // another key, or altered
  std::uint64_t refused_replayed = 0;  // not later than its stream's last
  std::uint64_t refused_too_old = 0;   // a new stream more than a minute behind
  std::uint64_t refused() const { return refused_unsigned + refused_wrong + refused_replayed + refused_too_old; }
};

using SigningKey = std::array<std::uint8_t, MAVLINK_SIGNING_KEY_LEN>;

// Now on the system clock, as a signing timestamp: 10 µs units since 2015-01-01 00:00 UTC.
std::uint64_t signingTimestampNow();

class MavlinkConnection : public QObject {
  Q_OBJECT

 public:
  static constexpr std::uint8_t kGcsSystemId = 255;
  static constexpr std::uint8_t kGcsComponentId = 190;  // MAV_COMP_ID_MISSIONPLANNER

  explicit MavlinkConnection(QObject* parent = nullptr);

  // Connects this connection to a transport in both directions (queued when they live on
  // different threads). A previously attached transport is detached first. Not owned.
  void attachTransport(MavlinkTransport* transport);
  void detachTransport();

  // Packs one message and emits it as bytesToSend. Returns false for a message the codec does
  // not know (it cannot happen for the typed overload).
  bool send(std::uint32_t msgid, const void* message);
  template <class Message>
  bool send(const Message& message) {
    return send(MavlinkMessageId<Message>::value, &message);
  }

  // Packs (and with a key signs) one message without sending it: for a private link (a SITL's
  // standard input) that is not this connection's transport. Empty for an unknown message.
  QByteArray pack(std::uint32_t msgid, const void* message);
  // Sends frames already packed (pack()) down this connection's own transport: a board's serial
  // port is its private link.
  void sendRaw(const QByteArray& frames);

  // Signs for and checks the frames of vehicle `system_id` with `key` (all zero: clears),
  // sending timestamps from at least `timestamp` (the last one used, kept with the key).
  // `switching`: the vehicle is being given this key right now, so its unsigned frames still on
  // the way are taken until its first frame signed with the key arrives (then never again).
  void setSigningKey(std::uint8_t system_id, const SigningKey& key, std::uint64_t timestamp = 0,
                     bool switching = false);
  void clearSigningKey();
  bool signing() const;
  std::uint8_t signedSystem() const;
  // The signing timestamp now, on this connection's signing clock: never behind the clock or the
  // last timestamp sent or accepted (to start a vehicle's key from, and to keep with the key).
  std::uint64_t signingTimestamp();
  // The clock of the signing timestamps (10 µs since 2015); default signingTimestampNow. A test
  // drives its own.
  void setSigningClock(std::function<std::uint64_t()> clock);

  LinkStats stats() const;
  void resetStats();
  // What arrived from one vehicle (system id, all its components) and what its sequence
  // numbers say went missing: that vehicle's loss on this link, whoever else shares it.
  struct SourceCounts {
    std::uint32_t frames = 0, gaps = 0;  // wrap at 2^32: take differences modulo it
  };
  SourceCounts sourceCounts(std::uint8_t system_id) const;

 public slots:
  // Parses received bytes (any split: a frame may span several calls).
  void feedBytes(const QByteArray& bytes);

 signals:
  void frameReceived(const mavlink_frame_t& frame);
  void bytesToSend(const QByteArray& bytes);

 private:
  static void onFrame(void* context, const mavlink_frame_t* frame);
  void publishStats();
  std::size_t packLocked(std::uint32_t msgid, const void* message, std::uint8_t* frame);  // send_mutex_ held

  mavlink_parser_t parser_{};
  mutable QMutex send_mutex_;  // guards sender_ (its sequence number) and signing_ across threads
  mavlink_sender_t sender_{kGcsSystemId, kGcsComponentId, 0};
  mavlink_signing_t signing_{};
  std::uint8_t signed_system_ = 0;
  bool switching_ = false;                   // unsigned frames of signed_system_ taken until its first signed one
  std::atomic<bool> signing_active_{false};  // a key is set: without one, received frames skip the lock
  std::function<std::uint64_t()> signing_clock_;
  std::atomic<std::uint64_t> bytes_out_{0}, frames_out_{0};
  LinkStats counts_;  // the receiving side, owned by the connection's thread; parser counters folded in by publishStats
  mutable QMutex stats_mutex_;
  LinkStats published_;
  std::array<SourceCounts, 256> published_sources_{};  // by system id
  QPointer<MavlinkTransport> transport_;
  QMetaObject::Connection in_, out_, dropped_;
};

}  // namespace navigator
