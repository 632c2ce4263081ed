#include "widgets/parameter_editor.h"

#include <QBrush>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QProgressBar>
#include <QSignalBlocker>
#include <QPushButton>
#include <QStyle>
#include <QStyledItemDelegate>
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

// A typed value: the user's locale first, then C ("0.5" typed on a German desktop). An
// enumeration's cell reads "3 (Name)": the number before the name counts.
double parsed(const QString& text, bool* ok) {
  QString number = text.trimmed();
  if (const qsizetype name = number.indexOf(QLatin1String(" (")); name > 0) number.truncate(name);
  double v = QLocale().toDouble(number, ok);
  if (!*ok) v = QLocale::c().toDouble(number, ok);
  return v;
}

// "0 … 20", "≥ 1", "≤ 5", "whole" for integers; empty without a range.
QString rangeText(const ParameterValue& p) {
  if (!p.hasRange()) return {};
  const QString low = formatted(p.min, p.is_integer), high = formatted(p.max, p.is_integer);
  QString range = std::isinf(p.min) && std::isinf(p.max) ? QString()
                  : std::isinf(p.max)                    ? ParameterEditor::tr("≥ %1").arg(low)
                  : std::isinf(p.min)                    ? ParameterEditor::tr("≤ %1").arg(high)
                                                         : ParameterEditor::tr("%1 … %2").arg(low, high);
  if (p.is_integer && !range.isEmpty()) range = ParameterEditor::tr("%1, whole").arg(range);
  return range;
}

// The Value column's editor: a drop-down of the names for an enumeration, a line edit otherwise.
class ValueDelegate : public QStyledItemDelegate {
 public:
  ValueDelegate(const QList<ParameterValue>* rows, QObject* parent) : QStyledItemDelegate(parent), rows_(rows) {}
  QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option, const QModelIndex& index) const override {
    const ParameterValue* p = row(index);
    if (!p || p->values.isEmpty()) return QStyledItemDelegate::createEditor(parent, option, index);
    auto* combo = new QComboBox(parent);
    for (const auto& [value, name] : p->values)
      combo->addItem(QStringLiteral("%1 (%2)").arg(formatted(value, p->is_integer), name), value);
    return combo;
  }
  void setEditorData(QWidget* editor, const QModelIndex& index) const override {
    auto* combo = qobject_cast<QComboBox*>(editor);
    if (!combo) return QStyledItemDelegate::setEditorData(editor, index);
    bool ok = false;
    const double v = parsed(index.data().toString(), &ok);
    combo->setCurrentIndex(std::max(0, combo->findData(v)));
  }
  void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override {
    auto* combo = qobject_cast<QComboBox*>(editor);
    if (!combo) return QStyledItemDelegate::setModelData(editor, model, index);
    const ParameterValue* p = row(index);
    model->setData(index, formatted(combo->currentData().toDouble(), p && p->is_integer));
  }

 private:
  const ParameterValue* row(const QModelIndex& index) const {
    return index.row() >= 0 && index.row() < rows_->size() ? &(*rows_)[index.row()] : nullptr;
  }
  const QList<ParameterValue>* rows_;
};

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
  source_ = new QLabel;
  source_->setWordWrap(true);
  source_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  bits_ = new QListWidget;
  bits_->setVisible(false);
  bits_->setMaximumHeight(160);
  definitions_ = new QPushButton(tr("Definitions file…"));
  definitions_->setToolTip(
      tr("ArduPilot: read its parameter definitions (apm.pdef.xml or apm.pdef.json) for units, "
         "ranges and descriptions"));
  definitions_->setVisible(false);
  table_->setItemDelegateForColumn(kValue, new ValueDelegate(&confirmed_, table_));

  layOut();

  connect(read_, &QPushButton::clicked, this, &ParameterEditor::readAllRequested);
  connect(save_, &QPushButton::clicked, this, &ParameterEditor::saveFileRequested);
  connect(load_, &QPushButton::clicked, this, &ParameterEditor::loadFileRequested);
  connect(compare_, &QPushButton::clicked, this, &ParameterEditor::compareFileRequested);
  connect(definitions_, &QPushButton::clicked, this, &ParameterEditor::definitionsFileRequested);
  connect(bits_, &QListWidget::itemChanged, this, &ParameterEditor::bitToggled);
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

void ParameterEditor::layOut() {
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(read_);
  buttons->addWidget(write_);
  buttons->addWidget(progress_, 1);
  auto* files = new QHBoxLayout;
  files->addWidget(save_);
  files->addWidget(load_);
  files->addWidget(compare_);
  files->addWidget(definitions_);
  files->addStretch(1);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(source_);
  layout->addWidget(filter_);
  layout->addWidget(table_, 1);
  layout->addWidget(description_);
  layout->addWidget(bits_);
  layout->addLayout(buttons);
  layout->addLayout(files);
  layout->addWidget(status_);
}

