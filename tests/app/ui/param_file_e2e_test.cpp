// Parameter files from the Fly page's parameter editor, through its widgets, against the PX4 and
// ArduCopter stand-ins of tests/app/link/autopilot_stand_in.h (their parameter protocol as each
// program speaks it: PX4 bytewise integers, ArduPilot C cast) on a UDP link: Save… writes the
// vehicle's table; a value then changes on the vehicle; Load… of the saved file previews that
// one change (old and new value); Apply sends one PARAM_SET and the vehicle holds the saved value
// again. A file with a bad line applies nothing until the readable lines are accepted; Compare…
// shows the same list and sends nothing. The same save, change, load and apply against the real
// SITL firmware (vayu_sitl) flying in the station's own world. Needs a display (the page's 3-D view).
#include "app/core/station.h"
#include "app/ui/fly_page.h"
#include "app/ui/param_file_dialog.h"
#include "tests/app/joystick/virtual_pad.h"
#include "tests/app/link/autopilot_stand_in.h"
#include "tests/sim/shipped_airframes.h"
#include "tests/support/free_port.h"
#include "tests/support/widget_lookup.h"
#include "widgets/parameter_editor.h"
#include "widgets/vehicle_link_panel.h"

#include <QCheckBox>
#include <QDir>
#include <QRegularExpression>
#include <QTabWidget>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using navigator::ParameterEditor;
using navigator::ParamFileDialog;
using navigator::test::button;
using navigator::test::part;

namespace {

constexpr int kGenerated = 10;  // the stand-in's own PX4_PARAM_0000 … / AP_PARAM_0000 …

// Chooses `path` in the file dialog the button opened.
bool chooseFile(ParameterEditor* editor, const QString& path) {
  auto* chooser = editor->findChild<QFileDialog*>(QStringLiteral("paramFileChooser"));
  if (!chooser) return false;
  chooser->selectFile(path);
  return QMetaObject::invokeMethod(chooser, "accept");  // its Save / Open button
}

// Save… to `path` through the file dialog: the file's text, empty when it was not written.
QString savedThrough(ParameterEditor* editor, const QString& path) {
  button(editor, QStringLiteral("Save…"))->click();
  QFile saved(path);
  if (!chooseFile(editor, path) || !saved.open(QIODevice::ReadOnly)) return {};
  return QString::fromUtf8(saved.readAll());
}

AutopilotStandIn::Param* param(AutopilotStandIn& vehicle, const QString& name) {
  for (auto& p : vehicle.params)
    if (p.name == name) return &p;
  return nullptr;
}

QString rowText(QTableWidget* table, const QString& name) {
  for (int row = 0; row < table->rowCount(); ++row)
    if (table->item(row, 0)->text() == name) {
      QStringList cells;
      for (int c = 0; c < table->columnCount(); ++c) cells << table->item(row, c)->text();
      return cells.join(QLatin1Char('|'));
    }
  return {};
}

// A value inside the parameter's range other than `old` (its metadata's range when it has one).
double anotherValue(const navigator::ParameterValue& p) {
  if (!p.hasRange()) return p.value * 0.5 + 0.25;
  return p.value > p.min ? (p.value + p.min) / 2 : (p.value + p.max) / 2;
}

}  // namespace

