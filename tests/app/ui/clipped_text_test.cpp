// Every text of the main window readable whole, in English and German, at the window sizes of
// two common laptop screens: 1280×800 and 1600×1000, each less a 32 px top panel and a window
// frame of a 30 px title bar and 4 px borders (window_fit.h) — 1272×730 and 1592×930 inside the
// frame. Each page and each tab of the Fly page's side column is put on show in turn, and every
// visible label, button, check box, group box title, drop-down, tab and table header section
// is measured against the room it has: its text's width (QFontMetrics) inside its contents,
// and the widget itself inside what its parents show (a scroll area's viewport excepted: what
// it hides, it scrolls to). Seen before: at 1280×800 the window grew past the screen and hid
// the status bar, the Signing text was cut, the Tune page's tables were cut and in German its
// check box read "Parameter des Fahrzeugs verwenc". Screenshots of every page are left in the
// temporary folder (navigator_<language>_<size>_<page>.png) for a look.
#include "app/ui/fly_page.h"
#include "app/ui/main_window.h"
#include "app/ui/station_translations.h"
#include "app/ui/window_fit.h"

#include <QAbstractScrollArea>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QScreen>
#include <QStatusBar>
#include <QStyleOptionComboBox>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTextDocument>
#include <QToolButton>
#include <QtTest>

#include <memory>

namespace {

// Where a widget's name is said in a failure: its class, object name and text.
QString describe(const QWidget* w, const QString& text) {
  return QStringLiteral("%1 '%2' \"%3\"")
      .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName(), text.left(60));
}

QString plain(const QString& text) {
  QString s = text;
  s.remove(QRegularExpression(QStringLiteral("&(?!&)")));  // mnemonics are not drawn
  return s;
}

// The widest line of `text` in `fm`.
int widestLine(const QFontMetrics& fm, const QString& text) {
  int widest = 0;
  for (const QString& line : text.split(QLatin1Char('\n'))) widest = std::max(widest, fm.horizontalAdvance(line));
  return widest;
}

// The part of `w` its parents show, in w's coordinates: cut by every parent up to the window
// or to the first scroll area's viewport (which scrolls to the rest).
QRect shownPart(const QWidget* w) {
  QRect shown = w->rect();
  QPoint offset(0, 0);  // w's origin in the current parent's coordinates
  const QWidget* child = w;
  for (const QWidget* parent = w->parentWidget(); parent; parent = parent->parentWidget()) {
    const auto* area = qobject_cast<const QAbstractScrollArea*>(parent->parentWidget());
    if (area && area->viewport() == parent) break;
    offset += child->pos();
    shown &= parent->rect().translated(-offset);
    if (parent->isWindow()) break;
    child = parent;
  }
  return shown;
}

// The text `w` shows and the room it needs (width, height) in its own coordinates; an empty
// text: nothing to check.
struct Need {
  QString text;
  QSize room;
  QSize has;
};

std::optional<Need> labelNeed(const QLabel* l) {
  if (l->text().isEmpty() || !l->pixmap().isNull()) return std::nullopt;
  const QRect inside = l->contentsRect().adjusted(l->margin(), l->margin(), -l->margin(), -l->margin());
  if (l->wordWrap()) return Need{l->text(), QSize(0, l->heightForWidth(l->width())), l->size()};
  const bool rich =
      l->textFormat() == Qt::RichText || (l->textFormat() == Qt::AutoText && Qt::mightBeRichText(l->text()));
  if (rich) {
    QTextDocument doc;
    doc.setDefaultFont(l->font());
    doc.setHtml(plain(l->text()));
    doc.setDocumentMargin(0);
    return Need{l->text(), QSize(int(std::ceil(doc.idealWidth())), 0), inside.size()};
  }
  return Need{l->text(), QSize(widestLine(l->fontMetrics(), plain(l->text())), 0), inside.size()};
}

std::optional<Need> buttonNeed(const QAbstractButton* b) {
  if (b->text().isEmpty()) return std::nullopt;
  if (qobject_cast<const QCheckBox*>(b) || qobject_cast<const QRadioButton*>(b))
    return Need{b->text(), QSize(b->sizeHint().width(), 0), b->size()};
  // A push or tool button: the text and the icon beside it, 2 px clear of each side of the frame.
  const int icon = b->icon().isNull() ? 0 : b->iconSize().width() + 4;
  const auto* tool = qobject_cast<const QToolButton*>(b);
  if (tool && tool->toolButtonStyle() == Qt::ToolButtonIconOnly) return std::nullopt;
  return Need{b->text(), QSize(b->fontMetrics().horizontalAdvance(plain(b->text())) + icon + 4, 0), b->size()};
}

