#include "app/ui/param_file_dialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace navigator {
namespace {

using paramfile::Difference;
using paramfile::LineProblem;

enum PreviewColumn { kPreviewName, kPreviewVehicle, kPreviewFile, kPreviewLine, kPreviewWhat, kPreviewColumns };
const QColor kBadRow(255, 205, 205);
const QColor kChangedRow(255, 243, 176);

QString fromStd(const std::string& s) { return QString::fromStdString(s); }
QString fileValue(double value, std::uint8_t mav_type) { return fromStd(paramfile::valueText(value, mav_type)); }

}  // namespace

QString ParamFileDialog::formatName(paramfile::Format format) {
  return format == paramfile::Format::QGroundControl ? tr("QGroundControl") : tr("Mission Planner");
}

QString ParamFileDialog::problemText(const QString& file_name, paramfile::Format format, const LineProblem& p) {
  const QString name = fromStd(p.name), field = fromStd(p.text);
  QString what;
  switch (p.kind) {
    case LineProblem::Kind::FieldCount:
      what = format == paramfile::Format::QGroundControl
                 ? tr("%n field(s); a QGroundControl line has 5 separated by tabs: vehicle, component, name, "
                      "value, type",
                      nullptr, p.count)
                 : tr("%n field(s); a Mission Planner line has 2: NAME,VALUE", nullptr, p.count);
      break;
    case LineProblem::Kind::OtherFormat:
      what = tr("a %1 line in a %2 file")
                 .arg(formatName(format == paramfile::Format::QGroundControl ? paramfile::Format::MissionPlanner
                                                                             : paramfile::Format::QGroundControl),
                      formatName(format));
      break;
    case LineProblem::Kind::BadId:
      what = tr("%1: \"%2\" is not a vehicle or component id (0 … 255)").arg(name, field);
      break;
    case LineProblem::Kind::EmptyName:
      what = tr("no parameter name");
      break;
    case LineProblem::Kind::LongName:
      what = tr("%1: a parameter name has at most 16 characters").arg(name);
      break;
    case LineProblem::Kind::NotANumber:
      what = tr("%1: \"%2\" is not a number").arg(name, field);
      break;
    case LineProblem::Kind::NotFinite:
      what = tr("%1: \"%2\" is not a finite number").arg(name, field);
      break;
    case LineProblem::Kind::UnknownType:
      what = tr("%1: \"%2\" is not a MAV_PARAM_TYPE (1 … 10)").arg(name, field);
      break;
    case LineProblem::Kind::NotWhole:
      what = tr("%1: %2 is not a whole number, and its type is an integer").arg(name, field);
      break;
    case LineProblem::Kind::OutsideType:
      what = tr("%1: %2 does not fit its integer type").arg(name, field);
      break;
    case LineProblem::Kind::Duplicate:
      what = tr("%1 again (first on line %2); this line is left out").arg(name).arg(p.count);
      break;
  }
  return QStringLiteral("%1:%2: %3").arg(file_name).arg(p.line).arg(what);
}

QString ParamFileDialog::refusalText(const Difference& d) {
  const QString type = fromStd(paramfile::typeName(d.mav_type));
  switch (d.refusal) {
    case Difference::Refusal::NotFinite:
      return tr("not a finite number for a %1").arg(type);
    case Difference::Refusal::NotWhole:
      return tr("not a whole number, and the vehicle's %1 is an integer").arg(type);
    case Difference::Refusal::OutsideType:
      return tr("does not fit the vehicle's %1").arg(type);
    case Difference::Refusal::OutsideRange:
      return tr("outside the range the vehicle's metadata gives");
    case Difference::Refusal::InexactFloat:
      return tr("this autopilot carries integers as a float, which cannot hold this one exactly (beyond 16777216)");
    case Difference::Refusal::TypeNotCarried:
      return tr("the vehicle's type %1 cannot be written with PARAM_SET").arg(type.isEmpty() ? tr("(unknown)") : type);
    case Difference::Refusal::None:
      break;
  }
  return {};
}

