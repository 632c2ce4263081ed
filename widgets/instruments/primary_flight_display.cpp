#include "widgets/instruments/primary_flight_display.h"

#include <QFontMetricsF>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace navigator {
namespace {

const QColor kSky(0x3a, 0x7b, 0xc8), kGround(0x8a, 0x5a, 0x2b), kPanel(0, 0, 0, 150), kTruth(0xd0, 0xd0, 0xd0);
const QColor kGood(0x30, 0xd0, 0x50), kBad(0xff, 0x40, 0x30), kWarn(0xff, 0xb0, 0x20);
constexpr double kVisiblePitch_deg = 40.0;  // the horizon's height shows ±20°
constexpr double kHeadingTape_px = 22;      // the heading tape's height, along the top

bool known(double v) { return std::isfinite(v); }

QString number(double v, int decimals, const QString& unit, bool sign = false) {
  if (!known(v)) return QStringLiteral("—");
  const double scale = std::pow(10.0, decimals);
  if (std::round(v * scale) == 0) v = 0;  // no "-0.0"
  QString s = QLocale().toString(v, 'f', decimals);
  if (sign && v > 0) s.prepend(QLatin1Char('+'));
  return unit.isEmpty() ? s : s + QLatin1Char(' ') + unit;
}

QString heading(double deg) {
  if (!known(deg)) return QStringLiteral("—");
  const int d = int(std::lround(std::fmod(std::fmod(deg, 360.0) + 360.0, 360.0))) % 360;
  return QStringLiteral("%1°").arg(d, 3, 10, QLatin1Char('0'));
}

// The face's fonts: `base` for the bars, smaller for labels and truths, larger and bold for
// the values.
QFont smallFont(const QFont& base) {
  QFont f = base;
  f.setPointSizeF(base.pointSizeF() * 0.75);
  return f;
}
QFont valueFont(const QFont& base) {
  QFont f = base;
  f.setPointSizeF(base.pointSizeF() * 1.05);
  f.setBold(true);
  return f;
}

// A number box: its label small on the top line, the value large on the middle one, the truth
// (when known) small on the bottom line, right-aligned; a box with a value only has it centred.
void drawBox(QPainter& p, const QRectF& r, const QString& label, const QString& value, const QString& truth,
             const QColor& colour = Qt::white) {
  p.setPen(Qt::NoPen);
  p.setBrush(kPanel);
  p.drawRoundedRect(r, 3, 3);
  const QFont base = p.font();
  const QFont small = smallFont(base), big = valueFont(base);
  const double small_h = QFontMetricsF(small).height(), big_h = QFontMetricsF(big).height();
  p.setFont(small);
  p.setPen(kTruth);
  p.drawText(QRectF(r.left() + 3, r.top() + 1, r.width() - 6, small_h), Qt::AlignLeft | Qt::AlignVCenter, label);
  if (!truth.isEmpty())
    p.drawText(QRectF(r.left() + 3, r.bottom() - 1 - small_h, r.width() - 6, small_h),
               Qt::AlignRight | Qt::AlignVCenter, truth);
  p.setFont(big);
  p.setPen(colour);
  const bool lines = !label.isEmpty() || !truth.isEmpty();
  p.drawText(lines ? QRectF(r.left() + 3, r.top() + 1 + small_h, r.width() - 6, big_h) : r.adjusted(3, 0, -3, 0),
             Qt::AlignCenter, value);
  p.setFont(base);
}

}  // namespace

PrimaryFlightDisplay::PrimaryFlightDisplay(QWidget* parent) : QWidget(parent) {
  setAttribute(Qt::WA_OpaquePaintEvent);
  setAccessibleName(tr("Primary flight display"));
}

void PrimaryFlightDisplay::setState(const PfdState& state) {
  state_ = state;
  update();
}

