// Finding the widgets a test drives the way a user sees them: by their text.
#pragma once

#include <QPushButton>
#include <QString>
#include <QWidget>

namespace navigator::test {

// The push button under `parent` whose text is `text`, or null.
inline QPushButton* button(QWidget* parent, const QString& text) {
  for (auto* b : parent->findChildren<QPushButton*>())
    if (b->text() == text) return b;
  return nullptr;
}

}  // namespace navigator::test
