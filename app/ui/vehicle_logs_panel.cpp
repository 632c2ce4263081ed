#include "app/ui/vehicle_logs_panel.h"

#include <QDir>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace navigator {

VehicleLogsPanel::VehicleLogsPanel(QWidget* parent) : QWidget(parent) {
  vehicle_label_ = new QLabel;
  list_ = new QPushButton(tr("List Logs"));
  list_->setToolTip(tr("Ask the vehicle for the logs it keeps on board"));
  table_ = new QTableWidget(0, kColumnCount);
  table_->setHorizontalHeaderLabels({tr("Id"), tr("Date (UTC)"), tr("Size")});
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->verticalHeader()->hide();
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setSectionResizeMode(kDate, QHeaderView::Stretch);
  download_ = new QPushButton(tr("Download"));
  download_->setToolTip(tr("Copy the selected log into the log folder"));
  cancel_ = new QPushButton(tr("Cancel"));
  resume_ = new QPushButton(tr("Resume"));
  resume_->setToolTip(tr("Ask for the bytes still missing of a stalled or cancelled download"));
  progress_ = new QProgressBar;
  progress_->setRange(0, 1000);
  speed_ = new QLabel;
  message_ = new QLabel;
  message_->setWordWrap(true);
  message_->setTextInteractionFlags(Qt::TextSelectableByMouse);

  auto* head = new QHBoxLayout;
  head->addWidget(new QLabel(tr("<b>On the vehicle</b>")));
  head->addWidget(vehicle_label_, 1);
  head->addWidget(list_);
  auto* row = new QHBoxLayout;
  for (QWidget* w : {static_cast<QWidget*>(download_), static_cast<QWidget*>(cancel_), static_cast<QWidget*>(resume_),
                     static_cast<QWidget*>(progress_)})
    row->addWidget(w);
  row->addWidget(speed_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 4, 0, 0);
  layout->addLayout(head);
  layout->addWidget(table_, 1);
  layout->addLayout(row);
  layout->addWidget(message_);

  connect(list_, &QPushButton::clicked, this, &VehicleLogsPanel::list);
  connect(download_, &QPushButton::clicked, this, &VehicleLogsPanel::download);
  connect(cancel_, &QPushButton::clicked, this, [this] {
    if (vehicle_) vehicle_->logs()->cancel();
  });
  connect(resume_, &QPushButton::clicked, this, [this] {
    QString why;
    if (vehicle_ && !vehicle_->logs()->resume(&why)) say(tr("Not resumed: %1.").arg(why), true);
  });
  connect(table_, &QTableWidget::itemSelectionChanged, this, &VehicleLogsPanel::updateButtons);

  // The names a user's accessibility and test tools find the parts by.
  setObjectName(QStringLiteral("vehicleLogs"));
  list_->setObjectName(QStringLiteral("vehicleLogsList"));
  table_->setObjectName(QStringLiteral("vehicleLogsTable"));
  download_->setObjectName(QStringLiteral("vehicleLogsDownload"));
  cancel_->setObjectName(QStringLiteral("vehicleLogsCancel"));
  resume_->setObjectName(QStringLiteral("vehicleLogsResume"));
  progress_->setObjectName(QStringLiteral("vehicleLogsProgress"));
  speed_->setObjectName(QStringLiteral("vehicleLogsSpeed"));
  message_->setObjectName(QStringLiteral("vehicleLogsMessage"));
  setVehicle(nullptr);
}

void VehicleLogsPanel::setVehicle(Vehicle* vehicle) {
  if (vehicle_) {
    disconnect(vehicle_->logs(), nullptr, this, nullptr);
    disconnect(vehicle_->link(), nullptr, this, nullptr);
  }
  vehicle_ = vehicle;
  if (vehicle_) {
    connect(vehicle_->link(), &VehicleLink::vehicleChanged, this, &VehicleLogsPanel::showVehicle);
    LogDownload* logs = vehicle_->logs();
    connect(logs, &LogDownload::listChanged, this, &VehicleLogsPanel::fillTable);
    connect(logs, &LogDownload::listFinished, this, [this](bool ok, const QString& m) { say(m, !ok); });
    connect(logs, &LogDownload::stateChanged, this, &VehicleLogsPanel::onState);
    connect(logs, &LogDownload::progress, this, &VehicleLogsPanel::onProgress);
    connect(logs, &LogDownload::finished, this, [this](bool ok, const QString& m) {
      say(m, !ok);
      if (ok && vehicle_) emit downloaded(vehicle_->logs()->finishedPath());
    });
  }
  showVehicle();
  fillTable();
  onState();
  say(QString());
}

