// MassPropertiesTable: mass, volume, density, centre of mass, inertia tensor, principal
// moments and axes in one copyable table. Takes plain numbers in SI units. GUI thread only.
#pragma once

#include <QTableWidget>

#include <array>

namespace navigator {

// What the table shows; every number in SI units.
struct MassPropertiesValues {
  double mass_kg = 0;
  double volume_m3 = 0;
  double density_kgm3 = 0;
  std::array<double, 3> com_m{};
  std::array<std::array<double, 3>, 3> inertia_kgm2{};    // rows; off-diagonals −∫xy dm etc.
  std::array<double, 3> principal_moments_kgm2{};         // ascending
  std::array<std::array<double, 3>, 3> principal_axes{};  // principal_axes[k] is axis k+1
  double body_size_m = 0;                                 // the body's extent: coordinates below 1e-10 of it show as 0
};

class MassPropertiesTable : public QTableWidget {
  Q_OBJECT
 public:
  explicit MassPropertiesTable(QWidget* parent = nullptr);

  // Shows `values`; `reliable` false greys the numbers and says why in their tooltips.
  void setValues(const MassPropertiesValues& values, bool reliable);
  void clearValues();

  // The whole table, or the selection when there is one, as tab-separated text with
  // full precision (what Ctrl+C puts on the clipboard).
  QString toTsv(bool selection_only) const;

  // Row indices, for readers of the table (tests, accessibility).
  enum Row { Mass, Volume, Density, Com, InertiaX, InertiaY, InertiaZ, Moments, Axis1, Axis2, Axis3, RowCount };

  // The full-precision value at (row, column 1..3); NaN when empty.
  double valueAt(int row, int column) const;

 protected:
  void keyPressEvent(QKeyEvent* event) override;

 private:
  // Shows `value` to 6 digits; |value| below 1e-10·scale shows as 0 (round-off of a
  // quantity whose size is `scale`); the full value stays for copying.
  void setNumber(int row, int column, double value, double scale, bool reliable);
};

}  // namespace navigator
