// VirtualSticks: two on-screen sticks dragged with the mouse (or a touch, delivered as mouse
// events), Mode 2. Left pad: throttle (up = 1, down = 0; stays where it is left, like an
// unsprung throttle) and yaw (right = +1 clockwise; springs back to 0). Right pad: roll
// (right = +1) and pitch (up/away = +1 forward, nose down); both spring back to centre.
// Emits plain values in the pilot-stick conventions; knows nothing of the app core.
// Thread contract: GUI thread.
#pragma once

#include <QPointF>
#include <QRectF>
#include <QWidget>

namespace navigator {

class VirtualSticks : public QWidget {
  Q_OBJECT

 public:
  explicit VirtualSticks(QWidget* parent = nullptr);

  double roll() const { return right_.x(); }
  double pitch() const { return -right_.y(); }
  double yaw() const { return left_.x(); }
  double throttle() const { return (1.0 - left_.y()) / 2.0; }
  // Puts the throttle somewhere (0..1), e.g. back to 0 when the vehicle disarms; emits.
  void setThrottle(double throttle);

  // Where each pad is drawn, in widget coordinates (for tests and layout).
  QRectF leftPad() const;
  QRectF rightPad() const;

  QSize sizeHint() const override { return {360, 180}; }
  QSize minimumSizeHint() const override { return {200, 100}; }

 signals:
  // roll, pitch, yaw in [-1, 1]; throttle in [0, 1]; on every change.
  void sticksChanged(double roll, double pitch, double yaw, double throttle);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;

 private:
  enum class Grab { None, Left, Right };
  void moveTo(Grab pad, QPointF position);
  void paintPad(class QPainter& p, const QRectF& pad, QPointF knob, const QString& label) const;

  // Knob positions normalised to [-1, 1]² in widget orientation (y down).
  QPointF left_{0.0, 1.0};  // throttle at 0, yaw centred
  QPointF right_{0.0, 0.0};
  Grab grab_ = Grab::None;
};

}  // namespace navigator
