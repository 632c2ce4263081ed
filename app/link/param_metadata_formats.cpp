// PX4's and ArduPilot's parameter metadata formats, and xz decompression (param_metadata.h).
#include "app/link/param_metadata.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QXmlStreamReader>

#include <lzma.h>

#include <limits>

namespace navigator {
namespace {

// A JSON number, or a number written as a string ("0.5"); NaN when neither.
double jsonNumber(const QJsonValue& v) {
  if (v.isDouble()) return v.toDouble();
  bool ok = false;
  const double d = v.toString().trimmed().toDouble(&ok);
  return ok ? d : NAN;
}

// One PX4 entry into `p`; empty, or what is wrong with it.
QString px4Entry(const QJsonObject& o, ParamInfo* p) {
  p->description = o.value("shortDesc").toString();
  p->long_description = o.value("longDesc").toString();
  p->unit = o.value("units").toString();
  p->group = o.value("group").toString(o.value("category").toString());
  p->decimal_places = o.value("decimalPlaces").toInt(-1);
  if (o.contains("min") || o.contains("max")) {
    p->min = o.contains("min") ? jsonNumber(o.value("min")) : -std::numeric_limits<double>::infinity();
    p->max = o.contains("max") ? jsonNumber(o.value("max")) : std::numeric_limits<double>::infinity();
    if (std::isnan(p->min) || std::isnan(p->max) || p->min > p->max)
      return QCoreApplication::translate("ParamMetadata", "its range is not two numbers, low to high");
  }
  if (o.contains("default")) {
    const double d = jsonNumber(o.value("default"));
    if (!std::isfinite(d)) return QCoreApplication::translate("ParamMetadata", "its default is not a number");
    p->default_value = d;
  }
  for (const auto& v : o.value("values").toArray()) {
    const double value = jsonNumber(v.toObject().value("value"));
    if (!std::isfinite(value))
      return QCoreApplication::translate("ParamMetadata", "an enumeration value is not a number");
    p->values.append({value, v.toObject().value("description").toString()});
  }
  for (const auto& v : o.value("bitmask").toArray()) {
    const double index = jsonNumber(v.toObject().value("index"));
    if (!(index >= 0 && index < 64) || index != std::floor(index))
      return QCoreApplication::translate("ParamMetadata", "a bitmask index is not a bit 0…63");
    p->bits.append({int(index), v.toObject().value("description").toString()});
  }
  return {};
}

// "0:Disabled,1:Enabled" (ArduPilot's Values and Bitmask fields) into pairs.
template <typename Number>
bool keyList(const QString& text, QList<std::pair<Number, QString>>* out) {
  for (const QString& item : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
    const qsizetype colon = item.indexOf(QLatin1Char(':'));
    bool ok = false;
    const double key = item.left(colon).trimmed().toDouble(&ok);
    if (colon < 0 || !ok) return false;
    out->append({Number(key), item.mid(colon + 1).trimmed()});
  }
  return true;
}

bool rangeFrom(const QString& low, const QString& high, ParamInfo* p) {
  bool ok_low = false, ok_high = false;
  p->min = low.trimmed().toDouble(&ok_low);
  p->max = high.trimmed().toDouble(&ok_high);
  return ok_low && ok_high && p->min <= p->max;
}

// One <param> element (the reader on its start) into `p`; empty, or what is wrong.
QString arduPilotXmlParam(QXmlStreamReader& xml, ParamInfo* p) {
  p->description = xml.attributes().value("humanName").toString();
  p->long_description = xml.attributes().value("documentation").toString();
  QString problem;
  while (xml.readNextStartElement()) {
    if (xml.name() == QLatin1String("field")) {
      const QString field = xml.attributes().value("name").toString();
      const QString text = xml.readElementText();
      if (field == QLatin1String("Units")) p->unit = text;
      if (field == QLatin1String("Range")) {
        const QStringList parts = text.simplified().split(QLatin1Char(' '));
        if (parts.size() != 2 || !rangeFrom(parts[0], parts[1], p))
          problem = QCoreApplication::translate("ParamMetadata", "Range \"%1\" is not \"low high\"").arg(text);
      }
      if (field == QLatin1String("Bitmask") && !keyList(text, &p->bits))
        problem = QCoreApplication::translate("ParamMetadata", "Bitmask \"%1\" is not \"bit:name,…\"").arg(text);
      if (field == QLatin1String("Values") && !keyList(text, &p->values))
        problem = QCoreApplication::translate("ParamMetadata", "Values \"%1\" is not \"value:name,…\"").arg(text);
    } else if (xml.name() == QLatin1String("values") || xml.name() == QLatin1String("bitmask")) {
      const bool bitmask = xml.name() == QLatin1String("bitmask");
      while (xml.readNextStartElement()) {
        bool ok = false;
        const double code = xml.attributes().value("code").toDouble(&ok);
        const QString label = xml.readElementText();
        if (!ok) problem = QCoreApplication::translate("ParamMetadata", "a value code is not a number");
        if (bitmask)
          p->bits.append({int(code), label});
        else
          p->values.append({code, label});
      }
    } else {
      xml.skipCurrentElement();
    }
  }
  return problem;
}

ParamMetadataLoad arduPilotXml(const QByteArray& bytes, const QString& path) {
  ParamMetadataLoad out;
  QXmlStreamReader xml(bytes);
  while (!xml.atEnd()) {
    if (xml.readNext() != QXmlStreamReader::StartElement || xml.name() != QLatin1String("param")) continue;
    QString name = xml.attributes().value("name").toString();
    name = name.mid(name.indexOf(QLatin1Char(':')) + 1);  // "ArduCopter:NAME" -> "NAME"
    ParamInfo p;
    const QString problem = arduPilotXmlParam(xml, &p);
    if (name.isEmpty() || !problem.isEmpty()) {
      out.error =
          QCoreApplication::translate("ParamMetadata", "%1, line %2: parameter \"%3\": %4; the metadata is not used")
              .arg(path)
              .arg(xml.lineNumber())
              .arg(name, problem.isEmpty() ? QCoreApplication::translate("ParamMetadata", "no name") : problem);
      out.params.clear();
      return out;
    }
    out.params.insert(name, p);
  }
  if (xml.hasError()) {
    out.error =
        QCoreApplication::translate("ParamMetadata", "%1, line %2: not readable XML (%3); the metadata is not used")
            .arg(path)
            .arg(xml.lineNumber())
            .arg(xml.errorString());
    out.params.clear();
  }
  return out;
}

QString arduPilotJsonParam(const QJsonObject& o, ParamInfo* p) {
  p->description = o.value("DisplayName").toString();
  p->long_description = o.value("Description").toString();
  p->unit = o.value("Units").toString();
  if (o.contains("Range")) {
    const QJsonObject r = o.value("Range").toObject();
    if (!rangeFrom(r.value("low").toString(), r.value("high").toString(), p))
      return QCoreApplication::translate("ParamMetadata", "Range is not low ≤ high");
  }
  const auto pairs = [](const QJsonObject& map, auto* list) {
    for (auto it = map.begin(); it != map.end(); ++it) {
      bool ok = false;
      const double key = it.key().toDouble(&ok);
      if (!ok) return false;
      list->append(
          {typename std::remove_pointer_t<decltype(list)>::value_type::first_type(key), it.value().toString()});
    }
    return true;
  };
  if (!pairs(o.value("Values").toObject(), &p->values))
    return QCoreApplication::translate("ParamMetadata", "a Values key is not a number");
  if (!pairs(o.value("Bitmask").toObject(), &p->bits))
    return QCoreApplication::translate("ParamMetadata", "a Bitmask key is not a bit number");
  return {};
}

ParamMetadataLoad arduPilotJson(const QByteArray& bytes, const QString& path) {
  ParamMetadataLoad out;
  QJsonParseError parse{};
  const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parse);
  if (parse.error != QJsonParseError::NoError || !doc.isObject()) {
    out.error =
        QCoreApplication::translate("ParamMetadata",
                                    "%1: not ArduPilot parameter definitions (%2 at byte %3); the metadata is not used")
            .arg(path, parse.error != QJsonParseError::NoError
                           ? parse.errorString()
                           : QCoreApplication::translate("ParamMetadata", "not an object"))
            .arg(parse.offset);
    return out;
  }
  const QJsonObject root = doc.object();
  for (auto group = root.begin(); group != root.end(); ++group) {
    if (group.key() == QLatin1String("json")) continue;  // the format's version
    const QJsonObject params = group.value().toObject();
    for (auto it = params.begin(); it != params.end(); ++it) {
      ParamInfo p;
      const QString problem = arduPilotJsonParam(it.value().toObject(), &p);
      if (!problem.isEmpty()) {
        out.error = QCoreApplication::translate("ParamMetadata", "%1: parameter \"%2\": %3; the metadata is not used")
                        .arg(path, it.key(), problem);
        out.params.clear();
        return out;
      }
      out.params.insert(it.key().mid(it.key().indexOf(QLatin1Char(':')) + 1), p);
    }
  }
  return out;
}

}  // namespace

