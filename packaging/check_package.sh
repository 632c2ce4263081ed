#!/usr/bin/env bash
# Builds the .deb with CPack from BUILD_DIR and checks what a user would install: the
# programs, the sample frame, a valid desktop entry, an icon and valid AppStream metainfo.
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
echo "package ok: $(basename "$deb") ($(du -h "$deb" | cut -f1)), Depends: $depends"
