#include "app/link/pose_pipe_reader.h"

#include <QFile>

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <unistd.h>

namespace navigator {

PosePipeReader::PosePipeReader(QObject* parent) : QObject(parent) {
  qRegisterMetaType<navigator::PosePipeReader::State>();
  mavlink_parser_init(&parser_);
  timer_.setInterval(kPollIntervalMs);
  connect(&timer_, &QTimer::timeout, this, &PosePipeReader::poll);
}

PosePipeReader::~PosePipeReader() { close(); }

QString PosePipeReader::open(const QString& dir) {
  close();
  const QString path = dir + QStringLiteral("/vsim_pose");
  fd_ = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd_ < 0) return tr("%1: %2").arg(path, QString::fromLocal8Bit(std::strerror(errno)));
  dir_ = dir;
  path_ = path;
  mavlink_parser_init(&parser_);
  setState(State::Waiting, tr("Waiting for a simulator (vsim_d) in %1").arg(dir_));
  timer_.start();
  return {};
}

void PosePipeReader::close() {
  timer_.stop();
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (state_ != State::Closed) setState(State::Closed, tr("Stopped watching the simulator in %1").arg(dir_));
}

void PosePipeReader::drain(std::vector<mavlink_hil_state_quaternion_t>& out) {
  out.insert(out.end(), pending_.begin(), pending_.end());
  pending_.clear();
}

void PosePipeReader::poll() {
  if (fd_ < 0) return;
  std::uint8_t buffer[4096];
  for (int chunk = 0; chunk < 16; ++chunk) {  // at most 64 KiB a turn: the GUI stays responsive
    const ssize_t n = ::read(fd_, buffer, sizeof buffer);
    if (n > 0) {
      if (state_ != State::Live) {
        ++simulators_seen_;
        setState(State::Live, simulators_seen_ == 1 ? tr("The simulator in %1 is connected").arg(dir_)
                                                    : tr("The simulator in %1 is back").arg(dir_));
      }
      mavlink_parse_all(
          &parser_, buffer, std::size_t(n),
          [](void* self, const mavlink_frame_t* frame) {
            auto* reader = static_cast<PosePipeReader*>(self);
            mavlink_hil_state_quaternion_t pose;
            if (frame->msgid != MAVLINK_MSG_ID_HIL_STATE_QUATERNION ||
                !mavlink_hil_state_quaternion_decode(frame, &pose))
              return;
            reader->pending_.push_back(pose);
          },
          this);
      continue;
    }
    if (n == 0) {  // end of file: no process has the pipe open for writing
      if (state_ == State::Live) {
        mavlink_parser_init(&parser_);  // a torn frame of the one that left is not the next one's
        setState(State::Gone, tr("The simulator in %1 is gone (it closed %2); the plots keep what came before, "
                                 "and it is taken up again when a vsim_d serves the folder")
                                  .arg(dir_, path_));
      }
      return;
    }
    if (errno == EINTR) continue;
    if (errno != EAGAIN) {
      const QString why =
          tr("%1: %2; no longer watching the simulator").arg(path_, QString::fromLocal8Bit(std::strerror(errno)));
      timer_.stop();
      ::close(fd_);
      fd_ = -1;
      setState(State::Gone, why);
    }
    return;  // a writer is there with nothing to say right now
  }
}

void PosePipeReader::setState(State state, const QString& message) {
  state_ = state;
  emit stateChanged(state, message);
}

}  // namespace navigator