QString PrimaryFlightDisplay::text(Readout r) const {
  const PfdReading& e = state_.estimate;
  const PfdReading& t = state_.truth;
  const auto truth = [](double v, const QString& shown) { return known(v) ? tr("true %1").arg(shown) : QString(); };
  switch (r) {
    case Readout::Heading:
      return heading(e.heading_deg);
    case Readout::GroundSpeed:
      return number(e.groundspeed_mps, 1, tr("m/s"));
    case Readout::AirSpeed:
      return number(e.airspeed_mps, 1, tr("m/s"));
    case Readout::Altitude:
      return number(e.altitude_m, 1, tr("m"));
    case Readout::Climb:
      return number(e.climb_mps, 1, tr("m/s"), true);
    case Readout::Throttle:
      return number(state_.throttle_pct, 0, tr("%"));
    case Readout::StickThrottle:
      return number(state_.stick_throttle_pct, 0, tr("%"));
    case Readout::Armed:
      return state_.armed ? tr("ARMED") : tr("DISARMED");
    case Readout::Mode:
      return state_.mode.isEmpty() ? QStringLiteral("—") : state_.mode;
    case Readout::Link:
      if (!state_.link_up) return tr("NO LINK");
      return state_.link_quality_pct < 0 ? tr("LINK")
                                         : tr("LINK %1 %").arg(QLocale().toString(state_.link_quality_pct));
    case Readout::Failsafe:
      return state_.failsafe ? tr("FAILSAFE") : QString();
    case Readout::TrueHeading:
      return truth(t.heading_deg, heading(t.heading_deg));
    case Readout::TrueGroundSpeed:
      return truth(t.groundspeed_mps, number(t.groundspeed_mps, 1, QString()));
    case Readout::TrueAirSpeed:
      return truth(t.airspeed_mps, number(t.airspeed_mps, 1, QString()));
    case Readout::TrueAltitude:
      return truth(t.altitude_m, number(t.altitude_m, 1, QString()));
    case Readout::TrueClimb:
      return truth(t.climb_mps, number(t.climb_mps, 1, QString(), true));
  }
  return {};
}

double PrimaryFlightDisplay::numberBoxHeight() const {
  return 2 * QFontMetricsF(smallFont(font())).height() + QFontMetricsF(valueFont(font())).height() + 3;
}

double PrimaryFlightDisplay::barHeight() const {
  return std::max(QFontMetricsF(font()).height(), QFontMetricsF(valueFont(font())).height()) + 4;
}

double PrimaryFlightDisplay::numberBoxWidth(double face_w) const {
  const QFontMetricsF small(smallFont(font())), big(valueFont(font())), bar(font());
  // The widest value a box shows (a speed or climb of three digits, signed), and what it shows now.
  double widest = big.horizontalAdvance(number(-888.8, 1, tr("m/s"), true));
  for (Readout r : {Readout::GroundSpeed, Readout::AirSpeed, Readout::Altitude, Readout::Climb})
    widest = std::max(widest, big.horizontalAdvance(text(r)));
  for (Readout r : {Readout::TrueGroundSpeed, Readout::TrueAirSpeed, Readout::TrueAltitude, Readout::TrueClimb})
    widest = std::max(widest, small.horizontalAdvance(text(r)));
  for (const QString& label : {tr("GS"), tr("AS"), tr("ALT"), tr("VS")})
    widest = std::max(widest, small.horizontalAdvance(label));
  const QString full = QLocale().toString(100) + QStringLiteral(" %");
  for (const QString& label : {tr("THR %1").arg(full), tr("STK %1").arg(full)})
    widest = std::max(widest, bar.horizontalAdvance(label));
  return std::max({64.0, face_w * 0.2, std::ceil(widest) + 8});
}

QString PrimaryFlightDisplay::armedAndMode() const {
  return QStringLiteral("%1 · %2").arg(text(Readout::Armed), text(Readout::Mode));
}

