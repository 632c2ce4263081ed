#!/bin/sh
# Thread and MPI-rank scaling of the default search, for a machine with 16 cores: vsim-tune on one
# airframe (default s500; seed 1, --no-check, the default 20 generations) with 1, 2, 4, 8 and 16
# threads in one process, then 1 to 4 MPI ranks × threads per rank (ranks × threads ≤ the cores,
# each rank bound to its own cores by mpirun), printing the wall time, the speed-up over one
# thread and whether the gains equal the one-thread file (they must: the search is counted in
# generations and every rank sums in flight order).
#
#   tests/bench/tune_scaling.sh [AIRFRAME] [CORES]      (default: s500, nproc)
#   TUNE_SCALING_SMOKE=1 flies 2 generations only (a check that the script runs, not a figure).
#
# Needs mpirun (Open MPI) for the rank rows; without it they are left out, said so.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=${NAVIGATOR_BIN:-$here/../../build/bin}
airframe=${1:-s500}
cores=${2:-$(nproc)}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
extra="--no-check --seed 1"
[ "${TUNE_SCALING_SMOKE:-0}" = 1 ] && extra="$extra --max-evaluations 144 --set-size 4 --vehicles-per-generation 2"

base_ms=""
# run LABEL RANKS THREADS: one tune, one table row.
run() {
  label=$1 ranks=$2 threads=$3
  start=$(date +%s%N)
  rc=0
  if [ "$ranks" = 1 ]; then
    # shellcheck disable=SC2086
    "$bin/vsim-tune" --airframe "$airframe" $extra --threads "$threads" --out "$out/$label.txt" >"$out/$label.log" 2>&1 ||
      rc=$?
  else
    # shellcheck disable=SC2086
    mpirun --oversubscribe --allow-run-as-root --bind-to none -np "$ranks" "$bin/vsim-tune" --airframe "$airframe" \
      $extra --threads "$threads" --out "$out/$label.txt" >"$out/$label.log" 2>&1 || rc=$?
  fi
  if [ "$rc" != 0 ]; then
    echo "$ranks rank(s) × $threads thread(s): vsim-tune failed (exit $rc):" >&2
    tail -3 "$out/$label.log" >&2
    return 0
  fi
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  [ -n "$base_ms" ] || base_ms=$ms
  same=yes
  cmp -s "$out/$label.txt" "$out/r1t1.txt" || same=NO
  printf '%6s %8s %7s %10.1f %9.2f %s\n' "$ranks" "$threads" "$((ranks * threads))" "$(awk "BEGIN { print $ms / 1000 }")" \
    "$(awk "BEGIN { print $base_ms / $ms }")" "$same"
}

echo "vsim-tune $airframe ($extra), $cores cores"
printf '%6s %8s %7s %10s %9s %s\n' ranks threads cores "wall s" speed-up "same gains"
for t in 1 2 4 8 16; do
  [ "$t" -le "$cores" ] || continue
  run "r1t$t" 1 "$t"
done
if command -v mpirun >/dev/null 2>&1; then
  for r in 2 3 4; do
    for t in 1 2 4; do
      [ $((r * t)) -le "$cores" ] || continue
      run "r${r}t$t" "$r" "$t"
    done
  done
else
  echo "(no mpirun: the rank rows are left out)"
fi
