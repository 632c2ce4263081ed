#include "widgets/joystick/joystick_axes_view.h"

#include <QPainter>

#include <algorithm>

namespace navigator {
namespace {

constexpr int kRowHeight = 18, kLabelWidth = 80, kLamp = 16, kMargin = 4;

}  // namespace

JoystickAxesView::JoystickAxesView(QWidget* parent) : QWidget(parent) {
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Minimum);
}

void JoystickAxesView::setValues(const QList<int>& axes, const QList<bool>& buttons) {
  const bool resized = axes.size() != axes_.size() || buttons.size() != buttons_.size();
  axes_ = axes;
  buttons_ = buttons;
  if (resized) updateGeometry();
  update();
}

void JoystickAxesView::setAxisLabels(const QStringList& labels) {
  labels_ = labels;
  update();
}

QSize JoystickAxesView::sizeHint() const {
  const int rows = int(axes_.size()) + (buttons_.isEmpty() ? 0 : 1 + int(buttons_.size()) / 16);
  return {360, kMargin * 2 + std::max(rows, 1) * (kRowHeight + kMargin)};
}

void JoystickAxesView::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  const QPalette& pal = palette();
  int y = kMargin;
  if (axes_.isEmpty() && buttons_.isEmpty()) {
    p.setPen(pal.color(QPalette::PlaceholderText));
    p.drawText(rect(), Qt::AlignCenter, tr("No joystick"));
    return;
  }
  const int bar_left = kMargin + kLabelWidth;
  const int bar_width = std::max(width() - bar_left - kMargin - 60, 20);
  for (int i = 0; i < axes_.size(); ++i, y += kRowHeight + kMargin) {
    const QString label = i < labels_.size() && !labels_[i].isEmpty() ? labels_[i] : tr("Axis %1").arg(i);
    p.setPen(pal.color(QPalette::WindowText));
    p.drawText(QRect(kMargin, y, kLabelWidth - kMargin, kRowHeight), Qt::AlignVCenter | Qt::AlignLeft, label);
    const QRect bar(bar_left, y, bar_width, kRowHeight);
    p.fillRect(bar, pal.color(QPalette::Base));
    p.setPen(pal.color(QPalette::Mid));
    p.drawRect(bar);
    // From the centre (raw 0) to the value.
    const double f = (std::clamp(axes_[i], -32768, 32767) + 32768.0) / 65535.0;
    const int centre_x = bar.left() + bar.width() / 2, value_x = bar.left() + int(f * bar.width());
    p.fillRect(
        QRect(QPoint(std::min(centre_x, value_x), y + 2), QPoint(std::max(centre_x, value_x), y + kRowHeight - 2)),
        pal.color(QPalette::Highlight));
    p.drawLine(centre_x, y, centre_x, y + kRowHeight);
    p.setPen(pal.color(QPalette::WindowText));
    p.drawText(QRect(bar.right() + kMargin, y, 60, kRowHeight), Qt::AlignVCenter | Qt::AlignRight,
               QString::number(axes_[i]));
  }
  const int per_row = std::max((width() - 2 * kMargin) / (kLamp + kMargin), 1);
  for (int b = 0; b < buttons_.size(); ++b) {
    const QRect lamp(kMargin + (b % per_row) * (kLamp + kMargin), y + (b / per_row) * (kLamp + kMargin), kLamp, kLamp);
    p.setPen(pal.color(QPalette::Mid));
    p.setBrush(buttons_[b] ? pal.color(QPalette::Highlight) : pal.color(QPalette::Base));
    p.drawEllipse(lamp);
    p.setPen(buttons_[b] ? pal.color(QPalette::HighlightedText) : pal.color(QPalette::WindowText));
    QFont small = font();
    small.setPointSizeF(std::max(small.pointSizeF() * 0.6, 5.0));
    p.setFont(small);
    p.drawText(lamp, Qt::AlignCenter, QString::number(b));
    p.setFont(font());
  }
}

}  // namespace navigator
