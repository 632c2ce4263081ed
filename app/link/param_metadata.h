// ParamMetadata: what a ground station shows beside a parameter's value — its range, unit and
// description — read from the autopilot's metadata file (Vayu's is written by
// `vayu_sitl --param-metadata` from fc_params.h into share/navigator/params/vayu.json, as PX4
// ships parameters.xml). A missing or broken file is an error naming the file and what is
// wrong; the values are then shown without metadata, never with invented ranges. Units and
// descriptions are given in the station's language (vayu_param_texts.h): Vayu's are in the
// translation; any other text stays as the file has it.
#pragma once

#include <QHash>
#include <QString>

namespace navigator {

struct ParamInfo {
  double min = 0, max = 0;
  QString unit, description;
};

struct ParamMetadataLoad {
  QHash<QString, ParamInfo> params;  // by name
  QString error;                     // empty when read
};

ParamMetadataLoad loadParamMetadata(const QString& path);
// Vayu's, beside the program's data: ../share/navigator/params/vayu.json.
QString defaultParamMetadataPath();

}  // namespace navigator
