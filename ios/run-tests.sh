#!/usr/bin/env bash
# ios/run-tests.sh [REPO_ROOT]
#
# Runs `swift test` for the Swift package ios/TaflKit (the API tests of the generated bindings
# and the app model's tests) on Linux, inside the cached Debian trixie chroot with swiftlang,
# linked against the real core library. The caller builds the core first:
#
#     cargo build --release -p tafl-core --lib     # target/release/libtafl_core.so
#
# Environment: TAFL_CACHE (default ~/.cache/tafl-toolchains): the chroot lives in
# $TAFL_CACHE/swift and is made there on the first run (tests/provision/swift.sh).
# SWIFT_TEST_ARGS: extra arguments for `swift test` (e.g. "--filter HnefiModelTests").
# Prints swift test's summary lines last; the exit status is swift test's.
set -euo pipefail
ROOT="$(cd "${1:-$(dirname "$0")/..}" && pwd)"
CACHE="${TAFL_CACHE:-$HOME/.cache/tafl-toolchains}/swift"
PKG="ios/TaflKit"
LIB="$ROOT/target/release/libtafl_core.so"

[[ -f "$LIB" ]] || { echo "ios/run-tests.sh: $LIB is missing; run: cargo build --release -p tafl-core --lib" >&2; exit 2; }
"$ROOT/tests/provision/swift.sh" "$CACHE"

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
start=$SECONDS
set +e
# shellcheck disable=SC2086  # SWIFT_TEST_ARGS is a list of words on purpose
"$CACHE/swift-run.sh" "$ROOT" env TAFL_FFI_LIB_DIR="$ROOT/target/release" \
    HNEFI_UPDATE_GOLDENS="${HNEFI_UPDATE_GOLDENS:-}" \
    swift test --package-path "$PKG" ${SWIFT_TEST_ARGS:-} 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
set -e
echo
echo "== swift test summary ($PKG, $((SECONDS - start)) s) =="
{
    grep -E "error:" "$log" | head -n 20
    grep -A1 -E "^Test Suite 'All tests' (passed|failed)" "$log" | tail -n 2
    grep -E "Test run with [0-9]+ tests?" "$log" | tail -n 1
} || true
if [[ $rc -ne 0 ]]; then
    echo "swift test FAILED (exit $rc)"
else
    echo "swift test passed"
fi
exit "$rc"
