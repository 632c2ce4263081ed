#include "app/ui/setup/param_section.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <cmath>

namespace navigator {

namespace {

QString tableText(const char* text) { return QCoreApplication::translate("SetupTables", text); }

QWidget* makeEditor(const SetupRow& row) {
  if (!row.choices.empty()) {
    auto* box = new QComboBox;
    for (const SetupChoice& c : row.choices) box->addItem(tableText(c.label), c.value);
    return box;
  }
  auto* spin = new QDoubleSpinBox;
  spin->setRange(row.min, row.max);
  spin->setDecimals(row.decimals);
  if (row.unit[0]) spin->setSuffix(QStringLiteral(" ") + QString::fromUtf8(row.unit));
  return spin;
}

double editorNumber(const QWidget* editor) {
  if (const auto* box = qobject_cast<const QComboBox*>(editor)) return box->currentData().toDouble();
  return static_cast<const QDoubleSpinBox*>(editor)->value();
}

void setEditorNumber(QWidget* editor, double value) {
  const QSignalBlocker quiet(editor);
  if (auto* box = qobject_cast<QComboBox*>(editor)) {
    const int i = box->findData(int(value));
    if (i < 0)
      box->addItem(QCoreApplication::translate("SetupTables", "%1 (not one of the choices here)").arg(value),
                   int(value));
    box->setCurrentIndex(box->findData(int(value)));
    return;
  }
  static_cast<QDoubleSpinBox*>(editor)->setValue(value);
}

}  // namespace

ParamSection::ParamSection(QString intro, std::function<SetupTable(Autopilot)> table, QWidget* parent)
    : QWidget(parent), intro_(std::move(intro)), make_table_(std::move(table)) {
  auto* intro_label = new QLabel(intro_);
  intro_label->setWordWrap(true);
  form_host_ = new QWidget;
  problems_ = new QLabel;
  problems_->setWordWrap(true);
  apply_ = new QPushButton(tr("Apply"));
  connect(apply_, &QPushButton::clicked, this, &ParamSection::applyEdits);
  layout_ = new QVBoxLayout(this);
  layout_->addWidget(intro_label);
  layout_->addWidget(form_host_);
  layout_->addWidget(problems_);
  layout_->addWidget(apply_, 0, Qt::AlignLeft);
  layout_->addStretch();
  rebuild();
}

void ParamSection::setVehicle(Vehicle* vehicle) {
  disconnect(value_conn_);
  disconnect(set_conn_);
  disconnect(vehicle_conn_);
  vehicle_ = vehicle;
  if (vehicle_) {
    value_conn_ = connect(vehicle_->parameters(), &ParamClient::paramUpdated, this, &ParamSection::showValue);
    set_conn_ = connect(vehicle_->parameters(), &ParamClient::setFinished, this, &ParamSection::onSetFinished);
    vehicle_conn_ = connect(vehicle_->link(), &VehicleLink::vehicleChanged, this, [this] {
      if (vehicle_ && vehicle_->link()->autopilot() != autopilot_) rebuild();
    });
  }
  rebuild();
}

std::optional<double> ParamSection::vehicleValue(const QString& name) const {
  if (!vehicle_) return std::nullopt;
  const auto p = vehicle_->parameters()->param(name);
  return p ? std::optional<double>(p->value) : std::nullopt;
}

void ParamSection::rebuild() {
  autopilot_ = vehicle_ ? vehicle_->link()->autopilot() : Autopilot::Unknown;
  table_ = make_table_(autopilot_);
  rows_.clear();
  delete form_host_;  // its rows with it
  form_host_ = new QWidget;
  layout_->insertWidget(1, form_host_);
  auto* form = new QFormLayout(form_host_);
  for (const SetupRow& spec : table_.rows) {
    Row r{spec, makeEditor(spec), new QLabel};
    auto* line = new QWidget;
    auto* h = new QHBoxLayout(line);
    h->setContentsMargins(0, 0, 0, 0);
    h->addWidget(r.editor);
    h->addWidget(r.status, 1);
    form->addRow(tableText(spec.label), line);
    rows_.push_back(r);
    const auto v = vehicleValue(QString::fromLatin1(spec.name));
    r.editor->setEnabled(v.has_value());
    if (v) setEditorNumber(r.editor, *v);
    r.status->setText(v ? QString::fromLatin1(spec.name) : tr("%1: not on this vehicle (yet)").arg(spec.name));
  }
  if (rows_.empty())
    form->addRow(new QLabel(vehicle_ ? tr("Not available for this autopilot.") : tr("No vehicle is connected.")));
  apply_->setEnabled(!rows_.empty());
  problems_->clear();
  emit changed();
}

void ParamSection::showValue(const ParamValue& value) {
  for (Row& r : rows_) {
    if (value.name != QLatin1String(r.spec.name)) continue;
    const bool first = !r.editor->isEnabled();
    r.editor->setEnabled(true);
    if (first || editorNumber(r.editor) != value.value) setEditorNumber(r.editor, value.value);
    if (first) r.status->setText(value.name);
  }
  emit changed();
}

void ParamSection::onSetFinished(const QString& name, bool ok, const QString& message) {
  for (Row& r : rows_)
    if (name == QLatin1String(r.spec.name)) r.status->setText(ok ? tr("%1: set on the vehicle").arg(name) : message);
  emit changed();
}

QStringList ParamSection::orderProblems(const QMap<QString, double>& values) const {
  QStringList out;
  auto valueOf = [&](const char* name) -> std::optional<double> {
    const QString n = QString::fromLatin1(name);
    if (values.contains(n)) return values[n];
    return vehicleValue(n);
  };
  auto labelOf = [&](const char* name) {
    for (const SetupRow& r : table_.rows)
      if (QLatin1String(r.name) == QLatin1String(name)) return tableText(r.label);
    return QString::fromLatin1(name);
  };
  for (const SetupOrder& o : table_.orders) {
    const auto lower = valueOf(o.lower), higher = valueOf(o.higher);
    if (lower && higher && !(*lower < *higher))
      out << tr("%1 (%2) must be below %3 (%4)").arg(labelOf(o.lower)).arg(*lower).arg(labelOf(o.higher)).arg(*higher);
  }
  return out;
}

bool ParamSection::apply(const QMap<QString, double>& values) {
  QStringList problems;
  for (auto it = values.begin(); it != values.end(); ++it) {
    const auto row =
        std::find_if(rows_.begin(), rows_.end(), [&](const Row& r) { return it.key() == QLatin1String(r.spec.name); });
    if (row == rows_.end() || !vehicleValue(it.key()))
      problems << tr("%1: not a parameter of this vehicle").arg(it.key());
    else if (const QString p = rowProblem(row->spec, it.value()); !p.isEmpty())
      problems << p;
  }
  problems << orderProblems(values);
  if (!problems.isEmpty()) {
    problems_->setText(tr("Nothing sent: %1").arg(problems.join(QStringLiteral("; "))));
    return false;
  }
  problems_->clear();
  for (auto it = values.begin(); it != values.end(); ++it) vehicle_->parameters()->setParam(it.key(), it.value());
  return true;
}

void ParamSection::applyEdits() {
  QMap<QString, double> changed_values;
  for (const Row& r : rows_) {
    const QString name = QString::fromLatin1(r.spec.name);
    const auto v = vehicleValue(name);
    // Changed as the row shows it: a REAL32 0.15f (0.1500000060) shown as 0.15 is not a change.
    const double step = std::pow(10.0, -r.spec.decimals);
    if (v && r.editor->isEnabled() && std::abs(editorNumber(r.editor) - *v) >= 0.5 * step)
      changed_values[name] = editorNumber(r.editor);
  }
  if (changed_values.isEmpty()) {
    problems_->setText(tr("Nothing changed."));
    return;
  }
  apply(changed_values);
}

std::optional<double> ParamSection::editorValue(const QString& name) const {
  for (const Row& r : rows_)
    if (name == QLatin1String(r.spec.name) && r.editor->isEnabled()) return editorNumber(r.editor);
  return std::nullopt;
}

void ParamSection::setEditorValue(const QString& name, double value) {
  for (Row& r : rows_)
    if (name == QLatin1String(r.spec.name)) setEditorNumber(r.editor, value);
}

QWidget* ParamSection::editor(const QString& name) const {
  for (const Row& r : rows_)
    if (name == QLatin1String(r.spec.name)) return r.editor;
  return nullptr;
}

QString ParamSection::rowStatus(const QString& name) const {
  for (const Row& r : rows_)
    if (name == QLatin1String(r.spec.name)) return r.status->text();
  return {};
}

QString ParamSection::problemText() const { return problems_->text(); }

bool ParamSection::done() const {
  if (!table_.done_when_nonzero) return false;
  const auto v = vehicleValue(QString::fromLatin1(table_.done_when_nonzero));
  return v && *v != 0.0;
}

}  // namespace navigator
