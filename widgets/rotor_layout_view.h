// RotorLayoutView: the vehicle's rotors seen from above, as Betaflight Configurator's motor tab
// shows them — each rotor at its place about the centre of mass (forward up the widget, right to
// the right), its number (1-based, the motor output it is driven by), an arrow for the way it
// spins, and a line saying which allocation the vehicle flies with. "Above" is the vehicle's own
// up as it flies (a lander whose body x points up is seen down its x axis), so rotors side by
// side in the air are apart on the screen; a rotor whose thrust leans (canted, thrust vectoring)
// has an arrow from its hub the way it leans, with the angle. Rotors that still fall on one spot
// (a coaxial pair) are drawn side by side about it. Takes plain values. GUI thread only.
#pragma once

#include <QColor>
#include <QPointF>
#include <QString>
#include <QVector>
#include <QWidget>

namespace navigator {

struct RotorMark {
  double forward_m = 0.0, right_m = 0.0;  // position from the centre of mass: forward, right (seen from above)
  // The spin its airframe file states: counter-clockwise about its own thrust axis (right hand),
  // which is counter-clockwise seen from above for a rotor that thrusts up. Its colour.
  bool ccw = true;
  bool thrusts_up = true;  // false: its thrust axis is not within 60° of up (drawn hollow)
  // The unit thrust axis's components forward and right: how far it leans from up (0, 0 for a
  // rotor that thrusts straight up; sin 5° = 0.087 for an engine canted 5°).
  double lean_forward = 0.0, lean_right = 0.0;
};

class RotorLayoutView : public QWidget {
  Q_OBJECT
 public:
  explicit RotorLayoutView(QWidget* parent = nullptr);

  // The rotors to draw and the line under them ("hex_550: 6 rotors, allocated from this
  // geometry (MIXER 1)"); none: "No airframe".
  void setRotors(const QVector<RotorMark>& rotors, const QString& caption);
  const QVector<RotorMark>& rotors() const { return rotors_; }
  QString caption() const { return caption_; }
  // Where rotor `index` (0-based) is drawn, in widget pixels: what a test clicks or compares.
  QPointF rotorCentre(int index) const;
  // Where the lean arrow of rotor `index` ends (its hub when it does not lean), in widget pixels.
  QPointF leanTip(int index) const;
  // Whether a lean's angle is written beside its arrow (default yes; a small picture leaves it out).
  void setLeanAnglesShown(bool shown);
  // A rotor's colour by its spin (the disc is filled with it lightened, lighter(170)).
  static QColor spinColour(bool ccw);

  QSize sizeHint() const override { return {320, 320}; }
  QSize minimumSizeHint() const override { return {200, 200}; }

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  double scale() const;       // pixels per metre that fits every rotor with its disc
  double discRadius() const;  // pixels
  double discAt(double scale_px_per_m) const;
  double nearestApart_m() const;  // the nearest two rotors not on one spot (0.3 m when none)
  QPointF centre() const;
  QPointF placeCentre(int index) const;  // where its position falls, before a shared spot is spread
  void drawRotor(QPainter& p, int index, double disc) const;
  void drawLegend(QPainter& p) const;

  QVector<RotorMark> rotors_;
  QString caption_;
  bool lean_angles_shown_ = true;
};

}  // namespace navigator
