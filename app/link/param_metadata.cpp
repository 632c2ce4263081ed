#include "app/link/param_metadata.h"

#include "app/link/vayu_param_texts.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace navigator {

QString defaultParamMetadataPath() {
  return QDir::cleanPath(QDir(QCoreApplication::applicationDirPath()).filePath("../share/navigator/params/vayu.json"));
}

ParamMetadataLoad loadParamMetadata(const QString& path) {
  ParamMetadataLoad out;
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    out.error = QCoreApplication::translate("ParamMetadata", "%1: cannot read the parameter metadata: %2")
                    .arg(path, file.errorString());
    return out;
  }
  QJsonParseError parse{};
  const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parse);
  if (parse.error != QJsonParseError::NoError || !doc.isArray()) {
    out.error =
        QCoreApplication::translate("ParamMetadata", "%1: not a parameter metadata list (%2 at byte %3)")
            .arg(path, parse.error != QJsonParseError::NoError ? parse.errorString() : QStringLiteral("not an array"))
            .arg(parse.offset);
    return out;
  }
  const QJsonArray list = doc.array();
  for (qsizetype i = 0; i < list.size(); ++i) {
    const QJsonObject o = list[i].toObject();
    const QString name = o.value("name").toString();
    ParamInfo p;
    p.min = o.value("min").toDouble(NAN);
    p.max = o.value("max").toDouble(NAN);
    // In the station's language where the translation has them (they are shown, never parsed).
    p.unit = vayuParamText(o.value("unit").toString());
    p.description = vayuParamText(o.value("description").toString());
    if (name.isEmpty() || !std::isfinite(p.min) || !std::isfinite(p.max) || p.min > p.max) {
      out.error = QCoreApplication::translate("ParamMetadata",
                                              "%1: entry %2 has no name or no valid range; the metadata is not used")
                      .arg(path)
                      .arg(i + 1);
      out.params.clear();
      return out;
    }
    out.params.insert(name, p);
  }
  return out;
}

}  // namespace navigator
