#!/bin/sh
# scripts/sitl.sh's children never outlive it: vsim_d and vayu_sitl end when
# the script is killed (SIGKILL: their parent-death signal), when it is stopped (SIGTERM: its
# trap), and vayu_sitl ends by itself when its simulator is killed (10 s without a live process
# in DIR/vsim_d.pid), after which the script exits too. Deadlines are hang guards only.
# Usage: sitl_script_test.sh REPO_DIR BIN_DIR
set -u
repo=$1
export NAVIGATOR_BIN_DIR=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

alive() { [ -d "/proc/$1" ] && ! grep -q '^[0-9]* (.*) Z' "/proc/$1/stat" 2>/dev/null; }

# wait_gone PID SECONDS: 0 once PID has ended (or is a zombie), 1 after SECONDS.
wait_gone() {
  i=0
  while alive "$1"; do
    i=$((i + 1))
    [ $i -gt $(($2 * 10)) ] && return 1
    sleep 0.1
  done
  return 0
}

# wait_log PATTERN SECONDS: 0 once the current log has a line matching PATTERN, 1 after SECONDS.
wait_log() {
  i=0
  until grep -q "$1" "$log" 2>/dev/null; do
    i=$((i + 1))
    [ $i -gt $(($2 * 10)) ] && return 1
    sleep 0.1
  done
  return 0
}

# start NAME: runs sitl.sh in the background and waits until the two fly together (vsim_d's
# status line counts actuator frames from vayu_sitl); sets script, sim and firmware.
start() {
  log="$scratch/$1.log"
  "$repo/scripts/sitl.sh" --dir "$scratch/$1" --gcs-port 14999 --port 0 2>"$log" &
  script=$!
  if ! wait_log "simulator pid" 20; then cat "$log"; fail "$1: sitl.sh did not start its programs"; return 1; fi
  sim=$(sed -n 's/.*simulator pid \([0-9]*\),.*/\1/p' "$log")
  firmware=$(sed -n 's/.*firmware pid \([0-9]*\);.*/\1/p' "$log")
  wait_log "pwm in=[1-9]" 20 || fail "$1: vayu_sitl never answered vsim_d: $(cat "$log")"
  alive "$sim" || fail "$1: vsim_d did not keep running: $(cat "$log")"
  alive "$firmware" || fail "$1: vayu_sitl did not keep running: $(cat "$log")"
}

# 1. The script killed outright.
if start killed; then
  kill -KILL "$script"
  wait_gone "$sim" 10 || fail "killed script: vsim_d (pid $sim) outlived it"
  wait_gone "$firmware" 10 || fail "killed script: vayu_sitl (pid $firmware) outlived it"
  echo "ok: sitl.sh killed with SIGKILL: vsim_d and vayu_sitl ended"
fi

# 2. The script stopped.
if start stopped; then
  kill -TERM "$script"
  wait_gone "$script" 10 || fail "stopped script: sitl.sh still runs"
  wait_gone "$sim" 10 || fail "stopped script: vsim_d (pid $sim) outlived it"
  wait_gone "$firmware" 10 || fail "stopped script: vayu_sitl (pid $firmware) outlived it"
  echo "ok: sitl.sh stopped with SIGTERM: vsim_d and vayu_sitl ended"
fi

# 3. The simulator killed: the firmware notices, and the script ends.
if start simulator; then
  kill -KILL "$sim"
  wait_gone "$firmware" 30 || fail "killed simulator: vayu_sitl (pid $firmware) still runs 30 s later"
  grep -q "is gone" "$log" || fail "killed simulator: vayu_sitl did not say why it stopped: $(cat "$log")"
  wait_gone "$script" 10 || fail "killed simulator: sitl.sh still runs"
  echo "ok: vsim_d killed: vayu_sitl stopped by itself, and sitl.sh ended"
fi

kill -KILL "$script" "$sim" "$firmware" 2>/dev/null
[ $failures -eq 0 ] && echo "all passed" && exit 0
exit 1
