// InertiaInspector: the panel where a user reads a mesh's mass properties, states its unit
// and its density or mass, and sees what is wrong with the mesh. GUI thread only.
#pragma once

#include "app/core/mesh_loader.h"
#include "sim/mass/mesh_mass_properties.h"

#include <QWidget>

#include <optional>

#include <memory>

class QButtonGroup;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QPushButton;

namespace navigator {

class MassPropertiesTable;

class InertiaInspector : public QWidget {
  Q_OBJECT
 public:
  explicit InertiaInspector(QWidget* parent = nullptr);

  // Shows a freshly loaded mesh and clears any error.
  void showMesh(std::shared_ptr<const LoadedMesh> mesh);
  // Shows why a file could not be read; the mesh on show (if any) stays, and says so.
  void showError(const QString& message);

  bool allowOpen() const;
  // The whole part's mass properties turned into the body's FRD axes as the "Mesh axes" choice
  // says, in metres and kilograms (what "Fly these mass properties" flies); none while there is
  // no reliable result.
  std::optional<vsim::MassProperties> bodyMassProperties() const;
  vsim::MassSpec massSpec() const;
  void setMassSpec(const vsim::MassSpec& spec);

  MassPropertiesTable* table() const { return table_; }
  // The unit a part whose largest extent is `largest_extent` file units was most likely drawn
  // in: `current` when that makes it a plausible drone part (5 mm … 5 m across), else the first
  // of millimetres (CAD's default), centimetres, inches, metres that does; `current` when none.
  static vsim::LengthUnit likelyUnit(double largest_extent, vsim::LengthUnit current);
  // The suggestion on show ("… drawn in millimetres?"), empty when the unit is plausible.
  QString unitSuggestion() const;
  QPushButton* useSuggestedUnitButton() const { return use_unit_; }
  QComboBox* unitChoice() const { return unit_; }
  QString errorText() const;
  QString diagnosticsText() const;

 signals:
  // The user changed whether open meshes may be computed: the file should be read again.
  void allowOpenChanged(bool allow);
  // Unit, density or mass changed (so settings can remember them).
  void massSpecChanged();
  // The user asked to fly these mass properties: the mesh's result turned into the body's FRD
  // axes as the "Mesh axes" choice says, in metres and kilograms; and the mesh itself for the
  // 3-D view, 9 floats per triangle in body FLU metres about the centre of mass.
  void flyRequested(const vsim::MassProperties& body_FRD, const QVector<float>& corners_FLU_m);

 private:
  QFormLayout* buildMassForm();
  void buildResultWidgets();
  void connectMassInputs();
  void recompute();
  void updateUnitSuggestion();
  QString unitSettingsKey() const;
  void updateDiagnostics();
  void copyAll();
  void requestFlight();

  std::shared_ptr<const LoadedMesh> mesh_;
  QLabel* file_label_ = nullptr;
  QLabel* unit_hint_ = nullptr;
  QPushButton* use_unit_ = nullptr;
  QComboBox* unit_ = nullptr;
  QButtonGroup* basis_ = nullptr;
  QDoubleSpinBox* density_ = nullptr;
  QComboBox* material_ = nullptr;
  QDoubleSpinBox* mass_ = nullptr;
  QCheckBox* allow_open_ = nullptr;
  QLabel* error_ = nullptr;
  MassPropertiesTable* table_ = nullptr;
  QLabel* diagnostics_ = nullptr;
  QPushButton* copy_ = nullptr;
  QComboBox* mesh_axes_ = nullptr;
  QPushButton* fly_ = nullptr;
  std::optional<vsim::MassProperties> result_;  // the mesh's own axes; none while unreliable
};

}  // namespace navigator
