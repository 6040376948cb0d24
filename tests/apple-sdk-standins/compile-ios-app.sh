#!/usr/bin/env bash
# tests/apple-sdk-standins/compile-ios-app.sh [REPO_ROOT]
#
# Compiles the Swift sources that only an Apple build would otherwise compile — the SwiftUI
# views (ios/TaflKit/Sources/HnefiUI, whose `#if canImport(SwiftUI)` branch is taken here) and
# the app target (ios/App) — on Linux, against the declaration-only stand-ins of Apple's
# modules in this folder (README.md) and the real HnefiModel and TaflCore modules. Swift 6
# language mode, as the package and the Xcode project use; a full compile to object files, so
# that the diagnostics that come after type checking (data-race regions, definite
# initialisation) run too. Nothing is linked or run. Any error or warning fails the check.
#
# Runs in the Debian trixie chroot with swiftlang (tests/provision/swift.sh), like
# ios/run-tests.sh, after which HnefiModel is already built: `swift build --build-tests` below
# then only checks that. The caller builds the core first:
#
#     cargo build --release -p tafl-core --lib
#
# Environment: TAFL_CACHE (default ~/.cache/tafl-toolchains), as for ios/run-tests.sh.
set -euo pipefail

# The stand-in modules, each after the modules it imports.
MODULES=(CoreGraphics CoreTransferable UIKit SwiftUI Accessibility AVFoundation)

compile() {
    local root="$1" here="$1/tests/apple-sdk-standins" pkg="$1/ios/TaflKit"
    # Not local: the EXIT trap removes it after this function has returned.
    out="$(mktemp -d)"
    trap 'rm -rf "$out"' EXIT
    mkdir -p "$out/sdk" "$out/deps" "$out/obj"

    # The app's own modules: the same build as `swift test` (ios/run-tests.sh), so nothing is
    # rebuilt after it.
    env TAFL_FFI_LIB_DIR="$root/target/release" swift build --build-tests --package-path "$pkg" >"$out/build.log" 2>&1 \
        || { cat "$out/build.log"; return 1; }
    local bin
    bin="$(swift build --build-tests --package-path "$pkg" --show-bin-path)"
    # Only the modules the views may import. The package's own HnefiUI module (compiled
    # without SwiftUI, so empty) must not be found instead of the one compiled here.
    ln -s "$bin/Modules/HnefiModel.swiftmodule" "$bin/Modules/TaflCore.swiftmodule" "$out/deps/"

    # The stand-ins: interfaces only. Library evolution as in Apple's SDK (a switch over a
    # non-frozen SDK enum needs `@unknown default`); their own warnings (Linux Foundation is not
    # built for library evolution) are not the app's business.
    local m
    for m in "${MODULES[@]}"; do
        swiftc -emit-module -parse-as-library -swift-version 6 -enable-library-evolution -suppress-warnings \
            -module-name "$m" -I "$out/sdk" -emit-module-path "$out/sdk/$m.swiftmodule" "$here/$m"/*.swift
    done

    local common=(-c -wmo -parse-as-library -swift-version 6 -Onone -DDEBUG -warnings-as-errors
                  -I "$out/sdk" -I "$out/deps" -I "$pkg/Sources/TaflCoreFFI")
    echo "HnefiUI: $(cd "$pkg/Sources/HnefiUI" && echo *.swift)"
    swiftc "${common[@]}" -DSWIFT_PACKAGE -module-name HnefiUI \
        -emit-module -emit-module-path "$out/deps/HnefiUI.swiftmodule" -o "$out/obj/HnefiUI.o" \
        "$pkg"/Sources/HnefiUI/*.swift
    # The app target's module is named after its product (project.yml: PRODUCT_NAME Hnefi).
    echo "App (module Hnefi): $(cd "$root/ios/App" && echo *.swift)"
    swiftc "${common[@]}" -module-name Hnefi -o "$out/obj/Hnefi.o" "$root"/ios/App/*.swift
}

if [[ "${1:-}" == --in-chroot ]]; then
    compile "$2"
    exit 0
fi

ROOT="$(cd "${1:-$(dirname "$0")/../..}" && pwd)"
CACHE="${TAFL_CACHE:-$HOME/.cache/tafl-toolchains}/swift"
LIB="$ROOT/target/release/libtafl_core.so"
[[ -f "$LIB" ]] || { echo "compile-ios-app.sh: $LIB is missing; run: cargo build --release -p tafl-core --lib" >&2; exit 2; }
"$ROOT/tests/provision/swift.sh" "$CACHE"

start=$SECONDS
if "$CACHE/swift-run.sh" "$ROOT" bash "$ROOT/tests/apple-sdk-standins/compile-ios-app.sh" --in-chroot "$ROOT"; then
    echo "the iOS views and app compile against the Apple SDK stand-ins ($((SECONDS - start)) s)"
else
    echo "the iOS views or app FAILED to compile against the Apple SDK stand-ins" >&2
    exit 1
fi
