#!/usr/bin/env bash
# The project's one test command: formatting, lints, and every test suite.
#
#   tests/run.sh            everything
#   tests/run.sh rust       only the Rust checks and tests
#   tests/run.sh kotlin     the Kotlin suites: the bindings against the real core, the real
#                           Android app (resources, Robolectric, APKs, R8, size budgets), and
#                           the Android shell on the desktop JVM (the parity scenarios)
#   tests/run.sh swift      the Swift suites, in a trixie chroot: the bindings and the iOS
#                           model against the real core (the parity scenarios, drawing goldens),
#                           and the iOS views and app compiled against the SDK stand-ins
#   tests/run.sh store      what the app stores need: one version everywhere, the iOS privacy
#                           manifest against the shipped code, the store listings; and the
#                           build definitions for what runs elsewhere (.github/workflows,
#                           actionlint)
# The full run ends by checking that both shells replayed every parity scenario
# (tests/scenarios) to the core's own traces.
#
# It provisions what it needs by itself on a fresh machine and caches it outside the repository
# (in $TAFL_CACHE, by default ~/.cache/tafl-toolchains).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
export TAFL_CACHE="${TAFL_CACHE:-$HOME/.cache/tafl-toolchains}"
only="${1:-all}"

# Each step says how long the run has taken so far, so that a slow step shows in CI's log.
step() { printf '\n== %s (at %dm%02ds) ==\n' "$*" $((SECONDS / 60)) $((SECONDS % 60)); }

rust() {
    step "cargo fmt --check"
    cargo fmt --all -- --check
    step "cargo clippy (warnings denied)"
    cargo clippy -p tafl-core --all-targets --release -- -D warnings
    # Without the `ffi` feature the crate has no UniFFI at all (core/Cargo.toml).
    step "cargo check --no-default-features (the core without UniFFI)"
    cargo check -p tafl-core --lib --release --no-default-features
    step "cargo test (release: perft(4) walks 50 million leaves)"
    cargo test -p tafl-core --release
    step "cargo test (ci-debug: optimised, with debug assertions and overflow checks)"
    cargo test -p tafl-core --profile ci-debug
    # The tests re-prove a sample of the shipped puzzles; this re-proves every one.
    step "tafl puzzle --check core/data/puzzles.csv (every puzzle proved again)"
    cargo run -q --release --bin tafl -- puzzle --check core/data/puzzles.csv
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
    step "Kotlin: the real Android app: resources, Robolectric, APKs, R8, sizes"
    tests/android-app/run.sh "$ROOT"
    step "Kotlin: the Android shell on the desktop JVM (the parity scenarios through the view model)"
    android/run-tests.sh "$ROOT"
}

swift() {
    library
    # Provisioning is apart from running: root makes the chroot once (network); anyone runs
    # the tests in it afterwards. Without root, a missing chroot stops here with the command.
    if [[ "$(uname -s)" != Darwin ]]; then
        step "Swift: the trixie chroot with swiftlang (made once, then reused)"
        if [[ -n "${PROVISION_STATUS:-}" ]]; then
            # Started at the beginning of the run (see below); this function runs in a
            # subshell, which cannot `wait` for it, so it waits for its status file.
            while [[ ! -s "$PROVISION_STATUS" ]]; do sleep 2; done
            cat "$PROVISION_LOG"
            local status
            status="$(cat "$PROVISION_STATUS")"
            [[ $status -eq 0 ]] || { echo "provisioning the Swift chroot failed ($status)" >&2; exit 1; }
        elif [[ $EUID -eq 0 ]]; then
            tests/provision/swift.sh "$TAFL_CACHE/swift"
        else
            tests/provision/swift.sh --check "$TAFL_CACHE/swift"
        fi
    fi
    step "Swift: the generated bindings and the iOS model (swift test on Linux)"
    ios/run-tests.sh "$ROOT"
    step "Swift: the iOS views and app, compiled against the Apple SDK stand-ins"
    tests/apple-sdk-standins/compile-ios-app.sh "$ROOT"
}

# What the App Store and Google Play need from the repository (tests/store-readiness).
store() {
    step "store readiness: one version, the privacy manifest, the store listings"
    tests/store-readiness/run.sh
    step "the build definitions for a Mac and for the Android SDK (actionlint on .github/workflows)"
    tests/workflows/run.sh
}

# Both shells replayed every scenario of tests/scenarios through their real model and got the
# core's trace, step by step (each suite fails on its own at the first differing step; this
# checks that neither skipped a scenario).
parity() {
    step "parity: both shells against the core's traces"
    local want kotlin swift
    want="$(find tests/scenarios -name '*.events.json' | wc -l)"
    kotlin="$(sed -n 's/^parity (Kotlin): \([0-9]*\) scenarios equal$/\1/p' "$LOG" | tail -1)"
    swift="$(sed -n 's/^parity (Swift): \([0-9]*\) scenarios equal$/\1/p' "$LOG" | tail -1)"
    if [[ "$kotlin" != "$want" || "$swift" != "$want" ]]; then
        echo "parity: $want scenarios, but Kotlin replayed ${kotlin:-none} and Swift ${swift:-none}" >&2
        exit 1
    fi
    echo "parity: $want scenarios, Kotlin and Swift traces equal"
}

# Every step's output also goes to a log, from which the closing tally is counted.
LOG="$(mktemp)"
trap 'rm -f "$LOG" "${PROVISION_LOG:-}" "${PROVISION_STATUS:-}"' EXIT
run() { "$@" 2>&1 | tee -a "$LOG"; }

# Making the Swift chroot is mostly download (about 2.5 minutes on a fresh machine): in the
# full run it goes on in the background while Rust compiles, and swift() waits for it.
if [[ "$only" == all && "$(uname -s)" != Darwin && $EUID -eq 0 ]]; then
    PROVISION_LOG="$(mktemp)"
    PROVISION_STATUS="$(mktemp)"
    (
        status=0
        tests/provision/swift.sh "$TAFL_CACHE/swift" >"$PROVISION_LOG" 2>&1 || status=$?
        echo "$status" >"$PROVISION_STATUS"
    ) &
fi

case "$only" in
    all) run rust; run bindings; run store; run kotlin; run swift; run parity ;;
    rust) run rust ;;
    store) run store ;;
    kotlin) run kotlin ;;
    swift) run swift ;;
    *) echo "usage: tests/run.sh [all|rust|kotlin|swift|store]" >&2; exit 2 ;;
esac
step "all suites passed"
# One plain closing line over every runner: cargo's "test result" lines, Surefire's totals
# (the lines without " -- in "), and XCTest's "All tests" total.
python3 - "$LOG" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8", errors="replace").read()
passed = failed = 0
for p, f in re.findall(r"test result: \w+\. (\d+) passed; (\d+) failed", text):
    passed += int(p); failed += int(f)
for line in text.splitlines():
    m = re.search(r"Tests run: (\d+), Failures: (\d+), Errors: (\d+), Skipped: (\d+)$", line)
    if m and " -- in " not in line:
        run, fail, err, skip = map(int, m.groups())
        passed += run - fail - err - skip; failed += fail + err
for n, f in re.findall(r"Executed (\d+) tests?, with (\d+) failures?", text.split("Test Suite 'All tests'")[-1] if "Test Suite 'All tests'" in text else ""):
    passed += int(n) - int(f); failed += int(f)
print(f"{passed} passed, {failed} failed")
PY
