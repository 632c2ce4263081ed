#include "app/ui/user_guide_window.h"

#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>

namespace navigator {

UserGuideWindow::UserGuideWindow(const QString& guide_path, QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Navigator user guide"));
  setObjectName(QStringLiteral("userGuide"));
  browser_ = new QTextBrowser;
  browser_->setOpenLinks(false);  // followed here: the guide's own sections inside, the web outside
  browser_->setSearchPaths({QFileInfo(guide_path).absolutePath()});
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
  auto* where = new QLabel;
  where->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* bar = new QHBoxLayout;
  bar->addWidget(back_);
  bar->addWidget(forward_);
  bar->addWidget(home);
  bar->addWidget(where, 1);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(bar);
  layout->addWidget(browser_, 1);
  layout->addWidget(buttons);
  if (QFileInfo::exists(guide_path)) {
    home_ = QUrl::fromLocalFile(guide_path);
    browser_->setSource(home_, QTextDocument::MarkdownResource);
    where->setText(guide_path.toHtmlEscaped());
  } else {
    browser_->setPlainText(tr("The user guide (README.md) is not installed at %1.").arg(guide_path));
  }
  resize(900, 760);
}

QString UserGuideWindow::text() const { return browser_->toPlainText(); }

void UserGuideWindow::follow(const QUrl& url) {
  if (url.isRelative() || url.isLocalFile()) {
    // A section of the guide ("#layout"), or a file beside it: a Markdown file is read here,
    // anything else (a picture, a script) by the desktop.
    const QUrl resolved = browser_->source().resolved(url);
    if (url.isRelative() && url.path().isEmpty()) {
      browser_->scrollToAnchor(url.fragment());
      return;
    }
    if (resolved.path().endsWith(QStringLiteral(".md")) && QFileInfo::exists(resolved.toLocalFile())) {
      browser_->setSource(resolved, QTextDocument::MarkdownResource);
      return;
    }
    QDesktopServices::openUrl(resolved);
    return;
  }
  QDesktopServices::openUrl(url);
}

}  // namespace navigator
