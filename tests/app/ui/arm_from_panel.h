// Arming the station's own vehicle as a user does, for the end-to-end tests of the Fly page.
#pragma once

#include "app/link/vehicle_link.h"
#include "app/ui/fly_page.h"
#include "tests/support/widget_lookup.h"
#include "widgets/flight_panel.h"

#include <QElapsedTimer>
#include <QPushButton>
#include <QtTest>

namespace navigator::test {

// Arm from the panel; the firmware refuses until its estimator has aligned and it hears the
// sticks, so press again while it says no (the wall clock only bounds a hang).
inline void armFromThePanel(FlyPage* fly, VehicleLink* link) {
  QPushButton* arm = button(only<FlightPanel>(fly), "Arm");
  QVERIFY(arm);
  QElapsedTimer arming;
  arming.start();
  while (!link->vehicle().armed && arming.elapsed() < 20000) {
    if (arm->isEnabled()) arm->click();
    (void)QTest::qWaitFor([&] { return link->vehicle().armed; }, 1500);  // (clicked again if refused)
  }
  QVERIFY2(link->vehicle().armed, qPrintable(only<FlightPanel>(fly)->messageText()));
}

}  // namespace navigator::test
