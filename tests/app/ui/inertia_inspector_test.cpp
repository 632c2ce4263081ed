// End-to-end tests of the Inertia Inspector: the main window loads fixtures off the GUI
// thread, the table shows the closed-form values, the 3-D view renders, bad files leave what
// was shown in place. Needs a display (run under xvfb-run).
#include "app/core/mesh_loader.h"
#include "app/joystick/pilot_input_source.h"
#include "app/ui/fly_page.h"
#include "tests/support/widget_lookup.h"
#include "app/ui/inertia_inspector.h"
#include "app/ui/main_window.h"

#include <QTabWidget>
#include "sim/geometry/mesh_builders.h"
#include "widgets/mass_properties_table.h"
#include "widgets/mesh_view_3d.h"

#include <Qt3DRender/QRenderCaptureReply>
#include <QAction>
#include <QCheckBox>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QClipboard>
#include <QMimeData>
#include "sim/geometry/stl_writer.h"
#include "tests/sim/geometry/parametric_torus.h"

#include <QWheelEvent>
#include <Qt3DRender/QCamera>
#include <QThreadPool>
#include <QtTest>

using navigator::MassPropertiesTable;

namespace {

const QString kData = QStringLiteral(NAVIGATOR_SOURCE_DIR "/tests/data/");

vsim::MassSpec spec(vsim::LengthUnit unit, vsim::MassSpec::Basis basis, double value) {
  vsim::MassSpec s;
  s.unit = unit;
  s.basis = basis;
  s.value = value;
  return s;
}

// Writes `mesh` as a Wavefront OBJ (read through Assimp, unlike binary STL).
bool writeObj(const QString& path, const vsim::TriangleMesh& mesh) {
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly | QIODevice::Text)) return false;
  QTextStream out(&f);
  for (const auto& v : mesh.vertices) out << "v " << v.x() << ' ' << v.y() << ' ' << v.z() << '\n';
  for (const auto& t : mesh.triangles) out << "f " << t[0] + 1 << ' ' << t[1] + 1 << ' ' << t[2] + 1 << '\n';
  return out.status() == QTextStream::Ok;
}

}  // namespace

class InertiaInspectorTest : public QObject {
  Q_OBJECT
 private slots:
  void init();
  void cleanup();
  void fixtureShowsClosedForm();
  void unitAndMassRecomputeLive();
  void flyRequestTurnsCadAxesIntoFrd();
  void badFileKeepsWhatWasShown();
  void openMeshNeedsConsent();
  void dropOpensFile();
  void squareSectionSaysAxesAreNotUnique();
  void cancelStopsALongRead();
  void viewRendersTheMesh();
  void copyAllGivesFullPrecision();
  void commandLineVersionAndHelp();
  void anExportersSeamIsWeldedAndSaidSo();
  void unitGuessedFromTheSizeAndRememberedPerFile();
  void viewFitsOrbitsAndZoomsLikeTheFlyView();
  void noChangeOfVehicleInFlightNorABodyNothingFlies();

 private:
  void takeOffInAltHold(navigator::VehicleLink* link, float& ground_z);
  void refuseABodyNothingFlies();
  QPushButton* flyButton() const;
  bool openAndWait(const QString& path);
  MassPropertiesTable* table() const { return window_->inspector()->table(); }

  std::unique_ptr<navigator::MainWindow> window_;
  QTemporaryDir tmp_;
};

void InertiaInspectorTest::init() {
  QStandardPaths::setTestModeEnabled(true);  // QSettings go to a test location
  window_ = std::make_unique<navigator::MainWindow>();
  window_->resize(1200, 800);
  window_->show();
  QVERIFY(QTest::qWaitForWindowExposed(window_.get()));
  window_->inspector()->setMassSpec(spec(vsim::LengthUnit::Metre, vsim::MassSpec::Basis::Density, 1000.0));
}

void InertiaInspectorTest::cleanup() { window_.reset(); }

bool InertiaInspectorTest::openAndWait(const QString& path) {
  QSignalSpy loaded(window_->meshLoader(), &navigator::MeshLoader::loaded);
  QSignalSpy failed(window_->meshLoader(), &navigator::MeshLoader::failed);
  window_->openMesh(path);
  return QTest::qWaitFor([&] { return loaded.count() + failed.count() > 0; }, 20000) && loaded.count() == 1;
}

