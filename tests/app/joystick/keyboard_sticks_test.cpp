// The keyboard fallback: keys → sticks, throttle ramp and hold.
#include "app/joystick/keyboard_sticks.h"

#include <QtTest>

using namespace navigator::joystick;

class KeyboardSticksTest : public QObject {
  Q_OBJECT

 private slots:
  void keysMapToSticks() {
    KeyState k;
    QVERIFY(applyKey(k, Qt::Key_Up, true));
    QVERIFY(applyKey(k, Qt::Key_Right, true));
    QVERIFY(applyKey(k, Qt::Key_A, true));
    QVERIFY(!applyKey(k, Qt::Key_Q, true));
    const PilotSticks s = keyboardSticks(k, 0.0, 0.02);
    QCOMPARE(s.pitch, kKeyboardDeflection);  // Up: forward (nose down) is +
    QCOMPARE(s.roll, kKeyboardDeflection);   // Right: roll right is +
    QCOMPARE(s.yaw, -kKeyboardDeflection);   // A: yaw left (counter-clockwise) is -
    QCOMPARE(s.throttle, 0.0);
    applyKey(k, Qt::Key_Down, true);  // opposite keys cancel
    QCOMPARE(keyboardSticks(k, 0.0, 0.02).pitch, 0.0);
    applyKey(k, Qt::Key_Up, false);
    QCOMPARE(keyboardSticks(k, 0.0, 0.02).pitch, -kKeyboardDeflection);
  }

  void throttleRampsAndHolds() {
    KeyState k;
    applyKey(k, Qt::Key_W, true);
    double t = 0.0;
    for (int i = 0; i < 50; ++i) t = keyboardSticks(k, t, 0.02).throttle;  // 1 s held
    QCOMPARE_LT(std::abs(t - kKeyboardThrottleRate_per_s * 1.0), 1e-9);    // rate · 1 s
    applyKey(k, Qt::Key_W, false);
    QCOMPARE(keyboardSticks(k, t, 0.02).throttle, t);  // released: stays
    applyKey(k, Qt::Key_W, true);
    for (int i = 0; i < 500; ++i) t = keyboardSticks(k, t, 0.02).throttle;
    QCOMPARE(t, 1.0);  // clamped at full
    applyKey(k, Qt::Key_W, false);
    applyKey(k, Qt::Key_S, true);
    for (int i = 0; i < 500; ++i) t = keyboardSticks(k, t, 0.02).throttle;
    QCOMPARE(t, 0.0);  // clamped at idle
    QCOMPARE(keyboardSticks(k, std::nan(""), 0.02).throttle, 0.0);
  }

  void rampRateIsGentle() {
    // Seen before: idle to full took 2 s. Now 4 s (kKeyboardThrottleRate_per_s = 0.25/s): a
    // 0.1 s tap moves the throttle by 2.5 % of its travel.
    KeyState k;
    applyKey(k, Qt::Key_W, true);
    double t = 0.0;
    int periods = 0;
    while (t < 1.0 && periods < 1000) t = keyboardSticks(k, t, 0.02).throttle, ++periods;
    QCOMPARE(periods, 200);  // 200 periods of 20 ms = 4 s
    QCOMPARE(keyboardSticks(k, 0.4, 0.1).throttle, 0.425);
  }

  void centredThrottleSpringsBack() {
    // ALT_HOLD reads 50 % as "hold the height" (firmware/core/stage_setpoints.c): released keys
    // rest there whatever the previous throttle; W / S give ± kKeyboardDeflection of half the
    // travel while held, then spring back.
    KeyState k;
    QCOMPARE(keyboardSticks(k, 0.9, 0.02, KeyboardThrottle::Centred).throttle, 0.5);
    applyKey(k, Qt::Key_W, true);
    QCOMPARE(keyboardSticks(k, 0.5, 0.02, KeyboardThrottle::Centred).throttle, 0.75);
    QCOMPARE(keyboardSticks(k, 0.5, 5.0, KeyboardThrottle::Centred).throttle, 0.75);  // no ramp
    applyKey(k, Qt::Key_W, false);
    applyKey(k, Qt::Key_S, true);
    QCOMPARE(keyboardSticks(k, 0.75, 0.02, KeyboardThrottle::Centred).throttle, 0.25);
    applyKey(k, Qt::Key_S, false);
    QCOMPARE(keyboardSticks(k, 0.25, 0.02, KeyboardThrottle::Centred).throttle, 0.5);
  }
};

QTEST_GUILESS_MAIN(KeyboardSticksTest)
#include "keyboard_sticks_test.moc"
