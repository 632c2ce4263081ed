#include "app/ui/flash_dialog.h"

#include "app/ui/flash_failure_text.h"

#include "flash/chip_catalog.h"
#include "flash/flash_blocks.h"
#include "flash/firmware_image.h"
#include "app/link/serial_port_catalog.h"

#include <QApplication>
#include <QLocale>
#include <QCheckBox>
#include <QClipboard>
#include <QCloseEvent>
#include <QComboBox>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace navigator {
namespace {

QString phaseText(flash::FlashPhase phase) {
  switch (phase) {
    case flash::FlashPhase::Connect:
      return FlashDialog::tr("Connecting to the bootloader…");
    case flash::FlashPhase::Identify:
      return FlashDialog::tr("Identifying the chip…");
    case flash::FlashPhase::Unprotect:
      return FlashDialog::tr("Removing read-out protection (erasing the chip)…");
    case flash::FlashPhase::Erase:
      return FlashDialog::tr("Erasing…");
    case flash::FlashPhase::Write:
      return FlashDialog::tr("Writing…");
    case flash::FlashPhase::Verify:
      return FlashDialog::tr("Verifying…");
    case flash::FlashPhase::Start:
      return FlashDialog::tr("Starting the firmware…");
    case flash::FlashPhase::Done:
      return FlashDialog::tr("Done");
  }
  return {};
}

}  // namespace

FlashDialog::FlashDialog(QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Flash Firmware"));
  buildUi();
  connect(&job_, &FlashJob::progressed, this, &FlashDialog::onProgress);
  connect(&job_, &FlashJob::logLine, this, &FlashDialog::appendLog);
  connect(&job_, &FlashJob::finished, this, &FlashDialog::onFinished);
  const QString built = defaultBoardImagePath();
  if (!built.isEmpty()) setImagePath(built);
  refreshPorts();
}

FlashDialog::~FlashDialog() = default;

QString FlashDialog::defaultBoardImagePath() {
  // build/bin/navigator → build/firmware/stm32f4/vayu_stm32f4.elf (the cross build's output).
  const QString path = QDir(QCoreApplication::applicationDirPath()).filePath("../firmware/stm32f4/vayu_stm32f4.elf");
  return QFileInfo::exists(path) ? QFileInfo(path).canonicalFilePath() : QString();
}

void FlashDialog::buildUi() {
  QGroupBox* image_box = buildImageBox();
  QGroupBox* link_box = buildBoardBox();
  buildOutcomeWidgets();
  QHBoxLayout* buttons = buildButtons();

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(image_box);
  layout->addWidget(link_box);
  layout->addWidget(phase_);
  layout->addWidget(progress_);
  layout->addWidget(result_);
  layout->addWidget(erase_ack_);
  auto* decision = new QHBoxLayout;  // buttons at their own width, not stretched across the dialog
  decision->addWidget(anyway_);
  decision->addWidget(unprotect_);
  decision->addStretch(1);
  layout->addLayout(decision);
  layout->addWidget(log_, 1);
  layout->addLayout(buttons);
  resize(640, 720);
  // No default button: Enter in the image or port field must neither start erasing a board nor
  // click whichever button QDialog would otherwise make the default (Browse…).
  for (QPushButton* b : findChildren<QPushButton*>()) b->setAutoDefault(false);
}