void InertiaInspectorTest::fixtureShowsClosedForm() {
  // tests/data/make_fixtures.py: 2×3×4 box at (1, 2, 3); at 1000 kg/m³: m = 24000 kg,
  // Ixx = m(3²+4²)/12 = 50000, Iyy = m(2²+4²)/12 = 40000, Izz = m(2²+3²)/12 = 26000 kg·m².
  QVERIFY(openAndWait(kData + "box_2x3x4.stl"));
  QCOMPARE(table()->valueAt(MassPropertiesTable::Mass, 1), 24000.0);
  QCOMPARE(table()->valueAt(MassPropertiesTable::Volume, 1), 24.0);
  for (int i = 0; i < 3; ++i) QCOMPARE(table()->valueAt(MassPropertiesTable::Com, i + 1), double(i + 1));
  QCOMPARE(table()->valueAt(MassPropertiesTable::InertiaX, 1), 50000.0);
  QCOMPARE(table()->valueAt(MassPropertiesTable::InertiaY, 2), 40000.0);
  QCOMPARE(table()->valueAt(MassPropertiesTable::InertiaZ, 3), 26000.0);
  QCOMPARE(table()->valueAt(MassPropertiesTable::InertiaX, 2), 0.0);
  QCOMPARE(table()->valueAt(MassPropertiesTable::Moments, 1), 26000.0);
  QCOMPARE(table()->item(MassPropertiesTable::Mass, 1)->text(), QStringLiteral("24000"));
  QVERIFY(window_->inspector()->diagnosticsText().contains("12"));
  QVERIFY(window_->inspector()->errorText().isEmpty());
  QCOMPARE(window_->meshView()->triangleCount(), 12);
  QVERIFY(window_->windowTitle().startsWith("box_2x3x4.stl"));
}

void InertiaInspectorTest::unitAndMassRecomputeLive() {
  QVERIFY(openAndWait(kData + "box_2x3x4.obj"));
  // Read as mm with a 0.5 kg total: Ixx = 0.5·(3²+4²)/12 mm² = 1.041667e-6 kg·m², centre (1, 2, 3) mm.
  window_->inspector()->setMassSpec(spec(vsim::LengthUnit::Millimetre, vsim::MassSpec::Basis::TotalMass, 0.5));
  QCOMPARE(table()->valueAt(MassPropertiesTable::Mass, 1), 0.5);
  QCOMPARE_LE(std::abs(table()->valueAt(MassPropertiesTable::InertiaX, 1) - 0.5 * 25 / 12 * 1e-6), 1e-18);
  QCOMPARE_LE(std::abs(table()->valueAt(MassPropertiesTable::Com, 3) - 0.003), 1e-15);
  QCOMPARE_LE(std::abs(table()->valueAt(MassPropertiesTable::Density, 1) - 0.5 / 24e-9), 1e-3);
}

