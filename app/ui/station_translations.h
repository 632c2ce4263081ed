// The station in the user's language: Navigator's own strings (translations/, built into the
// program) and Qt's (its buttons — Close, Yes, No —, the file dialog, from the system's Qt
// translations, package qt6-translations-l10n), installed for a locale while this object
// lives. Without Qt's own, a German station's Close button read "Close". GUI thread.
#pragma once

#include <QLocale>
#include <QTranslator>

namespace navigator {

class StationTranslations {
 public:
  // `navigator_dir`: where navigator_<lang>.qm is — built into the program at :/i18n; a test
  // gives the build's translations folder.
  explicit StationTranslations(const QLocale& locale = QLocale(),
                               const QString& navigator_dir = QStringLiteral(":/i18n"));
  ~StationTranslations();
  StationTranslations(const StationTranslations&) = delete;
  StationTranslations& operator=(const StationTranslations&) = delete;

  bool navigatorLoaded() const { return navigator_loaded_; }
  bool qtLoaded() const { return qt_loaded_; }

 private:
  QTranslator navigator_, qt_;
  bool navigator_loaded_ = false, qt_loaded_ = false;
};

}  // namespace navigator
