#include "app/ui/keyboard_focus.h"

#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QKeySequenceEdit>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTextEdit>
#include <QWidget>
#include <QWindow>

namespace navigator {
namespace {

// Whether `w` takes typed or arrow keys for itself.
bool takesTypedKeys(const QWidget* w) {
  return qobject_cast<const QLineEdit*>(w) || qobject_cast<const QTextEdit*>(w) ||
         qobject_cast<const QPlainTextEdit*>(w) || qobject_cast<const QAbstractSpinBox*>(w) ||
         qobject_cast<const QComboBox*>(w) || qobject_cast<const QAbstractItemView*>(w) ||
         qobject_cast<const QAbstractSlider*>(w) || qobject_cast<const QKeySequenceEdit*>(w);
}

}  // namespace

bool keyboardSticksMayTakeKeys(const QWidget& page) {
  if (!page.isVisible() || QApplication::activeModalWidget() || QApplication::activePopupWidget()) return false;
  // The page's own window, or one embedded in it (the 3-D view's).
  const QWindow* own = page.window()->windowHandle();
  const QWindow* focus = QGuiApplication::focusWindow();
  if (!own || !focus || (focus != own && !own->isAncestorOf(focus))) return false;
  return !takesTypedKeys(QApplication::focusWidget());
}

}  // namespace navigator
