// LogDownload's transfer of one log: requests, LOG_DATA, gaps, stall, link loss, the end.
#include "app/vehicle/log_download.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace navigator {

bool LogDownload::download(std::uint16_t id, QString* why) {
  QString no = refusal();
  const auto it = std::find_if(entries_.begin(), entries_.end(), [id](const VehicleLogEntry& e) { return e.id == id; });
  if (no.isEmpty() && it == entries_.end()) no = tr("log %1 is not in the vehicle's list: list the logs first").arg(id);
  if (no.isEmpty() && it->size_bytes == 0) no = tr("log %1 is empty (0 bytes): there is nothing to download").arg(id);
  if (!no.isEmpty()) {
    if (why) *why = no;
    return false;
  }
  stopFtp();
  current_ = *it;
  ftp_file_.clear();
  ftp_note_.clear();
  path_ = Path::LogProtocol;
  ranges_.clear();
  asked_ends_.clear();
  highest_end_ = 0;
  requests_sent_ = gaps_requested_ = 0;
  finished_path_.clear();
  if (!openPart(&no)) {
    if (why) *why = no;
    return false;
  }
  startAsking();
  return true;
}

bool LogDownload::resume(QString* why) {
  QString no;
  if (state_ != State::Stalled && state_ != State::LinkLost && state_ != State::Cancelled)
    no = tr("there is no stalled, lost or cancelled download to resume");
  else if (link_->linkState() != LinkState::Connected)
    no = tr("the link to the vehicle is lost: the download goes on by itself when it is back");
  if (no.isEmpty() && !part_.isOpen() && !part_.open(QIODevice::ReadWrite))
    no = tr("cannot open %1 again: %2").arg(part_path_, part_.errorString());
  if (!no.isEmpty()) {
    if (why) *why = no;
    return false;
  }
  startAsking();
  return true;
}

void LogDownload::startAsking() {
  data_heard_ms_ = speed_since_ms_ = clock_->nowMs();
  recent_.clear();
  setState(State::Downloading);
  if (ftpWanted()) {
    startFtp();
    return;
  }
  path_ = Path::LogProtocol;
  askNextGap();
}

void LogDownload::cancel() {
  if (state_ == State::Listing) {
    setState(State::Idle);
    emit listFinished(false, tr("Listing cancelled."));
    return;
  }
  if (state_ != State::Downloading && state_ != State::Stalled && state_ != State::LinkLost) return;
  stop(State::Cancelled, false,
       tr("Download of log %1 cancelled. %2 Resume goes on from there.").arg(current_.id).arg(keptText()));
}

void LogDownload::askNextGap() {
  const auto [from, to] = ranges_.firstGap(current_.size_bytes);
  if (from >= current_.size_bytes) {
    complete();
    return;
  }
  // A gap reaching the listed end is asked for a whole window, past the end: an honest vehicle
  // stops at its end (a short or empty LOG_DATA), one holding more shows it.
  const std::uint32_t count = to >= current_.size_bytes ? kWindowBytes : std::min(to - from, kWindowBytes);
  mavlink_log_request_data_t m{};
  m.target_system = link_->vehicle().system_id;
  m.target_component = link_->vehicle().component_id;
  m.id = current_.id;
  m.ofs = from;
  m.count = count;
  window_end_ = from + count;
  asked_ends_.insert(window_end_);
  asked_ms_ = clock_->nowMs();
  ++requests_sent_;
  if (from < highest_end_) ++gaps_requested_;
  if (link_->connection()) link_->connection()->send(m);
}

void LogDownload::onData(const mavlink_log_data_t& m) {
  const bool transferring = state_ == State::Downloading || state_ == State::Stalled || state_ == State::LinkLost;
  if (!transferring || path_ != Path::LogProtocol || m.id != current_.id || m.count > kDataBytes) return;
  const std::uint64_t end = std::uint64_t(m.ofs) + m.count;
  if (end > current_.size_bytes) {
    stop(State::Failed, false,
         tr("The vehicle sent bytes up to %1 of log %2, which it listed as %3 bytes: its list and its data disagree, "
            "so the download stopped. %4")
             .arg(end)
             .arg(current_.id)
             .arg(current_.size_bytes)
             .arg(keptText()));
    return;
  }
  // A LOG_DATA shorter than 90 bytes is the vehicle's end of the log: only where a request ended.
  if (m.count < kDataBytes && end < current_.size_bytes && !asked_ends_.count(std::uint32_t(end))) {
    ranges_.add(m.ofs, std::uint32_t(end));
    if (m.count > 0 && !writeChunk(m)) return;  // said already
    stop(State::Failed, false,
         tr("The vehicle ended log %1 at byte %2, though it listed %3 bytes: the log on board is shorter than "
            "listed (or was cut). %4")
             .arg(current_.id)
             .arg(end)
             .arg(current_.size_bytes)
             .arg(keptText()));
    return;
  }
  if (m.count == 0) return;
  if (!writeChunk(m)) return;
  const std::int64_t now = clock_->nowMs();
  ranges_.add(m.ofs, std::uint32_t(end));
  highest_end_ = std::max(highest_end_, std::uint32_t(end));
  data_heard_ms_ = now;
  recent_.emplace_back(now, m.count);
  while (!recent_.empty() && recent_.front().first <= now - kSpeedWindowMs) recent_.pop_front();
  if (state_ != State::Downloading) return;
  if (ranges_.complete(current_.size_bytes))
    complete();
  else if (end >= std::min(window_end_, current_.size_bytes))
    askNextGap();  // the window is answered: the next gap (one a dropped frame left, or the rest)
}

