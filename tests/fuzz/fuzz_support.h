// What the C++ fuzz harnesses share: CHECK, a failed check as a crash libFuzzer keeps; and a
// scratch folder per process for harnesses whose code under test reads paths.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>

#define CHECK(condition)                \
  do {                                  \
    if (!(condition)) __builtin_trap(); \
  } while (0)

namespace fuzz {

// $TMPDIR (or /tmp)/navigator_fuzz_NAME_PID, made on the first call and removed at exit. One
// harness per process, so one name per process; held on the heap so it outlives the static
// destructors that run before the exit handler.
inline const std::filesystem::path& scratchDirectory(const char* name) {
  static const std::filesystem::path* const dir = new std::filesystem::path([name] {
    const char* tmp = std::getenv("TMPDIR");
    const std::filesystem::path d = std::filesystem::path(tmp ? tmp : "/tmp") /
                                    ("navigator_fuzz_" + std::string(name) + "_" + std::to_string(::getpid()));
    std::filesystem::create_directories(d);
    std::atexit([] {
      std::error_code ec;
      std::filesystem::remove_all(*dir, ec);
    });
    return d;
  }());
  return *dir;
}

}  // namespace fuzz
