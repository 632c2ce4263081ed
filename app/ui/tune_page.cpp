#include "app/ui/tune_page.h"

#include "app/link/param_metadata.h"
#include "app/ui/tune_results_view.h"
#include "widgets/plots/live_plot.h"
#include "widgets/plots/series_plot.h"

#include "firmware/core/fc_params.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

namespace navigator {
namespace {

constexpr int kSourceRole = Qt::UserRole;
constexpr int kPathRole = Qt::UserRole + 1;

QString number(double v, int digits = 4) {
  QLocale locale;
  locale.setNumberOptions(QLocale::OmitGroupSeparator);
  return locale.toString(v, 'g', digits);
}

// The tuner's stage names as the page says them.
QString stageTitle(const QString& stage) {
  if (stage == QLatin1String("rate")) return TunePage::tr("rate loop");
  if (stage == QLatin1String("shaping")) return TunePage::tr("stick shaping");
  if (stage == QLatin1String("angle")) return TunePage::tr("angle loop");
  if (stage == QLatin1String("altitude")) return TunePage::tr("altitude loop");
  if (stage == QLatin1String("joint")) return TunePage::tr("all gains at once");
  return stage;
}

// The firmware's parameter metadata (range, unit), read once; empty when the file is missing.
const QHash<QString, ParamInfo>& metadata() {
  static const ParamMetadataLoad loaded = loadParamMetadata(defaultParamMetadataPath());
  return loaded.params;
}

}  // namespace

TunePage::TunePage(QWidget* parent) : QWidget(parent) {
  job_ = new TuneJob(this);
  writer_ = new ParamSetWriter(this);
  cost_plot_ = new SeriesPlot(tr("Best cost so far (per flight, lower is better)"));
  cost_plot_->setAxisLabels(tr("evaluation"), tr("cost"));
  cost_plot_->setLogY(true);
  cost_plot_->setToolTip(
      tr("The best cost found so far in each stage, after every candidate gain set flown. Each stage "
         "scores its own manoeuvres, so each has its own line."));
  results_ = new TuneResultsView(cost_plot_);

  auto* layout = new QHBoxLayout(this);
  layout->addWidget(buildOptions());
  layout->addWidget(results_, 1);

  connect(job_, &TuneJob::progressed, this, &TunePage::onProgress);
  connect(job_, &TuneJob::succeeded, this, &TunePage::onSucceeded);
  connect(job_, &TuneJob::failed, this, [this](const QString& message) {
    updateButtons();
    resetProgress();
    setStatus(result_ ? tr("Not tuned: %1 The last result (%2) is still on show.").arg(message, result_airframe_)
                      : tr("Not tuned: %1").arg(message),
              true);
    emit tuneEnded();
  });
  connect(job_, &TuneJob::cancelled, this, [this] {
    updateButtons();
    resetProgress();
    cost_plot_->clear();  // (nothing of the run is kept)
    stage_series_.clear();
    setStatus(
        result_
            ? tr("Tune cancelled: nothing new was tuned; the last result (%1) is still on show.").arg(result_airframe_)
            : tr("Tune cancelled: nothing was tuned, written or saved."));
    emit tuneEnded();
  });
  connect(writer_, &ParamSetWriter::written, this, [this](int index, const QString&, const QString& message) {
    results_->setVehicleStatus(index, tr("confirmed"), true, message);
    setWriteStatus(
        tr("Writing: %1 of %2 confirmed by the vehicle…").arg(index + 1).arg(result_ ? int(result_->tuned.size()) : 0));
  });
  connect(writer_, &ParamSetWriter::finished, this, [this](bool ok, const QString& message) {
    if (!ok) {
      // The first value without a confirmation was refused (or unanswered); the rest not sent.
      const int rows = results_->gainsTable()->rowCount();
      int first = 0;
      while (first < rows && !results_->vehicleStatus(first).isEmpty()) ++first;
      for (int row = first; row < rows; ++row)
        results_->setVehicleStatus(row, row == first ? tr("refused") : tr("not sent"), false,
                                   row == first ? message : QString());
    }
    setWriteStatus(message, !ok);
    updateButtons();
  });

  restoreOptions();
  refreshAirframes();
  updateButtons();
  setStatus(tr("Choose the airframe and the options, then Start."));

  // The names a user's accessibility and test tools find the parts by.
  airframe_->setObjectName(QStringLiteral("airframeChoice"));
  airframe_text_->setObjectName(QStringLiteral("airframeDescription"));
  budget_->setObjectName(QStringLiteral("budgetBox"));
  seed_->setObjectName(QStringLiteral("seedBox"));
  max_evaluations_->setObjectName(QStringLiteral("maxEvaluationsBox"));
  strategy_->setObjectName(QStringLiteral("strategyChoice"));
  start_->setObjectName(QStringLiteral("startButton"));
  cancel_->setObjectName(QStringLiteral("cancelButton"));
  write_->setObjectName(QStringLiteral("writeButton"));
  save_->setObjectName(QStringLiteral("saveButton"));
  progress_->setObjectName(QStringLiteral("progressBar"));
  cost_plot_->setObjectName(QStringLiteral("costPlot"));
  results_->setObjectName(QStringLiteral("results"));
}

TunePage::~TunePage() = default;

QWidget* TunePage::buildOptions() {
  QGroupBox* frame_box = buildAirframeBox();
  QGroupBox* options_box = buildOptionsBox();
  start_ = new QPushButton(tr("Start Tuning"));
  cancel_ = new QPushButton(tr("Cancel"));
  connect(start_, &QPushButton::clicked, this, [this] { startTune(); });
  connect(cancel_, &QPushButton::clicked, this, &TunePage::cancelTune);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(start_);
  buttons->addWidget(cancel_);
  progress_ = new QProgressBar;
  resetProgress();
  status_ = new QLabel;
  status_->setWordWrap(true);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);