PrimaryFlightDisplay::Layout PrimaryFlightDisplay::faceLayout(const QSizeF& size) const {
  constexpr double gap = 2;
  const double w = size.width(), h = size.height();
  const double box_h = numberBoxHeight(), bar_h = barHeight(), box_w = numberBoxWidth(w);
  const QFontMetricsF bold(valueFont(font()));
  const QPointF centre = attitudeCentre(size);
  Layout l;
  l.link = QRectF(gap, gap, bold.horizontalAdvance(text(Readout::Link)) + 12, bar_h);
  l.heading_tape_left = std::max(w * 0.22, l.link.right() + 2 * gap);
  l.heading_tape_right = std::max(l.heading_tape_left, w - l.heading_tape_left);
  l.heading = QRectF(w / 2 - 28, kHeadingTape_px, 56, 20);
  // Bottom left the throttle bars; bottom right armed and mode, as wide as its words.
  l.throttle = QRectF(gap, h - bar_h - gap, box_w, bar_h);
  l.stick_throttle = l.throttle.translated(0, -bar_h - gap);
  const double armed_w = bold.horizontalAdvance(armedAndMode()) + 12;
  l.armed = QRectF(w - armed_w - gap, h - bar_h - gap, armed_w, bar_h);
  // The number boxes in pairs either side of the attitude centre, moved up as far as the bars
  // below need (and never above the link box).
  const auto pair = [&](double x, double floor_y, double ceiling_y, QRectF& upper, QRectF& lower) {
    double top = centre.y() - box_h - gap;
    top -= std::max(0.0, top + 2 * box_h + 2 * gap - floor_y);
    top = std::max(top, ceiling_y);
    upper = QRectF(x, top, box_w, box_h);
    lower = QRectF(x, top + box_h + 2 * gap, box_w, box_h);
  };
  pair(gap, l.stick_throttle.top() - gap, l.link.bottom() + gap, l.ground_speed, l.air_speed);
  pair(w - box_w - gap, l.armed.top() - gap, l.heading.bottom() + gap, l.altitude, l.climb);
  return l;
}

QSize PrimaryFlightDisplay::minimumSizeHint() const {
  // Left column, top to bottom: link, two number boxes, two bars; across: two columns of boxes
  // and the heading box between them.
  const double height = 2 + barHeight() + 2 + 2 * numberBoxHeight() + 2 + 2 + 2 * barHeight() + 2 + 2;
  const double width = 2 * numberBoxWidth(0) + 56 + 16;
  return {std::max(260, int(std::ceil(width))), std::max(170, int(std::ceil(height)))};
}

QSize PrimaryFlightDisplay::sizeHint() const { return minimumSizeHint().expandedTo({360, 230}); }

void PrimaryFlightDisplay::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  const double w = width(), h = height();
  const QPointF centre = attitudeCentre(size());
  const Layout l = faceLayout(size());
  drawHorizon(p, centre, w, h);
  drawRollScale(p, centre, w, h);
  drawAircraft(p, centre, w);
  drawHeadingTape(p, l);
  drawNumbers(p, l);
  drawStatus(p, centre, w, h, l);
}

// The horizon: sky and ground turned by the roll and moved by the pitch (nose up: the horizon
// goes down), with the pitch ladder; unknown attitude: a grey face. Then the true horizon,
// dashed, where the simulator knows it.
void PrimaryFlightDisplay::drawHorizon(QPainter& p, QPointF centre, double w, double h) const {
  const double px_per_deg = h / kVisiblePitch_deg;
  const PfdReading& e = state_.estimate;
  if (known(e.roll_deg) && known(e.pitch_deg)) {
    p.save();
    p.translate(centre);
    p.rotate(-e.roll_deg);
    p.translate(0, e.pitch_deg * px_per_deg);
    const double big = 2 * (w + h);
    p.fillRect(QRectF(-big, -big, 2 * big, big), kSky);
    p.fillRect(QRectF(-big, 0, 2 * big, big), kGround);
    p.setPen(QPen(Qt::white, 1.5));
    p.drawLine(QPointF(-big, 0), QPointF(big, 0));
    QFont small = p.font();
    small.setPointSizeF(small.pointSizeF() * 0.7);
    p.setFont(small);
    for (int deg = -30; deg <= 30; deg += 5) {  // the pitch ladder
      if (deg == 0) continue;
      const double y = -deg * px_per_deg, half = deg % 10 == 0 ? w * 0.12 : w * 0.05;
      p.setPen(QPen(Qt::white, 1));
      p.drawLine(QPointF(-half, y), QPointF(half, y));
      if (deg % 10 == 0)
        p.drawText(QRectF(half + 2, y - 8, 30, 16), Qt::AlignLeft | Qt::AlignVCenter, QString::number(std::abs(deg)));
    }
    p.restore();
  } else {
    p.fillRect(QRectF(0, 0, w, h), QColor(0x50, 0x50, 0x50));
  }
  if (known(state_.truth.roll_deg) && known(state_.truth.pitch_deg)) {
    p.save();
    p.translate(centre);
    p.rotate(-state_.truth.roll_deg);
    p.translate(0, state_.truth.pitch_deg * px_per_deg);
    p.setPen(QPen(kTruth, 1.2, Qt::DashLine));
    p.drawLine(QPointF(-w * 0.3, 0), QPointF(w * 0.3, 0));
    p.restore();
  }
}

