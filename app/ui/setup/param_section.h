// A section of Vehicle Setup made of parameters (Power, Safety): one row per SetupRow of the
// vehicle's autopilot (setup_tables.h) — its value as the vehicle holds it, a spin box or a
// list of choices to change it, and what became of the change. Apply checks every changed row
// (its range or choices, and the table's orders: a critical level below the low one) and sends
// nothing when one is wrong, saying which and why; otherwise each goes out as PARAM_SET and its
// row says when the vehicle took it or why not. A row whose parameter the vehicle does not have
// (or has not sent yet) says so and cannot be changed.
// GUI thread only.
#pragma once

#include "app/ui/setup/setup_tables.h"
#include "app/vehicle/vehicle.h"

#include <QMap>
#include <QPointer>
#include <QWidget>

class QLabel;
class QPushButton;
class QVBoxLayout;

namespace navigator {

class ParamSection : public QWidget {
  Q_OBJECT
 public:
  explicit ParamSection(QString intro, std::function<SetupTable(Autopilot)> table, QWidget* parent = nullptr);

  void setVehicle(Vehicle* vehicle);

  // The row's editor value (nullopt: no such row, or its parameter is not on the vehicle).
  std::optional<double> editorValue(const QString& name) const;
  void setEditorValue(const QString& name, double value);
  QWidget* editor(const QString& name) const;
  QString rowStatus(const QString& name) const;
  QPushButton* applyButton() const { return apply_; }
  QString problemText() const;
  // Checks and sends `values` (name → value); false with the reasons shown when any is refused
  // (then nothing is sent).
  bool apply(const QMap<QString, double>& values);
  const SetupTable& table() const { return table_; }
  // Whether the table's done_when_nonzero parameter is non-zero on the vehicle.
  bool done() const;

 signals:
  void changed();

 private:
  struct Row {
    SetupRow spec;
    QWidget* editor = nullptr;
    QLabel* status = nullptr;
  };
  void rebuild();
  void showValue(const ParamValue& value);
  void onSetFinished(const QString& name, bool ok, const QString& message);
  void applyEdits();
  QStringList orderProblems(const QMap<QString, double>& values) const;
  std::optional<double> vehicleValue(const QString& name) const;

  QString intro_;
  std::function<SetupTable(Autopilot)> make_table_;
  QPointer<Vehicle> vehicle_;
  SetupTable table_;
  Autopilot autopilot_ = Autopilot::Unknown;
  std::vector<Row> rows_;
  QVBoxLayout* layout_ = nullptr;
  QWidget* form_host_ = nullptr;
  QLabel* problems_ = nullptr;
  QPushButton* apply_ = nullptr;
  QMetaObject::Connection value_conn_, set_conn_, vehicle_conn_;
};

}  // namespace navigator
