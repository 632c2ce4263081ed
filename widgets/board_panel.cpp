#include "widgets/board_panel.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>

namespace navigator {

BoardPanel::BoardPanel(QWidget* parent) : QWidget(parent) {
  path_ = new QComboBox;
  path_->setEditable(true);  // a path the list cannot show: /dev/pts/N, a symlink
  path_->lineEdit()->setPlaceholderText(tr("/dev/ttyACM0, or any path"));
  baud_ = new QComboBox;
  baud_->addItem(tr("Detect"), 0);
  for (qint32 b : {115200, 57600, 230400, 460800, 921600, 38400, 9600}) baud_->addItem(QString::number(b), b);
  auto* refresh = new QPushButton(tr("Refresh"));
  connect_ = new QPushButton(tr("Connect"));
  disconnect_ = new QPushButton(tr("Disconnect"));
  state_ = new QLabel;
  statistics_ = new QLabel;
  hil_rate_ = new QLabel;
  for (QLabel* l : {state_, statistics_, hil_rate_}) {
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
  }

  auto* port_row = new QHBoxLayout;
  port_row->addWidget(path_, 1);
  port_row->addWidget(refresh);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(connect_);
  buttons->addWidget(disconnect_);
  auto* form = new QFormLayout(this);
  form->addRow(tr("Port"), port_row);
  form->addRow(tr("Baud rate"), baud_);
  form->addRow(buttons);
  form->addRow(tr("State"), state_);
  form->addRow(tr("Link"), statistics_);
  form->addRow(tr("HIL"), hil_rate_);
  hil_ = new QPushButton(tr("Fly the simulator through the board (HIL)"));
  hil_->setCheckable(true);
  form->addRow(hil_);
  connect(hil_, &QPushButton::clicked, this, &BoardPanel::hilRequested);
  auto* flash = new QPushButton(tr("Flash Firmware…"));
  flash->setToolTip(tr("Write a firmware image to the board through its ROM bootloader (BOOT0 high) or USB DFU"));
  form->addRow(flash);
  connect(flash, &QPushButton::clicked, this, [this] { emit flashRequested(chosenPath()); });
  setHilState(false, false);
  addSensorTable(form);

  connect(refresh, &QPushButton::clicked, this, &BoardPanel::refreshRequested);
  connect(connect_, &QPushButton::clicked, this, [this] {
    if (chosenPath().isEmpty()) {
      setStateText(tr("Choose a port or type its path."));
      return;
    }
    emit connectRequested(chosenPath(), chosenBaud());
  });
  connect(disconnect_, &QPushButton::clicked, this, &BoardPanel::disconnectRequested);
  connect(baud_, &QComboBox::currentIndexChanged, this, [this] { emit baudChosen(chosenBaud()); });
  setConnected(false);
}

void BoardPanel::addSensorTable(QFormLayout* form) {
  sensor_source_ = new QLabel(tr("No vehicle yet."));
  sensor_source_->setWordWrap(true);
  sensors_ = new QTableWidget(0, 5);
  sensors_->setObjectName(QStringLiteral("boardSensorTable"));
  sensors_->setHorizontalHeaderLabels({tr("Sensor"), tr("Present"), tr("Enabled"), tr("Health"), tr("Last message")});
  sensors_->verticalHeader()->hide();
  sensors_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  sensors_->setSelectionMode(QAbstractItemView::NoSelection);
  sensors_->setWordWrap(true);
  sensors_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  sensors_->horizontalHeader()->setSectionResizeMode(4, QHeaderView::Stretch);
  sensors_->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
  battery_ = new QLabel;
  battery_->setObjectName(QStringLiteral("boardBatteryText"));
  battery_->setWordWrap(true);
  battery_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  form->addRow(tr("Sensors"), sensor_source_);
  form->addRow(sensors_);
  form->addRow(tr("Battery"), battery_);
}

QString BoardPanel::healthWords(const BoardSensorRow& row) {
  if (!row.reported) return tr("unknown");
  if (!row.present) return tr("not present");
  if (!row.enabled) return tr("disabled");
  return row.healthy ? tr("healthy") : tr("FAULT");
}

void BoardPanel::setSensorSource(const QString& text) { sensor_source_->setText(text); }
void BoardPanel::setBatteryText(const QString& text) { battery_->setText(text); }

void BoardPanel::setSensorRows(const QList<BoardSensorRow>& rows) {
  sensors_->setRowCount(int(rows.size()));
  const auto yesNo = [](const BoardSensorRow& r, bool v) {
    return !r.reported ? QStringLiteral("–") : v ? tr("yes") : tr("no");
  };
  for (int i = 0; i < rows.size(); ++i) {
    const BoardSensorRow& r = rows[i];
    const QStringList cells = {r.sensor, yesNo(r, r.present), yesNo(r, r.enabled), healthWords(r),
                               r.message.isEmpty() ? tr("(none)") : r.message};
    for (int c = 0; c < cells.size(); ++c) {
      auto* item = new QTableWidgetItem(cells[c]);
      item->setToolTip(cells[c]);
      sensors_->setItem(i, c, item);
    }
    // The colour repeats the words: red for a fault, green for healthy, none otherwise.
    QTableWidgetItem* health = sensors_->item(i, 3);
    const bool fault = r.reported && r.present && r.enabled && !r.healthy;
    const bool good = r.reported && r.present && r.enabled && r.healthy;
    if (fault || good) {
      health->setBackground(fault ? QColor(0xb0, 0x00, 0x20) : QColor(0x1b, 0x5e, 0x20));
      health->setForeground(Qt::white);
    }
    // A message that is a warning or worse (MAV_SEVERITY 0..4) in bold.
    if (r.severity >= 0 && r.severity <= 4) {
      QFont bold = sensors_->item(i, 4)->font();
      bold.setBold(true);
      sensors_->item(i, 4)->setFont(bold);
    }
  }
  sensors_->resizeRowsToContents();
}

void BoardPanel::setPorts(const QList<BoardPortChoice>& ports) {
  const QString typed = path_->currentText();
  path_->clear();
  for (const BoardPortChoice& p : ports) {
    path_->addItem(p.label, p.path);
    if (!p.usable) path_->setItemData(path_->count() - 1, false, Qt::UserRole - 1);  // greyed: not a serial link
  }
  path_->setEditText(typed);
}

void BoardPanel::setConnected(bool connected) {
  connect_->setEnabled(!connected);
  disconnect_->setEnabled(connected);
  path_->setEnabled(!connected);
  baud_->setEnabled(!connected);
}

void BoardPanel::setHilState(bool available, bool running) {
  hil_->setEnabled(available || running);
  hil_->setChecked(running);
  // While it runs, the same button stops it (the board flies its own sensors again).
  hil_->setText(running ? tr("Stop HIL") : tr("Fly the simulator through the board (HIL)"));
  hil_->setToolTip(running ? tr("Stop flying the simulator through the board; the port stays open")
                           : tr("The board's firmware gets its sensors from this station's simulator and flies it, in "
                                "lockstep: a slow link slows the simulated world"));
}

void BoardPanel::setStateText(const QString& text) { state_->setText(text); }
void BoardPanel::setStatisticsText(const QString& text) { statistics_->setText(text); }
void BoardPanel::setHilRateText(const QString& text) { hil_rate_->setText(text); }

QString BoardPanel::chosenPath() const {
  // A listed port carries its path; typed text is the path itself.
  const int index = path_->findText(path_->currentText());
  return index >= 0 ? path_->itemData(index).toString() : path_->currentText().trimmed();
}

qint32 BoardPanel::chosenBaud() const { return baud_->currentData().toInt(); }

}  // namespace navigator