// The roll scale (arc with ticks at 10, 20, 30, 45, 60°) and its pointer.
void PrimaryFlightDisplay::drawRollScale(QPainter& p, QPointF centre, double w, double h) const {
  const double arc_r = std::min(w, h) * 0.36;
  p.setPen(QPen(Qt::white, 1.2));
  p.setBrush(Qt::NoBrush);
  for (int deg : {-60, -45, -30, -20, -10, 0, 10, 20, 30, 45, 60}) {
    const double a = (deg - 90) * M_PI / 180.0, len = deg % 30 == 0 ? 8 : 5;
    p.drawLine(centre + QPointF(arc_r * std::cos(a), arc_r * std::sin(a)),
               centre + QPointF((arc_r + len) * std::cos(a), (arc_r + len) * std::sin(a)));
  }
  if (known(state_.estimate.roll_deg)) {
    p.save();
    p.translate(centre);
    p.rotate(-state_.estimate.roll_deg);
    p.setBrush(QColor(0xff, 0xd0, 0x30));
    p.setPen(Qt::NoPen);
    p.drawPolygon(QPolygonF({QPointF(0, -arc_r + 1), QPointF(-6, -arc_r + 11), QPointF(6, -arc_r + 11)}));
    p.restore();
  }
}

// The aircraft symbol, fixed.
void PrimaryFlightDisplay::drawAircraft(QPainter& p, QPointF centre, double w) const {
  p.setPen(QPen(QColor(0xff, 0xd0, 0x30), 3, Qt::SolidLine, Qt::RoundCap));
  p.drawLine(centre + QPointF(-w * 0.16, 0), centre + QPointF(-w * 0.06, 0));
  p.drawLine(centre + QPointF(-w * 0.06, 0), centre + QPointF(-w * 0.03, 6));
  p.drawLine(centre + QPointF(w * 0.16, 0), centre + QPointF(w * 0.06, 0));
  p.drawLine(centre + QPointF(w * 0.06, 0), centre + QPointF(w * 0.03, 6));
  p.drawPoint(centre);
}

// The heading tape along the top: ticks every 10°, labels every 30° (N E S W by name), the
// heading in a box under it and the true heading beside that.
void PrimaryFlightDisplay::drawHeadingTape(QPainter& p, const Layout& l) const {
  const PfdReading& e = state_.estimate;
  const QRectF tape(l.heading_tape_left, 0, l.heading_tape_right - l.heading_tape_left, kHeadingTape_px);
  p.setPen(Qt::NoPen);
  p.setBrush(kPanel);
  p.drawRect(tape);
  if (known(e.heading_deg)) {
    const double px_per_heading_deg = tape.width() / 90.0;  // 90° across the tape
    p.save();
    p.setClipRect(tape);
    QFont small = p.font();
    small.setPointSizeF(small.pointSizeF() * 0.7);
    p.setFont(small);
    const int first = int(std::floor((e.heading_deg - 50) / 10.0)) * 10;
    for (int deg = first; deg <= e.heading_deg + 50; deg += 10) {
      const double x = tape.center().x() + (deg - e.heading_deg) * px_per_heading_deg;
      const int d = ((deg % 360) + 360) % 360;
      p.setPen(QPen(Qt::white, 1));
      p.drawLine(QPointF(x, tape.bottom()), QPointF(x, tape.bottom() - (d % 30 == 0 ? 6 : 3)));
      if (d % 30 == 0) {
        const QString label = d == 0     ? tr("N")
                              : d == 90  ? tr("E")
                              : d == 180 ? tr("S")
                              : d == 270 ? tr("W")
                                         : QString::number(d / 10);
        p.drawText(QRectF(x - 15, tape.top(), 30, 14), Qt::AlignCenter, label);
      }
    }
    p.restore();
  }
  drawBox(p, l.heading, QString(), text(Readout::Heading), QString());
  if (!text(Readout::TrueHeading).isEmpty()) {
    QFont small = p.font();
    small.setPointSizeF(small.pointSizeF() * 0.7);
    p.setFont(small);
    p.setPen(kTruth);
    p.drawText(QRectF(tape.center().x() + 30, tape.bottom(), 80, 20), Qt::AlignLeft | Qt::AlignVCenter,
               text(Readout::TrueHeading));
    p.setFont(font());
  }
}

