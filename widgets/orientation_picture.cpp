#include "widgets/orientation_picture.h"

#include <QPainter>
#include <QPainterPath>

namespace navigator {

OrientationPicture::OrientationPicture(Side side, QWidget* parent) : QWidget(parent), side_(side) {
  setMinimumSize(120, 130);
  setMaximumHeight(190);
  setAccessibleName(caption());
}

void OrientationPicture::setState(State state) {
  if (state == state_) return;
  state_ = state;
  update();
}

QString OrientationPicture::caption() const {
  switch (side_) {
    case Side::Level:
      return tr("Level");
    case Side::UpsideDown:
      return tr("Upside down");
    case Side::LeftDown:
      return tr("Left side down");
    case Side::RightDown:
      return tr("Right side down");
    case Side::NoseDown:
      return tr("Nose down");
    case Side::TailDown:
      return tr("Tail down");
  }
  return {};
}

QString OrientationPicture::phrase() const {
  switch (side_) {
    case Side::Level:
      return tr("level", "inside a sentence");
    case Side::UpsideDown:
      return tr("upside down", "inside a sentence");
    case Side::LeftDown:
      return tr("left side down", "inside a sentence");
    case Side::RightDown:
      return tr("right side down", "inside a sentence");
    case Side::NoseDown:
      return tr("nose down", "inside a sentence");
    case Side::TailDown:
      return tr("tail down", "inside a sentence");
  }
  return {};
}

double OrientationPicture::pitchDeg(Side side) {
  switch (side) {
    case Side::NoseDown:
      return 90;  // seen from the right, nose to the right: turned clockwise, the nose to the bench
    case Side::TailDown:
      return -90;
    case Side::UpsideDown:
      return 180;
    default:
      return 0;
  }
}

double OrientationPicture::rollDeg(Side side) {
  switch (side) {
    case Side::LeftDown:
      return -90;  // seen nose on: the vehicle's left is the picture's right
    case Side::RightDown:
      return 90;
    default:
      return 0;
  }
}

// A body with two arms and a propeller disc on each, a camera dome marking the nose (seen from
// the side) or a dome in the middle (seen nose on), in a box of `size_px` centred on the origin.
void OrientationPicture::drawVehicle(QPainter& p, double size_px) const {
  // Arm and propeller within 0.44 of the box from the centre: the picture fits turned any way.
  const double arm = 0.3 * size_px, body_w = 0.26 * size_px, body_h = 0.1 * size_px;
  const bool nose_on = rollDeg(side_) != 0;
  p.setPen(QPen(palette().color(QPalette::WindowText), 2));
  p.drawLine(QPointF(-arm, -body_h * 0.2), QPointF(arm, -body_h * 0.2));
  for (double x : {-arm, arm}) {
    p.drawLine(QPointF(x, -body_h * 0.2), QPointF(x, -body_h * 1.1));
    p.setBrush(QColor(120, 160, 210, 160));
    p.drawEllipse(QPointF(x, -body_h * 1.2), 0.14 * size_px, 0.03 * size_px);
  }
  p.setBrush(palette().color(QPalette::Mid));
  p.drawRoundedRect(QRectF(-body_w / 2, -body_h / 2, body_w, body_h), 3, 3);
  // The nose: a dome at the body's front (right), or under its middle when seen nose on.
  p.setBrush(QColor(220, 80, 60));
  const QPointF dome = nose_on ? QPointF(0, body_h * 0.6) : QPointF(body_w / 2, body_h * 0.3);
  p.drawEllipse(dome, 0.05 * size_px, 0.05 * size_px);
}

void OrientationPicture::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  const QRectF box = QRectF(rect()).adjusted(3, 3, -3, -3);
  const QColor frame = state_ == State::Done        ? QColor(40, 160, 70)
                       : state_ == State::Measuring ? QColor(40, 110, 220)
                       : state_ == State::Pending   ? QColor(150, 150, 150)
                                                    : QColor(210, 210, 210);
  p.setPen(QPen(frame, state_ == State::NotAsked ? 1 : 3));
  p.setBrush(Qt::NoBrush);
  p.drawRoundedRect(box, 6, 6);
  const double text_h = fontMetrics().height() + 4;
  const QRectF art = box.adjusted(6, 6, -6, -text_h);
  const double size = std::min(art.width(), art.height());
  p.setOpacity(state_ == State::NotAsked ? 0.35 : 1.0);
  p.save();
  p.translate(art.center());
  p.rotate(pitchDeg(side_) + rollDeg(side_));
  drawVehicle(p, size);
  p.restore();
  // The bench under it.
  p.setPen(QPen(palette().color(QPalette::Mid), 2));
  p.drawLine(QPointF(art.left(), art.bottom()), QPointF(art.right(), art.bottom()));
  p.setPen(palette().color(QPalette::WindowText));
  QString label = caption();
  if (state_ == State::Done) label += QStringLiteral(" ✓");
  p.drawText(QRectF(box.left(), box.bottom() - text_h, box.width(), text_h), Qt::AlignCenter, label);
}

}  // namespace navigator
