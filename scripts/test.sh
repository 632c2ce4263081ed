#!/usr/bin/env bash
# Sets up, builds (warnings are errors) and runs every test: the whole suite under a virtual
# display, then the simulator's tests again under AddressSanitizer + UndefinedBehaviorSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/setup.sh

cmake --preset default -DNAVIGATOR_WERROR=ON
cmake --build --preset default
# The tests that need a display (Qt3D renders only on a real one) each start an Xvfb of their
# own (tests/support/own_display.sh); the rest run on Qt's offscreen platform.
ctest --preset default --parallel 2 --timeout 600

# The simulator library and its tests under the sanitizers, at -O1 -g1 (the Qt application is
# left out: its GL driver stack is not ours to sanitise; so are the fuzz targets, which are
# clang's own sanitizer builds and ran above).
cmake --preset asan -DNAVIGATOR_WERROR=ON
cmake --build --preset asan
ctest --preset asan --parallel 2 --timeout 600
