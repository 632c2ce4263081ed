#include "app/link/mavlink_connection.h"

#include <QMutexLocker>

namespace navigator {

MavlinkConnection::MavlinkConnection(QObject* parent) : QObject(parent) {
  qRegisterMetaType<mavlink_frame_t>();
  mavlink_parser_init(&parser_);
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
  const std::size_t n = mavlink_pack(&sender_, msgid, message, frame);
  if (n == 0) return false;
  bytes_out_ += n;
  ++frames_out_;
  emit bytesToSend(QByteArray(reinterpret_cast<const char*>(frame), qsizetype(n)));
  return true;
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
