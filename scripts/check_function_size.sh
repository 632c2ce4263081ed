#!/usr/bin/env bash
# Checks that no function in the repository's C and C++ code (product code and tests) is longer
# than 80 lines from the line it starts on to its closing brace: a function a reader takes in at
# once. Universal Ctags gives each function's first and last line, in seconds for the whole tree;
# clang-tidy's readability-function-size (.clang-tidy, scripts/lint.sh) checks the same limit with
# the compiler's own parse, at a cost of tens of minutes on two cores. Exit 1 names each function.
set -euo pipefail
cd "$(dirname "$0")/.."

limit=80
if ! command -v ctags >/dev/null 2>&1 || ! ctags --version 2>/dev/null | grep -q 'Universal Ctags'; then
  echo "check_function_size: Universal Ctags is not installed (Debian: apt-get install universal-ctags)" >&2
  exit 2
fi
# The MAVLink message table is a table laid out by hand, not a function.
long=$(git ls-files '*.c' '*.h' '*.cpp' '*.hpp' | grep -v '^firmware/mavlink/mavlink_message_table\.h$' |
  xargs ctags --languages=C,C++ --kinds-C=f --kinds-C++=f --fields=+ne --extras=-q -o - 2>/dev/null |
  awk -F'\t' -v limit=$limit '{
    ln = ""; en = ""
    for (i = 4; i <= NF; i++) { if ($i ~ /^line:/) ln = substr($i, 6); if ($i ~ /^end:/) en = substr($i, 5) }
    if (ln != "" && en != "" && en - ln + 1 > limit) print "  " $2 ":" ln " " $1 " (" en - ln + 1 " lines)"
  }' | sort)
if [[ -n $long ]]; then
  echo "check_function_size: functions over $limit lines (split them along a seam a reader would see):" >&2
  echo "$long" >&2
  exit 1
fi
echo "check_function_size: no function over $limit lines"
