// ParamMetadata: what a ground station shows beside a parameter's value — its range, unit and
// description — read from the autopilot's metadata file (Vayu's is written by
// `vayu_sitl --param-metadata` from fc_params.h into share/navigator/params/vayu.json, as PX4
// ships parameters.xml). A missing or broken file is an error naming the file and what is
// wrong; the values are then shown without metadata, never with invented ranges. Units and
// descriptions are given in the station's language (vayu_param_texts.h): Vayu's are in the
// translation; any other text stays as the file has it.
#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>

#include <cmath>
#include <optional>
#include <utility>

namespace navigator {

struct ParamInfo {
  double min = NAN, max = NAN;  // NaN: the metadata gives no range
  QString unit, description;    // description: the one-line summary
  // From PX4's and ArduPilot's metadata (Vayu's has none of these):
  QString long_description;
  std::optional<double> default_value;
  QList<std::pair<double, QString>> values;  // an enumeration: value and its name
  QList<std::pair<int, QString>> bits;       // a bitmask: bit index and its name
  int decimal_places = -1;                   // -1: not given
  QString group;
  bool hasRange() const { return min <= max; }
};

struct ParamMetadataLoad {
  QHash<QString, ParamInfo> params;  // by name
  QString error;                     // empty when read
};

ParamMetadataLoad loadParamMetadata(const QString& path);
// Vayu's, beside the program's data: ../share/navigator/params/vayu.json.
QString defaultParamMetadataPath();

// PX4's parameter metadata (COMP_METADATA_TYPE_PARAMETER, PX4's parameters.json; the schema is
// mavlink.io's parameter.schema.json): {"version", "parameters": [{"name", "type" ("Int32",
// "Float"), "shortDesc", "longDesc", "units", "min", "max", "default", "decimalPlaces",
// "group"/"category", "values": [{"value", "description"}], "bitmask": [{"index",
// "description"}]}]}. `source` names the file in errors ("parameters.json.xz from the vehicle").
// Any entry without a name, with a range the wrong way round or a value that is not a number
// makes the whole file unused (an error naming the entry), never half a table.
ParamMetadataLoad parsePx4ParamMetadata(const QByteArray& json, const QString& source);

// ArduPilot's parameter definitions as its param_parse.py publishes them (apm.pdef.xml or
// apm.pdef.json, one per vehicle type, e.g. autotest.ardupilot.org/Parameters/ArduCopter/):
//   XML:  <param name="ArduCopter:NAME" humanName=… documentation=…> with <field name="Units">,
//         <field name="Range">low high</field>, <field name="Bitmask">0:A,1:B</field> and
//         <values><value code="0">Name</value></values> (or <field name="Values">0:A,1:B</field>);
//   JSON: {"json": {"version": 0}, GROUP: {NAME: {"DisplayName", "Description", "Units",
//         "Range": {"low", "high"}, "Values": {"0": "A"}, "Bitmask": {"0": "A"}}}}.
// Chosen by the file's first non-blank character ('<' XML, '{' JSON).
ParamMetadataLoad loadArduPilotParamMetadata(const QString& path);

// xz (.xz container, LZMA2) decompressed with liblzma; nullopt with the reason in `error`.
// PX4 stores its metadata files xz-compressed (mavlink.io, "Component Information Protocol",
// file compression).
std::optional<QByteArray> xzDecompress(const QByteArray& compressed, QString* error);

}  // namespace navigator
