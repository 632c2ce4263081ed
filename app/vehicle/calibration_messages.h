// The sensor-calibration progress messages PX4 sends as STATUSTEXT, each starting "[cal] ",
// read into events. The grammar is PX4's (its commander's calibration_messages.h, the texts
// QGroundControl's sensor setup parses to draw its orientation pictures); Navigator's own
// firmware speaks the same, so one reader serves both:
//   [cal] calibration started: 2 <sensor>       (2: the protocol's version; gyro accel mag level)
//   [cal] pending: <side> <side> ...             (the sides still to hold)
//   [cal] <side> orientation detected            (a side is held still: measuring it)
//   [cal] <side> side done, rotate to a different side
//   [cal] <side> side already completed          (the side held is done already: another one)
//   [cal] progress <percent>
//   [cal] calibration done: <sensor>
//   [cal] calibration failed: <reason>
//   [cal] calibration cancelled
// Any other "[cal] " text is an instruction or a figure for the user (Info). Sides: down (level,
// upright), up (upside down), left / right (that side down), front (nose down), back (tail down).
#pragma once

#include <QString>

#include <array>
#include <optional>

namespace navigator {

enum class CalSide { Down, Up, Left, Right, Front, Back };
inline constexpr std::array kCalSides{CalSide::Down,  CalSide::Up,    CalSide::Left,
                                      CalSide::Right, CalSide::Front, CalSide::Back};

// The side's word in the protocol ("down", "up", …), and back (nullopt: not a side's word).
QString calSideWord(CalSide side);
std::optional<CalSide> calSideFromWord(const QString& word);

struct CalMessage {
  enum class Kind {
    Started,
    Pending,
    OrientationDetected,
    SideDone,
    SideAlreadyDone,
    Progress,
    Done,
    Failed,
    Cancelled,
    Info
  };
  Kind kind = Kind::Info;
  int version = 0;                             // Started: the protocol's version (2 today)
  QString sensor;                              // Started, Done: "gyro", "accel", "mag", "level", …
  std::array<bool, kCalSides.size()> sides{};  // Pending: the sides named, by CalSide
  CalSide side = CalSide::Down;                // OrientationDetected, SideDone, SideAlreadyDone
  int percent = 0;                             // Progress: 0..100
  QString text;                                // everything after "[cal] " (Failed: the reason only)
};

// The event `statustext` carries, or nullopt when it is not a calibration message. A "[cal] "
// text that does not parse as one of the forms above (a side's word unknown, a percent out of
// 0..100) is Info: shown, never acted on.
std::optional<CalMessage> parseCalMessage(const QString& statustext);

}  // namespace navigator
