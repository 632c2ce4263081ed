#include "app/ui/logs_page.h"

#include "app/core/log_folder.h"
#include "app/ui/export_csv_dialog.h"
#include "app/ui/log_replay_view.h"
#include "app/ui/vehicle_logs_panel.h"

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

constexpr const char* kExportFolderKey = "logs/exportFolder";

// "31.0 s", "4:05", "1:02:03".

}  // namespace

LogsPage::LogsPage(QWidget* parent) : QWidget(parent) {
  auto* split = new QSplitter(Qt::Vertical);
  split->addWidget(buildList());
  replay_view_ = new LogReplayView;
  split->addWidget(replay_view_);
  split->setStretchFactor(0, 1);
  split->setStretchFactor(1, 3);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(split);
  connectReplay();
  setBusy(false);
  updateButtons();
  refresh();

  // The names a user's accessibility and test tools find the parts by.
  table_->setObjectName(QStringLiteral("table"));
  open_->setObjectName(QStringLiteral("openButton"));
  open_file_->setObjectName(QStringLiteral("openFileButton"));
  rename_->setObjectName(QStringLiteral("renameButton"));
  delete_->setObjectName(QStringLiteral("deleteButton"));
  export_->setObjectName(QStringLiteral("exportButton"));
  overlay_->setObjectName(QStringLiteral("overlayButton"));
  folder_button_->setObjectName(QStringLiteral("folderButton"));
  folder_label_->setObjectName(QStringLiteral("folderLabel"));
  message_->setObjectName(QStringLiteral("messageLabel"));
  progress_->setObjectName(QStringLiteral("progressBar"));
  cancel_->setObjectName(QStringLiteral("cancelButton"));
}

LogsPage::~LogsPage() = default;

void LogsPage::connectReplay() {
  connect(replay_view_, &LogReplayView::openProgress, this,
          [this](double f) { progress_->setValue(int(std::lround(f * 1000))); });
  connect(replay_view_, &LogReplayView::openFailed, this, [this](const QString& message) {
    setBusy(replay_view_->isOpening());
    say(message, true);
  });
  connect(replay_view_, &LogReplayView::openCancelled, this, [this] {
    setBusy(replay_view_->isOpening());
    say(tr("Opening cancelled."));
  });
  connect(replay_view_, &LogReplayView::opened, this, [this](const QString& path, const LogSummary& s) {
    setBusy(replay_view_->isOpening());
    const int row = library_.addFile(path);  // nothing new when it is listed
    if (row >= 0) table_->selectRow(row);
    if (!s.problems.isEmpty())
      say(tr("%1 was read with problems (what follows them is shown): %2")
              .arg(s.file_name, logProblemsText(s.problems)),
          true);
    else
      say(tr("Opened %1.").arg(QDir::toNativeSeparators(path)));
    updateButtons();
  });
  connect(replay_view_, &LogReplayView::overlaid, this, [this](const QString& name) {
    setBusy(replay_view_->isOpening());
    say(tr("Overlaid %1 on the log open.").arg(name));
    updateButtons();
  });
}

void LogsPage::hideEvent(QHideEvent* event) {
  // Another page on show (or the window minimised): playing on would draw for no one.
  if (!event->spontaneous()) replay_view_->replay()->pause();
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
  open_file_->setToolTip(tr("Replay any ULog file, Navigator's or PX4's, or an ArduPilot DataFlash log (.bin)"));
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
  folder_button_->setToolTip(
      tr("Where flights are recorded and listed from (default: %1)").arg(QDir::toNativeSeparators(defaultLogFolder())));
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

  vehicle_logs_ = new VehicleLogsPanel;
  connect(vehicle_logs_, &VehicleLogsPanel::downloaded, this, [this](const QString& path) {
    const int row = library_.addFile(path);
    if (row >= 0) table_->selectRow(row);
  });
  auto* top = new QHBoxLayout;
  top->addWidget(table_, 3);
  top->addLayout(buttons);
  top->addWidget(vehicle_logs_, 2);
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
  connect(cancel_, &QToolButton::clicked, this, [this] { replay_view_->cancelOpen(); });
  return list;
}

void LogsPage::setVehicle(Vehicle* vehicle) {
  vehicle_logs_->setFolder(library_.folder());
  vehicle_logs_->setVehicle(vehicle);
}

void LogsPage::refresh() {
  vehicle_logs_->setFolder(library_.folder());
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
  QString airframe = s.airframe, duration = logDurationText(s.duration_s), source = s.source;
  if (!s.read) airframe = duration = source = tr("reading…");
  if (!s.error.isEmpty()) {
    airframe = tr("unreadable");
    duration = source = QString();
  }
  const QString cells[kColumnCount] = {s.file_name,
                                       s.date.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")),
                                       airframe,
                                       duration,
                                       locale.formattedDataSize(s.size_bytes),
                                       source};
  QString tip = QDir::toNativeSeparators(s.path);
  if (!s.error.isEmpty()) tip += QLatin1Char('\n') + s.error;
  if (!s.problems.isEmpty()) tip += QLatin1Char('\n') + tr("Read with problems: %1").arg(logProblemsText(s.problems));
  if (s.read && !s.date_from_log && s.error.isEmpty())
    tip += QLatin1Char('\n') + tr("Date: the file's time (the log does not say when it began)");
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
  overlay_->setEnabled(replay_view_->replay()->log() != nullptr);
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
  replay_view_->open(path);
}

void LogsPage::overlayLog(const QString& path) {
  if (path.isEmpty()) return;
  if (!replay_view_->overlay(path)) {
    say(tr("Open a log first: the overlay compares another log with it."), true);
    return;
  }
  setBusy(true);
  say(tr("Reading %1…").arg(QDir::toNativeSeparators(path)));
}

void LogsPage::chooseFile() {
  auto* dialog =
      new QFileDialog(this, tr("Open Flight Log"), library_.folder(), tr("Flight logs (*.ulg *.bin);;All files (*)"));
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->setFileMode(QFileDialog::ExistingFile);
  connect(dialog, &QFileDialog::fileSelected, this, &LogsPage::openLog);
  dialog->open();
}

void LogsPage::chooseOverlay() {
  auto* dialog = new QFileDialog(this, tr("Overlay a Flight Log"), library_.folder(),
                                 tr("Flight logs (*.ulg *.bin);;All files (*)"));
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
  const QString suffix = path.endsWith(QStringLiteral(".bin")) ? QStringLiteral(".bin") : QStringLiteral(".ulg");
  dialog->setLabelText(tr("New name for %1 (%2 is kept):").arg(QFileInfo(path).fileName(), suffix));
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
    vehicle_logs_->setFolder(library_.folder());
    folder_label_->setText(tr("Log folder: %1").arg(QDir::toNativeSeparators(library_.folder())));
    say(tr("Flights are recorded in and listed from %1.").arg(QDir::toNativeSeparators(library_.folder())));
  });
  dialog->open();
}

}  // namespace navigator