  QGroupBox* out_box = buildTunedGainsBox();

  auto* column = new QWidget;
  auto* v = new QVBoxLayout(column);
  v->setContentsMargins(0, 0, 0, 0);
  v->addWidget(frame_box);
  v->addWidget(options_box);
  v->addLayout(buttons);
  v->addWidget(progress_);
  v->addWidget(status_);
  v->addWidget(out_box);
  v->addStretch(1);
  // Narrow, so the results have the room; never narrower than its widest text (the strategies'
  // names, in German too).
  column->setMaximumWidth(std::max(380, column->sizeHint().width()));
  return column;
}

// The "Airframe" box: which airframe to tune, and what it is.
QGroupBox* TunePage::buildAirframeBox() {
  airframe_ = new QComboBox;
  airframe_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  airframe_->setMinimumContentsLength(24);
  airframe_->setToolTip(
      tr("The airframe to tune: the one flying now, the Inertia Inspector's mass properties on it, a "
         "shipped airframe or a file"));
  airframe_text_ = new QLabel;
  airframe_text_->setWordWrap(true);
  airframe_text_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  connect(airframe_, &QComboBox::activated, this, [this](int index) {
    if (TunePage::Source(airframe_->itemData(index, kSourceRole).toInt()) == Source::File) chooseFile();
    describeAirframe();
  });
  connect(airframe_, &QComboBox::currentIndexChanged, this, &TunePage::describeAirframe);
  auto* frame_box = new QGroupBox(tr("Airframe"));
  auto* frame_layout = new QVBoxLayout(frame_box);
  frame_layout->addWidget(airframe_);
  frame_layout->addWidget(airframe_text_);
  return frame_box;
}

