#!/bin/sh
# tests/bench/tune_unseen.py, the judge of a tune on flights the tuner never flew, on one s500
# flight (seed 101, calm, σ 0.5 m/s turbulence) instead of a tune:
#  1. an empty parameter file flies exactly the defaults: every figure the same, the verdict 0;
#  2. the rate loop's damping taken away (RATE_RP_D 0, a closed form: a PD rate loop without its
#     D term rings longer) is found worse, its settling named, the verdict 2;
#  3. a parameter file vsim-fly refuses is an error naming it, the verdict 1.
# Usage: tune_unseen_test.sh REPO_DIR BIN_DIR
set -u
repo=$1
bin=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
judge() { python3 "$repo/tests/bench/tune_unseen.py" --airframe s500 --seeds 101 --winds 0:0 --bin "$bin" --params "$1"; }

: >"$scratch/same.txt"
printf 'RATE_RP_D 0\n' >"$scratch/undamped.txt"
printf 'RATE_RP_D lots\n' >"$scratch/garbled.txt"

# expect NAME EXIT PATTERN WHAT: the judge on $scratch/NAME.txt exits EXIT and its output matches
# the extended regular expression PATTERN; WHAT names the case in a failure.
expect() {
  judge "$scratch/$1.txt" >"$scratch/$1.log" 2>&1
  rc=$?
  cat "$scratch/$1.log"
  [ $rc -eq "$2" ] || fail "$4: exit $rc, not $2"
  grep -Eq "$3" "$scratch/$1.log" || fail "$4: no line matches $3"
}
# Each 'before → after' pair the same (the activity column is then 1.00).
expect same 0 '^ *101 .*\| *([0-9.]+) → \1 +([0-9.]+) → \2 +([0-9.]+) → \3 +([0-9.]+) → \4 +1\.00$' \
  "the defaults against themselves"
expect undamped 2 'seed 101, wind 0:0 m/s: settling' "no rate damping"
expect garbled 1 'garbled\.txt' "a garbled parameter file"

[ $failures -eq 0 ] && echo "PASS" || exit 1
