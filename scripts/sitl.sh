#!/bin/sh
# Starts the simulator (vsim_d) and the flight firmware (vayu_sitl) together, for any MAVLink
# ground station listening on UDP 14550 (QGroundControl, MAVProxy, Navigator).
#   ./scripts/sitl.sh [--airframe NAME|FILE] [--world FILE|none] [--dir DIR] [--mode realtime|lockstep]
#                     [--gcs-port N] [--port N]
# Ctrl-C stops both. Build first (./scripts/run.sh or cmake --build --preset default); the
# programs are taken from build/bin, or from $NAVIGATOR_BIN_DIR when it is set.
set -eu
cd "$(dirname "$0")/.."
bin=${NAVIGATOR_BIN_DIR:-build/bin}
airframe=s500 world=ground dir=/tmp/navigator-sitl mode=realtime gcs_port=14550 port=14580
while [ $# -gt 0 ]; do
  case "$1" in
    --airframe) airframe=$2; shift 2 ;;
    --world) world=$2; shift 2 ;;
    --dir) dir=$2; shift 2 ;;
    --mode) mode=$2; shift 2 ;;
    --gcs-port) gcs_port=$2; shift 2 ;;
    --port) port=$2; shift 2 ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
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
# Neither outlives this script, however it ends: Ctrl-C and SIGTERM stop both through the trap,
# and setpriv (util-linux) gives each a parent-death signal for a script that is killed outright.
# vayu_sitl also stops by itself 10 s after its simulator is gone.
trap 'kill $sim $firmware 2>/dev/null; wait $sim $firmware 2>/dev/null' INT TERM EXIT
sim= firmware=
setpriv --pdeathsig TERM "$bin/vsim_d" --dir "$dir" --airframe "$airframe" --world "$world" --mode "$mode" &
sim=$!
setpriv --pdeathsig TERM "$bin/vayu_sitl" --dir "$dir" --gcs-port "$gcs_port" --port "$port" &
firmware=$!
echo "sitl.sh: simulator pid $sim, firmware pid $firmware; MAVLink on udp://127.0.0.1:$gcs_port" >&2
wait $sim $firmware
