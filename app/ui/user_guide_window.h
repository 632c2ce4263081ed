// UserGuideWindow: the user guide (the README, installed beside the program's data) read
// inside the station, as Markdown with its pictures, in a window of its own with Back, Forward
// and Home — so Help → User Guide works on a machine with no desktop viewer for Markdown, and
// a link followed inside the guide has a way back (issue 35.12). Links to other sites open in
// the desktop's browser. GUI thread only.
#pragma once

#include <QDialog>
#include <QUrl>

class QTextBrowser;
class QToolButton;

namespace navigator {

class UserGuideWindow : public QDialog {
  Q_OBJECT
 public:
  // `guide_path`: the README to show (HelpDialog::userGuidePath()).
  explicit UserGuideWindow(const QString& guide_path, QWidget* parent = nullptr);

  // The guide's document as plain text (tests read it).
  QString text() const;
  QTextBrowser* browser() const { return browser_; }

 private:
  void follow(const QUrl& url);  // a link: inside the guide, or to the desktop's browser

  QTextBrowser* browser_ = nullptr;
  QToolButton* back_ = nullptr;
  QToolButton* forward_ = nullptr;
  QUrl home_;
};

}  // namespace navigator
