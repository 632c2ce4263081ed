#include "widgets/board_panel.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

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
