// How one evaluation's flights are shared between processes. A single process is one rank;
// under mpirun (mpi_ranks.h) every rank flies a contiguous slice of the flights and all ranks
// gather every flight's metrics in flight order, so every rank sums the same numbers in the
// same order and the search takes the same path on each (and as in a single process).
#pragma once

#include <cstddef>
#include <span>
#include <utility>
#include <vector>

namespace vsim::tune {

class Ranks {
 public:
  virtual ~Ranks() = default;
  virtual int rank() const { return 0; }
  virtual int size() const { return 1; }
  // This rank's flights of `count`: [first, end), contiguous, in rank order.
  std::pair<std::size_t, std::size_t> slice(std::size_t count) const {
    const std::size_t r = std::size_t(rank()), n = std::size_t(size());
    return {count * r / n, count * (r + 1) / n};
  }
  // Every rank's `mine` (`per_item` doubles per flight of its slice), concatenated in rank
  // order: the whole evaluation, the same on every rank.
  virtual std::vector<double> allGather(std::span<const double> mine, std::size_t count, std::size_t per_item) const {
    (void)count;
    (void)per_item;
    return {mine.begin(), mine.end()};
  }
  // The largest of every rank's value (the stop decision, taken the same on every rank).
  virtual double maxOf(double mine) const { return mine; }
};

}  // namespace vsim::tune
