// The parameter editor with an autopilot's metadata, driven by Qt Test events: an enumeration
// edited with its drop-down, a bitmask with its checkboxes, a value changed from its default
// in bold, a value outside its range or not among the enumeration's refused before anything is
// sent. End to end against the PX4 stand-in: the metadata read from the vehicle (COMPONENT_
// METADATA, FTP, xz) through the station's ParamMetadataBinding, and an out-of-range edit that
// leaves the stand-in without any PARAM_SET. The metadata entries mirror PX4's parameter
// reference (docs.px4.io); every expected number below is the one the test serves.
#include "app/link/param_metadata_fetch.h"
#include "app/link/vehicle_roster.h"
#include "app/ui/param_metadata_binding.h"
#include "tests/app/link/metadata_stand_in.h"
#include "widgets/parameter_editor.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace navigator;

namespace {

const QByteArray kServed = QByteArray(R"json({"version": 1, "parameters": [
  {"name": "MPC_XY_VEL_MAX", "type": "Float", "default": 12.0, "shortDesc": "Maximum horizontal velocity",
   "units": "m/s", "min": 0.0, "max": 20.0},
  {"name": "COM_RC_IN_MODE", "type": "Int32", "default": 3, "shortDesc": "Manual control input source",
   "values": [{"value": 0, "description": "RC Transmitter only"}, {"value": 1, "description": "Joystick only"},
              {"value": 3, "description": "RC or Joystick keep first"},
              {"value": 4, "description": "Stick input disabled"}]},
  {"name": "SDLOG_PROFILE", "type": "Int32", "default": 1, "shortDesc": "Logging topic profile",
   "bitmask": [{"index": 0, "description": "Default set"}, {"index": 1, "description": "Estimator replay"},
               {"index": 2, "description": "Thermal calibration"}]}]})json");

ParameterValue row(const QString& name, double value, bool integer) { return {name, value, integer}; }

QList<ParameterValue> rows() {
  ParameterValue vel = row("MPC_XY_VEL_MAX", 15.0, false);
  vel.min = 0;
  vel.max = 20;
  vel.unit = "m/s";
  vel.default_value = 12.0;
  ParameterValue rc = row("COM_RC_IN_MODE", 3, true);
  rc.default_value = 3;
  rc.values = {
      {0, "RC Transmitter only"}, {1, "Joystick only"}, {3, "RC or Joystick keep first"}, {4, "Stick input disabled"}};
  ParameterValue log = row("SDLOG_PROFILE", 1, true);
  log.default_value = 1;
  log.bits = {{0, "Default set"}, {1, "Estimator replay"}, {2, "Thermal calibration"}};
  return {vel, rc, log};
}

int rowOf(const ParameterEditor& editor, const QString& name) {
  for (int r = 0; r < editor.table()->rowCount(); ++r)
    if (editor.table()->item(r, 0)->text() == name) return r;
  return -1;
}

// Types `text` into the value cell of `row` as a user does (the editor opened, Return).
void type(ParameterEditor& editor, int row, const QString& text) {
  QTableWidget* t = editor.table();
  t->setCurrentCell(row, 1);
  t->editItem(t->item(row, 1));
  auto* line = t->viewport()->findChild<QLineEdit*>();
  QVERIFY(line);
  line->selectAll();
  QTest::keyClicks(line, text);
  QTest::keyClick(line, Qt::Key_Return);
  QCoreApplication::processEvents();  // (the delegate commits on a queued call)
}

}  // namespace

class ParameterMetadataEditorTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);  // the settings of this test, not the user's
    QSettings().remove("parameters/ardupilotDefinitions");
  }

  void shownWithTheMetadata() {
    ParameterEditor editor;
    editor.setParameters(rows());
    const int vel = rowOf(editor, "MPC_XY_VEL_MAX"), rc = rowOf(editor, "COM_RC_IN_MODE");
    QCOMPARE(editor.table()->item(vel, 2)->text(), QStringLiteral("m/s"));
    QCOMPARE(editor.table()->item(vel, 3)->text(), QStringLiteral("0 … 20; default 12"));
    QCOMPARE(editor.table()->item(rc, 1)->text(), QStringLiteral("3 (RC or Joystick keep first)"));
    // 15 against a default of 12: bold; 3 at its default 3: plain.
    QVERIFY(editor.table()->item(vel, 1)->font().bold());
    QVERIFY(editor.table()->item(vel, 1)->toolTip().contains("Changed from the default 12"));
    QVERIFY(!editor.table()->item(rc, 1)->font().bold());
    editor.setMetadataSource("from the vehicle (mftp://etc/extras/parameters.json.xz)");
    QCOMPARE(editor.metadataSource(),
             QStringLiteral("Metadata: from the vehicle (mftp://etc/extras/parameters.json.xz)"));
  }

  void enumerationEditedWithItsDropDown() {
    ParameterEditor editor;
    editor.show();
    editor.setParameters(rows());
    const int rc = rowOf(editor, "COM_RC_IN_MODE");
    QTableWidget* t = editor.table();
    t->setCurrentCell(rc, 1);
    t->editItem(t->item(rc, 1));
    auto* combo = t->viewport()->findChild<QComboBox*>();
    QVERIFY(combo);
    QCOMPARE(combo->count(), 4);
    QCOMPARE(combo->currentText(), QStringLiteral("3 (RC or Joystick keep first)"));
    QTest::keyClick(combo, Qt::Key_Down);  // the next name: 4
    QTest::keyClick(combo, Qt::Key_Return);
    QCoreApplication::processEvents();  // (the delegate commits on a queued call)
    QCOMPARE(t->item(rc, 1)->text(), QStringLiteral("4 (Stick input disabled)"));
    const QList<ParameterValue> edits = editor.pendingEdits();
    QCOMPARE(edits.size(), 1);
    QCOMPARE(edits[0].name, QStringLiteral("COM_RC_IN_MODE"));
    QCOMPARE(edits[0].value, 4.0);
  }

  void valueNotAmongTheNamesIsRefused() {
    ParameterEditor editor;
    editor.setParameters(rows());
    const int rc = rowOf(editor, "COM_RC_IN_MODE");
    editor.table()->item(rc, 1)->setText("2");  // (a paste: no drop-down in the way)
    QCOMPARE(editor.table()->item(rc, 1)->text(), QStringLiteral("3 (RC or Joystick keep first)"));
    QVERIFY(editor.pendingEdits().isEmpty());
  }

  void bitmaskEditedWithItsCheckboxes() {
    ParameterEditor editor;
    editor.show();
    editor.setParameters(rows());
    const int log = rowOf(editor, "SDLOG_PROFILE");
    editor.table()->setCurrentCell(log, 0);
    QListWidget* bits = editor.bitList();
    QVERIFY(bits->isVisible());
    QCOMPARE(bits->count(), 3);
    QCOMPARE(bits->item(0)->checkState(), Qt::Checked);  // 1 = bit 0
    QCOMPARE(bits->item(2)->checkState(), Qt::Unchecked);
    bits->item(2)->setCheckState(Qt::Checked);  // + bit 2 = 1 + 4
    QCOMPARE(editor.table()->item(log, 1)->text(), QStringLiteral("5"));
    QCOMPARE(editor.pendingEdits().size(), 1);
    QCOMPARE(editor.pendingEdits()[0].value, 5.0);
    editor.table()->setCurrentCell(rowOf(editor, "MPC_XY_VEL_MAX"), 0);
    QVERIFY(!bits->isVisible());  // no bits for a plain number
  }

  void outOfRangeRefusedBeforeSending() {
    ParameterEditor editor;
    editor.show();
    editor.setLinkAvailable(true);
    editor.setParameters(rows());
    QSignalSpy writes(&editor, &ParameterEditor::writeRequested);
    const int vel = rowOf(editor, "MPC_XY_VEL_MAX");
    type(editor, vel, "25");
    QCOMPARE(editor.table()->item(vel, 1)->text(), QStringLiteral("15"));
    QLabel* status = nullptr;
    for (QLabel* l : editor.findChildren<QLabel*>())
      if (l->text().contains("outside")) status = l;
    QVERIFY(status);
    QCOMPARE(status->text(), QStringLiteral("MPC_XY_VEL_MAX: 25 is outside its range 0 … 20 m/s"));
    for (QPushButton* b : editor.findChildren<QPushButton*>())
      if (b->text() == "Write changed") QTest::mouseClick(b, Qt::LeftButton);
    QCOMPARE(writes.count(), 0);
  }

  void px4EndToEndNothingSentOutOfRange() {
    MavlinkConnection connection;
    AutopilotStandIn vehicle({AutopilotStandIn::Kind::Px4, 1});
    for (const char* name : {"MPC_XY_VEL_MAX", "COM_RC_IN_MODE", "SDLOG_PROFILE"}) {
      AutopilotStandIn::Param p;
      p.name = name;
      p.type = QByteArray(name) == "MPC_XY_VEL_MAX" ? MAV_PARAM_TYPE_REAL32 : MAV_PARAM_TYPE_INT32;
      p.value = QByteArray(name) == "MPC_XY_VEL_MAX" ? 12.0 : 3.0;
      vehicle.params.push_back(p);
    }
    MetadataStandIn metadata(&vehicle);
    metadata.serve(kServed);
    VehicleRoster roster(&connection);
    vehicle.attach(&connection);
    vehicle.heartbeat();
    QTRY_VERIFY_WITH_TIMEOUT(roster.selected(), 2000);
    VehicleLink* link = roster.selected();
    link->params()->requestAll();
    QTRY_VERIFY_WITH_TIMEOUT(link->params()->complete(), 5000);

    ParameterEditor editor;
    editor.show();
    editor.setLinkAvailable(true);
    ParamMetadataBinding binding(&editor);
    QObject::connect(&binding, &ParamMetadataBinding::metadataChanged, &editor,
                     [&] { editor.setParameters(binding.rows(link)); });
    QObject::connect(&editor, &ParameterEditor::writeRequested, link, [link](const QList<ParameterValue>& edits) {
      for (const ParameterValue& e : edits) link->params()->setParam(e.name, e.value);  // as VehicleBinding does
    });
    editor.setParameters(binding.rows(link));
    QVERIFY(editor.metadataSource().contains("none yet"));
    binding.fetchIfNeeded(link);
    QTRY_VERIFY_WITH_TIMEOUT(
        editor.metadataSource().contains("from the vehicle (mftp://etc/extras/parameters.json.xz)"), 10000);
    const int vel = rowOf(editor, "MPC_XY_VEL_MAX");
    QCOMPARE(editor.table()->item(vel, 2)->text(), QStringLiteral("m/s"));
    QCOMPARE(editor.table()->item(vel, 3)->text(), QStringLiteral("0 … 20; default 12"));
    QCOMPARE(editor.table()->item(rowOf(editor, "COM_RC_IN_MODE"), 1)->text(),
             QStringLiteral("3 (RC or Joystick keep first)"));

    type(editor, vel, "25");
    for (QPushButton* b : editor.findChildren<QPushButton*>())
      if (b->text() == "Write changed") QTest::mouseClick(b, Qt::LeftButton);
    QTest::qWait(200);  // time for a PARAM_SET to reach the stand-in, were one sent
    QCOMPARE(int(vehicle.param_sets.size()), 0);

    type(editor, vel, "18");  // within range: written
    for (QPushButton* b : editor.findChildren<QPushButton*>())
      if (b->text() == "Write changed") QTest::mouseClick(b, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(int(vehicle.param_sets.size()), 1, 3000);
    QCOMPARE(double(vehicle.param_sets[0].param_value), 18.0);
  }

  void arduPilotDefinitionsFile() {
    MavlinkConnection connection;
    AutopilotStandIn vehicle({AutopilotStandIn::Kind::ArduCopter, 1});
    AutopilotStandIn::Param up;
    up.name = "PILOT_SPEED_UP";
    up.value = 250;
    vehicle.params.push_back(up);
    VehicleRoster roster(&connection);
    vehicle.attach(&connection);
    vehicle.heartbeat();
    QTRY_VERIFY_WITH_TIMEOUT(roster.selected(), 2000);
    VehicleLink* link = roster.selected();
    link->params()->requestAll();
    QTRY_VERIFY_WITH_TIMEOUT(link->params()->complete(), 5000);
    ParameterEditor editor;
    editor.show();
    ParamMetadataBinding binding(&editor);
    QObject::connect(&binding, &ParamMetadataBinding::metadataChanged, &editor,
                     [&] { editor.setParameters(binding.rows(link)); });
    editor.setParameters(binding.rows(link));
    QVERIFY(editor.definitionsButton()->isVisible());
    QVERIFY2(editor.metadataSource().contains("none: values only. ArduPilot does not send its parameter descriptions"),
             qPrintable(editor.metadataSource()));
    QCOMPARE(editor.table()->item(0, 3)->text(), QString());

    // The definitions as ArduPilot's xmlemit.py writes apm.pdef.xml (Copter's PILOT_SPEED_UP).
    QTemporaryDir dir;
    QFile xml(dir.filePath("apm.pdef.xml"));
    QVERIFY(xml.open(QIODevice::WriteOnly));
    xml.write(R"(<paramfile><vehicles><parameters name="ArduCopter">
<param humanName="Pilot maximum vertical speed ascending" name="ArduCopter:PILOT_SPEED_UP" documentation="The maximum vertical ascending velocity the pilot may request in cm/s">
<field name="Range">50 500</field><field name="Units">cm/s</field></param></parameters></vehicles></paramfile>)");
    xml.close();
    QVERIFY(binding.loadArduPilotDefinitions(xml.fileName()));
    QCOMPARE(editor.metadataSource(), QStringLiteral("Metadata: from file %1").arg(xml.fileName()));
    QCOMPARE(editor.table()->item(0, 2)->text(), QStringLiteral("cm/s"));
    QCOMPARE(editor.table()->item(0, 3)->text(), QStringLiteral("50 … 500"));

    // A broken file: said; the definitions in use stay.
    QFile bad(dir.filePath("bad.xml"));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("<paramfile><param name=\"ArduCopter:X\"><field name=\"Range\">1</field></param></paramfile>");
    bad.close();
    QSignalSpy said(&binding, &ParamMetadataBinding::logLine);
    QVERIFY(!binding.loadArduPilotDefinitions(bad.fileName()));
    QCOMPARE(said.count(), 1);
    QVERIFY2(said[0][0].toString().contains("Range \"1\" is not \"low high\""), qPrintable(said[0][0].toString()));
    QCOMPARE(editor.metadataSource(), QStringLiteral("Metadata: from file %1").arg(xml.fileName()));
    QCOMPARE(binding.arduPilotDefinitionsPath(), xml.fileName());
  }

  void corruptMetadataKeepsTheValues() {
    MavlinkConnection connection;
    AutopilotStandIn vehicle({AutopilotStandIn::Kind::Px4, 1, 5});
    MetadataStandIn metadata(&vehicle);
    metadata.serve(kServed, true, /*corrupt=*/true);
    VehicleRoster roster(&connection);
    vehicle.attach(&connection);
    vehicle.heartbeat();
    QTRY_VERIFY_WITH_TIMEOUT(roster.selected(), 2000);
    VehicleLink* link = roster.selected();
    link->params()->requestAll();
    QTRY_VERIFY_WITH_TIMEOUT(link->params()->complete(), 5000);
    ParameterEditor editor;
    ParamMetadataBinding binding(&editor);
    QSignalSpy said(&binding, &ParamMetadataBinding::logLine);
    QObject::connect(&binding, &ParamMetadataBinding::metadataChanged, &editor,
                     [&] { editor.setParameters(binding.rows(link)); });
    binding.fetchIfNeeded(link);
    QTRY_VERIFY_WITH_TIMEOUT(editor.metadataSource().contains("none: values only"), 10000);
    QVERIFY2(editor.metadataSource().contains("parameters.json.xz from the vehicle is corrupt"),
             qPrintable(editor.metadataSource()));
    QCOMPARE(said.count(), 1);
    QCOMPARE(editor.rowCount(), 5);  // the values, all there, without metadata
  }
};

QTEST_MAIN(ParameterMetadataEditorTest)
#include "parameter_metadata_editor_test.moc"
