#include "app/vehicle/log_download.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace navigator {

QDateTime VehicleLogEntry::time() const {
  if (time_utc_s == 0) return {};
  return QDateTime::fromSecsSinceEpoch(qint64(time_utc_s), Qt::UTC);
}

QString logDownloadStateName(LogDownload::State state) {
  switch (state) {
    case LogDownload::State::Idle:
      return LogDownload::tr("idle");
    case LogDownload::State::Listing:
      return LogDownload::tr("listing");
    case LogDownload::State::Downloading:
      return LogDownload::tr("downloading");
    case LogDownload::State::Stalled:
      return LogDownload::tr("stalled");
    case LogDownload::State::LinkLost:
      return LogDownload::tr("link lost");
    case LogDownload::State::Done:
      return LogDownload::tr("done");
    case LogDownload::State::Failed:
      return LogDownload::tr("failed");
    case LogDownload::State::Cancelled:
      return LogDownload::tr("cancelled");
  }
  return {};
}

LogDownload::LogDownload(VehicleLink* link, QObject* parent)
    : QObject(parent),
      link_(link),
      listing_([this](const ftp::Packet& p) { sendFtp(p); }),
      ftp_read_([this](const ftp::Packet& p) { sendFtp(p); }) {
  qRegisterMetaType<navigator::LogDownload::State>();
  if (link_->connection()) connect(link_->connection(), &MavlinkConnection::frameReceived, this, &LogDownload::onFrame);
  connect(link_, &VehicleLink::linkStateChanged, this, &LogDownload::onLinkState);
  setClock(nullptr);
}

LogDownload::~LogDownload() {
  if (part_.isOpen()) part_.flush();
}

void LogDownload::setClock(TickClock* clock) {
  if (clock_) disconnect(clock_, &TickClock::tick, this, &LogDownload::onTick);
  if (!clock) {
    if (!own_clock_) own_clock_ = std::make_unique<SteadyTickClock>(kTickMs);
    clock = own_clock_.get();
  }
  clock_ = clock;
  connect(clock_, &TickClock::tick, this, &LogDownload::onTick);
  if (busy()) clock_->start();
}

QString LogDownload::refusal() const {
  const VehicleStatus& v = link_->vehicle();
  if (v.system_id == 0) return tr("no vehicle is connected");
  if (link_->autopilot() == Autopilot::Vayu)
    return tr("Navigator's firmware keeps no logs on board: the station records its flights itself");
  if (link_->linkState() != LinkState::Connected) return tr("the link to the vehicle is lost");
  if (busy()) return state_ == State::Listing ? tr("the list is being read") : tr("a download is running");
  return {};
}

bool LogDownload::requestList(QString* why) {
  const QString no = refusal();
  if (!no.isEmpty()) {
    if (why) *why = no;
    return false;
  }
  entries_.clear();
  emit listChanged();
  expected_logs_ = -1;
  last_id_ = 0;
  list_asks_ = 1;
  list_heard_ms_ = clock_->nowMs();
  setState(State::Listing);
  askList(0, 0xFFFF);
  return true;
}

void LogDownload::askList(std::uint16_t start, std::uint16_t end) {
  mavlink_log_request_list_t m{};
  m.target_system = link_->vehicle().system_id;
  m.target_component = link_->vehicle().component_id;
  m.start = start;
  m.end = end;
  if (link_->connection()) link_->connection()->send(m);
}

void LogDownload::onFrame(const mavlink_frame_t& frame) {
  if (frame.sysid != link_->vehicle().system_id || frame.sysid == 0) return;
  if (mavlink_log_entry_t entry; mavlink_log_entry_decode(&frame, &entry)) {
    onEntry(entry);
  } else if (mavlink_log_data_t data; mavlink_log_data_decode(&frame, &data)) {
    onData(data);
  } else if (mavlink_file_transfer_protocol_t ftp; mavlink_file_transfer_protocol_decode(&frame, &ftp)) {
    onFtpFrame(ftp);
  }
}

void LogDownload::onEntry(const mavlink_log_entry_t& m) {
  if (state_ != State::Listing) return;
  list_heard_ms_ = clock_->nowMs();
  expected_logs_ = m.num_logs;
  last_id_ = m.last_log_num;
  if (m.num_logs == 0) {  // PX4 and ArduPilot answer an empty card with one entry saying so
    finishList();
    return;
  }
  VehicleLogEntry e{m.id, m.size, m.time_utc};
  auto at = std::lower_bound(entries_.begin(), entries_.end(), e,
                             [](const VehicleLogEntry& a, const VehicleLogEntry& b) { return a.id < b.id; });
  if (at != entries_.end() && at->id == e.id)
    *at = e;
  else
    entries_.insert(at, e);
  emit listChanged();
  if (int(entries_.size()) >= expected_logs_) finishList();
}

