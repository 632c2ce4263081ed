#include "app/ui/param_metadata_binding.h"

#include "app/link/param_metadata_fetch.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QSettings>

namespace navigator {
namespace {
const char* const kArduPilotKey = "parameters/ardupilotDefinitions";
}

ParamMetadataBinding::ParamMetadataBinding(ParameterEditor* editor, QObject* parent)
    : QObject(parent), editor_(editor) {
  connect(editor_, &ParameterEditor::definitionsFileRequested, this, &ParamMetadataBinding::chooseDefinitions);
  const QString remembered = QSettings().value(QLatin1String(kArduPilotKey)).toString();
  if (!remembered.isEmpty()) {
    ardupilot_ = loadArduPilotParamMetadata(remembered);
    ardupilot_path_ = remembered;
  }
}

ParamMetadataFetch* ParamMetadataBinding::fetchOf(VehicleLink* link) {
  return link ? link->findChild<ParamMetadataFetch*>(QString(), Qt::FindDirectChildrenOnly) : nullptr;
}

const QHash<QString, ParamInfo>& ParamMetadataBinding::metadataFor(VehicleLink* link, QString* source) {
  const Autopilot autopilot = link ? link->autopilot() : Autopilot::Unknown;
  editor_->setDefinitionsFileOffered(autopilot == Autopilot::ArduPilot);
  if (!link) {
    *source = QString();
    return none_;
  }
  if (autopilot == Autopilot::Vayu || autopilot == Autopilot::Unknown) {
    if (!vayu_read_) vayu_ = loadParamMetadata(defaultParamMetadataPath());
    vayu_read_ = true;
    if (!vayu_.error.isEmpty() && !vayu_said_) {
      vayu_said_ = true;
      emit logLine(vayu_.error);
    }
    *source = vayu_.error.isEmpty() ? tr("from Navigator's firmware file %1").arg(defaultParamMetadataPath())
                                    : tr("none: values only (%1)").arg(vayu_.error);
    return vayu_.params;
  }
  if (autopilot == Autopilot::Px4) {
    const ParamMetadataFetch* fetch = fetchOf(link);
    if (fetch && fetch->state() == ParamMetadataFetch::State::Done) {
      *source = tr("from the vehicle (%1)").arg(fetch->parameterUri());
      return fetch->params();
    }
    *source = !fetch          ? tr("none yet: read from the vehicle after its parameters")
              : fetch->busy() ? tr("being read from the vehicle…")
                              : tr("none: values only (%1)").arg(fetch->error());
    return none_;
  }
  if (autopilot == Autopilot::ArduPilot) {
    if (!ardupilot_path_.isEmpty() && ardupilot_.error.isEmpty()) {
      *source = tr("from file %1").arg(ardupilot_path_);
      return ardupilot_.params;
    }
    *source = !ardupilot_path_.isEmpty()
                  ? tr("none: values only (%1)").arg(ardupilot_.error)
                  : tr("none: values only. ArduPilot does not send its parameter descriptions; choose its "
                       "definitions file (apm.pdef.xml from autotest.ardupilot.org/Parameters/<vehicle>/) with "
                       "\"Definitions file…\" for units, ranges and descriptions.");
    return none_;
  }
  *source = tr("none: values only (this autopilot's metadata is not known to the station)");
  return none_;
}

QList<ParameterValue> ParamMetadataBinding::rows(VehicleLink* link) {
  QString source;
  const QHash<QString, ParamInfo>& metadata = metadataFor(link, &source);
  editor_->setMetadataSource(source);
  QList<ParameterValue> out;
  if (!link) return out;
  for (const ParamValue& p : link->params()->params()) {
    ParameterValue row{p.name, p.value, p.isInteger()};
    if (const auto it = metadata.constFind(p.name); it != metadata.constEnd()) {
      if (it->hasRange()) {
        row.min = it->min;
        row.max = it->max;
      }
      row.unit = it->unit;
      row.description = it->description;
      row.long_description = it->long_description;
      row.default_value = it->default_value;
      row.values = it->values;
      row.bits = it->bits;
    }
    out.append(row);
  }
  return out;
}

void ParamMetadataBinding::fetchIfNeeded(VehicleLink* link) {
  if (!link || link->autopilot() != Autopilot::Px4 || fetchOf(link)) return;
  auto* fetch = new ParamMetadataFetch(link, link);
  connect(fetch, &ParamMetadataFetch::finished, this, [this](bool, const QString& message) {
    emit logLine(message);
    emit metadataChanged();
  });
  fetch->start();
  emit metadataChanged();  // "being read"
}

bool ParamMetadataBinding::loadArduPilotDefinitions(const QString& path) {
  ParamMetadataLoad load = loadArduPilotParamMetadata(path);
  if (!load.error.isEmpty()) {
    // The definitions in use stay (nothing already there is lost); the problem is said.
    emit logLine(load.error);
    editor_->setStatus(load.error);
    return false;
  }
  ardupilot_ = std::move(load);
  ardupilot_path_ = path;
  QSettings().setValue(QLatin1String(kArduPilotKey), path);
  emit logLine(
      tr("Parameter metadata from %1: %n parameters described.", nullptr, int(ardupilot_.params.size())).arg(path));
  emit metadataChanged();
  return true;
}

void ParamMetadataBinding::chooseDefinitions() {
  auto* dialog = new QFileDialog(editor_);
  dialog->setObjectName(QStringLiteral("definitionsFileChooser"));
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->setOption(QFileDialog::DontUseNativeDialog);
  dialog->setWindowTitle(tr("ArduPilot parameter definitions"));
  dialog->setNameFilters({tr("ArduPilot parameter definitions (*.xml *.json)"), tr("All files (*)")});
  if (!ardupilot_path_.isEmpty()) dialog->setDirectory(QFileInfo(ardupilot_path_).absolutePath());
  connect(dialog, &QFileDialog::fileSelected, this, &ParamMetadataBinding::loadArduPilotDefinitions);
  dialog->open();
}

}  // namespace navigator
