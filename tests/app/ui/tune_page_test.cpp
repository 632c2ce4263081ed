// The Tune page as a user drives it: keys typed into its fields, the buttons
// clicked. A real tune of the shipped S500 with a small evaluation cap runs off the GUI thread
// (nothing is faked: the flight core flies every candidate); the live best-cost plot, the
// gains, the step responses and the summary are checked against the tuner's own result. Cancel
// right after Start leaves the page idle with nothing tuned; a cap too small gets the tuner's
// message; Save… writes a file vsim::readParamFile reads back; Write to vehicle writes to the
// SITL firmware (each value confirmed by its echo), and a set with a value out of range sends
// nothing. The flying keys never fly from the Tune page. Needs a display (the main window's
// 3-D views; run under xvfb-run) and vayu_sitl.
#include "app/core/mesh_loader.h"
#include "app/core/param_set_writer.h"
#include "app/joystick/pilot_input_source.h"
#include "app/link/param_metadata.h"
#include "app/ui/fly_page.h"
#include "app/ui/inertia_inspector.h"
#include "app/ui/main_window.h"
#include "app/ui/tune_page.h"
#include "app/ui/tune_results_view.h"
#include "firmware/core/fc_params.h"
#include "flight/param_file.h"
#include "tests/app/joystick/virtual_pad.h"
#include "tests/app/link/scripted_vehicle.h"
#include "widgets/plots/series_plot.h"
#include "tests/support/widget_lookup.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QCheckBox>
#include <QLabel>
#include <QtTest>

#include <cmath>
#include <cstring>
#include <memory>

using navigator::TunePage;

namespace {

const QString kBin = QStringLiteral(NAVIGATOR_BIN_DIR);
// The tune of the S500 checked here: 144 candidates (the staged search's shares by dimension
// give each stage at least two CMA-ES generations of 12: 4, 2, 2 and 2), the time budget typed as
// 900 s so that it never cuts the search, whatever the machine's speed.
constexpr int kEvaluations = 144;
constexpr int kPopulation = vsim::tune::kDefaultPopulation;  // TuneOptions' default λ
// Generous: the run takes ~10 s on two cores, much longer under a sanitizer.
constexpr int kTuneTimeoutMs = 600000;

// Gives `w` the keyboard focus, its window the window system's (as a click on it would).
void focusOn(QWidget* w) {
  w->window()->activateWindow();
  w->setFocus(Qt::MouseFocusReason);
  QTRY_VERIFY(w->hasFocus() && QGuiApplication::focusWindow() == w->window()->windowHandle());
}

// Replaces what a spin box holds with `text`, typed, and moves on with Tab.
void typeInto(QAbstractSpinBox* box, const QString& text) {
  focusOn(box);
  QTest::keyClick(box, Qt::Key_A, Qt::ControlModifier);  // the value, without its suffix
  QTest::keyClicks(box, text);
  QTest::keyClick(box, Qt::Key_Tab);
}

// Chooses the item of a (closed, non-editable) combo box whose text is `text`, with the keys a
// user would press: Home, then Down until it is current.
bool chooseByKeys(QComboBox* combo, const QString& text) {
  focusOn(combo);
  QTest::keyClick(combo, Qt::Key_Home);
  for (int i = 0; i < combo->count() && combo->currentText() != text; ++i) QTest::keyClick(combo, Qt::Key_Down);
  return combo->currentText() == text;
}

bool nonIncreasing(const QVector<double>& v) {
  for (qsizetype i = 1; i < v.size(); ++i)
    if (v[i] > v[i - 1]) return false;
  return true;
}

QVector<double> vec(const std::vector<double>& v) { return QVector<double>(v.begin(), v.end()); }

// A vehicle on a link of its own, scripted as the flight firmware answers (fc_link.c): its
// heartbeat, its parameter list (the tuned gains at the firmware's defaults, less the names in
// `unlisted`), and each PARAM_SET echoed with the value in force — refused (kept) above
// `cap` for the name `capped`, after a STATUSTEXT saying why.
struct ScriptedGainVehicle {
  navigator::MavlinkConnection connection;
  ScriptedVehicle v{&connection};
  navigator::VehicleLink link{&connection};
  std::vector<std::pair<QString, float>> table;
  std::vector<QString> sets;  // every PARAM_SET received, by name
  QString capped;
  float cap = 0;

