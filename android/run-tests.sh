#!/usr/bin/env bash
# Compiles the Android app's shared UI sources (android/ui) and the generated bindings for the
# desktop JVM with Compose Multiplatform, and runs their tests against the real core: the
# parity scenarios through the real view model, and the check that no word of the app is
# written in Kotlin. The real app's own tests (Robolectric, goldens, the APK) are in
# tests/android-app.
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
cd "$root/android/desktop"
# The log goes under target/ (ignored by git), so that a failed run leaves no file to commit.
mkdir -p target
mvn -B test -Dtafl.libdir="$libdir" | tee target/parity.log | grep -v '^\[INFO\] Download'
grep -h '^parity (Kotlin)' target/parity.log || true
