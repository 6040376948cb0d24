#!/usr/bin/env bash
# Compiles the Android app's shared UI sources (android/ui) and the generated bindings for the
# desktop JVM with Compose Multiplatform, and runs their tests against the real core: view
# model tests, Compose UI tests, golden screenshots (compared with android/ui/src/test/golden),
# then the animation-frame benchmark.
#
#   android/run-tests.sh [--update-goldens] [REPO_ROOT]
#
# --update-goldens writes the reference screenshots instead of comparing with them: look at
# every changed PNG before committing it.
#
# Assumes target/release/libtafl_core.so is built (cargo build --release -p tafl-core --lib).
set -euo pipefail
update=false
if [[ "${1:-}" == "--update-goldens" ]]; then
    update=true
    shift
fi
root="$(cd "${1:-$(dirname "$0")/..}" && pwd)"
libdir="$root/target/release"
if [[ ! -f "$libdir/libtafl_core.so" ]]; then
    echo "missing $libdir/libtafl_core.so: run 'cargo build --release -p tafl-core --lib' first" >&2
    exit 1
fi
# Compose lays out text with the system's fonts: without any, every text test fails. The
# sqlite3 shell holds the database's write lock from another process in one test.
need=()
dpkg -s fonts-dejavu-core >/dev/null 2>&1 || need+=(fonts-dejavu-core fontconfig)
command -v sqlite3 >/dev/null 2>&1 || need+=(sqlite3)
if (( ${#need[@]} )); then
    echo "installing ${need[*]}"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y "${need[@]}"
fi
cd "$root/android/desktop"
props=(-Dtafl.libdir="$libdir" -Dhnefi.updateGoldens="$update")
mvn -B test "${props[@]}"

# The benchmark reuses the classes just compiled; its Surefire lines go to a log only.
echo
echo "== animation frame benchmark =="
log="target/frame-benchmark.log"
if ! mvn -B surefire:test "${props[@]}" -Dhnefi.excludedGroups=none -Dgroups=benchmark >"$log" 2>&1; then
    cat "$log"
    echo "android/run-tests.sh: the benchmark failed (log: $root/android/desktop/$log)" >&2
    exit 1
fi
grep '^animation frame' "$log"

echo
echo "screenshots (golden references in android/ui/src/test/golden):"
for f in target/screenshots/*.png; do
    # Width and height are the big-endian words at bytes 16 and 20 of a PNG file.
    read -r w h < <(od -An -tu4 --endian=big -j16 -N8 "$f")
    printf '  %s  %sx%s px, %s bytes\n' "$root/android/desktop/$f" "$w" "$h" "$(stat -c %s "$f")"
done
