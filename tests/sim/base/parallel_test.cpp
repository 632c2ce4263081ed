// usableCores (sim/base/parallel.h): the threads a job starts by default follow the cores the
// process may run on — its CPU affinity, as mpirun's binding or taskset set it — not the
// machine's hardware threads (otherwise one rank bound to one core ran 16 threads on it).
// Expected values: the affinity mask the test itself sets.
#include "sim/base/parallel.h"

#include <QtTest>

#include <sched.h>

class ParallelTest : public QObject {
  Q_OBJECT
 private slots:
  void threadsFollowTheCpuAffinity() {
    cpu_set_t before;
    CPU_ZERO(&before);
    QCOMPARE(sched_getaffinity(0, sizeof before, &before), 0);
    QCOMPARE(vsim::usableCores(), CPU_COUNT(&before));
    int first = -1;
    for (int cpu = 0; cpu < CPU_SETSIZE && first < 0; ++cpu)
      if (CPU_ISSET(cpu, &before)) first = cpu;
    QVERIFY(first >= 0);
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(first, &one);
    QCOMPARE(sched_setaffinity(0, sizeof one, &one), 0);  // bound to one core, as mpirun binds a rank
    const int bound = vsim::usableCores(), parts = vsim::bulkParts();
    QCOMPARE(sched_setaffinity(0, sizeof before, &before), 0);
    QCOMPARE(bound, 1);
    QCOMPARE(parts, 1);
  }
};

QTEST_APPLESS_MAIN(ParallelTest)
#include "parallel_test.moc"
