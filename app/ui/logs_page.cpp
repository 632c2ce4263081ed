#include "app/ui/logs_page.h"

#include "app/core/log_folder.h"
#include "app/ui/export_csv_dialog.h"
#include "app/ui/log_overlay_view.h"
#include "app/ui/sample_pose.h"
#include "app/ui/telemetry_plots.h"
#include "sim/base/frames.h"
#include "widgets/flight_view/flight_view_3d.h"
#include "widgets/plots/live_plot.h"
#include "widgets/timeline_bar.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHideEvent>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace navigator {
namespace {

constexpr double kDegPerRad = 180.0 / std::numbers::pi;
constexpr std::int64_t kTrailPeriodUs = 1'000'000 / 60;  // the live view's pose rate
constexpr int kProblemsShown = 5;
constexpr const char* kExportFolderKey = "logs/exportFolder";

// "31.0 s", "4:05", "1:02:03".
QString durationText(double s) {
  if (!(s >= 0)) return QString();
  if (s < 60) return QStringLiteral("%1 s").arg(QLocale().toString(s, 'f', 1));  // the SI unit, in every language
  const qint64 whole = qint64(s);
  const qint64 h = whole / 3600, m = (whole / 60) % 60, sec = whole % 60;
  const QString mm = QStringLiteral("%1").arg(m, h > 0 ? 2 : 1, 10, QLatin1Char('0'));
  const QString ss = QStringLiteral("%1").arg(sec, 2, 10, QLatin1Char('0'));
  return h > 0 ? QStringLiteral("%1:%2:%3").arg(h).arg(mm, ss) : QStringLiteral("%1:%2").arg(mm, ss);
}

QString problemsText(const QStringList& problems) {
  QStringList shown = problems.mid(0, kProblemsShown);
  if (problems.size() > kProblemsShown) shown << LogsPage::tr("and %n more", nullptr, int(problems.size() - kProblemsShown));
  return shown.join(QStringLiteral("; "));
}


}  // namespace

LogsPage::LogsPage(QWidget* parent) : QWidget(parent) {
  auto* split = new QSplitter(Qt::Vertical);
  split->addWidget(buildList());
  split->addWidget(buildReplay());
  split->setStretchFactor(0, 1);
  split->setStretchFactor(1, 3);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(split);
  connectReplay();
  setBusy(false);
  updateButtons();
  refresh();
}

LogsPage::~LogsPage() = default;

void LogsPage::hideEvent(QHideEvent* event) {
  // Another page on show (or the window minimised): playing on would draw for no one.
  if (!event->spontaneous()) replay_.pause();
  QWidget::hideEvent(event);
}

