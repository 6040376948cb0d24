#!/usr/bin/env bash
# The project's one test command: formatting, lints, and every test suite.
#
#   tests/run.sh            everything
#   tests/run.sh rust       only the Rust checks and tests
#   tests/run.sh kotlin     the Kotlin suites (bindings tests, Android UI on the desktop JVM)
#   tests/run.sh swift      the Swift suites (bindings tests, iOS model), in a trixie chroot
#
# It provisions what it needs by itself on a fresh machine and caches it outside the repository
# (in $TAFL_CACHE, by default ~/.cache/tafl-toolchains).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
export TAFL_CACHE="${TAFL_CACHE:-$HOME/.cache/tafl-toolchains}"
only="${1:-all}"

step() { printf '\n== %s ==\n' "$*"; }

rust() {
    step "cargo fmt --check"
    cargo fmt --all -- --check
    step "cargo clippy (warnings denied)"
    cargo clippy -p tafl-core --all-targets --release -- -D warnings
    step "cargo test (release: perft(4) walks 50 million leaves)"
    cargo test -p tafl-core --release
}

bindings() {
    step "generated bindings are up to date"
    local fresh
    fresh="$(mktemp -d)"
    bindings/generate.sh "$fresh" >/dev/null
    if ! diff -r "$fresh/kotlin" bindings/kotlin >/dev/null || ! diff -r "$fresh/swift" bindings/swift >/dev/null; then
        diff -r "$fresh" bindings | head -20 || true
        echo "bindings/ is stale: run bindings/generate.sh and commit the result" >&2
        exit 1
    fi
    rm -rf "$fresh"
    echo "bindings match the core"
}

# The library the Kotlin and Swift suites load (bindings/generate.sh builds it too).
library() {
    cargo build --release -p tafl-core --lib
}

kotlin() {
    library
    step "Kotlin: the generated bindings against the real core (host JVM, JUnit 5)"
    tests/kotlin/run.sh "$ROOT"
    step "Kotlin: the Android UI on the desktop JVM (view model, Compose UI, screenshots)"
    android/run-tests.sh "$ROOT"
}

swift() {
    library
    step "Swift: the generated bindings and the iOS model (swift test on Linux)"
    ios/run-tests.sh "$ROOT"
}

case "$only" in
    all) rust; bindings; kotlin; swift ;;
    rust) rust ;;
    kotlin) kotlin ;;
    swift) swift ;;
    *) echo "usage: tests/run.sh [all|rust|kotlin|swift]" >&2; exit 2 ;;
esac
step "all suites passed"
