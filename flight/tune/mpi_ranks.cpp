#include "flight/tune/mpi_ranks.h"

#include <mpi.h>

#include <stdexcept>

namespace vsim::tune {

MpiRanks::MpiRanks(int* argc, char*** argv) {
  MPI_Init(argc, argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiRanks::~MpiRanks() { MPI_Finalize(); }

std::vector<double> MpiRanks::allGather(std::span<const double> mine, std::size_t count, std::size_t per_item) const {
  // Each rank's share follows from slice(): every rank knows every count without asking.
  const std::size_t ranks = std::size_t(size_);
  std::vector<int> counts(ranks), offsets(ranks);
  for (int r = 0; r < size_; ++r) {
    const std::size_t first = count * std::size_t(r) / std::size_t(size_),
                      end = count * std::size_t(r + 1) / std::size_t(size_);
    counts[std::size_t(r)] = int((end - first) * per_item);
    offsets[std::size_t(r)] = int(first * per_item);
  }
  if (std::size_t(counts[std::size_t(rank_)]) != mine.size())
    throw std::logic_error("MpiRanks::allGather: this rank's share does not match slice()");
  std::vector<double> all(count * per_item);
  MPI_Allgatherv(mine.data(), int(mine.size()), MPI_DOUBLE, all.data(), counts.data(), offsets.data(), MPI_DOUBLE,
                 MPI_COMM_WORLD);
  return all;
}

double MpiRanks::maxOf(double mine) const {
  double out = mine;
  MPI_Allreduce(&mine, &out, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return out;
}

}  // namespace vsim::tune
