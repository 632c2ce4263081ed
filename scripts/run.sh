#!/usr/bin/env bash
# Sets up, builds and starts Navigator. Arguments go to the application, e.g.
#   ./scripts/run.sh --open resources/meshes/s500_frame.stl
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/setup.sh
[[ -f build/CMakeCache.txt ]] || cmake --preset default
cmake --build --preset default --target navigator
if [[ -z "${DISPLAY:-}" && -z "${WAYLAND_DISPLAY:-}" ]]; then
  echo "run: no display found (DISPLAY is not set). On a headless machine use: xvfb-run -a ./scripts/run.sh" >&2
  exit 1
fi
exec ./build/bin/navigator "$@"
