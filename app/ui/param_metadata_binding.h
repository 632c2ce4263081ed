// ParamMetadataBinding: which parameter metadata the parameter editor shows for the bound
// vehicle, and from where:
//   - Navigator's own firmware (Vayu): its metadata file beside the program (param_metadata.h);
//   - PX4: from the vehicle itself (ParamMetadataFetch: COMPONENT_METADATA, then the files over
//     MAVLink FTP), fetched once per vehicle after its parameter list is read; the fetch lives
//     as the vehicle link's child;
//   - ArduPilot: from its parameter definition file (apm.pdef.xml or apm.pdef.json, published
//     per vehicle type by ArduPilot), chosen by the user with "Definitions file…" and
//     remembered (settings key parameters/ardupilotDefinitions). Without one: values only.
// A metadata problem (a corrupt file, a failed transfer) is said once in the log and in the
// editor's source line; the values stay shown and editable without metadata.
// GUI thread only.
#pragma once

#include "app/link/param_metadata.h"
#include "app/link/vehicle_link.h"
#include "widgets/parameter_editor.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QString>

namespace navigator {

class ParamMetadataFetch;

class ParamMetadataBinding : public QObject {
  Q_OBJECT
 public:
  ParamMetadataBinding(ParameterEditor* editor, QObject* parent = nullptr);

  // The metadata for `link`'s parameters (empty: none), with where it comes from in words.
  const QHash<QString, ParamInfo>& metadataFor(VehicleLink* link, QString* source);
  // `link`'s parameters as the editor shows them, with their metadata; the editor's source line
  // is set to where the metadata comes from.
  QList<ParameterValue> rows(VehicleLink* link);
  // PX4: starts reading the metadata from the vehicle unless it is read or being read.
  void fetchIfNeeded(VehicleLink* link);
  // ArduPilot: reads the definitions at `path` (remembered when they load); false with the error logged.
  bool loadArduPilotDefinitions(const QString& path);
  QString arduPilotDefinitionsPath() const { return ardupilot_path_; }
  // The fetch of `link` (null: none started).
  static ParamMetadataFetch* fetchOf(VehicleLink* link);

 signals:
  void metadataChanged();
  void logLine(const QString& line);

 private:
  void chooseDefinitions();

  ParameterEditor* editor_;
  ParamMetadataLoad vayu_;
  bool vayu_read_ = false, vayu_said_ = false;
  ParamMetadataLoad ardupilot_;
  QString ardupilot_path_;
  QHash<QString, ParamInfo> none_;
};

}  // namespace navigator
