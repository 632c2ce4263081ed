#!/usr/bin/env bash
# A fuzzing campaign over every libFuzzer target (tests/fuzz/README.md), each for SECONDS
# (default 1800) or 10 million executions (FUZZ_MAX_RUNS), whichever comes first, one after the
# other, starting from its committed corpus; what the campaign
# finds is kept in build-fuzz/fuzz-campaign/TARGET/ (the grown corpus, crash inputs, the log),
# never in the source tree. Prints a table: target, executions, coverage (edges), crashes.
#   ./scripts/fuzz.sh [SECONDS] [TARGET...]
# It configures and builds the fuzz preset (build-fuzz/: the libFuzzer targets only, clang) first.
# (./scripts/test.sh runs each harness over its corpus and seeded mutants, without libFuzzer.)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-1800}
shift || true
targets=("$@")
max_runs=${FUZZ_MAX_RUNS:-10000000}
[ ${#targets[@]} -gt 0 ] ||
  targets=(mavlink_parser signed_link firmware_image flasher_answers station_link station_signing config_files
           vsim_d_pipes mesh_import ulog_reader)
cmake --preset fuzz >/dev/null
cmake --build build-fuzz --target $(printf 'fuzz_%s ' "${targets[@]}") >/dev/null
out=build-fuzz/fuzz-campaign
printf '%-18s %14s %10s %10s %8s\n' target executions seconds coverage crashes
for t in "${targets[@]}"; do
  work="$out/$t"
  rm -rf "$work"
  mkdir -p "$work/corpus" "$work/artifacts"
  cp tests/fuzz/corpus/"$t"/* "$work/corpus/"
  status=0
  start=$(date +%s)
  LSAN_OPTIONS=suppressions=$PWD/tests/lsan.supp build-fuzz/bin/fuzz_"$t" -max_total_time="$seconds" -runs="$max_runs" -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$work/artifacts/" "$work/corpus" >"$work/log" 2>&1 ||
    status=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$work/log" | tail -1 | cut -d' ' -f2)
  crashes=$(find "$work/artifacts" -type f | wc -l)
  printf '%-18s %14s %10s %10s %8s\n' "$t" "${execs:-?}" $(($(date +%s) - start)) "${cov:-?}" "$crashes"
  [ $status -eq 0 ] || echo "  $t stopped with status $status: see $work/log and $work/artifacts/"
done
