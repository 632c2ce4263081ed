// HelpDialog: Help → Keyboard and mouse — every key and mouse gesture the station answers, on
// one page, from the same constants the code uses (the keyboard sticks' rate and deflection),
// with a link to the user guide (the README, installed beside the program). GUI thread only.
#pragma once

#include <QDialog>

class QTextBrowser;

namespace navigator {

class HelpDialog : public QDialog {
  Q_OBJECT
 public:
  explicit HelpDialog(QWidget* parent = nullptr);

  // The page as shown (HTML), for tests.
  QString html() const;
  // Where the user guide is: the README beside the program's data (../share/navigator/doc).
  static QString userGuidePath();

 signals:
  // The page's link to the user guide was followed (the main window shows the guide in its own
  // window: this small page stays as it is, issue 35.12).
  void userGuideRequested();

 private:
  QTextBrowser* text_ = nullptr;
};

}  // namespace navigator
