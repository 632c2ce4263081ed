#!/usr/bin/env bash
# Checks that every C and C++ file in the repository is laid out as .clang-format says.
# With --fix, lays them out instead. Exit 1 names the files that differ.
set -euo pipefail
cd "$(dirname "$0")/.."

clang_format=${CLANG_FORMAT:-clang-format}
if ! command -v "$clang_format" >/dev/null 2>&1; then
  echo "check_format: $clang_format is not installed (Debian: apt-get install clang-format)" >&2
  exit 2
fi
mapfile -t files < <(git ls-files '*.c' '*.h' '*.cpp' '*.hpp')
if [[ ${1:-} == --fix ]]; then
  printf '%s\0' "${files[@]}" | xargs -0 -n 64 "$clang_format" -i
  exit 0
fi
bad=()
for f in "${files[@]}"; do
  if ! "$clang_format" --dry-run -Werror "$f" >/dev/null 2>&1; then bad+=("$f"); fi
done
if [[ ${#bad[@]} -gt 0 ]]; then
  echo "check_format: ${#bad[@]} file(s) not laid out as .clang-format says (./scripts/check_format.sh --fix):" >&2
  printf '  %s\n' "${bad[@]}" >&2
  exit 1
fi
echo "check_format: ${#files[@]} files laid out as .clang-format says"
