#include "app/ui/window_fit.h"

#include <QEvent>
#include <QPointer>
#include <QScreen>
#include <QStyle>
#include <QTimer>
#include <QWidget>

#include <algorithm>

namespace navigator {

QRect openingGeometry(const std::optional<QRect>& saved, const QRect& available, const QMargins& frame,
                      const QSize& preferred) {
  if (saved && saved->isValid() && available.contains(saved->marginsAdded(frame))) return *saved;
  const QRect inside = available.marginsRemoved(frame);
  const QSize size(std::max(1, std::min(preferred.width(), inside.width())),
                   std::max(1, std::min(preferred.height(), inside.height())));
  QRect client(QPoint(0, 0), size);
  client.moveCenter(inside.center());
  return client;
}

namespace {

// The frame `window` has now (zero margins without a window manager).
QMargins frameOf(const QWidget& window) {
  const QRect frame = window.frameGeometry(), client = window.geometry();
  return {client.left() - frame.left(), client.top() - frame.top(), frame.right() - client.right(),
          frame.bottom() - client.bottom()};
}

// Moves and shrinks `window` so that its frame lies inside its screen's available area.
void keepFrameOnScreen(QWidget* window) {
  if (!window || !window->isVisible() || !window->screen() || window->isMaximized() || window->isFullScreen()) return;
  const QRect available = window->screen()->availableGeometry();
  if (available.contains(window->frameGeometry())) return;
  window->setGeometry(openingGeometry(std::nullopt, available, frameOf(*window), window->size()));
}

// Refits its window after the window's first Show, when the window manager has framed it
// (at once, and again a moment later: the frame's size may come after the window is mapped).
class FrameKeeper : public QObject {
 public:
  explicit FrameKeeper(QWidget* window) : QObject(window), window_(window) { window->installEventFilter(this); }

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override {
    if (watched == window_ && event->type() == QEvent::Show) {
      window_->removeEventFilter(this);
      for (int delay_ms : {0, 500})
        QTimer::singleShot(delay_ms, this, [window = window_] { keepFrameOnScreen(window); });
    }
    return false;
  }

 private:
  QPointer<QWidget> window_;
};

}  // namespace

void placeOnScreen(QWidget& window, const std::optional<QRect>& saved, const QSize& preferred) {
  const QRect available = window.screen() ? window.screen()->availableGeometry() : QRect(0, 0, 1280, 800);
  const int title_bar = window.style()->pixelMetric(QStyle::PM_TitleBarHeight);
  window.setGeometry(openingGeometry(saved, available, QMargins(4, title_bar + 4, 4, 4), preferred));
  new FrameKeeper(&window);
}

}  // namespace navigator
