#include "widgets/mesh_view_3d.h"

#include "widgets/scene3d/scene3d.h"

#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QEntity>
#include <Qt3DCore/QGeometry>
#include <Qt3DCore/QTransform>
#include <Qt3DExtras/QCylinderMesh>
#include <Qt3DExtras/QDiffuseSpecularMaterial>
#include <Qt3DExtras/QForwardRenderer>
#include <Qt3DExtras/QPhongMaterial>
#include <Qt3DExtras/QSphereMesh>
#include <Qt3DExtras/Qt3DWindow>
#include <Qt3DRender/QCamera>
#include <Qt3DRender/QDepthTest>
#include <Qt3DRender/QDirectionalLight>
#include <Qt3DRender/QEffect>
#include <Qt3DRender/QRenderPass>
#include <Qt3DRender/QTechnique>
#include <Qt3DRender/QGeometryRenderer>
#include <Qt3DRender/QRenderCapture>

#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace navigator {
namespace {

const QColor kBackground(0x2b, 0x2f, 0x36);

// Drawn over everything: no depth test in any of the material's passes, so the centre of mass
// and the axes inside the see-through solid are never hidden by it.
void drawOnTop(Qt3DRender::QMaterial* material) {
  for (Qt3DRender::QTechnique* technique : material->effect()->techniques())
    for (Qt3DRender::QRenderPass* pass : technique->renderPasses()) {
      auto* always = new Qt3DRender::QDepthTest;
      always->setDepthFunction(Qt3DRender::QDepthTest::Always);
      pass->addRenderState(always);
    }
}
const QColor kAxisColours[3] = {QColor(0xe0, 0x40, 0x40), QColor(0x40, 0xc0, 0x50), QColor(0x40, 0x80, 0xff)};

// A thin cylinder from `from` along `direction` for `length`, in `colour`.
void addRod(Qt3DCore::QEntity* parent, const QVector3D& centre, const QVector3D& direction, float length, float radius,
            const QColor& colour) {
  auto* rod = new Qt3DCore::QEntity(parent);
  auto* mesh = new Qt3DExtras::QCylinderMesh;
  mesh->setRadius(radius);
  mesh->setLength(length);
  mesh->setSlices(16);
  auto* transform = new Qt3DCore::QTransform;
  transform->setRotation(QQuaternion::rotationTo(QVector3D(0, 1, 0), direction));  // QCylinderMesh lies along y
  transform->setTranslation(centre);
  auto* material = new Qt3DExtras::QPhongMaterial;
  material->setDiffuse(colour);
  material->setAmbient(colour.darker(200));
  drawOnTop(material);
  rod->addComponent(mesh);
  rod->addComponent(transform);
  rod->addComponent(material);
}

}  // namespace

