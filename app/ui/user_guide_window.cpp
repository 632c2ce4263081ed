#include "app/ui/user_guide_window.h"

#include <QColor>
#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHash>
#include <QImage>
#include <QLabel>
#include <QPixmap>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>
#include <vector>

namespace navigator {
namespace {

// A picture's own size, as the page loaded it (the browser hands out a QPixmap, a QImage or the
// file's bytes, depending on who asked first); empty when it could not be read.
QSize naturalSize(const QVariant& resource) {
  if (resource.canConvert<QPixmap>() && !resource.value<QPixmap>().isNull()) return resource.value<QPixmap>().size();
  if (resource.canConvert<QImage>() && !resource.value<QImage>().isNull()) return resource.value<QImage>().size();
  if (resource.canConvert<QByteArray>()) return QImage::fromData(resource.toByteArray()).size();
  return {};
}

// A folder's page: its index.md, else its README.md (a link to docs/design/ opens the notes' home).
QUrl folderPage(const QUrl& folder) {
  const QDir dir(folder.toLocalFile());
  for (const char* name : {"index.md", "README.md"})
    if (dir.exists(QString::fromLatin1(name))) return QUrl::fromLocalFile(dir.filePath(QString::fromLatin1(name)));
  return folder;
}

}  // namespace

UserGuideWindow::UserGuideWindow(const QString& guide_path, QWidget* parent)
    : UserGuideWindow(guide_path, guideLanguage(), parent) {}

QString UserGuideWindow::guideLanguage() {
  // TRANSLATORS: the folder of the user guide's pages in this language, beside the English
  // pages (docs/de for German); "en" where the guide is not translated.
  return tr("en", "user guide language folder");
}

UserGuideWindow::UserGuideWindow(const QString& guide_path, const QString& language, QWidget* parent)
    : QDialog(parent),
      root_(QFileInfo(guide_path).absolutePath()),
      language_(language == QLatin1String("en") ? QString() : language) {
  setWindowTitle(tr("Navigator user guide"));
  setObjectName(QStringLiteral("userGuide"));
  browser_ = new QTextBrowser;
  browser_->setOpenLinks(false);  // followed here: the guide's own pages inside, the web outside
  browser_->viewport()->installEventFilter(this);
  back_ = new QToolButton;
  back_->setText(tr("Back"));
  forward_ = new QToolButton;
  forward_->setText(tr("Forward"));
  auto* home = new QToolButton;
  home->setText(tr("Contents"));
  back_->setEnabled(false);
  forward_->setEnabled(false);
  connect(back_, &QToolButton::clicked, browser_, &QTextBrowser::backward);
  connect(forward_, &QToolButton::clicked, browser_, &QTextBrowser::forward);
  connect(home, &QToolButton::clicked, browser_, &QTextBrowser::home);
  connect(browser_, &QTextBrowser::backwardAvailable, back_, &QToolButton::setEnabled);
  connect(browser_, &QTextBrowser::forwardAvailable, forward_, &QToolButton::setEnabled);
  connect(browser_, &QTextBrowser::anchorClicked, this, &UserGuideWindow::follow);
  connect(browser_, &QTextBrowser::sourceChanged, this, &UserGuideWindow::pageShown);
  // The vertical scroll bar comes and goes with the page's length, and the page's width with it
  // (without a resize event the filter below sees): fit the pictures again once it has.
  connect(browser_->verticalScrollBar(), &QScrollBar::rangeChanged, this, &UserGuideWindow::fitImages,
          Qt::QueuedConnection);
  where_ = new QLabel;
  where_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* bar = new QHBoxLayout;
  bar->addWidget(back_);
  bar->addWidget(forward_);
  bar->addWidget(home);
  bar->addWidget(where_, 1);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(bar);
  layout->addWidget(browser_, 1);
  layout->addWidget(buttons);
  if (QFileInfo::exists(guide_path))
    browser_->setSource(localised(QUrl::fromLocalFile(QFileInfo(guide_path).absoluteFilePath())),
                        QTextDocument::MarkdownResource);
  else
    browser_->setPlainText(tr("The user guide is not installed at %1.").arg(guide_path));
  resize(900, 760);
}

QString UserGuideWindow::text() const { return browser_->toPlainText(); }

QString UserGuideWindow::headingAnchor(const QString& heading) {
  QString anchor;
  for (const QChar c : heading.trimmed().toLower()) {
    if (c.isLetterOrNumber() || c == u'-' || c == u'_')
      anchor += c;
    else if (c == u' ')
      anchor += u'-';
  }
  return anchor;
}

void UserGuideWindow::follow(const QUrl& url) {
  if (!url.isRelative() && !url.isLocalFile()) {
    QDesktopServices::openUrl(url);  // another site
    return;
  }
  if (url.isRelative() && url.path().isEmpty()) {
    browser_->scrollToAnchor(url.fragment());  // a section of this page ("#contact")
    return;
  }
  QUrl target = browser_->source().resolved(url);
  if (QFileInfo(target.toLocalFile()).isDir()) {
    const QString fragment = target.fragment();
    target = folderPage(target);
    target.setFragment(fragment.isEmpty() ? QString() : fragment);
  }
  target = localised(target);
  if (target.path().endsWith(QStringLiteral(".md")) && QFileInfo::exists(target.toLocalFile())) {
    browser_->setSource(target, QTextDocument::MarkdownResource);  // another page, into the history
    return;
  }
  QDesktopServices::openUrl(target);  // a picture or a file beside the guide: the desktop's viewer
}

QUrl UserGuideWindow::localised(const QUrl& page) const {
  if (language_.isEmpty() || !page.isLocalFile() || !page.path().endsWith(QStringLiteral(".md"))) return page;
  const QDir root(root_);
  const QString relative = root.relativeFilePath(page.toLocalFile());
  if (relative.startsWith(QStringLiteral("../"))) return page;  // not the guide's
  const QString prefix = language_ + QLatin1Char('/');
  const QString english = relative.startsWith(prefix) ? relative.mid(prefix.size()) : relative;
  const QString translated = root.filePath(prefix + english);
  QUrl shown = QUrl::fromLocalFile(QFileInfo::exists(translated) ? translated : root.filePath(english));
  shown.setFragment(page.fragment());
  return shown;
}

bool UserGuideWindow::isTranslatedPage(const QUrl& page) const {
  return page.isLocalFile() &&
         QDir(root_).relativeFilePath(page.toLocalFile()).startsWith(language_ + QLatin1Char('/'));
}

QString UserGuideWindow::englishPageNote() const {
  return language_.isEmpty() ? QString() : tr("This page has not been translated yet: it is shown in English.");
}

void UserGuideWindow::noteEnglishPage() {
  // A paragraph of its own before the page's first block (which keeps its heading format).
  QTextCursor cursor(browser_->document());
  cursor.movePosition(QTextCursor::Start);
  cursor.insertBlock(cursor.blockFormat(), cursor.charFormat());
  cursor.movePosition(QTextCursor::Start);
  QTextBlockFormat paragraph;
  paragraph.setBottomMargin(8);
  cursor.setBlockFormat(paragraph);
  QTextCharFormat note;
  note.setFontItalic(true);
  note.setForeground(QColor(0x5d, 0x40, 0x37));
  cursor.insertText(englishPageNote(), note);
}

void UserGuideWindow::pageShown(const QUrl& url) {
  browser_->document()->setUndoRedoEnabled(false);  // the anchors and sizes set below are no edits
  if (!language_.isEmpty() && url.path().endsWith(QStringLiteral(".md")) && !isTranslatedPage(url)) noteEnglishPage();
  nameHeadings();
  fitImages();
  where_->setText(url.isLocalFile() ? QDir::toNativeSeparators(url.toLocalFile()) : url.toString());
  // The browser looked for the section before the headings had their anchors: look again.
  if (!url.fragment().isEmpty()) browser_->scrollToAnchor(url.fragment());
}

void UserGuideWindow::nameHeadings() {
  QHash<QString, int> seen;  // a second "## Options" on a page is "options-1", as on GitHub
  for (QTextBlock block = browser_->document()->begin(); block.isValid(); block = block.next()) {
    if (block.blockFormat().headingLevel() == 0 || block.text().isEmpty()) continue;
    QString anchor = headingAnchor(block.text());
    const int n = seen[anchor]++;
    if (n > 0) anchor += QStringLiteral("-%1").arg(n);
    QTextCursor cursor(block);
    cursor.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
    QTextCharFormat named;
    named.setAnchor(true);
    named.setAnchorNames({anchor});
    cursor.mergeCharFormat(named);
  }
}

void UserGuideWindow::fitImages() {
  if (fitting_) {
    refit_ = true;  // the page's width changed under this pass: the pass below goes round again
    return;
  }
  fitting_ = true;
  // A picture resized may bring or take the vertical scroll bar, and with it the page's width:
  // fit again to the new width, a few times at most (a page on the edge could swing for ever).
  for (int pass = 0; pass < 3; ++pass) {
    refit_ = false;
    const int margin = 2 * static_cast<int>(browser_->document()->documentMargin()) + 8;
    fitImagesTo(std::max(browser_->viewport()->width() - margin, 200));
    if (!refit_) break;
  }
  fitting_ = false;
}

bool UserGuideWindow::fitImagesTo(int widest) {
  QTextDocument* doc = browser_->document();
  std::vector<std::pair<QTextFragment, QTextImageFormat>> resized;
  for (QTextBlock block = doc->begin(); block.isValid(); block = block.next())
    for (auto it = block.begin(); !it.atEnd(); ++it) {
      const QTextFragment fragment = it.fragment();
      if (!fragment.charFormat().isImageFormat()) continue;
      QTextImageFormat image = fragment.charFormat().toImageFormat();
      const QSize natural = naturalSize(doc->resource(QTextDocument::ImageResource, QUrl(image.name())));
      if (natural.isEmpty()) continue;
      const double scale = natural.width() > widest ? static_cast<double>(widest) / natural.width() : 1.0;
      const double width = natural.width() * scale, height = natural.height() * scale;
      if (image.width() == width && image.height() == height) continue;
      image.setWidth(width);
      image.setHeight(height);
      resized.emplace_back(fragment, image);
    }
  for (const auto& [fragment, image] : resized) {
    QTextCursor cursor(doc);
    cursor.setPosition(fragment.position());
    cursor.setPosition(fragment.position() + fragment.length(), QTextCursor::KeepAnchor);
    cursor.setCharFormat(image);
  }
  return !resized.empty();
}

bool UserGuideWindow::eventFilter(QObject* watched, QEvent* event) {
  if (watched == browser_->viewport() && event->type() == QEvent::Resize) fitImages();
  return QDialog::eventFilter(watched, event);
}

}  // namespace navigator