// The "Options" box: time budget, seed, evaluation cap, strategy, and whether to fly the
// vehicle's own parameters under the candidates.
QGroupBox* TunePage::buildOptionsBox() {
  const vsim::tune::TuneOptions defaults;  // the tuner's own defaults, as vsim-tune's
  budget_ = new QDoubleSpinBox;
  budget_->setRange(0, 3600);
  budget_->setDecimals(0);
  budget_->setSuffix(tr(" s"));
  budget_->setSpecialValueText(tr("no limit"));
  budget_->setValue(defaults.budget_s);
  budget_->setToolTip(
      tr("A guard against a search running far too long (0: none). The search's length is its evaluation cap, the "
         "same on any computer; a search this limit cuts gives gains that are not the reproducible result."));
  seed_ = new QSpinBox;
  seed_->setRange(0, std::numeric_limits<int>::max());
  seed_->setValue(int(defaults.seed));
  seed_->setToolTip(
      tr("Seeds the robustness and held-out vehicles: the same airframe, options and seed give the same "
         "gains (unless the time limit cuts the search)"));
  max_evaluations_ = new QSpinBox;
  max_evaluations_->setRange(0, 100000);
  max_evaluations_->setValue(defaults.max_evaluations);
  max_evaluations_->setSpecialValueText(tr("automatic"));
  max_evaluations_->setToolTip(
      tr("Cap on candidate gain sets over all stages, shared among them as the automatic search "
         "shares its generations (automatic: %1 generations of %2 candidates in all)")
          .arg(vsim::tune::kDefaultGenerations)
          .arg(vsim::tune::kDefaultPopulation));
  strategy_ = new QComboBox;
  strategy_->addItem(tr("Staged: rate, shaping, angle, altitude"), int(vsim::tune::Strategy::Staged));
  strategy_->addItem(tr("Joint: all thirteen parameters at once"), int(vsim::tune::Strategy::Joint));
  strategy_->setCurrentIndex(strategy_->findData(int(defaults.strategy)));
  // Every strategy readable whole in the closed list (in German the longest is the staged one).
  // (34 px: the drop-down arrow and the frame beside the text.)
  int widest_px = 0;
  for (int i = 0; i < strategy_->count(); ++i)
    widest_px = std::max(widest_px, strategy_->fontMetrics().horizontalAdvance(strategy_->itemText(i)));
  strategy_->setMinimumWidth(std::max(strategy_->sizeHint().width(), widest_px + 34));
  strategy_->setToolTip(
      tr("Staged tunes the rate loop first on the rate manoeuvres, then the stick shaping, the "
         "angle loop and the altitude loop; joint searches every gain on every manoeuvre"));
  auto* options_box = new QGroupBox(tr("Options"));
  auto* form = new QFormLayout(options_box);
  form->addRow(tr("Time &limit:"), budget_);
  form->addRow(tr("S&eed:"), seed_);
  form->addRow(tr("Max &evaluations:"), max_evaluations_);
  form->addRow(tr("S&trategy:"), strategy_);
  on_vehicle_ = new QCheckBox(tr("Use the &vehicle's parameters"));
  on_vehicle_->setObjectName(QStringLiteral("onVehicleParams"));
  on_vehicle_->setToolTip(
      tr("Fly every candidate with the connected vehicle's parameters (as read from it) under the "
         "tuned gains, and start the search from its gains instead of the firmware's defaults"));
  connect(on_vehicle_, &QCheckBox::toggled, this, &TunePage::updateButtons);
  form->addRow(on_vehicle_);  // the box's whole width: its German text is long
  return options_box;
}

