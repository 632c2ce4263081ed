#include "app/core/mesh_loader.h"

#include "sim/geometry/mesh_import.h"

#include <QLocale>
#include <QPromise>
#include <QtConcurrent/QtConcurrentRun>

namespace navigator {
namespace {

// Progress in permille: reading takes the first 700, checking and integrating the rest.
void analyse(QPromise<MeshLoadOutcome>& promise, const QString& path, bool allow_open) {
  promise.setProgressRange(0, 1000);
  promise.setProgressValueAndText(0, MeshLoader::tr("Reading %1").arg(path));
  auto mesh = vsim::importMesh(path.toStdString(), [&](float fraction) {
    promise.setProgressValue(int(700 * fraction));
    return !promise.isCanceled();
  });
  if (promise.isCanceled()) return;
  if (!mesh) {
    promise.addResult(MeshLoadOutcome{nullptr, QString::fromStdString(mesh.error().message)});
    return;
  }
  promise.setProgressValueAndText(700, MeshLoader::tr("Checking and integrating %1 triangles")
                                           .arg(QLocale().toString(qlonglong(mesh->triangleCount()))));
  auto analysis = vsim::analyseMesh(*mesh, allow_open, path.toStdString());
  if (promise.isCanceled()) return;
  if (!analysis) {
    promise.addResult(MeshLoadOutcome{nullptr, QString::fromStdString(analysis.error().message)});
    return;
  }
  auto loaded = std::make_shared<LoadedMesh>();
  loaded->path = path;
  loaded->analysis = std::move(analysis).value();
  loaded->corners_xyz.reserve(9 * qsizetype(mesh->triangleCount()));
  for (const auto& t : mesh->triangles)
    for (int c = 0; c < 3; ++c) {
      const Eigen::Vector3f& v = mesh->vertices[t[c]];
      loaded->corners_xyz << v.x() << v.y() << v.z();
    }
  promise.setProgressValue(1000);
  promise.addResult(MeshLoadOutcome{std::move(loaded), QString()});
}

}  // namespace

MeshLoader::MeshLoader(QObject* parent) : QObject(parent) {}

MeshLoader::~MeshLoader() {
  if (watcher_) {
    watcher_->cancel();
    watcher_->waitForFinished();
  }
}

void MeshLoader::load(const QString& path, bool allow_open) {
  cancel();
  path_ = path;
  auto* watcher = new QFutureWatcher<MeshLoadOutcome>(this);
  watcher_ = watcher;
  connect(watcher, &QFutureWatcherBase::progressValueChanged, this, [this, watcher](int v) {
    if (watcher == watcher_) emit progressChanged(v, watcher->progressText());
  });
  connect(watcher, &QFutureWatcherBase::progressTextChanged, this, [this, watcher](const QString& text) {
    if (watcher == watcher_) emit progressChanged(watcher->progressValue(), text);
  });
  connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, path] {
    watcher->deleteLater();
    if (watcher != watcher_) return;  // superseded by a newer load
    watcher_ = nullptr;
    const QFuture<MeshLoadOutcome> future = watcher->future();
    if (future.isCanceled() || future.resultCount() == 0) {
      emit cancelled(path);
      return;
    }
    const MeshLoadOutcome outcome = future.result();
    if (outcome.mesh)
      emit loaded(outcome.mesh);
    else
      emit failed(path, outcome.error);
  });
  watcher->setFuture(QtConcurrent::run(analyse, path, allow_open));
}

void MeshLoader::cancel() {
  if (!watcher_) return;
  QFutureWatcher<MeshLoadOutcome>* old = watcher_;
  watcher_ = nullptr;
  old->cancel();
  emit cancelled(path_);
}

bool MeshLoader::isBusy() const { return watcher_ != nullptr; }

}  // namespace navigator