// The "Image" box: the file (typed or browsed), the base address of a .bin, the target chip,
// and what the image holds.
QGroupBox* FlashDialog::buildImageBox() {
  auto* image_box = new QGroupBox(tr("Image"));
  auto* image_form = new QFormLayout(image_box);
  image_ = new QLineEdit;
  image_->setPlaceholderText(tr(".bin, .hex or .elf"));
  image_->setObjectName(QStringLiteral("imagePath"));
  auto* browse = new QPushButton(tr("Browse…"));
  browse->setObjectName(QStringLiteral("browseButton"));
  auto* image_row = new QHBoxLayout;
  image_row->addWidget(image_, 1);
  image_row->addWidget(browse);
  image_form->addRow(tr("File:"), image_row);
  base_ = new QLineEdit(QStringLiteral("0x08000000"));
  base_->setObjectName(QStringLiteral("baseAddress"));
  base_->setToolTip(tr("Where a raw .bin image goes; .hex and .elf carry their own addresses."));
  image_form->addRow(tr("Base address (.bin):"), base_);
  chip_ = new QComboBox;
  chip_->setObjectName(QStringLiteral("targetChip"));
  for (const flash::ChipInfo& c : flash::knownChips())
    chip_->addItem(
        QStringLiteral("%1 — %2").arg(QString::fromStdString(flash::hexId(c.chip_id)), QString::fromStdString(c.name)),
        int(c.chip_id));
  chip_->setCurrentIndex(std::max(0, chip_->findData(int(flash::stm32f405Chip().chip_id))));
  image_form->addRow(tr("Target chip:"), chip_);
  image_info_ = new QLabel;
  image_info_->setObjectName(QStringLiteral("imageInfo"));
  image_info_->setWordWrap(true);
  image_info_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  image_form->addRow(image_info_);

  form_widgets_ << image_ << browse << base_ << chip_;
  connect(browse, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Firmware Image"), QFileInfo(image_->text()).path(),
                                                      tr("Firmware images (*.bin *.hex *.ihex *.elf);;All files (*)"));
    if (!path.isEmpty()) setImagePath(path);
  });
  connect(image_, &QLineEdit::editingFinished, this, &FlashDialog::describeImage);
  connect(base_, &QLineEdit::editingFinished, this, &FlashDialog::describeImage);
  connect(chip_, &QComboBox::currentIndexChanged, this, &FlashDialog::describeImage);
  return image_box;
}

// The "Board" box: how it is reached — the serial ROM bootloader (port, baud rate) or USB DFU
// (the device) — and the erase, verify and start choices.
QGroupBox* FlashDialog::buildBoardBox() {
  auto* link_box = new QGroupBox(tr("Board"));
  auto* link_layout = new QVBoxLayout(link_box);
  method_ = new QComboBox;
  method_->setObjectName(QStringLiteral("method"));
  method_->addItem(tr("Serial: STM32 ROM bootloader (BOOT0 high, USART1)"));
  method_->addItem(tr("USB DFU through dfu-util (BOOT0 high, USB)"));
  link_layout->addWidget(method_);
  form_widgets_ << method_;
  method_pages_ = new QStackedWidget;
  method_pages_->addWidget(buildSerialPage());
  method_pages_->addWidget(buildDfuPage());
  link_layout->addWidget(method_pages_);
  mass_erase_ = new QCheckBox(tr("Erase the whole flash (not only the image's sectors)"));
  verify_only_ = new QCheckBox(tr("Verify only: compare the board's flash with the image, write nothing"));
  start_after_ = new QCheckBox(tr("Start the firmware when done"));
  start_after_->setObjectName(QStringLiteral("startAfter"));
  start_after_->setChecked(true);
  link_layout->addWidget(mass_erase_);
  link_layout->addWidget(verify_only_);
  link_layout->addWidget(start_after_);
  form_widgets_ << mass_erase_ << verify_only_ << start_after_;
  connect(method_, &QComboBox::currentIndexChanged, method_pages_, &QStackedWidget::setCurrentIndex);
  return link_box;
}

// The serial method's page: the port (listed, or typed) with Refresh, and the baud rate.
QWidget* FlashDialog::buildSerialPage() {
  auto* serial_page = new QWidget;
  auto* serial_form = new QFormLayout(serial_page);
  port_ = new QComboBox;
  port_->setObjectName(QStringLiteral("port"));
  port_->setEditable(true);
  port_->setToolTip(tr("A listed port, or any path typed in (/dev/ttyUSB0, a pseudo-terminal)."));
  auto* refresh = new QPushButton(tr("Refresh"));
  auto* port_row = new QHBoxLayout;
  port_row->addWidget(port_, 1);
  port_row->addWidget(refresh);
  serial_form->addRow(tr("Port:"), port_row);
  baud_ = new QComboBox;
  baud_->setObjectName(QStringLiteral("baud"));
  for (int b : {57600, 115200, 230400, 460800}) baud_->addItem(QString::number(b), b);
  baud_->setCurrentIndex(1);
  serial_form->addRow(tr("Baud rate (8E1):"), baud_);
  form_widgets_ << port_ << refresh << baud_;
  connect(refresh, &QPushButton::clicked, this, &FlashDialog::refreshPorts);
  return serial_page;
}