ParamMetadataLoad parsePx4ParamMetadata(const QByteArray& json, const QString& source) {
  ParamMetadataLoad out;
  QJsonParseError parse{};
  const QJsonDocument doc = QJsonDocument::fromJson(json, &parse);
  if (parse.error != QJsonParseError::NoError || !doc.object().value("parameters").isArray()) {
    out.error = QCoreApplication::translate(
                    "ParamMetadata", "%1: not parameter metadata (%2 at byte %3); the values are shown without it")
                    .arg(source, parse.error != QJsonParseError::NoError
                                     ? parse.errorString()
                                     : QCoreApplication::translate("ParamMetadata", "no \"parameters\" list"))
                    .arg(parse.offset);
    return out;
  }
  const QJsonArray list = doc.object().value("parameters").toArray();
  for (qsizetype i = 0; i < list.size(); ++i) {
    const QJsonObject o = list[i].toObject();
    const QString name = o.value("name").toString();
    ParamInfo p;
    const QString problem =
        name.isEmpty() ? QCoreApplication::translate("ParamMetadata", "it has no name") : px4Entry(o, &p);
    if (!problem.isEmpty()) {
      out.error = QCoreApplication::translate("ParamMetadata",
                                              "%1: parameter %2 (%3): %4; the values are shown without metadata")
                      .arg(source)
                      .arg(i + 1)
                      .arg(name.isEmpty() ? QCoreApplication::translate("ParamMetadata", "unnamed") : name, problem);
      out.params.clear();
      return out;
    }
    out.params.insert(name, p);
  }
  return out;
}

