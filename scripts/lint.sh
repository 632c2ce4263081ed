#!/usr/bin/env bash
# Runs clang-tidy (the checks in .clang-tidy; every finding is an error) over the product code
# of a configured build: every C and C++ file of app/, cli/, firmware/, flash/, flight/, log/,
# sim/ and widgets/ that the build compiles for this machine. The tests are left out: their
# translation units hold no product code, and would cost as much again.
#
#   scripts/lint.sh [-p BUILD_DIR] [-j JOBS] [-o OUT_DIR] [-u FILES_PER_UNIT] [FILE...]
#
# BUILD_DIR (default build/) needs only to be configured: the product code includes no generated
# file. FILE... lints those files only (paths from the repository root).
#
# Cost: clang-tidy spends most of a file's 8-15 s on the Qt, Eigen and standard headers it
# includes (their parse and its matchers walking them). So the C++ files that one target compiles
# with one command are checked together, up to FILES_PER_UNIT (default 12) in a unit that
# #includes them (OUT_DIR/unity/): the headers are then walked once per unit, not once per file
# (app/link's first eight files: 8 s instead of 43 s, the same findings). A unit that does not
# compile as one (two files defining one name in their anonymous namespaces) is halved until its
# parts do. -u 1 checks every file on its own.
#
# Prints each finding once (a header's finding comes from every file that includes it), with
# paths from the repository root; writes each run's times to OUT_DIR/times.txt (default
# BUILD_DIR/lint). Exits 1 when there is a finding, 2 when it cannot run.
set -euo pipefail
cd "$(dirname "$0")/.."

build=build
jobs=2
out=
per_unit=12
while getopts "p:j:o:u:" opt; do
  case $opt in
    p) build=$OPTARG ;;
    j) jobs=$OPTARG ;;
    o) out=$OPTARG ;;
    u) per_unit=$OPTARG ;;
    *) echo "usage: scripts/lint.sh [-p BUILD_DIR] [-j JOBS] [-o OUT_DIR] [-u FILES_PER_UNIT] [FILE...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))

clang_tidy=${CLANG_TIDY:-clang-tidy}
if ! command -v "$clang_tidy" >/dev/null 2>&1; then
  echo "lint: $clang_tidy is not installed (Debian: apt-get install clang-tidy)" >&2
  exit 2
fi
if [[ ! -f $build/compile_commands.json ]]; then
  echo "lint: $build/compile_commands.json not found: configure first (cmake --preset default)" >&2
  exit 2
fi
build=$(cd "$build" && pwd)
out=${out:-$build/lint}
rm -rf "$out"
mkdir -p "$out/files" "$out/unity"
out=$(cd "$out" && pwd)
root=$(pwd)

# The work, one line per job: "file FILE" or "unit GROUP MEMBER..." (absolute paths). A group is
# one target's files with one command: its compiler arguments (NUL-separated, without the
# compiler, -c and -o) in OUT_DIR/unity/GROUP.args, its directory in GROUP.dir.
python3 - "$build/compile_commands.json" "$root" "$out" "$per_unit" "$@" >"$out/jobs.txt" <<'PYTHON'
import json, os, re, shlex, sys
db, root, out, per_unit = sys.argv[1], sys.argv[2] + '/', sys.argv[3], int(sys.argv[4])
wanted = {os.path.join(root, f.lstrip('./')) for f in sys.argv[5:]}
dirs = ('app/', 'cli/', 'firmware/', 'flash/', 'flight/', 'log/', 'sim/', 'widgets/')
groups, seen = {}, set()
def sources(entry):  # (file, entry): a unity build's unit stands for the files it includes
    f = entry['file']
    if re.search(r'/Unity/unity_[0-9]+_cxx\.cxx$', f):
        for line in open(f):
            m = re.match(r'#include "(.*)"', line)
            if m:
                yield m.group(1), entry
    else:
        yield f, entry
for f, entry in (s for e in json.load(open(db)) for s in sources(e)):
    if not f.startswith(root) or not f[len(root):].startswith(dirs) or f in seen:
        continue
    if wanted and f not in wanted:
        continue
    seen.add(f)
    if f.endswith('.c'):
        print('file', f)  # (a C file costs a fraction of a second, and its feature macros must come first)
        continue
    args = shlex.split(entry['command']) if 'command' in entry else list(entry['arguments'])
    if args[0].endswith('ccache'):
        args = args[1:]
    rest, skip, target = [], False, ''
    for i, a in enumerate(args[1:], 1):
        if skip:
            skip = False
        elif a in ('-o', '-c'):
            skip = True
            if a == '-o':  # CMakeFiles/TARGET.dir/...: one target's files only (two tools, two mains)
                target = next((p for p in args[i + 1].split('/') if p.endswith('.dir')), args[i + 1])
        elif a not in (f, entry['file']):
            rest.append(a)
    groups.setdefault((entry['directory'], target, tuple(rest)), []).append(f)
