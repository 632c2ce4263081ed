// UserGuideWindow: the user guide (docs/, installed beside the program's data with index.md as
// its home) read inside the station, as Markdown with its pictures, in a window of its own with
// Back, Forward and Contents — so Help → User Guide works on a machine with no desktop viewer for
// Markdown, and a link followed inside the guide has a way back. A link to another page of the
// guide opens it here, at the section it names (headings are given the anchors GitHub gives
// them); pictures are fitted to the window's width; links to other sites open in the desktop's
// browser. In another language the guide's own pages in docs/<language>/ are shown where they
// exist (docs/de/ for German), page by page: a page not yet translated is shown in English with
// a note at its top that says so. GUI thread only.
#pragma once

#include <QDialog>
#include <QUrl>

class QLabel;
class QTextBrowser;
class QToolButton;

namespace navigator {

class UserGuideWindow : public QDialog {
  Q_OBJECT
 public:
  // `guide_path`: the guide's (English) home page (HelpDialog::userGuidePath()). `language`: the
  // folder of the guide's translation beside it ("de"); empty or "en" for English. By default
  // the language of the station's installed translation (guideLanguage()).
  explicit UserGuideWindow(const QString& guide_path, QWidget* parent = nullptr);
  UserGuideWindow(const QString& guide_path, const QString& language, QWidget* parent = nullptr);

  // The guide's language as the installed translation gives it: "en" without one.
  static QString guideLanguage();
  // The note at the top of a page shown in English in another language (empty in English).
  QString englishPageNote() const;

  // The page on show as plain text (tests read it).
  QString text() const;
  QTextBrowser* browser() const { return browser_; }

  // The anchor a heading gets, as GitHub names them, so that the guide's links work both on the
  // web and here: lower case, spaces to '-', everything but letters, digits, '-' and '_' dropped
  // ("The set's size" → "the-sets-size").
  static QString headingAnchor(const QString& heading);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;  // the page's width changed: fit pictures

 private:
  void follow(const QUrl& url);  // a link: inside the guide, or to the desktop's browser
  // The page to show for a page of the guide: its translation where there is one, else the
  // English page; anything outside the guide, or in English, unchanged.
  QUrl localised(const QUrl& page) const;
  bool isTranslatedPage(const QUrl& page) const;
  void noteEnglishPage();           // the note at the page's top
  void pageShown(const QUrl& url);  // a page was loaded or returned to
  void nameHeadings();              // each heading its anchor (headingAnchor)
  // No picture wider than the page: fitImagesTo the page's width, again if that width changed
  // meanwhile (a scroll bar came or went). fitImagesTo says whether a picture changed size.
  void fitImages();
  bool fitImagesTo(int widest);

  QTextBrowser* browser_ = nullptr;
  QToolButton* back_ = nullptr;
  QToolButton* forward_ = nullptr;
  QLabel* where_ = nullptr;
  QString root_;          // the guide's folder (docs/), absolute
  QString language_;      // the translation's folder under root_; empty in English
  bool fitting_ = false;  // fitImages is on the stack: a resize it causes asks for another pass
  bool refit_ = false;
};

}  // namespace navigator
