// Splitting a bulk job across the machine's cores: run(part) for part = 0 … parts−1, part 0 on
// the calling thread and the others on threads of their own, all joined before it returns. The
// callers make every part write its own data and combine the parts in order, so the result does
// not depend on how many cores there were.
#pragma once

#include <sched.h>

#include <algorithm>
#include <thread>
#include <vector>

namespace vsim {

// The cores this thread may run on: its CPU affinity, which `mpirun` (binding a rank to one
// core by default), `taskset` or a container's cpuset narrow — never more than that, or the
// threads share the cores they were given and run slower than one would (measured: one rank
// with 16 threads bound to one core took 3× as long as without mpirun). The machine's hardware
// threads where the affinity cannot be read.
inline int usableCores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0) return std::max(1, CPU_COUNT(&set));
  return std::max(1, int(std::thread::hardware_concurrency()));
}

// How many parts a bulk job is split into here: the usable cores, at most 4 (the jobs are
// bound by memory long before more cores would help).
inline int bulkParts() { return std::clamp(usableCores(), 1, 4); }

template <class F>
void runParts(int parts, const F& run) {
  std::vector<std::thread> others;
  others.reserve(std::size_t(std::max(0, parts - 1)));
  for (int part = 1; part < parts; ++part) others.emplace_back([&run, part] { run(part); });
  run(0);
  for (std::thread& t : others) t.join();
}

// The half-open range of `count` items part `part` of `parts` takes.
inline std::pair<std::size_t, std::size_t> partRange(std::size_t count, int part, int parts) {
  return {count * std::size_t(part) / std::size_t(parts), count * std::size_t(part + 1) / std::size_t(parts)};
}

}  // namespace vsim