ParamFileDialog::ParamFileDialog(const QString& file_name, const paramfile::ParsedFile& file,
                                 const paramfile::Comparison& comparison, bool may_apply, QWidget* parent)
    : QDialog(parent), file_(file), comparison_(comparison) {
  setWindowTitle(may_apply ? tr("Load parameters: %1").arg(file_name) : tr("Compare parameters: %1").arg(file_name));
  summary_ = new QLabel;
  summary_->setObjectName(QStringLiteral("paramFileSummary"));
  summary_->setWordWrap(true);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  results_ = new QLabel;
  results_->setObjectName(QStringLiteral("paramFileResults"));
  results_->setWordWrap(true);
  table_ = new QTableWidget(0, kPreviewColumns);
  table_->setObjectName(QStringLiteral("paramFileTable"));
  table_->setHorizontalHeaderLabels({tr("Parameter"), tr("Vehicle"), tr("File"), tr("Line"), tr("What")});
  table_->verticalHeader()->hide();
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setWordWrap(false);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setStretchLastSection(true);
  accept_readable_ = new QCheckBox(tr("Apply the values of the lines that could be read (the bad lines are left out)"));
  accept_readable_->setObjectName(QStringLiteral("paramFileAcceptReadable"));
  accept_readable_->setVisible(may_apply && !file.problems.empty() && !comparison.changed.empty());
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
  apply_ = buttons->addButton(tr("Apply %n change(s)", nullptr, int(comparison.changed.size())),
                              QDialogButtonBox::ApplyRole);
  apply_->setObjectName(QStringLiteral("paramFileApply"));
  apply_->setVisible(may_apply);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
  connect(apply_, &QPushButton::clicked, this, &ParamFileDialog::onApply);
  connect(accept_readable_, &QCheckBox::toggled, this, &ParamFileDialog::updateApply);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(summary_);
  layout->addWidget(table_, 1);
  layout->addWidget(accept_readable_);
  layout->addWidget(results_);
  layout->addWidget(buttons);
  fillRows(file_name);
  updateApply();
  resize(900, 520);
}

void ParamFileDialog::fillRows(const QString& file_name) {
  for (const LineProblem& p : file_.problems)
    addRow(fromStd(p.name), {}, {}, p.line, problemText(file_name, file_.format, p));
  for (const Difference& d : comparison_.changed)
    addRow(fromStd(d.name), fileValue(d.vehicle_value, d.mav_type), fileValue(d.file_value, d.mav_type), d.line,
           tr("changed"));
  for (const Difference& d : comparison_.refused)
    addRow(fromStd(d.name), fileValue(d.vehicle_value, d.mav_type), fileValue(d.file_value, d.mav_type), d.line,
           tr("refused, not sent: %1").arg(refusalText(d)));
  for (const Difference& d : comparison_.only_in_file)
    addRow(fromStd(d.name), {}, fileValue(d.file_value, d.mav_type), d.line,
           tr("the vehicle has no such parameter: not sent"));
  for (const Difference& d : comparison_.other_component)
    addRow(fromStd(d.name), {}, fileValue(d.file_value, d.mav_type), d.line,
           tr("for component %1, not this vehicle's: not sent").arg(d.component_id));
  for (const Difference& d : comparison_.only_on_vehicle)
    addRow(fromStd(d.name), fileValue(d.vehicle_value, d.mav_type), {}, 0, tr("only on the vehicle: kept"));

  QStringList parts;
  parts << tr("%n changed", nullptr, int(comparison_.changed.size()))
        << tr("%n unchanged", nullptr, int(comparison_.same.size()));
  if (!comparison_.refused.empty()) parts << tr("%n refused", nullptr, int(comparison_.refused.size()));
  if (!comparison_.only_in_file.empty())
    parts << tr("%n not on this vehicle", nullptr, int(comparison_.only_in_file.size()));
  if (!comparison_.other_component.empty())
    parts << tr("%n of other components", nullptr, int(comparison_.other_component.size()));
  if (!comparison_.only_on_vehicle.empty())
    parts << tr("%n only on the vehicle", nullptr, int(comparison_.only_on_vehicle.size()));
  if (!file_.problems.empty()) parts << tr("%n bad line(s)", nullptr, int(file_.problems.size()));
  summary_->setText(
      tr("%1 (%2 format): %3.").arg(file_name, formatName(file_.format), parts.join(QStringLiteral(", "))));
}

