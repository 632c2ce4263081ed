#!/bin/sh
# The default search's wall time per airframe, idle and beside a compile: vsim-tune with its
# default options (seed 1, 20 generations of 12, the checks) on each shipped multirotor and the
# test airframe cargo650, first on an idle machine, then again while a compile of the project
# keeps every core busy (a clean rebuild of the vsim_flight library into a scratch build folder,
# restarted until the tune ends). The gains must be the same both times — the search is counted
# in generations — and the table says whether they were.
#
#   tests/bench/tune_walltime.sh [AIRFRAME ...]
#     (default: s500 generic_quad racer_5in heavy_650 hex_550 tests/data/airframes/cargo650.yaml)
#   TUNE_WALLTIME_LOAD=0 skips the runs beside a compile.
#
# Run it on a machine doing nothing else; a run takes ~30 s per airframe idle on two cores.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=${NAVIGATOR_BIN:-$root/build/bin}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
[ $# -gt 0 ] || set -- s500 generic_quad racer_5in heavy_650 hex_550 "$root/tests/data/airframes/cargo650.yaml"

# Wall time of one default tune [ms] on stdout; its gains in $out/$2.txt, its exit code in $out/$2.rc.
tune_ms() {
  start=$(date +%s%N)
  rc=0
  "$bin/vsim-tune" --airframe "$1" --out "$out/$2.txt" >"$out/$2.log" 2>&1 || rc=$?
  end=$(date +%s%N)
  echo "$rc" >"$out/$2.rc"
  echo $(((end - start) / 1000000))
}

# Every process started under process $1, children first.
descendants() {
  for child in $(pgrep -P "$1"); do
    echo "$child"
    descendants "$child"
  done
}

# A compile that keeps every core busy until killed: the flight library rebuilt from scratch,
# over and over, in a build folder of its own.
compile_loop() {
  while :; do
    rm -rf "$out/load-build"
    cmake -S "$root" -B "$out/load-build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null 2>&1 || exit 1
    cmake --build "$out/load-build" --target vsim_flight >/dev/null 2>&1 || exit 1
  done
}

printf '%-14s %9s %8s %12s %8s %s\n' airframe "idle s" exit "compile s" exit "same gains"
for airframe in "$@"; do
  name=$(basename "$airframe" .yaml)
  idle=$(tune_ms "$airframe" "$name-idle")
  loaded="-"
  same="-"
  if [ "${TUNE_WALLTIME_LOAD:-1}" != 0 ]; then
    compile_loop &
    load=$!
    sleep 5
    loaded=$(tune_ms "$airframe" "$name-load")
    # The loop and the compile it has started (left running, it would sit beside the next
    # airframe's idle run).
    kill $load $(descendants $load) 2>/dev/null || true
    wait "$load" 2>/dev/null || true
    if [ -f "$out/$name-idle.txt" ] && [ -f "$out/$name-load.txt" ]; then
      if cmp -s "$out/$name-idle.txt" "$out/$name-load.txt"; then same=yes; else same=NO; fi
    fi
    loaded=$(awk "BEGIN { printf \"%.1f\", $loaded / 1000 }")
  fi
  printf '%-14s %9.1f %8s %12s %8s %s\n' "$name" "$(awk "BEGIN { print $idle / 1000 }")" "$(cat "$out/$name-idle.rc")" \
    "$loaded" "$(cat "$out/$name-load.rc" 2>/dev/null || echo -)" "$same"
done
