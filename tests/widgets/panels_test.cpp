// The fly page's plain-value panels: wind, flight and parameters.
#include "widgets/flight_panel.h"
#include "widgets/parameter_editor.h"
#include "widgets/wind_panel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>

#include <cmath>

using navigator::ParameterValue;

class PanelsTest : public QObject {
  Q_OBJECT

 private slots:
  void windBearingIsWhereItBlowsFrom() {
    // A wind from the west (270°) moves air east: +E in NED. From the north: −N. Updraft: −D.
    auto w = navigator::windFromBearing(5.0, 270.0, 0.0);
    QVERIFY(std::abs(w[0]) < 1e-12 && std::abs(w[1] - 5.0) < 1e-12 && w[2] == 0.0);
    w = navigator::windFromBearing(3.0, 0.0, 1.5);
    QVERIFY(std::abs(w[0] + 3.0) < 1e-12 && std::abs(w[1]) < 1e-12 && w[2] == -1.5);
    // 045°: from the north-east, towards the south-west, each part 1/√2 of the speed.
    w = navigator::windFromBearing(2.0, 45.0, 0.0);
    QVERIFY(std::abs(w[0] + std::sqrt(2.0)) < 1e-12 && std::abs(w[1] + std::sqrt(2.0)) < 1e-12);
  }

  void windPanelAppliesEveryChangeAndRoundTrips() {
    navigator::WindPanel panel;
    QSignalSpy spy(&panel, &navigator::WindPanel::settingChanged);
    auto spins = panel.findChildren<QDoubleSpinBox*>();
    QCOMPARE(spins.size(), 4);
    spins[0]->setValue(6.0);   // speed
    spins[1]->setValue(90.0);  // from the east
    spins[3]->setValue(1.25);  // σ
    QCOMPARE(spy.count(), 3);
    const auto s = spy.last().at(0).value<navigator::WindSetting>();
    QVERIFY(std::abs(s.wind_NED_mps[0]) < 1e-12 && std::abs(s.wind_NED_mps[1] + 6.0) < 1e-12);
    QCOMPARE(s.turbulence_sigma_mps, 1.25);
    navigator::WindSetting restored;
    restored.wind_NED_mps = {-4.0, 0.0, -0.5};  // towards the south: from the north (0°), 0.5 m/s up
    restored.turbulence_sigma_mps = 0.5;
    panel.setSetting(restored);
    QCOMPARE(spy.count(), 3);  // restoring does not emit
    QCOMPARE(spins[0]->value(), 4.0);
    QCOMPARE(spins[1]->value(), 0.0);
    QCOMPARE(spins[2]->value(), 0.5);
    const auto back = panel.setting();
    for (int i = 0; i < 3; ++i)
      QCOMPARE_LT(std::abs(back.wind_NED_mps[std::size_t(i)] - restored.wind_NED_mps[std::size_t(i)]), 1e-9);
  }

  void flightPanelEnablesWhatTheLinkAllows() {
    navigator::FlightPanel panel({"ACRO", "ANGLE", "ALT_HOLD"});
    auto* arm = findButton(panel, "Arm");
    auto* disarm = findButton(panel, "Disarm");
    QVERIFY(!arm->isEnabled() && !disarm->isEnabled());  // no vehicle: nothing to command
    panel.setLinkState(navigator::FlightPanel::LinkState::Connected, "sys 1");
    QVERIFY(arm->isEnabled() && disarm->isEnabled());
    // Not offered (no pilot input reaches the vehicle yet): Arm greyed out, its tooltip says why.
    const QString arm_tip = arm->toolTip();
    panel.setArmOffered(false, "no pilot input yet");
    QVERIFY(!arm->isEnabled() && disarm->isEnabled());
    QCOMPARE(arm->toolTip(), QString("no pilot input yet"));
    panel.setArmOffered(true);
    QVERIFY(arm->isEnabled());
    QCOMPARE(arm->toolTip(), arm_tip);
    panel.setArmed(true);
    QVERIFY(!arm->isEnabled() && disarm->isEnabled());  // disarm is never greyed out while linked
    QSignalSpy modes(&panel, &navigator::FlightPanel::modeRequested);
    panel.setMode(2);  // the vehicle's report does not request anything
    QCOMPARE(modes.count(), 0);
    auto* combo = panel.findChild<QComboBox*>();
    QCOMPARE(combo->currentText(), QString("ALT_HOLD"));
    panel.setMode(7);
    QCOMPARE(combo->currentIndex(), -1);
    QVERIFY(combo->toolTip().contains("7"));

    // The firmware's process buttons: Start while stopped; none while it is someone else's.
    auto* start = findButton(panel, "Start");
    auto* stop = findButton(panel, "Stop");
    QVERIFY(start->isEnabled() && !stop->isEnabled());
    panel.setFirmwareElsewhere("flies the simulator in /tmp/navigator-sitl");
    QVERIFY(!start->isEnabled() && !stop->isEnabled() && !findButton(panel, "Restart")->isEnabled());
    QVERIFY(arm->isEnabled() || disarm->isEnabled());  // the vehicle itself is still commanded
    panel.setFirmwareRunning(true, "pid 1");
    QVERIFY(!start->isEnabled() && stop->isEnabled());
  }