bool LogDownload::writeChunk(const mavlink_log_data_t& m) {
  if (part_.seek(qint64(m.ofs)) && part_.write(reinterpret_cast<const char*>(m.data), m.count) == qint64(m.count))
    return true;
  stop(State::Failed, false,
       tr("Could not write %1 at byte %2: %3.").arg(part_path_).arg(m.ofs).arg(part_.errorString()));
  return false;
}

void LogDownload::dataTick(std::int64_t now_ms) {
  if (now_ms - data_heard_ms_ >= kStallMs) {
    stop(State::Stalled, false,
         tr("Log %1 stalled: the vehicle sent nothing for %2 s though asked again every %3 s. %4 Resume asks for "
            "the rest.")
             .arg(current_.id)
             .arg(double(kStallMs) / 1000.0)
             .arg(double(kRetryMs) / 1000.0)
             .arg(keptText()));
    return;
  }
  if (now_ms - std::max(asked_ms_, data_heard_ms_) >= kRetryMs) askNextGap();
}

void LogDownload::onTick() {
  const std::int64_t now = clock_->nowMs();
  if (state_ == State::Listing) listTick(now);
  if (state_ != State::Downloading) return;
  if (path_ == Path::Ftp)
    ftpTick(now);
  else
    dataTick(now);
  if (state_ == State::Downloading) emit progress(receivedBytes(), current_.size_bytes, speedBytesPerS());
}

double LogDownload::speedBytesPerS() const {
  const std::int64_t now = clock_->nowMs();
  const std::int64_t span = std::min(kSpeedWindowMs, now - speed_since_ms_);
  if (span <= 0) return 0.0;
  std::uint64_t bytes = 0;
  for (const auto& [t, n] : recent_)
    if (t > now - span) bytes += n;
  return double(bytes) * 1000.0 / double(span);
}

void LogDownload::onLinkState(LinkState state) {
  if (state == LinkState::Connected && state_ == State::LinkLost) {
    resume();
    return;
  }
  if (state != LinkState::Lost) return;
  if (state_ == State::Listing) {
    setState(State::Idle);
    emit listFinished(false, tr("The link to the vehicle was lost while listing its logs."));
  } else if (state_ == State::Downloading || state_ == State::Stalled) {
    stop(State::LinkLost, false,
         tr("The link to the vehicle was lost during log %1. %2 The download goes on when the vehicle is heard "
            "again.")
             .arg(current_.id)
             .arg(keptText()));
  }
}

QString LogDownload::keptText() const {
  return tr("%1 of %2 bytes are kept in %3.")
      .arg(receivedBytes())
      .arg(current_.size_bytes)
      .arg(QDir::toNativeSeparators(part_path_));
}

void LogDownload::complete() {
  part_.flush();
  part_.close();
  // The .part's own name without ".part"; another when a file took that name meanwhile.
  QString target = part_path_.chopped(int(QStringLiteral(".part").size()));
  if (QFileInfo::exists(target)) target = uniquePath(fileNameFor(current_));
  // QFile::rename never replaces an existing file.
  if (!QFile::rename(part_path_, target)) {
    stop(State::Failed, false,
         tr("Log %1 is complete in %2 but could not be renamed to %3.").arg(current_.id).arg(part_path_, target));
    return;
  }
  finished_path_ = target;
  sendEnd();
  setState(State::Done);
  emit progress(receivedBytes(), current_.size_bytes, speedBytesPerS());
  emit finished(true, tr("Log %1 downloaded: %2 bytes in %3.")
                              .arg(current_.id)
                              .arg(current_.size_bytes)
                              .arg(QDir::toNativeSeparators(target)) +
                          QLatin1Char(' ') + doneText());
}

void LogDownload::stop(State state, bool ok, const QString& message) {
  stopFtp();
  part_.flush();
  // The vehicle is told the transfer is over (LinkLost: it cannot hear it).
  if (state != State::LinkLost) sendEnd();
  setState(state);
  emit progress(receivedBytes(), current_.size_bytes, speedBytesPerS());
  emit finished(ok, message);
}

void LogDownload::sendEnd() {
  mavlink_log_request_end_t m{};
  m.target_system = link_->vehicle().system_id;
  m.target_component = link_->vehicle().component_id;
  if (link_->connection()) link_->connection()->send(m);
}

void LogDownload::setState(State state) {
  if (state == state_) return;
  state_ = state;
  if (busy())
    clock_->start();
  else
    clock_->stop();
  emit stateChanged(state);
}

}  // namespace navigator