ParamMetadataLoad loadArduPilotParamMetadata(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    ParamMetadataLoad out;
    out.error = QCoreApplication::translate("ParamMetadata", "%1: cannot read the parameter definitions: %2")
                    .arg(path, file.errorString());
    return out;
  }
  const QByteArray bytes = file.readAll();
  const QByteArray start = bytes.trimmed().left(1);
  if (start == "<") return arduPilotXml(bytes, path);
  if (start == "{") return arduPilotJson(bytes, path);
  ParamMetadataLoad out;
  out.error = QCoreApplication::translate(
                  "ParamMetadata", "%1: neither XML (apm.pdef.xml) nor JSON (apm.pdef.json); the metadata is not used")
                  .arg(path);
  return out;
}

std::optional<QByteArray> xzDecompress(const QByteArray& compressed, QString* error) {
  lzma_stream stream = LZMA_STREAM_INIT;
  // 256 MiB: far above any metadata file (PX4's parameters.json is a few MB unpacked).
  if (lzma_stream_decoder(&stream, 256u << 20, 0) != LZMA_OK) {
    if (error) *error = QCoreApplication::translate("ParamMetadata", "the xz decoder could not start");
    return std::nullopt;
  }
  QByteArray out;
  stream.next_in = reinterpret_cast<const std::uint8_t*>(compressed.constData());
  stream.avail_in = std::size_t(compressed.size());
  lzma_ret ret = LZMA_OK;
  std::uint8_t buffer[1 << 16];
  while (ret == LZMA_OK) {
    stream.next_out = buffer;
    stream.avail_out = sizeof buffer;
    ret = lzma_code(&stream, LZMA_FINISH);
    out.append(reinterpret_cast<const char*>(buffer), qsizetype(sizeof buffer - stream.avail_out));
  }
  lzma_end(&stream);
  if (ret == LZMA_STREAM_END) return out;
  if (error)
    *error = ret == LZMA_FORMAT_ERROR ? QCoreApplication::translate("ParamMetadata", "not xz data")
             : ret == LZMA_DATA_ERROR ? QCoreApplication::translate("ParamMetadata", "xz data corrupt")
             : ret == LZMA_BUF_ERROR
                 ? QCoreApplication::translate("ParamMetadata", "xz data cut short")
                 : QCoreApplication::translate("ParamMetadata", "xz decoding failed (liblzma error %1)").arg(int(ret));
  return std::nullopt;
}

}  // namespace navigator