for n, ((directory, target, rest), files) in enumerate(sorted(groups.items(), key=lambda g: g[1][0])):
    group = f'g{n}_' + target.removesuffix('.dir')
    with open(os.path.join(out, 'unity', group + '.args'), 'w') as a:
        a.write('\0'.join(rest) + '\0')
    with open(os.path.join(out, 'unity', group + '.dir'), 'w') as d:
        d.write(directory)
    count = len(files) if per_unit <= 1 else -(-len(files) // per_unit)
    for k in range(count):
        print('unit', group, *files[k::count])
PYTHON
if [[ ! -s $out/jobs.txt ]]; then
  echo "lint: no file of the product's in $build/compile_commands.json matches" >&2
  exit 2
fi

# One clang-tidy per job, JOBS at once.
export clang_tidy build out root
tidy() {  # tidy NAME FILE [-- COMPILER_ARGUMENTS...]: findings in files/NAME.txt, a line in times.txt
  local name=$1 file=$2 status=0 start=$EPOCHREALTIME
  shift 2
  local db=(-p "$build")
  [[ ${1:-} == -- ]] && db=()
  # (The repository's .clang-tidy named, as a unit lives outside the tree. The compiler's own
  # warnings are gcc's to report, not clang's: -Werror from a CI build would otherwise turn
  # clang's different set into errors here.)
  TIMEFORMAT='%U %S'
  { time "$clang_tidy" "${db[@]}" --config-file="$root/.clang-tidy" --quiet \
      --extra-arg=-Wno-error --extra-arg=-Wno-unknown-warning-option "$file" "$@" \
      >"$out/files/$name.txt" 2>"$out/files/$name.err" || status=$?; } 2>"$out/files/$name.time"
  # the file, wall seconds, CPU seconds (user + system), clang-tidy's status
  awk -v f="${file#"$root"/}" -v a="$start" -v b="$EPOCHREALTIME" -v s="$status" \
    '{ printf "%s %.1f %.1f %d\n", f, b - a, $1 + $2, s }' "$out/files/$name.time" >>"$out/times.txt"
  return $status
}
check_unit() {  # check_unit GROUP MEMBER...: the members as one unit, or halves of it
  local group=$1 name args half
  shift
  mapfile -d '' args <"$out/unity/$group.args"
  if [[ $# -eq 1 ]]; then  # (with the group's arguments: a file of a unity build has no entry of its own)
    (cd "$(cat "$out/unity/$group.dir")" && tidy "$(echo "${1#"$root"/}" | tr / _)" "$1" -- "${args[@]}") || true
    return
  fi
  name=$group.$(printf '%s\n' "$@" | md5sum | cut -c1-8)
  printf '#include "%s"\n' "$@" >"$out/unity/$name.cpp"
  if ! (cd "$(cat "$out/unity/$group.dir")" && tidy "$name" "$out/unity/$name.cpp" -- "${args[@]}") &&
    grep -q 'clang-diagnostic-error' "$out/files/$name.txt"; then
    mv "$out/files/$name.txt" "$out/files/$name.unit-error"
    mv "$out/files/$name.err" "$out/files/$name.unit-error-stderr"
    half=$((($# + 1) / 2))
    check_unit "$group" "${@:1:half}"
    check_unit "$group" "${@:half+1}"
  fi
}
lint_job() {
  local kind=$1
  shift
  if [[ $kind == file ]]; then
    tidy "$(echo "${1#"$root"/}" | tr / _)" "$1" || true
  else
    check_unit "$@"
  fi
}
export -f tidy check_unit lint_job
start=$(date +%s)
tr '\n' '\0' <"$out/jobs.txt" | xargs -0 -P "$jobs" -I{} bash -c 'lint_job $1' _ {}

# Each finding once: "file:line:col: error: message [check]" with the notes that follow it, the
# paths from the repository root; a unit's own lines (its #includes of .cpp files) are not findings.
python3 - "$out" "$build" "$root" <<'PYTHON' >"$out/findings.txt"
import glob, re, sys
out, build, root = sys.argv[1], sys.argv[2], sys.argv[3] + '/'
head = re.compile(r'^(\S+):(\d+):(\d+): (warning|error): (.*)$')
linked = re.compile(re.escape(build + '/include/') + r'[^/]+/')  # each target's include root
seen, blocks = set(), []
for path in sorted(glob.glob(out + '/files/*.txt')):
    block = None
    for line in open(path, errors='replace'):
        m = head.match(line)
        if m:
            block = None
            if m.group(1).startswith(out + '/'):
                continue
        line = linked.sub('', line).replace(root, '')
        m = head.match(line)
        if m:
            key = (m.group(1), m.group(2), m.group(3), m.group(5))
            if key not in seen:
                seen.add(key)
                block = [line]
                blocks.append(block)
        elif block is not None:
            block.append(line)
for b in blocks:
    sys.stdout.write(''.join(b))
PYTHON
cat "$out/findings.txt"
count=$(grep -cE '^\S+:[0-9]+:[0-9]+: (warning|error): ' "$out/findings.txt" || true)
runs=$(grep -c . "$out/times.txt")
cpu=$(awk '{ s += $3 } END { printf "%.0f", s }' "$out/times.txt")
split=$(find "$out/files" -name '*.unit-error' | wc -l)
echo "lint: $(awk '{ n += NF - 1 - ($1 == "unit") } END { print n }' "$out/jobs.txt") files in $runs runs" \
  "($split unit(s) halved for not compiling as one), $(($(date +%s) - start)) s with $jobs jobs," \
  "$cpu s of CPU; $count finding(s)"
# A file clang-tidy could not process fails the lint even without a finding printed.
broken=$(grep -l 'Error while processing' "$out"/files/*.err 2>/dev/null || true)
for err in $broken; do
  echo "lint: clang-tidy could not process ${err##*/}:" >&2
  cat "$err" >&2
done
[[ $count -eq 0 && -z $broken ]]
