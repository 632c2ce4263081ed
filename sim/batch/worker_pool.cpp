#include "sim/batch/worker_pool.h"

#include <algorithm>

namespace vsim::batch {

WorkerPool::WorkerPool(int threads) {
  for (int part = 1; part < std::max(1, threads); ++part) workers_.emplace_back([this, part] { work(part); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  start_.notify_all();
  for (std::thread& t : workers_) t.join();
}

void WorkerPool::run(int parts, const std::function<void(int)>& job) {
  parts = std::clamp(parts, 1, threads());
  if (parts > 1) {
    std::lock_guard lock(mutex_);
    job_ = &job;
    parts_ = parts;
    pending_ = parts - 1;
    ++generation_;
  }
  if (parts > 1) start_.notify_all();
  job(0);
  if (parts > 1) {
    std::unique_lock lock(mutex_);
    done_.wait(lock, [this] { return pending_ == 0; });
    job_ = nullptr;
  }
}

void WorkerPool::work(int part) {
  std::uint64_t seen = 0;
  for (;;) {
    const std::function<void(int)>* job = nullptr;
    {
      std::unique_lock lock(mutex_);
      start_.wait(lock, [&] { return stopping_ || generation_ != seen; });
      if (stopping_) return;
      seen = generation_;
      if (part >= parts_) continue;
      job = job_;
    }
    (*job)(part);
    {
      std::lock_guard lock(mutex_);
      --pending_;
    }
    done_.notify_one();
  }
}

}  // namespace vsim::batch
