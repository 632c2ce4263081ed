#include "app/ui/param_file_flow.h"

#include "app/link/vehicle_link.h"
#include "widgets/parameter_editor.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QSaveFile>

#include <utility>

namespace navigator {
namespace {

const char* const kQgcFilter = QT_TRANSLATE_NOOP("navigator::ParamFileFlow", "QGroundControl parameters (*.params)");
const char* const kMissionPlannerFilter =
    QT_TRANSLATE_NOOP("navigator::ParamFileFlow", "Mission Planner parameters (*.param *.parm)");
const char* const kAllFilter = QT_TRANSLATE_NOOP("navigator::ParamFileFlow", "All files (*)");

// The vehicle's table as the file model takes it, with the editor's metadata ranges.
std::vector<paramfile::VehicleParam> vehicleTable(VehicleLink* link, const ParameterEditor* editor) {
  QHash<QString, const ParameterValue*> shown;
  for (const ParameterValue& p : editor->parameters()) shown.insert(p.name, &p);
  std::vector<paramfile::VehicleParam> out;
  for (const ParamValue& p : link->params()->params()) {
    paramfile::VehicleParam v{p.name.toStdString(), p.value, p.mav_type};
    if (const ParameterValue* e = shown.value(p.name); e && e->hasRange()) {
      v.min = e->min;
      v.max = e->max;
    }
    out.push_back(std::move(v));
  }
  return out;
}

}  // namespace

ParamFileFlow::ParamFileFlow(ParameterEditor* editor, std::function<VehicleLink*()> shown, QObject* parent)
    : QObject(parent), editor_(editor), shown_(std::move(shown)) {
  connect(editor_, &ParameterEditor::saveFileRequested, this, [this] { chooseFile(Action::Save); });
  connect(editor_, &ParameterEditor::loadFileRequested, this, [this] { chooseFile(Action::Load); });
  connect(editor_, &ParameterEditor::compareFileRequested, this, [this] { chooseFile(Action::Compare); });
}

VehicleLink* ParamFileFlow::readyVehicle() {
  VehicleLink* link = shown_ ? shown_() : nullptr;
  if (!link || link->vehicle().system_id == 0) {
    editor_->setStatus(tr("No vehicle connected: its parameters are needed for a parameter file."));
    return nullptr;
  }
  const ParamClient* params = link->params();
  if (!params->complete()) {
    editor_->setStatus(tr("The vehicle's parameter list is not complete (%1 of %2): press Read all first.")
                           .arg(params->received())
                           .arg(params->count()));
    return nullptr;
  }
  return link;
}

void ParamFileFlow::chooseFile(Action action) {
  if (!readyVehicle()) return;
  auto* dialog = new QFileDialog(editor_);
  dialog->setObjectName(QStringLiteral("paramFileChooser"));
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->setOption(QFileDialog::DontUseNativeDialog);  // the same dialog on every desktop (and in tests)
  dialog->setNameFilters({tr(kQgcFilter), tr(kMissionPlannerFilter), tr(kAllFilter)});
  if (action == Action::Save) {
    dialog->setWindowTitle(tr("Save parameters"));
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setDefaultSuffix(QStringLiteral("params"));
    connect(dialog, &QFileDialog::filterSelected, dialog, [dialog](const QString& filter) {
      dialog->setDefaultSuffix(filter == tr(kMissionPlannerFilter) ? QStringLiteral("param")
                                                                   : QStringLiteral("params"));
    });
  } else {
    dialog->setWindowTitle(action == Action::Load ? tr("Load parameters") : tr("Compare parameters"));
    dialog->setFileMode(QFileDialog::ExistingFile);
  }
  connect(dialog, &QFileDialog::fileSelected, this, [this, dialog, action](const QString& path) {
    if (action != Action::Save) {
      open(path, action == Action::Load);
      return;
    }
    const std::optional<paramfile::Format> by_name = paramfile::formatOfFileName(path.toStdString());
    saveTo(path, by_name                                                     ? *by_name
                 : dialog->selectedNameFilter() == tr(kMissionPlannerFilter) ? paramfile::Format::MissionPlanner
                                                                             : paramfile::Format::QGroundControl);
  });
  dialog->open();
}

void ParamFileFlow::saveTo(const QString& path, paramfile::Format format) {
  VehicleLink* link = readyVehicle();
  if (!link) return;
  const VehicleStatus& v = link->vehicle();
  const std::vector<paramfile::VehicleParam> table = vehicleTable(link, editor_);
  const paramfile::FileHeader header{v.system_id, v.component_id ? v.component_id : 1,
                                     autopilotName(v.autopilotKind(), v.mav_type)};
  const std::string text = paramfile::write(format, header, table);
  QSaveFile file(path);
  const QByteArray bytes = QByteArray::fromStdString(text);
  if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
    editor_->setStatus(tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString()));
    return;
  }
  int written = 0;
  for (const paramfile::VehicleParam& p : table) written += paramfile::isCarriedType(p.mav_type);
  QString said = tr("Saved %n parameter(s) of vehicle %1 to %2 (%3 format).", nullptr, written)
                     .arg(v.system_id)
                     .arg(QDir::toNativeSeparators(path), ParamFileDialog::formatName(format));
  if (written < int(table.size()))
    said += tr(" %n left out: their type cannot be read over MAVLink's parameter protocol.", nullptr,
               int(table.size()) - written);
  editor_->setStatus(said);
}

