#include "app/ui/station_translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>

namespace navigator {

StationTranslations::StationTranslations(const QLocale& locale, const QString& navigator_dir) {
  navigator_loaded_ = navigator_.load(locale, QStringLiteral("navigator"), QStringLiteral("_"), navigator_dir);
  if (navigator_loaded_) QCoreApplication::installTranslator(&navigator_);
  // English needs none of Qt's; another language without them keeps Qt's strings in English.
  if (locale.language() != QLocale::English) {
    qt_loaded_ = qt_.load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                          QLibraryInfo::path(QLibraryInfo::TranslationsPath));
    if (qt_loaded_) QCoreApplication::installTranslator(&qt_);
  }
}

StationTranslations::~StationTranslations() {
  if (navigator_loaded_) QCoreApplication::removeTranslator(&navigator_);
  if (qt_loaded_) QCoreApplication::removeTranslator(&qt_);
}

}  // namespace navigator
