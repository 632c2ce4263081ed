// MainWindow: the composition root of the ground station's window. It owns the panels and
// the workers and wires their plain-value signals together. GUI thread only.
#pragma once

#include <QMainWindow>

class QLabel;
class QProgressBar;
class QToolButton;

namespace navigator {

class InertiaInspector;
class MeshLoader;
class MeshView3D;
struct LoadedMesh;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  // Reads and analyses a mesh file off the GUI thread; the result or the error shows in the
  // Inertia Inspector.
  void openMesh(const QString& path);

  // Where the sample S500 frame is installed (beside the executable's share/ folder).
  static QString sampleFramePath();

  InertiaInspector* inspector() const { return inspector_; }
  MeshView3D* meshView() const { return view_; }
  MeshLoader* meshLoader() const { return loader_; }

 protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;
  void closeEvent(QCloseEvent* event) override;

 private:
  void createMenus();
  void showLoaded(const std::shared_ptr<const LoadedMesh>& mesh);
  void chooseMesh();
  void setBusy(bool busy);
  void restoreSettings();

  MeshLoader* loader_ = nullptr;
  MeshView3D* view_ = nullptr;
  InertiaInspector* inspector_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QToolButton* cancel_ = nullptr;
  QString requested_path_;  // the last file asked for, shown or not
};

}  // namespace navigator