MeshView3D::MeshView3D(QWidget* parent) : QWidget(parent) {
  window_ = new Qt3DExtras::Qt3DWindow;
  window_->defaultFrameGraph()->setClearColor(kBackground);
  capture_ = scene3d::addFrameCapture(window_);

  root_ = new Qt3DCore::QEntity;
  camera_ = window_->camera();
  camera_->lens()->setPerspectiveProjection(40.0f, 16.0f / 9.0f, 0.01f, 1000.0f);
  camera_->setUpVector(QVector3D(0, 0, 1));  // CAD files are mostly drawn z-up
  // The Fly view's mouse: drag (left or right button) orbits, the wheel zooms.
  window_->installEventFilter(this);

  auto* light = new Qt3DCore::QEntity(root_);
  auto* sun = new Qt3DRender::QDirectionalLight;
  sun->setWorldDirection(QVector3D(-0.4f, -0.6f, -1.0f));
  sun->setIntensity(0.9f);
  light->addComponent(sun);
  auto* fill = new Qt3DRender::QDirectionalLight;
  fill->setWorldDirection(QVector3D(0.5f, 0.7f, 0.6f));
  fill->setIntensity(0.35f);
  (new Qt3DCore::QEntity(root_))->addComponent(fill);

  window_->setRootEntity(root_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  QWidget* container = QWidget::createWindowContainer(window_, this);
  container->setMinimumSize(320, 240);
  container->setFocusPolicy(Qt::StrongFocus);
  layout->addWidget(container);
  setAccessibleName(tr("3-D view of the mesh"));
  container->setToolTip(
      tr("Drag (left or right button) to orbit around the part, wheel to zoom; "
         "double-click to fit the whole part again."));
}

void MeshView3D::clear() {
  delete mesh_entity_;
  mesh_entity_ = nullptr;
  delete markers_;
  markers_ = nullptr;
  triangle_count_ = 0;
}

void MeshView3D::setTriangles(const QVector<float>& corners_xyz) {
  clear();
  triangle_count_ = int(corners_xyz.size() / 9);
  const float inf = std::numeric_limits<float>::infinity();
  bounds_min_ = QVector3D(inf, inf, inf);
  bounds_max_ = -bounds_min_;
  for (qsizetype i = 0; i + 2 < corners_xyz.size(); i += 3) {
    const QVector3D p(corners_xyz[i], corners_xyz[i + 1], corners_xyz[i + 2]);
    bounds_min_ =
        QVector3D(std::min(bounds_min_.x(), p.x()), std::min(bounds_min_.y(), p.y()), std::min(bounds_min_.z(), p.z()));
    bounds_max_ =
        QVector3D(std::max(bounds_max_.x(), p.x()), std::max(bounds_max_.y(), p.y()), std::max(bounds_max_.z(), p.z()));
  }
  if (triangle_count_ == 0) return;

  mesh_entity_ = new Qt3DCore::QEntity(root_);
  auto* buffer = new Qt3DCore::QBuffer;
  buffer->setData(scene3d::flatShadedTriangles(corners_xyz));
  const uint corners = uint(triangle_count_) * 3;
  auto* geometry = scene3d::interleavedGeometry(buffer, corners, mesh_entity_);
  auto* renderer = new Qt3DRender::QGeometryRenderer;
  renderer->setGeometry(geometry);
  renderer->setPrimitiveType(Qt3DRender::QGeometryRenderer::Triangles);
  renderer->setVertexCount(int(corners));
  // See-through, so the centre of mass and the axes inside the solid stay visible.
  auto* material = new Qt3DExtras::QDiffuseSpecularMaterial;
  material->setAlphaBlendingEnabled(true);
  material->setDiffuse(QColor(0xb8, 0xc4, 0xd0, 150));
  material->setAmbient(QColor(0x50, 0x58, 0x60));
  material->setShininess(20.0f);
  mesh_entity_->addComponent(renderer);
  mesh_entity_->addComponent(material);
  fitCamera();
}

void MeshView3D::setMassMarkers(const QVector3D& centre_of_mass, const std::array<QVector3D, 3>& principal_axes) {
  delete markers_;
  markers_ = new Qt3DCore::QEntity(root_);
  const float size = std::max((bounds_max_ - bounds_min_).length(), 1e-6f);
  auto* dot = new Qt3DCore::QEntity(markers_);
  auto* sphere = new Qt3DExtras::QSphereMesh;
  sphere->setRadius(0.015f * size);
  auto* at = new Qt3DCore::QTransform;
  at->setTranslation(centre_of_mass);
  auto* yellow = new Qt3DExtras::QPhongMaterial;
  yellow->setDiffuse(QColor(0xff, 0xd0, 0x30));
  yellow->setAmbient(QColor(0x80, 0x68, 0x18));
  drawOnTop(yellow);
  dot->addComponent(sphere);
  dot->addComponent(at);
  dot->addComponent(yellow);
  for (int k = 0; k < 3; ++k)
    addRod(markers_, centre_of_mass, principal_axes[k], 0.8f * size, 0.003f * size, kAxisColours[k]);
}

void MeshView3D::fitCamera() {
  const QVector3D centre = 0.5f * (bounds_min_ + bounds_max_);
  const float radius = std::max(0.5f * (bounds_max_ - bounds_min_).length(), 1e-6f);
  // The bounding sphere inside the narrower of the two fields of view (40° vertical; the
  // horizontal one from the view's aspect, which is often taller than wide in the splitter).
  const float aspect = window_->height() > 0 ? float(window_->width()) / float(window_->height()) : 16.0f / 9.0f;
  camera_->setAspectRatio(aspect);
  const float half_vertical = qDegreesToRadians(20.0f);
  const float half_horizontal = std::atan(std::tan(half_vertical) * aspect);
  const float distance = radius / std::sin(std::min(half_vertical, half_horizontal)) * 1.1f;
  fit_distance_ = distance;
  camera_->setNearPlane(distance * 0.01f);  // the window keeps the aspect ratio itself
  camera_->setFarPlane(distance * 10.0f);
  camera_->setViewCenter(centre);
  camera_->setPosition(centre + distance * QVector3D(0.55f, -0.65f, 0.52f).normalized());
  camera_->setUpVector(QVector3D(0, 0, 1));
}

Qt3DRender::QRenderCaptureReply* MeshView3D::requestFrameCapture() { return capture_->requestCapture(); }

QWindow* MeshView3D::renderWindow() const { return window_; }

std::array<QVector3D, 8> MeshView3D::boundsCorners() const {
  std::array<QVector3D, 8> c;
  for (int i = 0; i < 8; ++i)
    c[std::size_t(i)] = QVector3D(i & 1 ? bounds_max_.x() : bounds_min_.x(), i & 2 ? bounds_max_.y() : bounds_min_.y(),
                                  i & 4 ? bounds_max_.z() : bounds_min_.z());
  return c;
}

float MeshView3D::cameraDistance() const { return (camera_->position() - camera_->viewCenter()).length(); }

bool MeshView3D::eventFilter(QObject* watched, QEvent* event) {
  if (watched != window_) return QWidget::eventFilter(watched, event);
  if (event->type() == QEvent::MouseButtonDblClick) {
    fitCamera();
    return true;
  }
  const std::optional<scene3d::OrbitGesture> g = mouse_.read(event);  // the Fly view's convention
  if (!g) return false;
  orbit(g->d_azimuth_deg, g->d_elevation_deg);
  zoom(g->zoom_factor);
  return true;
}

void MeshView3D::orbit(float d_azimuth_deg, float d_elevation_deg) {
  // About the view centre: azimuth about z (up), elevation about the camera's right axis,
  // kept short of the poles so "up" stays defined.
  const QVector3D centre = camera_->viewCenter();
  QVector3D offset = camera_->position() - centre;
  offset = QQuaternion::fromAxisAndAngle(QVector3D(0, 0, 1), d_azimuth_deg).rotatedVector(offset);
  const QVector3D right = QVector3D::crossProduct(offset, QVector3D(0, 0, 1)).normalized();
  const QVector3D tilted = QQuaternion::fromAxisAndAngle(right, d_elevation_deg).rotatedVector(offset);
  const float elevation = std::asin(std::clamp(tilted.normalized().z(), -1.0f, 1.0f));
  if (std::abs(elevation) < qDegreesToRadians(85.0f)) offset = tilted;
  camera_->setPosition(centre + offset);
  camera_->setUpVector(QVector3D(0, 0, 1));
}

void MeshView3D::zoom(float factor) {
  const QVector3D centre = camera_->viewCenter();
  const float distance = std::clamp(cameraDistance() * factor, fit_distance_ * 0.05f, fit_distance_ * 20.0f);
  camera_->setPosition(centre + (camera_->position() - centre).normalized() * distance);
}

}  // namespace navigator
