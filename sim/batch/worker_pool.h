// A fixed set of worker threads that run one job in parts, again and again, without starting a
// thread per job: the batch calls it once per IMU period (a thousand times a second of flight),
// where starting threads would cost more than small batches take to step. Part 0 runs on the
// calling thread. Each part writes its own data, so results do not depend on the thread count.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace vsim::batch {

class WorkerPool {
 public:
  explicit WorkerPool(int threads);  // threads ≥ 1, the caller's included
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  int threads() const { return int(workers_.size()) + 1; }

  // Runs job(part) for part = 0 … parts − 1 (parts ≤ threads()), and returns when all are done.
  void run(int parts, const std::function<void(int part)>& job);

 private:
  void work(int part);

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable start_, done_;
  const std::function<void(int)>* job_ = nullptr;
  int parts_ = 0, pending_ = 0;
  std::uint64_t generation_ = 0;
  bool stopping_ = false;
};

}  // namespace vsim::batch
