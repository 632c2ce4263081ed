// ExportCsvDialog: the Logs page's "Export CSV…" — which topic of a log, and the file to write
// (typed, or chosen with Browse…). OK is enabled once both are given. GUI thread only.
#pragma once

#include "app/core/log_library.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLineEdit;
class QPushButton;

namespace navigator {

class ExportCsvDialog : public QDialog {
  Q_OBJECT
 public:
  // `log`'s topics to choose from; the file suggested is beside `suggested_folder`.
  ExportCsvDialog(const LogSummary& log, const QString& suggested_folder, QWidget* parent = nullptr);

  LogTopic topic() const;
  QString csvPath() const;

  QComboBox* topicBox() const { return topic_; }
  QLineEdit* pathEdit() const { return path_; }
  QPushButton* browseButton() const { return browse_; }
  QDialogButtonBox* buttons() const { return buttons_; }

 private:
  void suggestPath();
  void updateOk();

  QList<LogTopic> topics_;
  QString base_name_;
  QString folder_;
  QComboBox* topic_ = nullptr;
  QLineEdit* path_ = nullptr;
  QPushButton* browse_ = nullptr;
  QDialogButtonBox* buttons_ = nullptr;
  bool path_typed_ = false;  // the user's own path: no longer follows the topic
};

}  // namespace navigator