// The "Tuned gains" box: the aims met or missed, the override to offer a tune that misses
// one, Write to Vehicle and Save, and how the write went.
QGroupBox* TunePage::buildTunedGainsBox() {
  write_ = new QPushButton(tr("Write to Vehicle"));
  save_ = new QPushButton(tr("Save…"));
  connect(write_, &QPushButton::clicked, this, &TunePage::writeToVehicle);
  connect(save_, &QPushButton::clicked, this, &TunePage::saveWithDialog);
  auto* out_buttons = new QHBoxLayout;
  out_buttons->addWidget(write_);
  out_buttons->addWidget(save_);
  write_status_ = new QLabel;
  write_status_->setWordWrap(true);
  write_status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  aims_ = new QLabel;
  aims_->setObjectName(QStringLiteral("aimsLabel"));
  aims_->setWordWrap(true);
  aims_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  accept_unmet_ = new QCheckBox(tr("Offer it although it is not a safe improvement"));
  accept_unmet_->setObjectName(QStringLiteral("acceptUnmet"));
  accept_unmet_->setToolTip(
      tr("A tune is offered when it meets every aim, or when it is safe and flies no worse than the default "
         "gains on every test flight (then it says which performance aims it misses). Otherwise it is not "
         "offered for writing or saving; tick this to offer it anyway (a saved file says why)."));
  connect(accept_unmet_, &QCheckBox::toggled, this, &TunePage::updateButtons);
  auto* out_box = new QGroupBox(tr("Tuned gains"));
  auto* out_layout = new QVBoxLayout(out_box);
  out_layout->addWidget(aims_);
  out_layout->addWidget(accept_unmet_);
  out_layout->addLayout(out_buttons);
  out_layout->addWidget(write_status_);
  return out_box;
}

void TunePage::setAirframeSources(TuneAirframeSources sources) {
  sources_ = std::move(sources);
  refreshAirframes();
}

void TunePage::setVehicleLink(VehicleLink* link) {
  disconnect(link_state_);
  link_ = link;
  if (link) link_state_ = connect(link, &VehicleLink::linkStateChanged, this, &TunePage::updateButtons);
  updateButtons();
}

void TunePage::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  refreshAirframes();  // the flying airframe or the inspector's result may have changed meanwhile
}

void TunePage::refreshAirframes() {
  if (!airframe_ || isTuning()) return;
  const Source was = airframe_->count() > 0 ? Source(airframe_->currentData(kSourceRole).toInt()) : Source::Flying;
  const QString was_path = airframe_->currentData(kPathRole).toString();
  const std::optional<vsim::VehicleModel> flying = sources_.flying ? sources_.flying() : std::nullopt;
  const bool inspector = sources_.inspector && sources_.inspector().has_value();
  const QSignalBlocker block(airframe_);
  airframe_->clear();
  auto add = [this](const QString& text, Source s, const QString& path, bool enabled) {
    airframe_->addItem(text);
    const int i = airframe_->count() - 1;
    airframe_->setItemData(i, int(s), kSourceRole);
    airframe_->setItemData(i, path, kPathRole);
    if (auto* model = qobject_cast<QStandardItemModel*>(airframe_->model())) model->item(i)->setEnabled(enabled);
  };
  add(flying ? tr("Flying now: %1").arg(QString::fromStdString(flying->name)) : tr("Flying now (nothing is flying)"),
      Source::Flying, QString(), flying.has_value());
  add(inspector ? tr("Inertia Inspector's mass properties")
                : tr("Inertia Inspector's mass properties (no mesh result)"),
      Source::Inspector, QString(), inspector);
  for (const auto& [name, path] : shippedAirframes()) add(name, Source::Shipped, path, true);
  add(file_path_.isEmpty() ? tr("Airframe file…") : tr("File: %1").arg(QFileInfo(file_path_).fileName()), Source::File,
      file_path_, true);
  // The same choice as before when it is still there, else what flies, else the S500.
  int pick = -1;
  for (int i = 0; i < airframe_->count() && pick < 0; ++i) {
    const Source s = Source(airframe_->itemData(i, kSourceRole).toInt());
    if (s == was && (s != Source::Shipped || airframe_->itemData(i, kPathRole).toString() == was_path) &&
        airframe_->model()->flags(airframe_->model()->index(i, 0)).testFlag(Qt::ItemIsEnabled))
      pick = i;
  }
  if (pick < 0 && flying) pick = 0;
  if (pick < 0) pick = std::max(0, airframe_->findText(QStringLiteral("s500")));
  airframe_->setCurrentIndex(pick);
  describeAirframe();
}