void VehicleLogsPanel::showVehicle() {
  const VehicleStatus* status = vehicle_ ? &vehicle_->status() : nullptr;
  if (!status || status->system_id == 0) {
    vehicle_label_->setText(tr("no vehicle"));
    return;
  }
  const std::string autopilot = autopilotName(vehicle_->link()->autopilot(), status->mav_type);
  vehicle_label_->setText(tr("%1, system %2").arg(QString::fromStdString(autopilot)).arg(status->system_id));
}

int VehicleLogsPanel::selectedId() const {
  const QList<QTableWidgetItem*> items = table_->selectedItems();
  if (items.isEmpty() || !vehicle_) return -1;
  const auto& entries = vehicle_->logs()->entries();
  const int row = items.first()->row();
  return row < int(entries.size()) ? entries[std::size_t(row)].id : -1;
}

void VehicleLogsPanel::list() {
  QString why;
  if (!vehicle_) {
    say(tr("No vehicle is selected."), true);
  } else if (!vehicle_->logs()->requestList(&why)) {
    say(tr("Cannot list the logs: %1.").arg(why), true);
  } else {
    say(tr("Asking the vehicle for its logs…"));
  }
}

void VehicleLogsPanel::download() {
  const int id = selectedId();
  if (id < 0 || !vehicle_) return;
  LogDownload* logs = vehicle_->logs();
  logs->setFolder(folder_);
  QString why;
  if (!logs->download(std::uint16_t(id), &why)) {
    say(tr("Cannot download log %1: %2.").arg(id).arg(why), true);
    return;
  }
  progress_->setValue(0);
  say(tr("Downloading log %1 into %2…").arg(id).arg(QDir::toNativeSeparators(logs->partPath())));
}

void VehicleLogsPanel::fillTable() {
  const int selected = selectedId();
  const std::vector<VehicleLogEntry> entries = vehicle_ ? vehicle_->logs()->entries() : std::vector<VehicleLogEntry>{};
  table_->setRowCount(int(entries.size()));
  const QLocale locale;
  for (int row = 0; row < int(entries.size()); ++row) {
    const VehicleLogEntry& e = entries[std::size_t(row)];
    const QString date = e.time().isValid() ? e.time().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) : tr("unknown");
    const QString cells[kColumnCount] = {QString::number(e.id), date, locale.formattedDataSize(e.size_bytes)};
    for (int c = 0; c < kColumnCount; ++c) {
      auto* item = new QTableWidgetItem(cells[c]);
      if (c != kDate) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      table_->setItem(row, c, item);
    }
    if (e.id == selected) table_->selectRow(row);
  }
  updateButtons();
}

void VehicleLogsPanel::onState() {
  const LogDownload::State s = vehicle_ ? vehicle_->logs()->state() : LogDownload::State::Idle;
  const bool moving = s == LogDownload::State::Downloading || s == LogDownload::State::Stalled ||
                      s == LogDownload::State::LinkLost || s == LogDownload::State::Cancelled;
  progress_->setVisible(moving || s == LogDownload::State::Done || s == LogDownload::State::Failed);
  speed_->setVisible(progress_->isVisible());
  if (s != LogDownload::State::Downloading) speed_->setText(logDownloadStateName(s));
  updateButtons();
}

void VehicleLogsPanel::onProgress(std::uint64_t received_bytes, std::uint32_t size_bytes, double speed_bytes_per_s) {
  progress_->setValue(size_bytes > 0 ? int(std::lround(1000.0 * double(received_bytes) / double(size_bytes))) : 0);
  const QLocale locale;
  progress_->setFormat(
      tr("%1 of %2")
          .arg(locale.formattedDataSize(qint64(received_bytes)), locale.formattedDataSize(qint64(size_bytes))));
  if (vehicle_ && vehicle_->logs()->state() == LogDownload::State::Downloading)
    speed_->setText(tr("%1/s").arg(locale.formattedDataSize(qint64(std::llround(speed_bytes_per_s)))));
}

void VehicleLogsPanel::updateButtons() {
  const LogDownload* logs = vehicle_ ? vehicle_->logs() : nullptr;
  const LogDownload::State s = logs ? logs->state() : LogDownload::State::Idle;
  list_->setEnabled(logs && !logs->busy());
  download_->setEnabled(logs && !logs->busy() && selectedId() >= 0);
  cancel_->setEnabled(logs && (logs->busy() || s == LogDownload::State::Stalled || s == LogDownload::State::LinkLost));
  resume_->setEnabled(s == LogDownload::State::Stalled || s == LogDownload::State::Cancelled);
}

void VehicleLogsPanel::say(const QString& text, bool error) {
  message_->setStyleSheet(error ? QStringLiteral("color: #b00020;") : QString());
  message_->setText(text);
}

}  // namespace navigator
