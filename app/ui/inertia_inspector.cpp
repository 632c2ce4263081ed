#include "app/ui/inertia_inspector.h"

#include "widgets/mass_properties_table.h"

#include <QApplication>
#include <QButtonGroup>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QCryptographicHash>
#include <QDoubleSpinBox>
#include <QSignalBlocker>
#include <QSettings>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

namespace navigator {
namespace {

constexpr int kDensityBasis = 0, kMassBasis = 1;

struct Material {
  const char* name;  // translated through QT_TRANSLATE_NOOP
  double density_kgm3;
};

// Typical densities of what multirotor parts are made of (manufacturers' data sheets).
const Material kMaterials[] = {
    {QT_TRANSLATE_NOOP("navigator::InertiaInspector", "PLA (printed solid)"), 1240},
    {QT_TRANSLATE_NOOP("navigator::InertiaInspector", "PETG"), 1270},
    {QT_TRANSLATE_NOOP("navigator::InertiaInspector", "ABS"), 1040},
    {QT_TRANSLATE_NOOP("navigator::InertiaInspector", "Nylon PA12"), 1010},
    {QT_TRANSLATE_NOOP("navigator::InertiaInspector", "Carbon-fibre laminate"), 1600},
    {QT_TRANSLATE_NOOP("navigator::InertiaInspector", "FR4 glass-fibre board"), 1850},
    {QT_TRANSLATE_NOOP("navigator::InertiaInspector", "Aluminium 6061"), 2700},
    {QT_TRANSLATE_NOOP("navigator::InertiaInspector", "Water"), 1000},
};

MassPropertiesValues tableValues(const vsim::MeshMassProperties& m, double body_size_m) {
  MassPropertiesValues v;
  v.body_size_m = body_size_m;
  v.mass_kg = m.body.mass_kg;
  v.volume_m3 = m.volume_m3;
  v.density_kgm3 = m.density_kgm3;
  const vsim::PrincipalAxes p = vsim::principalAxes(m.body.inertia_com_B_kgm2);
  for (int i = 0; i < 3; ++i) {
    v.com_m[i] = m.body.com_B_m[i];
    v.principal_moments_kgm2[i] = p.moments_kgm2[i];
    for (int j = 0; j < 3; ++j) {
      v.inertia_kgm2[i][j] = m.body.inertia_com_B_kgm2(i, j);
      v.principal_axes[i][j] = p.R_BP(j, i);  // axis i is column i of R_BP
    }
  }
  return v;
}

}  // namespace

InertiaInspector::InertiaInspector(QWidget* parent) : QWidget(parent) {
  file_label_ = new QLabel(tr("Open a mesh (File → Open Mesh…, or drop a file here)."));
  file_label_->setWordWrap(true);
  file_label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  QFormLayout* form = buildMassForm();
  buildResultWidgets();

  auto* diagnostics_box = new QGroupBox(tr("Mesh check"));
  (new QVBoxLayout(diagnostics_box))->addWidget(diagnostics_);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(file_label_);
  layout->addLayout(form);
  layout->addWidget(allow_open_);
  layout->addWidget(error_);
  layout->addWidget(table_, 1);
  auto* actions = new QHBoxLayout;
  actions->addWidget(new QLabel(tr("Mesh axes")));
  actions->addWidget(mesh_axes_);
  actions->addWidget(fly_);
  actions->addStretch();
  actions->addWidget(copy_);
  layout->addLayout(actions);
  layout->addWidget(diagnostics_box);

  connectMassInputs();
  connect(allow_open_, &QCheckBox::toggled, this, &InertiaInspector::allowOpenChanged);
  connect(copy_, &QPushButton::clicked, this, &InertiaInspector::copyAll);
  connect(fly_, &QPushButton::clicked, this, &InertiaInspector::requestFlight);
  updateDiagnostics();
}

// What the mass properties are computed from: the mesh's unit (and the suggestion of another),
// the basis — density (or a material's) or total mass — and its value.
QFormLayout* InertiaInspector::buildMassForm() {
  unit_ = new QComboBox;
  unit_->addItem(tr("metres (m)"), int(vsim::LengthUnit::Metre));
  unit_->addItem(tr("centimetres (cm)"), int(vsim::LengthUnit::Centimetre));
  unit_->addItem(tr("millimetres (mm)"), int(vsim::LengthUnit::Millimetre));
  unit_->addItem(tr("inches (in)"), int(vsim::LengthUnit::Inch));
  unit_->setToolTip(tr("Mesh files carry no unit: say which one the mesh was drawn in. Remembered for each file."));
  unit_hint_ = new QLabel;
  unit_hint_->setWordWrap(true);
  unit_hint_->setStyleSheet(QStringLiteral("QLabel { color: #c06000; font-weight: bold; }"));
  unit_hint_->hide();
  use_unit_ = new QPushButton;
  use_unit_->hide();

  auto* by_density = new QRadioButton(tr("Density"));
  auto* by_mass = new QRadioButton(tr("Total mass"));
  basis_ = new QButtonGroup(this);
  basis_->addButton(by_density, kDensityBasis);
  basis_->addButton(by_mass, kMassBasis);
  by_density->setChecked(true);

  density_ = new QDoubleSpinBox;
  density_->setRange(0.001, 1e6);
  density_->setDecimals(3);
  density_->setValue(1000.0);
  density_->setSuffix(tr(" kg/m³"));
  material_ = new QComboBox;
  material_->addItem(tr("Material…"), 0.0);
  for (const Material& m : kMaterials)
    material_->addItem(tr("%1 (%2 kg/m³)").arg(tr(m.name)).arg(m.density_kgm3), m.density_kgm3);
  mass_ = new QDoubleSpinBox;
  mass_->setRange(1e-6, 1e6);
  mass_->setDecimals(6);
  mass_->setValue(1.0);
  mass_->setSuffix(tr(" kg"));
  mass_->setEnabled(false);

  auto* form = new QFormLayout;
  form->addRow(tr("Mesh unit"), unit_);
  form->addRow(unit_hint_);
  form->addRow(use_unit_);
  auto* basis_row = new QHBoxLayout;
  basis_row->addWidget(by_density);
  basis_row->addWidget(by_mass);
  basis_row->addStretch();
  form->addRow(tr("Mass from"), basis_row);
  auto* density_row = new QHBoxLayout;
  density_row->addWidget(density_, 1);
  density_row->addWidget(material_, 1);
  form->addRow(tr("Density"), density_row);
  form->addRow(tr("Total mass"), mass_);
  return form;
}

// The result's widgets: the open-mesh override, the error, the table, Copy all, the mesh's
// axes and Fly, and the mesh check.
void InertiaInspector::buildResultWidgets() {
  allow_open_ = new QCheckBox(tr("Compute even if the mesh is not closed (result unreliable)"));

  error_ = new QLabel;
  error_->setWordWrap(true);
  error_->setStyleSheet("QLabel { color: #c0392b; font-weight: bold; }");
  error_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  error_->hide();

  table_ = new MassPropertiesTable;
  copy_ = new QPushButton(tr("Copy all"));
  copy_->setToolTip(tr("Copy the whole table as tab-separated text with full precision"));
  mesh_axes_ = new QComboBox;
  mesh_axes_->addItem(tr("x forward, y left, z up (CAD)"), 0);
  mesh_axes_->addItem(tr("x forward, y right, z down (FRD)"), 1);
  mesh_axes_->setToolTip(tr("How the mesh's axes lie on the vehicle: a CAD z-up mesh is turned half a turn about x"));
  fly_ = new QPushButton(tr("Fly with these mass properties"));
  fly_->setToolTip(
      tr("Give the simulated vehicle this mass, centre of mass and inertia tensor. Its rotors, IMU and "
         "feet stay where the airframe puts them, so the mesh must share the airframe's origin."));
  fly_->setEnabled(false);
  diagnostics_ = new QLabel;
  diagnostics_->setWordWrap(true);
  diagnostics_->setTextInteractionFlags(Qt::TextSelectableByMouse);
}

// The unit, basis, density, material and mass: each change recomputes and is announced.
void InertiaInspector::connectMassInputs() {
  connect(unit_, &QComboBox::currentIndexChanged, this, [this] {
    if (mesh_) QSettings().setValue(unitSettingsKey(), unit_->currentData().toInt());  // this file's unit
    recompute();
    updateUnitSuggestion();
    emit massSpecChanged();
  });
  connect(use_unit_, &QPushButton::clicked, this,
          [this] { unit_->setCurrentIndex(unit_->findData(use_unit_->property("unit").toInt())); });
  connect(basis_, &QButtonGroup::idToggled, this, [this](int id, bool on) {
    if (!on) return;
    density_->setEnabled(id == kDensityBasis);
    material_->setEnabled(id == kDensityBasis);
    mass_->setEnabled(id == kMassBasis);
    recompute();
    emit massSpecChanged();
  });
  connect(density_, &QDoubleSpinBox::valueChanged, this, [this] {
    const int match = material_->findData(density_->value());
    if (match != material_->currentIndex()) material_->setCurrentIndex(match < 0 ? 0 : match);
    recompute();
    emit massSpecChanged();
  });
  connect(material_, &QComboBox::activated, this, [this](int index) {
    const double rho = material_->itemData(index).toDouble();
    if (rho > 0) density_->setValue(rho);
  });
  connect(mass_, &QDoubleSpinBox::valueChanged, this, [this] {
    recompute();
    emit massSpecChanged();
  });
}

void InertiaInspector::showMesh(std::shared_ptr<const LoadedMesh> mesh) {
  mesh_ = std::move(mesh);
  error_->hide();
  error_->clear();
  const QFileInfo info(mesh_->path);
  file_label_->setText(tr("<b>%1</b><br>%2").arg(info.fileName().toHtmlEscaped(), info.absolutePath().toHtmlEscaped()));
  file_label_->setToolTip(mesh_->path);
  // The unit this file was last read in, when it was read before.
  const QVariant remembered = QSettings().value(unitSettingsKey());
  const int index = remembered.isValid() ? unit_->findData(remembered.toInt()) : -1;
  if (index >= 0 && index != unit_->currentIndex()) {
    const QSignalBlocker quiet(unit_);
    unit_->setCurrentIndex(index);
    emit massSpecChanged();
  }
  recompute();
  updateUnitSuggestion();
}

QString InertiaInspector::unitSettingsKey() const {
  const QByteArray hash =
      QCryptographicHash::hash(QFileInfo(mesh_->path).absoluteFilePath().toUtf8(), QCryptographicHash::Sha1);
  return QStringLiteral("inspector/unitByFile/") + QString::fromLatin1(hash.toHex());
}

vsim::LengthUnit InertiaInspector::likelyUnit(double largest_extent, vsim::LengthUnit current) {
  const auto plausible = [largest_extent](vsim::LengthUnit u) {
    const double m = largest_extent * vsim::metresPerUnit(u);
    return m >= 0.005 && m <= 5.0;
  };
  if (!std::isfinite(largest_extent) || largest_extent <= 0 || plausible(current)) return current;
  for (vsim::LengthUnit u :
       {vsim::LengthUnit::Millimetre, vsim::LengthUnit::Centimetre, vsim::LengthUnit::Inch, vsim::LengthUnit::Metre})
    if (plausible(u)) return u;
  return current;
}

void InertiaInspector::updateUnitSuggestion() {
  unit_hint_->hide();
  use_unit_->hide();
  if (!mesh_) return;
  const vsim::MeshDiagnostics& d = mesh_->analysis.diagnostics;
  const Eigen::Vector3d extent = (d.bounds_max - d.bounds_min).cast<double>();
  const double largest = extent.maxCoeff();
  const vsim::LengthUnit current = massSpec().unit;
  const vsim::LengthUnit likely = likelyUnit(largest, current);
  if (likely == current) return;
  const int likely_index = unit_->findData(int(likely));
  const bool too_small = largest * vsim::metresPerUnit(current) < 0.005;  // likelyUnit's plausible range
  unit_hint_->setText(
      (too_small ? tr("In %1 this part is %2 across — no drone part is that small. It was most likely drawn in %3.")
                 : tr("In %1 this part is %2 across — no drone part is that large. It was most likely drawn in %3."))
          .arg(unit_->currentText())
          .arg(QLocale().toString(largest * vsim::metresPerUnit(current), 'g', 3) + QStringLiteral(" m"))
          .arg(unit_->itemText(likely_index)));
  use_unit_->setText(tr("Use %1").arg(unit_->itemText(likely_index)));
  use_unit_->setProperty("unit", int(likely));
  unit_hint_->show();
  use_unit_->show();
}

QString InertiaInspector::unitSuggestion() const { return unit_hint_->isHidden() ? QString() : unit_hint_->text(); }

void InertiaInspector::showError(const QString& message) {
  error_->setText(mesh_ ? tr("%1\nStill showing the previous mesh, %2.").arg(message, QFileInfo(mesh_->path).fileName())
                        : message);
  error_->show();
}

bool InertiaInspector::allowOpen() const { return allow_open_->isChecked(); }

vsim::MassSpec InertiaInspector::massSpec() const {
  vsim::MassSpec spec;
  spec.unit = vsim::LengthUnit(unit_->currentData().toInt());
  spec.basis = basis_->checkedId() == kMassBasis ? vsim::MassSpec::Basis::TotalMass : vsim::MassSpec::Basis::Density;
  spec.value = spec.basis == vsim::MassSpec::Basis::TotalMass ? mass_->value() : density_->value();
  return spec;
}

void InertiaInspector::setMassSpec(const vsim::MassSpec& spec) {
  unit_->setCurrentIndex(std::max(0, unit_->findData(int(spec.unit))));
  if (spec.basis == vsim::MassSpec::Basis::TotalMass) {
    mass_->setValue(spec.value);
    basis_->button(kMassBasis)->setChecked(true);
  } else {
    density_->setValue(spec.value);
    basis_->button(kDensityBasis)->setChecked(true);
  }
}

QString InertiaInspector::errorText() const { return error_->text(); }

QString InertiaInspector::diagnosticsText() const { return diagnostics_->text(); }

void InertiaInspector::recompute() {
  updateDiagnostics();
  result_.reset();
  fly_->setEnabled(false);
  if (!mesh_) return;
  const auto mass = vsim::scaleToMass(mesh_->analysis.solid, massSpec());
  if (!mass) {
    table_->clearValues();
    showError(QString::fromStdString(mass.error().message));
    return;
  }
  const vsim::MeshDiagnostics& d = mesh_->analysis.diagnostics;
  const double size_m = double((d.bounds_max - d.bounds_min).norm()) * vsim::metresPerUnit(massSpec().unit);
  table_->setValues(tableValues(*mass, size_m), mesh_->analysis.reliable);
  if (mesh_->analysis.reliable) result_ = mass->body;
  fly_->setEnabled(result_.has_value());
}

namespace {

// The mesh's axes to body FRD as the "Mesh axes" choice says: FLU → FRD is half a turn about x,
// R = diag(1, −1, −1); FRD already, the identity.
Eigen::Matrix3d meshToBody(int mesh_axes_choice) {
  return mesh_axes_choice == 0 ? Eigen::Vector3d(1, -1, -1).asDiagonal().toDenseMatrix() : Eigen::Matrix3d::Identity();
}

}  // namespace

std::optional<vsim::MassProperties> InertiaInspector::bodyMassProperties() const {
  if (!result_) return std::nullopt;
  // A tensor turns as R·I·Rᵀ.
  const Eigen::Matrix3d R = meshToBody(mesh_axes_->currentData().toInt());
  vsim::MassProperties body;
  body.mass_kg = result_->mass_kg;
  body.com_B_m = R * result_->com_B_m;
  body.inertia_com_B_kgm2 = R * result_->inertia_com_B_kgm2 * R.transpose();
  return body;
}

void InertiaInspector::requestFlight() {
  const std::optional<vsim::MassProperties> mass = bodyMassProperties();
  if (!mass) return;
  const Eigen::Matrix3d R = meshToBody(mesh_axes_->currentData().toInt());
  const vsim::MassProperties& body = *mass;
  // Each corner: metres, body FRD, about the centre of mass, then FLU (half a turn about x again).
  const double metres = vsim::metresPerUnit(massSpec().unit);
  QVector<float> corners_FLU_m(mesh_->corners_xyz.size());
  for (qsizetype i = 0; i + 2 < mesh_->corners_xyz.size(); i += 3) {
    const Eigen::Vector3d c(mesh_->corners_xyz[i], mesh_->corners_xyz[i + 1], mesh_->corners_xyz[i + 2]);
    const Eigen::Vector3d frd = R * (c * metres) - body.com_B_m;
    corners_FLU_m[i] = float(frd.x());
    corners_FLU_m[i + 1] = float(-frd.y());
    corners_FLU_m[i + 2] = float(-frd.z());
  }
  emit flyRequested(body, corners_FLU_m);
}

void InertiaInspector::updateDiagnostics() {
  if (!mesh_) {
    diagnostics_->setText(tr("No mesh loaded."));
    return;
  }
  const vsim::MeshDiagnostics& d = mesh_->analysis.diagnostics;
  const vsim::MassSpec spec = massSpec();
  const Eigen::Vector3f size = d.bounds_max - d.bounds_min;
  const QString unit = QString::fromLatin1(vsim::lengthUnitSymbol(spec.unit).data());
  QStringList lines;
  lines << tr("Triangles: %1 · shells: %2").arg(QLocale().toString(qulonglong(d.triangles))).arg(d.shells);
  lines << tr("Size %1 × %2 × %3 %4")
               .arg(QLocale().toString(size.x(), 'g', 5), QLocale().toString(size.y(), 'g', 5),
                    QLocale().toString(size.z(), 'g', 5), unit);
  lines << (d.closed ? tr("✔ Closed: every edge joins exactly two triangles.")
                     : tr("⚠ Not closed: %1 open edges, %2 edges shared by more than two triangles, %3 edges between "
                          "flipped triangles. The mesh does not bound a solid, so the numbers are unreliable.")
                           .arg(d.open_edges)
                           .arg(d.non_manifold_edges)
                           .arg(d.misoriented_edges));
  const vsim::PrincipalAxes principal = vsim::principalAxes(mesh_->analysis.solid.inertia_per_density_L5);
  const Eigen::Vector3d& I = principal.moments_kgm2;
  const bool first_pair = I(1) - I(0) <= 1e-4 * I(2), second_pair = I(2) - I(1) <= 1e-4 * I(2);
  if (first_pair && second_pair)
    lines << tr("ℹ All three principal moments are equal within 0.01 %: every axis is a principal axis.");
  else if (first_pair || second_pair)
    lines << tr("ℹ Principal moments %1 and %2 are equal within 0.01 %: any axis in their plane is a principal axis.")
                 .arg(first_pair ? 1 : 2)
                 .arg(first_pair ? 2 : 3);
  if (d.inside_out)
    lines << tr(
        "⚠ Inside out: the triangles are wound inward. The result has been corrected; fix the normals in "
        "your CAD export.");
  if (d.tolerance_merged > 0)
    lines << tr("ℹ Welded within %1 %2 (4 float resolutions at the mesh's size): %3 vertices an exporter wrote twice "
                "with rounding apart.")
                 .arg(QLocale().toString(d.weld_tolerance, 'g', 3))
                 .arg(unit)
                 .arg(d.tolerance_merged);
  else
    lines << tr("Welded within %1 %2 where edges were open (4 float resolutions at the mesh's size).")
                 .arg(QLocale().toString(d.weld_tolerance, 'g', 3))
                 .arg(unit);
  if (d.degenerate > 0)
    lines << tr("ℹ Degenerate (zero-area) triangles: %1. They add nothing and were ignored.").arg(d.degenerate);
  if (d.skipped_primitives > 0) lines << tr("ℹ Points and lines in the file, ignored: %1.").arg(d.skipped_primitives);
  diagnostics_->setText(lines.join('\n'));
}

void InertiaInspector::copyAll() { QApplication::clipboard()->setText(table_->toTsv(false)); }

}  // namespace navigator