vsim::Result<ChosenAirframe> TunePage::chosenAirframe() const {
  return chooseTuneAirframe(Source(airframe_->currentData(kSourceRole).toInt()),
                            airframe_->currentData(kPathRole).toString(), sources_);
}

void TunePage::describeAirframe() {
  const auto chosen = chosenAirframe();
  airframe_text_->setText(chosen ? chosen->description : QString::fromStdString(chosen.error().message));
}

void TunePage::chooseFile() {
  auto* dialog =
      new QFileDialog(this, tr("Tune an Airframe File"),
                      file_path_.isEmpty() ? QFileInfo(sources_.default_airframe_path).absolutePath() : file_path_,
                      tr("Airframes (*.yaml *.yml *.json);;All files (*)"));
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->setFileMode(QFileDialog::ExistingFile);
  connect(dialog, &QFileDialog::fileSelected, this, [this](const QString& path) {
    file_path_ = path;
    refreshAirframes();
    airframe_->setCurrentIndex(airframe_->count() - 1);
  });
  dialog->open();
}

QString TunePage::startTune() {
  if (isTuning()) return tr("A tune is already running.");
  auto chosen = chosenAirframe();
  if (!chosen) {
    QString problem = QString::fromStdString(chosen.error().message);
    setStatus(problem, true);
    return problem;
  }
  const vsim::VehicleModel* model = &chosen->model;
  vsim::tune::TuneOptions options;
  options.budget_s = budget_->value();
  options.seed = std::uint64_t(seed_->value());
  options.max_evaluations = max_evaluations_->value();
  options.strategy = vsim::tune::Strategy(strategy_->currentData().toInt());
  if (on_vehicle_->isChecked()) {
    // The vehicle's own parameters as the base: every one the flight core knows, with its value
    // as read; a vehicle that has not listed them all, or lists none the core knows, is refused.
    QString problem;
    if (!link_ || link_->linkState() != LinkState::Connected)
      problem = tr("No vehicle connected to take the parameters from.");
    else if (!link_->params()->complete())
      problem = tr("The vehicle has not listed all its parameters yet (read them on the Fly page's Parameters tab).");
    else {
      for (const ParamValue& p : link_->params()->params()) {
        const int id = fc_param_find(p.name.toLatin1().constData());
        if (id < 0) continue;  // not the flight core's (another autopilot's, the link's)
        if (fc_param_check(id, float(p.value)) != FC_PARAM_OK) {
          problem = tr("The vehicle's %1 = %2 is outside the flight core's range.").arg(p.name, p.text());
          break;
        }
        options.base.emplace_back(p.name.toStdString(), p.value);
      }
      if (problem.isEmpty() && options.base.empty())
        problem = tr("The vehicle lists none of the flight core's parameters: it is not a Vayu vehicle.");
    }
    if (!problem.isEmpty()) {
      setStatus(problem, true);
      return problem;
    }
  }
  saveOptions();

  // The last result (its gains, steps and file) stays on show until this run has one; only the
  // cost plot follows the new run.
  cost_plot_->clear();
  stage_series_.clear();
  setWriteStatus(QString());
  run_airframe_ = QString::fromStdString(model->name);
  run_options_ = options;
  run_model_ = *model;
  job_->start(*model, options);
  run_clock_.start();
  updateButtons();
  progress_->setRange(0, 1);
  progress_->setValue(0);
  progress_->setFormat(tr("Starting…"));
  setStatus(tr("Tuning %1: flying the first candidates…").arg(run_airframe_));
  return {};
}

void TunePage::cancelTune() { job_->cancel(); }

void TunePage::resetProgress() {
  progress_->setRange(0, 1);
  progress_->setValue(0);
  progress_->setFormat(tr("Not running"));
}

bool TunePage::isTuning() const { return job_ && job_->isRunning(); }

QString TunePage::statusText() const { return status_->text(); }
QString TunePage::writeStatusText() const { return write_status_->text(); }

