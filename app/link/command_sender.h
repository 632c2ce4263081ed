// CommandSender: COMMAND_LONG with the MAVLink command protocol — one command in flight at a
// time (later ones queue), resent with an incremented confirmation until a COMMAND_ACK for it
// arrives or the tries run out, and every outcome reported once with a human message. A
// refusal waits briefly for the STATUSTEXT in which the vehicle says why (the flight firmware
// sends it right after the ACK), so "Arm: denied (Arming refused: throttle not low)" reaches
// the user instead of a bare code — whole, when it comes in chunks (StatusTextAssembler).
// Thread contract: lives on its MavlinkConnection's thread; all calls there.
#pragma once

#include "app/link/link_timings.h"
#include "app/link/mavlink_connection.h"
#include "app/link/status_text_assembler.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <array>
#include <deque>

namespace navigator {

struct CommandResult {
  enum class Outcome { Accepted, Refused, NoAnswer };
  std::uint16_t command = 0;  // MAV_CMD
  QString label;              // what the user asked for: "Arm", "Mode ALT_HOLD"
  Outcome outcome = Outcome::NoAnswer;
  int mav_result = -1;  // MAV_RESULT of the ACK, -1 without one
  QString reason;       // the vehicle's STATUSTEXT about a refusal, if it sent one
  QString message;      // one line for the user
  bool accepted() const { return outcome == Outcome::Accepted; }
};

class CommandSender : public QObject {
  Q_OBJECT

 public:
  CommandSender(MavlinkConnection* connection, const LinkTimings& timings, QObject* parent = nullptr);

  // The vehicle commands go to (HEARTBEAT's source); commands before one is known fail at once.
  void setTarget(std::uint8_t system_id, std::uint8_t component_id);
  void setTimings(const LinkTimings& timings) { timings_ = timings; }

  // Queues COMMAND_LONG `command` with params 1..7; `label` names it in the result. Commands
  // sent with the same non-zero `chain` are steps of one action: when one is not accepted, the
  // chain's later steps are dropped unsent (its result says so).
  void send(const QString& label, std::uint16_t command, const std::array<float, 7>& params, int chain = 0);
  bool busy() const { return !queue_.empty(); }

  static QString resultName(int mav_result);

 signals:
  void finished(const CommandResult& result);

 private:
  struct Pending {
    QString label;
    std::uint16_t command;
    std::array<float, 7> params;
    int tries = 0;
    bool awaiting_reason = false;
    CommandResult result;
    int chain = 0;
  };

  void onFrame(const mavlink_frame_t& frame);
  void transmit();
  void onRetryTimer();
  void finish(CommandResult result);
  void takeReason(Pending& p, const QString& reason);

  MavlinkConnection* connection_;
  LinkTimings timings_;
  std::uint8_t target_system_ = 0, target_component_ = 0;
  std::deque<Pending> queue_;
  QTimer retry_timer_, reason_timer_;
  StatusTextAssembler reason_texts_;  // a refusal's reason, whole (chunks joined, control characters out)
};

}  // namespace navigator

Q_DECLARE_METATYPE(navigator::CommandResult)
