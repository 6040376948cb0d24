#!/usr/bin/env bash
# Compiles the Android app's shared UI sources (android/ui) and the generated bindings for the
# desktop JVM with Compose Multiplatform, and runs their tests against the real core: view
# model tests, Compose UI tests and screenshot tests (PNG files in android/desktop/target/screenshots).
#
#   android/run-tests.sh [REPO_ROOT]
#
# Assumes target/release/libtafl_core.so is built (cargo build --release -p tafl-core --lib).
set -euo pipefail
root="$(cd "${1:-$(dirname "$0")/..}" && pwd)"
libdir="$root/target/release"
if [[ ! -f "$libdir/libtafl_core.so" ]]; then
    echo "missing $libdir/libtafl_core.so: run 'cargo build --release -p tafl-core --lib' first" >&2
    exit 1
fi
# Compose lays out text with the system's fonts: without any, every text test fails.
if ! dpkg -s fonts-dejavu-core >/dev/null 2>&1; then
    echo "installing fonts-dejavu-core (needed to lay out text)"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y fonts-dejavu-core fontconfig
fi
cd "$root/android/desktop"
mvn -B test -Dtafl.libdir="$libdir"
echo
echo "screenshots:"
for f in target/screenshots/*.png; do
    # Width and height are the big-endian words at bytes 16 and 20 of a PNG file.
    read -r w h < <(od -An -tu4 --endian=big -j16 -N8 "$f")
    printf '  %s  %sx%s px, %s bytes\n' "$root/android/desktop/$f" "$w" "$h" "$(stat -c %s "$f")"
done
