#!/usr/bin/env bash
# ios/run-tests.sh [REPO_ROOT]
#
# Runs `swift test` for the Swift package ios/TaflKit: the API tests of the generated bindings,
# and the app model's tests (the parity scenarios, the drawing goldens) against the real core.
#
# Linux: inside the cached Debian trixie chroot with swiftlang, linked against
# target/release/libtafl_core.so. The chroot is made once by tests/provision/swift.sh (as root,
# with the network); this script only runs it, as any user. Build the core first:
#
#     cargo build --release -p tafl-core --lib
#
# macOS: the installed Swift (Xcode or a toolchain), no chroot and no root; the package links
# ios/TaflKit/TaflCoreFFI.xcframework, made by ios/build-xcframework.sh. The goldens need
# rsvg-convert on the PATH (ios/README.md).
#
# Environment: TAFL_CACHE (default ~/.cache/tafl-toolchains): the chroot lives in
# $TAFL_CACHE/swift. SWIFT_TEST_ARGS: extra arguments for `swift test` (e.g. "--filter
# HnefiModelTests"). HNEFI_UPDATE_GOLDENS=1 writes the drawing goldens anew;
# HNEFI_STORE_SCREENSHOTS=1 writes the App Store's screenshots (ios/fastlane/screenshots).
# Prints swift test's summary lines last; the exit status is swift test's.
set -euo pipefail
ROOT="$(cd "${1:-$(dirname "$0")/..}" && pwd)"
CACHE="${TAFL_CACHE:-$HOME/.cache/tafl-toolchains}/swift"
PKG="ios/TaflKit"

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
start=$SECONDS
set +e
if [[ "$(uname -s)" == Darwin ]]; then
    [[ -d "$ROOT/$PKG/TaflCoreFFI.xcframework" ]] || { echo "ios/run-tests.sh: run ios/build-xcframework.sh first" >&2; exit 2; }
    # shellcheck disable=SC2086  # SWIFT_TEST_ARGS is a list of words on purpose
    (cd "$ROOT" && HNEFI_UPDATE_GOLDENS="${HNEFI_UPDATE_GOLDENS:-}" HNEFI_STORE_SCREENSHOTS="${HNEFI_STORE_SCREENSHOTS:-}" swift test --package-path "$PKG" ${SWIFT_TEST_ARGS:-}) 2>&1 | tee "$log"
    rc=${PIPESTATUS[0]}
else
    LIB="$ROOT/target/release/libtafl_core.so"
    [[ -f "$LIB" ]] || { echo "ios/run-tests.sh: $LIB is missing; run: cargo build --release -p tafl-core --lib" >&2; exit 2; }
    "$ROOT/tests/provision/swift.sh" --check "$CACHE" || exit 2
    # shellcheck disable=SC2086  # SWIFT_TEST_ARGS is a list of words on purpose
    "$CACHE/swift-run.sh" "$ROOT" env TAFL_FFI_LIB_DIR="$ROOT/target/release" \
        HNEFI_UPDATE_GOLDENS="${HNEFI_UPDATE_GOLDENS:-}" HNEFI_STORE_SCREENSHOTS="${HNEFI_STORE_SCREENSHOTS:-}" \
        swift test --package-path "$PKG" ${SWIFT_TEST_ARGS:-} 2>&1 | tee "$log"
    rc=${PIPESTATUS[0]}
fi
set -e
echo
echo "== swift test summary ($PKG, $((SECONDS - start)) s) =="
{
    grep -E "error:" "$log" | head -n 20
    grep -E "^parity \(Swift\)" "$log"
    grep -A1 -E "^Test Suite 'All tests' (passed|failed)" "$log" | tail -n 2
} || true
if [[ $rc -ne 0 ]]; then
    echo "swift test FAILED (exit $rc)"
else
    echo "swift test passed"
fi
exit "$rc"
