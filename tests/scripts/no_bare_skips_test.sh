#!/bin/sh
# A test may pass without a tool only when tests/support/optional_tools.h declares the tool
# optional: no test skips on its own (QSKIP, GTEST_SKIP, or exit/return 77 for ctest's
# SKIP_RETURN_CODE) anywhere else under tests/. Prints every place that does and fails.
cd "$1" || exit 2
found=$(grep -rnE 'QSKIP\(|GTEST_SKIP|(exit|return)[ (]*77\b' tests --include='*.cpp' --include='*.h' --include='*.c' \
          --include='*.sh' | grep -v '^tests/support/optional_tools\.h:' | grep -v '^tests/scripts/no_bare_skips_test\.sh:')
if [ -n "$found" ]; then
  echo "tests that skip without the list of optional tools (use NAVIGATOR_REQUIRE_TOOL/PROGRAM or missingToolExit):"
  echo "$found"
  exit 1
fi
echo "no test skips outside tests/support/optional_tools.h"