// Speeds on the left, altitude and climb on the right, and at the bottom left two bars: the
// thrust put out (THR) and, above it, the stick sent (STK) — in ALT_HOLD they differ by design
// (a centred stick holds the height at whatever thrust that takes).
void PrimaryFlightDisplay::drawNumbers(QPainter& p, const Layout& l) const {
  drawBox(p, l.ground_speed, tr("GS"), text(Readout::GroundSpeed), text(Readout::TrueGroundSpeed));
  drawBox(p, l.air_speed, tr("AS"), text(Readout::AirSpeed), text(Readout::TrueAirSpeed));
  drawBox(p, l.altitude, tr("ALT"), text(Readout::Altitude), text(Readout::TrueAltitude));
  drawBox(p, l.climb, tr("VS"), text(Readout::Climb), text(Readout::TrueClimb));
  const auto bar = [&](const QRectF& box, double pct, const QColor& fill, const QString& label) {
    p.setPen(Qt::NoPen);
    p.setBrush(kPanel);
    p.drawRoundedRect(box, 3, 3);
    if (known(pct)) {
      p.setBrush(fill);
      p.drawRect(QRectF(box.left(), box.top(), box.width() * std::clamp(pct, 0.0, 100.0) / 100.0, box.height()));
    }
    p.setPen(Qt::white);
    p.drawText(box.adjusted(3, 0, -3, 0), Qt::AlignVCenter | Qt::AlignLeft, label);
  };
  bar(l.throttle, state_.throttle_pct, QColor(0x30, 0xa0, 0xff, 180), tr("THR %1").arg(text(Readout::Throttle)));
  if (known(state_.stick_throttle_pct))
    bar(l.stick_throttle, state_.stick_throttle_pct, QColor(0xa0, 0xa0, 0xa0, 180),
        tr("STK %1").arg(text(Readout::StickThrottle)));
}

// Armed and mode at the bottom right, link at the top left, each as wide as its words, and
// the FAILSAFE banner.
void PrimaryFlightDisplay::drawStatus(QPainter& p, QPointF centre, double w, double h, const Layout& l) const {
  drawBox(p, l.armed, QString(), armedAndMode(), QString(), state_.armed ? kWarn : kGood);
  const QColor link_colour = !state_.link_up                                                ? kBad
                             : state_.link_quality_pct >= 0 && state_.link_quality_pct < 90 ? kWarn
                                                                                            : kGood;
  drawBox(p, l.link, QString(), text(Readout::Link), QString(), link_colour);
  if (state_.failsafe) {
    const QRectF banner(w * 0.25, centre.y() + h * 0.18, w * 0.5, 24);
    p.setPen(Qt::NoPen);
    p.setBrush(kBad);
    p.drawRoundedRect(banner, 3, 3);
    QFont f = p.font();
    f.setBold(true);
    p.setFont(f);
    p.setPen(Qt::white);
    p.drawText(banner, Qt::AlignCenter, text(Readout::Failsafe));
  }
}

}  // namespace navigator