QWidget* LogsPage::buildList() {
  table_ = new QTableWidget(0, kColumnCount);
  table_->setHorizontalHeaderLabels({tr("Name"), tr("Date"), tr("Airframe"), tr("Duration"), tr("Size"), tr("Source")});
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->verticalHeader()->hide();
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setSectionResizeMode(kName, QHeaderView::Stretch);
  table_->setToolTip(tr("Double-click a flight to replay it"));

  open_ = new QPushButton(tr("Open"));
  open_->setToolTip(tr("Replay the selected flight"));
  open_file_ = new QPushButton(tr("Open File…"));
  open_file_->setToolTip(tr("Replay any ULog file, Navigator's or PX4's"));
  rename_ = new QPushButton(tr("Rename…"));
  delete_ = new QPushButton(tr("Delete…"));
  export_ = new QPushButton(tr("Export CSV…"));
  export_->setToolTip(tr("Write one topic of the selected log as CSV"));
  overlay_ = new QPushButton(tr("Overlay…"));
  overlay_->setToolTip(tr("Compare another log with the one open (before and after a tune)"));
  auto* buttons = new QVBoxLayout;
  for (QPushButton* b : {open_, open_file_, rename_, delete_, export_, overlay_}) buttons->addWidget(b);
  buttons->addStretch(1);

  folder_label_ = new QLabel;
  folder_label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  folder_button_ = new QPushButton(tr("Log Folder…"));
  folder_button_->setToolTip(tr("Where flights are recorded and listed from (default: %1)").arg(QDir::toNativeSeparators(defaultLogFolder())));
  progress_ = new QProgressBar;
  progress_->setRange(0, 1000);
  progress_->setMaximumWidth(220);
  cancel_ = new QToolButton;
  cancel_->setText(tr("Cancel"));
  message_ = new QLabel;
  message_->setWordWrap(true);
  message_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* folder_row = new QHBoxLayout;
  folder_row->addWidget(folder_label_, 1);
  folder_row->addWidget(progress_);
  folder_row->addWidget(cancel_);
  folder_row->addWidget(folder_button_);

  auto* top = new QHBoxLayout;
  top->addWidget(table_, 1);
  top->addLayout(buttons);
  auto* list = new QWidget;
  auto* layout = new QVBoxLayout(list);
  layout->setContentsMargins(4, 4, 4, 0);
  layout->addLayout(top, 1);
  layout->addLayout(folder_row);
  layout->addWidget(message_);

  connect(&library_, &LogLibrary::listChanged, this, &LogsPage::fillTable);
  connect(&library_, &LogLibrary::summaryRead, this, [this](int row) {
    fillRow(row);
    updateButtons();
  });
  connect(&library_, &LogLibrary::exportFinished, this, [this](bool ok, const QString& message) { say(message, !ok); });
  connect(table_, &QTableWidget::itemSelectionChanged, this, &LogsPage::updateButtons);
  connect(table_, &QTableWidget::cellDoubleClicked, this, [this](int row, int) {
    if (row >= 0 && row < library_.logs().size()) openLog(library_.logs()[row].path);
  });
  connect(open_, &QPushButton::clicked, this, [this] { openLog(selectedPath()); });
  connect(open_file_, &QPushButton::clicked, this, &LogsPage::chooseFile);
  connect(rename_, &QPushButton::clicked, this, &LogsPage::renameSelected);
  connect(delete_, &QPushButton::clicked, this, &LogsPage::deleteSelected);
  connect(export_, &QPushButton::clicked, this, &LogsPage::exportSelected);
  connect(overlay_, &QPushButton::clicked, this, &LogsPage::chooseOverlay);
  connect(folder_button_, &QPushButton::clicked, this, &LogsPage::chooseFolder);
  connect(cancel_, &QToolButton::clicked, this, [this] {
    replay_.cancelOpen();
    overlay_replay_.cancelOpen();
  });
  return list;
}

QWidget* LogsPage::buildReplay() {
  view_ = new FlightView3D;
  view_->setTrailPointCount(kTrailPoints);
  plots_ = new TelemetryPlots;
  timeline_ = new TimelineBar;
  timeline_->setSpeeds(QList<double>(LogReplay::kSpeeds.begin(), LogReplay::kSpeeds.end()), replay_.speed());
  opened_label_ = new QLabel(tr("No log open: choose a flight above, or Open File… for any ULog file."));
  opened_label_->setWordWrap(true);
  opened_label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* views = new QSplitter(Qt::Horizontal);
  views->addWidget(view_);
  views->addWidget(plots_);
  views->setStretchFactor(0, 1);
  views->setStretchFactor(1, 3);
  auto* replay = new QWidget;
  auto* layout = new QVBoxLayout(replay);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(opened_label_);
  layout->addWidget(views, 1);
  layout->addWidget(timeline_);
  overlay_view_ = new LogOverlayView;
  view_tabs_ = new QTabWidget;
  view_tabs_->addTab(replay, tr("Replay"));
  view_tabs_->addTab(overlay_view_, tr("Overlay"));
  return view_tabs_;
}

