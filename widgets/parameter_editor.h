// ParameterEditor: the vehicle's parameters in a table — name, value, unit and range, the
// description of the selected one below (and in every cell's tooltip) — read them all, edit
// values, write the changed ones, see which the vehicle refused and why. Values are shown and
// typed in the user's locale (a C-locale "0.5" is accepted too). Plain values in, plain requests out (the
// owner talks to the vehicle). Edited values stay marked until the vehicle confirms them.
// Save…, Load… and Compare… ask the owner to do that with a parameter file (requests out).
// With the autopilot's metadata (PX4's from the vehicle, ArduPilot's from its parameter
// definition file, Vayu's own): the unit, the range and the default (Range column), the
// description (below the table, the long one too), an enumeration's names (the value cell shows
// "3 (Name)" and edits with a drop-down of the names), a bitmask's bits (checkboxes below the
// table that set the value), and a value changed from its default in bold. A value outside the
// range, or not one of an enumeration's values, is refused here before anything is sent, the
// message giving the range or the values. Where the metadata comes from is shown above the
// table (setMetadataSource); "Definitions file…" asks the owner for an ArduPilot file.
// GUI thread only.
#pragma once

#include <QList>
#include <QString>
#include <QWidget>

#include <optional>
#include <utility>

class QLabel;
class QListWidget;
class QListWidgetItem;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace navigator {

struct ParameterValue {
  ParameterValue() = default;
  ParameterValue(QString name_, double value_, bool is_integer_)
      : name(std::move(name_)), value(value_), is_integer(is_integer_) {}
  QString name;
  double value = 0.0;
  bool is_integer = false;
  // What the autopilot's metadata says (shown beside the value; an edit outside the range is
  // refused here). No metadata: min > max and empty texts.
  double min = 1, max = 0;
  QString unit, description;
  QString long_description;
  std::optional<double> default_value;
  QList<std::pair<double, QString>> values;  // an enumeration: value, name
  QList<std::pair<int, QString>> bits;       // a bitmask: bit index, name
  bool hasRange() const { return min <= max; }
  // A REAL32 parameter travels as a 32-bit float: 0.2 on the vehicle reads 0.200000003, which is
  // its default 0.2 all the same; compared as the float the vehicle holds.
  bool changedFromDefault() const {
    if (!default_value) return false;
    return is_integer ? *default_value != value : float(*default_value) != float(value);
  }
};

class ParameterEditor : public QWidget {
  Q_OBJECT
 public:
  explicit ParameterEditor(QWidget* parent = nullptr);

  // Replaces the table with a fresh read from the vehicle (pending edits are dropped).
  void setParameters(const QList<ParameterValue>& parameters);
  // The vehicle reported a value (an answer to a write, or a change): shown, and a pending edit
  // of that name that matches is cleared.
  void showValue(const ParameterValue& parameter);
  // A write was refused: the cell shows the vehicle's value and the reason in red.
  void showRefused(const QString& name, const QString& reason);
  void setProgress(int received, int total);
  void setStatus(const QString& text);
  void setLinkAvailable(bool available);
  // Where the metadata comes from, in words ("from the vehicle (…)", "none: values only …").
  void setMetadataSource(const QString& text);
  QString metadataSource() const;
  // Offers "Definitions file…" (ArduPilot: its apm.pdef.xml / .json) or hides it.
  void setDefinitionsFileOffered(bool offered);

  // Edits not yet confirmed by the vehicle, in table order.
  QList<ParameterValue> pendingEdits() const;
  // The vehicle's values as last shown, with their metadata, in table order.
  const QList<ParameterValue>& parameters() const { return confirmed_; }
  int rowCount() const;
  QTableWidget* table() const { return table_; }
  QLineEdit* filter() const { return filter_; }
  QString descriptionShown() const;
  QListWidget* bitList() const { return bits_; }  // the selected bitmask parameter's bits
  QPushButton* definitionsButton() const { return definitions_; }

 signals:
  void readAllRequested();
  void writeRequested(const QList<navigator::ParameterValue>& edits);
  void saveFileRequested();
  void loadFileRequested();
  void compareFileRequested();
  void definitionsFileRequested();

 private:
  // The Value column's width: the widest value this table formats (seven significant digits,
  // a sign and an exponent, in the user's locale) or its header, with room for the editor.
  int valueColumnWidth() const;
  int rowOf(const QString& name) const;
  void layOut();  // the widgets made in the constructor, placed
  void cellEdited(int row, int column);
  void applyFilter(const QString& text);
  void setRowValue(int row, const ParameterValue& p);
  void showDescription();
  void showBits(int row);
  void bitToggled(QListWidgetItem* item);
  QString valueText(const ParameterValue& p, double value) const;
  QString problemWith(const ParameterValue& p, const QString& text, double value, bool ok) const;

  QTableWidget* table_ = nullptr;
  QLineEdit* filter_ = nullptr;
  QPushButton* read_ = nullptr;
  QPushButton* write_ = nullptr;
  QPushButton* save_ = nullptr;
  QPushButton* load_ = nullptr;
  QPushButton* compare_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QLabel* status_ = nullptr;
  QLabel* description_ = nullptr;
  QLabel* source_ = nullptr;
  QListWidget* bits_ = nullptr;
  QPushButton* definitions_ = nullptr;
  QList<ParameterValue> confirmed_;  // the vehicle's values, in row order
  bool quiet_ = false;
};

}  // namespace navigator
