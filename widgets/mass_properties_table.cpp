#include "widgets/mass_properties_table.h"

#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QKeyEvent>

#include <algorithm>
#include <cmath>
#include <limits>

namespace navigator {
namespace {

constexpr int kFullPrecisionRole = Qt::UserRole + 1;

}  // namespace

MassPropertiesTable::MassPropertiesTable(QWidget* parent) : QTableWidget(RowCount, 4, parent) {
  setHorizontalHeaderLabels({tr("Quantity"), tr("x"), tr("y"), tr("z")});
  const QStringList rows = {
      tr("Mass [kg]"),
      tr("Volume [m³]"),
      tr("Density [kg/m³]"),
      tr("Centre of mass [m]"),
      tr("Inertia row x [kg·m²]"),
      tr("Inertia row y [kg·m²]"),
      tr("Inertia row z [kg·m²]"),
      tr("Principal moments [kg·m²]"),
      tr("Principal axis 1 (red)"),
      tr("Principal axis 2 (green)"),
      tr("Principal axis 3 (blue)"),
  };
  for (int r = 0; r < RowCount; ++r) {
    auto* label = new QTableWidgetItem(rows[r]);
    label->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    setItem(r, 0, label);
  }
  verticalHeader()->hide();
  horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  for (int c = 1; c < 4; ++c) horizontalHeader()->setSectionResizeMode(c, QHeaderView::Stretch);
  setEditTriggers(QAbstractItemView::NoEditTriggers);
  setSelectionMode(QAbstractItemView::ContiguousSelection);
  setToolTip(
      tr("Inertia about the centre of mass; off-diagonal entries are the negated products −∫xy dm. "
         "Ctrl+C copies the selection with full precision."));
  clearValues();
}

void MassPropertiesTable::setNumber(int row, int column, double value, double scale, bool reliable) {
  const double shown = std::abs(value) < 1e-10 * std::abs(scale) ? 0.0 : value;
  QLocale locale;  // the user's decimal mark; no group separators in a table of numbers
  locale.setNumberOptions(QLocale::OmitGroupSeparator);
  auto* item = new QTableWidgetItem(locale.toString(shown, 'g', 6));
  item->setData(kFullPrecisionRole, value);
  item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
  if (!reliable) {
    item->setForeground(palette().color(QPalette::Disabled, QPalette::Text));
    item->setToolTip(tr("Unreliable: the mesh is not closed"));
  }
  setItem(row, column, item);
}

void MassPropertiesTable::setValues(const MassPropertiesValues& v, bool reliable) {
  clearValues();
  const double largest_moment = *std::max_element(v.principal_moments_kgm2.begin(), v.principal_moments_kgm2.end());
  setNumber(Mass, 1, v.mass_kg, 0.0, reliable);
  setNumber(Volume, 1, v.volume_m3, 0.0, reliable);
  setNumber(Density, 1, v.density_kgm3, 0.0, reliable);
  for (int c = 0; c < 3; ++c) {
    setNumber(Com, c + 1, v.com_m[c], v.body_size_m, reliable);
    setNumber(Moments, c + 1, v.principal_moments_kgm2[c], largest_moment, reliable);
    for (int r = 0; r < 3; ++r) {
      setNumber(InertiaX + r, c + 1, v.inertia_kgm2[r][c], largest_moment, reliable);
      setNumber(Axis1 + r, c + 1, v.principal_axes[r][c], 1e4, reliable);  // unit vectors: 1e-6 is noise
    }
  }
}

void MassPropertiesTable::clearValues() {
  for (int r = 0; r < RowCount; ++r)
    for (int c = 1; c < 4; ++c) setItem(r, c, nullptr);
}

double MassPropertiesTable::valueAt(int row, int column) const {
  const QTableWidgetItem* it = item(row, column);
  return it ? it->data(kFullPrecisionRole).toDouble() : std::numeric_limits<double>::quiet_NaN();
}

QString MassPropertiesTable::toTsv(bool selection_only) const {
  int top = 0, bottom = RowCount - 1, left = 0, right = 3;
  const auto ranges = selectedRanges();
  if (selection_only && !ranges.isEmpty()) {
    top = ranges.first().topRow();
    bottom = ranges.first().bottomRow();
    left = ranges.first().leftColumn();
    right = ranges.first().rightColumn();
  }
  QString out;
  for (int r = top; r <= bottom; ++r) {
    QStringList cells;
    for (int c = left; c <= right; ++c) {
      const QTableWidgetItem* it = item(r, c);
      if (!it)
        cells << QString();
      else if (c == 0)
        cells << it->text();
      else
        cells << QString::number(it->data(kFullPrecisionRole).toDouble(), 'g', 12);
    }
    out += cells.join('\t') + '\n';
  }
  return out;
}

void MassPropertiesTable::keyPressEvent(QKeyEvent* event) {
  if (event->matches(QKeySequence::Copy)) {
    QApplication::clipboard()->setText(toTsv(true));
    return;
  }
  QTableWidget::keyPressEvent(event);
}

}  // namespace navigator
