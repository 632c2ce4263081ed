#include "app/core/param_table_file.h"

#include <QSaveFile>

#include <algorithm>
#include <cmath>

namespace navigator {

QString paramTableText(const QList<ParamValue>& params) {
  QList<ParamValue> sorted = params;
  std::sort(sorted.begin(), sorted.end(), [](const ParamValue& a, const ParamValue& b) { return a.name < b.name; });
  QString text;
  for (const ParamValue& p : sorted) {
    QString value;
    if (!p.readable)
      value = QStringLiteral("unreadable");
    else if (p.isInteger())
      value = QString::number(static_cast<qint64>(std::llround(p.value)));
    else
      value = QString::number(p.value, 'g', 9);
    text += p.name + QLatin1Char('\t') + QString::number(p.mav_type) + QLatin1Char('\t') + value + QLatin1Char('\n');
  }
  return text;
}

QString writeParamTable(const QList<ParamValue>& params, const QString& path) {
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly | QIODevice::Text))
    return QStringLiteral("%1: cannot write: %2").arg(path, file.errorString());
  file.write(paramTableText(params).toUtf8());
  if (!file.commit()) return QStringLiteral("%1: cannot write: %2").arg(path, file.errorString());
  return {};
}

}  // namespace navigator
