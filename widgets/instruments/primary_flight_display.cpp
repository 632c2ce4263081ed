#include "widgets/instruments/primary_flight_display.h"

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

// A number box: the value large, its label small above, the truth (when known) below.
void drawBox(QPainter& p, const QRectF& r, const QString& label, const QString& value, const QString& truth,
             const QColor& colour = Qt::white) {
  p.setPen(Qt::NoPen);
  p.setBrush(kPanel);
  p.drawRoundedRect(r, 3, 3);
  QFont f = p.font();
  const double base = f.pointSizeF();
  f.setPointSizeF(base * 0.75);
  p.setFont(f);
  p.setPen(kTruth);
  p.drawText(r.adjusted(3, 1, -3, 0), Qt::AlignLeft | Qt::AlignTop, label);
  if (!truth.isEmpty()) p.drawText(r.adjusted(3, 0, -3, -1), Qt::AlignRight | Qt::AlignBottom, truth);
  f.setPointSizeF(base * 1.05);
  f.setBold(true);
  p.setFont(f);
  p.setPen(colour);
  p.drawText(r.adjusted(3, 0, -3, truth.isEmpty() ? 0 : -6), Qt::AlignCenter, value);
  f.setBold(false);
  f.setPointSizeF(base);
  p.setFont(f);
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

void PrimaryFlightDisplay::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  const QRectF all = rect();
  const double w = all.width(), h = all.height();
  const QPointF centre(w / 2, h / 2 + 14);
  drawHorizon(p, centre, w, h);
  drawRollScale(p, centre, w, h);
  drawAircraft(p, centre, w);
  drawHeadingTape(p, w);
  drawNumbers(p, centre, w, h);
  drawStatus(p, centre, w, h);
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
void PrimaryFlightDisplay::drawHeadingTape(QPainter& p, double w) const {
  const PfdReading& e = state_.estimate;
  const QRectF tape(w * 0.22, 0, w * 0.56, 22);
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
  drawBox(p, QRectF(tape.center().x() - 28, tape.bottom(), 56, 20), QString(), text(Readout::Heading), QString());
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
void PrimaryFlightDisplay::drawNumbers(QPainter& p, QPointF centre, double w, double h) const {
  const double box_w = std::max(64.0, w * 0.2), box_h = 34;
  drawBox(p, QRectF(2, centre.y() - box_h - 2, box_w, box_h), tr("GS"), text(Readout::GroundSpeed),
          text(Readout::TrueGroundSpeed));
  drawBox(p, QRectF(2, centre.y() + 2, box_w, box_h), tr("AS"), text(Readout::AirSpeed), text(Readout::TrueAirSpeed));
  drawBox(p, QRectF(w - box_w - 2, centre.y() - box_h - 2, box_w, box_h), tr("ALT"), text(Readout::Altitude),
          text(Readout::TrueAltitude));
  drawBox(p, QRectF(w - box_w - 2, centre.y() + 2, box_w, box_h), tr("VS"), text(Readout::Climb),
          text(Readout::TrueClimb));
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
  bar(QRectF(2, h - 24, box_w, 22), state_.throttle_pct, QColor(0x30, 0xa0, 0xff, 180),
      tr("THR %1").arg(text(Readout::Throttle)));
  if (known(state_.stick_throttle_pct))
    bar(QRectF(2, h - 48, box_w, 22), state_.stick_throttle_pct, QColor(0xa0, 0xa0, 0xa0, 180),
        tr("STK %1").arg(text(Readout::StickThrottle)));
}

// Armed and mode at the bottom right, link at the top left, each as wide as its words, and
// the FAILSAFE banner.
void PrimaryFlightDisplay::drawStatus(QPainter& p, QPointF centre, double w, double h) const {
  QFont bold = font();
  bold.setPointSizeF(bold.pointSizeF() * 1.05);
  bold.setBold(true);
  const QFontMetricsF metrics(bold);
  const QString armed_mode = QStringLiteral("%1 · %2").arg(text(Readout::Armed), text(Readout::Mode));
  const double armed_w = metrics.horizontalAdvance(armed_mode) + 12;
  drawBox(p, QRectF(w - armed_w - 2, h - 24, armed_w, 22), QString(), armed_mode, QString(),
          state_.armed ? kWarn : kGood);
  const QColor link_colour = !state_.link_up                                                ? kBad
                             : state_.link_quality_pct >= 0 && state_.link_quality_pct < 90 ? kWarn
                                                                                            : kGood;
  drawBox(p, QRectF(2, 2, metrics.horizontalAdvance(text(Readout::Link)) + 12, 20), QString(), text(Readout::Link),
          QString(), link_colour);
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
