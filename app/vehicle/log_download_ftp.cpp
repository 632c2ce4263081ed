// LogDownload's MAVLink FTP path for PX4: the log's file found in PX4's log folders by its size,
// read in bursts into the same .part and ranges as the log protocol's LOG_DATA; any failure
// hands the rest to the log protocol (log_download.h).
#include "app/vehicle/log_download.h"

#include <QDir>

#include <algorithm>

namespace navigator {

namespace {
// Where PX4 keeps its logs: fs/microsd/log on a board (PX4_STORAGEDIR "/fs/microsd"), log in
// SITL (its storage folder is the instance's own), a folder per day (or per boot, sess001…) in
// each.
const char* const kPx4LogRoots[] = {"/fs/microsd/log", "/log"};
}  // namespace

bool LogDownload::ftpWanted() const {
  return ftp_allowed_ && ftp_note_.isEmpty() && link_->autopilot() == Autopilot::Px4;
}

void LogDownload::sendFtp(const ftp::Packet& p) {
  if (link_->connection())
    link_->connection()->send(ftp::message(p, link_->vehicle().system_id, link_->vehicle().component_id));
}

void LogDownload::startFtp() {
  path_ = Path::Ftp;
  if (!ftp_file_.empty()) {
    readOverFtp();
    return;
  }
  ftp_step_ = FtpStep::Finding;
  to_list_.assign(std::begin(kPx4LogRoots), std::end(kPx4LogRoots));
  listNext();
}

void LogDownload::listNext() {
  if (to_list_.empty()) {
    ftpFailed(tr("no file of %1 bytes in the vehicle's log folders").arg(current_.size_bytes));
    return;
  }
  const std::string folder = to_list_.front();
  to_list_.pop_front();
  listing_.setNextSequence(ftp::laterSequence(listing_.nextSequence(), ftp_read_.nextSequence()));
  listing_.start(folder, clock_->nowMs());
}

void LogDownload::onListed() {
  const std::string folder = listing_.path();
  const bool root = std::find(std::begin(kPx4LogRoots), std::end(kPx4LogRoots), folder) != std::end(kPx4LogRoots);
  if (listing_.state() == ftp::Listing::State::Failed) {
    // A root that is not there is the other kind of PX4 (board or SITL); anything else is said.
    if (!(root && (listing_.nakError() == ftp::kErrFileNotFound || listing_.nakError() == ftp::kErrFailErrno))) {
      ftpFailed(QString::fromStdString(listing_.error()));
      return;
    }
    listNext();
    return;
  }
  std::vector<std::string> folders;
  for (const ftp::DirectoryEntry& e : listing_.entries()) {
    if (!e.directory && e.size_bytes == current_.size_bytes) {
      ftp_file_ = folder + "/" + e.name;
      readOverFtp();
      return;
    }
    if (e.directory && root && !e.name.empty() && e.name[0] != '.') folders.push_back(folder + "/" + e.name);
  }
  // The day folders of this root, newest first (their names are dates or session numbers).
  std::sort(folders.begin(), folders.end(), std::greater<>());
  to_list_.insert(to_list_.begin(), folders.begin(), folders.end());
  listNext();
}

void LogDownload::readOverFtp() {
  ftp_step_ = FtpStep::Reading;
  ftp_read_.setNextSequence(ftp::laterSequence(ftp_read_.nextSequence(), listing_.nextSequence()));
  ftp_read_.setStore([this](std::uint32_t offset, const std::uint8_t* data, std::size_t n, std::string* why) {
    return storePiece(offset, data, n, why);
  });
  ftp_read_.setExpectedSize(current_.size_bytes);
  ftp_read_.setReceived(ranges_);
  ftp_read_.start(ftp_file_, clock_->nowMs());
}

bool LogDownload::storePiece(std::uint32_t offset, const std::uint8_t* data, std::size_t n, std::string* why) {
  if (!part_.seek(qint64(offset)) || part_.write(reinterpret_cast<const char*>(data), qint64(n)) != qint64(n)) {
    *why = tr("could not write %1 at byte %2: %3").arg(part_path_).arg(offset).arg(part_.errorString()).toStdString();
    return false;
  }
  const std::int64_t now = clock_->nowMs();
  const auto end = std::uint32_t(offset + n);
  ranges_.add(offset, end);
  highest_end_ = std::max(highest_end_, end);
  data_heard_ms_ = now;
  recent_.emplace_back(now, std::uint32_t(n));
  while (!recent_.empty() && recent_.front().first <= now - kSpeedWindowMs) recent_.pop_front();
  return true;
}

void LogDownload::onFtpFrame(const mavlink_file_transfer_protocol_t& m) {
  if (state_ != State::Downloading || path_ != Path::Ftp) return;
  const ftp::Packet reply = ftp::decode(m.payload);
  const std::int64_t now = clock_->nowMs();
  if (ftp_step_ == FtpStep::Finding)
    listing_.onReply(reply, now);
  else if (ftp_step_ == FtpStep::Reading)
    ftp_read_.onReply(reply, now);
  ftpProgress();
}

void LogDownload::ftpTick(std::int64_t now_ms) {
  if (ftp_step_ == FtpStep::Finding)
    listing_.tick(now_ms);
  else if (ftp_step_ == FtpStep::Reading)
    ftp_read_.tick(now_ms);
  ftpProgress();
}

void LogDownload::ftpProgress() {
  if (ftp_step_ == FtpStep::Finding && listing_.finished()) {
    onListed();
  } else if (ftp_step_ == FtpStep::Reading && ftp_read_.finished()) {
    ftp_step_ = FtpStep::None;
    if (ftp_read_.state() == ftp::Download::State::Done && ranges_.complete(current_.size_bytes))
      complete();
    else
      ftpFailed(QString::fromStdString(ftp_read_.error()));
  }
}

// The rest over the log protocol, from the ranges in hand; the finished message says why.
void LogDownload::ftpFailed(const QString& why) {
  stopFtp();
  ftp_note_ = why;
  path_ = Path::LogProtocol;
  data_heard_ms_ = clock_->nowMs();
  askNextGap();
}

void LogDownload::stopFtp() {
  if (ftp_step_ == FtpStep::Reading) ftp_read_.abandon();
  ftp_step_ = FtpStep::None;
}

QString LogDownload::doneText() const {
  if (path_ == Path::Ftp) return tr("Over MAVLink FTP from %1.").arg(QString::fromStdString(ftp_file_));
  if (!ftp_note_.isEmpty()) return tr("Over the MAVLink log protocol (MAVLink FTP: %1).").arg(ftp_note_);
  return tr("Over the MAVLink log protocol.");
}

}  // namespace navigator
