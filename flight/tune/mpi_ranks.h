// Ranks over MPI (OpenMPI from Debian): the tuner's flights shared between the processes
// mpirun started. Built only when CMake finds MPI (NAVIGATOR_HAVE_MPI).
#pragma once

#include "flight/tune/ranks.h"

#include <memory>

namespace vsim::tune {

// MPI_Init on construction, MPI_Finalize on destruction; one per process. world() is
// MPI_COMM_WORLD; a single process started without mpirun is one rank of one.
class MpiRanks : public Ranks {
 public:
  MpiRanks(int* argc, char*** argv);
  ~MpiRanks() override;
  MpiRanks(const MpiRanks&) = delete;
  MpiRanks& operator=(const MpiRanks&) = delete;

  int rank() const override { return rank_; }
  int size() const override { return size_; }
  std::vector<double> allGather(std::span<const double> mine, std::size_t count, std::size_t per_item) const override;
  double maxOf(double mine) const override;

 private:
  int rank_ = 0, size_ = 1;
};

}  // namespace vsim::tune
