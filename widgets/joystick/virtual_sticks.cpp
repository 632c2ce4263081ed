#include "widgets/joystick/virtual_sticks.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace navigator {

VirtualSticks::VirtualSticks(QWidget* parent) : QWidget(parent) {
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

QRectF VirtualSticks::leftPad() const {
  const double side = std::min(width() / 2.0, double(height())) - 12.0;
  return {width() / 4.0 - side / 2.0, height() / 2.0 - side / 2.0, side, side};
}

QRectF VirtualSticks::rightPad() const { return leftPad().translated(width() / 2.0, 0.0); }

void VirtualSticks::setThrottle(double throttle) {
  left_.setY(1.0 - 2.0 * std::clamp(std::isfinite(throttle) ? throttle : 0.0, 0.0, 1.0));
  update();
  emit sticksChanged(roll(), pitch(), yaw(), this->throttle());
}

void VirtualSticks::moveTo(Grab pad, QPointF position) {
  const QRectF r = pad == Grab::Left ? leftPad() : rightPad();
  const QPointF n{std::clamp(2.0 * (position.x() - r.left()) / r.width() - 1.0, -1.0, 1.0),
                  std::clamp(2.0 * (position.y() - r.top()) / r.height() - 1.0, -1.0, 1.0)};
  (pad == Grab::Left ? left_ : right_) = n;
  update();
  emit sticksChanged(roll(), pitch(), yaw(), throttle());
}

void VirtualSticks::mousePressEvent(QMouseEvent* event) {
  const QPointF at = event->position();
  grab_ = leftPad().contains(at) ? Grab::Left : rightPad().contains(at) ? Grab::Right : Grab::None;
  if (grab_ != Grab::None) moveTo(grab_, at);
}

void VirtualSticks::mouseMoveEvent(QMouseEvent* event) {
  if (grab_ != Grab::None) moveTo(grab_, event->position());
}

void VirtualSticks::mouseReleaseEvent(QMouseEvent*) {
  // Springs: yaw, roll and pitch return to centre; the throttle stays.
  if (grab_ == Grab::Left) left_.setX(0.0);
  if (grab_ == Grab::Right) right_ = {0.0, 0.0};
  if (grab_ != Grab::None) {
    grab_ = Grab::None;
    update();
    emit sticksChanged(roll(), pitch(), yaw(), throttle());
  }
}

void VirtualSticks::paintPad(QPainter& p, const QRectF& pad, QPointF knob, const QString& label) const {
  const QPalette& pal = palette();
  p.setPen(pal.color(QPalette::Mid));
  p.setBrush(pal.color(QPalette::Base));
  p.drawRoundedRect(pad, 8, 8);
  p.drawLine(QPointF(pad.center().x(), pad.top()), QPointF(pad.center().x(), pad.bottom()));
  p.drawLine(QPointF(pad.left(), pad.center().y()), QPointF(pad.right(), pad.center().y()));
  const QPointF at(pad.center().x() + knob.x() * pad.width() / 2.0, pad.center().y() + knob.y() * pad.height() / 2.0);
  p.setBrush(pal.color(QPalette::Highlight));
  p.drawEllipse(at, 10.0, 10.0);
  p.setPen(pal.color(QPalette::WindowText));
  p.drawText(pad.adjusted(6, 4, -6, -4), Qt::AlignTop | Qt::AlignLeft, label);
}

void VirtualSticks::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  paintPad(p, leftPad(), left_, tr("Throttle / yaw"));
  paintPad(p, rightPad(), right_, tr("Pitch / roll"));
}

}  // namespace navigator
