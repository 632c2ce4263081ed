// Keyboard sticks and the keyboard focus: with "Sticks from: Keyboard",
// typing "attitude.csv" into a dialog once gave "ttitue.cv" and yawed the vehicle, and "rate" in the
// parameter filter gave "rte". Keys are sent here as the window system sends them — to the window
// that has the focus — and each case checks both where the characters went and which flying keys
// the pilot input holds. Needs a display (the Fly page's 3-D view; run under xvfb-run).
#include "app/joystick/pilot_input_source.h"
#include "app/ui/fly_page.h"
#include "app/ui/keyboard_focus.h"
#include "tests/app/joystick/virtual_pad.h"
#include "widgets/flight_panel.h"
#include "widgets/flight_view/flight_view_3d.h"
#include "firmware/protocol/vayu_protocol.h"
#include "widgets/parameter_editor.h"
#include "tests/support/widget_lookup.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QDialog>
#include <QLineEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTabWidget>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <QtTest>

using navigator::joystick::KeyState;
using navigator::joystick::PilotInputSource;

namespace {

// Presses or releases `key` in the window that has the focus, as a keyboard would.
void keyToFocusWindow(Qt::Key key, bool press) {
  QWindow* w = QGuiApplication::focusWindow();
  QVERIFY(w);
  if (press)
    QTest::keyPress(w, key);
  else
    QTest::keyRelease(w, key);
}

// Types `text` (lower-case letters, digits and '.') into the window that has the focus.
void typeToFocusWindow(const QString& text) {
  for (QChar c : text) {
    QWindow* w = QGuiApplication::focusWindow();
    QVERIFY(w);
    QTest::keyClick(w, c.toLatin1());
  }
}

// Gives `w` the keyboard focus, its window the window system's (as a click on it would; the
// 3-D view's embedded window may have held it).
void focusOn(QWidget* w) {
  w->window()->activateWindow();
  w->setFocus();
  QTRY_VERIFY(w->hasFocus() && QGuiApplication::focusWindow() == w->window()->windowHandle());
}

bool anyHeld(const KeyState& k) {
  return k.throttle_up || k.throttle_down || k.yaw_left || k.yaw_right || k.pitch_forward || k.pitch_back ||
         k.roll_left || k.roll_right;
}

}  // namespace

class KeyboardFocusTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    navigator::joystick::test::useHeadlessSdl();
    // Away from the windows: an X server without a window manager gives the keyboard focus to
    // the window under the pointer, which would be the 3-D view's.
    QCursor::setPos(QGuiApplication::primaryScreen()->geometry().bottomRight());
  }

  void init() {
    station_ = std::make_unique<navigator::Station>();
    page_ = std::make_unique<navigator::FlyPage>(station_.get());
    page_->setGeometry(0, 0, 1200, 800);
    page_->show();
    page_->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(page_.get()));
    pilot()->setSource(PilotInputSource::Source::Keyboard);
    // The 3-D view's container takes the focus when the page is shown and activates its embedded
    // window later: let that happen first, so that no activation is still on its way below.
    focusOnView();
    neutral_ = new QPushButton("a button", page_.get());  // takes no flying keys
    neutral_->show();
    focusOn(neutral_);
    QVERIFY(navigator::keyboardSticksMayTakeKeys(*page_));
  }

  void cleanup() {
    page_.reset();
    station_.reset();
  }

  // The baseline: with the focus on the page (no text input), the flying keys fly.
  void keysFlyWhenNothingTypes() {
    QVERIFY(navigator::keyboardSticksMayTakeKeys(*page_));
    keyToFocusWindow(Qt::Key_A, true);
    QVERIFY(pilot()->heldKeys().yaw_left);
    keyToFocusWindow(Qt::Key_A, false);
    QVERIFY(!pilot()->heldKeys().yaw_left);
    keyToFocusWindow(Qt::Key_Up, true);
    QVERIFY(pilot()->heldKeys().pitch_forward);
    keyToFocusWindow(Qt::Key_Up, false);
    QVERIFY(!anyHeld(pilot()->heldKeys()));
    // Clicked into the 3-D view, whose embedded window then has the window system's focus.
    focusOnView();
    QVERIFY(navigator::keyboardSticksMayTakeKeys(*page_));
    keyToFocusWindow(Qt::Key_D, true);
    QVERIFY(pilot()->heldKeys().yaw_right);
    keyToFocusWindow(Qt::Key_D, false);
    QVERIFY(!anyHeld(pilot()->heldKeys()));
  }

  // The parameter filter gets every letter of "rate" (the report: "rte"), and no key flies.
  void aTextFieldKeepsItsKeys() {
    showParameters();
    QLineEdit* filter = navigator::test::only<navigator::ParameterEditor>(page_.get())->findChild<QLineEdit*>();
    QVERIFY(filter && filter->isVisible() && filter->isEnabled());
    focusOn(filter);
    QVERIFY(!navigator::keyboardSticksMayTakeKeys(*page_));
    keyToFocusWindow(Qt::Key_A, true);  // held: must not yaw
    QVERIFY(!anyHeld(pilot()->heldKeys()));
    keyToFocusWindow(Qt::Key_A, false);
    filter->clear();
    typeToFocusWindow("rate");
    QCOMPARE(filter->text(), QString("rate"));
    QVERIFY(!anyHeld(pilot()->heldKeys()));
  }

  // A combo box's arrow keys choose in the combo, not pitch the vehicle.
  void aComboKeepsItsArrows() {
    auto* combo = new QComboBox(page_.get());
    combo->addItems({"one", "two", "three"});
    combo->show();
    focusOn(combo);
    keyToFocusWindow(Qt::Key_Down, true);
    QVERIFY(!pilot()->heldKeys().pitch_back);
    keyToFocusWindow(Qt::Key_Down, false);
    QCOMPARE(combo->currentIndex(), 1);
  }

  // A dialog (the Export dialog's case): "attitude.csv" arrives whole, and the vehicle is not
  // yawed by its 'a's and 'd' — even with the dialog's focus on a button, not a text field.
  void aDialogTakesEveryKey() {
    QDialog dialog(page_.get());
    auto* name = new QLineEdit(&dialog);
    auto* ok = new QPushButton("OK", &dialog);
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(name);
    layout->addWidget(ok);
    dialog.open();  // window-modal, as QFileDialog::open
    QVERIFY(QTest::qWaitForWindowActive(&dialog));
    focusOn(name);
    typeToFocusWindow("attitude.csv");
    QCOMPARE(name->text(), QString("attitude.csv"));
    QVERIFY(!anyHeld(pilot()->heldKeys()));
    focusOn(ok);
    QVERIFY(!navigator::keyboardSticksMayTakeKeys(*page_));
    keyToFocusWindow(Qt::Key_W, true);
    QVERIFY(!pilot()->heldKeys().throttle_up);
    keyToFocusWindow(Qt::Key_W, false);
  }

  // Another window of the application (not modal) with the focus: its keys never fly.
  void anotherWindowNeverFlies() {
    QWidget other;
    auto* button = new QPushButton("elsewhere", &other);
    other.show();
    focusOn(button);
    QVERIFY(!navigator::keyboardSticksMayTakeKeys(*page_));
    keyToFocusWindow(Qt::Key_D, true);
    QVERIFY(!pilot()->heldKeys().yaw_right);
    keyToFocusWindow(Qt::Key_D, false);
  }

  // A key held while the focus moves on is let go: its release reaches the sticks from a text
  // field, and a window that loses the focus lets go of every key (its releases may go elsewhere).
  void heldKeysAreLetGoWhenTheFocusMoves() {
    keyToFocusWindow(Qt::Key_A, true);
    QVERIFY(pilot()->heldKeys().yaw_left);
    showParameters();
    QLineEdit* filter = navigator::test::only<navigator::ParameterEditor>(page_.get())->findChild<QLineEdit*>();
    focusOn(filter);
    QVERIFY(pilot()->heldKeys().yaw_left);  // still held: its release has not come
    keyToFocusWindow(Qt::Key_A, false);     // released in the text field
    QVERIFY(!pilot()->heldKeys().yaw_left);

    focusOn(neutral_);
    keyToFocusWindow(Qt::Key_Up, true);
    QVERIFY(pilot()->heldKeys().pitch_forward);
    QWidget other;
    other.show();
    other.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&other));
    QTRY_VERIFY(!pilot()->heldKeys().pitch_forward);
  }

  // Seen before: with the mode switch still focused after choosing ALT_HOLD, ↑ chose ANGLE
  // instead of pitching. A mode picked from the list leaves the flying keys flying, and keys or
  // the wheel on the closed switch never step the mode.
  void aModeChosenFromTheListLeavesTheKeysFlying() {
    auto* panel = navigator::test::only<navigator::FlightPanel>(page_.get());
    panel->setLinkState(navigator::FlightPanel::LinkState::Connected, QStringLiteral("a vehicle"));
    auto* tabs = page_->findChild<QTabWidget*>(QStringLiteral("flySideTabs"));
    for (int i = 0; i < tabs->count(); ++i)
      if (tabs->widget(i)->isAncestorOf(panel)) tabs->setCurrentIndex(i);
    QComboBox* mode = navigator::test::part<QComboBox>(panel, "modeSwitch");
    QTRY_VERIFY(mode->isVisible() && mode->isEnabled());
    QSignalSpy requested(panel, &navigator::FlightPanel::modeRequested);

    focusOn(neutral_);
    QTest::mouseClick(mode, Qt::LeftButton);  // the pilot clicks the switch: its list opens
    QTRY_VERIFY(mode->view()->isVisible());
    mode->view()->setCurrentIndex(mode->model()->index(VAYU_MODE_ALT_HOLD, 0));
    QTest::keyClick(mode->view(), Qt::Key_Return);  // and chooses ALT_HOLD
    QTRY_VERIFY(!mode->view()->isVisible());
    QCOMPARE(requested.count(), 1);
    QCOMPARE(requested.last().first().toInt(), int(VAYU_MODE_ALT_HOLD));
    QVERIFY(!mode->hasFocus());
    QTRY_VERIFY(QGuiApplication::focusWindow() == page_->windowHandle());  // the list's window is gone
    QTRY_VERIFY(navigator::keyboardSticksMayTakeKeys(*page_));
    // (The window system's activation after the list closes may still be on its way, and a
    // deactivation lets go of held keys: press until a press holds. None may change the mode.)
    QTRY_VERIFY([&] {
      keyToFocusWindow(Qt::Key_Up, true);  // pitches
      return pilot()->heldKeys().pitch_forward;
    }());
    keyToFocusWindow(Qt::Key_Up, false);
    keyToFocusWindow(Qt::Key_Down, true);
    QVERIFY(pilot()->heldKeys().pitch_back);
    keyToFocusWindow(Qt::Key_Down, false);
    QCOMPARE(requested.count(), 1);  // and no mode changed
    QCOMPARE(mode->currentIndex(), int(VAYU_MODE_ALT_HOLD));

    // Reached with Tab, as a keyboard user does: the closed switch ignores the keys that step a
    // combo box and the wheel; Space opens its list, the deliberate way.
    focusOn(mode);
    for (Qt::Key key :
         {Qt::Key_Up, Qt::Key_Down, Qt::Key_PageUp, Qt::Key_PageDown, Qt::Key_Home, Qt::Key_End, Qt::Key_A})
      QTest::keyClick(mode, key);
    QWheelEvent wheel(QPointF(5, 5), mode->mapToGlobal(QPointF(5, 5)), QPoint(), QPoint(0, -120), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(mode, &wheel);
    QCOMPARE(mode->currentIndex(), int(VAYU_MODE_ALT_HOLD));
    QCOMPARE(requested.count(), 1);
    QTest::keyClick(mode, Qt::Key_Space);
    QTRY_VERIFY(mode->view()->isVisible());
    QTest::keyClick(mode->view(), Qt::Key_Escape);
    QTRY_VERIFY(!mode->view()->isVisible());
    QCOMPARE(requested.count(), 1);
  }

  // The Vehicle Setup page's Radio section, where a transmitter's end points are recorded: the
  // keys fly there too once the Fly page is told (setKeysAlsoFlyOn), and only then; a text field
  // there keeps its keys as it does on the Fly page.
  void keysFlyOnTheRadioSectionWhenSet() {
    QTabWidget tabs;
    auto* radio = new QWidget;
    auto* radio_button = new QPushButton("record", radio);
    auto* radio_field = new QLineEdit(radio);
    radio_field->move(0, 40);
    tabs.addTab(page_.get(), "Fly");
    tabs.addTab(radio, "Vehicle Setup");
    tabs.resize(1200, 800);
    tabs.show();
    tabs.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&tabs));
    tabs.setCurrentWidget(radio);
    focusOn(radio_button);
    QVERIFY(!page_->isVisible());
    keyToFocusWindow(Qt::Key_W, true);  // not set: the Fly page hidden, no key flies
    QVERIFY(!pilot()->heldKeys().throttle_up);
    keyToFocusWindow(Qt::Key_W, false);
    page_->setKeysAlsoFlyOn(radio);
    keyToFocusWindow(Qt::Key_W, true);
    QVERIFY(pilot()->heldKeys().throttle_up);
    keyToFocusWindow(Qt::Key_W, false);
    QVERIFY(!pilot()->heldKeys().throttle_up);
    focusOn(radio_field);
    typeToFocusWindow("rc3");
    QCOMPARE(radio_field->text(), QString("rc3"));
    QVERIFY(!anyHeld(pilot()->heldKeys()));
    tabs.removeTab(0);  // the page goes back to the test, which deletes it
    page_->setParent(nullptr);
  }

 private:
  PilotInputSource* pilot() const { return navigator::test::only<navigator::joystick::PilotInputSource>(page_.get()); }
  // The focus in the 3-D view: its container widget has it, its embedded window the system's.
  void focusOnView() {
    QWidget* container = nullptr;
    for (QWidget* w : navigator::test::only<navigator::FlightView3D>(page_.get())->findChildren<QWidget*>())
      if (QByteArray(w->metaObject()->className()) == "QWindowContainer") container = w;
    QVERIFY(container);
    container->setFocus();
    QTRY_VERIFY(container->hasFocus() || QApplication::focusWidget() == nullptr);
    QTRY_VERIFY(QGuiApplication::focusWindow() && QGuiApplication::focusWindow() != page_->windowHandle());
  }
  // The Parameters tab on show, as a user opens it to type in its filter.
  void showParameters() {
    auto* tabs = qobject_cast<QTabWidget*>(
        navigator::test::only<navigator::ParameterEditor>(page_.get())->parentWidget()->parentWidget());
    QVERIFY(tabs);
    tabs->setCurrentWidget(navigator::test::only<navigator::ParameterEditor>(page_.get()));
    QTRY_VERIFY(navigator::test::only<navigator::ParameterEditor>(page_.get())->isVisible());
  }
  std::unique_ptr<navigator::Station> station_;  // outlives the page
  std::unique_ptr<navigator::FlyPage> page_;
  QPushButton* neutral_ = nullptr;
};

QTEST_MAIN(KeyboardFocusTest)
#include "keyboard_focus_test.moc"
