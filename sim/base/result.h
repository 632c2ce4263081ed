// Result<T>: a value or an Error with a message, how errors cross module boundaries.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace vsim {

// What went wrong, in one line a user can act on (it names the input and the problem).
struct Error {
  std::string message;
};

// Either a T or an Error; never both, never neither.
template <class T>
class Result {
 public:
  Result(T value) : v_(std::in_place_index<0>, std::move(value)) {}
  Result(Error error) : v_(std::in_place_index<1>, std::move(error)) {}

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }

  const T& value() const& {
    assert(ok());
    return std::get<0>(v_);
  }
  T& value() & {
    assert(ok());
    return std::get<0>(v_);
  }
  T&& value() && {
    assert(ok());
    return std::get<0>(std::move(v_));
  }
  const T& operator*() const& { return value(); }
  const T* operator->() const { return &value(); }

  const Error& error() const {
    assert(!ok());
    return std::get<1>(v_);
  }

 private:
  std::variant<T, Error> v_;
};

}  // namespace vsim
