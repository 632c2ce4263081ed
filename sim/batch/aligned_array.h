// A fixed-size array on a 128-byte boundary (a whole cache line pair, and every SIMD width's
// alignment), zero-filled: the batch's structure-of-arrays storage.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>

namespace vsim::batch {

template <class T>
class AlignedArray {
 public:
  static constexpr std::size_t kAlignment = 128;

  AlignedArray() = default;
  explicit AlignedArray(std::size_t size) : size_(size) {
    const std::size_t bytes = (size * sizeof(T) + kAlignment - 1) / kAlignment * kAlignment;
    if (bytes == 0) return;
    data_.reset(static_cast<T*>(std::aligned_alloc(kAlignment, bytes)));
    if (!data_) throw std::bad_alloc();
    std::memset(static_cast<void*>(data_.get()), 0, bytes);
  }

  T* data() { return data_.get(); }
  const T* data() const { return data_.get(); }
  std::size_t size() const { return size_; }
  T& operator[](std::size_t i) { return data_.get()[i]; }
  const T& operator[](std::size_t i) const { return data_.get()[i]; }

 private:
  struct Free {
    void operator()(T* p) const { std::free(p); }
  };
  std::unique_ptr<T, Free> data_;
  std::size_t size_ = 0;
};

}  // namespace vsim::batch
