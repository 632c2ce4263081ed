#!/usr/bin/env bash
# Sets up, checks the layout and the functions' length, builds (warnings are errors) and runs
# every test: the whole suite under a virtual display, then everything but the widgets and the
# windows again under AddressSanitizer + UndefinedBehaviorSanitizer; and clang-tidy over the
# product code (scripts/lint.sh), every finding an error. docs/development.md says what each step
# checks, what it costs, and what is run by hand instead.
#
#   ./scripts/test.sh          what CI runs (.ci/run)
#   ./scripts/test.sh --all    and also the tests of what starts a thread under ThreadSanitizer
#                              (tsan preset)
#
# clang-tidy runs behind everything else at idle priority (SCHED_IDLE and nice 19: it takes only
# the CPU time the builds and tests leave, and a test's thread that wakes up takes its core back
# at once), from the moment build/ is configured; its verdict comes at the end. Each step's time
# is printed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

all=false
case ${1:-} in
  --all) all=true ;;
  "") ;;
  *) echo "usage: ./scripts/test.sh [--all]" >&2; exit 2 ;;
esac

t0=$SECONDS
times=()
cpu_file=$(mktemp)
children_cpu() {  # cpu_s= the CPU seconds (user + system) of every child waited for so far
  times >"$cpu_file"  # (in this shell: in a pipe or $(...) it would count a subshell's children)
  cpu_s=$(tail -1 "$cpu_file" | awk '{ s = 0; for (i = 1; i <= 2; ++i) { split($i, a, /[ms]/); s += a[1] * 60 + a[2] } printf "%.0f", s }')
}
step() {  # step NAME COMMAND...: runs it, notes its time and CPU time
  local start=$SECONDS before
  children_cpu
  before=$cpu_s
  "${@:2}"
  children_cpu
  times+=("$(printf '%-28s %5d s  (CPU %5d s)' "$1" $((SECONDS - start)) $((cpu_s - before)))")
}
trap 'printf "%s\n" "${times[@]}"; echo "test.sh: $((SECONDS - t0)) s"' EXIT

step "setup" ./scripts/setup.sh
step "layout" ./scripts/check_format.sh
step "function size" ./scripts/check_function_size.sh

# Each test runs once, in the strictest build that holds it: what the asan preset runs (its
# filter applied) is neither built nor run in build/, which keeps the widgets, the windows and the
# flights too long for the sanitizers (docs/development.md).
step "configure asan" cmake --preset asan -DNAVIGATOR_WERROR=ON
sanitized=$(ctest --preset asan -N | sed -n 's/^ *Test *#[0-9]*: *//p' | paste -sd';')
step "configure default" cmake --preset default -DNAVIGATOR_WERROR=ON "-DNAVIGATOR_TESTS_RUN_ELSEWHERE=$sanitized"
# clang-tidy needs only a configured build: the product code includes no generated file.
set -m  # (its own process group, ended with the script if the script stops early)
chrt --idle 0 nice -n 19 ./scripts/lint.sh -p build -j 2 >build/lint.log 2>&1 &
lint=$!
set +m
trap 'kill -- -$lint 2>/dev/null || true; printf "%s\n" "${times[@]}"; echo "test.sh: $((SECONDS - t0)) s"' EXIT
step "build default" cmake --build --preset default
# The tests that need a display (Qt3D renders only on a real one) each start an Xvfb of their
# own (tests/support/own_display.sh); the rest run on Qt's offscreen platform.
step "tests default" ctest --preset default --parallel 2 --timeout 600

# Under the sanitizers, at -O1 -g1: the simulator, the flight code, the logs, the flasher, the
# firmware and the station's libraries (link, vehicle, core, joystick) with their tests. The
# widgets and the windows are left out (their GL driver stack is not ours to sanitise). The fuzz
# harnesses run here too, over their corpora and seeded mutants (libFuzzer: scripts/fuzz.sh).
step "build asan" cmake --build --preset asan
step "tests asan" ctest --preset asan --parallel 2 --timeout 600

if $all; then
  step "configure tsan" cmake --preset tsan -DNAVIGATOR_WERROR=ON
  step "build tsan" cmake --build --preset tsan
  step "tests tsan" ctest --preset tsan --parallel 2 --timeout 900
fi

start=$SECONDS
status=0
wait $lint || status=$?
times+=("$(printf '%-28s %5d s' "clang-tidy (waited for)" $((SECONDS - start)))")
cat build/lint.log
exit $status