class ParamFileE2eTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    navigator::joystick::test::useHeadlessSdl();
  }
  void init() { QSettings().clear(); }

  void saveChangeLoadApply_data() {
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("file_name");
    QTest::addColumn<double>("big");
    QTest::addColumn<QString>("big_line");
    QTest::addColumn<double>("big_next");
    // PX4: bytewise, so 4000000001 travels exactly; ArduPilot: C cast, exact above 2^24 only
    // where a float holds the integer (16777218 = 2^24 + 2 is one, 16777217 is not).
    QTest::newRow("PX4, QGroundControl file") << int(AutopilotStandIn::Kind::Px4) << "px4.params" << 4000000001.0
                                              << "1\t1\tBIG_U32\t4000000001\t5" << 4000000003.0;
    QTest::newRow("ArduCopter, Mission Planner file")
        << int(AutopilotStandIn::Kind::ArduCopter) << "copter.param" << 16777218.0 << "BIG_U32,16777218" << 16777220.0;
  }

  void saveChangeLoadApply() {
    QFETCH(int, kind);
    QFETCH(QString, file_name);
    QFETCH(double, big);
    QFETCH(QString, big_line);
    QFETCH(double, big_next);
    navigator::Station station;
    navigator::FlyPage fly(&station);
    fly.resize(1400, 900);
    fly.show();
    QVERIFY(QTest::qWaitForWindowExposed(&fly));
    auto* panel = navigator::test::only<navigator::VehicleLinkPanel>(&fly);
    const quint16 port = freeLoopbackUdpPort();
    QVERIFY(port != 0);
    panel->addressField()->setText(QStringLiteral("udp:%1").arg(port));
    emit panel->connectRequested(panel->address());
    QTRY_VERIFY_WITH_TIMEOUT(station.autopilots()->link()->isOpen(), 2000);

    AutopilotStandIn vehicle({AutopilotStandIn::Kind(kind), 1, kGenerated});
    vehicle.addParam(QStringLiteral("BIG_U32"), AutopilotStandIn::kTypeUint32, big);
    vehicle.addParam(QStringLiteral("NEG_I32"), MAV_PARAM_TYPE_INT32, -2147483648.0);
    vehicle.addParam(QStringLiteral("RATE_P"), MAV_PARAM_TYPE_REAL32, double(0.135f));
    QVERIFY(vehicle.bindUdp(port));
    vehicle.heartbeat();
    auto* editor = navigator::test::only<ParameterEditor>(&fly);
    fly.findChild<QTabWidget*>(QStringLiteral("flySideTabs"))->setCurrentWidget(editor);  // the Parameters tab
    QTRY_COMPARE_WITH_TIMEOUT(editor->rowCount(), kGenerated + 3, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(button(editor, QStringLiteral("Save…"))->isEnabled(), 2000);

    // Save: the whole table, integers exact.
    QTemporaryDir dir;
    const QString path = dir.filePath(file_name);
    const QString text = savedThrough(editor, path);
    QVERIFY2(text.contains(big_line + QLatin1Char('\n')), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("NEG_I32")) && text.contains(QStringLiteral("-2147483648")),
             qPrintable(text));

    // A value changes on the vehicle (as after a change on board: pushed unasked).
    param(vehicle, QStringLiteral("RATE_P"))->value = double(0.2f);
    vehicle.pushParam(QStringLiteral("RATE_P"));
    QTRY_VERIFY_WITH_TIMEOUT(station.vehicles()->shown()->link()->params()->param("RATE_P")->value == double(0.2f),
                             2000);
    const std::size_t sets_before = vehicle.param_sets.size();

    // Load: the preview lists the one change; Apply sends it alone; the vehicle holds 0.135 again.
    button(editor, QStringLiteral("Load…"))->click();
    QVERIFY(chooseFile(editor, path));
    auto* preview = editor->findChild<ParamFileDialog*>();
    QVERIFY(preview);
    const QString summary = part<QLabel>(preview, "paramFileSummary")->text();
    QVERIFY2(summary.contains(QStringLiteral("1 changed")) &&
                 summary.contains(QStringLiteral("%1 unchanged").arg(kGenerated + 2)),
             qPrintable(summary));
    auto* table = part<QTableWidget>(preview, "paramFileTable");
    QCOMPARE(table->rowCount(), 1);
    QCOMPARE(rowText(table, QStringLiteral("RATE_P")),
             QStringLiteral("RATE_P|0.2|0.135|%1|changed").arg(text.left(text.indexOf("RATE_P")).count('\n') + 1));
    QVERIFY(!part<QCheckBox>(preview, "paramFileAcceptReadable")->isVisible());
    QTest::mouseClick(part<QPushButton>(preview, "paramFileApply"), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(part<QLabel>(preview, "paramFileResults")->text().contains("1 confirmed, 0 refused"),
                             3000);
    QCOMPARE(vehicle.param_sets.size(), sets_before + 1);  // the changed one only
    QCOMPARE(QString::fromLatin1(vehicle.param_sets.back().param_id), QStringLiteral("RATE_P"));
    QCOMPARE(param(vehicle, QStringLiteral("RATE_P"))->value, double(0.135f));
    QVERIFY2(rowText(table, "RATE_P").endsWith("confirmed by the vehicle"), qPrintable(rowText(table, "RATE_P")));
    QVERIFY(!part<QPushButton>(preview, "paramFileApply")->isEnabled());  // sent once
    // To look at: the page and the preview after Apply (in the temporary folder).
    const QString shot =
        QStringLiteral("param_file_%1").arg(QTest::currentDataTag()).replace(QRegularExpression("\\W+"), "_");
    QVERIFY(fly.grab().save(QDir::temp().filePath(shot + "_page.png")));
    QVERIFY(preview->grab().save(QDir::temp().filePath(shot + "_preview.png")));
    preview->close();
    QTRY_VERIFY(!editor->findChild<ParamFileDialog*>());

    badLineWaitsForConsent(editor, vehicle, dir.filePath(QStringLiteral("bad.param")), big_next);
    if (QTest::currentTestFailed()) return;
    compareSendsNothing(editor, vehicle, station.vehicles()->shown()->link()->params(), path);
    if (QTest::currentTestFailed()) return;
    goneParameterGetsNoAnswer(editor, vehicle, dir.filePath(QStringLiteral("gone.param")));
  }

  // Navigator's own firmware: its table saved (QGroundControl format), RATE_RP_P changed on the
  // vehicle, the file loaded: the preview shows that one change, Apply, and the firmware's echo
  // holds the saved value again.
  void onTheSitlFirmware() {
    QTemporaryDir dir;
    navigator::Station station;
    navigator::FlyPage fly(&station);
    fly.resize(1400, 900);
    fly.show();
    QVERIFY(QTest::qWaitForWindowExposed(&fly));
    navigator::SitlSessionOptions options;
    options.gcs_port = 0;
    options.firmware_executable = QStringLiteral(NAVIGATOR_BIN_DIR "/vayu_sitl");
    options.params_file = dir.filePath(QStringLiteral("vayu_params.txt"));
    vsim::SimulatorConfig ground;
    ground.world = vsim::World{};  // flat ground at z = 0
    QCOMPARE(station.startSimulation(loadShippedAirframe(QStringLiteral("s500.yaml")), ground, options), QString());
    navigator::VehicleLink* link = station.sitl()->link();
    QTRY_COMPARE_WITH_TIMEOUT(link->linkState(), navigator::LinkState::Connected, 15000);
    auto* editor = navigator::test::only<ParameterEditor>(&fly);
    QTRY_VERIFY_WITH_TIMEOUT(link->params()->complete() && editor->rowCount() == link->params()->count(), 15000);
    // The station gives the firmware its airframe (rotor geometry, GYRO_RANGE_DPS) once the list is
    // read: the table to save is the one after that.
    QTRY_VERIFY_WITH_TIMEOUT(!station.geometry()->pending(), 15000);
    const QString name = QStringLiteral("RATE_RP_P");
    const auto shown = std::find_if(editor->parameters().begin(), editor->parameters().end(),
                                    [&](const navigator::ParameterValue& p) { return p.name == name; });
    QVERIFY(shown != editor->parameters().end());
    const double saved_value = link->params()->param(name)->value, changed_value = double(float(anotherValue(*shown)));

    const QString path = dir.filePath(QStringLiteral("vayu.params"));
    QVERIFY(savedThrough(editor, path).contains(QStringLiteral("\t%1\t").arg(name)));
    link->params()->setParam(name, changed_value);  // changed on the vehicle (by another station, say)
    QTRY_COMPARE_WITH_TIMEOUT(link->params()->param(name)->value, changed_value, 5000);

    button(editor, QStringLiteral("Load…"))->click();
    QVERIFY(chooseFile(editor, path));
    auto* preview = editor->findChild<ParamFileDialog*>();
    QVERIFY(preview);
    auto* table = part<QTableWidget>(preview, "paramFileTable");
    QCOMPARE(table->rowCount(), 1);
    QVERIFY2(rowText(table, name)
                 .startsWith(QStringLiteral("%1|%2|%3|")
                                 .arg(name, QString::fromStdString(navigator::paramfile::valueText(changed_value, 9)),
                                      QString::fromStdString(navigator::paramfile::valueText(saved_value, 9)))),
             qPrintable(rowText(table, name)));
    QTest::mouseClick(part<QPushButton>(preview, "paramFileApply"), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(part<QLabel>(preview, "paramFileResults")->text().contains("1 confirmed, 0 refused"),
                             5000);
    QCOMPARE(link->params()->param(name)->value, saved_value);  // the firmware's echo
    preview->close();
    station.stopSimulation();
  }

 private:
  // A file with a bad line: the line is named; Apply waits until the readable lines are accepted,
  // then writes those (a float and a 32-bit integer the vehicle's encoding carries exactly).
  void badLineWaitsForConsent(ParameterEditor* editor, AutopilotStandIn& vehicle, const QString& path,
                              double big_next) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("# three lines, one bad\r\nRATE_P,0.25\r\nNEG_I32,abc\r\nBIG_U32," +
               QByteArray::number(qint64(big_next)) + "\r\n");
    file.close();
    button(editor, QStringLiteral("Load…"))->click();
    QVERIFY(chooseFile(editor, path));
    auto* preview = editor->findChild<ParamFileDialog*>();
    QVERIFY(preview);
    auto* table = part<QTableWidget>(preview, "paramFileTable");
    QVERIFY2(rowText(table, "NEG_I32").contains(QStringLiteral("bad.param:3: NEG_I32: \"abc\" is not a number")),
             qPrintable(rowText(table, "NEG_I32")));
    auto* apply = part<QPushButton>(preview, "paramFileApply");
    auto* consent = part<QCheckBox>(preview, "paramFileAcceptReadable");
    QVERIFY(consent->isVisible());
    QVERIFY(!apply->isEnabled());
    QVERIFY(preview->grab().save(QDir::temp().filePath(QStringLiteral("param_file_bad_line.png"))));  // to look at
    QTest::mouseClick(consent, Qt::LeftButton);
    QVERIFY(apply->isEnabled());
    QTest::mouseClick(apply, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(part<QLabel>(preview, "paramFileResults")->text().contains("2 confirmed, 0 refused"),
                             3000);
    QCOMPARE(param(vehicle, QStringLiteral("RATE_P"))->value, double(0.25f));
    QCOMPARE(param(vehicle, QStringLiteral("BIG_U32"))->value, big_next);       // exact
    QCOMPARE(param(vehicle, QStringLiteral("NEG_I32"))->value, -2147483648.0);  // untouched
    preview->close();
    QTRY_VERIFY(!editor->findChild<ParamFileDialog*>());
  }

  // Compare: the same preview (RATE_P 0.25 on the vehicle, 0.135 in the file), no Apply, nothing sent.
  void compareSendsNothing(ParameterEditor* editor, AutopilotStandIn& vehicle, navigator::ParamClient* params,
                           const QString& path) {
    const std::size_t sets_before = vehicle.param_sets.size();
    button(editor, QStringLiteral("Compare…"))->click();
    QVERIFY(chooseFile(editor, path));
    auto* preview = editor->findChild<ParamFileDialog*>();
    QVERIFY(preview);
    QVERIFY2(rowText(part<QTableWidget>(preview, "paramFileTable"), "RATE_P").startsWith("RATE_P|0.25|0.135|"),
             qPrintable(part<QLabel>(preview, "paramFileSummary")->text()));
    QVERIFY(!part<QPushButton>(preview, "paramFileApply")->isVisible());
    QVERIFY(!params->setPending());  // nothing queued to send
    QCOMPARE(vehicle.param_sets.size(), sets_before);
    preview->close();
    QTRY_VERIFY(!editor->findChild<ParamFileDialog*>());
  }

  // A parameter the vehicle no longer has (its firmware changed since the list was read): the
  // PARAM_SET goes unanswered, and after the station's tries (LinkTimings: 3 sends, 1 s apart)
  // the row says so.
  void goneParameterGetsNoAnswer(ParameterEditor* editor, AutopilotStandIn& vehicle, const QString& path) {
    const QString gone = vehicle.params[1].name;  // PX4_PARAM_0001 / AP_PARAM_0001
    vehicle.params.erase(vehicle.params.begin() + 1);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(gone.toLatin1() + ",7\n");
    file.close();
    button(editor, QStringLiteral("Load…"))->click();
    QVERIFY(chooseFile(editor, path));
    auto* preview = editor->findChild<ParamFileDialog*>();
    QVERIFY(preview);
    QTest::mouseClick(part<QPushButton>(preview, "paramFileApply"), Qt::LeftButton);
    auto* results = part<QLabel>(preview, "paramFileResults");
    QTRY_VERIFY_WITH_TIMEOUT(results->text().contains("0 confirmed, 0 refused, 1 without answer"), 8000);
    const QString row = rowText(part<QTableWidget>(preview, "paramFileTable"), gone);
    QVERIFY2(row.contains(QStringLiteral("no answer: %1: no answer from the vehicle after 3 tries").arg(gone)),
             qPrintable(row));
    preview->close();
  }
};

QTEST_MAIN(ParamFileE2eTest)
#include "param_file_e2e_test.moc"
