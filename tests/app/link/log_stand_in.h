// Test helper: the log side of the PX4 and ArduPilot STAND-INS (autopilot_stand_in.h) — logs
// kept "on board" and served over the MAVLink log protocol as the two programs answer it (their
// documentation of PX4's MAVLink log handler and ArduPilot's MAVLink log transfer; common.xml):
//   - LOG_REQUEST_LIST (start..end, 0xFFFF: to the last): one LOG_ENTRY per log in the range,
//     each with the number of logs and the last id. PX4 numbers logs from 0, ArduPilot from 1.
//     No logs: a single LOG_ENTRY with num_logs 0.
//   - LOG_REQUEST_DATA (id, ofs, count): LOG_DATA of at most 90 bytes each from ofs until ofs +
//     count or the end of the log, a few per event-loop turn (or as the test paces them); a new
//     request replaces the one being served. At or past the end: one LOG_DATA with count 0
//     (common.xml: "zero for end of log").
//   - LOG_REQUEST_END: the transfer stops (counted).
//   - MAVLink FTP (serve_ftp; PX4 serves it, as the real one does): the logs as files under
//     /log/2026-11-29/ (PX4 SITL's log folder, a folder per day), named 10_00_00.ulg,
//     10_01_00.ulg … by index, listed and read by the FTP stand-in (ftp_server_stand_in.h,
//     whose own fault switches apply), every reply sent at once.
// Fault switches: stall after K bytes served (nothing more until cleared), lie about the size
// (listed = real + lie), drop every Nth LOG_DATA, LOG_ENTRY of some ids lost once or always.
#pragma once

#include "tests/app/link/autopilot_stand_in.h"
#include "tests/app/link/ftp_server_stand_in.h"

#include <QObject>
#include <QTimer>

#include <algorithm>
#include <cstring>
#include <cstdio>
#include <set>
#include <string>
#include <vector>

class LogStandIn {
 public:
  struct Log {
    std::vector<std::uint8_t> bytes;
    std::uint32_t time_utc_s = 0;
  };

  LogStandIn(AutopilotStandIn* autopilot, AutopilotStandIn::Kind kind, std::uint8_t system_id = 1)
      : serve_ftp(kind == AutopilotStandIn::Kind::Px4),
        autopilot_(autopilot),
        first_id_(kind == AutopilotStandIn::Kind::Px4 ? 0 : 1),
        system_id_(system_id) {
    autopilot_->frame_listeners.push_back([this](const mavlink_frame_t& f) { onFrame(f); });
  }

  std::vector<Log> logs;
  std::uint16_t idOf(std::size_t index) const { return std::uint16_t(first_id_ + index); }
  // MAVLink FTP: on for the PX4 kind; `ftp` holds the files while a request is answered.
  bool serve_ftp = false;
  FtpServerStandIn ftp;
  // Another FTP stand-in of the same vehicle (a vehicle has one FTP server; the metadata
  // stand-in's) that serves the log files instead: they are put into it before it answers.
  FtpServerStandIn* files_into = nullptr;
  int ftp_requests = 0;
  static std::string ftpPathOf(std::size_t index) {
    char name[64];
    std::snprintf(name, sizeof name, "/log/2026-11-29/10_%02zu_00.ulg", index);
    return name;
  }

  // Pacing: LOG_DATA frames per event-loop turn; paced_by_test: only serve(n) sends them.
  int chunks_per_turn = 20;
  bool paced_by_test = false;
  // Faults.
  long long stall_after_bytes = -1;           // stop sending data once this many bytes were served (-1: never)
  long long size_lie_bytes = 0;               // the size listed is the real one plus this
  int drop_every = 0;                         // every Nth LOG_DATA is not sent (0: none)
  std::set<std::uint16_t> entries_lost_once;  // these ids' LOG_ENTRY is not sent the first time
  std::set<std::uint16_t> entries_never;      // nor these ever

  // What it heard and did.
  std::vector<mavlink_log_request_list_t> list_requests;
  std::vector<mavlink_log_request_data_t> data_requests;
  int ends = 0;
  long long bytes_served = 0;
  int chunks_dropped = 0;

  // Sends up to `n` LOG_DATA frames of the request being served.
  void serve(int n) {
    for (int i = 0; i < n && active_; ++i) {
      if (stall_after_bytes >= 0 && bytes_served >= stall_after_bytes) return;
      sendChunk();
    }
  }

