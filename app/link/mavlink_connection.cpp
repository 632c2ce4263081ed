#include "app/link/mavlink_connection.h"

#include <QMutexLocker>

#include <openssl/sha.h>

#include <chrono>

namespace navigator {

namespace {
void opensslSha256(const std::uint8_t* data, std::size_t length, std::uint8_t digest[32]) {
  SHA256(data, length, digest);
}
}  // namespace

std::uint64_t signingTimestampNow() {
  const auto since_unix = std::chrono::system_clock::now().time_since_epoch();
  const auto us = std::chrono::duration_cast<std::chrono::microseconds>(since_unix).count();
  const std::int64_t since_epoch_us = us - std::int64_t(MAVLINK_SIGNING_EPOCH_UNIX_S) * 1000000;
  return since_epoch_us > 0 ? std::uint64_t(since_epoch_us) / 10u : 0u;
}

MavlinkConnection::MavlinkConnection(QObject* parent) : QObject(parent), signing_clock_(signingTimestampNow) {
  qRegisterMetaType<mavlink_frame_t>();
  mavlink_parser_init(&parser_);
  mavlink_signing_init(&signing_, opensslSha256, 0);
}

void MavlinkConnection::setSigningKey(std::uint8_t system_id, const SigningKey& key, std::uint64_t timestamp,
                                      bool switching) {
  const QMutexLocker lock(&send_mutex_);
  mavlink_signing_set_clock(&signing_, signing_clock_());
  mavlink_signing_set_key(&signing_, key.data(), timestamp);
  signed_system_ = signing_.enabled ? system_id : 0;
  switching_ = signing_.enabled && switching;
  signing_active_.store(signing_.enabled, std::memory_order_release);
}

void MavlinkConnection::clearSigningKey() { setSigningKey(0, SigningKey{}); }

bool MavlinkConnection::signing() const {
  const QMutexLocker lock(&send_mutex_);
  return signing_.enabled;
}

std::uint8_t MavlinkConnection::signedSystem() const {
  const QMutexLocker lock(&send_mutex_);
  return signed_system_;
}

std::uint64_t MavlinkConnection::signingTimestamp() {
  const QMutexLocker lock(&send_mutex_);
  mavlink_signing_set_clock(&signing_, signing_clock_());
  return mavlink_signing_now(&signing_);
}

void MavlinkConnection::setSigningClock(std::function<std::uint64_t()> clock) {
  const QMutexLocker lock(&send_mutex_);
  signing_clock_ = std::move(clock);
}

std::size_t MavlinkConnection::packLocked(std::uint32_t msgid, const void* message, std::uint8_t* frame) {
  std::size_t n = mavlink_pack(&sender_, msgid, message, frame);
  if (n == 0 || !signing_.enabled) return n;
  mavlink_signing_set_clock(&signing_, signing_clock_());
  return mavlink_sign_frame(&signing_, frame, n);
}

QByteArray MavlinkConnection::pack(std::uint32_t msgid, const void* message) {
  std::uint8_t frame[MAVLINK_MAX_FRAME_LEN];
  const QMutexLocker lock(&send_mutex_);
  const std::size_t n = packLocked(msgid, message, frame);
  return QByteArray(reinterpret_cast<const char*>(frame), qsizetype(n));
}

void MavlinkConnection::attachTransport(MavlinkTransport* transport) {
  detachTransport();
  transport_ = transport;
  if (!transport) return;
  in_ = connect(transport, &MavlinkTransport::bytesReceived, this, &MavlinkConnection::feedBytes);
  out_ = connect(this, &MavlinkConnection::bytesToSend, transport, &MavlinkTransport::write);
  dropped_ = connect(transport, &MavlinkTransport::droppedWrite, this, [this](qint64 bytes) {
    counts_.writes_dropped += std::uint64_t(bytes);
    publishStats();
  });
}

void MavlinkConnection::detachTransport() {
  disconnect(in_);
  disconnect(out_);
  disconnect(dropped_);
  transport_ = nullptr;
}

bool MavlinkConnection::send(std::uint32_t msgid, const void* message) {
  std::uint8_t frame[MAVLINK_MAX_FRAME_LEN];
  const QMutexLocker lock(&send_mutex_);  // one frame at a time: sequence numbers leave in order
  const std::size_t n = packLocked(msgid, message, frame);
  if (n == 0) return false;
  bytes_out_ += n;
  ++frames_out_;
  emit bytesToSend(QByteArray(reinterpret_cast<const char*>(frame), qsizetype(n)));
  return true;
}

void MavlinkConnection::sendRaw(const QByteArray& frames) {
  bytes_out_ += std::uint64_t(frames.size());
  emit bytesToSend(frames);
}

void MavlinkConnection::feedBytes(const QByteArray& bytes) {
  counts_.bytes_in += std::uint64_t(bytes.size());
  // Frames are delivered from inside the parse loop; the statistics are published first so a
  // handler that reads them sees the bytes that carried its frame.
  publishStats();
  mavlink_parse_all(&parser_, reinterpret_cast<const std::uint8_t*>(bytes.constData()), std::size_t(bytes.size()),
                    &MavlinkConnection::onFrame, this);
  publishStats();
}

void MavlinkConnection::onFrame(void* context, const mavlink_frame_t* frame) {
  auto* self = static_cast<MavlinkConnection*>(context);
  if (self->signing_active_.load(std::memory_order_acquire)) {
    const QMutexLocker lock(&self->send_mutex_);
    if (self->signing_.enabled && frame->sysid == self->signed_system_) {
      mavlink_signing_set_clock(&self->signing_, self->signing_clock_());
      switch (mavlink_signing_check(&self->signing_, frame)) {
        case MAVLINK_SIGNATURE_OK:
          ++self->counts_.signed_in;
          self->switching_ = false;
          break;
        case MAVLINK_SIGNATURE_UNSIGNED:
          if (self->switching_) break;  // sent before the vehicle took the key
          ++self->counts_.refused_unsigned;
          return;
        case MAVLINK_SIGNATURE_WRONG:
          ++self->counts_.refused_wrong;
          return;
        case MAVLINK_SIGNATURE_REPLAYED:
          ++self->counts_.refused_replayed;
          return;
        case MAVLINK_SIGNATURE_TOO_OLD:
        case MAVLINK_SIGNATURE_RESULTS:
          ++self->counts_.refused_too_old;
          return;
      }
    }
  }
  emit self->frameReceived(*frame);
}

void MavlinkConnection::publishStats() {
  LinkStats s = counts_;
  const mavlink_parser_stats_t& p = parser_.stats;
  s.frames_in = p.frames;
  s.v1_frames_in = p.v1_frames;
  s.crc_errors = p.crc_errors;
  s.bytes_dropped = p.bytes_dropped;
  s.sequence_gaps = p.sequence_gaps;
  s.unknown_messages = p.unknown_messages;
  s.bad_headers = p.bad_headers;
  const QMutexLocker lock(&stats_mutex_);
  published_ = s;
  // Each system's components summed (mavlink_parser_source_counts's sum), in two passes over
  // the parser's few sources rather than one sum per source.
  for (const auto& source : parser_.sources)
    if (source.used) published_sources_[source.sysid] = SourceCounts{};
  for (const auto& source : parser_.sources)
    if (source.used) {
      published_sources_[source.sysid].frames += source.frames;
      published_sources_[source.sysid].gaps += source.gaps;
    }
}

MavlinkConnection::SourceCounts MavlinkConnection::sourceCounts(std::uint8_t system_id) const {
  const QMutexLocker lock(&stats_mutex_);
  return published_sources_[system_id];
}

LinkStats MavlinkConnection::stats() const {
  LinkStats s;
  {
    const QMutexLocker lock(&stats_mutex_);
    s = published_;
  }
  s.bytes_out = bytes_out_.load();
  s.frames_out = frames_out_.load();
  return s;
}

void MavlinkConnection::resetStats() {
  counts_ = {};
  bytes_out_ = 0;
  frames_out_ = 0;
  parser_.stats = {};
  for (auto& source : parser_.sources) source.frames = source.gaps = 0;
  {
    const QMutexLocker lock(&stats_mutex_);
    published_sources_.fill(SourceCounts{});
  }
  publishStats();
}

}  // namespace navigator
