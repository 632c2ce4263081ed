// ParameterEditor: the vehicle's parameters in a table — name, value, unit and range, the
// description of the selected one below (and in every cell's tooltip) — read them all, edit
// values, write the changed ones, see which the vehicle refused and why. Values are shown and
// typed in the user's locale (a C-locale "0.5" is accepted too). Plain values in, plain requests out (the
// owner talks to the vehicle). Edited values stay marked until the vehicle confirms them.
// Save…, Load… and Compare… ask the owner to do that with a parameter file (requests out).
// GUI thread only.
#pragma once

#include <QList>
#include <QString>
#include <QWidget>

#include <utility>

class QLabel;
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
  bool hasRange() const { return min <= max; }
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

  // Edits not yet confirmed by the vehicle, in table order.
  QList<ParameterValue> pendingEdits() const;
  // The vehicle's values as last shown, with their metadata, in table order.
  const QList<ParameterValue>& parameters() const { return confirmed_; }
  int rowCount() const;
  QTableWidget* table() const { return table_; }
  QLineEdit* filter() const { return filter_; }
  QString descriptionShown() const;

 signals:
  void readAllRequested();
  void writeRequested(const QList<navigator::ParameterValue>& edits);
  void saveFileRequested();
  void loadFileRequested();
  void compareFileRequested();

 private:
  // The Value column's width: the widest value this table formats (seven significant digits,
  // a sign and an exponent, in the user's locale) or its header, with room for the editor.
  int valueColumnWidth() const;
  int rowOf(const QString& name) const;
  void cellEdited(int row, int column);
  void applyFilter(const QString& text);
  void setRowValue(int row, const ParameterValue& p);
  void showDescription();

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
  QList<ParameterValue> confirmed_;  // the vehicle's values, in row order
  bool quiet_ = false;
};

}  // namespace navigator