void LogsPage::connectReplay() {
  connect(&replay_, &LogReplay::opened, this, &LogsPage::showOpened);
  for (LogReplay* r : {&replay_, &overlay_replay_}) {
    connect(r, &LogReplay::openProgress, this, [this](double f) { progress_->setValue(int(std::lround(f * 1000))); });
    connect(r, &LogReplay::openFailed, this, [this](const QString& message) {
      setBusy(replay_.isOpening() || overlay_replay_.isOpening());
      say(message, true);
    });
    connect(r, &LogReplay::openCancelled, this, [this] {
      setBusy(replay_.isOpening() || overlay_replay_.isOpening());
      say(tr("Opening cancelled."));
    });
  }
  connect(&overlay_replay_, &LogReplay::opened, this, [this](const QString& path) {
    setBusy(replay_.isOpening());
    overlay_log_ = overlay_replay_.log();
    overlay_name_ = QFileInfo(path).fileName();
    showOverlay();
    view_tabs_->setCurrentWidget(overlay_view_);
    say(tr("Overlaid %1 on the log open.").arg(overlay_name_));
    updateButtons();
  });
  connect(&replay_, &LogReplay::logChanged, this, &LogsPage::showLog);
  connect(&replay_, &LogReplay::samplesDue, this, &LogsPage::showSamples);
  connect(&replay_, &LogReplay::jumped, this, &LogsPage::refill);
  connect(&replay_, &LogReplay::positionChanged, this, [this](std::int64_t t_us) { timeline_->setPosition(double(t_us) * 1e-6); });
  connect(&replay_, &LogReplay::playingChanged, timeline_, &TimelineBar::setPlaying);
  connect(&replay_, &LogReplay::speedChanged, timeline_, &TimelineBar::setSpeed);
  connect(&replay_, &LogReplay::spanChanged, this,
          [this](std::int64_t from, std::int64_t to) { timeline_->setSpan(double(from) * 1e-6, double(to) * 1e-6); });
  connect(timeline_, &TimelineBar::playRequested, &replay_, &LogReplay::play);
  connect(timeline_, &TimelineBar::pauseRequested, &replay_, &LogReplay::pause);
  connect(timeline_, &TimelineBar::seekRequested, this, [this](double t_s) { replay_.seek(std::llround(t_s * 1e6)); });
  connect(timeline_, &TimelineBar::speedChosen, this, [this](double speed) { replay_.setSpeed(speed); });
  connect(timeline_, &TimelineBar::spanChosen, this,
          [this](double from_s, double to_s) { replay_.setSpan(std::llround(from_s * 1e6), std::llround(to_s * 1e6)); });
  connect(timeline_, &TimelineBar::wholeSpanRequested, &replay_, &LogReplay::resetSpan);
}

void LogsPage::refresh() {
  folder_label_->setText(tr("Log folder: %1").arg(QDir::toNativeSeparators(library_.folder())));
  library_.refresh();
}

QString LogsPage::selectedPath() const {
  const QList<QTableWidgetItem*> items = table_->selectedItems();
  if (items.isEmpty()) return {};
  const int row = items.first()->row();
  return row < library_.logs().size() ? library_.logs()[row].path : QString();
}

void LogsPage::fillTable() {
  const QString selected = selectedPath();
  table_->setRowCount(int(library_.logs().size()));
  for (int row = 0; row < table_->rowCount(); ++row) fillRow(row);
  const int again = selected.isEmpty() ? -1 : library_.indexOf(selected);
  if (again >= 0) table_->selectRow(again);
  updateButtons();
}

void LogsPage::fillRow(int row) {
  if (row < 0 || row >= library_.logs().size() || row >= table_->rowCount()) return;
  const LogSummary& s = library_.logs()[row];
  const QLocale locale;
  QString airframe = s.airframe, duration = durationText(s.duration_s), source = s.source;
  if (!s.read) airframe = duration = source = tr("reading…");
  if (!s.error.isEmpty()) {
    airframe = tr("unreadable");
    duration = source = QString();
  }
  const QString cells[kColumnCount] = {s.file_name, s.date.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")), airframe,
                                       duration, locale.formattedDataSize(s.size_bytes), source};
  QString tip = QDir::toNativeSeparators(s.path);
  if (!s.error.isEmpty()) tip += QLatin1Char('\n') + s.error;
  if (!s.problems.isEmpty()) tip += QLatin1Char('\n') + tr("Read with problems: %1").arg(problemsText(s.problems));
  if (s.read && !s.date_from_log && s.error.isEmpty()) tip += QLatin1Char('\n') + tr("Date: the file's time (the log does not say when it began)");
  for (int c = 0; c < kColumnCount; ++c) {
    auto* item = new QTableWidgetItem(cells[c]);
    item->setToolTip(tip);
    if (c == kDuration || c == kSize) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    if (!s.error.isEmpty() && c == kAirframe) item->setForeground(Qt::red);
    table_->setItem(row, c, item);
  }
}