 private:
  void onFrame(const mavlink_frame_t& f) {
    if (files_into)
      for (std::size_t i = 0; i < logs.size(); ++i) files_into->files[ftpPathOf(i)] = logs[i].bytes;
    mavlink_log_request_list_t list;
    mavlink_log_request_data_t data;
    mavlink_log_request_end_t end;
    if (mavlink_log_request_list_decode(&f, &list) && list.target_system == system_id_) {
      list_requests.push_back(list);
      answerList(list);
    } else if (mavlink_log_request_data_decode(&f, &data) && data.target_system == system_id_) {
      data_requests.push_back(data);
      const std::size_t index = std::size_t(data.id - first_id_);
      if (data.id < first_id_ || index >= logs.size()) return;
      active_ = true;
      index_ = index;
      id_ = data.id;
      at_ = data.ofs;
      until_ = std::uint64_t(data.ofs) + data.count;
      pump();
    } else if (mavlink_log_request_end_decode(&f, &end) && end.target_system == system_id_) {
      ++ends;
      active_ = false;
    } else if (mavlink_file_transfer_protocol_t r;
               serve_ftp && mavlink_file_transfer_protocol_decode(&f, &r) && r.target_system == system_id_) {
      answerFtp(f, r);
    }
  }

  void answerFtp(const mavlink_frame_t& f, const mavlink_file_transfer_protocol_t& r) {
    ++ftp_requests;
    for (std::size_t i = 0; i < logs.size(); ++i) ftp.files[ftpPathOf(i)] = logs[i].bytes;
    for (const navigator::ftp::Packet& reply : ftp.handle(navigator::ftp::decode(r.payload)))
      autopilot_->send(navigator::ftp::message(reply, f.sysid, f.compid));
  }

  void answerList(const mavlink_log_request_list_t& r) {
    mavlink_log_entry_t e{};
    e.num_logs = std::uint16_t(logs.size());
    // ArduPilot: the last id. PX4 (its mavlink_log_handler, seen with PX4 b67c65bf): the request's
    // end, and for a whole-list request (end 0xFFFF) the number of logs, one past its last id.
    if (first_id_ == 0)
      e.last_log_num = r.end == 0xFFFF ? std::uint16_t(logs.size()) : r.end;
    else
      e.last_log_num = logs.empty() ? 0 : idOf(logs.size() - 1);
    if (logs.empty()) {
      autopilot_->send(e);
      return;
    }
    for (std::size_t i = 0; i < logs.size(); ++i) {
      const std::uint16_t id = idOf(i);
      if (id < r.start || id > r.end || entries_never.count(id) || entries_lost_once.erase(id)) continue;
      e.id = id;
      e.size = std::uint32_t(std::int64_t(logs[i].bytes.size()) + size_lie_bytes);
      e.time_utc = logs[i].time_utc_s;
      autopilot_->send(e);
    }
  }

  void pump() {
    if (paced_by_test || pumping_) return;
    pumping_ = true;
    QTimer::singleShot(0, &context_, [this] {
      pumping_ = false;
      serve(chunks_per_turn);
      if (active_ && !(stall_after_bytes >= 0 && bytes_served >= stall_after_bytes)) pump();
    });
  }

  void sendChunk() {
    const std::vector<std::uint8_t>& bytes = logs[index_].bytes;
    mavlink_log_data_t d{};
    d.id = id_;
    d.ofs = std::uint32_t(at_);
    const std::uint64_t end = std::min<std::uint64_t>(until_, bytes.size());
    d.count = at_ >= end ? 0 : std::uint8_t(std::min<std::uint64_t>(90, end - at_));
    if (d.count > 0) std::memcpy(d.data, bytes.data() + at_, d.count);
    at_ += d.count;
    bytes_served += d.count;
    // The request is answered: its last bytes, or the end of the log (count 0 when at it).
    if (at_ >= until_ || d.count == 0 || (at_ >= bytes.size() && d.count < 90)) active_ = false;
    if (drop_every > 0 && ++sent_ % drop_every == 0) {
      ++chunks_dropped;
      return;
    }
    autopilot_->send(d);
  }

  AutopilotStandIn* autopilot_;
  std::uint16_t first_id_;
  std::uint8_t system_id_;
  QObject context_;
  bool active_ = false, pumping_ = false;
  std::size_t index_ = 0;
  std::uint16_t id_ = 0;
  std::uint64_t at_ = 0, until_ = 0;
  int sent_ = 0;
};
