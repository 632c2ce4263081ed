#include "app/link/command_sender.h"

#include <QStringList>

#include "firmware/protocol/vayu_protocol.h"

#include <cstring>

namespace navigator {

CommandSender::CommandSender(MavlinkConnection* connection, const LinkTimings& timings, QObject* parent)
    : QObject(parent), connection_(connection), timings_(timings) {
  qRegisterMetaType<CommandResult>();
  retry_timer_.setSingleShot(true);
  reason_timer_.setSingleShot(true);
  connect(&retry_timer_, &QTimer::timeout, this, &CommandSender::onRetryTimer);
  connect(&reason_timer_, &QTimer::timeout, this, [this] {
    if (queue_.empty() || !queue_.front().awaiting_reason) return;
    // A reason whose last chunk did not come is given as far as it came.
    if (const auto partial = reason_texts_.flush(); partial && partial->severity <= MAV_SEVERITY_WARNING)
      takeReason(queue_.front(), partial->text);
    finish(queue_.front().result);
  });
  connect(connection_, &MavlinkConnection::frameReceived, this, &CommandSender::onFrame);
}

void CommandSender::setTarget(std::uint8_t system_id, std::uint8_t component_id) {
  target_system_ = system_id;
  target_component_ = component_id;
}

QString CommandSender::resultName(int mav_result) {
  switch (mav_result) {
    case MAV_RESULT_ACCEPTED:
      return tr("accepted");
    case MAV_RESULT_TEMPORARILY_REJECTED:
      return tr("temporarily rejected");
    case MAV_RESULT_DENIED:
      return tr("denied");
    case MAV_RESULT_UNSUPPORTED:
      return tr("unsupported");
    case MAV_RESULT_FAILED:
      return tr("failed");
    case MAV_RESULT_IN_PROGRESS:
      return tr("in progress");
    case MAV_RESULT_CANCELLED:
      return tr("cancelled");
  }
  return tr("result %1").arg(mav_result);
}

void CommandSender::send(const QString& label, std::uint16_t command, const std::array<float, 7>& params, int chain) {
  if (target_system_ == 0) {
    CommandResult r;
    r.command = command;
    r.label = label;
    r.message = tr("%1: no vehicle connected").arg(label);
    emit finished(r);
    return;
  }
  queue_.push_back(Pending{label, command, params, 0, false, {}, chain});
  if (queue_.size() == 1) transmit();
}

void CommandSender::transmit() {
  Pending& p = queue_.front();
  mavlink_command_long_t c{};
  c.target_system = target_system_;
  c.target_component = target_component_;
  c.command = p.command;
  c.confirmation = std::uint8_t(p.tries);  // 0 first, then 1, 2: MAVLink's resend marker
  c.param1 = p.params[0];
  c.param2 = p.params[1];
  c.param3 = p.params[2];
  c.param4 = p.params[3];
  c.param5 = p.params[4];
  c.param6 = p.params[5];
  c.param7 = p.params[6];
  ++p.tries;
  // The timer first: a transport that answers synchronously may finish this command inside send().
  retry_timer_.start(timings_.command_retry_ms);
  connection_->send(c);
}

void CommandSender::onRetryTimer() {
  if (queue_.empty()) return;
  Pending& p = queue_.front();
  if (p.tries < timings_.command_tries) {
    transmit();
    return;
  }
  CommandResult r;
  r.command = p.command;
  r.label = p.label;
  r.outcome = CommandResult::Outcome::NoAnswer;
  r.message = tr("%1: no answer from the vehicle after %n tries", nullptr, p.tries).arg(p.label);
  finish(r);
}

void CommandSender::onFrame(const mavlink_frame_t& frame) {
  if (queue_.empty() || frame.sysid != target_system_) return;
  Pending& p = queue_.front();
  mavlink_statustext_t text;
  if (p.awaiting_reason && mavlink_statustext_decode(&frame, &text)) {
    // Whole, as the pilot reads it: PX4 sends a long reason in 50-byte chunks.
    for (const StatusText& t : reason_texts_.add(text.severity, text.text, text.id, text.chunk_seq)) {
      if (t.severity > MAV_SEVERITY_WARNING) continue;  // an info line, not the reason
      takeReason(p, t.text);
      finish(p.result);
      return;
    }
    return;
  }
  mavlink_command_ack_t ack;
  if (!mavlink_command_ack_decode(&frame, &ack) || ack.command != p.command || p.awaiting_reason) return;
  // An ACK addressed elsewhere answers another ground station's command.
  if (ack.target_system != 0 && ack.target_system != MavlinkConnection::kGcsSystemId) return;
  if (ack.result == MAV_RESULT_IN_PROGRESS) {
    retry_timer_.start(timings_.command_retry_ms * timings_.command_tries);  // long-running: stop resending
    return;
  }
  retry_timer_.stop();
  CommandResult r;
  r.command = p.command;
  r.label = p.label;
  r.mav_result = ack.result;
  if (ack.result == MAV_RESULT_ACCEPTED) {
    r.outcome = CommandResult::Outcome::Accepted;
    r.message = tr("%1: accepted").arg(p.label);
    finish(r);
    return;
  }
  r.outcome = CommandResult::Outcome::Refused;
  r.message = tr("%1: %2").arg(p.label, resultName(ack.result));
  p.result = r;
  p.awaiting_reason = true;
  reason_texts_.flush();  // an earlier, unfinished text is not this refusal's reason
  reason_timer_.start(timings_.reason_wait_ms);
}

void CommandSender::takeReason(Pending& p, const QString& reason) {
  p.result.reason = reason;
  p.result.message += QStringLiteral(" (%1)").arg(reason);
}

void CommandSender::finish(CommandResult result) {
  retry_timer_.stop();
  reason_timer_.stop();
  const int chain = queue_.front().chain;
  queue_.pop_front();
  QStringList dropped;
  if (chain != 0 && !result.accepted()) {
    for (auto it = queue_.begin(); it != queue_.end();) {
      if (it->chain == chain) {
        dropped << it->label;
        it = queue_.erase(it);
      } else {
        ++it;
      }
    }
  }
  if (!dropped.isEmpty()) result.message += tr(" — not sent: %1").arg(dropped.join(QStringLiteral(", ")));
  if (!queue_.empty()) transmit();  // before the signal: a handler that queues must not double-send
  emit finished(result);
}

}  // namespace navigator