void TunePage::updateButtons() {
  // A new tune clears the result a write may still be sending: not while writing.
  const bool running = isTuning(), writing = writer_->isWriting();
  start_->setEnabled(!running && !writing);
  cancel_->setEnabled(running);
  for (QWidget* w :
       std::initializer_list<QWidget*>{airframe_, budget_, seed_, max_evaluations_, strategy_, on_vehicle_})
    w->setEnabled(!running && !writing);
  // A tune that is not a safe improvement is offered only when the pilot asks for it.
  const bool unsafe = result_ && !vsim::tune::writeVerdictOf(*result_).writable;
  accept_unmet_->setVisible(unsafe);
  const bool offered = result_ && (!unsafe || accept_unmet_->isChecked());
  save_->setEnabled(!running && offered);
  const bool connected = link_ && link_->linkState() == LinkState::Connected;
  write_->setEnabled(connected && offered && !running && !writing);
  write_->setToolTip(connected
                         ? tr("Write the tuned gains to the connected vehicle: every value is checked against the "
                              "firmware's ranges first, then each is confirmed by the vehicle's echo")
                         : tr("No vehicle connected"));
}

void TunePage::onProgress(const TuneProgress& p) {
  if (p.stage == QLatin1String("checks")) {
    progress_->setFormat(tr("Checking: %1").arg(p.check));
    if (p.check_steps > 0) {
      progress_->setRange(0, p.check_steps);
      progress_->setValue(std::min(p.check_step, p.check_steps));
    }
    setStatus(tr("Tuning %1: flying %2 (%3 s).").arg(run_airframe_, p.check, number(p.elapsed_s, 3)));
    return;
  }
  progress_->setFormat(tr("%v of %m candidates"));
  progress_->setRange(0, std::max(1, p.evaluations_max));
  progress_->setValue(p.evaluation);
  auto it = stage_series_.find(p.stage);
  if (it == stage_series_.end()) {
    const int index =
        cost_plot_->addSeries({stageTitle(p.stage), plotColour(int(stage_series_.size())), Qt::SolidLine, 1.8, true});
    it = stage_series_.insert(p.stage, index);
  }
  cost_plot_->append(*it, p.evaluation, p.best_cost);
  setStatus(tr("Tuning %1, %2: generation %3 of at most %4, best cost %5 (%6 s). The checks on the whole set and the "
               "held-out flights follow the search.")
                .arg(run_airframe_, stageTitle(p.stage))
                .arg(p.generation)
                .arg(p.generations_max)
                .arg(number(p.best_cost, 3), number(p.elapsed_s, 3)));
}

// The verdict and the aims, in a pilot's words: whether it is offered and why, what it missed
// first, then what it met.
QString TunePage::aimsText(const vsim::tune::TuneResult& result) {
  const vsim::tune::WriteVerdict verdict = vsim::tune::writeVerdictOf(result);
  QStringList missed, met;
  for (const vsim::tune::Aim& a : result.aims)
    (a.met ? met : missed) << QString::fromStdString(a.pilot).toHtmlEscaped();
  QString aims;
  if (verdict.all_met)
    aims = tr("<b>Every aim met.</b>");
  else if (verdict.writable)
    aims =
        tr("<b>Offered: safe, and it flies better than the default gains on every test flight — but it misses "
           "%n of its performance aims, as far as this airframe can reach them:</b>",
           nullptr, int(missed.size()));
  else
    aims = tr("<b>Not offered: %1</b>").arg(QString::fromStdString(verdict.pilot_reason).toHtmlEscaped());
  if (!missed.isEmpty())
    aims += QStringLiteral("<ul><li>") + missed.join(QStringLiteral("</li><li>")) + QStringLiteral("</li></ul>");
  // After the headline alone ("Every aim met.") the list starts on its own line.
  if (!met.isEmpty())
    aims += (missed.isEmpty() ? QStringLiteral("<br>") : QString()) + tr("Met:") + QStringLiteral("<ul><li>") +
            met.join(QStringLiteral("</li><li>")) + QStringLiteral("</li></ul>");
  return aims;
}

