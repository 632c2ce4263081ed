#include "widgets/flight_view/flight_view_3d.h"

#include "widgets/scene3d/scene3d.h"

#include "widgets/flight_view/camera_rig.h"
#include "widgets/flight_view/ground_grid.h"
#include "widgets/flight_view/height_marker.h"
#include "widgets/flight_view/obstacle_entities.h"
#include "widgets/flight_view/trail.h"
#include "widgets/flight_view/vehicle_entity.h"
#include "widgets/flight_view/wind_arrow.h"

#include <Qt3DCore/QEntity>
#include <Qt3DExtras/QForwardRenderer>
#include <Qt3DExtras/Qt3DWindow>
#include <Qt3DLogic/QFrameAction>
#include <Qt3DRender/QCamera>
#include <Qt3DRender/QDirectionalLight>
#include <Qt3DRender/QRenderCapture>
#include <Qt3DRender/QRenderCaptureReply>
#include <Qt3DRender/QRenderSettings>

#include <QCheckBox>
#include <QLocale>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <QtMath>

#include <cmath>

namespace navigator {
namespace {

const QColor kSky(0x8c, 0xaa, 0xc8);
constexpr float kFieldOfView_deg = 50.0f;
constexpr float kNear_m = 0.05f;
constexpr float kFar_m = 1500.0f;

void addLight(Qt3DCore::QEntity* root, const QVector3D& direction_S, float intensity) {
  auto* light = new Qt3DRender::QDirectionalLight;
  light->setWorldDirection(direction_S);
  light->setIntensity(intensity);
  (new Qt3DCore::QEntity(root))->addComponent(light);
}

}  // namespace

FlightView3D::FlightView3D(QWidget* parent) : QWidget(parent), rig_(std::make_unique<flight_view::CameraRig>()) {
  window_ = new Qt3DExtras::Qt3DWindow;
  window_->defaultFrameGraph()->setClearColor(kSky);
  // Draw only when something changed: at the pose rate while flying, nothing while paused.
  window_->renderSettings()->setRenderPolicy(Qt3DRender::QRenderSettings::OnDemand);
  capture_ = scene3d::addFrameCapture(window_);

  root_ = new Qt3DCore::QEntity;
  camera_ = window_->camera();
  camera_->lens()->setPerspectiveProjection(kFieldOfView_deg, 16.0f / 9.0f, kNear_m, kFar_m);
  // Sun high in the south-west, a weaker fill from the north-east; both shine downwards
  // (scene −y), which the lines' flat colour relies on (scene_geometry.h).
  addLight(root_, QVector3D(0.5f, -1.0f, -0.4f), 0.9f);
  addLight(root_, QVector3D(-0.5f, -0.6f, 0.6f), 0.35f);

  grid_ = new flight_view::GroundGrid(root_);
  height_marker_ = new flight_view::HeightMarker(root_);
  obstacles_ = new flight_view::ObstacleEntities(root_);
  trail_ = new flight_view::Trail(kDefaultTrailPoints, root_);
  vehicle_ = new flight_view::VehicleEntity(root_);
  wind_arrow_ = new flight_view::WindArrow(root_);

  // The aspect engine ticks about 60 times a second whether or not it draws (on demand, it
  // draws only ticks that picked up a change), so a frame counts as drawn when the tick finds
  // the scene changed since the last one.
  auto* frame_action = new Qt3DLogic::QFrameAction;
  connect(frame_action, &Qt3DLogic::QFrameAction::triggered, this, [this](float) {
    if (!scene_changed_) return;
    scene_changed_ = false;
    ++frames_rendered_;
  });
  root_->addComponent(frame_action);

  window_->setRootEntity(root_);
  window_->installEventFilter(this);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  QWidget* container = QWidget::createWindowContainer(window_, this);
  container->setMinimumSize(320, 240);
  container->setFocusPolicy(Qt::StrongFocus);
  layout->addWidget(container, 1);
  buildBar();
  setAccessibleName(tr("3-D flight view"));
  rig_->snap();
  updateCamera(0.0f);
  updateWindText();
}

FlightView3D::~FlightView3D() { window_->removeEventFilter(this); }

void FlightView3D::buildBar() {
  auto* bar = new QHBoxLayout;
  bar->setContentsMargins(4, 0, 4, 2);
  camera_combo_ = new QComboBox(this);
  camera_combo_->addItem(tr("Follow"), int(FlightCameraMode::Follow));
  camera_combo_->addItem(tr("Orbit"), int(FlightCameraMode::Orbit));
  camera_combo_->addItem(tr("Ground observer"), int(FlightCameraMode::Observer));
  camera_combo_->setToolTip(
      tr("Camera: follow behind the vehicle, orbit around it (drag, wheel), "
         "or watch from a fixed point on the ground"));
  connect(camera_combo_, &QComboBox::activated, this,
          [this](int index) { setCameraMode(FlightCameraMode(camera_combo_->itemData(index).toInt())); });
  axes_box_ = new QCheckBox(tr("Body axes"), this);
  axes_box_->setToolTip(tr("Draw the body axes: forward red, left green, up blue"));
  connect(axes_box_, &QCheckBox::toggled, this, &FlightView3D::setBodyAxesVisible);
  wind_label_ = new QLabel(this);
  bar->addWidget(new QLabel(tr("Camera:"), this));
  bar->addWidget(camera_combo_);
  bar->addWidget(axes_box_);
  bar->addStretch(1);
  bar->addWidget(wind_label_);
  static_cast<QVBoxLayout*>(layout())->addLayout(bar);
}

void FlightView3D::setVehicleMesh(const QVector<float>& corners_FLU_m) {
  vehicle_mesh_FLU_m_ = corners_FLU_m;
  vehicle_->setMesh(corners_FLU_m);
  for (flight_view::VehicleEntity* other : others_) other->setMesh(corners_FLU_m);
  scene_changed_ = true;
}

void FlightView3D::setFallbackArmLength(float arm_m) {
  fallback_arm_m_ = arm_m;
  vehicle_->setFallbackArmLength(arm_m);
  for (flight_view::VehicleEntity* other : others_) other->setFallbackArmLength(arm_m);
  scene_changed_ = true;
}

void FlightView3D::setFallbackRotors(const QVector<RotorGlyph>& rotors) {
  fallback_rotors_ = rotors;
  vehicle_->setFallbackRotors(rotors);
  for (flight_view::VehicleEntity* other : others_) other->setFallbackRotors(rotors);
  scene_changed_ = true;
}

void FlightView3D::setOtherVehiclePoses(const QVector<QPair<QVector3D, QQuaternion>>& poses_ENU) {
  while (others_.size() > poses_ENU.size()) delete others_.takeLast();
  while (others_.size() < poses_ENU.size()) {
    auto* other = new flight_view::VehicleEntity(root_);
    other->setFallbackArmLength(fallback_arm_m_);
    other->setFallbackRotors(fallback_rotors_);
    if (!vehicle_mesh_FLU_m_.isEmpty()) other->setMesh(vehicle_mesh_FLU_m_);
    others_.push_back(other);
  }
  for (int i = 0; i < poses_ENU.size(); ++i)
    others_[i]->setEnabled(others_[i]->setPose(poses_ENU[i].first, poses_ENU[i].second));
  scene_changed_ = true;
}

void FlightView3D::setVehiclePose(const QVector3D& position_ENU_m, const QQuaternion& attitude_ENU_FLU) {
  if (!vehicle_->setPose(position_ENU_m, attitude_ENU_FLU)) return;
  const float dt_s = since_pose_.isValid() ? float(since_pose_.restart()) * 1e-3f : 0.0f;
  if (!since_pose_.isValid()) since_pose_.start();
  grid_->followVehicle(position_ENU_m);
  height_marker_->setVehicle(position_ENU_m);
  trail_->append(position_ENU_m);
  wind_arrow_->setAnchor(position_ENU_m);
  updateCamera(dt_s);
}

void FlightView3D::setWind(const QVector3D& wind_ENU_mps) {
  wind_arrow_->setWind(wind_ENU_mps);
  scene_changed_ = true;
  updateWindText();
}

void FlightView3D::setObstacles(const QVector<FlightViewObstacle>& obstacles) {
  obstacles_->setObstacles(obstacles);
  scene_changed_ = true;
}

void FlightView3D::setWorldMesh(const QVector<float>& corners_ENU_m) {
  obstacles_->setWorldMesh(corners_ENU_m);
  scene_changed_ = true;
}

void FlightView3D::setGroundHeight(float up_m) {
  if (!std::isfinite(up_m)) return;
  grid_->setGroundHeight(up_m);
  height_marker_->setGroundHeight(up_m);
  scene_changed_ = true;
}

void FlightView3D::setTrailPointCount(int points) {
  trail_->setCapacity(points);
  scene_changed_ = true;
}

int FlightView3D::trailPointCount() const { return trail_->capacity(); }

void FlightView3D::setTrail(const QVector<QVector3D>& points_ENU_m) {
  trail_->assign(points_ENU_m);
  scene_changed_ = true;
}

void FlightView3D::clearTrail() {
  trail_->clear();
  scene_changed_ = true;
}

void FlightView3D::setBodyAxesVisible(bool visible) {
  vehicle_->setBodyAxesVisible(visible);
  scene_changed_ = true;
  if (axes_box_->isChecked() != visible) axes_box_->setChecked(visible);
}

bool FlightView3D::bodyAxesVisible() const { return vehicle_->bodyAxesVisible(); }

void FlightView3D::setCameraMode(FlightCameraMode mode) {
  const bool changed = mode != rig_->mode();
  rig_->setMode(mode);
  camera_combo_->setCurrentIndex(camera_combo_->findData(int(mode)));
  updateCamera(0.0f);
  if (changed) emit cameraModeChanged(mode);
}

FlightCameraMode FlightView3D::cameraMode() const { return rig_->mode(); }

void FlightView3D::setFollowDistance(float distance_m) {
  rig_->setFollowDistance(distance_m);
  updateCamera(0.0f);
}

float FlightView3D::followDistance_m() const { return rig_->followDistance_m(); }

void FlightView3D::setOrbit(float azimuth_deg, float elevation_deg, float distance_m) {
  rig_->setOrbit(azimuth_deg, elevation_deg, distance_m);
  updateCamera(0.0f);
}

float FlightView3D::orbitAzimuth_deg() const { return rig_->orbitAzimuth_deg(); }
float FlightView3D::orbitElevation_deg() const { return rig_->orbitElevation_deg(); }
float FlightView3D::orbitDistance_m() const { return rig_->orbitDistance_m(); }

void FlightView3D::setObserverPosition(const QVector3D& position_ENU_m) {
  rig_->setObserverPosition(position_ENU_m);
  updateCamera(0.0f);
}

QVector3D FlightView3D::observerPosition_ENU_m() const { return rig_->observerPosition_ENU_m(); }

void FlightView3D::setFollowHeadingTimeConstant(float tau_s) { rig_->setHeadingTimeConstant(tau_s); }

Qt3DRender::QRenderCaptureReply* FlightView3D::requestFrameCapture() { return capture_->requestCapture(); }

QImage FlightView3D::capturedImage(const Qt3DRender::QRenderCaptureReply* reply) {
  return scene3d::capturedImage(reply);
}

void FlightView3D::updateCamera(float dt_s) {
  const flight_view::CameraPlacement p = rig_->update(vehicle_->position_ENU_m(), vehicle_->attitude_ENU_FLU(), dt_s);
  camera_->setPosition(p.position_S);
  camera_->setViewCenter(p.view_centre_S);
  camera_->setUpVector(p.up_S);
  scene_changed_ = true;
}

void FlightView3D::updateWindText() {
  const flight_view::WindArrow* a = wind_arrow_;
  if (!a->shown()) {
    wind_label_->setText(tr("Wind: calm"));
    return;
  }
  // Meteorological bearing: where the wind comes from, clockwise from north.
  const QVector3D d = a->direction_ENU();
  const double from_deg = std::fmod(qRadiansToDegrees(std::atan2(-d.x(), -d.y())) + 360.0, 360.0);
  wind_label_->setText(
      tr("Wind: %1 m/s from %2°")
          .arg(QLocale().toString(double(a->speed_mps()), 'f', 1), QLocale().toString(from_deg, 'f', 0)));
}

bool FlightView3D::eventFilter(QObject* watched, QEvent* event) {
  if (watched != window_) return QWidget::eventFilter(watched, event);
  const std::optional<scene3d::OrbitGesture> g = mouse_.read(event);
  if (!g) return false;
  rig_->drag(g->d_azimuth_deg, g->d_elevation_deg);
  rig_->zoom(g->zoom_factor);
  updateCamera(0.0f);
  return true;
}

}  // namespace navigator