void InertiaInspectorTest::flyRequestTurnsCadAxesIntoFrd() {
  QVERIFY(openAndWait(kData + "box_2x3x4.obj"));
  window_->inspector()->setMassSpec(spec(vsim::LengthUnit::Millimetre, vsim::MassSpec::Basis::TotalMass, 0.5));
  QSignalSpy fly(window_->inspector(), &navigator::InertiaInspector::flyRequested);
  auto* button = window_->inspector()->findChild<QPushButton*>();
  for (auto* b : window_->inspector()->findChildren<QPushButton*>())
    if (b->text().startsWith("Fly")) button = b;
  QVERIFY(button->isEnabled());
  button->click();
  QCOMPARE(fly.count(), 1);
  const auto body = fly.at(0).at(0).value<vsim::MassProperties>();
  // The default reading is a CAD mesh (x forward, y left, z up): FRD = diag(1, −1, −1)·FLU, so
  // the centre (1, 2, 3) mm is (0.001, −0.002, −0.003) m; the box's diagonal tensor is unchanged.
  QCOMPARE(body.mass_kg, 0.5);
  QCOMPARE_LT((body.com_B_m - Eigen::Vector3d(0.001, -0.002, -0.003)).norm(), 1e-15);
  QCOMPARE_LE(std::abs(body.inertia_com_B_kgm2(0, 0) - 0.5 * 25 / 12 * 1e-6), 1e-18);
  QCOMPARE_LE(std::abs(body.inertia_com_B_kgm2(1, 1) - 0.5 * 20 / 12 * 1e-6), 1e-18);
  // The mesh for the view: FLU about the centre, so the box spans ±1, ±1.5, ±2 mm.
  const auto corners = fly.at(0).at(1).value<QVector<float>>();
  QCOMPARE(corners.size(), 12 * 9);
  float lo[3] = {1, 1, 1}, hi[3] = {-1, -1, -1};
  for (qsizetype i = 0; i < corners.size(); ++i) {
    lo[i % 3] = std::min(lo[i % 3], corners[i]);
    hi[i % 3] = std::max(hi[i % 3], corners[i]);
  }
  const float half[3] = {0.001f, 0.0015f, 0.002f};
  for (int k = 0; k < 3; ++k) QVERIFY(std::abs(lo[k] + half[k]) < 1e-9f && std::abs(hi[k] - half[k]) < 1e-9f);
}

void InertiaInspectorTest::badFileKeepsWhatWasShown() {
  QVERIFY(openAndWait(kData + "box_2x3x4.ply"));
  const QString bad = tmp_.filePath("cut.stl");
  QFile f(bad);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(QByteArray(84 + 10, '\x05'));
  f.close();
  QVERIFY(!openAndWait(bad));
  const QString error = window_->inspector()->errorText();
  QVERIFY2(error.contains(bad) && error.contains("not an STL file"), qPrintable(error));
  QVERIFY2(error.contains("box_2x3x4.ply"), qPrintable(error));  // says what is still on show
  QCOMPARE(table()->valueAt(MassPropertiesTable::Mass, 1), 24000.0);
  QCOMPARE(window_->meshView()->triangleCount(), 12);
  QVERIFY(!openAndWait(tmp_.filePath("no-such-file.stl")));
  QVERIFY(window_->inspector()->errorText().contains("no such file"));
  QCOMPARE(table()->valueAt(MassPropertiesTable::Mass, 1), 24000.0);
}

void InertiaInspectorTest::openMeshNeedsConsent() {
  vsim::TriangleMesh lidless = vsim::boxMesh({1, 1, 1});
  lidless.triangles.pop_back();
  const QString path = tmp_.filePath("lidless.obj");
  QVERIFY(writeObj(path, lidless));
  QVERIFY(!openAndWait(path));
  QVERIFY(window_->inspector()->errorText().contains("not closed"));
  // Consenting re-reads the file and shows the numbers, marked unreliable.
  QSignalSpy loaded(window_->meshLoader(), &navigator::MeshLoader::loaded);
  window_->inspector()->findChild<QCheckBox*>()->setChecked(true);
  QVERIFY(loaded.wait(20000));
  QVERIFY(std::isfinite(table()->valueAt(MassPropertiesTable::Mass, 1)));
  QVERIFY(table()->item(MassPropertiesTable::Mass, 1)->toolTip().contains("not closed"));
  QVERIFY(window_->inspector()->diagnosticsText().contains("3 open edges"));
}

void InertiaInspectorTest::dropOpensFile() {
  QMimeData mime;
  mime.setUrls({QUrl::fromLocalFile(kData + "box_2x3x4.glb")});
  QSignalSpy loaded(window_->meshLoader(), &navigator::MeshLoader::loaded);
  QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(window_.get(), &enter);
  QVERIFY(enter.isAccepted());
  QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(window_.get(), &drop);
  QVERIFY(loaded.wait(20000));
  QCOMPARE(table()->valueAt(MassPropertiesTable::Mass, 1), 24000.0);
}