void TunePage::onSucceeded(std::shared_ptr<const vsim::tune::TuneResult> result) {
  result_ = std::move(result);
  result_airframe_ = run_airframe_;
  result_options_ = run_options_;
  result_model_ = run_model_;
  accept_unmet_->setChecked(false);  // a new result is offered by its own aims
  updateButtons();
  progress_->setRange(0, std::max(1, result_->evaluations));
  progress_->setValue(progress_->maximum());
  progress_->setFormat(tr("Done: %n evaluations", nullptr, result_->evaluations));
  results_->showResult(result_);
  QStringList stages;
  for (const vsim::tune::StageReport& s : result_->stages)
    stages << (s.evaluations > 0 ? tr("%1 %2 → %3")
                                       .arg(stageTitle(QString::fromStdString(s.stage.name)), number(s.cost_before, 3),
                                            number(s.cost_after, 3))
                                 : tr("%1 not run").arg(stageTitle(QString::fromStdString(s.stage.name))));
  const double run_s = double(run_clock_.elapsed()) / 1000.0;
  QString text =
      tr("Tuned %1: %n evaluations (search %2 s, with the checks %3 s); cost per flight: %4.", nullptr,
         result_->evaluations)
          .arg(result_airframe_, number(result_->search_s, 3), number(run_s, 3), stages.join(QStringLiteral(", ")));
  if (result_->cut_by_time_limit)
    text += QLatin1Char(' ') + tr("The time limit cut the search short: these gains are not the result the same "
                                  "airframe and seed give every time.");
  setStatus(text);
  aims_->setText(aimsText(*result_));
  emit tuneEnded();
}

void TunePage::setStatus(const QString& text, bool problem) {
  status_->setText(text);
  status_->setStyleSheet(problem ? QStringLiteral("color: #b01c1c;") : QString());
}

void TunePage::setWriteStatus(const QString& text, bool problem) {
  write_status_->setText(text);
  write_status_->setStyleSheet(problem ? QStringLiteral("color: #b01c1c;") : QString());
}

void TunePage::writeToVehicle() {
  if (!result_ || !link_) return;
  // Gains tuned on another airframe or other mass properties than the vehicle flies: asked
  // first (unasked, an s500's gains once went to a 1 kg box without a word).
  const std::optional<vsim::VehicleModel> flying = sources_.flying ? sources_.flying() : std::nullopt;
  const QString mismatch = flying ? tunedForAnotherVehicle(result_model_, *flying) : QString();
  if (!mismatch.isEmpty()) {
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Write to Vehicle"),
                                mismatch + QStringLiteral("\n\n") + tr("Write them anyway?"),
                                QMessageBox::Yes | QMessageBox::No, this);
    box->setObjectName(QStringLiteral("tunedForAnother"));
    box->setDefaultButton(QMessageBox::No);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this](int answer) {
      if (answer == QMessageBox::Yes)
        sendToVehicle();
      else
        setWriteStatus(tr("Not written: the gains were tuned for another vehicle."), true);
    });
    box->open();
    return;
  }
  sendToVehicle();
}

void TunePage::sendToVehicle() {
  if (!result_ || !link_) return;
  QList<ParamWrite> values;
  for (const auto& [name, value] : result_->tuned) values.append({QString::fromStdString(name), value});
  results_->clearVehicleStatus();
  int bad = -1;
  const QString problem = writer_->start(link_->params(), values, metadata(), &bad);
  if (!problem.isEmpty()) {
    // Nothing was sent: the value at fault says why, the others that they stayed home.
    for (int row = 0; row < int(values.size()); ++row)
      results_->setVehicleStatus(row, row == bad ? tr("not accepted") : tr("not sent"), false,
                                 row == bad ? problem : QString());
    setWriteStatus(problem, true);
    return;
  }
  setWriteStatus(tr("Writing %n parameters to the vehicle…", nullptr, int(values.size())));
  updateButtons();
}