  void parameterEditsArePendingUntilConfirmed() {
    navigator::ParameterEditor editor;
    editor.setParameters({{"RATE_RP_P", 0.15, false}, {"SENS_ROT", 0, true}, {"HOVER_THRUST", 0.4, false}});
    QCOMPARE(editor.rowCount(), 3);
    QVERIFY(editor.pendingEdits().isEmpty());
    QTableWidget* t = editor.table();
    t->item(0, 1)->setText("0.2");
    t->item(1, 1)->setText("2.5");  // not whole: refused here, the vehicle's value stays
    QCOMPARE(t->item(1, 1)->text(), QString("0"));
    t->item(2, 1)->setText("abc");
    QCOMPARE(t->item(2, 1)->text(), QString("0.4"));
    auto edits = editor.pendingEdits();
    QCOMPARE(edits.size(), 1);
    QCOMPARE(edits[0].name, QString("RATE_RP_P"));
    QCOMPARE(edits[0].value, 0.2);
    QSignalSpy writes(&editor, &navigator::ParameterEditor::writeRequested);
    editor.setLinkAvailable(true);
    findButton(editor, "Write changed")->click();
    QCOMPARE(writes.count(), 1);
    editor.showValue({"RATE_RP_P", 0.2, false});  // the vehicle echoed it: confirmed
    QVERIFY(editor.pendingEdits().isEmpty());
    t->item(2, 1)->setText("0.95");
    editor.showRefused("HOVER_THRUST", "HOVER_THRUST = 0.95 refused, vehicle kept 0.4");
    QCOMPARE(t->item(2, 1)->text(), QString("0.4"));
    QVERIFY(t->item(2, 1)->toolTip().contains("refused"));
    QVERIFY(editor.pendingEdits().isEmpty());
  }

  void parameterRangeUnitAndDescription() {
    // The table once showed no range or description. Each row now has its unit
    // and range (from the firmware's metadata: fc_params.h, RATE_RP_P 0 … 10 per rad/s), the
    // description below for the current row and in the tooltips, typed into the filter too.
    navigator::ParameterEditor editor;
    navigator::ParameterValue rate{"RATE_RP_P", 0.15, false};
    rate.min = 0;
    rate.max = 10;
    rate.unit = "per rad/s";
    rate.description = "Roll/pitch rate P";
    navigator::ParameterValue rot{"SENS_ROT", 0, true};
    rot.min = 0;
    rot.max = 7;
    rot.description = "Sensor axes to vehicle axes";
    editor.setParameters({rate, rot, {"NO_META", 1.5, false}});
    editor.resize(420, 400);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    QTableWidget* t = editor.table();
    QCOMPARE(t->columnCount(), 4);
    QCOMPARE(t->horizontalHeaderItem(3)->text(), QString("Range"));
    QCOMPARE(t->item(0, 2)->text(), QString("per rad/s"));
    QCOMPARE(t->item(0, 3)->text(), QString("0 … 10"));
    QCOMPARE(t->item(1, 3)->text(), QString("0 … 7, whole"));
    QCOMPARE(t->item(2, 3)->text(), QString());  // no metadata: no invented range
    QVERIFY(t->item(0, 0)->toolTip().contains("Roll/pitch rate P"));
    // Every header whole at this width ("Type" was cut to "Ty").
    for (int c = 0; c < t->columnCount(); ++c)
      QCOMPARE_GE(t->horizontalHeader()->sectionSize(c),
                  t->horizontalHeader()->fontMetrics().horizontalAdvance(t->horizontalHeaderItem(c)->text()));
    t->setCurrentCell(1, 1);
    QVERIFY(editor.descriptionShown().contains("Sensor axes to vehicle axes"));
    // An edit outside the range is refused here, with the range in the message.
    t->item(0, 1)->setText("12");
    QCOMPARE(t->item(0, 1)->text(), QString("0.15"));
    QVERIFY(editor.pendingEdits().isEmpty());
    // The filter, typed as a user types: by name or by description.
    QTest::keyClicks(editor.filter(), "axes");
    QVERIFY(t->isRowHidden(0) && !t->isRowHidden(1) && t->isRowHidden(2));
  }

