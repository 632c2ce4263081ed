// The land detector with the firmware flying the simulator in lockstep (flight/flight_runner): a
// vehicle landed in ALT_HOLD or POSITION disarms with the stick left centred, and nothing in a
// hover or a descent in the air is taken for the ground.
#include "firmware/core/stages.h"
#include "flight/flight_runner.h"
#include "tests/sim/shipped_airframes.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

namespace {

using vsim::FlightSample;
using vsim::Scenario;
using vsim::ScenarioEvent;

ScenarioEvent at(double t_s) {
  ScenarioEvent e;
  e.t_s = t_s;
  return e;
}
ScenarioEvent throttle(double t_s, float throttle) {
  ScenarioEvent e = at(t_s);
  e.sticks = fc_sticks_t{0, 0, 0, throttle};
  return e;
}

// On the ground in ALT_HOLD, arm at 2 s, climb at ~0.8 m/s from 2.5 s until `climb_until_s`, then
// hold; POSITION from 8 s when asked (the GPS aid runs by then).
Scenario takeoff(double duration_s, double climb_until_s, bool position) {
  Scenario s;
  s.duration_s = duration_s;
  s.mode = VAYU_MODE_ALT_HOLD;
  s.timeline.push_back(throttle(0.0, 0.0f));
  ScenarioEvent arm = at(2.0);
  arm.arm = true;
  s.timeline.push_back(arm);
  s.timeline.push_back(throttle(2.5, 0.8f));
  s.timeline.push_back(throttle(climb_until_s, 0.5f));
  if (position) {
    ScenarioEvent mode = at(8.0);
    mode.mode = VAYU_MODE_POSITION;
    s.timeline.push_back(mode);
  }
  return s;
}

void sortTimeline(Scenario& s) {
  std::stable_sort(s.timeline.begin(), s.timeline.end(), [](const auto& a, const auto& b) { return a.t_s < b.t_s; });
}

// What a flight showed the land detector.
struct Landing {
  double touchdown_s = -1, disarmed_at_s = -1;
  double rest_height_m = 0;         // the centre of mass's height standing on the ground
  double highest_after_m = 0;       // its highest point after touchdown
  double worst_timer_airborne = 0;  // the detector's timer while more than 0.3 m up
  bool pressed_airborne = false;    // the stick centred, the altitude loop pressed down more than 0.3 m up
};

Landing fly(const Scenario& scenario, std::uint64_t seed) {
  const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  Landing l;
  double start_height = -1;
  auto r = vsim::runScenario(m, scenario, seed, [&](const FlightSample& f) {
    const double h = -f.truth.p_W_m.z();
    if (start_height < 0) start_height = h;
    if (h > start_height + 0.3) {
      l.worst_timer_airborne = std::max(l.worst_timer_airborne, double(f.fc->state.land_timer_s));
      const bool centred = std::abs(f.fc->state.sticks.throttle - 0.5f) < 0.05f;
      l.pressed_airborne = l.pressed_airborne || (centred && f.fc->state.land_pressing);
    }
    // Touchdown: back within 2 cm of the height it stood at, after flying.
    if (l.touchdown_s < 0 && f.t_s > 5.0 && h < start_height + 0.02) l.touchdown_s = f.t_s;
    if (l.touchdown_s > 0) l.highest_after_m = std::max(l.highest_after_m, h);
    if (l.touchdown_s > 0 && l.disarmed_at_s < 0 && !f.armed) l.disarmed_at_s = f.t_s;
  });
  if (!r) qFatal("%s", r.error().message.c_str());
  l.rest_height_m = start_height;
  return l;
}

}  // namespace

class LandingTest : public QObject {
  Q_OBJECT