std::optional<Need> comboNeed(const QComboBox* c) {
  if (c->currentText().isEmpty()) return std::nullopt;
  QStyleOptionComboBox option;
  option.initFrom(c);
  option.editable = c->isEditable();
  const QRect field = c->style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, c);
  const int icon = c->itemIcon(c->currentIndex()).isNull() ? 0 : c->iconSize().width() + 4;
  return Need{c->currentText(), QSize(c->fontMetrics().horizontalAdvance(c->currentText()) + icon, 0), field.size()};
}

std::optional<Need> groupNeed(const QGroupBox* g) {
  if (g->title().isEmpty()) return std::nullopt;
  const int indicator = g->isCheckable() ? g->style()->pixelMetric(QStyle::PM_IndicatorWidth) + 6 : 0;
  return Need{g->title(), QSize(g->fontMetrics().horizontalAdvance(plain(g->title())) + indicator + 8, 0), g->size()};
}

}  // namespace

class ClippedTextTest : public QObject {
  Q_OBJECT

 private slots:
  void everyTextWhole_data() {
    QTest::addColumn<bool>("german");
    QTest::addColumn<QSize>("client");
    for (bool german : {false, true}) {
      const char* language = german ? "de" : "en";
      QTest::addRow("%s 1280x800", language) << german << QSize(1272, 730);
      QTest::addRow("%s 1600x1000", language) << german << QSize(1592, 930);
    }
  }

