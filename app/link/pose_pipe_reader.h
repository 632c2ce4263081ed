// PosePipeReader: the ground station watching a simulator it did not start — a vsim_d serving
// a folder (scripts/sitl.sh's, say) — through that folder's vsim_pose pipe, where vsim_d writes
// HIL_STATE_QUATERNION (the true state) 60 times a second for viewers
// (docs/design/protocols.md, "The SITL pipes").
//
// Whether the simulator is there is read from the pipe itself, never from a clock: the pipe is
// opened read-only and non-blocking, so a read returns end-of-file exactly when no process has
// it open for writing. A vsim_d that exits or is killed closes it (the kernel does that for a
// SIGKILLed one), so the reader goes Live → Gone at once and says so; when a vsim_d serves the
// folder again it writes again, and the reader goes Gone → Live ("is back"). Poses are kept
// until drained; bytes that are not MAVLink are counted, never taken for poses.
// Thread contract: one thread with an event loop (the GUI thread) owns it; a QTimer polls.
#pragma once

#include "firmware/mavlink/mavlink_codec.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <cstdint>
#include <vector>

namespace navigator {

class PosePipeReader : public QObject {
  Q_OBJECT

 public:
  // Waiting: open, no simulator has written yet. Live: a simulator has the pipe open.
  // Gone: the one that had it closed it (exited, crashed or was killed).
  enum class State { Closed, Waiting, Live, Gone };
  static constexpr int kPollIntervalMs = 10;

  explicit PosePipeReader(QObject* parent = nullptr);
  ~PosePipeReader() override;

  // Opens DIR/vsim_pose, which must exist as a named pipe (vsim::ensureFifo makes it before a
  // simulator has; one that starts later uses it). The problem in words, or empty.
  QString open(const QString& dir);
  void close();
  State state() const { return state_; }
  QString dir() const { return dir_; }  // the folder watched (kept after close)

  // The poses received since the last call, oldest first.
  void drain(std::vector<mavlink_hil_state_quaternion_t>& out);
  std::uint64_t bytesDropped() const { return parser_.stats.bytes_dropped; }
  std::uint32_t simulatorsSeen() const { return simulators_seen_; }  // Live episodes so far

 public slots:
  void poll();  // reads what is there now (the timer calls it; tests may too)

 signals:
  void stateChanged(navigator::PosePipeReader::State state, const QString& message);

 private:
  void setState(State state, const QString& message);

  int fd_ = -1;
  QString dir_, path_;
  State state_ = State::Closed;
  mavlink_parser_t parser_{};
  std::vector<mavlink_hil_state_quaternion_t> pending_;
  std::uint32_t simulators_seen_ = 0;
  QTimer timer_{this};
};

}  // namespace navigator

Q_DECLARE_METATYPE(navigator::PosePipeReader::State)