void InertiaInspectorTest::squareSectionSaysAxesAreNotUnique() {
  // A 1×1×2 box: Ixx = Iyy = m(1+4)/12 > Izz = m(1+1)/12, so moments 2 and 3 (ascending) are
  // equal and any axis in the x-y plane is principal.
  const vsim::TriangleMesh box = vsim::boxMesh({1, 1, 2});
  const QString path = tmp_.filePath("column.obj");
  QVERIFY(writeObj(path, box));
  QVERIFY(openAndWait(path));
  QVERIFY2(window_->inspector()->diagnosticsText().contains("Principal moments 2 and 3 are equal"),
           qPrintable(window_->inspector()->diagnosticsText()));
}

void InertiaInspectorTest::cancelStopsALongRead() {
  // A 320,000-triangle OBJ goes through Assimp, which reports progress and can be stopped.
  const vsim::TriangleMesh sphere = vsim::uvSphereMesh(1.0, 800, 201);
  const QString path = tmp_.filePath("big.obj");
  QVERIFY(writeObj(path, sphere));
  QSignalSpy loaded(window_->meshLoader(), &navigator::MeshLoader::loaded);
  QSignalSpy cancelled(window_->meshLoader(), &navigator::MeshLoader::cancelled);
  window_->openMesh(path);
  QVERIFY(window_->meshLoader()->isBusy());
  window_->meshLoader()->cancel();
  QCOMPARE(cancelled.count(), 1);
  QVERIFY(!window_->meshLoader()->isBusy());
  // The cancelled read runs to its end on its worker thread; its result is then posted to this
  // thread and delivered by the next pass of the event loop — where it must be dropped.
  QVERIFY(QThreadPool::globalInstance()->waitForDone(30000));
  QCoreApplication::sendPostedEvents();
  QCoreApplication::processEvents();
  QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
  QCOMPARE(loaded.count(), 0);  // the cancelled result never arrives
  // And the loader is ready for the next file.
  QVERIFY(openAndWait(kData + "box_2x3x4.stl"));
}

void InertiaInspectorTest::unitGuessedFromTheSizeAndRememberedPerFile() {
  // Seen before: the S500 frame, drawn in millimetres (about 470 mm across), opened in
  // metres showed 5·10⁸ kg and a 470 m frame without a word. Plausible for a drone part: 5 mm to
  // 5 m across; millimetres first, CAD's default.
  using U = vsim::LengthUnit;
  QCOMPARE(navigator::InertiaInspector::likelyUnit(374.0, U::Metre), U::Millimetre);
  QCOMPARE(navigator::InertiaInspector::likelyUnit(0.374, U::Metre), U::Metre);  // plausible: kept
  QCOMPARE(navigator::InertiaInspector::likelyUnit(37.4, U::Centimetre), U::Centimetre);
  QCOMPARE(navigator::InertiaInspector::likelyUnit(2.0, U::Millimetre), U::Centimetre);  // 2 mm across: 2 cm
  QCOMPARE(navigator::InertiaInspector::likelyUnit(1e9, U::Metre), U::Metre);            // nothing plausible: kept
  const QString frame = QStringLiteral(NAVIGATOR_SOURCE_DIR "/resources/meshes/s500_frame.stl");
  QSettings().remove("inspector/unitByFile");
  navigator::InertiaInspector* inspector = window_->inspector();
  QVERIFY(openAndWait(frame));
  QVERIFY2(inspector->unitSuggestion().contains("millimetres"), qPrintable(inspector->unitSuggestion()));
  QVERIFY(inspector->useSuggestedUnitButton()->isVisible());
  QTest::mouseClick(inspector->useSuggestedUnitButton(), Qt::LeftButton);
  QCOMPARE(inspector->massSpec().unit, U::Millimetre);
  QCOMPARE(inspector->unitSuggestion(), QString());
  // Another session, metres chosen for a new file: this file comes back in millimetres.
  window_.reset();
  init();
  QCOMPARE(window_->inspector()->massSpec().unit, U::Metre);
  QVERIFY(openAndWait(frame));
  QCOMPARE(window_->inspector()->massSpec().unit, U::Millimetre);
  QCOMPARE(window_->inspector()->unitSuggestion(), QString());
}