void ParameterEditor::setParameters(const QList<ParameterValue>& parameters) {
  quiet_ = true;
  confirmed_ = parameters;
  table_->setRowCount(int(parameters.size()));
  for (int row = 0; row < parameters.size(); ++row) {
    const ParameterValue& p = parameters[row];
    QString range = rangeText(p);
    if (p.default_value)
      range = range.isEmpty() ? tr("default %1").arg(valueText(p, *p.default_value))
                              : tr("%1; default %2").arg(range, valueText(p, *p.default_value));
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
  item->setText(valueText(p, p.value));
  item->setBackground(QBrush());
  QFont font = item->font();
  font.setBold(p.changedFromDefault());  // changed from the default: in bold
  item->setFont(font);
  const QString tip = table_->item(row, kName) ? table_->item(row, kName)->toolTip() : QString();
  item->setToolTip(p.changedFromDefault()
                       ? tr("%1\nChanged from the default %2").arg(tip, valueText(p, p.default_value.value_or(p.value)))
                       : tip);
  quiet_ = was_quiet;
  if (row == table_->currentRow()) showBits(row);
}

QString ParameterEditor::valueText(const ParameterValue& p, double value) const {
  QString number = formatted(value, p.is_integer);
  for (const auto& [v, name] : p.values)
    if (v == value) return QStringLiteral("%1 (%2)").arg(number, name);
  return number;
}

void ParameterEditor::showDescription() {
  const int row = table_->currentRow();
  if (row < 0 || row >= confirmed_.size()) {
    description_->clear();
    return;
  }
  const ParameterValue& p = confirmed_[row];
  if (p.description.isEmpty() && p.long_description.isEmpty()) {
    description_->setText(tr("%1: no description (no metadata for it)").arg(p.name));
  } else {
    QString text = QStringLiteral("<b>%1</b>: %2").arg(p.name.toHtmlEscaped(), p.description.toHtmlEscaped());
    if (!p.long_description.isEmpty()) text += QStringLiteral("<br>") + p.long_description.toHtmlEscaped();
    if (p.default_value)
      text += QStringLiteral("<br>") + tr("Default: %1").arg(valueText(p, *p.default_value).toHtmlEscaped());
    description_->setText(text);
  }
  showBits(row);
}

void ParameterEditor::showBits(int row) {
  const ParameterValue* p = row >= 0 && row < confirmed_.size() ? &confirmed_[row] : nullptr;
  bits_->setVisible(p && !p->bits.isEmpty());
  if (!p || p->bits.isEmpty()) return;
  bool ok = false;
  const double shown = parsed(table_->item(row, kValue)->text(), &ok);
  const auto mask = std::uint64_t(std::llround(ok ? shown : p->value));
  const QSignalBlocker quiet(bits_);
  bits_->clear();
  for (const auto& [bit, name] : p->bits) {
    auto* item = new QListWidgetItem(tr("Bit %1: %2").arg(bit).arg(name), bits_);
    item->setData(Qt::UserRole, bit);
    item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
    item->setCheckState((mask >> bit) & 1u ? Qt::Checked : Qt::Unchecked);
  }
}

void ParameterEditor::bitToggled(QListWidgetItem* item) {
  const int row = table_->currentRow();
  if (row < 0 || row >= confirmed_.size()) return;
  bool ok = false;
  const double shown = parsed(table_->item(row, kValue)->text(), &ok);
  auto mask = std::uint64_t(std::llround(ok ? shown : confirmed_[row].value));
  const auto bit = std::uint64_t(1) << item->data(Qt::UserRole).toInt();
  mask = item->checkState() == Qt::Checked ? (mask | bit) : (mask & ~bit);
  table_->item(row, kValue)->setText(formatted(double(mask), true));  // an edit like one typed
}

void ParameterEditor::setMetadataSource(const QString& text) { source_->setText(tr("Metadata: %1").arg(text)); }

QString ParameterEditor::metadataSource() const { return source_->text(); }

void ParameterEditor::setDefinitionsFileOffered(bool offered) { definitions_->setVisible(offered); }

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
  const QString problem = problemWith(p, item->text(), v, ok);
  if (!problem.isEmpty()) {
    setRowValue(row, p);  // the edit is refused here; the vehicle's value stays
    setStatus(problem);
    return;
  }
  const bool changed = formatted(v, p.is_integer) != formatted(p);
  quiet_ = true;
  item->setText(valueText(p, v));
  item->setBackground(changed ? QBrush(kPending) : QBrush());
  item->setToolTip(changed ? tr("Edited: the vehicle has %1").arg(valueText(p, p.value)) : QString());
  quiet_ = false;
  if (row == table_->currentRow()) showBits(row);
}

QString ParameterEditor::problemWith(const ParameterValue& p, const QString& text, double v, bool ok) const {
  if (!ok || !std::isfinite(v)) return tr("%1: \"%2\" is not a number").arg(p.name, text);
  if (p.is_integer && v != std::round(v)) return tr("%1: must be a whole number, got %2").arg(p.name, text);
  if (p.hasRange() && (v < p.min || v > p.max))
    return tr("%1: %2 is outside its range %3%4")
        .arg(p.name, text, rangeText(p), p.unit.isEmpty() ? QString() : QLatin1Char(' ') + p.unit);
  if (!p.values.isEmpty() &&
      std::none_of(p.values.begin(), p.values.end(), [v](const auto& e) { return e.first == v; })) {
    QStringList names;
    for (const auto& [value, name] : p.values)
      names << QStringLiteral("%1 (%2)").arg(formatted(value, p.is_integer), name);
    return tr("%1: %2 is not one of its values: %3").arg(p.name, text, names.join(QStringLiteral(", ")));
  }
  return {};
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
