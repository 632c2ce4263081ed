// The flash dialog: choose an image (.bin with its base address, .hex, .elf) and a way in (the
// STM32 ROM bootloader on a serial port, or USB DFU through dfu-util), press Flash, watch erase,
// write and verify in one progress bar, cancel at any time, copy the log; every failure is shown
// as what happened and what to do, and whether the flash was touched (the board then stays in
// its ROM bootloader and can be flashed again). A wrong chip id or read-out protection stops the
// run before anything is erased; the user may then go on explicitly (read-out protection only
// after ticking that removing it erases the whole chip).
// Thread contract: GUI thread; the flashing runs in a FlashJob.
#pragma once

#include "app/core/flash_job.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QGroupBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QStackedWidget;

namespace navigator {

class FlashDialog : public QDialog {
  Q_OBJECT
 public:
  explicit FlashDialog(QWidget* parent = nullptr);
  ~FlashDialog() override;

  void setImagePath(const QString& path);
  void setPort(const QString& path);
  // The image this project builds for its board, when it was built (empty otherwise).
  static QString defaultBoardImagePath();

  // For tests and for the window that opens the dialog.
  QString logText() const;
  QString resultText() const;
  int progressPercent() const;
  bool isFlashing() const;
  FlashJob& job() { return job_; }

 public slots:
  void startFlash();
  void cancelFlash();
  void flashAnyway();               // after a wrong chip id
  void removeProtectionAndFlash();  // after read-out protection, once the erase is acknowledged

 signals:
  // Before the port is opened: whoever holds it (the Board tab) should let it go.
  void portWanted(const QString& path);
  void flashFinished(bool ok);

 protected:
  void closeEvent(QCloseEvent* event) override;
  void reject() override;

 private:
  void buildUi();
  QGroupBox* buildImageBox();
  QGroupBox* buildBoardBox();
  QWidget* buildSerialPage();
  QWidget* buildDfuPage();
  void lookForDfuDevices(QPushButton* button);
  void buildOutcomeWidgets();
  QHBoxLayout* buildButtons();
  void describeImage();
  void refreshPorts();
  void run(const FlashRequest& request);
  void onProgress(int phase, double fraction, quint64 done, quint64 total);
  void onFinished(const flash::FlashReport& report);
  void appendLog(const QString& line);
  void setRunning(bool running);
  FlashRequest requestFromForm() const;

  FlashJob job_;
  FlashRequest last_request_;
  QLineEdit* image_ = nullptr;
  QLineEdit* base_ = nullptr;
  QLabel* image_info_ = nullptr;
  QComboBox* chip_ = nullptr;
  QComboBox* method_ = nullptr;
  QStackedWidget* method_pages_ = nullptr;
  QComboBox* port_ = nullptr;
  QComboBox* baud_ = nullptr;
  QComboBox* dfu_device_ = nullptr;
  QCheckBox* mass_erase_ = nullptr;
  QCheckBox* verify_only_ = nullptr;
  QCheckBox* start_after_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QLabel* phase_ = nullptr;
  QLabel* result_ = nullptr;
  QPushButton* flash_ = nullptr;
  QPushButton* cancel_ = nullptr;
  QPushButton* anyway_ = nullptr;
  QCheckBox* erase_ack_ = nullptr;
  QPushButton* unprotect_ = nullptr;
  QPlainTextEdit* log_ = nullptr;
  QList<QWidget*> form_widgets_;
};

}  // namespace navigator
