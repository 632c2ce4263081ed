#include "widgets/vehicle_link_panel.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStandardItemModel>
#include <QVBoxLayout>

namespace navigator {

VehicleLinkPanel::VehicleLinkPanel(QWidget* parent) : QWidget(parent) {
  vehicles_ = new QComboBox;
  vehicles_->setObjectName(QStringLiteral("vehicleChoice"));
  vehicles_->setToolTip(tr("The vehicle the panels, instruments and plots show and the sticks command, by system id"));
  vehicles_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  choice_ = new QComboBox;
  choice_->addItem(tr("PX4 (UDP 14550)"), QString::fromLatin1(kPx4Address));
  choice_->addItem(tr("ArduPilot (TCP 127.0.0.1:5760)"), QString::fromLatin1(kArduPilotAddress));
  choice_->addItem(tr("Other address"), QString());
  choice_->setToolTip(
      tr("PX4's SITL sends to UDP 14550 (instance i from port 18570+i); ArduPilot's SITL serves "
         "SERIAL0 on TCP 5760 (instance i: 5760+10·i)"));
  address_ = new QLineEdit(QString::fromLatin1(kPx4Address));
  address_->setPlaceholderText(tr("udp:PORT, tcp:HOST:PORT or serial:DEVICE[:BAUD]"));
  address_->setToolTip(
      tr("udp:PORT listens on this computer's UDP port; tcp:HOST:PORT connects to a TCP server; "
         "serial:DEVICE[:BAUD] opens a serial port (the baud rate is detected when left out)"));
  connect_ = new QPushButton(tr("Connect"));
  disconnect_ = new QPushButton(tr("Disconnect"));
  state_ = new QLabel;
  state_->setWordWrap(true);
  state_->setTextInteractionFlags(Qt::TextSelectableByMouse);

  auto* box = new QGroupBox(tr("Vehicles"));
  auto* form = new QFormLayout(box);
  form->addRow(tr("Show"), vehicles_);
  form->addRow(tr("Autopilot link"), choice_);
  auto* row = new QHBoxLayout;
  row->addWidget(address_, 1);
  row->addWidget(connect_);
  row->addWidget(disconnect_);
  form->addRow(row);
  form->addRow(state_);
  auto* layout = new QVBoxLayout(this);  // (margins as the flight panel's below it)
  layout->addWidget(box);

  connect(vehicles_, &QComboBox::activated, this, [this](int index) {
    if (!quiet_) emit vehicleChosen(index);
  });
  connect(choice_, &QComboBox::activated, this, [this](int index) {
    const QString preset = choice_->itemData(index).toString();
    if (!preset.isEmpty())
      address_->setText(preset);
    else
      address_->setFocus();
  });
  connect(address_, &QLineEdit::textEdited, this, [this](const QString& text) {
    const int preset = choice_->findData(text.trimmed());
    choice_->setCurrentIndex(preset >= 0 ? preset : choice_->count() - 1);
  });
  connect(connect_, &QPushButton::clicked, this, [this] { emit connectRequested(address()); });
  connect(address_, &QLineEdit::returnPressed, this, [this] {
    if (connect_->isEnabled()) emit connectRequested(address());
  });
  connect(disconnect_, &QPushButton::clicked, this, &VehicleLinkPanel::disconnectRequested);
  setLinkState(false, tr("Not connected to an autopilot link."));
}

void VehicleLinkPanel::setAddress(const QString& address) {
  address_->setText(address);
  const int preset = choice_->findData(address.trimmed());
  choice_->setCurrentIndex(preset >= 0 ? preset : choice_->count() - 1);
}

void VehicleLinkPanel::setSerialPorts(const QList<VehiclePortChoice>& ports) {
  const QString shown = address();
  // The two presets stay first and "Other address" last; the ports go between.
  while (choice_->count() > 3) choice_->removeItem(2);
  int at = 2;
  for (const VehiclePortChoice& p : ports)
    if (p.usable) choice_->insertItem(at++, tr("Serial: %1").arg(p.label), QStringLiteral("serial:%1").arg(p.path));
  const int preset = choice_->findData(shown);
  choice_->setCurrentIndex(preset >= 0 ? preset : choice_->count() - 1);
}

void VehicleLinkPanel::setVehicles(const QStringList& labels, int current, const QStringList& others) {
  quiet_ = true;
  vehicles_->clear();
  vehicles_->addItems(labels);
  // Vehicles heard where this station does not fly them (another autopilot on its SITL port):
  // listed apart, after the others, and not choosable.
  for (const QString& other : others) {
    vehicles_->addItem(other);
    if (auto* model = qobject_cast<QStandardItemModel*>(vehicles_->model()))
      model->item(vehicles_->count() - 1)->setFlags(Qt::NoItemFlags);
  }
  vehicles_->setCurrentIndex(current);
  vehicles_->setEnabled(labels.size() > 1 || !others.isEmpty());
  quiet_ = false;
}

void VehicleLinkPanel::setLinkState(bool active, const QString& text, bool error) {
  connect_->setEnabled(!active);
  disconnect_->setEnabled(active);
  choice_->setEnabled(!active);
  address_->setEnabled(!active);
  state_->setText(text);
  state_->setStyleSheet(error ? QStringLiteral("QLabel { color: red; }") : QString());
}

QString VehicleLinkPanel::address() const { return address_->text().trimmed(); }

QString VehicleLinkPanel::linkStateText() const { return state_->text(); }

}  // namespace navigator