// The DFU method's page: the device's VID:PID (typed, or found by dfu-util -l).
QWidget* FlashDialog::buildDfuPage() {
  auto* dfu_page = new QWidget;
  auto* dfu_form = new QFormLayout(dfu_page);
  dfu_device_ = new QComboBox;
  dfu_device_->setObjectName(QStringLiteral("dfuDevice"));
  dfu_device_->setEditable(true);
  dfu_device_->addItem(QStringLiteral("0483:df11"));
  auto* dfu_refresh = new QPushButton(tr("Look for DFU devices"));
  dfu_refresh->setObjectName(QStringLiteral("lookForDfuButton"));
  auto* dfu_row = new QHBoxLayout;
  dfu_row->addWidget(dfu_device_, 1);
  dfu_row->addWidget(dfu_refresh);
  dfu_form->addRow(tr("Device (VID:PID):"), dfu_row);
  form_widgets_ << dfu_device_ << dfu_refresh;
  connect(dfu_refresh, &QPushButton::clicked, this, [this, dfu_refresh] { lookForDfuDevices(dfu_refresh); });
  return dfu_page;
}

// dfu-util -l walks the USB bus: off the GUI thread, `button` greyed until it answers; what
// it finds goes to the log and the device list.
void FlashDialog::lookForDfuDevices(QPushButton* button) {
  struct Listing {
    std::vector<flash::DfuDevice> devices;
    std::string error;
  };
  button->setEnabled(false);
  auto* watcher = new QFutureWatcher<Listing>(this);
  connect(watcher, &QFutureWatcher<Listing>::finished, this, [this, watcher, button] {
    const Listing listing = watcher->result();
    watcher->deleteLater();
    button->setEnabled(!job_.isRunning());
    if (!listing.error.empty()) appendLog(QString::fromStdString(listing.error));
    appendLog(tr("%n DFU device(s) found", nullptr, int(listing.devices.size())));
    for (const flash::DfuDevice& d : listing.devices) {
      appendLog(QStringLiteral("  %1 alt %2 %3 serial %4")
                    .arg(QString::fromStdString(d.vid_pid))
                    .arg(d.alt)
                    .arg(QString::fromStdString(d.name), QString::fromStdString(d.serial)));
      if (dfu_device_->findText(QString::fromStdString(d.vid_pid)) < 0)
        dfu_device_->addItem(QString::fromStdString(d.vid_pid));
    }
  });
  watcher->setFuture(QtConcurrent::run([] {
    Listing listing;
    listing.devices = flash::listDfuDevices(flash::DfuOptions{}, &listing.error);
    return listing;
  }));
}

// What a run shows: its phase, progress and result, the decisions a refusal offers (Flash
// Anyway; removing read-out protection, acknowledged first), and the log.
void FlashDialog::buildOutcomeWidgets() {
  phase_ = new QLabel(tr("Ready."));
  phase_->setObjectName(QStringLiteral("phase"));
  progress_ = new QProgressBar;
  progress_->setObjectName(QStringLiteral("progress"));
  progress_->setRange(0, 1000);
  progress_->setFormat(QStringLiteral("%p%"));
  result_ = new QLabel;
  result_->setObjectName(QStringLiteral("result"));
  result_->setWordWrap(true);
  result_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  anyway_ = new QPushButton(tr("Flash Anyway"));
  anyway_->setObjectName(QStringLiteral("flashAnywayButton"));
  anyway_->setVisible(false);
  erase_ack_ = new QCheckBox(tr("I understand that removing read-out protection erases the whole chip"));
  erase_ack_->setObjectName(QStringLiteral("eraseAcknowledged"));
  erase_ack_->setVisible(false);
  unprotect_ = new QPushButton(tr("Remove Protection and Erase Chip"));
  unprotect_->setObjectName(QStringLiteral("removeProtectionButton"));
  unprotect_->setVisible(false);
  unprotect_->setEnabled(false);
  log_ = new QPlainTextEdit;
  log_->setObjectName(QStringLiteral("log"));
  log_->setReadOnly(true);
  log_->setMaximumBlockCount(20000);
  log_->setMinimumHeight(140);
  connect(anyway_, &QPushButton::clicked, this, &FlashDialog::flashAnyway);
  connect(erase_ack_, &QCheckBox::toggled, unprotect_, &QWidget::setEnabled);
  connect(unprotect_, &QPushButton::clicked, this, &FlashDialog::removeProtectionAndFlash);
}