void TunePage::saveWithDialog() {
  if (!result_) return;
  const QString dir = QSettings().value(QStringLiteral("tune/lastDirectory"), QDir::homePath()).toString();
  auto* dialog = new QFileDialog(this, tr("Save Tuned Parameters"),
                                 QDir(dir).filePath(result_airframe_ + QStringLiteral("_tuned_params.txt")),
                                 tr("Parameter files (*.txt *.params);;All files (*)"));
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->setAcceptMode(QFileDialog::AcceptSave);
  dialog->setDefaultSuffix(QStringLiteral("txt"));
  connect(dialog, &QFileDialog::fileSelected, this, [this](const QString& path) { saveTo(path); });
  dialog->open();
}

QString TunePage::saveTo(const QString& path) {
  if (!result_) return tr("Nothing to save: no tune has finished.");
  const QString strategy =
      result_options_.strategy == vsim::tune::Strategy::Joint ? tr("joint search") : tr("staged search");
  QStringList comments = {
      tr("Tuned by Navigator's Tune page: %1, seed %2, %3, %4 evaluations%5.")
          .arg(result_airframe_)
          .arg(result_options_.seed)
          .arg(strategy)
          .arg(result_->evaluations)
          .arg(result_->cut_by_time_limit ? tr(" (CUT BY THE TIME LIMIT: not the reproducible result of this airframe "
                                               "and seed)")
                                          : QString()),
      tr("The tuned gains only; the other parameters keep their values.")};
  const vsim::tune::WriteVerdict verdict = vsim::tune::writeVerdictOf(*result_);
  if (!verdict.writable) {
    comments << tr("NOT A SAFE IMPROVEMENT, offered anyway on the Tune page: %1")
                    .arg(QString::fromStdString(verdict.reason));
    for (const vsim::tune::Aim& a : result_->aims)
      if (!a.met) comments << QStringLiteral("  ") + QString::fromStdString(a.text);
  } else if (!verdict.all_met) {
    comments << tr("Safe and no worse than the defaults on every held-out flight, but MISSES these performance aims:");
    for (const std::string& m : verdict.missed) comments << tr("  MISSED: %1").arg(QString::fromStdString(m));
  }
  QString error = saveTunedParams(path, *result_, comments);
  if (!error.isEmpty()) {
    setWriteStatus(tr("Not saved: %1").arg(error), true);
    return error;
  }
  QSettings().setValue(QStringLiteral("tune/lastDirectory"), QFileInfo(path).absolutePath());
  setWriteStatus(
      tr("Saved %n parameters to %1.", nullptr, int(result_->tuned.size())).arg(QDir::toNativeSeparators(path)));
  return {};
}

void TunePage::saveOptions() const {
  QSettings settings;
  settings.setValue(QStringLiteral("tune/budget_s"), budget_->value());
  settings.setValue(QStringLiteral("tune/seed"), seed_->value());
  settings.setValue(QStringLiteral("tune/maxEvaluations"), max_evaluations_->value());
  settings.setValue(QStringLiteral("tune/strategy"), strategy_->currentIndex());
}

void TunePage::restoreOptions() {
  // Out-of-range values (a hand-edited file) are clamped by the boxes themselves.
  QSettings settings;
  budget_->setValue(settings.value(QStringLiteral("tune/budget_s"), budget_->value()).toDouble());
  seed_->setValue(settings.value(QStringLiteral("tune/seed"), seed_->value()).toInt());
  max_evaluations_->setValue(settings.value(QStringLiteral("tune/maxEvaluations"), max_evaluations_->value()).toInt());
  const int strategy = settings.value(QStringLiteral("tune/strategy"), strategy_->currentIndex()).toInt();
  if (strategy >= 0 && strategy < strategy_->count()) strategy_->setCurrentIndex(strategy);
}

}  // namespace navigator
