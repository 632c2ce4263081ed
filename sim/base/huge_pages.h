// Large working buffers (a million-triangle mesh's vertices, weld ids, edge lists) are touched
// once each, so the kernel's page faults — one per 4 KiB page — are a good part of their cost.
// Advising transparent huge pages for them before their first touch makes that one fault per
// 2 MiB where the system allows it (Linux with THP in "madvise" or "always" mode); elsewhere it
// does nothing. Only an advice: correctness never depends on it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <utility>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace vsim {

inline void adviseHugePages(const void* data, std::size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  // The whole 2 MiB pages inside [data, data + bytes): std::align moves `begin` to the first
  // page boundary and takes what that skipped off `space`, and fails where no whole page fits.
  constexpr std::size_t kHuge = std::size_t(2) << 20;
  void* begin = const_cast<void*>(data);  // madvise takes a void*; it writes nothing there
  std::size_t space = bytes;
  if (std::align(kHuge, kHuge, begin, space)) madvise(begin, space & ~(kHuge - 1), MADV_HUGEPAGE);
#else
  (void)data;
  (void)bytes;
#endif
}

// An allocator whose elements start default-initialised (indeterminate for plain numbers): for
// bulk arrays written in full before they are read, zero-filling them first only costs time.
template <class T>
struct DefaultInitAllocator : std::allocator<T> {
  template <class U>
  struct rebind {
    using other = DefaultInitAllocator<U>;
  };
  DefaultInitAllocator() = default;
  template <class U>
  DefaultInitAllocator(const DefaultInitAllocator<U>&) noexcept {}
  template <class U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};
template <class T>
using BulkVector = std::vector<T, DefaultInitAllocator<T>>;

// Sizes `v` to `n` elements, advising huge pages for its storage before it is first written.
template <class T, class A>
void resizeForBulk(std::vector<T, A>& v, std::size_t n) {
  v.reserve(n);
  adviseHugePages(v.data(), n * sizeof(T));
  v.resize(n);
}

}  // namespace vsim
