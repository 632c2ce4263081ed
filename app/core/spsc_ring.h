// SpscRing: a lock-free ring for one producer thread and one consumer thread (the simulation
// worker and the GUI). Neither ever waits for the other: a push into a full ring fails and is
// counted, so a stalled consumer can lose samples but never slow the producer.
// Thread contract: push() from the producer only; popAll() from the consumer only; the counters
// (pushed: items that went in, dropped: pushes refused for a full ring) from anywhere.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace navigator {

template <class T>
class SpscRing {
 public:
  // Holds capacity − 1 items; capacity is rounded up to a power of two.
  explicit SpscRing(std::size_t capacity) {
    std::size_t c = 2;
    while (c < capacity) c *= 2;
    items_.resize(c);
    mask_ = c - 1;
  }

  bool push(const T& item) {
    const std::size_t head = head_.load(std::memory_order_relaxed);
    const std::size_t next = (head + 1) & mask_;
    if (next == tail_.load(std::memory_order_acquire)) {
      dropped_.fetch_add(1, std::memory_order_relaxed);
      return false;
    }
    items_[head] = item;
    head_.store(next, std::memory_order_release);
    pushed_.fetch_add(1, std::memory_order_relaxed);
    return true;
  }

  // Appends everything queued to `out`; returns how many.
  std::size_t popAll(std::vector<T>& out) {
    std::size_t tail = tail_.load(std::memory_order_relaxed);
    const std::size_t head = head_.load(std::memory_order_acquire);
    std::size_t n = 0;
    while (tail != head) {
      out.push_back(items_[tail]);
      tail = (tail + 1) & mask_;
      ++n;
    }
    tail_.store(tail, std::memory_order_release);
    return n;
  }

  std::uint64_t pushed() const { return pushed_.load(std::memory_order_relaxed); }
  std::uint64_t dropped() const { return dropped_.load(std::memory_order_relaxed); }
  std::size_t capacity() const { return mask_; }

 private:
  std::vector<T> items_;
  std::size_t mask_ = 1;
  alignas(64) std::atomic<std::size_t> head_{0};  // next slot the producer writes
  alignas(64) std::atomic<std::size_t> tail_{0};  // next slot the consumer reads
  std::atomic<std::uint64_t> pushed_{0}, dropped_{0};
};

}  // namespace navigator
