#!/usr/bin/env bash
# A fuzzing campaign over every libFuzzer target (tests/fuzz/README.md), each for SECONDS
# (default 1800), one after the other, starting from its committed corpus; what the campaign
# finds is kept in build/fuzz-campaign/TARGET/ (the grown corpus, crash inputs, the log), never
# in the source tree. Prints a table: target, executions, coverage (edges), crashes.
#   ./scripts/fuzz.sh [SECONDS] [TARGET...]
# Build first (./scripts/test.sh or cmake --build --preset default).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-1800}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(mavlink_parser firmware_image mesh_import)
cmake --build --preset default --target $(printf 'fuzz_%s ' "${targets[@]}") >/dev/null
out=build/fuzz-campaign
printf '%-18s %14s %10s %8s\n' target executions coverage crashes
for t in "${targets[@]}"; do
  work="$out/$t"
  rm -rf "$work"
  mkdir -p "$work/corpus" "$work/artifacts"
  cp tests/fuzz/corpus/"$t"/* "$work/corpus/"
  status=0
  LSAN_OPTIONS=suppressions=$PWD/tests/lsan.supp build/bin/fuzz_"$t" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$work/artifacts/" "$work/corpus" >"$work/log" 2>&1 ||
    status=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$work/log" | tail -1 | cut -d' ' -f2)
  crashes=$(find "$work/artifacts" -type f | wc -l)
  printf '%-18s %14s %10s %8s\n' "$t" "${execs:-?}" "${cov:-?}" "$crashes"
  [ $status -eq 0 ] || echo "  $t stopped with status $status: see $work/log and $work/artifacts/"
done
