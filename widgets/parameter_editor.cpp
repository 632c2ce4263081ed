#include "widgets/parameter_editor.h"

#include <QBrush>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QStyle>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace navigator {
namespace {

enum Column { kName, kValue, kUnit, kRange, kColumns };
const QColor kPending(255, 243, 176);  // pale yellow: edited, not yet written or confirmed
const QColor kRefused(255, 205, 205);

// In the user's locale (its decimal mark, no group separators): a person reads and types these.
QString formatted(double value, bool is_integer) {
  QLocale locale;
  locale.setNumberOptions(QLocale::OmitGroupSeparator);
  return is_integer ? locale.toString(std::llround(value)) : locale.toString(value, 'g', 7);
}
QString formatted(const ParameterValue& p) { return formatted(p.value, p.is_integer); }

// A typed value: the user's locale first, then C ("0.5" typed on a German desktop).
double parsed(const QString& text, bool* ok) {
  double v = QLocale().toDouble(text.trimmed(), ok);
  if (!*ok) v = QLocale::c().toDouble(text.trimmed(), ok);
  return v;
}

}  // namespace

ParameterEditor::ParameterEditor(QWidget* parent) : QWidget(parent) {
  filter_ = new QLineEdit;
  filter_->setPlaceholderText(tr("Filter by name"));
  filter_->setClearButtonEnabled(true);
  table_ = new QTableWidget(0, kColumns);
  table_->setHorizontalHeaderLabels({tr("Name"), tr("Value"), tr("Unit"), tr("Range")});
  // The value is the column people read (squeezed to ~25 px it wrapped as "0.\n4"): it keeps the
  // width of the longest value the table shows (seven significant digits, a sign and an
  // exponent) and the name beside it; unit and range take what is left, elided with their
  // full text in the tooltip, and the table scrolls sideways before the value is cut.
  QHeaderView* header = table_->horizontalHeader();
  header->setSectionResizeMode(kName, QHeaderView::ResizeToContents);
  header->setSectionResizeMode(kValue, QHeaderView::Fixed);
  header->setSectionResizeMode(kUnit, QHeaderView::ResizeToContents);
  header->setSectionResizeMode(kRange, QHeaderView::Stretch);
  header->setStretchLastSection(true);
  header->setMinimumSectionSize(header->fontMetrics().horizontalAdvance(QStringLiteral("Range")) + 16);
  table_->setTextElideMode(Qt::ElideRight);
  table_->setWordWrap(false);
  header->resizeSection(kValue, valueColumnWidth());
  table_->verticalHeader()->hide();
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  read_ = new QPushButton(tr("Read all"));
  write_ = new QPushButton(tr("Write changed"));
  save_ = new QPushButton(tr("Save…"));
  save_->setToolTip(tr("Save the vehicle's parameters to a file (QGroundControl .params or Mission Planner .param)"));
  load_ = new QPushButton(tr("Load…"));
  load_->setToolTip(tr("Load a parameter file: see what would change, then write the changed values"));
  compare_ = new QPushButton(tr("Compare…"));
  compare_->setToolTip(tr("Compare a parameter file with the vehicle's values (nothing is written)"));
  progress_ = new QProgressBar;
  progress_->setTextVisible(true);
  status_ = new QLabel;
  status_->setWordWrap(true);
  description_ = new QLabel;
  description_->setWordWrap(true);
  description_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);

  auto* buttons = new QHBoxLayout;
  buttons->addWidget(read_);
  buttons->addWidget(write_);
  buttons->addWidget(progress_, 1);
  auto* files = new QHBoxLayout;
  files->addWidget(save_);
  files->addWidget(load_);
  files->addWidget(compare_);
  files->addStretch(1);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(filter_);
  layout->addWidget(table_, 1);
  layout->addWidget(description_);
  layout->addLayout(buttons);
  layout->addLayout(files);
  layout->addWidget(status_);

  connect(read_, &QPushButton::clicked, this, &ParameterEditor::readAllRequested);
  connect(save_, &QPushButton::clicked, this, &ParameterEditor::saveFileRequested);
  connect(load_, &QPushButton::clicked, this, &ParameterEditor::loadFileRequested);
  connect(compare_, &QPushButton::clicked, this, &ParameterEditor::compareFileRequested);
  connect(write_, &QPushButton::clicked, this, [this] {
    const QList<ParameterValue> edits = pendingEdits();
    if (edits.isEmpty()) {
      setStatus(tr("Nothing to write: no value was changed."));
      return;
    }
    emit writeRequested(edits);
  });
  connect(table_, &QTableWidget::cellChanged, this, &ParameterEditor::cellEdited);
  connect(filter_, &QLineEdit::textChanged, this, &ParameterEditor::applyFilter);
  connect(table_, &QTableWidget::currentCellChanged, this, &ParameterEditor::showDescription);
  setLinkAvailable(false);
}

void ParameterEditor::setParameters(const QList<ParameterValue>& parameters) {
  quiet_ = true;
  confirmed_ = parameters;
  table_->setRowCount(int(parameters.size()));
  for (int row = 0; row < parameters.size(); ++row) {
    const ParameterValue& p = parameters[row];
    const QString range = !p.hasRange()  ? QString()
                          : p.is_integer ? tr("%1 … %2, whole").arg(formatted(p.min, true), formatted(p.max, true))
                                         : tr("%1 … %2").arg(formatted(p.min, false), formatted(p.max, false));
    const QString tip = p.description.isEmpty() ? p.name : QStringLiteral("%1: %2").arg(p.name, p.description);
    const auto fixed = [&tip](const QString& text, bool may_be_elided) {
      auto* item = new QTableWidgetItem(text);
      item->setFlags(item->flags() & ~Qt::ItemIsEditable);
      item->setToolTip(may_be_elided && !text.isEmpty() ? tip + QStringLiteral("\n") + text : tip);
      return item;
    };
    table_->setItem(row, kName, fixed(p.name, false));
    table_->setItem(row, kUnit, fixed(p.unit, true));
    table_->setItem(row, kRange, fixed(range, true));
    table_->setItem(row, kValue, new QTableWidgetItem);
    setRowValue(row, p);
  }
  quiet_ = false;
  applyFilter(filter_->text());
}

