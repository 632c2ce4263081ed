#include "widgets/scene3d/orbit_mouse.h"

#include <QMouseEvent>
#include <QWheelEvent>

#include <cmath>

namespace navigator::scene3d {

std::optional<OrbitGesture> OrbitMouse::read(const QEvent* event) {
  switch (event->type()) {
    case QEvent::MouseButtonPress: {
      const auto* e = static_cast<const QMouseEvent*>(event);
      dragging_ = e->button() == Qt::LeftButton || e->button() == Qt::RightButton;
      last_ = e->position().toPoint();
      return std::nullopt;
    }
    case QEvent::MouseButtonRelease:
      dragging_ = false;
      return std::nullopt;
    case QEvent::MouseMove: {
      if (!dragging_) return std::nullopt;
      const auto* e = static_cast<const QMouseEvent*>(event);
      const QPoint delta = e->position().toPoint() - last_;
      last_ = e->position().toPoint();
      OrbitGesture g;
      g.d_azimuth_deg = -kDragDegPerPixel * float(delta.x());
      g.d_elevation_deg = kDragDegPerPixel * float(delta.y());
      return g;
    }
    case QEvent::Wheel: {
      OrbitGesture g;
      g.zoom_factor =
          std::pow(kZoomPerWheelStep, float(static_cast<const QWheelEvent*>(event)->angleDelta().y()) / 120.0f);
      return g;
    }
    default:
      return std::nullopt;
  }
}

}  // namespace navigator::scene3d
