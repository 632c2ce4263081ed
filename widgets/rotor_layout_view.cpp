#include "widgets/rotor_layout_view.h"

#include <QLocale>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace navigator {

namespace {
constexpr double kCaptionPx = 36.0;       // the lines under the drawing
constexpr double kSameSpotM = 1e-3;       // rotors closer than this, seen from above, share a spot
constexpr double kLeanShownSin = 0.0087;  // a lean of 0.5° or more gets its arrow (sin 0.5°)
constexpr double kLeanArrowPx = 30.0;     // the most a lean arrow reaches beyond its disc

bool leans(const RotorMark& r) { return std::hypot(r.lean_forward, r.lean_right) >= kLeanShownSin; }
}  // namespace

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

void RotorLayoutView::setLeanAnglesShown(bool shown) {
  lean_angles_shown_ = shown;
  update();
}

QColor RotorLayoutView::spinColour(bool ccw) {
  return ccw ? QColor(0x2e, 0x7d, 0x32) : QColor(0x15, 0x65, 0xc0);  // green ccw, blue cw
}

QPointF RotorLayoutView::centre() const { return {width() / 2.0, (height() - kCaptionPx) / 2.0}; }

double RotorLayoutView::nearestApart_m() const {
  double nearest = 1e9;
  for (int i = 0; i < rotors_.size(); ++i)
    for (int j = i + 1; j < rotors_.size(); ++j) {
      const double d = std::hypot(rotors_[i].forward_m - rotors_[j].forward_m, rotors_[i].right_m - rotors_[j].right_m);
      if (d >= kSameSpotM) nearest = std::min(nearest, d);
    }
  return nearest > 1e8 ? 0.3 : nearest;
}

double RotorLayoutView::discAt(double scale_px_per_m) const {
  // A disc a fifth of the nearest two rotors' distance apart, so neighbours never overlap (rotors
  // on one spot are spread apart instead, and do not count).
  return std::clamp(0.3 * nearestApart_m() * scale_px_per_m, 10.0, 40.0);
}

double RotorLayoutView::discRadius() const { return discAt(scale()); }

double RotorLayoutView::scale() const {
  double reach = 0.05;
  for (const RotorMark& r : rotors_) reach = std::max(reach, std::hypot(r.forward_m, r.right_m));
  // The outermost rotor's disc and what is drawn beyond it fit: its spin arrow (12 px), or a
  // lean's arrow (at most the disc's radius, 30 px) and its head (8 px) or its angle (40 px). The disc grows with
  // the scale: the scale where all of it just fits is found by a damped fixed-point iteration.
  const bool any_lean = std::any_of(rotors_.begin(), rotors_.end(), leans);
  const double half = std::min(width(), int(height() - kCaptionPx)) / 2.0;
  double s = half / reach;
  for (int i = 0; i < 40; ++i) {
    const double disc = discAt(s);
    const double beyond = any_lean ? std::min(kLeanArrowPx, disc) + (lean_angles_shown_ ? 40.0 : 8.0) : 12.0;
    s = 0.5 * (s + std::max(1.0, (half - disc - beyond) / reach));
  }
  return s;
}

QPointF RotorLayoutView::placeCentre(int index) const {
  const RotorMark& r = rotors_[index];
  const double s = scale();
  return centre() + QPointF(r.right_m * s, -r.forward_m * s);  // forward is up the widget
}

QPointF RotorLayoutView::rotorCentre(int index) const {
  if (index < 0 || index >= rotors_.size()) return {};
  // The rotors on this one's spot, in their order: k of them round it, this one the m-th.
  int m = 0, k = 0;
  for (int j = 0; j < rotors_.size(); ++j) {
    const double d =
        std::hypot(rotors_[j].forward_m - rotors_[index].forward_m, rotors_[j].right_m - rotors_[index].right_m);
    if (d >= kSameSpotM) continue;
    if (j < index) ++m;
    ++k;
  }
  const QPointF at = placeCentre(index);
  if (k < 2) return at;
  // Side by side on a circle just wide enough that their discs touch, the first to the left.
  const double radius = discRadius() / std::sin(M_PI / k);
  const double angle = M_PI + 2.0 * M_PI * m / k;
  return at + QPointF(radius * std::cos(angle), radius * std::sin(angle));
}

QPointF RotorLayoutView::leanTip(int index) const {
  if (index < 0 || index >= rotors_.size()) return {};
  const RotorMark& r = rotors_[index];
  const QPointF at = rotorCentre(index);
  const double lean = std::hypot(r.lean_forward, r.lean_right);
  if (lean < kLeanShownSin) return at;
  // Out past the disc, longer the more it leans (5°: 30 px beyond a 40 px disc), at most the disc's radius.
  const double disc = discRadius();
  const double length = disc + std::min({kLeanArrowPx, 8.0 + 250.0 * lean, disc});
  return at + QPointF(r.lean_right / lean, -r.lean_forward / lean) * length;
}

void RotorLayoutView::drawLegend(QPainter& p) const {
  const QPalette& pal = palette();
  double x = 8.0;
  for (const bool ccw : {true, false}) {
    p.setPen(QPen(spinColour(ccw), 2));
    p.setBrush(spinColour(ccw).lighter(170));
    p.drawEllipse(QPointF(x + 6, 14), 6, 6);
    p.setPen(pal.text().color());
    const QString text = ccw ? tr("ccw") : tr("cw");
    p.drawText(QPointF(x + 16, 19), text);
    x += 16 + p.fontMetrics().horizontalAdvance(text) + 12;
  }
}

