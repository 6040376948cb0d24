#!/usr/bin/env bash
# The project's one test command: formatting, lints, and every test suite.
#
#   tests/run.sh            everything
#   tests/run.sh rust       only the Rust checks and tests
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

case "$only" in
    all) rust; bindings ;;
    rust) rust ;;
    *) echo "usage: tests/run.sh [all|rust]" >&2; exit 2 ;;
esac
step "all suites passed"
