// The autotuner's whole search, flown: the same options give the same gains on 1 and 2 threads
// whatever the clock says, and the tune's "before" is what the vehicle flies untuned. Each runs
// the search (generations of flights on the batch engine), seconds here and minutes under the
// sanitizers, so this test runs in the default build only (tests/CMakeLists.txt); the tuner's
// parts are checked under the sanitizers by test_tune.
#include "flight/tune/tuner.h"
#include "tests/flight/tune/tune_test_support.h"

#include <QtTest>

#include <cmath>
#include <cstring>

using namespace vsim::tune;

class TuneSearchTest : public QObject {
  Q_OBJECT

 private slots:
  // The search: the same options give the same gains and the same cost history on 1 and 2
  // threads, whatever the clock says — the search is counted in generations: one run reads a
  // clock the test holds still under the default time limit, the other a clock that jumps 400 s
  // at every read with no limit (a machine slowed to a crawl); every stage ends no worse than it
  // started on the whole set; the tuned values lie in their bounds or are the defaults; a
  // generation's candidates are counted as evaluations. The same jumping clock under the default
  // 600 s limit cuts the search: read at the start (0 s), before generation 1 (400 s: within),
  // before generation 2 (800 s: past it), so one generation of 12 is flown and the result says
  // it was cut.
  void sameGainsOnAnyThreadCount() {
    const vsim::VehicleModel model = airframe("s500");
    TuneOptions o;
    o.seed = 5;
    o.strategy = Strategy::Joint;
    o.max_evaluations = 24;  // two generations of λ = 12
    o.set_size = 6;
    o.vehicles_per_generation = 3;
    o.check = false;
    QCOMPARE(o.budget_s, 600.0);  // the default time limit (kDefaultTimeLimitS)
    o.clock = [] { return 0.0; };
    o.threads = 1;
    int generations = 0;
    auto a = tune(model, o, Ranks{}, [&](const Progress& p) {
      if (p.stage == "joint") ++generations;
    });
    double now_s = 0.0;
    const ClockFn jumping = [&now_s] {
      const double t = now_s;
      now_s += 400.0;
      return t;
    };
    o.clock = jumping;
    o.budget_s = 0.0;
    o.threads = 2;
    auto b = tune(model, o, Ranks{});
    QVERIFY2(a.ok(), a.ok() ? "" : a.error().message.c_str());
    QVERIFY(b.ok());
    QVERIFY(a->complete && b->complete);
    QVERIFY(!a->cut_by_time_limit && !b->cut_by_time_limit);
    QCOMPARE(generations, 2);
    QCOMPARE(a->evaluations, 24);
    QCOMPARE(int(a->tuned.size()), 13);
    for (std::size_t i = 0; i < a->tuned.size(); ++i) {
      QCOMPARE(a->tuned[i].first, b->tuned[i].first);
      QVERIFY(std::memcmp(&a->tuned[i].second, &b->tuned[i].second, sizeof(double)) == 0);
      const TunedParam& bounds = tunedParams()[i];
      // Within the search's box, or the value it started from (a stage that takes no finalist
      // keeps its entry gains, and the defaults' ANG_RP_TC 0, shaping off, lies outside the box).
      QVERIFY((a->tuned[i].second >= float(bounds.lo) && a->tuned[i].second <= float(bounds.hi)) ||
              a->tuned[i].second == a->before[i].second);
    }
    QCOMPARE(a->best_cost, b->best_cost);
    for (const StageReport& s : a->stages) QVERIFY(s.cost_after <= s.cost_before);

    now_s = 0.0;
    o.budget_s = kDefaultTimeLimitS;
    auto cut = tune(model, o, Ranks{});
    QVERIFY2(cut.ok(), cut.ok() ? "" : cut.error().message.c_str());
    QCOMPARE(cut->evaluations, 12);
    QCOMPARE(int(cut->stages.size()), 1);
    QCOMPARE(cut->stages[0].stopped_by, StopReason::TimeBudget);
    QVERIFY(!cut->complete);
    QVERIFY(cut->cut_by_time_limit);
  }

  // The tune's "before" — the reference of every constraint and aim — is what the vehicle flies
  // untuned: the firmware's defaults, under the airframe file's own gains (the lander
  // ships them: RATE_RP_P 0.190601975, resources/airframes/lander_004.yaml), under the
  // parameters the tune is given (TuneOptions::base, the connected vehicle's). ANG_RP_TC is in
  // neither: the firmware's default, 0 (fc_params.h).
  void beforeIsWhatTheVehicleFliesWith() {
    const vsim::VehicleModel lander = airframe("lander_004");
    TuneOptions o;
    o.seed = 3;
    o.strategy = Strategy::Joint;
    o.max_evaluations = 24;
    o.set_size = 2;
    o.vehicles_per_generation = 2;
    o.check = false;
    auto own = tune(lander, o, Ranks{});
    QVERIFY2(own.ok(), own.ok() ? "" : own.error().message.c_str());
    const auto valueOf = [](const vsim::ParamList& list, const char* name) {
      for (const auto& [n, v] : list)
        if (n == name) return v;
      return std::nan("");
    };
    QCOMPARE(valueOf(own->before, "RATE_RP_P"), 0.190601975);
    QCOMPARE(valueOf(own->before, "ANG_RP_P"), 4.10738277);
    QCOMPARE(valueOf(own->before, "ANG_RP_TC"), 0.0);
    o.base = {{"RATE_RP_P", 0.2}};
    auto given = tune(lander, o, Ranks{});
    QVERIFY(given.ok());
    QCOMPARE(valueOf(given->before, "RATE_RP_P"), 0.2);
    QCOMPARE(valueOf(given->before, "ANG_RP_P"), 4.10738277);
  }
};

QTEST_GUILESS_MAIN(TuneSearchTest)
#include "tune_search_test.moc"
