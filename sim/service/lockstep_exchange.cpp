#include "sim/service/lockstep_exchange.h"

namespace vsim {

void LockstepExchange::frameSent(std::int64_t frame_us, std::int64_t now_ns) {
  out_ = true;
  answered_ = false;
  silent_ = false;
  frame_us_ = frame_us;
  sent_ns_ = last_send_ns_ = now_ns;
  ++counters_.frames_sent;
}

void LockstepExchange::frameResent(std::int64_t now_ns) {
  last_send_ns_ = now_ns;
  ++counters_.resends;
}

LockstepExchange::Answer LockstepExchange::answerArrived(std::int64_t answer_us) {
  if (!waiting()) {
    ++counters_.unasked;
    return Answer::Unasked;
  }
  if (!answers(answer_us, frame_us_)) {
    ++counters_.late;
    return Answer::Late;
  }
  answered_ = true;
  ++counters_.answers;
  return Answer::Answers;
}

LockstepExchange::Due LockstepExchange::due(std::int64_t now_ns) {
  if (!waiting()) return Due::Nothing;
  if (!silent_ && options_.silence_timeout_ns > 0 && now_ns - sent_ns_ >= options_.silence_timeout_ns) {
    silent_ = true;
    ++counters_.silences;
    return Due::Silent;
  }
  if (options_.resend_interval_ns > 0 && now_ns - last_send_ns_ >= options_.resend_interval_ns) return Due::Resend;
  return Due::Nothing;
}

void LockstepExchange::restart() {
  out_ = false;
  answered_ = false;
  silent_ = false;
}

}  // namespace vsim