void ParamFileDialog::addRow(const QString& name, const QString& vehicle, const QString& in_file, int line,
                             const QString& what) {
  const int row = table_->rowCount();
  table_->insertRow(row);
  const QStringList cells{name, vehicle, in_file, line > 0 ? QString::number(line) : QString(), what};
  for (int c = 0; c < kPreviewColumns; ++c) {
    auto* item = new QTableWidgetItem(cells[c]);
    item->setToolTip(cells[c]);
    table_->setItem(row, c, item);
  }
  const bool bad = vehicle.isEmpty() && in_file.isEmpty();
  const bool changed =
      row >= int(file_.problems.size()) && row < int(file_.problems.size() + comparison_.changed.size());
  if (bad || changed)
    for (int c = 0; c < kPreviewColumns; ++c) table_->item(row, c)->setBackground(bad ? kBadRow : kChangedRow);
}

void ParamFileDialog::updateApply() {
  const bool allowed = file_.problems.empty() || accept_readable_->isChecked();
  apply_->setEnabled(sent_ == 0 && !comparison_.changed.empty() && allowed);
  if (!file_.problems.empty() && !accept_readable_->isChecked() && !comparison_.changed.empty())
    results_->setText(tr("The file has lines that cannot be read: nothing is applied unless you tick the box."));
  else if (sent_ == 0)
    results_->clear();
}

void ParamFileDialog::onApply() {
  QList<Change> changes;
  for (const Difference& d : comparison_.changed) changes.append({fromStd(d.name), d.file_value});
  sent_ = int(changes.size());
  apply_->setEnabled(false);
  accept_readable_->setEnabled(false);
  for (int row = 0; row < table_->rowCount(); ++row)
    for (const Change& c : changes)
      if (table_->item(row, kPreviewName)->text() == c.name && table_->item(row, kPreviewWhat)->text() == tr("changed"))
        table_->item(row, kPreviewWhat)->setText(tr("sent, waiting for the vehicle"));
  showResults();
  emit applyRequested(changes);
}

void ParamFileDialog::showResult(const QString& name, Outcome outcome, const QString& message) {
  for (int row = 0; row < table_->rowCount(); ++row) {
    QTableWidgetItem* what = table_->item(row, kPreviewWhat);
    if (table_->item(row, kPreviewName)->text() != name || what->text() != tr("sent, waiting for the vehicle"))
      continue;
    QString said;
    switch (outcome) {
      case Outcome::Confirmed:
        ++confirmed_;
        said = tr("confirmed by the vehicle");
        break;
      case Outcome::Refused:
        ++refused_;
        said = tr("refused by the vehicle: %1").arg(message);
        break;
      case Outcome::NoAnswer:
        ++no_answer_;
        said = tr("no answer: %1").arg(message);
        break;
      case Outcome::NotSent:
        ++not_sent_;
        said = tr("not sent: %1").arg(message);
        break;
    }
    what->setText(said);
    what->setToolTip(said);
    for (int c = 0; c < kPreviewColumns; ++c)
      table_->item(row, c)->setBackground(outcome == Outcome::Confirmed ? QBrush() : QBrush(kBadRow));
    ++answered_;
    showResults();
    return;
  }
}

void ParamFileDialog::showResults() {
  QString line =
      tr("Sent %n value(s): ", nullptr, sent_) + tr("%1 confirmed, %2 refused, %3 without answer, %4 not sent")
                                                     .arg(confirmed_)
                                                     .arg(refused_)
                                                     .arg(no_answer_)
                                                     .arg(not_sent_);
  if (answered_ < sent_) line += tr(" (%n waiting)", nullptr, sent_ - answered_);
  results_->setText(line);
}

}  // namespace navigator