  void everyTextWhole() {
    QFETCH(bool, german);
    QFETCH(QSize, client);
    std::unique_ptr<navigator::StationTranslations> translations;
    if (german) {
      translations = std::make_unique<navigator::StationTranslations>(
          QLocale(QLocale::German, QLocale::Germany), QStringLiteral(NAVIGATOR_BIN_DIR "/../translations"));
      QVERIFY(translations->navigatorLoaded());
      QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    } else {
      QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }
    navigator::MainWindow window;
    // The whole window fits the screen: nothing in it asks for more than the client area.
    QVERIFY2(window.minimumSizeHint().height() <= client.height() && window.minimumSizeHint().width() <= client.width(),
             qPrintable(QStringLiteral("minimum %1x%2")
                            .arg(window.minimumSizeHint().width())
                            .arg(window.minimumSizeHint().height())));
    window.setGeometry(QRect(QPoint(0, 0), client));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.size(), client);
    QStringList problems;
    const QString tag = QStringLiteral("%1_%2x%3").arg(german ? "de" : "en").arg(client.width()).arg(client.height());
    for (int page = 0; page < window.tabs()->count(); ++page) {
      window.tabs()->setCurrentIndex(page);
      auto* side = window.tabs()->widget(page)->findChild<QTabWidget*>(QStringLiteral("flySideTabs"));
      for (int s = 0; s < (side ? side->count() : 1); ++s) {
        if (side) side->setCurrentIndex(s);
        QCoreApplication::processEvents();  // the page shown; its layouts requested (posted)
        const QString where =
            window.tabs()->tabText(page) + (side ? QStringLiteral("/") + side->tabText(s) : QString());
        // Texts changed since the wait (the status bar's once-a-second figures) laid out first.
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        problems += clipped(window, where);
        window.grab().save(
            QDir::temp().filePath(QStringLiteral("navigator_%1_%2%3.png").arg(tag).arg(page).arg(side ? s : 0)));
      }
    }
    QVERIFY2(window.statusBar()->isVisible(), "the status bar");
    QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("\n") + problems.join(QLatin1Char('\n'))));
    QLocale::setDefault(QLocale::c());
  }

  void theWindowOpensOnTheScreen() {
    // The window placed as main.cpp places it, on this test's screen (1600×1000, no window
    // manager: no frame at all). Its frame lies inside the screen's available area, and with it
    // the status bar; a smaller preferred size and a position off the screen come back too.
    navigator::MainWindow window;
    QScreen* screen = window.screen();
    QVERIFY(screen);
    const QRect available = screen->availableGeometry();
    navigator::placeOnScreen(window, QRect(available.right() - 200, available.bottom() - 100, 1400, 900),
                             QSize(1600, 1000));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY2(available.contains(window.frameGeometry()), qPrintable(QStringLiteral("frame %1,%2 %3x%4")
                                                                            .arg(window.frameGeometry().x())
                                                                            .arg(window.frameGeometry().y())
                                                                            .arg(window.frameGeometry().width())
                                                                            .arg(window.frameGeometry().height())));
    const QRect status(window.statusBar()->mapToGlobal(QPoint(0, 0)), window.statusBar()->size());
    QVERIFY(available.contains(status));
  }

 private:
  // Every text on show in `window` that its widget cuts, said with `page`.
  static QStringList clipped(const QWidget& window, const QString& page) {
    QStringList problems;
    for (QWidget* w : window.findChildren<QWidget*>()) {
      if (!w->isVisible() || w->window() != &window) continue;
      std::optional<Need> need;
      if (auto* l = qobject_cast<QLabel*>(w))
        need = labelNeed(l);
      else if (auto* b = qobject_cast<QAbstractButton*>(w))
        need = buttonNeed(b);
      else if (auto* c = qobject_cast<QComboBox*>(w))
        need = comboNeed(c);
      else if (auto* g = qobject_cast<QGroupBox*>(w))
        need = groupNeed(g);
      else if (auto* h = qobject_cast<QHeaderView*>(w))
        problems += headerProblems(h, page);
      else if (auto* t = qobject_cast<QTabBar*>(w))
        problems += tabProblems(t, page);
      if (!need) continue;
      const QString who = page + QStringLiteral(": ") + describe(w, need->text);
      if (need->room.width() > need->has.width())
        problems << QStringLiteral("%1: %2 px wide, needs %3").arg(who).arg(need->has.width()).arg(need->room.width());
      if (need->room.height() > need->has.height())
        problems
            << QStringLiteral("%1: %2 px high, needs %3").arg(who).arg(need->has.height()).arg(need->room.height());
      const QRect shown = shownPart(w);
      if (shown != w->rect())
        problems << QStringLiteral("%1: only %2x%3 of %4x%5 on show")
                        .arg(who)
                        .arg(shown.width())
                        .arg(shown.height())
                        .arg(w->width())
                        .arg(w->height());
    }
    return problems;
  }

  // A table's header: every section's text inside its section, and every section on show
  // without scrolling (a column cut at the table's edge is a cut table).
  static QStringList headerProblems(const QHeaderView* h, const QString& page) {
    QStringList problems;
    if (h->orientation() != Qt::Horizontal || !h->model()) return problems;
    const int margin = h->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, h);
    for (int i = 0; i < h->count(); ++i) {
      if (h->isSectionHidden(i)) continue;
      const QString text = h->model()->headerData(i, Qt::Horizontal).toString();
      const int needs = h->fontMetrics().horizontalAdvance(text) + 2 * margin;
      const QString who = page + QStringLiteral(": header '") + text + QStringLiteral("'");
      if (needs > h->sectionSize(i))
        problems << QStringLiteral("%1: %2 px wide, needs %3").arg(who).arg(h->sectionSize(i)).arg(needs);
      if (h->sectionViewportPosition(i) < 0 ||
          h->sectionViewportPosition(i) + h->sectionSize(i) > h->viewport()->width())
        problems << QStringLiteral("%1: off the table's %2 px (at %3)")
                        .arg(who)
                        .arg(h->viewport()->width())
                        .arg(h->sectionViewportPosition(i));
    }
    return problems;
  }

  static QStringList tabProblems(const QTabBar* t, const QString& page) {
    QStringList problems;
    for (int i = 0; i < t->count(); ++i) {
      const int needs = t->fontMetrics().horizontalAdvance(plain(t->tabText(i)));
      if (!t->rect().contains(t->tabRect(i)) || t->tabRect(i).width() < needs)
        problems << page + QStringLiteral(": tab '") + t->tabText(i) + QStringLiteral("' cut");
    }
    return problems;
  }
};

QTEST_MAIN(ClippedTextTest)
#include "clipped_text_test.moc"