void ParameterEditor::setRowValue(int row, const ParameterValue& p) {
  const bool was_quiet = quiet_;
  quiet_ = true;
  QTableWidgetItem* item = table_->item(row, kValue);
  item->setText(formatted(p));
  item->setBackground(QBrush());
  item->setToolTip(table_->item(row, kName) ? table_->item(row, kName)->toolTip() : QString());
  quiet_ = was_quiet;
}

void ParameterEditor::showDescription() {
  const int row = table_->currentRow();
  if (row < 0 || row >= confirmed_.size()) {
    description_->clear();
    return;
  }
  const ParameterValue& p = confirmed_[row];
  description_->setText(
      p.description.isEmpty()
          ? tr("%1: no description (the vehicle sent no metadata for it)").arg(p.name)
          : QStringLiteral("<b>%1</b>: %2").arg(p.name.toHtmlEscaped(), p.description.toHtmlEscaped()));
}

QString ParameterEditor::descriptionShown() const { return description_->text(); }

void ParameterEditor::showValue(const ParameterValue& parameter) {
  const int row = rowOf(parameter.name);
  if (row < 0) return;                      // not listed yet: the next full read shows it
  confirmed_[row].value = parameter.value;  // (the metadata stays the row's)
  confirmed_[row].is_integer = parameter.is_integer;
  setRowValue(row, confirmed_[row]);
}

void ParameterEditor::showRefused(const QString& name, const QString& reason) {
  const int row = rowOf(name);
  if (row < 0) return;
  setRowValue(row, confirmed_[row]);
  QTableWidgetItem* item = table_->item(row, kValue);
  quiet_ = true;  // (a change of colour is a change of the item too)
  item->setBackground(kRefused);
  item->setToolTip(reason);
  quiet_ = false;
  setStatus(reason);
}

void ParameterEditor::setProgress(int received, int total) {
  progress_->setRange(0, std::max(total, 1));
  progress_->setValue(received);
  progress_->setFormat(tr("%1 of %2").arg(received).arg(total));
}

void ParameterEditor::setStatus(const QString& text) { status_->setText(text); }

void ParameterEditor::setLinkAvailable(bool available) {
  for (QPushButton* b : {read_, write_, save_, load_, compare_}) b->setEnabled(available);
}

QList<ParameterValue> ParameterEditor::pendingEdits() const {
  QList<ParameterValue> edits;
  for (int row = 0; row < confirmed_.size(); ++row) {
    bool ok = false;
    const double v = parsed(table_->item(row, kValue)->text(), &ok);
    if (ok && formatted(v, confirmed_[row].is_integer) != formatted(confirmed_[row]))
      edits.append({confirmed_[row].name, v, confirmed_[row].is_integer});
  }
  return edits;
}

int ParameterEditor::rowCount() const { return table_->rowCount(); }

int ParameterEditor::rowOf(const QString& name) const {
  for (int row = 0; row < confirmed_.size(); ++row)
    if (confirmed_[row].name == name) return row;
  return -1;
}

void ParameterEditor::cellEdited(int row, int column) {
  if (quiet_ || column != kValue || row >= confirmed_.size()) return;
  QTableWidgetItem* item = table_->item(row, kValue);
  bool ok = false;
  const double v = parsed(item->text(), &ok);
  const ParameterValue& p = confirmed_[row];
  QString problem;
  if (!ok || !std::isfinite(v))
    problem = tr("%1: \"%2\" is not a number").arg(p.name, item->text());
  else if (p.is_integer && v != std::round(v))
    problem = tr("%1: must be a whole number, got %2").arg(p.name, item->text());
  else if (p.hasRange() && (v < p.min || v > p.max))
    problem = tr("%1: %2 is outside its range %3 … %4%5")
                  .arg(p.name, item->text(), formatted(p.min, p.is_integer), formatted(p.max, p.is_integer),
                       p.unit.isEmpty() ? QString() : QLatin1Char(' ') + p.unit);
  if (!problem.isEmpty()) {
    setRowValue(row, p);  // the edit is refused here; the vehicle's value stays
    setStatus(problem);
    return;
  }
  const bool changed = formatted(v, p.is_integer) != formatted(p);
  quiet_ = true;
  item->setBackground(changed ? QBrush(kPending) : QBrush());
  item->setToolTip(changed ? tr("Edited: the vehicle has %1").arg(formatted(p)) : QString());
  quiet_ = false;
}

void ParameterEditor::applyFilter(const QString& text) {
  for (int row = 0; row < table_->rowCount(); ++row)
    table_->setRowHidden(row, !text.isEmpty() &&
                                  !table_->item(row, kName)->text().contains(text, Qt::CaseInsensitive) &&
                                  !confirmed_.value(row).description.contains(text, Qt::CaseInsensitive));
}

int ParameterEditor::valueColumnWidth() const {
  const QFontMetrics metrics = table_->fontMetrics();
  const int widest = std::max(
      metrics.horizontalAdvance(formatted(-1.234567e-05, false)),
      table_->horizontalHeader()->fontMetrics().horizontalAdvance(table_->horizontalHeaderItem(kValue)->text()));
  return widest + 2 * table_->style()->pixelMetric(QStyle::PM_DefaultFrameWidth) + 16;
}

}  // namespace navigator
