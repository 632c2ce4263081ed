// JoystickAxesView: a joystick's live raw values — one horizontal bar per axis (SDL raw,
// -32768..32767, centre line at 0) with an optional label ("roll", "throttle") and one lamp
// per button, lit while pressed. Takes plain values; knows nothing of SDL or the app core.
// Thread contract: GUI thread.
#pragma once

#include <QList>
#include <QStringList>
#include <QWidget>

namespace navigator {

class JoystickAxesView : public QWidget {
  Q_OBJECT

 public:
  explicit JoystickAxesView(QWidget* parent = nullptr);

  // Raw axes (-32768..32767; out-of-range values are drawn at the ends) and buttons.
  void setValues(const QList<int>& axes, const QList<bool>& buttons);
  // Per-axis labels shown before the bar (missing or empty: "Axis <i>").
  void setAxisLabels(const QStringList& labels);

  QList<int> axes() const { return axes_; }
  QList<bool> buttons() const { return buttons_; }
  QSize sizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  QList<int> axes_;
  QList<bool> buttons_;
  QStringList labels_;
};

}  // namespace navigator