void LogsPage::updateButtons() {
  const QString path = selectedPath();
  const int row = library_.indexOf(path);
  const bool chosen = row >= 0;
  const bool readable = chosen && library_.logs()[row].read && library_.logs()[row].error.isEmpty();
  open_->setEnabled(chosen);
  rename_->setEnabled(chosen);
  delete_->setEnabled(chosen);
  export_->setEnabled(readable && !library_.logs()[row].topics.isEmpty());
  overlay_->setEnabled(replay_.log() != nullptr);
}

void LogsPage::say(const QString& text, bool error) {
  message_->setStyleSheet(error ? QStringLiteral("color: #b00020;") : QString());
  message_->setText(text);
}

void LogsPage::setBusy(bool busy) {
  progress_->setVisible(busy);
  cancel_->setVisible(busy);
  if (busy) progress_->setValue(0);
}

void LogsPage::openLog(const QString& path) {
  if (path.isEmpty()) return;
  setBusy(true);
  say(tr("Reading %1…").arg(QDir::toNativeSeparators(path)));
  replay_.open(path);
}

void LogsPage::overlayLog(const QString& path) {
  if (path.isEmpty()) return;
  if (!replay_.log()) {
    say(tr("Open a log first: the overlay compares another log with it."), true);
    return;
  }
  setBusy(true);
  say(tr("Reading %1…").arg(QDir::toNativeSeparators(path)));
  overlay_replay_.open(path);
}

void LogsPage::chooseFile() {
  auto* dialog = new QFileDialog(this, tr("Open Flight Log"), library_.folder(), tr("ULog files (*.ulg);;All files (*)"));
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->setFileMode(QFileDialog::ExistingFile);
  connect(dialog, &QFileDialog::fileSelected, this, &LogsPage::openLog);
  dialog->open();
}

void LogsPage::chooseOverlay() {
  auto* dialog = new QFileDialog(this, tr("Overlay a Flight Log"), library_.folder(), tr("ULog files (*.ulg);;All files (*)"));
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->setFileMode(QFileDialog::ExistingFile);
  connect(dialog, &QFileDialog::fileSelected, this, &LogsPage::overlayLog);
  dialog->open();
}

