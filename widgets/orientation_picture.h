// OrientationPicture: how to hold the vehicle for one side of a six-sided calibration, as
// QGroundControl's sensor setup shows it — a multirotor seen from its right side (nose to the
// right of the picture, propellers on top when upright), turned to the side asked for, on a
// line for the bench, with the side's name under it. Its frame says where the side stands:
// grey pending, blue being measured (hold still), green done; a side not asked for is drawn
// faint. Takes plain values. GUI thread only.
#pragma once

#include <QString>
#include <QWidget>

namespace navigator {

class OrientationPicture : public QWidget {
  Q_OBJECT
 public:
  // The six sides of PX4's protocol: level (down), upside down (up), left side down, right side
  // down, nose down (front), tail down (back).
  enum class Side { Level, UpsideDown, LeftDown, RightDown, NoseDown, TailDown };
  enum class State { NotAsked, Pending, Measuring, Done };

  explicit OrientationPicture(Side side, QWidget* parent = nullptr);

  void setState(State state);
  State state() const { return state_; }
  Side side() const { return side_; }
  QString caption() const;  // "Nose down", … (what is written under the picture)
  // The same inside a sentence ("Hold still: measuring nose down."): its own translation, as
  // another language may not lower-case a caption into a sentence.
  QString phrase() const;
  // Degrees the side view is turned (nose down: the nose points at the bench) and whether it is
  // seen from the front instead (the left and right sides are a roll: seen nose on).
  static double pitchDeg(Side side);
  static double rollDeg(Side side);

  QSize sizeHint() const override { return {150, 150}; }

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  void drawVehicle(class QPainter& p, double size_px) const;

  Side side_;
  State state_ = State::Pending;
};

}  // namespace navigator
