#!/bin/sh
# Starts the simulator (vsim_d) and the flight firmware (vayu_sitl) together, for any MAVLink
# ground station listening on UDP 14550 (QGroundControl, MAVProxy, Navigator).
#   ./scripts/sitl.sh [--airframe NAME|FILE] [--world FILE|none] [--dir DIR] [--mode realtime|lockstep]
# Ctrl-C stops both. Build first (./scripts/run.sh or cmake --build --preset default).
set -eu
cd "$(dirname "$0")/.."
bin=build/bin
airframe=s500 world=ground dir=/tmp/navigator-sitl mode=realtime
while [ $# -gt 0 ]; do
  case "$1" in
    --airframe) airframe=$2; shift 2 ;;
    --world) world=$2; shift 2 ;;
    --dir) dir=$2; shift 2 ;;
    --mode) mode=$2; shift 2 ;;
    -h|--help) sed -n '2,5p' "$0"; exit 0 ;;
    *) echo "sitl.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
for program in vsim_d vayu_sitl; do
  if [ ! -x "$bin/$program" ]; then
    echo "sitl.sh: $bin/$program is missing: build first (cmake --build --preset default)" >&2
    exit 1
  fi
done
mkdir -p "$dir"
"$bin/vsim_d" --dir "$dir" --airframe "$airframe" --world "$world" --mode "$mode" &
sim=$!
"$bin/vayu_sitl" --dir "$dir" &
firmware=$!
trap 'kill $sim $firmware 2>/dev/null; wait $sim $firmware 2>/dev/null' INT TERM EXIT
echo "sitl.sh: simulator pid $sim, firmware pid $firmware; MAVLink on udp://127.0.0.1:14550" >&2
wait $sim $firmware
