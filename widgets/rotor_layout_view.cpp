#include "widgets/rotor_layout_view.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace navigator {

namespace {
constexpr double kCaptionPx = 36.0;  // the lines under the drawing
}

RotorLayoutView::RotorLayoutView(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("rotorLayout"));
  caption_ = tr("No airframe");
}

void RotorLayoutView::setRotors(const QVector<RotorMark>& rotors, const QString& caption) {
  rotors_ = rotors;
  caption_ = rotors.isEmpty() ? tr("No airframe") : caption;
  setAccessibleDescription(caption_);
  update();
}

QPointF RotorLayoutView::centre() const { return {width() / 2.0, (height() - kCaptionPx) / 2.0}; }

double RotorLayoutView::discRadius() const {
  // A disc a fifth of the nearest two rotors' distance apart, so neighbours never overlap.
  double nearest = 1e9;
  for (int i = 0; i < rotors_.size(); ++i)
    for (int j = i + 1; j < rotors_.size(); ++j)
      nearest = std::min(
          nearest, std::hypot(rotors_[i].forward_m - rotors_[j].forward_m, rotors_[i].right_m - rotors_[j].right_m));
  if (nearest > 1e8 || nearest <= 0.0) nearest = 0.3;
  return std::clamp(0.3 * nearest * scale(), 10.0, 40.0);
}

double RotorLayoutView::scale() const {
  double reach = 0.05;
  for (const RotorMark& r : rotors_) reach = std::max(reach, std::hypot(r.forward_m, r.right_m));
  // Room for the largest disc (40 px) and its spin arrow beyond the outermost rotor.
  const double half = std::min(width(), int(height() - kCaptionPx)) / 2.0 - 48.0;
  return std::max(1.0, half / reach);
}

QPointF RotorLayoutView::rotorCentre(int index) const {
  if (index < 0 || index >= rotors_.size()) return {};
  const RotorMark& r = rotors_[index];
  const double s = scale();
  return centre() + QPointF(r.right_m * s, -r.forward_m * s);  // forward is up the widget
}

void RotorLayoutView::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  const QPalette& pal = palette();
  p.fillRect(rect(), pal.base());
  const QPointF c = centre();
  // The caption.
  p.setPen(pal.text().color());
  p.drawText(QRectF(4, height() - kCaptionPx, width() - 8, kCaptionPx), Qt::AlignCenter | Qt::TextWordWrap, caption_);
  if (rotors_.isEmpty()) return;
  // Forward: an arrow at the top.
  const QColor accent = pal.highlight().color();
  p.setPen(QPen(accent, 2));
  p.drawLine(QPointF(c.x(), 22), QPointF(c.x(), 8));
  p.drawLine(QPointF(c.x(), 8), QPointF(c.x() - 6, 15));
  p.drawLine(QPointF(c.x(), 8), QPointF(c.x() + 6, 15));
  p.drawText(QPointF(c.x() + 10, 18), tr("front"));
  // The arms, the body, the rotors.
  const double disc = discRadius();
  p.setPen(QPen(pal.mid().color(), 4, Qt::SolidLine, Qt::RoundCap));
  for (int i = 0; i < rotors_.size(); ++i) p.drawLine(c, rotorCentre(i));
  p.setBrush(pal.dark());
  p.setPen(Qt::NoPen);
  p.drawEllipse(c, 8, 8);
  QFont number_font = font();
  number_font.setBold(true);
  number_font.setPixelSize(int(std::max(11.0, disc * 0.7)));
  for (int i = 0; i < rotors_.size(); ++i) {
    const RotorMark& r = rotors_[i];
    const QPointF at = rotorCentre(i);
    const QColor colour = r.ccw ? QColor(0x2e, 0x7d, 0x32) : QColor(0x15, 0x65, 0xc0);  // green ccw, blue cw
    p.setPen(QPen(colour, 2));
    p.setBrush(r.thrusts_up ? QBrush(colour.lighter(170)) : Qt::NoBrush);
    p.drawEllipse(at, disc, disc);
    // The spin: an arc of 240° round the disc with its head where it turns to.
    const double rr = disc + 5.0;
    const QRectF box(at.x() - rr, at.y() - rr, 2 * rr, 2 * rr);
    const double start_deg = 60.0, span_deg = r.ccw ? 240.0 : -240.0;  // Qt: positive is counter-clockwise on screen
    QPainterPath arc;
    arc.arcMoveTo(box, start_deg);
    arc.arcTo(box, start_deg, span_deg);
    p.setBrush(Qt::NoBrush);
    p.drawPath(arc);
    const double end = (start_deg + span_deg) * M_PI / 180.0;
    const QPointF tip(at.x() + rr * std::cos(end), at.y() - rr * std::sin(end));
    // The tangent at the tip, in the direction of travel.
    const double dir = r.ccw ? 1.0 : -1.0;
    const QPointF tangent(-std::sin(end) * dir, -std::cos(end) * dir);
    const QPointF normal(-tangent.y(), tangent.x());
    p.setBrush(colour);
    p.drawPolygon(
        QPolygonF{tip + tangent * 7.0, tip - tangent * 2.0 + normal * 5.0, tip - tangent * 2.0 - normal * 5.0});
    p.setPen(pal.text().color());
    p.setFont(number_font);
    p.drawText(QRectF(at.x() - disc, at.y() - disc, 2 * disc, 2 * disc), Qt::AlignCenter, QString::number(i + 1));
  }
}

}  // namespace navigator