// The bottom row: Copy Log, then Flash, Cancel and Close.
QHBoxLayout* FlashDialog::buildButtons() {
  flash_ = new QPushButton(tr("Flash"));
  flash_->setObjectName(QStringLiteral("flashButton"));
  cancel_ = new QPushButton(tr("Cancel"));
  cancel_->setObjectName(QStringLiteral("cancelButton"));
  cancel_->setEnabled(false);
  auto* copy = new QPushButton(tr("Copy Log"));
  copy->setObjectName(QStringLiteral("copyLogButton"));
  auto* close = new QPushButton(tr("Close"));
  close->setObjectName(QStringLiteral("closeButton"));
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(copy);
  buttons->addStretch(1);
  buttons->addWidget(flash_);
  buttons->addWidget(cancel_);
  buttons->addWidget(close);
  form_widgets_ << close;
  connect(flash_, &QPushButton::clicked, this, &FlashDialog::startFlash);
  connect(cancel_, &QPushButton::clicked, this, &FlashDialog::cancelFlash);
  connect(copy, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(logText()); });
  connect(close, &QPushButton::clicked, this, &QDialog::close);
  return buttons;
}

void FlashDialog::setImagePath(const QString& path) {
  image_->setText(path);
  describeImage();
}

void FlashDialog::setPort(const QString& path) { port_->setCurrentText(path); }

void FlashDialog::refreshPorts() {
  const QString typed = port_->currentText();
  port_->clear();
  const UsbDeviceTableLoad table = loadUsbDeviceTable(defaultUsbDeviceTablePath());
  for (const SerialPortListing& p : catalogSerialPorts(availableSerialPorts(), table.table))
    port_->addItem(p.label, p.port.system_location);
  port_->setCurrentText(typed);
}

void FlashDialog::describeImage() {
  const QString path = image_->text().trimmed();
  if (path.isEmpty()) {
    image_info_->setText(tr("No image chosen."));
    return;
  }
  base_->setEnabled(path.endsWith(QStringLiteral(".bin"), Qt::CaseInsensitive));
  bool ok = false;
  const uint32_t base = base_->text().trimmed().toUInt(&ok, 0);
  if (!ok) {
    image_info_->setText(tr("The base address '%1' is not a number (0x08000000).").arg(base_->text()));
    return;
  }
  const flash::ImageLoad load = flash::loadFirmwareImage(path.toStdString(), base);
  if (!load.ok()) {
    image_info_->setText(tr("Refused: %1").arg(QString::fromStdString(load.error)));
    return;
  }
  const flash::ChipInfo* chip = flash::findChip(uint16_t(chip_->currentData().toInt()));
  const std::string fits = chip ? flash::checkImageFitsChip(load.image, *chip) : std::string("unknown chip");
  QString text = tr("%1 bytes in %2 segment(s), %3 to %4.")
                     .arg(load.image.totalBytes())
                     .arg(load.image.segments.size())
                     .arg(QString::fromStdString(flash::hexAddress(load.image.lowestAddress())),
                          QString::fromStdString(flash::hexAddress(load.image.highestEnd())));
  if (!fits.empty()) {
    text += QLatin1Char(' ') + tr("Refused: %1").arg(QString::fromStdString(fits));
  } else if (chip) {
    QStringList sectors;
    for (uint16_t s : flash::sectorsForImage(load.image, *chip)) sectors << QString::number(s);
    text += QLatin1Char(' ') + tr("Erases sector(s) %1 of the %2.")
                                   .arg(sectors.join(QStringLiteral(", ")), QString::fromStdString(chip->name));
  }
  image_info_->setText(text);
}

FlashRequest FlashDialog::requestFromForm() const {
  FlashRequest r;
  r.image_path = image_->text().trimmed().toStdString();
  r.bin_base = base_->text().trimmed().toUInt(nullptr, 0);
  r.dfu = method_->currentIndex() == 1;
  const int index = port_->findText(port_->currentText());
  r.port = (index >= 0 && port_->itemData(index).isValid() ? port_->itemData(index).toString()
                                                           : port_->currentText().trimmed())
               .toStdString();
  r.baud = baud_->currentData().toInt();
  r.uart.expected_chip_id = uint16_t(chip_->currentData().toInt());
  r.uart.mass_erase = mass_erase_->isChecked();
  r.uart.verify_only = verify_only_->isChecked();
  r.uart.start = start_after_->isChecked();
  r.dfu_options.device = dfu_device_->currentText().trimmed().toStdString();
  return r;
}

void FlashDialog::startFlash() { run(requestFromForm()); }

void FlashDialog::flashAnyway() {
  FlashRequest r = last_request_;
  r.uart.allow_other_chip = true;
  run(r);
}

void FlashDialog::removeProtectionAndFlash() {
  if (!erase_ack_->isChecked()) return;
  FlashRequest r = last_request_;
  r.uart.remove_readout_protection = true;
  run(r);
}