void LogsPage::renameSelected() {
  const QString path = selectedPath();
  if (path.isEmpty()) return;
  auto* dialog = new QInputDialog(this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->setWindowTitle(tr("Rename Log"));
  dialog->setLabelText(tr("New name for %1 (.ulg is kept):").arg(QFileInfo(path).fileName()));
  dialog->setTextValue(QFileInfo(path).completeBaseName());
  connect(dialog, &QInputDialog::textValueSelected, this, [this, path](const QString& name) {
    QString new_path;
    const QString error = library_.rename(path, name, &new_path);
    if (!error.isEmpty()) {
      say(error, true);
      return;
    }
    table_->selectRow(library_.indexOf(new_path));
    say(tr("Renamed %1 to %2.").arg(QFileInfo(path).fileName(), QFileInfo(new_path).fileName()));
  });
  dialog->open();
}

void LogsPage::deleteSelected() {
  const QString path = selectedPath();
  if (path.isEmpty()) return;
  const QString name = QFileInfo(path).fileName();
  auto* box = new QMessageBox(QMessageBox::Question, tr("Delete Log"),
                              tr("Delete %1?\nThe file is removed from %2; this cannot be undone.")
                                  .arg(name, QDir::toNativeSeparators(QFileInfo(path).absolutePath())),
                              QMessageBox::Yes | QMessageBox::Cancel, this);
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->button(QMessageBox::Yes)->setText(tr("Delete"));
  box->setDefaultButton(QMessageBox::Cancel);
  connect(box, &QMessageBox::finished, this, [this, box, path, name] {
    if (box->clickedButton() != box->button(QMessageBox::Yes)) {
      say(tr("Kept %1.").arg(name));
      return;
    }
    const QString error = library_.remove(path);
    say(error.isEmpty() ? tr("Deleted %1.").arg(name) : error, !error.isEmpty());
  });
  box->open();
}

void LogsPage::exportSelected() {
  const int row = library_.indexOf(selectedPath());
  if (row < 0) return;
  const LogSummary summary = library_.logs()[row];
  const QString folder = QSettings().value(kExportFolderKey, QDir::homePath()).toString();
  auto* dialog = new ExportCsvDialog(summary, folder, this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  connect(dialog, &QDialog::accepted, this, [this, dialog, summary] {
    const LogTopic topic = dialog->topic();
    const QString csv = dialog->csvPath();
    QSettings().setValue(kExportFolderKey, QFileInfo(csv).absolutePath());
    say(tr("Writing %1 of %2 to %3…").arg(topic.name, summary.file_name, QDir::toNativeSeparators(csv)));
    library_.exportCsv(summary.path, topic.name, topic.multi_id, csv);
  });
  dialog->open();
}

void LogsPage::chooseFolder() {
  auto* dialog = new QFileDialog(this, tr("Log Folder"), library_.folder());
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->setFileMode(QFileDialog::Directory);
  dialog->setOption(QFileDialog::ShowDirsOnly);
  connect(dialog, &QFileDialog::fileSelected, this, [this](const QString& folder) {
    const QString absolute = QFileInfo(folder).absoluteFilePath();
    if (!QDir().mkpath(absolute)) {
      say(tr("Cannot use %1 for flight logs: it cannot be created.").arg(QDir::toNativeSeparators(absolute)), true);
      return;
    }
    setLogFolder(absolute == defaultLogFolder() ? QString() : absolute);
    library_.setFolder(logFolder());  // lists it
    folder_label_->setText(tr("Log folder: %1").arg(QDir::toNativeSeparators(library_.folder())));
    say(tr("Flights are recorded in and listed from %1.").arg(QDir::toNativeSeparators(library_.folder())));
  });
  dialog->open();
}

void LogsPage::showLog() {
  const std::shared_ptr<const ReplayLog>& log = replay_.log();
  if (!log) return;
  // The motors by number: a log does not say where its rotors are.
  plots_->setRotorPositions(std::vector<std::array<double, 2>>(std::size_t(log->rotorCount()), {0.0, 0.0}));
  timeline_->setLength(double(log->durationUs()) * 1e-6);
}

void LogsPage::showOpened(const QString& path) {
  setBusy(overlay_replay_.isOpening());
  const std::shared_ptr<const ReplayLog>& log = replay_.log();
  if (!log) return;
  const int row = library_.addFile(path);  // nothing new when it is listed
  if (row >= 0) table_->selectRow(row);

  const LogSummary s = summaryOf(*log);
  QStringList missing;
  for (int p = 0; p < ReplayLog::kPartCount; ++p)
    if (log->topicOf(ReplayLog::Part(p)).empty()) missing << QString::fromLatin1(ReplayLog::partName(ReplayLog::Part(p)));
  QString text = tr("<b>%1</b> — %2, %3, %4 · pose from %5 (%n samples)", nullptr, int(log->sampleCount()))
                     .arg(s.file_name.toHtmlEscaped(), s.airframe.toHtmlEscaped(), s.source.toHtmlEscaped(),
                          durationText(s.duration_s), QString::fromStdString(log->clockTopic()));
  if (!missing.isEmpty()) text += tr(" · not in this log: %1").arg(missing.join(QStringLiteral(", ")));
  opened_label_->setText(text);
  if (!s.problems.isEmpty())
    say(tr("%1 was read with problems (what follows them is shown): %2").arg(s.file_name, problemsText(s.problems)), true);
  else
    say(tr("Opened %1.").arg(QDir::toNativeSeparators(path)));
  view_tabs_->setCurrentIndex(0);
  if (overlay_log_) showOverlay();
  updateButtons();
}

void LogsPage::showSamples(const std::vector<TelemetrySample>& samples, const std::vector<AttitudeWxyz>& estimates) {
  plots_->appendSamples(samples);
  appendAttitude(samples, estimates);
  if (!samples.empty()) showSamplePose(view_, samples.back());
}

void LogsPage::appendAttitude(const std::vector<TelemetrySample>& samples, const std::vector<AttitudeWxyz>& estimates) {
  // The attitude plot is fed here, not through TelemetryPlots::appendEstimate (which meets a
  // live estimate with the truth of the same millisecond): a log has both at every sample, or,
  // PX4's, only the estimate (dashed) and no truth (a gap where the solid line would be).
  LivePlot* plot = plots_->plot(TelemetryPlots::tr("Attitude: true vs estimated"));
  if (!plot || plot->channels().size() != 6 || samples.empty()) return;
  const bool truth = replay_.log() && replay_.log()->hasTruth();
  auto angles = [](const AttitudeWxyz& q, double* out) {
    const vsim::frames::EulerAngles e = vsim::frames::eulerFromQuaternion(Eigen::Quaterniond(q[0], q[1], q[2], q[3]));
    out[0] = e.roll_rad * kDegPerRad;
    out[1] = e.pitch_rad * kDegPerRad;
    out[2] = e.yaw_rad * kDegPerRad;
  };
  times_.resize(samples.size());
  values_.resize(samples.size() * 6);
  for (std::size_t i = 0; i < samples.size(); ++i) {
    times_[i] = double(samples[i].time_us) * 1e-6;
    double* v = &values_[i * 6];
    if (truth)
      angles(samples[i].attitude_WB_wxyz, v);
    else
      v[0] = v[1] = v[2] = std::nan("");
    if (i < estimates.size())
      angles(estimates[i], v + 3);
    else
      v[3] = v[4] = v[5] = std::nan("");
  }
  plot->appendBatch(times_, values_);
}

void LogsPage::refill(std::int64_t position_us) {
  const std::shared_ptr<const ReplayLog>& log = replay_.log();
  if (!log) return;
  // The plots show the span's length (within what they keep) up to the position, as a live
  // flight shows its last seconds; in whole seconds, as a plot's window box holds it.
  const double span_s = double(replay_.spanToUs() - replay_.spanFromUs()) * 1e-6;
  const double window_s = std::clamp(std::ceil(span_s - 1e-9), TimeSeriesBuffer::kMinWindow_s, TimeSeriesBuffer::kMaxWindow_s);
  for (LivePlot* p : plots_->plots()) p->setWindow(window_s);
  plots_->clear();
  // (after, position]: the sample at the window's left edge too, as a plot keeps it.
  const std::int64_t after = std::max(replay_.spanFromUs(), position_us - std::int64_t(std::llround(window_s * 1e6))) - 1;
  refill_.clear();
  refill_estimates_.clear();
  log->samples(after, position_us, refill_, &refill_estimates_);
  plots_->appendSamples(refill_);
  appendAttitude(refill_, refill_estimates_);
  // The trail as the live view would have drawn it, a pose every 1/60 s, given at once; the
  // last pose then moves the vehicle (and ends the trail).
  QVector<QVector3D> trail;
  std::int64_t next_pose_us = std::numeric_limits<std::int64_t>::min();
  for (std::size_t i = 0; i + 1 < refill_.size(); ++i) {
    const TelemetrySample& s = refill_[i];
    if (s.time_us < next_pose_us) continue;
    const QVector3D p = positionEnu(s);
    if (std::isfinite(p.x()) && std::isfinite(s.attitude_WB_wxyz[0])) {
      trail.append(p);
      next_pose_us = s.time_us + kTrailPeriodUs;
    }
  }
  view_->setTrail(trail);
  if (!refill_.empty()) showSamplePose(view_, refill_.back());
}

void LogsPage::showOverlay() {
  if (!replay_.log() || !overlay_log_) return;
  overlay_view_->setLogs(replay_.log()->trace(LogOverlayView::kMaxPoints), QFileInfo(replay_.path()).fileName(),
                         overlay_log_->trace(LogOverlayView::kMaxPoints), overlay_name_);
}

}  // namespace navigator
