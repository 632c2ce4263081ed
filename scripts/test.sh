#!/usr/bin/env bash
# Sets up, checks the layout and the functions' length, builds (warnings are errors) and runs
# every test: the whole suite under a virtual display, then everything but the widgets and the
# windows again under AddressSanitizer + UndefinedBehaviorSanitizer. docs/development.md says
# what each step checks, what it costs, and what is run by hand instead.
#
#   ./scripts/test.sh          what CI runs (.ci/run)
#   ./scripts/test.sh --all    and also clang-tidy over the product code (scripts/lint.sh) and the
#                              tests of what starts a thread under ThreadSanitizer (tsan preset)
#
# With --all, clang-tidy runs behind everything else at idle priority (SCHED_IDLE and nice 19: it
# takes only the CPU time the builds and tests leave, and a test's thread that wakes up takes its
# core back at once), from the moment build/ is configured; its result comes at the end. Each
# step's time is printed at the end.
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
step() {  # step NAME COMMAND...: runs it, notes its time
  local start=$SECONDS
  "${@:2}"
  times+=("$(printf '%-28s %5d s' "$1" $((SECONDS - start)))")
}
trap 'printf "%s\n" "${times[@]}"; echo "test.sh: $((SECONDS - t0)) s"' EXIT

step "setup" ./scripts/setup.sh
step "layout" ./scripts/check_format.sh
step "function size" ./scripts/check_function_size.sh

step "configure default" cmake --preset default -DNAVIGATOR_WERROR=ON
if $all; then
  # clang-tidy needs only a configured build: the product code includes no generated file.
  set -m  # (its own process group, ended with the script if the script stops early)
  chrt --idle 0 nice -n 19 ./scripts/lint.sh -p build -j 2 >build/lint.log 2>&1 &
  lint=$!
  set +m
  trap 'kill -- -$lint 2>/dev/null || true; printf "%s\n" "${times[@]}"; echo "test.sh: $((SECONDS - t0)) s"' EXIT
fi
step "build default" cmake --build --preset default
# The tests that need a display (Qt3D renders only on a real one) each start an Xvfb of their
# own (tests/support/own_display.sh); the rest run on Qt's offscreen platform.
step "tests default" ctest --preset default --parallel 2 --timeout 600

# Under the sanitizers, at -O1 -g1: the simulator, the flight code, the logs, the flasher, the
# firmware and the station's libraries (link, vehicle, core, joystick) with their tests. The
# widgets and the windows are left out (their GL driver stack is not ours to sanitise), and so
# are the fuzz targets, which are clang's own sanitizer builds and ran above.
step "configure asan" cmake --preset asan -DNAVIGATOR_WERROR=ON
step "build asan" cmake --build --preset asan
step "tests asan" ctest --preset asan --parallel 2 --timeout 600

if $all; then
  step "configure tsan" cmake --preset tsan -DNAVIGATOR_WERROR=ON
  step "build tsan" cmake --build --preset tsan
  step "tests tsan" ctest --preset tsan --parallel 2 --timeout 900
  start=$SECONDS
  status=0
  wait $lint || status=$?
  times+=("$(printf '%-28s %5d s' "clang-tidy (waited for)" $((SECONDS - start)))")
  cat build/lint.log
  exit $status
fi