void FlashDialog::run(const FlashRequest& request) {
  if (job_.isRunning()) return;
  if (request.image_path.empty()) {
    result_->setText(tr("Choose an image first."));
    return;
  }
  if (!request.dfu && request.port.empty()) {
    result_->setText(tr("Choose the board's port first."));
    return;
  }
  last_request_ = request;
  anyway_->setVisible(false);
  erase_ack_->setVisible(false);
  erase_ack_->setChecked(false);
  unprotect_->setVisible(false);
  result_->clear();
  result_->setStyleSheet({});
  progress_->setValue(0);
  const QString port = QString::fromStdString(request.port);
  appendLog(tr("— %1: flashing %2 %3")
                .arg(QDateTime::currentDateTime().toString(Qt::ISODate), QString::fromStdString(request.image_path),
                     request.dfu ? tr("over USB DFU") : tr("through %1").arg(port)));
  if (!request.dfu) emit portWanted(port);
  setRunning(true);
  if (!job_.start(request)) setRunning(false);
}

void FlashDialog::cancelFlash() {
  if (!job_.isRunning()) return;
  phase_->setText(tr("Cancelling at the next safe point…"));
  job_.cancel();
}

void FlashDialog::onProgress(int phase, double fraction, quint64 done, quint64 total) {
  progress_->setValue(int(fraction * 1000.0));
  QString text = phaseText(flash::FlashPhase(phase));
  if (total > 1) text += QStringLiteral(" %1 / %2 bytes").arg(done).arg(total);
  phase_->setText(text);
}

void FlashDialog::onFinished(const flash::FlashReport& report) {
  setRunning(false);
  if (report.ok()) {
    progress_->setValue(1000);
    phase_->setText(phaseText(flash::FlashPhase::Done));
    result_->setStyleSheet(QStringLiteral("color: #1b5e20;"));
    result_->setText(last_request_.uart.verify_only
                         ? tr("Verified: the board's flash holds this image (%1 bytes).").arg(report.bytes_verified)
                         : tr("Flashed and verified: %1 bytes in %2 s.")
                               .arg(report.bytes_written)
                               .arg(QLocale().toString(report.seconds_total, 'f', 1)));
    emit flashFinished(true);
    return;
  }
  phase_->setText(report.error == flash::FlashErrorKind::Cancelled ? tr("Cancelled.") : tr("Failed."));
  result_->setStyleSheet(QStringLiteral("color: #b71c1c;"));
  const bool other_chip = report.error == flash::FlashErrorKind::WrongChip && report.chip_id != 0 &&
                          flash::findChip(report.chip_id) != nullptr;
  const bool protected_chip =
      report.error == flash::FlashErrorKind::ReadoutProtected && !last_request_.uart.verify_only;
  // Said by the failure's kind, in the station's language; the flasher's own (English) words,
  // which name navigator-flash's options where here the way on is a button, are the details.
  const FlashFailureContext context{last_request_.uart.verify_only, other_chip, protected_chip};
  result_->setText(FlashFailureText::compose(report, context));
  if (const QString advice = FlashFailureText::advice(report, context); !advice.isEmpty())
    appendLog(tr("what to do: %1").arg(advice));
  anyway_->setVisible(other_chip);
  erase_ack_->setVisible(protected_chip);
  unprotect_->setVisible(protected_chip);
  unprotect_->setEnabled(false);
  emit flashFinished(false);
}

void FlashDialog::appendLog(const QString& line) { log_->appendPlainText(line); }

void FlashDialog::reject() {
  if (job_.isRunning()) {  // Escape does not leave a flash running behind a hidden window
    result_->setText(tr("Flashing: cancel before closing."));  // the phase line is overwritten by progress
    return;
  }
  QDialog::reject();
}

void FlashDialog::closeEvent(QCloseEvent* event) {
  // A flash is not left running behind a closed window: cancel it first, then close.
  if (job_.isRunning()) {
    result_->setText(tr("Flashing: cancel before closing."));
    event->ignore();
    return;
  }
  QDialog::closeEvent(event);
}

void FlashDialog::setRunning(bool running) {
  for (QWidget* w : form_widgets_) w->setEnabled(!running);
  if (!running) describeImage();
  flash_->setEnabled(!running);
  cancel_->setEnabled(running);
}

QString FlashDialog::logText() const { return log_->toPlainText(); }
QString FlashDialog::resultText() const { return result_->text(); }
int FlashDialog::progressPercent() const { return progress_->value() / 10; }
bool FlashDialog::isFlashing() const { return job_.isRunning(); }

}  // namespace navigator
