#!/usr/bin/env bash
# Sets up, checks the layout and the functions' length, builds (warnings are errors) and runs
# every test: the whole suite under a virtual display, then everything but the widgets and the
# windows again under AddressSanitizer + UndefinedBehaviorSanitizer. docs/development.md says
# what each step checks and what is run by hand instead (clang-tidy, ThreadSanitizer).
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/setup.sh
./scripts/check_format.sh
./scripts/check_function_size.sh

cmake --preset default -DNAVIGATOR_WERROR=ON
cmake --build --preset default
# The tests that need a display (Qt3D renders only on a real one) each start an Xvfb of their
# own (tests/support/own_display.sh); the rest run on Qt's offscreen platform.
ctest --preset default --parallel 2 --timeout 600

# Under the sanitizers, at -O1 -g1: the simulator, the flight code, the logs, the flasher, the
# firmware and the station's libraries (link, vehicle, core, joystick) with their tests. The
# widgets and the windows are left out (their GL driver stack is not ours to sanitise), and so
# are the fuzz targets, which are clang's own sanitizer builds and ran above.
cmake --preset asan -DNAVIGATOR_WERROR=ON
cmake --build --preset asan
ctest --preset asan --parallel 2 --timeout 600