void ParamFileFlow::open(const QString& path, bool may_apply) {
  VehicleLink* link = readyVehicle();
  if (!link) return;
  const QString shown_name = QFileInfo(path).fileName();
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    editor_->setStatus(tr("Cannot open %1: %2").arg(QDir::toNativeSeparators(path), file.errorString()));
    return;
  }
  if (file.size() > kMaxFileBytes) {
    editor_->setStatus(tr("%1 is %2 MB: not a parameter file (at most 16 MB are read)")
                           .arg(shown_name)
                           .arg(double(file.size()) / 1e6, 0, 'f', 1));
    return;
  }
  const QByteArray bytes = file.readAll();
  if (bytes.contains('\0')) {
    editor_->setStatus(tr("%1 is not a text file: not a parameter file").arg(shown_name));
    return;
  }
  const paramfile::ParsedFile parsed =
      paramfile::parse(std::string_view(bytes.constData(), std::size_t(bytes.size())),
                       paramfile::formatOfFileName(path.toStdString()).value_or(paramfile::Format::QGroundControl));
  if (parsed.data_lines == 0) {
    editor_->setStatus(tr("%1 holds no parameters (only comments or blank lines)").arg(shown_name));
    return;
  }
  const VehicleStatus& v = link->vehicle();
  const paramfile::Comparison comparison = paramfile::compare(
      parsed.entries, vehicleTable(link, editor_),
      {v.component_id ? int(v.component_id) : -1, link->params()->encoding() == ParamEncoding::CCast});
  auto* dialog = new ParamFileDialog(shown_name, parsed, comparison, may_apply, editor_);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  QPointer<VehicleLink> target(link);
  connect(dialog, &ParamFileDialog::applyRequested, this,
          [this, dialog, target](const QList<ParamFileDialog::Change>& changes) {
            if (!target) {
              for (const auto& c : changes)
                dialog->showResult(c.name, ParamFileDialog::Outcome::NotSent, tr("the vehicle is gone"));
              return;
            }
            batch_dialog_ = dialog;
            apply(target, changes);
          });
  dialog->open();
}

void ParamFileFlow::apply(VehicleLink* link, const QList<ParamFileDialog::Change>& changes) {
  endBatch();
  ParamClient* params = link->params();
  batch_connections_ << connect(params, &ParamClient::paramUpdated, this, [this](const ParamValue& p) {
    onValue(p.name);
  }) << connect(params, &ParamClient::setFinished, this, &ParamFileFlow::onFinished);
  for (const ParamFileDialog::Change& c : changes) batch_.insert(c.name, false);
  for (const ParamFileDialog::Change& c : changes) {
    sending_ = c.name;
    params->setParam(c.name, c.value);
    sending_.clear();
  }
}

void ParamFileFlow::onValue(const QString& name) {
  if (auto it = batch_.find(name); it != batch_.end() && sending_ != name) it.value() = true;
}

void ParamFileFlow::onFinished(const QString& name, bool ok, const QString& message) {
  const auto it = batch_.find(name);
  if (it == batch_.end()) return;
  using Outcome = ParamFileDialog::Outcome;
  const Outcome outcome = ok                 ? Outcome::Confirmed
                          : sending_ == name ? Outcome::NotSent
                          : it.value()       ? Outcome::Refused
                                             : Outcome::NoAnswer;
  batch_.erase(it);
  if (batch_dialog_) batch_dialog_->showResult(name, outcome, message);
  if (batch_.isEmpty()) endBatch();
}

void ParamFileFlow::endBatch() {
  for (const auto& c : batch_connections_) disconnect(c);
  batch_connections_.clear();
  batch_.clear();
}

}  // namespace navigator