void InertiaInspectorTest::viewFitsOrbitsAndZoomsLikeTheFlyView() {
  // Seen before: the view cropped the mesh and left drag hardly moved it. On open every
  // corner of the part's box is inside the picture, however narrow the view; dragging (left or
  // right button) orbits at the Fly view's 0.4°/px keeping the distance; the wheel zooms.
  window_->tabs()->setCurrentIndex(1);
  navigator::MeshView3D* view = window_->meshView();
  QTRY_VERIFY(view->isVisible());
  QVERIFY(openAndWait(QStringLiteral(NAVIGATOR_SOURCE_DIR "/resources/meshes/s500_frame.stl")));
  QVERIFY(view->renderWindow()->width() < view->renderWindow()->height() * 2);  // (the splitter's view)
  Qt3DRender::QCamera* camera = view->camera();
  const QMatrix4x4 pv = camera->projectionMatrix() * camera->viewMatrix();
  const float aspect = float(view->renderWindow()->width()) / float(view->renderWindow()->height());
  QCOMPARE_LT(std::abs(camera->aspectRatio() - aspect), 1e-3f);
  for (const QVector3D& c : view->boundsCorners()) {
    const QVector3D ndc = pv.map(c);
    QVERIFY2(std::abs(ndc.x()) <= 1.0f && std::abs(ndc.y()) <= 1.0f,
             qPrintable(QString("%1 %2").arg(ndc.x()).arg(ndc.y())));
  }
  const float distance = view->cameraDistance();
  const QVector3D before = camera->position();
  QWindow* w = view->renderWindow();
  const QPoint centre(w->width() / 2, w->height() / 2);
  QTest::mousePress(w, Qt::LeftButton, {}, centre);
  QTest::mouseMove(w, centre + QPoint(50, 0));
  QTest::mouseRelease(w, Qt::LeftButton, {}, centre + QPoint(50, 0));
  const QVector3D after = camera->position();
  const QVector3D c0 = before - camera->viewCenter(), c1 = after - camera->viewCenter();
  const float turned_deg = qRadiansToDegrees(std::acos(std::clamp(
      QVector3D::dotProduct(QVector3D(c0.x(), c0.y(), 0).normalized(), QVector3D(c1.x(), c1.y(), 0).normalized()),
      -1.0f, 1.0f)));
  QCOMPARE_LT(std::abs(turned_deg - 20.0f), 0.5f);  // 50 px × 0.4°/px
  QCOMPARE_LT(std::abs(view->cameraDistance() - distance), 1e-3f * distance);
  QWheelEvent wheel(QPointF(centre), w->mapToGlobal(QPointF(centre)), QPoint(), QPoint(0, 120), Qt::NoButton,
                    Qt::NoModifier, Qt::NoScrollPhase, false);
  QCoreApplication::sendEvent(w, &wheel);
  QCOMPARE_LT(std::abs(view->cameraDistance() - 0.88f * distance), 1e-3f * distance);  // one notch: 0.88×
}

void InertiaInspectorTest::viewRendersTheMesh() {
  // The first frame without a mesh is the background; with the box on show, a good part of
  // the picture is the mesh, its centre-of-mass marker and the axes.
  auto capture = [&] {
    Qt3DRender::QRenderCaptureReply* reply = window_->meshView()->requestFrameCapture();
    QSignalSpy done(reply, &Qt3DRender::QRenderCaptureReply::completed);
    const bool ok = done.wait(10000);
    const QImage image = ok ? reply->image() : QImage();
    delete reply;
    return image;
  };
  auto coveredFraction = [](const QImage& image) {
    const QRgb background = image.pixel(2, 2);
    qsizetype differ = 0;
    for (int y = 0; y < image.height(); y += 4)
      for (int x = 0; x < image.width(); x += 4) differ += image.pixel(x, y) != background;
    return double(differ) / ((image.width() / 4) * (image.height() / 4));
  };
  window_->tabs()->setCurrentIndex(1);  // the Inertia Inspector (a hidden view draws nothing)
  QTRY_VERIFY(window_->meshView()->isVisible());
  const QImage empty = capture();
  QVERIFY(!empty.isNull());
  QCOMPARE_LE(coveredFraction(empty), 0.001);
  QVERIFY(openAndWait(QStringLiteral(NAVIGATOR_SOURCE_DIR "/resources/meshes/s500_frame.stl")));
  // The next frames draw it (each capture waits for a rendered frame).
  QImage shown;
  (void)QTest::qWaitFor(
      [&] {
        shown = capture();
        return !shown.isNull() && coveredFraction(shown) >= 0.05;
      },
      10000);
  QVERIFY(!shown.isNull());
  QCOMPARE_GE(coveredFraction(shown), 0.05);
}