  void aFloatAtItsDefaultIsNotChanged() {
    // PX4's MPC_XY_VEL_D_ACC: default 0.2 in its metadata (a double), 0.2f on the vehicle
    // (0.200000003 as a double: the nearest binary32). Seen in bold against the real PX4.
    navigator::ParameterValue acc{"MPC_XY_VEL_D_ACC", double(0.2f), false};
    acc.default_value = 0.2;
    QVERIFY(!acc.changedFromDefault());
    acc.value = double(0.25f);
    QVERIFY(acc.changedFromDefault());
    navigator::ParameterValue mode{"COM_RC_IN_MODE", 3, true};
    mode.default_value = 3;
    QVERIFY(!mode.changedFromDefault());
    mode.value = 16777217;  // an integer compared whole, not as a float (which holds 16777216)
    mode.default_value = 16777216;
    QVERIFY(mode.changedFromDefault());
  }

  void theValueColumnIsReadableInANarrowPanel() {
    // Seen before: at 1280×800 the side panel is about 330 px wide and the Value column was left
    // ~25 px ("0.\n4", "4....", "…"). Every value shown whole, on one line, at 330 and 420 px;
    // what gives way is the range, elided, its text in the tooltip.
    for (const int width : {330, 420}) {
      navigator::ParameterEditor editor;
      navigator::ParameterValue d{"RATE_RP_D", 0.003, false};
      d.min = 0;
      d.max = 1;
      d.unit = "per rad/s^2";
      navigator::ParameterValue lpf{"RATE_D_LPF_HZ", 40, false};
      lpf.min = 1;
      lpf.max = 200;
      lpf.unit = "Hz";
      navigator::ParameterValue tiny{"SOME_GAIN", -1.234567e-05, false};
      navigator::ParameterValue yaw{"YAW_RATE_DPS", 120, false};
      yaw.min = 10;
      yaw.max = 720;
      yaw.unit = "deg/s";
      editor.setParameters({d, lpf, tiny, yaw, {"SYSID", 1, true}});
      editor.resize(width, 400);
      editor.show();
      QVERIFY(QTest::qWaitForWindowExposed(&editor));
      QTableWidget* t = editor.table();
      const QFontMetrics fm = t->fontMetrics();
      for (int row = 0; row < t->rowCount(); ++row) {
        const QString value = t->item(row, 1)->text();
        QCOMPARE_GE(t->columnWidth(1), fm.horizontalAdvance(value) + 8);  // whole, with the cell's margins
      }
      QCOMPARE(t->item(2, 1)->text(), QString("-1.234567e-05"));
      QCOMPARE_GE(t->columnWidth(0), fm.horizontalAdvance("RATE_D_LPF_HZ"));  // the name whole too
      QVERIFY(!t->wordWrap());
      QVERIFY(t->item(0, 3)->toolTip().contains(QString("0 … 1")));
    }
  }

  void parameterNumbersInTheUsersLocale() {
    // Seen before: "0,405000 kg" beside "0.405". A German desktop shows and takes a
    // decimal comma; a C-locale "0.25" typed there is taken too; what goes to the vehicle is a
    // number, not text.
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    navigator::ParameterEditor editor;
    editor.setParameters({{"HOVER_THRUST", 0.4, false}});
    QTableWidget* t = editor.table();
    QCOMPARE(t->item(0, 1)->text(), QString("0,4"));
    t->item(0, 1)->setText("0,45");
    QCOMPARE(editor.pendingEdits().value(0).value, 0.45);
    t->item(0, 1)->setText("0.25");
    QCOMPARE(editor.pendingEdits().value(0).value, 0.25);
    QLocale::setDefault(QLocale::c());
  }

 private:
  static QPushButton* findButton(QWidget& parent, const QString& text) {
    for (auto* b : parent.findChildren<QPushButton*>())
      if (b->text() == text) return b;
    qFatal("no button %s", qPrintable(text));
  }
};

QTEST_MAIN(PanelsTest)
#include "panels_test.moc"
