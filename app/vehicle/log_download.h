// LogDownload: the logs an autopilot keeps on board, listed and copied to the station over the
// MAVLink log protocol (common.xml: LOG_REQUEST_LIST, LOG_ENTRY, LOG_REQUEST_DATA, LOG_DATA,
// LOG_REQUEST_END), as PX4's log handler and ArduPilot's logger answer it.
//
//   - List: LOG_REQUEST_LIST for ids 0..0xFFFF; each LOG_ENTRY carries its id, size, UTC time,
//     the number of logs and the last id, so the ids expected are last-num+1..last (ArduPilot,
//     counting from 1); PX4 counts from 0 to num-1 and sends num as the "last" id of a whole
//     list. Missing ids are asked for one by one (start = end = id), up to
//     kListRetries times each; what never came is said.
//   - Download: LOG_REQUEST_DATA for the first gap, kWindowBytes at a time; LOG_DATA carries at
//     most 90 bytes at an offset. The byte ranges received are kept (gaps: what a dropped frame
//     left out), each written at its offset into NAME.part, and the first gap asked for again
//     when a window has been answered or kRetryMs passed without data. Done when every byte of
//     the listed size is there: the .part is renamed to NAME (a new name, never over a file),
//     and LOG_REQUEST_END sent (PX4 and ArduPilot keep their transfer open until it comes;
//     ArduPilot also stops logging while one is open).
//   - Stall: no LOG_DATA for kStallMs while asking: said (bytes kept, where), Stalled; resume()
//     asks for the gaps again. A link lost (heartbeats stop: a radio out of range, a serial port
//     unplugged) pauses the same way, the ranges kept; the download goes on by itself when the
//     link is back, into the same .part.
//   - A vehicle that lies about the size: data past the listed end, or an end (a short or empty
//     LOG_DATA) before it. Said with both numbers, the download stopped as Failed; the .part kept.
// MAVLink FTP instead, for PX4 (log_download_ftp.cpp): PX4's log handler answers LOG_DATA 90
// bytes at a time, one window per request, where an FTP burst streams 239-byte pieces without
// being asked; measured against PX4 SITL on UDP a 13 MB log came twice as fast (0.80 MB/s
// against 0.40 MB/s; docs/logs.md). The log's file is found by listing PX4's log folders (fs/microsd/log on a
// board, log in SITL, each holding a folder per day) for the one file of the listed size; it
// is read in bursts into the same .part, the same ranges. Where PX4 does not answer FTP, no
// file has that size, or the transfer fails, the rest comes over the log protocol, and the
// finished message says why.
// Progress and speed are on the clock the caller drives (setClock: a test's ManualTickClock);
// no verdict reads the wall clock. Navigator's own firmware keeps no logs on board (the station
// records its flights itself), so a Vayu vehicle is refused here with that reason.
// Thread contract: GUI thread (the link's).
#pragma once

#include "app/clock/tick_clock.h"
#include "app/link/byte_ranges.h"
#include "app/link/mavlink_ftp_list.h"
#include "app/link/vehicle_link.h"

#include <QDateTime>
#include <QFile>
#include <QObject>
#include <QString>

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <set>
#include <vector>

namespace navigator {

// One log as the vehicle lists it.
struct VehicleLogEntry {
  std::uint16_t id = 0;
  std::uint32_t size_bytes = 0;
  std::uint32_t time_utc_s = 0;  // 0: the vehicle did not know the time
  QDateTime time() const;        // invalid when time_utc_s is 0
};

class LogDownload : public QObject {
  Q_OBJECT

 public:
  enum class State { Idle, Listing, Downloading, Stalled, LinkLost, Done, Failed, Cancelled };
  Q_ENUM(State)
  static constexpr int kDataBytes = 90;                   // LOG_DATA's data field (common.xml)
  static constexpr std::uint32_t kWindowBytes = 90 * 64;  // asked for at once: 5760 bytes
  static constexpr std::int64_t kRetryMs = 500;           // no data this long: ask again
  static constexpr std::int64_t kStallMs = 5000;          // no data this long: stalled
  static constexpr std::int64_t kListTimeoutMs = 1000;    // no LOG_ENTRY this long: ask for the missing
  static constexpr int kListRetries = 3;
  static constexpr std::int64_t kSpeedWindowMs = 2000;  // the speed is over the last 2 s
  static constexpr int kTickMs = 100;                   // the real clock's period

  explicit LogDownload(VehicleLink* link, QObject* parent = nullptr);
  ~LogDownload() override;

  // The clock timeouts and the speed go by (not owned; null: a real one, ticking every kTickMs).
  void setClock(TickClock* clock);
  // Where finished logs land (created when missing): the station's log folder, set by the page.
  void setFolder(const QString& folder) { folder_ = folder; }
  QString folder() const { return folder_; }

