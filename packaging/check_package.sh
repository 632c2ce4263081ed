#!/usr/bin/env bash
# Builds the .deb with CPack from BUILD_DIR and checks what a user would install: the
# programs, the sample frame, a valid desktop entry, an icon and valid AppStream metainfo; then
# unpacks it into a scratch root (dpkg -x) and runs every tool's README example from there, with
# the shipped airframe, world, scenario and mesh names, nothing of the build tree on PATH and a
# scratch folder as the working directory.
set -euo pipefail
build_dir=$1
src_dir=$(cd "$(dirname "$0")/.." && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

desktop-file-validate "$src_dir/packaging/io.github.navigator.Navigator.desktop"
appstreamcli validate --no-net --pedantic "$src_dir/packaging/io.github.navigator.Navigator.metainfo.xml"

cpack --config "$build_dir/CPackConfig.cmake" -B "$out" >"$out/cpack.log" 2>&1 || { cat "$out/cpack.log"; exit 1; }
deb=$(ls "$out"/navigator_*.deb)
listing=$(dpkg-deb -c "$deb")
for f in ./usr/bin/navigator ./usr/bin/vsim-massprops ./usr/bin/navigator-flash \
         ./usr/share/applications/io.github.navigator.Navigator.desktop \
         ./usr/share/metainfo/io.github.navigator.Navigator.metainfo.xml \
         ./usr/share/icons/hicolor/scalable/apps/io.github.navigator.Navigator.svg \
         ./usr/share/navigator/meshes/s500_frame.stl; do
  grep -qF " $f" <<<"$listing" || { echo "missing from $deb: $f"; exit 1; }
done
depends=$(dpkg-deb -f "$deb" Depends)
for d in libqt6widgets6 libassimp5 libqt6svg6 libqt63drender6; do
  grep -q "$d" <<<"$depends" || { echo "Depends lacks $d: $depends"; exit 1; }
done
recommends=$(dpkg-deb -f "$deb" Recommends)
grep -q dfu-util <<<"$recommends" || { echo "Recommends lacks dfu-util: $recommends"; exit 1; }
root="$out/root"
dpkg -x "$deb" "$root"
work="$out/work"
mkdir -p "$work"
cd "$work"
export PATH="$root/usr/bin:/usr/bin:/bin"
run() {  # run WHAT... : the command must succeed
  "$@" >"$out/run.log" 2>&1 || { echo "installed package: '$*' failed:"; cat "$out/run.log"; exit 1; }
}
for tool in navigator vsim-massprops vsim-run vsim_d vsim-fly vayu_sitl navigator-flash; do
  [ "$(command -v "$tool")" = "$root/usr/bin/$tool" ] || { echo "installed package: $tool is not in usr/bin"; exit 1; }
done
run navigator --version
run vsim-massprops s500_frame.stl --unit mm --mass 0.405
grep -q "closed" "$out/run.log" || { echo "vsim-massprops: $(cat "$out/run.log")"; exit 1; }
run vsim-massprops s500_frame --unit mm --density 1240 --json
run vsim-run --airframe s500 --duration 0.5 --seed 1 --duty 0.61,0.61,0.61,0.61 --wind 3,0,0 --turbulence 1 --out run.csv
[ "$(wc -l <run.csv)" -eq 502 ] || { echo "vsim-run wrote $(wc -l <run.csv) lines, not a header and 501 frames (0 to 0.5 s at 1 kHz)"; exit 1; }
run vsim-run --airframe generic_quad --world obstacles --init-pos 0,0,-1 --init-vel 6,0,0 --duration 0.5 --seed 1 --out crash.csv
run vsim_d --dir "$work" --airframe s500 --mode fast --duration 0.2 --quiet
run vsim-fly --airframe s500 --scenario hover_and_steps --seed 1 --out flight.csv
[ "$(wc -l <flight.csv)" -gt 1000 ] || { echo "vsim-fly wrote only $(wc -l <flight.csv) lines"; exit 1; }
run vayu_sitl --help
run navigator-flash --help
# A missing device is refused with the port's name and status 1, not a crash.
status=0
navigator-flash /dev/ttyNAVIGATOR_NONE firmware.bin >"$out/run.log" 2>&1 || status=$?
[ $status -eq 1 ] && grep -q "/dev/ttyNAVIGATOR_NONE\|firmware.bin" "$out/run.log" ||
  { echo "navigator-flash on a missing port: status $status: $(cat "$out/run.log")"; exit 1; }
cd /
echo "package ok: $(basename "$deb") ($(du -h "$deb" | cut -f1)), Depends: $depends; the README's examples run from the unpacked package"
