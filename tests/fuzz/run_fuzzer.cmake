# Runs a libFuzzer binary for ctest (tests/fuzz/CMakeLists.txt).
#   cmake -DMODE=fuzz|regress -DFUZZER=<binary> -DCORPUS=<dir> -DWORK_DIR=<dir> [-DSECONDS=20]
#         [-DLSAN_SUPPRESSIONS=<file>] [-DEXTRA_ENV=NAME=VALUE] -P run_fuzzer.cmake
# fuzz:    fuzzes for SECONDS on a fresh copy of CORPUS in WORK_DIR/corpus, so the source tree
#          is never written; crash inputs land in WORK_DIR/artifacts.
# regress: runs every file of CORPUS once (libFuzzer's file mode, no mutation).
foreach(var MODE FUZZER CORPUS WORK_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_fuzzer.cmake: -D${var}=... is required")
  endif()
endforeach()
if(NOT DEFINED SECONDS)
  set(SECONDS 20)
endif()

file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR}/corpus ${WORK_DIR}/artifacts)
set(common -timeout=5 -rss_limit_mb=1024 -artifact_prefix=${WORK_DIR}/artifacts/)

if(MODE STREQUAL "fuzz")
  file(GLOB seeds ${CORPUS}/*)
  file(COPY ${seeds} DESTINATION ${WORK_DIR}/corpus)
  set(command ${FUZZER} ${common} -max_total_time=${SECONDS} -print_final_stats=1 ${WORK_DIR}/corpus)
elseif(MODE STREQUAL "regress")
  file(GLOB seeds LIST_DIRECTORIES false ${CORPUS}/*)
  list(SORT seeds)
  if(NOT seeds)
    message(FATAL_ERROR "run_fuzzer.cmake: no corpus files in ${CORPUS}")
  endif()
  set(command ${FUZZER} ${common} ${seeds})
else()
  message(FATAL_ERROR "run_fuzzer.cmake: MODE must be fuzz or regress, not '${MODE}'")
endif()

set(env)
if(DEFINED LSAN_SUPPRESSIONS)  # leaks inside Debian's libraries (tests/lsan.supp says which)
  list(APPEND env LSAN_OPTIONS=suppressions=${LSAN_SUPPRESSIONS})
endif()
if(DEFINED EXTRA_ENV)
  list(APPEND env ${EXTRA_ENV})
endif()
if(env)
  set(command ${CMAKE_COMMAND} -E env ${env} ${command})
endif()
execute_process(COMMAND ${command} WORKING_DIRECTORY ${WORK_DIR} RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  file(GLOB crashes ${WORK_DIR}/artifacts/*)
  message(FATAL_ERROR "${FUZZER} failed (${result}); inputs it saved: ${crashes}")
endif()
