// HelpDialog: Help → Keyboard and mouse — every key and mouse gesture the station answers, on
// one page, from the same constants the code uses (the keyboard sticks' rate and deflection),
// with a link to the user guide (docs/, installed beside the program). GUI thread only.
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
  // Where the user guide's home page is: docs/index.md, installed beside the program's data as
  // ../share/navigator/doc/index.md (resources/CMakeLists.txt copies docs/ there in the build tree
  // and installs it).
  static QString userGuidePath();

 signals:
  // The page's link to the user guide was followed. The main window shows the guide in a window
  // of its own, with a way back; this small page stays as it is.
  void userGuideRequested();

 private:
  QTextBrowser* text_ = nullptr;
};

}  // namespace navigator
