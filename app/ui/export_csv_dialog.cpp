#include "app/ui/export_csv_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>

namespace navigator {

ExportCsvDialog::ExportCsvDialog(const LogSummary& log, const QString& suggested_folder, QWidget* parent)
    : QDialog(parent),
      topics_(log.topics),
      base_name_(QFileInfo(log.file_name).completeBaseName()),
      folder_(suggested_folder) {
  setWindowTitle(tr("Export CSV — %1").arg(log.file_name));
  topic_ = new QComboBox;
  for (const LogTopic& t : std::as_const(topics_)) topic_->addItem(t.label());
  // The IMU when the log has it: the topic most asked for.
  for (int i = 0; i < topics_.size(); ++i)
    if (topics_[i].name == QLatin1String("sensor_combined")) topic_->setCurrentIndex(i);
  path_ = new QLineEdit;
  path_->setMinimumWidth(420);
  browse_ = new QPushButton(tr("Browse…"));
  auto* path_row = new QHBoxLayout;
  path_row->addWidget(path_, 1);
  path_row->addWidget(browse_);
  buttons_ = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  buttons_->button(QDialogButtonBox::Ok)->setText(tr("Export"));
  auto* form = new QFormLayout(this);
  form->addRow(tr("Topic"), topic_);
  form->addRow(tr("CSV file"), path_row);
  form->addRow(buttons_);

  connect(topic_, &QComboBox::currentIndexChanged, this, [this] {
    if (!path_typed_) suggestPath();
    updateOk();
  });
  connect(path_, &QLineEdit::textEdited, this, [this] {
    path_typed_ = true;
    updateOk();
  });
  connect(browse_, &QPushButton::clicked, this, [this] {
    auto* dialog = new QFileDialog(this, tr("Export CSV"), path_->text(), tr("CSV files (*.csv);;All files (*)"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setDefaultSuffix(QStringLiteral("csv"));
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString& path) {
      path_->setText(QDir::toNativeSeparators(path));
      path_typed_ = true;
      updateOk();
    });
    dialog->open();
  });
  connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
  suggestPath();
  updateOk();
}

LogTopic ExportCsvDialog::topic() const {
  const int i = topic_->currentIndex();
  return i >= 0 && i < topics_.size() ? topics_[i] : LogTopic{};
}

QString ExportCsvDialog::csvPath() const { return QDir::fromNativeSeparators(path_->text().trimmed()); }

void ExportCsvDialog::suggestPath() {
  const LogTopic t = topic();
  if (t.name.isEmpty()) return;
  const QString suffix = t.multi_id == 0 ? t.name : QStringLiteral("%1_%2").arg(t.name).arg(t.multi_id);
  path_->setText(QDir::toNativeSeparators(QDir(folder_).filePath(QStringLiteral("%1_%2.csv").arg(base_name_, suffix))));
}

void ExportCsvDialog::updateOk() {
  buttons_->button(QDialogButtonBox::Ok)->setEnabled(!topic().name.isEmpty() && !csvPath().isEmpty());
}

}  // namespace navigator