  // Asks for the list; false with the reason when it cannot be asked now.
  bool requestList(QString* why = nullptr);
  const std::vector<VehicleLogEntry>& entries() const { return entries_; }
  // Downloads log `id` of the list into the folder; false with the reason when refused.
  bool download(std::uint16_t id, QString* why = nullptr);
  // PX4's logs over MAVLink FTP where it answers (true, the default), or only over the log
  // protocol; for the next download.
  void setFtpAllowed(bool allowed) { ftp_allowed_ = allowed; }
  enum class Path { LogProtocol, Ftp };
  Path path() const { return path_; }  // how the current download's bytes travel
  QString ftpPathOnVehicle() const { return QString::fromStdString(ftp_file_); }
  // A stalled, lost or cancelled download asks for its gaps again, into the same .part.
  bool resume(QString* why = nullptr);
  // Stops asking (LOG_REQUEST_END); the .part and the ranges stay for resume().
  void cancel();

  State state() const { return state_; }
  bool busy() const { return state_ == State::Listing || state_ == State::Downloading; }
  std::uint64_t receivedBytes() const { return ranges_.covered(); }
  std::uint32_t sizeBytes() const { return current_.size_bytes; }
  double speedBytesPerS() const;
  QString partPath() const { return part_path_; }
  QString finishedPath() const { return finished_path_; }  // the log once done
  int requestsSent() const { return requests_sent_; }      // LOG_REQUEST_DATA, for the tests
  int gapsRequested() const { return gaps_requested_; }    // of those, asked for a gap left behind
  const ByteRanges& ranges() const { return ranges_; }
  // The file name for `entry` of this vehicle: "PX4_sys1_log3_2026-11-28_10-31-02.ulg".
  QString fileNameFor(const VehicleLogEntry& entry) const;

 signals:
  void stateChanged(navigator::LogDownload::State state);
  void listChanged();
  // The list is in: complete, or what is missing in words.
  void listFinished(bool complete, const QString& message);
  void progress(std::uint64_t received_bytes, std::uint32_t size_bytes, double speed_bytes_per_s);
  // A download ended (Done, Failed, Stalled, LinkLost, Cancelled), said in words.
  void finished(bool ok, const QString& message);

 private:
  void onFrame(const mavlink_frame_t& frame);
  void onEntry(const mavlink_log_entry_t& entry);
  void onData(const mavlink_log_data_t& data);
  void onTick();
  void onLinkState(LinkState state);
  void listTick(std::int64_t now_ms);
  void dataTick(std::int64_t now_ms);
  void finishList();
  int firstExpectedId() const;
  void askList(std::uint16_t start, std::uint16_t end);
  void askNextGap();
  void startAsking();
  QString keptText() const;
  void sendEnd();
  bool writeChunk(const mavlink_log_data_t& data);
  void complete();
  void stop(State state, bool ok, const QString& message);
  void setState(State state);
  QString refusal() const;
  QString uniquePath(const QString& name) const;
  bool openPart(QString* why);
  // The MAVLink FTP path (log_download_ftp.cpp).
  bool ftpWanted() const;
  void startFtp();
  void onFtpFrame(const mavlink_file_transfer_protocol_t& m);
  void ftpTick(std::int64_t now_ms);
  void ftpProgress();
  void listNext();
  void onListed();
  void readOverFtp();
  void ftpFailed(const QString& why);
  void stopFtp();
  bool storePiece(std::uint32_t offset, const std::uint8_t* data, std::size_t n, std::string* why);
  void sendFtp(const ftp::Packet& p);
  QString doneText() const;

  VehicleLink* link_;
  TickClock* clock_ = nullptr;
  std::unique_ptr<TickClock> own_clock_;
  QString folder_;
  State state_ = State::Idle;

  // The list.
  std::vector<VehicleLogEntry> entries_;
  int expected_logs_ = -1;  // num_logs (-1: no LOG_ENTRY yet)
  std::uint16_t last_id_ = 0;
  int list_asks_ = 0;
  std::int64_t list_heard_ms_ = 0;

  // The download.
  VehicleLogEntry current_;
  ByteRanges ranges_;
  QFile part_;
  QString part_path_, finished_path_;
  std::uint32_t window_end_ = 0;        // the end of the bytes last asked for
  std::uint32_t highest_end_ = 0;       // the end of the furthest bytes received
  std::set<std::uint32_t> asked_ends_;  // where requests ended: a short LOG_DATA there is no lie
  std::int64_t speed_since_ms_ = 0;
  std::int64_t data_heard_ms_ = 0, asked_ms_ = 0;
  int requests_sent_ = 0, gaps_requested_ = 0;
  std::deque<std::pair<std::int64_t, std::uint32_t>> recent_;  // (time, bytes) for the speed

  // MAVLink FTP.
  enum class FtpStep { None, Finding, Reading };
  bool ftp_allowed_ = true;
  Path path_ = Path::LogProtocol;
  FtpStep ftp_step_ = FtpStep::None;
  ftp::Listing listing_;
  ftp::Download ftp_read_;
  std::deque<std::string> to_list_;  // folders still to look in for the log's file
  std::string ftp_file_;             // the log's file on the vehicle, once found
  QString ftp_note_;                 // why this download left MAVLink FTP (empty: it did not)
};

QString logDownloadStateName(LogDownload::State state);

}  // namespace navigator
