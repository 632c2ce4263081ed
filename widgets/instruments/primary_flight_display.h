// PrimaryFlightDisplay: the instruments a pilot reads, on one face, as QGroundControl's
// instrument panel and PX4's HUD show them — the attitude horizon with pitch ladder and roll
// scale, a heading tape, ground and air speed, altitude above home and climb rate, throttle
// (the thrust put out, and under it the stick sent: ALT_HOLD reads a centred stick as "hold"),
// armed state and flight mode, link quality, and FAILSAFE in red. It takes plain values: the
// vehicle's own telemetry (so it serves a board as well as SITL) and, when there is a
// simulator behind it, the truth, drawn beside the estimate (a dashed horizon, "true …" under
// each number). A value not known is NaN and shown as "—", never as a number.
// Numbers follow the user's locale. GUI thread only.
#pragma once

#include <QPointF>
#include <QRectF>
#include <QString>
#include <QWidget>

#include <limits>

class QPainter;

namespace navigator {

// One source's view of the flight. NaN: not known.
struct PfdReading {
  static constexpr double kUnknown = std::numeric_limits<double>::quiet_NaN();
  double roll_deg = kUnknown, pitch_deg = kUnknown, heading_deg = kUnknown;  // heading 0..360, 0 north
  double altitude_m = kUnknown;  // above home (where the vehicle armed), up positive
  double climb_mps = kUnknown;   // up positive
  double groundspeed_mps = kUnknown, airspeed_mps = kUnknown;
};

struct PfdState {
  PfdReading estimate;                               // the vehicle's own telemetry
  PfdReading truth;                                  // the simulator's, when there is one; all NaN otherwise
  double throttle_pct = PfdReading::kUnknown;        // the thrust the vehicle puts out (VFR_HUD)
  double stick_throttle_pct = PfdReading::kUnknown;  // the throttle stick this station sends
  bool armed = false;
  bool failsafe = false;
  QString mode;               // "ANGLE"; empty: not known
  bool link_up = false;       // a vehicle heard within the heartbeat timeout
  int link_quality_pct = -1;  // frames received of those sent, over the last second; -1 not known
};

class PrimaryFlightDisplay : public QWidget {
  Q_OBJECT
 public:
  // The texts the face shows, one per readout (tests read them; paintEvent draws them).
  enum class Readout {
    Heading,
    GroundSpeed,
    AirSpeed,
    Altitude,
    Climb,
    Throttle,
    StickThrottle,
    Armed,
    Mode,
    Link,
    Failsafe,
    TrueHeading,
    TrueGroundSpeed,
    TrueAirSpeed,
    TrueAltitude,
    TrueClimb
  };

  explicit PrimaryFlightDisplay(QWidget* parent = nullptr);

  void setState(const PfdState& state);
  const PfdState& state() const { return state_; }
  QString text(Readout readout) const;

  // Where the face's boxes go, from the font's metrics: each holds its lines (label, value,
  // truth) and no two overlap, down to minimumSizeHint(). (At a fixed 34 px, a box's value and
  // truth overlapped, and the stick bar covered the airspeed box on a short face.)
  struct Layout {
    QRectF link, heading, ground_speed, air_speed, altitude, climb, stick_throttle, throttle, armed;
    double heading_tape_left = 0, heading_tape_right = 0;
  };
  Layout faceLayout(const QSizeF& size) const;
  QPointF attitudeCentre(const QSizeF& size) const { return {size.width() / 2, size.height() / 2 + 14}; }

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  // The face's parts, in the order paintEvent draws them, on a w × h face whose attitude
  // centre is `centre`.
  void drawHorizon(QPainter& p, QPointF centre, double w, double h) const;
  void drawRollScale(QPainter& p, QPointF centre, double w, double h) const;
  void drawAircraft(QPainter& p, QPointF centre, double w) const;
  void drawHeadingTape(QPainter& p, const Layout& l) const;
  void drawNumbers(QPainter& p, const Layout& l) const;
  void drawStatus(QPainter& p, QPointF centre, double w, double h, const Layout& l) const;
  // The heights of a number box (three lines) and of a one-line bar, and a number box's width.
  double numberBoxHeight() const;
  double barHeight() const;
  double numberBoxWidth(double face_w) const;
  QString armedAndMode() const;

  PfdState state_;
};

}  // namespace navigator