void InertiaInspectorTest::copyAllGivesFullPrecision() {
  QVERIFY(openAndWait(kData + "box_2x3x4.stl"));
  const QString tsv = table()->toTsv(false);
  QCOMPARE(tsv.count('\n'), int(MassPropertiesTable::RowCount));
  QVERIFY(tsv.contains("24000"));
  QVERIFY(tsv.contains("50000\t0\t0"));
}

void InertiaInspectorTest::commandLineVersionAndHelp() {
  QProcess p;
  p.start(NAVIGATOR_BIN_DIR "/navigator", {"--version"});
  QVERIFY(p.waitForFinished(20000));
  QCOMPARE(p.exitCode(), 0);
  QVERIFY(p.readAllStandardOutput().startsWith("navigator 0."));
  p.start(NAVIGATOR_BIN_DIR "/navigator", {"--help"});
  QVERIFY(p.waitForFinished(20000));
  QCOMPARE(p.exitCode(), 0);
  QVERIFY(p.readAllStandardOutput().contains("--open <FILE>"));
  // The system locale picks the translation (translations/navigator_de.ts).
  QProcessEnvironment german = QProcessEnvironment::systemEnvironment();
  german.insert("LC_ALL", "de_DE.UTF-8");
  german.insert("LANG", "de_DE.UTF-8");
  p.setProcessEnvironment(german);
  p.start(NAVIGATOR_BIN_DIR "/navigator", {"--help"});
  QVERIFY(p.waitForFinished(20000));
  QVERIFY(QString::fromUtf8(p.readAllStandardOutput()).contains("DATEI im Trägheits-Inspektor öffnen"));
  p.setProcessEnvironment(QProcessEnvironment::systemEnvironment());
  p.start(NAVIGATOR_BIN_DIR "/navigator", {"stray.stl"});
  QVERIFY(p.waitForFinished(20000));
  QCOMPARE(p.exitCode(), 2);
  QVERIFY(p.readAllStandardError().contains("--open stray.stl"));
  // --listen opens the PX4/ArduPilot world's ports; it must be an IPv4 address, and
  // means nothing for this station's own firmware.
  p.start(NAVIGATOR_BIN_DIR "/navigator", {"--autopilot", "px4", "--listen", "everywhere"});
  QVERIFY(p.waitForFinished(20000));
  QCOMPARE(p.exitCode(), 2);
  QVERIFY(p.readAllStandardError().contains("--listen: listen address 'everywhere': not an IPv4 address"));
  p.start(NAVIGATOR_BIN_DIR "/navigator", {"--listen", "0.0.0.0"});
  QVERIFY(p.waitForFinished(20000));
  QCOMPARE(p.exitCode(), 2);
  QVERIFY(p.readAllStandardError().contains("--listen is for the ports of --autopilot px4 or ardupilot"));
}

void InertiaInspectorTest::anExportersSeamIsWeldedAndSaidSo() {
  // A 50 mm torus as a parametric exporter writes it (tests/sim/geometry/mesh_weld_test.cpp): accepted as
  // closed, with the tolerance and the merged seam vertices (256 + 128 + 1) in the mesh check.
  const QString path = tmp_.filePath("seam_torus.stl");
  QVERIFY(bool(vsim::writeBinaryStl(path.toStdString(), parametricTorus(50.0, 10.0, 256, 128), "torus")));
  window_->inspector()->setMassSpec(spec(vsim::LengthUnit::Millimetre, vsim::MassSpec::Basis::Density, 1000.0));
  QVERIFY(openAndWait(path));
  const QString text = window_->inspector()->diagnosticsText();
  QVERIFY2(text.contains("Closed"), qPrintable(text));
  QVERIFY2(text.contains("Welded within 1.53e-05 mm") && text.contains("385 vertices"), qPrintable(text));
}

