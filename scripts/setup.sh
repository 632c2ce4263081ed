#!/usr/bin/env bash
# Installs the Debian 12 packages Navigator needs to build, test and run.
# Idempotent: when everything is already installed it only checks and exits.
set -euo pipefail

# One package per line; the reason is the module that needs it.
packages=(
  cmake ninja-build g++ pkg-config ccache      # toolchain
  mold                                         # toolchain: the linker (a fifth of GNU ld's time)
  libeigen3-dev                                # sim: linear algebra
  libassimp-dev zlib1g-dev                     # sim: mesh import (assimp's CMake config links libz.so)
  libyaml-cpp-dev                              # sim: airframe files (YAML, JSON)
  libcli11-dev nlohmann-json3-dev              # cli: the tools' argument parsing and JSON output
  qt6-base-dev libqt6opengl6-dev               # app, widgets (Qt3D's CMake config needs OpenGL)
  qt6-3d-dev                                   # widgets: 3-D views
  libqcustomplot-dev                           # widgets/plots: live plots (QCustomPlotQt6)
  libsdl2-dev                                  # app/joystick: joysticks and game controllers
  qt6-serialport-dev socat                     # app/link: serial ports; tests: pseudo-terminal pairs
  libssl-dev                                   # app/link: SHA-256 for MAVLink signing (OpenSSL libcrypto)
  liblzma-dev                                  # app/link: xz-compressed parameter metadata (PX4)
  qtkeychain-qt6-dev                           # app/link: signing keys in the desktop keyring (qtkeychain)
  gcc-arm-none-eabi libnewlib-arm-none-eabi    # firmware/hal/stm32f4: the board image
  qemu-system-arm                              # tests: the board image on an emulated STM32F405
  dfu-util                                     # flash: USB DFU (DfuSe) flashing
  stm32flash                                   # tests/flash: the reference AN3155 host the bootloader emulator is checked against
  libqt6svg6                                   # app: the SVG window icon
  qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools  # translations: lupdate/lrelease
  qt6-translations-l10n                        # app: Qt's own strings (Close, Yes, No, the file dialog) in the user's language
  qt6-qpa-plugins                              # offscreen/xcb platform plugins
  libhwy-dev                                   # sim/batch: SIMD with run-time dispatch (Highway)
  librandom123-dev                             # tests/sim: Random123, the reference for the batch's Philox
  libnlopt-cxx-dev                             # flight/tune: the autotuner's search (NLopt)
  libopenmpi-dev openmpi-bin                   # flight/tune: vsim-tune across processes (mpirun); optional for a build
  libbenchmark-dev                             # tests/bench
  python3-stl                                  # tests/bench: numpy-stl, the mass-properties reference
  clang libclang-rt-14-dev                     # tests/fuzz: libFuzzer targets
  clang-format clang-tidy universal-ctags      # scripts/check_format.sh, scripts/lint.sh, scripts/check_function_size.sh
  xvfb xauth libgl1-mesa-dri fonts-dejavu-core # tests and screenshots under a virtual display
  desktop-file-utils appstream dpkg-dev file   # packaging checks and CPack .deb
)

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "setup: all ${#packages[@]} packages already installed"
  exit 0
fi

echo "setup: installing ${missing[*]}"
if [[ $(id -u) -eq 0 ]]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "setup: these packages are missing: ${missing[*]}" >&2
  echo "setup: installing them needs root, and sudo is not installed." >&2
  echo "setup: run this script as root (su -c ./scripts/setup.sh) or install sudo." >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
