// Finding the widgets a test drives the way a user sees them: by their text, or as the one
// part of its kind on a page (the page keeps no getters for tests).
#pragma once

#include <QByteArray>
#include <QObject>
#include <QPushButton>
#include <QString>
#include <QWidget>
#include <QtGlobal>

#include <typeinfo>

namespace navigator::test {

// The push button under `parent` whose text is `text`, or null.
inline QPushButton* button(QWidget* parent, const QString& text) {
  for (auto* b : parent->findChildren<QPushButton*>())
    if (b->text() == text) return b;
  return nullptr;
}

// The one object of type T under `parent` (a page's 3-D view, its flight panel, its pilot
// input): the test stops with a message naming the type when there is none or more than one.
template <class T>
T* only(const QObject* parent) {
  const auto found = parent->findChildren<T*>();
  if (found.size() != 1)
    qFatal("expected exactly one %s under %s, found %d", typeid(T).name(),
           parent->metaObject()->className(), int(found.size()));
  return found.front();
}

}  // namespace navigator::test
