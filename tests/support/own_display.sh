#!/usr/bin/env bash
# own_display.sh COMMAND [ARGS...]: runs COMMAND on an X server of its own (Xvfb, 1600x1000x24)
# and returns its exit status. ctest runs two tests at once; on one shared server without a
# window manager, one test's window takes the keyboard focus from the other's (a focus check
# then fails for a reason that is not in the code under test). Xvfb picks a free display
# itself (-displayfd), so parallel starts never race for a number; it is stopped when this
# script exits (and ctest's timeout kills the whole tree), so it never outlives the test.
set -uo pipefail

dir=$(mktemp -d "${TMPDIR:-/tmp}/own_display.XXXXXX")
mkfifo "$dir/display"
Xvfb -displayfd 3 -screen 0 1600x1000x24 -nolisten tcp 3>"$dir/display" >"$dir/xvfb.log" 2>&1 &
xvfb=$!
cleanup() {
  kill "$xvfb" 2>/dev/null
  wait "$xvfb" 2>/dev/null
  rm -rf "$dir"
}
trap cleanup EXIT

# The server writes its display number when it is ready to take connections; end of file
# without a number means it did not start.
number=""
read -r number <"$dir/display"
if [[ ! "$number" =~ ^[0-9]+$ ]]; then
  echo "own_display.sh: Xvfb did not start; its log:" >&2
  cat "$dir/xvfb.log" >&2
  exit 1
fi

# In the background, so that a TERM (a timeout) reaches the command at once, not after it ends.
DISPLAY=":$number" "$@" &
command_pid=$!
trap 'kill -TERM "$command_pid" 2>/dev/null; wait "$command_pid"; exit 143' TERM INT
wait "$command_pid"