// The ids the list should hold that did not come: num ids from `first`.
static std::vector<std::uint16_t> missingIds(const std::vector<VehicleLogEntry>& have, int num, int first) {
  std::vector<std::uint16_t> missing;
  for (int id = first; id < first + num; ++id)
    if (std::none_of(have.begin(), have.end(), [id](const VehicleLogEntry& e) { return e.id == id; }))
      missing.push_back(std::uint16_t(id));
  return missing;
}

// ArduPilot numbers its logs 1..num_logs and says the last id in last_log_num. PX4 numbers them
// 0..num_logs-1, and its last_log_num is the request's end, or num_logs for a whole-list request
// (PX4's mavlink_log_handler): one past its last id, so it cannot be read as the last id.
int LogDownload::firstExpectedId() const {
  if (link_->autopilot() == Autopilot::Px4) return 0;
  return std::max(0, int(last_id_) - expected_logs_ + 1);
}

void LogDownload::listTick(std::int64_t now_ms) {
  if (now_ms - list_heard_ms_ < kListTimeoutMs) return;
  if (list_asks_ > kListRetries) {
    finishList();
    return;
  }
  ++list_asks_;
  list_heard_ms_ = now_ms;
  if (expected_logs_ < 0) {
    askList(0, 0xFFFF);
    return;
  }
  for (std::uint16_t id : missingIds(entries_, expected_logs_, firstExpectedId())) askList(id, id);
}

void LogDownload::finishList() {
  setState(State::Idle);
  if (expected_logs_ < 0) {
    emit listFinished(false, tr("The vehicle did not answer the log list (asked %1 times, %2 s apart): it may keep "
                                "no logs, or not speak the MAVLink log protocol.")
                                 .arg(list_asks_)
                                 .arg(double(kListTimeoutMs) / 1000.0));
    return;
  }
  if (expected_logs_ == 0) {
    emit listFinished(true, tr("The vehicle keeps no logs."));
    return;
  }
  const std::vector<std::uint16_t> missing = missingIds(entries_, expected_logs_, firstExpectedId());
  if (missing.empty()) {
    emit listFinished(true, tr("%n log(s) on the vehicle.", nullptr, int(entries_.size())));
    return;
  }
  QStringList ids;
  for (std::uint16_t id : missing) ids << QString::number(id);
  emit listFinished(false, tr("%1 of %2 logs listed: the vehicle never sent log %3 (asked %4 times).")
                               .arg(entries_.size())
                               .arg(expected_logs_)
                               .arg(ids.join(QStringLiteral(", ")))
                               .arg(list_asks_));
}

QString LogDownload::fileNameFor(const VehicleLogEntry& entry) const {
  const Autopilot autopilot = link_->autopilot();
  const QString who = autopilot == Autopilot::Px4         ? QStringLiteral("PX4")
                      : autopilot == Autopilot::ArduPilot ? QStringLiteral("ArduPilot")
                                                          : QStringLiteral("vehicle");
  // PX4 keeps ULog files, ArduPilot DataFlash (.bin) files: the Logs page reads both.
  const QString ext = autopilot == Autopilot::Px4 ? QStringLiteral(".ulg") : QStringLiteral(".bin");
  QString name = QStringLiteral("%1_sys%2_log%3").arg(who).arg(link_->vehicle().system_id).arg(entry.id);
  if (entry.time().isValid()) name += QLatin1Char('_') + entry.time().toString(QStringLiteral("yyyy-MM-dd_HH-mm-ss"));
  return name + ext;
}

// `name` in the folder, or name_2, name_3, … when a file (or its .part) is there already.
QString LogDownload::uniquePath(const QString& name) const {
  const QDir dir(folder_);
  const QFileInfo info(name);
  const QString base = info.completeBaseName(), ext = info.suffix().isEmpty() ? QString() : "." + info.suffix();
  for (int n = 1;; ++n) {
    QString candidate = dir.filePath(n == 1 ? name : QStringLiteral("%1_%2%3").arg(base).arg(n).arg(ext));
    if (!QFileInfo::exists(candidate) && !QFileInfo::exists(candidate + QStringLiteral(".part"))) return candidate;
  }
}

bool LogDownload::openPart(QString* why) {
  if (folder_.isEmpty()) {
    *why = tr("no folder is set for downloaded logs");
    return false;
  }
  if (!QDir().mkpath(folder_)) {
    *why = tr("cannot create the log folder %1").arg(folder_);
    return false;
  }
  part_.close();
  part_path_ = uniquePath(fileNameFor(current_)) + QStringLiteral(".part");
  part_.setFileName(part_path_);
  // NewOnly: a file that appeared under this name since is never written over.
  if (!part_.open(QIODevice::ReadWrite | QIODevice::NewOnly)) {
    *why = tr("cannot create %1: %2").arg(part_path_, part_.errorString());
    return false;
  }
  return true;
}

}  // namespace navigator