QPushButton* InertiaInspectorTest::flyButton() const {
  for (auto* b : window_->inspector()->findChildren<QPushButton*>())
    if (b->text() == QStringLiteral("Fly with these mass properties")) return b;
  return nullptr;
}

// Armed from the real SITL firmware with the virtual sticks (the firmware refuses until its
// estimator has aligned: asked again while it says no), 80 % throttle in ANGLE past 3 m (the S500
// hovers at thrust 0.37), then ALT_HOLD with the stick centred.
void InertiaInspectorTest::takeOffInAltHold(navigator::VehicleLink* link, float& ground_z) {
  navigator::Station* station = window_->station();
  auto* pilot = navigator::test::only<navigator::joystick::PilotInputSource>(window_->flyPage());
  pilot->setSource(navigator::joystick::PilotInputSource::Source::VirtualSticks);
  pilot->setVirtualSticks(0, 0, 0, 0);
  station->pilot()->refresh();
  QTRY_COMPARE_WITH_TIMEOUT(link->linkState(), navigator::LinkState::Connected, 15000);
  QTRY_VERIFY_WITH_TIMEOUT(!station->geometry()->pending(), 15000);
  for (int i = 0; i < 20 && !link->vehicle().armed; ++i) {
    link->arm();
    (void)QTest::qWaitFor([&] { return link->vehicle().armed; }, 1500);
  }
  QVERIFY(link->vehicle().armed);
  ground_z = station->feed()->truePosition_NED_m()[2];
  pilot->setVirtualSticks(0, 0, 0, 0.8);
  QTRY_VERIFY_WITH_TIMEOUT(station->feed()->truePosition_NED_m()[2] < ground_z - 3.0f, 15000);
  pilot->setVirtualSticks(0, 0, 0, 0.5);
  link->setMode(VAYU_MODE_ALT_HOLD);
  QTRY_COMPARE_WITH_TIMEOUT(link->vehicle().custom_mode, std::uint32_t(VAYU_MODE_ALT_HOLD), 5000);
}

// A 100×60×20 mm box drawn in metres, read as millimetres at 1000 kg/m³: 1.2e-10 kg. Refused
// with its reasons (thrust-to-weight 2.8e10 on the S500's rotors: far beyond the firmware's 20)
// before any question about the unit; nothing reaches the simulator.
void InertiaInspectorTest::refuseABodyNothingFlies() {
  const QString tiny = tmp_.filePath("box_in_metres.stl");
  QVERIFY(bool(vsim::writeBinaryStl(tiny.toStdString(), vsim::boxMesh({0.1, 0.06, 0.02}), "box")));
  QVERIFY(openAndWait(tiny));
  window_->inspector()->setMassSpec(spec(vsim::LengthUnit::Millimetre, vsim::MassSpec::Basis::Density, 1000.0));
  // (binary STL holds float32 vertices: 0.06 and 0.02 to 3e-8 relative)
  QCOMPARE_LT(std::abs(table()->valueAt(MassPropertiesTable::Mass, 1) / 1.2e-10 - 1.0), 1e-6);
  QVERIFY(!window_->inspector()->unitSuggestion().isEmpty());  // (the question that once said "Fly anyway")
  flyButton()->click();
  QMessageBox* box = nullptr;
  QTRY_VERIFY((box = window_->findChild<QMessageBox*>(QStringLiteral("massRefused"))) && box->isVisible());
  QVERIFY2(box->text().contains(QStringLiteral("it is too light for the flight firmware: thrust-to-weight 2.82e+10")),
           qPrintable(box->text()));
  QVERIFY2(box->text().contains(QStringLiteral("too light to simulate")), qPrintable(box->text()));
  box->close();
}