 private slots:
  void centredStickAfterTouchdownDisarms_data() {
    QTest::addColumn<bool>("position");
    QTest::addColumn<double>("centre_after_s");
    QTest::addColumn<int>("seed");
    // The stick is centred at, just after and well after the touchdown that the same flight with
    // the stick held down has (the same seed flies the same flight up to the centring).
    for (bool position : {false, true})
      for (double centre : {0.0, 0.1, 0.3, 1.0})
        for (int seed : {1, 2})
          QTest::addRow("%s centred %.1f s after touchdown, seed %d", position ? "POSITION" : "ALT_HOLD", centre, seed)
              << position << centre << seed;
  }
  void centredStickAfterTouchdownDisarms() {
    // A pilot lands in ALT_HOLD or POSITION by holding the throttle stick down (0.3: a 0.5 m/s
    // descent, ALT_VEL_MAX 1.5 m/s × (0.4 − 0.1)/0.9) and lets it go to centre about when the
    // legs touch. The vehicle must then spool down and disarm: within the climb estimate's
    // settling after the impact (the height filter's, under 1 s; 1.5 s allowed), LAND_DETECT_S
    // (1 s) and DISARM_LAND_S (2 s) of touchdown — 4.5 s — and not lift off again meanwhile.
    QFETCH(bool, position);
    QFETCH(double, centre_after_s);
    QFETCH(int, seed);
    Scenario held = takeoff(25.0, 6.0, position);
    held.timeline.push_back(throttle(9.0, 0.3f));
    sortTimeline(held);
    const double touchdown_s = fly(held, std::uint64_t(seed)).touchdown_s;
    QVERIFY(touchdown_s > 9.0);
    Scenario s = held;
    s.timeline.push_back(throttle(touchdown_s + centre_after_s, 0.5f));
    sortTimeline(s);
    const Landing l = fly(s, std::uint64_t(seed));
    qInfo("touchdown at %.2f s, centred %.1f s later, disarmed %.2f s after touchdown; highest %.3f m above rest",
          l.touchdown_s, centre_after_s, l.disarmed_at_s - l.touchdown_s, l.highest_after_m - l.rest_height_m);
    QCOMPARE(l.touchdown_s, touchdown_s);
    QVERIFY(l.disarmed_at_s > 0);
    QCOMPARE_LT(l.disarmed_at_s - l.touchdown_s, 1.5 + 1.0 + 2.0);
    // LAND_DETECT_S + DISARM_LAND_S at the least: the detector's own timing.
    QCOMPARE_GT(l.disarmed_at_s - l.touchdown_s, 3.0);
    QCOMPARE_LT(l.highest_after_m - l.rest_height_m, 0.05);  // a bounce on the legs, no hop
  }

  void stickDownStillLands() {
    // The throttle held down through the touchdown lands as before: nothing in the new press
    // delays it (touchdown to disarmed within the same 4.5 s).
    Scenario s = takeoff(30.0, 6.0, false);
    s.timeline.push_back(throttle(9.0, 0.3f));
    sortTimeline(s);
    const Landing l = fly(s, 1);
    qInfo("stick held down: disarmed %.2f s after touchdown", l.disarmed_at_s - l.touchdown_s);
    QVERIFY(l.disarmed_at_s > 0);
    QCOMPARE_LT(l.disarmed_at_s - l.touchdown_s, 4.5);
  }

  void noLandingInAHoverOrADescent_data() {
    QTest::addColumn<bool>("position");
    QTest::addColumn<int>("seed");
    for (bool position : {false, true})
      for (int seed : {1, 2, 3})
        QTest::addRow("%s seed %d", position ? "POSITION" : "ALT_HOLD", seed) << position << seed;
  }
  void noLandingInAHoverOrADescent() {
    // Climb to about 10 m, hover 15 s, descend at 0.5 m/s (the stick at 0.3) for 10 s, centre
    // (the vehicle brakes at about 5 m) and hover 10 s more. The detector's timer must never come
    // near LAND_DETECT_S in the air, the altitude loop never press down there, and the vehicle
    // stay armed. (Measured: the timer runs at most 0.2 s in the air, when a climb or a descent
    // brakes — FC_LAND_PRESS_AFTER_S is 0.5 s.)
    QFETCH(bool, position);
    QFETCH(int, seed);
    Scenario s = takeoff(50.0, 14.0, position);
    s.timeline.push_back(throttle(29.0, 0.3f));
    s.timeline.push_back(throttle(39.0, 0.5f));
    sortTimeline(s);
    const Landing l = fly(s, std::uint64_t(seed));
    qInfo("in the air: longest land timer %.3f s, pressed down: %s", l.worst_timer_airborne,
          l.pressed_airborne ? "yes" : "no");
    QCOMPARE_LT(l.touchdown_s, 0.0);  // never back on the ground
    QCOMPARE_LT(l.worst_timer_airborne, double(FC_LAND_PRESS_AFTER_S));
    QVERIFY(!l.pressed_airborne);
  }
};

QTEST_APPLESS_MAIN(LandingTest)
#include "landing_test.moc"