  explicit ScriptedGainVehicle(const vsim::ParamList& gains, const QStringList& unlisted = {}) {
    for (const auto& [name, value] : gains)
      if (!unlisted.contains(QString::fromStdString(name)))
        table.emplace_back(QString::fromStdString(name), float(value));
    v.answer = [this](const mavlink_frame_t& f) { onFrame(f); };
  }
  void sendValue(std::size_t i) {
    mavlink_param_value_t m{};
    const QByteArray id = table[i].first.toLatin1();
    std::memcpy(m.param_id, id.constData(), std::size_t(std::min<qsizetype>(id.size(), 16)));
    m.param_type = navigator::ParamClient::kTypeReal32;
    m.param_value = table[i].second;
    m.param_count = std::uint16_t(table.size());
    m.param_index = std::uint16_t(i);
    v.send(m);
  }
  void onFrame(const mavlink_frame_t& f) {
    if (f.msgid == MAVLINK_MSG_ID_PARAM_REQUEST_LIST)
      for (std::size_t i = 0; i < table.size(); ++i) sendValue(i);
    mavlink_param_set_t s;
    if (!mavlink_param_set_decode(&f, &s)) return;
    char id[17] = {};
    std::memcpy(id, s.param_id, 16);
    sets.push_back(QString::fromLatin1(id));
    for (std::size_t i = 0; i < table.size(); ++i) {
      if (table[i].first != sets.back()) continue;
      if (table[i].first == capped && s.param_value > cap)
        v.statusText(4, (table[i].first.toLatin1() + " not set: value out of range").constData());
      else
        table[i].second = s.param_value;
      sendValue(i);
    }
  }
  // Heard and listed, as the Fly page's binding has it before a write.
  bool connectAndList() {
    v.heartbeat();
    QSignalSpy listed(link.params(), &navigator::ParamClient::listComplete);
    link.params()->requestAll();
    return link.linkState() == navigator::LinkState::Connected && (listed.count() == 1 || listed.wait(5000));
  }
};

using navigator::test::part;

// The live best-cost plot: one point per generation (at the candidates flown so far), over one
// line per stage, each line non-increasing; with the stages before it, the tuner's whole-tune
// history (TuneResult::best_cost). A stage's result is the best of its finalists on the whole
// set, no worse than where it started. Then the aims in a pilot's words; a tune that misses one
// is offered only when asked.
void costPlotAndAims(navigator::TunePage* page, const vsim::tune::TuneResult& r) {
  navigator::SeriesPlot* cost = part<navigator::SeriesPlot>(page, "costPlot");
  QCOMPARE(cost->seriesCount(), int(r.stages.size()));
  QCOMPARE(r.stages.size(), std::size_t(4));
  int points = 0;
  double earlier_stages = 0.0;
  for (int s = 0; s < cost->seriesCount(); ++s) {
    const QVector<double> x = cost->xValues(s), y = cost->yValues(s);
    QCOMPARE(x.size() * kPopulation, r.stages[std::size_t(s)].evaluations);
    QVERIFY2(nonIncreasing(y), qPrintable(cost->seriesName(s)));
    QVERIFY(r.stages[std::size_t(s)].cost_after <= r.stages[std::size_t(s)].cost_before);
    for (qsizetype i = 0; i < x.size(); ++i) {
      QCOMPARE(x[i], double(r.best_cost[std::size_t(points)].first));  // candidates so far
      QCOMPARE(earlier_stages + y[i], r.best_cost[std::size_t(points)].second);
      ++points;
    }
    earlier_stages += r.stages[std::size_t(s)].cost_after;
  }
  QCOMPARE(points * kPopulation, r.evaluations);
  const QString aims = part<QLabel>(page, "aimsLabel")->text();
  for (const vsim::tune::Aim& a : r.aims)
    QVERIFY2(aims.contains(QString::fromStdString(a.pilot).toHtmlEscaped()), qPrintable(aims));
  QCheckBox* accept = part<QCheckBox>(page, "acceptUnmet");
  const vsim::tune::WriteVerdict verdict = vsim::tune::writeVerdictOf(r);
  // Offered by the same rule vsim-tune writes by: every aim met, or safe and no worse than the
  // defaults on every held-out flight (said so, with the misses); else not, with the reason.
  QCOMPARE(accept->isVisible(), !verdict.writable);
  if (verdict.writable && !verdict.all_met) QVERIFY2(aims.contains(QStringLiteral("Offered: safe")), qPrintable(aims));
  if (!verdict.writable) {
    QVERIFY(
        aims.contains(QStringLiteral("Not offered: ") + QString::fromStdString(verdict.pilot_reason).toHtmlEscaped()));
    QVERIFY(!part<QPushButton>(page, "saveButton")->isEnabled());
    QTest::mouseClick(accept, Qt::LeftButton);
    QVERIFY(accept->isChecked());
  }
  QVERIFY(part<QPushButton>(page, "saveButton")->isEnabled());
  QCOMPARE(cost->seriesName(0), QStringLiteral("rate loop"));
  QCOMPARE(cost->seriesName(1), QStringLiteral("stick shaping"));
  QCOMPARE(cost->seriesName(3), QStringLiteral("altitude loop"));
}

// The gains: 13 rows, before and after exactly the tuner's; the change "unchanged", a
// percentage, or, from 0 (the stick shaping is off by default), "switched on" — no percentage of
// 0 means anything.
void gainsAreTheTuners(navigator::TunePage* page, const vsim::tune::TuneResult& r) {
  QTableWidget* gains = part<navigator::TuneResultsView>(page, "results")->gainsTable();
  QCOMPARE(gains->rowCount(), 13);
  QCOMPARE(int(r.tuned.size()), 13);
  for (int row = 0; row < 13; ++row) {
    QCOMPARE(gains->item(row, 0)->text(), QString::fromStdString(r.tuned[std::size_t(row)].first));
    QCOMPARE(gains->item(row, 1)->data(Qt::UserRole).toDouble(), r.before[std::size_t(row)].second);
    QCOMPARE(gains->item(row, 2)->data(Qt::UserRole).toDouble(), r.tuned[std::size_t(row)].second);
    QCOMPARE(gains->item(row, 2)->text(), QLocale().toString(r.tuned[std::size_t(row)].second, 'g', 6));
  }
  QCOMPARE(gains->item(0, 0)->text(), QStringLiteral("RATE_RP_P"));
  QCOMPARE(gains->item(0, 1)->data(Qt::UserRole).toDouble(), double(0.15f));  // the firmware's default
  for (int row = 0; row < 13; ++row) {
    const double before = r.before[std::size_t(row)].second, after = r.tuned[std::size_t(row)].second;
    const QString change = gains->item(row, 3)->text();
    if (before == after)
      QCOMPARE(change, QStringLiteral("unchanged"));
    else if (before == 0.0)
      QCOMPARE(change, QStringLiteral("switched on"));
    else
      QVERIFY2(change.endsWith(QStringLiteral(" %")), qPrintable(change));
  }
}

// The step responses: reference, default and tuned gains, 4 s at 1 kHz, for the manoeuvre
// chosen — roll_step first, then pitch_step with the Down key.
void stepResponses(navigator::TunePage* page, const vsim::tune::TuneResult& r) {
  navigator::SeriesPlot* response = part<navigator::TuneResultsView>(page, "results")->responsePlot();
  QComboBox* manoeuvre = part<navigator::TuneResultsView>(page, "results")->manoeuvreChoice();
  QCOMPARE(manoeuvre->count(), 9);
  QCOMPARE(manoeuvre->currentText(), QStringLiteral("roll_step"));
  QCOMPARE(response->seriesCount(), 3);
  QCOMPARE(response->seriesName(0), QStringLiteral("reference"));
  QCOMPARE(response->seriesName(1), QStringLiteral("default gains"));
  QCOMPARE(response->seriesName(2), QStringLiteral("tuned gains"));
  for (int s = 0; s < 3; ++s) QCOMPARE(response->pointCount(s), 4000);
  QCOMPARE(response->yValues(1), vec(r.responses_before[0].measured));
  QCOMPARE(response->yValues(2), vec(r.responses_after[0].measured));
  QCOMPARE(response->yLabel(), QStringLiteral("roll [°]"));
  focusOn(manoeuvre);
  QTest::keyClick(manoeuvre, Qt::Key_Down);
  QCOMPARE(manoeuvre->currentText(), QStringLiteral("pitch_step"));
  for (int s = 0; s < 3; ++s) QCOMPARE(response->pointCount(s), 4000);
  QCOMPARE(response->yValues(0), vec(r.responses_before[1].reference));
  QCOMPARE(response->yValues(1), vec(r.responses_before[1].measured));
  QCOMPARE(response->yValues(2), vec(r.responses_after[1].measured));
  QCOMPARE(response->yLabel(), QStringLiteral("pitch [°]"));
  QCOMPARE(response->xValues(2).last(), r.responses_after[1].t_s.back());
}

// The held-out summary (overshoot and settling of the worst flight, before → after) and the
// margins.
void heldOutSummaryAndMargins(navigator::TunePage* page, const vsim::tune::TuneResult& r) {
  QTableWidget* summary = part<navigator::TuneResultsView>(page, "results")->summaryTable();
  QCOMPARE(summary->rowCount(), 9);
  QCOMPARE(summary->item(0, 0)->text(), QStringLiteral("roll_step"));
  const auto fixed = [](double v, int d) {
    QLocale l;
    l.setNumberOptions(QLocale::OmitGroupSeparator);
    return l.toString(v, 'f', d);
  };
  QCOMPARE(summary->item(0, 1)->text(), QStringLiteral("%1 → %2").arg(fixed(100 * r.held_before[0].overshoot_worst, 1),
                                                                      fixed(100 * r.held_after[0].overshoot_worst, 1)));
  QCOMPARE(summary->item(0, 2)->text(), QStringLiteral("%1 → %2").arg(fixed(r.held_before[0].settling_worst_s, 3),
                                                                      fixed(r.held_after[0].settling_worst_s, 3)));
  const QString margins = part<navigator::TuneResultsView>(page, "results")->marginsLabel()->text();
  QVERIFY2(margins.contains(QLocale().toString(r.margins_after.rate_gain, 'g', 3)), qPrintable(margins));
}

}  // namespace

class TunePageTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    QCoreApplication::setAttribute(Qt::AA_DontUseNativeDialogs);  // Save… is driven through Qt's own dialog
    navigator::joystick::test::useHeadlessSdl();
    // Away from the windows: without a window manager the focus follows the pointer.
    QCursor::setPos(QGuiApplication::primaryScreen()->geometry().bottomRight());
    window_ = std::make_unique<navigator::MainWindow>();
    window_->resize(1500, 950);
    window_->show();
    QVERIFY(QTest::qWaitForWindowExposed(window_.get()));
    page_ = window_->tunePage();
    QVERIFY(page_);
    const int tab = window_->tabs()->indexOf(page_);
    QVERIFY(tab >= 0);
    QCOMPARE(window_->tabs()->tabText(tab), QStringLiteral("Tune"));
    window_->tabs()->setCurrentIndex(tab);
    window_->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window_.get()));
  }

  void cleanupTestCase() { window_.reset(); }

  // Nothing flies, so the flying airframe is offered but cannot be chosen; the S500 is.
  void idleWithoutAVehicle() {
    QComboBox* airframe = navigator::test::part<QComboBox>(page_, "airframeChoice");
    QCOMPARE(airframe->itemText(0), QStringLiteral("Flying now (nothing is flying)"));
    QCOMPARE(airframe->currentText(), QStringLiteral("s500"));
    QVERIFY(navigator::test::part<QLabel>(page_, "airframeDescription")->text().startsWith(QStringLiteral("s500: ")));
    QVERIFY(navigator::test::part<QPushButton>(page_, "startButton")->isEnabled());
    QVERIFY(!navigator::test::part<QPushButton>(page_, "cancelButton")->isEnabled());
    QVERIFY(!navigator::test::part<QPushButton>(page_, "writeButton")->isEnabled());
    QVERIFY(!navigator::test::part<QPushButton>(page_, "saveButton")->isEnabled());
    // The options start as the tuner's (and vsim-tune's) defaults.
    const vsim::tune::TuneOptions defaults;
    QCOMPARE(navigator::test::part<QDoubleSpinBox>(page_, "budgetBox")->value(), defaults.budget_s);
    QCOMPARE(navigator::test::part<QSpinBox>(page_, "seedBox")->value(), int(defaults.seed));
    QCOMPARE(navigator::test::part<QSpinBox>(page_, "maxEvaluationsBox")->text(), QStringLiteral("automatic"));
    QCOMPARE(navigator::test::part<QComboBox>(page_, "strategyChoice")->currentData().toInt(), int(defaults.strategy));
    QCOMPARE(navigator::test::part<QProgressBar>(page_, "progressBar")->text(), QStringLiteral("Not running"));
  }

  // With the keyboard as the sticks, keys typed on the Tune page stay in its fields and none
  // reaches the sticks (keyboardSticksMayTakeKeys: the Fly page is not on show).
  void keysOnThisPageNeverFly() {
    navigator::joystick::PilotInputSource* pilot =
        navigator::test::only<navigator::joystick::PilotInputSource>(window_->flyPage());
    pilot->setSource(navigator::joystick::PilotInputSource::Source::Keyboard);
    focusOn(navigator::test::part<QSpinBox>(page_, "seedBox"));
    QTest::keyClick(navigator::test::part<QSpinBox>(page_, "seedBox"), Qt::Key_A, Qt::ControlModifier);
    for (char c : {'4', '2'}) QTest::keyClick(QGuiApplication::focusWindow(), c);  // as the window system sends them
    QCOMPARE(navigator::test::part<QSpinBox>(page_, "seedBox")->value(), 42);
    focusOn(navigator::test::part<QPushButton>(page_, "startButton"));
    QTest::keyPress(QGuiApplication::focusWindow(), Qt::Key_W);  // throttle up, on the Fly page
    QVERIFY(!pilot->heldKeys().throttle_up);
    QTest::keyRelease(QGuiApplication::focusWindow(), Qt::Key_W);
    QTest::keyPress(QGuiApplication::focusWindow(), Qt::Key_A);  // yaw left
    QVERIFY(!pilot->heldKeys().yaw_left);
    QTest::keyRelease(QGuiApplication::focusWindow(), Qt::Key_A);
    QVERIFY(!page_->isTuning());
    pilot->setSource(navigator::joystick::PilotInputSource::Source::Joystick);
  }

  // An airframe the firmware's mixer cannot fly: the tuner's own message, the page idle.
  void aRefusedTuneSaysWhy() {
    // A cap too small for the staged search's two generations: the tuner refuses by name, the
    // page says so and stays idle with nothing tuned.
    QVERIFY(chooseByKeys(navigator::test::part<QComboBox>(page_, "airframeChoice"), QStringLiteral("s500")));
    typeInto(navigator::test::part<QSpinBox>(page_, "maxEvaluationsBox"), QStringLiteral("30"));
    QSignalSpy ended(page_, &TunePage::tuneEnded);
    QTest::mouseClick(navigator::test::part<QPushButton>(page_, "startButton"), Qt::LeftButton);
    QVERIFY(ended.count() == 1 || ended.wait(60000));
    // The rate stage's share: 30 × its 4 of the default search's 20 generations = 6.
    QVERIFY2(
        page_->statusText().contains(QStringLiteral("an evaluation cap of 30 leaves the rate stage 6 evaluations")),
        qPrintable(page_->statusText()));
    QVERIFY(!page_->isTuning());
    QVERIFY(navigator::test::part<QPushButton>(page_, "startButton")->isEnabled());
    QVERIFY(!page_->result());
    QVERIFY(!navigator::test::part<QPushButton>(page_, "saveButton")->isEnabled());
  }

  // Cancel right after Start: the page is idle at once and says so; nothing of the run arrives.
  void cancelRightAfterStart() {
    QVERIFY(chooseByKeys(navigator::test::part<QComboBox>(page_, "airframeChoice"), QStringLiteral("s500")));
    typeInto(navigator::test::part<QSpinBox>(page_, "maxEvaluationsBox"), QString::number(kEvaluations));
    QTest::mouseClick(navigator::test::part<QPushButton>(page_, "startButton"), Qt::LeftButton);
    QVERIFY(page_->isTuning());
    QVERIFY(navigator::test::part<QPushButton>(page_, "cancelButton")->isEnabled());
    QVERIFY(!navigator::test::part<QPushButton>(page_, "startButton")->isEnabled());
    QTest::mouseClick(navigator::test::part<QPushButton>(page_, "cancelButton"), Qt::LeftButton);
    QVERIFY(!page_->isTuning());
    QVERIFY2(page_->statusText().contains(QStringLiteral("cancelled")), qPrintable(page_->statusText()));
    QVERIFY(navigator::test::part<QPushButton>(page_, "startButton")->isEnabled());
    QVERIFY(!navigator::test::part<QPushButton>(page_, "cancelButton")->isEnabled());
    // The cancelled run's thread ends (after its checks, when it had tuned anything); its
    // result, progress or error never reach the page.
    page_->job()->waitForIdleThreads();
    QCoreApplication::processEvents();  // whatever the thread queued before it ended
    QVERIFY(!page_->result());
    QVERIFY2(page_->statusText().contains(QStringLiteral("cancelled")), qPrintable(page_->statusText()));
    QCOMPARE(navigator::test::part<navigator::TuneResultsView>(page_, "results")->gainsTable()->rowCount(), 0);
    QCOMPARE(navigator::test::part<navigator::SeriesPlot>(page_, "costPlot")->seriesCount(), 0);
    QVERIFY(!navigator::test::part<QPushButton>(page_, "saveButton")->isEnabled());
    QVERIFY(!navigator::test::part<QPushButton>(page_, "writeButton")->isEnabled());
  }

  // The whole tune, typed in and clicked; every figure on the page is the tuner's.
  void tuneTheS500() {
    QVERIFY(chooseByKeys(navigator::test::part<QComboBox>(page_, "airframeChoice"), QStringLiteral("s500")));
    typeInto(navigator::test::part<QDoubleSpinBox>(page_, "budgetBox"), QStringLiteral("900"));
    typeInto(navigator::test::part<QSpinBox>(page_, "seedBox"), QStringLiteral("7"));
    typeInto(navigator::test::part<QSpinBox>(page_, "maxEvaluationsBox"), QString::number(kEvaluations));
    QVERIFY(chooseByKeys(navigator::test::part<QComboBox>(page_, "strategyChoice"),
                         QStringLiteral("Staged: rate, shaping, angle, altitude")));
    QCOMPARE(navigator::test::part<QDoubleSpinBox>(page_, "budgetBox")->value(), 900.0);
    QCOMPARE(navigator::test::part<QSpinBox>(page_, "seedBox")->value(), 7);
    QCOMPARE(navigator::test::part<QSpinBox>(page_, "maxEvaluationsBox")->value(), kEvaluations);

    QSignalSpy ended(page_, &TunePage::tuneEnded);
    QSignalSpy progressed(page_->job(), &navigator::TuneJob::progressed);
    QTest::mouseClick(navigator::test::part<QPushButton>(page_, "startButton"), Qt::LeftButton);
    QVERIFY(page_->isTuning());
    QVERIFY(ended.wait(kTuneTimeoutMs));
    QVERIFY2(page_->result(), qPrintable(page_->statusText()));
    const vsim::tune::TuneResult& r = *page_->result();
    // Each stage ends at its share of the cap or by converging; the budget never cuts it.
    QVERIFY(r.complete);
    QVERIFY(r.evaluations > 0 && r.evaluations <= kEvaluations);
    QVERIFY2(page_->statusText().startsWith(QStringLiteral("Tuned s500: %1 evaluations (search ").arg(r.evaluations)),
             qPrintable(page_->statusText()));
    QCOMPARE(navigator::test::part<QProgressBar>(page_, "progressBar")->maximum(), r.evaluations);
    QCOMPARE(navigator::test::part<QProgressBar>(page_, "progressBar")->value(), r.evaluations);
    // One progress per generation, every one delivered, and the checks' steps after.
    int generations = 0;
    for (const QList<QVariant>& p : progressed)
      if (p.at(0).value<navigator::TuneProgress>().stage != QLatin1String("checks")) ++generations;
    QCOMPARE(generations * kPopulation, r.evaluations);

    costPlotAndAims(page_, r);
    if (QTest::currentTestFailed()) return;
    gainsAreTheTuners(page_, r);
    if (QTest::currentTestFailed()) return;
    stepResponses(page_, r);
    if (QTest::currentTestFailed()) return;
    heldOutSummaryAndMargins(page_, r);
    if (QTest::currentTestFailed()) return;

    // Saving needs no vehicle; writing does, and none is connected yet.
    QVERIFY(navigator::test::part<QPushButton>(page_, "saveButton")->isEnabled());
    QVERIFY(!navigator::test::part<QPushButton>(page_, "writeButton")->isEnabled());
    QCOMPARE(navigator::test::part<QPushButton>(page_, "writeButton")->toolTip(),
             QStringLiteral("No vehicle connected"));
  }

  // A new run starts with the last result on show, and a cancelled one leaves it.
  void aCancelledRunKeepsTheLastResult() {
    const auto last = page_->result();
    QVERIFY(last);
    auto* gains = navigator::test::part<navigator::TuneResultsView>(page_, "results")->gainsTable();
    const int rows = gains->rowCount();
    QVERIFY(rows > 0);
    QTest::mouseClick(navigator::test::part<QPushButton>(page_, "startButton"), Qt::LeftButton);
    QVERIFY(page_->isTuning());
    QCOMPARE(page_->result(), last);
    QCOMPARE(gains->rowCount(), rows);
    QTest::mouseClick(navigator::test::part<QPushButton>(page_, "cancelButton"), Qt::LeftButton);
    page_->job()->waitForIdleThreads();
    QCoreApplication::processEvents();
    QCOMPARE(page_->result(), last);
    QCOMPARE(gains->rowCount(), rows);
    QVERIFY2(page_->statusText().contains(QStringLiteral("the last result (s500) is still on show")),
             qPrintable(page_->statusText()));
    QVERIFY(navigator::test::part<QPushButton>(page_, "saveButton")->isEnabled());
  }

  // Save… through the file dialog: the file holds the tuned gains, read back equal.
  void saveWritesAParameterFile() {
    QVERIFY(page_->result());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("s500_tuned.txt"));
    QTest::mouseClick(navigator::test::part<QPushButton>(page_, "saveButton"), Qt::LeftButton);
    QPointer<QFileDialog> dialog;
    QTRY_VERIFY((dialog = page_->findChild<QFileDialog*>()) && dialog->isVisible());
    auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
    QVERIFY(name);
    dialog->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(dialog));
    // In the folder (as a user would go there), the file's name typed over the one suggested.
    QCOMPARE(name->text(), QStringLiteral("s500_tuned_params.txt"));
    dialog->setDirectory(dir.path());
    name->setFocus();
    QTest::keyClick(name, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(name, QStringLiteral("s500_tuned.txt"));
    QTest::keyClick(name, Qt::Key_Return);
    QTRY_VERIFY(QFileInfo::exists(path));
    QTRY_VERIFY(!dialog || !dialog->isVisible());
    QVERIFY2(page_->writeStatusText().startsWith(QStringLiteral("Saved 13 parameters to")),
             qPrintable(page_->writeStatusText()));
    const auto read = vsim::readParamFile(path.toStdString());
    QVERIFY2(read, read ? "" : read.error().message.c_str());
    const vsim::ParamList& tuned = page_->result()->tuned;
    QCOMPARE(read->size(), tuned.size());
    for (std::size_t i = 0; i < tuned.size(); ++i) {
      QCOMPARE(read.value()[i].first, tuned[i].first);
      QCOMPARE(float(read.value()[i].second), float(tuned[i].second));  // the firmware holds floats
    }
  }

  // Write to vehicle through the page, refused two ways: a set the vehicle has not listed whole
  // is refused before anything is sent; a value the vehicle itself refuses stops the write
  // there, the values after it never sent. Each row says what happened to its value.
  void writeRefusedOnThePage() {
    QVERIFY(page_->result());
    const vsim::ParamList& tuned = page_->result()->tuned;
    QTableWidget* gains = navigator::test::part<navigator::TuneResultsView>(page_, "results")->gainsTable();
    {
      ScriptedGainVehicle vehicle(page_->result()->before, {QStringLiteral("ALT_VEL_I")});
      QVERIFY(vehicle.connectAndList());
      page_->setVehicleLink(&vehicle.link);
      QVERIFY(navigator::test::part<QPushButton>(page_, "writeButton")->isEnabled());
      QTest::mouseClick(navigator::test::part<QPushButton>(page_, "writeButton"), Qt::LeftButton);
      QCOMPARE(
          page_->writeStatusText(),
          QStringLiteral("Nothing written: the vehicle has not listed ALT_VEL_I (read its parameters on the Fly page's "
                         "Parameters tab, then write again)."));
      QCoreApplication::processEvents();
      QVERIFY(vehicle.v.sentOf(MAVLINK_MSG_ID_PARAM_SET).empty());
      QCOMPARE(gains->item(10, 4)->text(), QStringLiteral("not accepted"));
      QCOMPARE(gains->item(0, 4)->text(), QStringLiteral("not sent"));
      page_->setVehicleLink(nullptr);
    }
    QVERIFY(!navigator::test::part<QPushButton>(page_, "writeButton")->isEnabled());
    {
      // The first gain the tune changed, capped below its tuned value by this vehicle alone (a
      // refused value the vehicle echoes back unchanged is only told from a confirmed one when
      // the tune changed it).
      std::size_t k = 0;
      while (k < tuned.size() && tuned[k].second == page_->result()->before[k].second) ++k;
      QVERIFY2(k < tuned.size(), "the tune changed no gain");
      ScriptedGainVehicle vehicle(page_->result()->before);
      vehicle.capped = QString::fromStdString(tuned[k].first);
      vehicle.cap = float(std::min(tuned[k].second, page_->result()->before[k].second)) * 0.5f;
      QVERIFY(vehicle.connectAndList());
      page_->setVehicleLink(&vehicle.link);
      QTest::mouseClick(navigator::test::part<QPushButton>(page_, "writeButton"), Qt::LeftButton);
      QTRY_VERIFY2_WITH_TIMEOUT(
          page_->writeStatusText().startsWith(QStringLiteral("Stopped at %1: ").arg(vehicle.capped)),
          qPrintable(page_->writeStatusText()), 10000);
      QVERIFY2(page_->writeStatusText().endsWith(
                   QStringLiteral("%1 of 13 parameters were written before it; the rest were not sent.").arg(k)),
               qPrintable(page_->writeStatusText()));
      QCoreApplication::processEvents();
      QCOMPARE(vehicle.sets.size(), k + 1);
      QCOMPARE(vehicle.sets.back(), vehicle.capped);
      for (int row = 0; row < int(k); ++row) QCOMPARE(gains->item(row, 4)->text(), QStringLiteral("confirmed"));
      QCOMPARE(gains->item(int(k), 4)->text(), QStringLiteral("refused"));
      for (int row = int(k) + 1; row < 13; ++row) QCOMPARE(gains->item(row, 4)->text(), QStringLiteral("not sent"));
      page_->setVehicleLink(nullptr);
    }
    page_->setVehicleLink(window_->station()->vehicles()->active()->link());
  }

  // Write to vehicle, against the SITL firmware: each value confirmed by its echo; then a set
  // with one value out of range is refused before anything is sent.
  void writeToTheSitlFirmware() {
    QVERIFY(page_->result());
    QTemporaryDir dir;
    navigator::SitlSessionOptions options;
    options.gcs_port = 0;  // any free port: ctest may run another station at the same time
    options.firmware_executable = kBin + "/vayu_sitl";
    options.params_file = dir.filePath(QStringLiteral("vayu_params.txt"));
    QCOMPARE(window_->startSimulation(kBin + "/../share/navigator/airframes/s500.yaml", QString(), options), QString());
    navigator::VehicleLink* link = window_->station()->sitl()->link();
    QTRY_COMPARE_WITH_TIMEOUT(link->linkState(), navigator::LinkState::Connected, 20000);
    QTRY_VERIFY_WITH_TIMEOUT(link->params()->complete(), 20000);  // read by itself on connect
    // The station gives the firmware the S500's rotor geometry first (GeometryWriter): done
    // before the tune's gains go, so the sets counted below are the page's alone.
    QTRY_VERIFY_WITH_TIMEOUT(
        !window_->station()->geometry()->pending() &&
            link->params()->param(QStringLiteral("MIXER")).value_or(navigator::ParamValue{}).value == 1.0,
        20000);

    // The flying airframe is now a choice (the page looks again when shown).
    window_->tabs()->setCurrentIndex(0);
    window_->tabs()->setCurrentWidget(page_);
    QCOMPARE(navigator::test::part<QComboBox>(page_, "airframeChoice")->itemText(0),
             QStringLiteral("Flying now: s500"));

    if (!vsim::tune::writeVerdictOf(*page_->result()).writable &&
        !navigator::test::part<QCheckBox>(page_, "acceptUnmet")->isChecked())
      QTest::mouseClick(navigator::test::part<QCheckBox>(page_, "acceptUnmet"), Qt::LeftButton);
    QTRY_VERIFY(navigator::test::part<QPushButton>(page_, "writeButton")->isEnabled());
    QTest::mouseClick(navigator::test::part<QPushButton>(page_, "writeButton"), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(page_->writeStatusText(),
                              QStringLiteral("All 13 parameters written, each confirmed by the vehicle."), 30000);
    const vsim::ParamList& tuned = page_->result()->tuned;
    for (int row = 0; row < 13; ++row) {
      const QString name = QString::fromStdString(tuned[std::size_t(row)].first);
      QCOMPARE(navigator::test::part<navigator::TuneResultsView>(page_, "results")->gainsTable()->item(row, 4)->text(),
               QStringLiteral("confirmed"));
      QCOMPARE(link->params()->param(name)->value, double(float(tuned[std::size_t(row)].second)));
    }

    // One value beyond the firmware's range (RATE_RP_P: 0 … 10) among good ones: refused
    // whole, not a single PARAM_SET sent, and the vehicle's values, read again, unchanged.
    QSignalSpy sets(link->params(), &navigator::ParamClient::setFinished);
    QList<navigator::ParamWrite> bad;
    for (const auto& [name, value] : tuned) bad.append({QString::fromStdString(name), value});
    bad[5].value = 0.5;   // RATE_YAW_I, within range, before the bad one
    bad[0].value = 12.0;  // RATE_RP_P
    const QString problem = page_->writer()->start(
        link->params(), bad, navigator::loadParamMetadata(navigator::defaultParamMetadataPath()).params);
    QCOMPARE(problem, QStringLiteral("Nothing written: RATE_RP_P = 12 is outside the firmware's range 0 … 10."));
    QVERIFY(!page_->writer()->isWriting());
    QSignalSpy listed(link->params(), &navigator::ParamClient::listComplete);
    link->params()->requestAll();
    QVERIFY(listed.wait(20000));
    QCOMPARE(sets.count(), 0);
    for (const auto& [name, value] : tuned)
      QCOMPARE(link->params()->param(QString::fromStdString(name))->value, double(float(value)));

    // The vehicle now flies a mesh's 1 kg with the S500's rotors: the S500's gains
    // are not written without a question; No writes nothing.
    const vsim::VehicleModel& s500 = window_->station()->airframe().model;
    const auto box = vsim::withMassProperties(s500, {1.0, s500.com_file_m, s500.inertia_kgm2 * (1.0 / s500.mass_kg)});
    QVERIFY(box.ok());
    window_->station()->flyModel(box.value(), QStringLiteral("mesh box.stl: 1 kg"));
    QTRY_VERIFY(navigator::test::part<QPushButton>(page_, "writeButton")->isEnabled());
    sets.clear();
    QTest::mouseClick(navigator::test::part<QPushButton>(page_, "writeButton"), Qt::LeftButton);
    QMessageBox* asked = nullptr;
    QTRY_VERIFY((asked = page_->findChild<QMessageBox*>(QStringLiteral("tunedForAnother"))) && asked->isVisible());
    QVERIFY2(asked->text().contains(QStringLiteral("These gains were tuned for s500: ")) &&
                 asked->text().contains(QStringLiteral("the vehicle flies s500: 1 kg")),
             qPrintable(asked->text()));
    QCOMPARE(asked->defaultButton(), asked->button(QMessageBox::No));
    QTest::mouseClick(asked->button(QMessageBox::No), Qt::LeftButton);
    QTRY_COMPARE(page_->writeStatusText(), QStringLiteral("Not written: the gains were tuned for another vehicle."));
    QVERIFY(!page_->writer()->isWriting());
    QCOMPARE(sets.count(), 0);
    window_->station()->stopSimulation();
    QTRY_VERIFY(!navigator::test::part<QPushButton>(page_, "writeButton")->isEnabled());
  }

  // The Inertia Inspector's mass properties on the airframe flying (or the S500): offered once
  // it has a result, and described with the inspector's mass.
  // The tune on top of the connected vehicle's own parameters — its gains are where
  // the search starts (TuneResult::before), a parameter another autopilot has is left out, and
  // without a complete list nothing is started.
  void tunesOnTopOfTheVehiclesParameters() {
    QCheckBox* on_vehicle = navigator::test::part<QCheckBox>(page_, "onVehicleParams");
    QVERIFY(chooseByKeys(navigator::test::part<QComboBox>(page_, "airframeChoice"), QStringLiteral("s500")));
    QVERIFY(chooseByKeys(navigator::test::part<QComboBox>(page_, "strategyChoice"),
                         QStringLiteral("Joint: all thirteen parameters at once")));
    typeInto(navigator::test::part<QSpinBox>(page_, "maxEvaluationsBox"), QStringLiteral("24"));  // two generations
    if (!on_vehicle->isChecked()) QTest::mouseClick(on_vehicle, Qt::LeftButton);
    QVERIFY(on_vehicle->isChecked());
    // No vehicle: refused, nothing started.
    page_->setVehicleLink(nullptr);
    QTest::mouseClick(navigator::test::part<QPushButton>(page_, "startButton"), Qt::LeftButton);
    QVERIFY(!page_->isTuning());
    QCOMPARE(page_->statusText(), QStringLiteral("No vehicle connected to take the parameters from."));

    vsim::ParamList own;
    fc_params_t defaults;
    fc_params_defaults(&defaults);
    for (const vsim::tune::TunedParam& p : vsim::tune::tunedParams())
      own.emplace_back(p.name, double(defaults.value[fc_param_find(p.name)]));
    own[0].second = 0.2;                 // RATE_RP_P: the vehicle's own, not the default 0.15
    own.emplace_back("MPC_XY_P", 0.95);  // a PX4 name the flight core does not know
    ScriptedGainVehicle vehicle(own);
    QVERIFY(vehicle.connectAndList());
    page_->setVehicleLink(&vehicle.link);
    QSignalSpy ended(page_, &TunePage::tuneEnded);
    QTest::mouseClick(navigator::test::part<QPushButton>(page_, "startButton"), Qt::LeftButton);
    QVERIFY2(page_->isTuning(), qPrintable(page_->statusText()));
    QVERIFY(ended.wait(kTuneTimeoutMs));
    QVERIFY2(page_->result(), qPrintable(page_->statusText()));
    QCOMPARE(page_->result()->before[0].first, std::string("RATE_RP_P"));
    QCOMPARE(page_->result()->before[0].second, double(0.2f));
    QCOMPARE(page_->result()->before[1].second, double(defaults.value[fc_param_find("RATE_RP_I")]));
    page_->setVehicleLink(nullptr);
    QTest::mouseClick(on_vehicle, Qt::LeftButton);
    QVERIFY(!on_vehicle->isChecked());
  }

  void inspectorMassPropertiesAreAChoice() {
    QSignalSpy loaded(window_->meshLoader(), &navigator::MeshLoader::loaded);
    vsim::MassSpec spec;
    spec.unit = vsim::LengthUnit::Millimetre;
    spec.basis = vsim::MassSpec::Basis::TotalMass;
    spec.value = 1.25;
    window_->inspector()->setMassSpec(spec);
    window_->openMesh(navigator::MainWindow::sampleFramePath());
    QVERIFY(loaded.wait(30000));
    QVERIFY(window_->inspector()->bodyMassProperties());
    window_->tabs()->setCurrentWidget(page_);
    QVERIFY(chooseByKeys(navigator::test::part<QComboBox>(page_, "airframeChoice"),
                         QStringLiteral("Inertia Inspector's mass properties")));
    const QString what = navigator::test::part<QLabel>(page_, "airframeDescription")->text();
    QVERIFY2(what.contains(QStringLiteral("1.25 kg")) && what.contains(QStringLiteral("Inertia Inspector")),
             qPrintable(what));
  }

 private:
  std::unique_ptr<navigator::MainWindow> window_;
  TunePage* page_ = nullptr;
};

QTEST_MAIN(TunePageTest)
#include "tune_page_test.moc"