void InertiaInspectorTest::noChangeOfVehicleInFlightNorABodyNothingFlies() {
  // The station flies the S500 with the real SITL firmware.
  navigator::SitlSessionOptions options;
  options.gcs_port = 0;
  options.firmware_executable = QStringLiteral(NAVIGATOR_BIN_DIR "/vayu_sitl");
  options.params_file = tmp_.filePath("vayu_params.txt");
  QCOMPARE(window_->startSimulation(QStringLiteral(NAVIGATOR_BIN_DIR "/../share/navigator/airframes/s500.yaml"),
                                    QString(), options),
           QString());
  navigator::Station* station = window_->station();
  const double s500_kg = station->airframe().model.mass_kg;

  refuseABodyNothingFlies();
  if (QTest::currentTestFailed()) return;
  QCOMPARE(station->sitl()->model().mass_kg, s500_kg);

  // A 300×300×100 mm box of the S500's mass (about its inertia: m(0.3² + 0.1²)/12 = 0.010 kg·m²
  // about x) flies on the ground, disarmed: the way back (Tools) is offered.
  const QString plate = tmp_.filePath("plate_in_mm.stl");
  QVERIFY(bool(vsim::writeBinaryStl(plate.toStdString(), vsim::boxMesh({300, 300, 100}), "plate")));
  QVERIFY(openAndWait(plate));
  window_->inspector()->setMassSpec(spec(vsim::LengthUnit::Millimetre, vsim::MassSpec::Basis::TotalMass, s500_kg));
  QCOMPARE(window_->inspector()->unitSuggestion(), QString());
  flyButton()->click();
  QCOMPARE(station->sitl()->model().mass_kg, s500_kg);
  QCOMPARE(station->airframe().mass_source, QStringLiteral("mesh plate_in_mm.stl: %1 kg").arg(s500_kg, 0, 'g', 6));
  QAction* back = window_->findChild<QAction*>(QStringLiteral("flyAirframeMass"));
  QVERIFY(back && back->isEnabled());

  // In the air, armed: both ways of changing the vehicle are refused with the reason.
  navigator::VehicleLink* link = station->sitl()->link();
  float ground_z = 0;
  takeOffInAltHold(link, ground_z);
  if (QTest::currentTestFailed()) return;
  const Eigen::Matrix3d before = station->sitl()->model().inertia_kgm2;
  window_->tabs()->setCurrentWidget(window_->inspector()->parentWidget());
  flyButton()->click();
  QMessageBox* box = nullptr;
  QTRY_VERIFY((box = window_->findChild<QMessageBox*>(QStringLiteral("massChangeRefused"))) && box->isVisible());
  QVERIFY2(box->text().startsWith(QStringLiteral("The vehicle is armed. Land and disarm it first")),
           qPrintable(box->text()));
  // The picture of it, the box painted where it stands on the screen.
  QImage shot = window_->grab().toImage();
  {
    QPainter painter(&shot);
    painter.drawImage(window_->mapFromGlobal(box->mapToGlobal(QPoint(0, 0))), box->grab().toImage());
  }
  QVERIFY(shot.save(QStringLiteral(NAVIGATOR_BIN_DIR "/navigator_mass_change_refused.png")));
  box->close();
  QTRY_VERIFY(!window_->findChild<QMessageBox*>(QStringLiteral("massChangeRefused")));
  back->trigger();
  QTRY_VERIFY((box = window_->findChild<QMessageBox*>(QStringLiteral("massChangeRefused"))) && box->isVisible());
  QVERIFY(box->text().startsWith(QStringLiteral("The vehicle is armed.")));
  box->close();
  QVERIFY(back->isEnabled());  // still the way back, once landed

  // Nothing changed, and it flies on: 3 s of simulated time later (3000 IMU samples at 1 kHz)
  // armed and above 2.5 m (a free fall from 3 m reaches the ground in 0.8 s).
  QVERIFY(station->sitl()->model().inertia_kgm2 == before);
  const std::uint64_t from = station->sitl()->worker()->samplesProduced();
  QTRY_VERIFY_WITH_TIMEOUT(station->sitl()->worker()->samplesProduced() >= from + 3000, 20000);
  qInfo("3 s after the refusals: %.2f m up, armed %d", double(ground_z - station->feed()->truePosition_NED_m()[2]),
        int(link->vehicle().armed));
  QVERIFY(link->vehicle().armed);
  QCOMPARE_LT(station->feed()->truePosition_NED_m()[2], ground_z - 2.5f);
  station->stopSimulation();
}

QTEST_MAIN(InertiaInspectorTest)
#include "inertia_inspector_test.moc"
