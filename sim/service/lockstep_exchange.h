// LockstepExchange: the simulator's side of lockstep with a flight stack, written once for
// every caller that waits for an answer — vsim_d's pipes (SimService), PX4 over TCP and
// ArduPilot over UDP (the autopilot backends), the station's serial HIL (HilLockstep under
// HilBridge). As PX4's simulator_mavlink does it, one object owns the stamp rule, the wait,
// the resend and the silence timeout; the caller owns the bytes (which message, which pipe).
//
// The exchange, for a frame of sensor readings stamped with simulated time T [µs]:
//   frameSent(T, now)   the frame left; a wait begins
//   answerArrived(A)    an answer stamped A came in: it ANSWERS the frame out when A ≥ T
//                       (the flight stack stamps its outputs with the time of the frame it
//                       computed them from, and its clock is the frames' clock, so a correct
//                       answer is stamped exactly T; a stamp beyond T can only come from a
//                       stack whose clock has already moved past the frame, which has then
//                       read it). A < T is a late answer to an earlier frame (a resend crossed
//                       it): counted, never stepped on.
//   due(now)            while the wait goes on: Resend every resend interval (the caller sends
//                       the same frame again, same T: the world has not moved), and Silent
//                       once, when the silence timeout has passed since the frame left.
//   consume()           the caller stepped the world on the answer; the next frameSent starts
//                       the next wait.
// An autopilot that speaks first (ArduPilot's servo packet is both its answer and its
// question) passes the stamp of the frame out: every new packet answers the latest state.
//
// Time is whatever nanosecond clock the caller passes in (the monotonic clock in service; a
// test drives its own). Not thread-safe: one thread owns an exchange.
#pragma once

#include <cstdint>

namespace vsim {

class LockstepExchange {
 public:
  struct Options {
    std::int64_t resend_interval_ns = 0;  // 0: never resend (a reliable stream, or the stack resends)
    std::int64_t silence_timeout_ns = 0;  // 0: never call the stack silent
  };
  struct Counters {
    std::int64_t frames_sent = 0;  // frameSent
    std::int64_t resends = 0;      // frameResent
    std::int64_t answers = 0;      // answers that ended a wait
    std::int64_t late = 0;         // answers stamped before the frame out
    std::int64_t unasked = 0;      // answers while no frame was out (or it was answered already)
    std::int64_t silences = 0;     // waits that passed the silence timeout
  };
  enum class Answer { Answers, Late, Unasked };
  enum class Due { Nothing, Resend, Silent };

  LockstepExchange() = default;
  explicit LockstepExchange(Options options) : options_(options) {}

  // The one rule: an answer stamped answer_us answers the frame stamped frame_us.
  static bool answers(std::int64_t answer_us, std::int64_t frame_us) { return answer_us >= frame_us; }

  // The frame stamped frame_us [simulated µs] left at now_ns: a new wait begins.
  void frameSent(std::int64_t frame_us, std::int64_t now_ns);
  // The same frame left again at now_ns (after Due::Resend).
  void frameResent(std::int64_t now_ns);
  // An answer stamped answer_us arrived; Answers ends the wait (answered() until consume()).
  Answer answerArrived(std::int64_t answer_us);
  // What the wait asks for at now_ns: Resend when the resend interval has passed since the
  // frame last left; Silent once per wait, when the silence timeout has passed since it first
  // left (then Resend goes on); Nothing otherwise, or when nothing is awaited.
  Due due(std::int64_t now_ns);
  // The caller has stepped the world on the answer: nothing is awaited until the next frame.
  void consume() {
    out_ = false;
    answered_ = false;
  }
  // Nothing is out any more (a reset, a disconnect, a stack that was given up on).
  void restart();

  bool waiting() const { return out_ && !answered_; }
  bool answered() const { return answered_; }
  bool silent() const { return silent_; }                   // the current wait passed the silence timeout
  std::int64_t frameTimeUs() const { return frame_us_; }    // the frame out (or last out)
  std::int64_t waitingSinceNs() const { return sent_ns_; }  // when it first left
  std::int64_t nextResendNs() const { return last_send_ns_ + options_.resend_interval_ns; }
  const Options& options() const { return options_; }
  const Counters& counters() const { return counters_; }

 private:
  Options options_;
  Counters counters_;
  bool out_ = false;       // a frame is out and its wait has not been restarted
  bool answered_ = false;  // ... and its answer came
  bool silent_ = false;    // ... and the silence timeout passed before it
  std::int64_t frame_us_ = 0, sent_ns_ = 0, last_send_ns_ = 0;
};

}  // namespace vsim
