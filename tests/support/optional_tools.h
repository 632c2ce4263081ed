// The tools a test may go without: the one list.
//
// Some tests need a program or a file from outside the build: socat for pseudo-terminal pairs,
// qemu-system-arm for the emulated board, the board image that arm-none-eabi-gcc makes. A test
// that finds one of them missing either FAILS or is SKIPPED, and this file decides which:
//
//   - A tool on the list below (kOptionalTools) is optional: without it the test is skipped,
//     with the reason written here. Only what a fresh Debian 12 machine set up by
//     scripts/setup.sh cannot have belongs on it (a user's own PX4 or ArduPilot build, a real
//     board on a serial port).
//   - Every other tool is required. Everything scripts/setup.sh installs is required: a test
//     that finds it missing fails, naming the tool and the Debian package that brings it
//     (kRequiredTools), so a half-set-up machine cannot pass the suite by skipping it.
//
// Today the list holds one: a PX4 SITL build of the user's own (the project does not build PX4).
//
// Use, in a Qt Test function (initTestCase skips or fails the whole test program):
//   NAVIGATOR_REQUIRE_PROGRAM("socat");                        // a program on PATH
//   NAVIGATOR_REQUIRE_TOOL("arm-none-eabi-gcc", QFileInfo::exists(image),
//                          ("no board image at " + image).toStdString());  // a file a tool makes
// in a test that is a plain main() (ctest's SKIP_RETURN_CODE 77 for an optional tool):
//   if (findOnPath("qemu-system-arm").empty()) return missingToolExit("qemu-system-arm");
// and in CMake, where a missing tool keeps tests out of the build (tests/CMakeLists.txt):
//   navigator_missing_tool_test(fuzz_needs_clang clang "...")  // fails, or skips if optional
// Never QSKIP or exit 77 for a missing tool directly: the list is here so that a reader (and CI)
// can see every reason a test may not run.
#pragma once

#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>
#include <string_view>

namespace navigator::test {

// A tool a test may look for: its name as the tests and the messages say it, and either why a
// machine set up by scripts/setup.sh may lack it (optional) or the Debian packages that bring it.
struct TestTool {
  std::string_view name;
  std::string_view why_or_packages;
};

// ---- The tools a test may go without (skipped when missing, with this reason) --------------------
inline constexpr std::array kOptionalTools = {
    // The real PX4 in the station's world (tests/app/ui/px4_user_start_test.cpp).
    TestTool{"px4",
             "a PX4 SITL build of the user's own, named by NAVIGATOR_PX4_SITL (PX4-Autopilot's "
             "build/px4_sitl_default/bin/px4); PX4 is not a Debian package and this project does not build it"},
};

// ---- The tools the tests need, and where scripts/setup.sh gets each (failed when missing) ---------
inline constexpr std::array kRequiredTools = {
    TestTool{"qemu-system-arm", "qemu-system-arm"},  // the board image on an emulated STM32F405
    TestTool{"arm-none-eabi-gcc", "gcc-arm-none-eabi libnewlib-arm-none-eabi"},  // builds the board image
    TestTool{"socat", "socat"},                                                  // pseudo-terminal pairs
    TestTool{"stm32flash", "stm32flash"},  // the reference AN3155 host the bootloader emulator is checked against
    TestTool{"dfu-util", "dfu-util"},      // USB DFU flashing
    TestTool{"mpirun", "openmpi-bin libopenmpi-dev"},  // vsim-tune across processes
    TestTool{"clang", "clang libclang-rt-14-dev"},     // the libFuzzer targets
};

// What a test does when `tool` is missing, and the message saying why.
struct MissingTool {
  bool skip = false;  // true: optional, the test is skipped; false: the test fails
  std::string message;
};

// `what` says what the test found missing when that is not the program itself but something the
// build makes with it (the board image arm-none-eabi-gcc builds: the advice then adds a rebuild);
// `optional` is the list (a test of this file passes its own).
inline MissingTool missingTool(std::string_view tool, std::string_view what = {},
                               std::span<const TestTool> optional = kOptionalTools) {
  const std::string subject = std::string(tool) + " is missing" + (what.empty() ? "" : " (" + std::string(what) + ")");
  for (const TestTool& t : optional) {
    if (t.name == tool)
      return {true, subject + "; it is optional (tests/support/optional_tools.h): " + std::string(t.why_or_packages)};
  }
  std::string packages;
  for (const TestTool& t : kRequiredTools) {
    if (t.name == tool) packages = std::string(t.why_or_packages);
  }
  std::string message = subject +
                        ", and the tests do not go without it: it is not on the list of optional tools in "
                        "tests/support/optional_tools.h. ";
  message += packages.empty() ? std::string("Install it; scripts/setup.sh installs what the tests need.")
                              : "Run scripts/setup.sh: it installs the Debian package(s) " + packages + ".";
  if (!what.empty()) message += " Then configure and build again.";
  return {false, message};
}

// Where `program` is on PATH ("" when it is not).
inline std::string findOnPath(std::string_view program) {
  if (program.empty()) return {};
  const char* path = std::getenv("PATH");
  const std::string dirs = path != nullptr ? path : "/usr/bin:/bin";
  size_t start = 0;
  while (start <= dirs.size()) {
    size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    const std::string candidate = dirs.substr(start, end - start) + "/" + std::string(program);
    if (end > start && ::access(candidate.c_str(), X_OK) == 0) return candidate;
    start = end + 1;
  }
  return {};
}

// For a test that is a plain main(): prints the verdict on stderr and returns the exit status,
// 77 (the test's SKIP_RETURN_CODE) for an optional tool, 1 for any other.
inline int missingToolExit(std::string_view tool, std::string_view what = {}) {
  const MissingTool m = missingTool(tool, what);
  std::fprintf(stderr, "%s: %s\n", m.skip ? "SKIP" : "FAIL", m.message.c_str());
  return m.skip ? 77 : 1;
}

}  // namespace navigator::test

// In a Qt Test function (the file includes QtTest): goes on when `present`; otherwise skips
// (an optional tool) or fails (any other) the function, with missingTool's message.
#define NAVIGATOR_REQUIRE_TOOL(tool, present, what)                                               \
  do {                                                                                            \
    if (!(present)) {                                                                             \
      const ::navigator::test::MissingTool missing_ = ::navigator::test::missingTool(tool, what); \
      if (missing_.skip) QSKIP(missing_.message.c_str());                                         \
      QFAIL(missing_.message.c_str());                                                            \
    }                                                                                             \
  } while (false)

// The same for a program looked up on PATH.
#define NAVIGATOR_REQUIRE_PROGRAM(program) \
  NAVIGATOR_REQUIRE_TOOL(program, !::navigator::test::findOnPath(program).empty(), std::string_view())