void RotorLayoutView::drawRotor(QPainter& p, int index, double disc) const {
  const QPalette& pal = palette();
  const RotorMark& r = rotors_[index];
  const QPointF at = rotorCentre(index);
  const QColor colour = spinColour(r.ccw);
  p.setPen(QPen(colour, 2));
  p.setBrush(r.thrusts_up ? QBrush(colour.lighter(170)) : Qt::NoBrush);
  p.drawEllipse(at, disc, disc);
  // The spin: an arc of 240° round the disc with its head where it turns to, as seen from above
  // (the file's counter-clockwise about a thrust axis that points down is clockwise from above).
  const bool turns_ccw_seen = r.ccw == r.thrusts_up;
  const double rr = disc + 5.0;
  const QRectF box(at.x() - rr, at.y() - rr, 2 * rr, 2 * rr);
  const double start_deg = 60.0, span_deg = turns_ccw_seen ? 240.0 : -240.0;  // Qt: positive is ccw on screen
  QPainterPath arc;
  arc.arcMoveTo(box, start_deg);
  arc.arcTo(box, start_deg, span_deg);
  p.setBrush(Qt::NoBrush);
  p.drawPath(arc);
  const double end = (start_deg + span_deg) * M_PI / 180.0;
  const QPointF tip(at.x() + rr * std::cos(end), at.y() - rr * std::sin(end));
  // The tangent at the tip, in the direction of travel.
  const double dir = turns_ccw_seen ? 1.0 : -1.0;
  const QPointF tangent(-std::sin(end) * dir, -std::cos(end) * dir);
  const QPointF normal(-tangent.y(), tangent.x());
  p.setBrush(colour);
  p.drawPolygon(QPolygonF{tip + tangent * 7.0, tip - tangent * 2.0 + normal * 5.0, tip - tangent * 2.0 - normal * 5.0});
  // The lean: an arrow from the disc's edge the way the thrust leans, with its angle from up.
  if (leans(r)) {
    const QPointF lean_tip = leanTip(index);
    const QPointF along = (lean_tip - at) / std::hypot(lean_tip.x() - at.x(), lean_tip.y() - at.y());
    const QPointF across(-along.y(), along.x());
    p.setPen(QPen(pal.text().color(), 2));
    p.drawLine(at + along * disc, lean_tip);
    p.setBrush(pal.text());
    p.drawPolygon(QPolygonF{lean_tip + along * 2.0, lean_tip - along * 8.0 + across * 4.5,
                            lean_tip - along * 8.0 - across * 4.5});
    const double angle_deg = std::asin(std::min(1.0, std::hypot(r.lean_forward, r.lean_right))) * 180.0 / M_PI;
    if (!lean_angles_shown_) return;
    const QString text = QStringLiteral("%1°").arg(QLocale().toString(angle_deg, 'f', angle_deg < 10 ? 1 : 0));
    // Beyond the head: half the text's extent along the arrow, and a gap.
    const QRectF box = p.fontMetrics().boundingRect(text);
    const double half_along = 0.5 * (std::abs(along.x()) * box.width() + std::abs(along.y()) * box.height());
    const QPointF label = lean_tip + along * (half_along + 5.0);
    p.drawText(QRectF(label.x() - box.width() / 2 - 2, label.y() - box.height() / 2, box.width() + 4, box.height()),
               Qt::AlignCenter, text);
  }
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
  drawLegend(p);
  // Forward: an arrow at the top.
  const QColor accent = pal.highlight().color();
  p.setPen(QPen(accent, 2));
  p.drawLine(QPointF(c.x(), 22), QPointF(c.x(), 8));
  p.drawLine(QPointF(c.x(), 8), QPointF(c.x() - 6, 15));
  p.drawLine(QPointF(c.x(), 8), QPointF(c.x() + 6, 15));
  p.drawText(QPointF(c.x() + 10, 18), tr("front"));
  // The arms (to where a spread rotor's spot is), the body, the rotors.
  const double disc = discRadius();
  p.setPen(QPen(pal.mid().color(), 4, Qt::SolidLine, Qt::RoundCap));
  for (int i = 0; i < rotors_.size(); ++i) {
    p.drawLine(c, placeCentre(i));
    p.drawLine(placeCentre(i), rotorCentre(i));
  }
  p.setBrush(pal.dark());
  p.setPen(Qt::NoPen);
  p.drawEllipse(c, 8, 8);
  QFont number_font = font();
  number_font.setBold(true);
  number_font.setPixelSize(int(std::max(11.0, disc * 0.7)));
  for (int i = 0; i < rotors_.size(); ++i) {
    drawRotor(p, i, disc);
    p.setPen(pal.text().color());
    const QFont plain = p.font();
    p.setFont(number_font);
    const QPointF at = rotorCentre(i);
    p.drawText(QRectF(at.x() - disc, at.y() - disc, 2 * disc, 2 * disc), Qt::AlignCenter, QString::number(i + 1));
    p.setFont(plain);
  }
}

}  // namespace navigator
