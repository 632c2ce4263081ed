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
judge "$scratch/same.txt" >"$scratch/same.log" 2>&1
rc=$?
cat "$scratch/same.log"
[ $rc -eq 0 ] || fail "the defaults against themselves: exit $rc, not 0"
# Each 'before → after' pair the same (the activity column is then 1.00).
grep -Eq '^ *101 .*\| *([0-9.]+) → \1 +([0-9.]+) → \2 +([0-9.]+) → \3 +([0-9.]+) → \4 +1\.00$' "$scratch/same.log" ||
  fail "the defaults against themselves: a figure differs"

printf 'RATE_RP_D 0\n' >"$scratch/undamped.txt"
judge "$scratch/undamped.txt" >"$scratch/undamped.log" 2>&1
rc=$?
cat "$scratch/undamped.log"
[ $rc -eq 2 ] || fail "no rate damping: exit $rc, not 2"
grep -q 'seed 101, wind 0:0 m/s: settling' "$scratch/undamped.log" || fail "no rate damping: its settling not named"

printf 'RATE_RP_D lots\n' >"$scratch/garbled.txt"
judge "$scratch/garbled.txt" >"$scratch/garbled.log" 2>&1
rc=$?
cat "$scratch/garbled.log"
[ $rc -eq 1 ] || fail "a garbled parameter file: exit $rc, not 1"
grep -q 'garbled.txt' "$scratch/garbled.log" || fail "a garbled parameter file: the file not named"

[ $failures -eq 0 ] && echo "PASS" || exit 1
