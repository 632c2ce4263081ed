// Finding the widgets a test drives the way a user sees them: by their text, or as the one
// part of its kind on a page (the page keeps no getters for tests).
#pragma once

#include <QByteArray>
#include <QObject>
#include <QPushButton>
#include <QString>
#include <QWidget>
#include <QtGlobal>

#include <memory>
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
template <class T, class Parent>
T* only(const Parent& page) {
  const QObject* parent = std::to_address(page);
  const auto found = parent->findChildren<T*>();
  if (found.size() != 1)
    qFatal("expected exactly one %s under %s, found %d", typeid(T).name(), parent->metaObject()->className(),
           int(found.size()));
  return found.front();
}

// The part of type T that a page names `name` (its objectName, the name a user's accessibility
// and test tools see): the test stops with a message naming it when the page has none.
template <class T, class Parent>
T* part(const Parent& page, const char* name) {
  const QObject* parent = std::to_address(page);
  T* found = parent->findChild<T*>(QString::fromLatin1(name));
  if (!found) qFatal("%s has no %s named \"%s\"", parent->metaObject()->className(), typeid(T).name(), name);
  return found;
}

}  // namespace navigator::test
