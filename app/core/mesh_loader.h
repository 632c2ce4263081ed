// MeshLoader: reads a mesh file and analyses it (sim's import, diagnostics and integral) on a
// worker thread, with progress and cancel. Create, call and receive on the GUI thread.
#pragma once

#include "sim/mass/mesh_mass_properties.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QVector>

#include <memory>

namespace navigator {

// A mesh read and analysed: what the inertia inspector needs, independent of unit and density.
struct LoadedMesh {
  QString path;
  vsim::MeshAnalysis analysis;
  QVector<float> corners_xyz;  // 9 floats per triangle, the file's unit: for the 3-D view
};

// Either a loaded mesh or the one-line reason there is none.
struct MeshLoadOutcome {
  std::shared_ptr<const LoadedMesh> mesh;
  QString error;
};

class MeshLoader : public QObject {
  Q_OBJECT
 public:
  explicit MeshLoader(QObject* parent = nullptr);
  ~MeshLoader() override;

  // Starts reading `path`; a load already running is cancelled and its result dropped.
  // allow_open: compute even when the mesh is not closed (the result is marked unreliable).
  void load(const QString& path, bool allow_open);
  void cancel();
  bool isBusy() const;

 signals:
  void progressChanged(int permille, const QString& stage);
  void loaded(std::shared_ptr<const navigator::LoadedMesh> mesh);
  void failed(const QString& path, const QString& message);
  void cancelled(const QString& path);

 private:
  QFutureWatcher<MeshLoadOutcome>* watcher_ = nullptr;
  QString path_;
};

}  // namespace navigator
