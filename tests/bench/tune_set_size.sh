#!/bin/sh
# How the tuner's results on held-out flights and airframes change with the robustness set's
# size: vsim-tune on each airframe with --set-size 8, 16, 24 and 32 (seed 1, the
# other options default), each report summarised by tune_report.py, with the wall time.
#
#   tests/bench/tune_set_size.sh [AIRFRAME ...]      (default: s500 generic_quad)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=${NAVIGATOR_BIN:-$here/../../build/bin}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
[ $# -gt 0 ] || set -- s500 generic_quad
for airframe in "$@"; do
  for size in 8 16 24 32; do
    start=$(date +%s%N)
    "$bin/vsim-tune" --airframe "$airframe" --set-size "$size" --json --out "$out/p.txt" >"$out/$airframe-$size.json" 2>/dev/null || true
    end=$(date +%s%N)
    echo "$airframe set $size: $(( (end - start) / 1000000 )) ms" >&2
  done
done
"$here/tune_report.py" "$out"/*.json
