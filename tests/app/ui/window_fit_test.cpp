// openingGeometry: where the main window opens, on two common laptop screens —
// 1600×1000 and 1280×800 — with a 30 px title bar and 4 px borders.
#include "app/ui/window_fit.h"

#include <QtTest>

using navigator::openingGeometry;

namespace {

const QMargins kFrame(4, 34, 4, 4);
const QSize kPreferred(1600, 1000);

}  // namespace

class WindowFitTest : public QObject {
  Q_OBJECT

 private slots:
  void firstStartFitsWithItsTitleBar() {
    // 1600×1000 available: the window is 1592×962 inside its frame, the frame exactly on the
    // screen's edges (the report: 1600×1000 plus the title bar, the status bar off-screen).
    const QRect available(0, 0, 1600, 1000);
    const QRect r = openingGeometry(std::nullopt, available, kFrame, kPreferred);
    QCOMPARE(r, QRect(4, 34, 1592, 962));
    QVERIFY(available.contains(r.marginsAdded(kFrame)));
    // 1280×800 with a 32 px panel at the top: below the panel.
    const QRect laptop(0, 32, 1280, 768);
    const QRect s = openingGeometry(std::nullopt, laptop, kFrame, kPreferred);
    QCOMPARE(s, QRect(4, 66, 1272, 730));
    // A large screen: the preferred size, centred.
    const QRect big(0, 0, 2560, 1440);
    const QRect b = openingGeometry(std::nullopt, big, kFrame, kPreferred);
    QCOMPARE(b.size(), kPreferred);
    QCOMPARE(b.center(), big.marginsRemoved(kFrame).center());
  }

  void aSavedGeometryIsKeptOnlyWhereItFits() {
    const QRect available(0, 0, 1600, 1000);
    const QRect fits(100, 80, 1200, 800);
    QCOMPARE(openingGeometry(fits, available, kFrame, kPreferred), fits);
    // Saved at another position, now partly off the right edge (the report: "Entschärf", "Neu"):
    // back inside, at the default size.
    const QRect off(500, 80, 1400, 900);
    const QRect r = openingGeometry(off, available, kFrame, kPreferred);
    QVERIFY(available.contains(r.marginsAdded(kFrame)));
    QCOMPARE(r, QRect(4, 34, 1592, 962));
    // Saved on a second screen that is gone: back on this one.
    const QRect gone(1700, 100, 1200, 800);
    QVERIFY(available.contains(openingGeometry(gone, available, kFrame, kPreferred).marginsAdded(kFrame)));
    // An empty saved rectangle (a damaged setting) is ignored.
    QCOMPARE(openingGeometry(QRect(), available, kFrame, kPreferred), QRect(4, 34, 1592, 962));
  }
};

QTEST_GUILESS_MAIN(WindowFitTest)
#include "window_fit_test.moc"
