#!/usr/bin/env bash
# Sets up, builds (warnings are errors) and runs every test: the whole suite under a virtual
# display, then the simulator's tests again under AddressSanitizer + UndefinedBehaviorSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/setup.sh

cmake --preset default -DNAVIGATOR_WERROR=ON
cmake --build --preset default
# Qt3D renders only on a real (virtual) display, not on the offscreen platform.
xvfb-run -a -s "-screen 0 1600x1000x24" \
  ctest --preset default --parallel 2 --timeout 600

# The simulator library and its tests under the sanitizers (the Qt application is left out:
# its GL driver stack is not ours to sanitise).
cmake --preset asan -DNAVIGATOR_WERROR=ON -DNAVIGATOR_BUILD_APP=OFF
cmake --build --preset asan
ctest --preset asan --parallel 2 --timeout 600
