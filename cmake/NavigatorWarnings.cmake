# navigator_target_defaults(TARGET): the warning and sanitizer flags every project target uses.
function(navigator_target_defaults target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic)
  if(NAVIGATOR_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
  # (The sanitizer presets build at -O1, where GCC 12's -Wmaybe-uninitialized guesses wrong
  # about std::optional<Eigen::…> members; the default preset keeps the warning.)
  if(NAVIGATOR_SANITIZE STREQUAL "thread")
    target_compile_options(${target} PRIVATE -fsanitize=thread -fno-omit-frame-pointer -Wno-maybe-uninitialized)
    target_link_options(${target} PRIVATE -fsanitize=thread)
  elseif(NAVIGATOR_SANITIZE)
    target_compile_options(${target} PRIVATE -fsanitize=address,undefined -fno-omit-frame-pointer
                                              -fno-sanitize-recover=undefined -Wno-maybe-uninitialized)
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
  endif()
  navigator_unity_build(${target})
endfunction()

# NAVIGATOR_UNITY_BUILD (the default and sanitizer presets): a static library's C++ files compiled
# eight to a translation unit, so the standard library, Qt and Eigen headers they share are parsed
# once per eight files instead of once per file (vsim_service under ASan: 60 s of compiler time
# file by file, 27.5 s in units). scripts/lint.sh reads a unit's files from it and checks them
# with the unit's flags. C files stay apart: their feature macros (_POSIX_C_SOURCE) must come
# before the first system header. A source with flags of its own (the -O3 mesh path) is compiled
# alone.
function(navigator_unity_build target)
  get_target_property(type ${target} TYPE)
  if(NOT NAVIGATOR_UNITY_BUILD OR NOT type STREQUAL "STATIC_LIBRARY")
    return()
  endif()
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
  get_target_property(sources ${target} SOURCES)
  foreach(source IN LISTS sources)
    if(source MATCHES "\\.c$")
      set_source_files_properties(${source} TARGET_DIRECTORY ${target} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
    endif()
  endforeach()
endfunction()

# navigator_sanitizer_environment(VAR): the environment a test runs in under the sanitizers
# (each report fails the test; the suppression files name only third-party code), appended to VAR.
function(navigator_sanitizer_environment var)
  set(env ${${var}})
  if(NAVIGATOR_SANITIZE STREQUAL "thread")
    # ignore_noninstrumented_modules: Qt is not built with TSan, so the memory its libraries touch
    # is not watched (tests/tsan.supp says why); die_after_fork=0: the tests start programs
    # (QProcess, socat) from a process that has threads, which TSan allows when told.
    list(APPEND env "TSAN_OPTIONS=suppressions=${PROJECT_SOURCE_DIR}/tests/tsan.supp second_deadlock_stack=1 ignore_noninstrumented_modules=1 die_after_fork=0")
  elseif(NAVIGATOR_SANITIZE)
    list(APPEND env "LSAN_OPTIONS=suppressions=${PROJECT_SOURCE_DIR}/tests/lsan.supp"
                    "UBSAN_OPTIONS=print_stacktrace=1")
  endif()
  set(${var} ${env} PARENT_SCOPE)
endfunction()

# The tests of code that starts a thread (navigator_add_test's THREADS), for the tsan preset.
add_custom_target(navigator_thread_tests)

# NAVIGATOR_PCH: the headers every test's translation unit parses, precompiled once by
# navigator_test_pch and reused by each test. GCC takes a precompiled header only where the
# macros defined when it was made are defined alike (extra ones are fine when the headers never
# read them), the code-generation flags are the same: navigator_test_pch is therefore made with
# the definitions and flags every test has (Qt Core's, NAVIGATOR_SOURCE_DIR/BIN_DIR, the
# warnings and sanitizers of navigator_target_defaults), and holds no Qt Test header (which
# reads each test's own QT_TESTCASE_BUILDDIR and QT_WIDGETS_LIB).
function(navigator_test_pch)
  if(TARGET navigator_test_pch)
    return()
  endif()
  set(source ${CMAKE_BINARY_DIR}/navigator_test_pch.cpp)
  file(CONFIGURE OUTPUT ${source} CONTENT "// The translation unit of the tests' precompiled header (NAVIGATOR_PCH).\n")
  add_library(navigator_test_pch OBJECT ${source})
  target_link_libraries(navigator_test_pch PRIVATE Qt6::Core Eigen3::Eigen)
  target_compile_definitions(navigator_test_pch PRIVATE
    NAVIGATOR_SOURCE_DIR="${PROJECT_SOURCE_DIR}" NAVIGATOR_BIN_DIR="${CMAKE_RUNTIME_OUTPUT_DIRECTORY}")
  set_target_properties(navigator_test_pch PROPERTIES AUTOMOC OFF AUTOUIC OFF AUTORCC OFF)
  navigator_target_defaults(navigator_test_pch)
  navigator_test_pch_warnings(navigator_test_pch)
  navigator_test_optimization(navigator_test_pch)
  target_precompile_headers(navigator_test_pch PRIVATE
    <algorithm> <array> <chrono> <cmath> <cstdint> <functional> <map> <memory> <optional> <string>
    <string_view> <vector> <QtCore/QtCore> <Eigen/Core> <Eigen/Dense> <Eigen/Geometry>)
endfunction()

# Under the sanitizers a test's own translation unit is compiled at -Og: the code it tests lives
# in the libraries it links, which keep the preset's -O1. That takes a quarter off each test's
# compile time there (a link test: 18.4 s of CPU at -O1, 14.2 s at -Og, 12.8 s at -O0). Not -O0:
# a test that steps the simulator in its own loop and checks the state with Eigen at every step
# ran 4 times longer, Eigen's expressions left uninlined. Not in build/: at -Og instead of -O2 that
# same test (test_contact_drops) took 243 s instead of 115 s, more than the compile time saved.
# The precompiled header is made alike, as GCC takes it only with the -O level it was made with.
function(navigator_test_optimization target)
  if(NAVIGATOR_SANITIZE)
    target_compile_options(${target} PRIVATE -Og)
  endif()
endfunction()

# What the standard library's headers say from a precompiled header: GCC 12 keeps the
# system-header status of a header only while it parses it as one, so from the PCH its known false
# positives inside libstdc++'s std::string (-Warray-bounds, -Wstringop-overread, -Wstringop-overflow,
# -Wrestrict on strings copied by push_back, operator+ and the like) reach the test that uses them,
# and -Werror would fail it. The tests (never the product code) built on the PCH leave those four
# warnings out; the product code and every build without the PCH keep them.
function(navigator_test_pch_warnings target)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(${target} PRIVATE -Wno-array-bounds -Wno-stringop-overread -Wno-stringop-overflow -Wno-restrict)
  endif()
endfunction()

# navigator_add_test(NAME SOURCES ... LIBS ... [DISPLAY] [THREADS]): a Qt Test executable registered
# with ctest. DISPLAY marks tests that need a real (virtual) display: each runs on an Xvfb server of
# its own (tests/support/own_display.sh), so two running at once never take each other's
# keyboard focus; the others run on the offscreen platform. THREADS marks the tests of code that
# starts a thread: the tsan preset builds them (the target navigator_thread_tests) and runs them
# (the label "threads") under ThreadSanitizer.
function(navigator_add_test name)
  cmake_parse_arguments(ARG "DISPLAY;THREADS" "" "SOURCES;LIBS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_LIBS} Qt6::Test)
  # The tests' own helpers ("tests/…"); the code under test comes through the targets linked.
  target_include_directories(${name} PRIVATE ${CMAKE_BINARY_DIR}/include/tests)
  target_compile_definitions(${name} PRIVATE
    NAVIGATOR_SOURCE_DIR="${PROJECT_SOURCE_DIR}" NAVIGATOR_BIN_DIR="${CMAKE_RUNTIME_OUTPUT_DIRECTORY}")
  navigator_target_defaults(${name})
  navigator_test_optimization(${name})
  if(name IN_LIST NAVIGATOR_TESTS_OUTSIDE_ASAN AND NAVIGATOR_SANITIZE AND NOT NAVIGATOR_SANITIZE STREQUAL "thread")
    set_target_properties(${name} PROPERTIES EXCLUDE_FROM_ALL ON)  # (tests/CMakeLists.txt: build/ runs it)
    return()
  endif()
  if(ARG_DISPLAY)
    add_test(NAME ${name} COMMAND ${PROJECT_SOURCE_DIR}/tests/support/own_display.sh $<TARGET_FILE:${name}>)
  else()
    add_test(NAME ${name} COMMAND ${name})
  endif()
  # Qt Test's own per-function limit (300 s) would abort a slow sanitizer run before ctest's
  # --timeout can report it; align it with the ctest limit scripts/test.sh uses. Under the
  # sanitizers the closed-loop tests (the batch kernel at -O1, instrumented) take 3-6 times as
  # long, and Qt 6.4's watchdog counts the whole run: 25 minutes there, as the TIMEOUT below.
  if(NAVIGATOR_SANITIZE)
    set(env "QTEST_FUNCTION_TIMEOUT=1500000")
  else()
    set(env "QTEST_FUNCTION_TIMEOUT=600000")
  endif()
  if(NOT ARG_DISPLAY)
    list(APPEND env "QT_QPA_PLATFORM=offscreen")
  endif()
  navigator_sanitizer_environment(env)
  set_tests_properties(${name} PROPERTIES ENVIRONMENT "${env}")
  if(NAVIGATOR_SANITIZE)
    set_tests_properties(${name} PROPERTIES TIMEOUT 1500)  # wins over ctest --timeout
  endif()
  if(NAVIGATOR_PCH)
    navigator_test_pch()
    target_precompile_headers(${name} REUSE_FROM navigator_test_pch)
    navigator_test_pch_warnings(${name})
    # (AUTOMOC's mocs_compilation.cpp is empty when the test includes its own .moc, as they all
    # do: 0.75 s to load the precompiled header into it, nothing without.)
    set_source_files_properties(${CMAKE_CURRENT_BINARY_DIR}/${name}_autogen/mocs_compilation.cpp
                                PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
  endif()
  if(name IN_LIST NAVIGATOR_TESTS_RUN_ELSEWHERE)  # (CMakeLists.txt: scripts/test.sh runs it under the sanitizers only)
    set_target_properties(${name} PROPERTIES EXCLUDE_FROM_ALL ON)
    set_tests_properties(${name} PROPERTIES DISABLED ON)
  endif()
  list(FILTER NAVIGATOR_LONG_TESTS INCLUDE REGEX "^${name}=")  # (tests/CMakeLists.txt)
  if(NAVIGATOR_LONG_TESTS)
    string(REGEX REPLACE "^.*=" "" seconds "${NAVIGATOR_LONG_TESTS}")
    set_tests_properties(${name} PROPERTIES COST ${seconds})
  endif()
  if(ARG_THREADS)
    set_tests_properties(${name} PROPERTIES LABELS threads)
    add_dependencies(navigator_thread_tests ${name})
  endif()
endfunction()
