#!/usr/bin/env bash
# ios/build-xcframework.sh [--debug]
#
# On a Mac with Xcode and rustup: builds the core (tafl-core) as a static library for
#   aarch64-apple-ios          iPhone / iPad
#   aarch64-apple-ios-sim      simulator on Apple silicon  } one fat library (lipo)
#   x86_64-apple-ios           simulator on Intel Macs     }
#   aarch64-apple-darwin       macOS, so that `swift test` runs on the Mac  } one fat library
#   x86_64-apple-darwin        macOS on Intel                                }
# and packs them with the generated C header and module map (bindings/swift) into
# ios/TaflKit/TaflCoreFFI.xcframework, which the TaflKit package uses as a binary target on
# Apple platforms. Run it again after every change to core/ or bindings/.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"

# The workspace's `mobile` profile: fat LTO, one codegen unit, no debug info (Cargo.toml).
profile=mobile
[[ "${1:-}" == "--debug" ]] && profile=debug
[[ "$(uname -s)" == Darwin ]] || { echo "build-xcframework.sh: needs macOS with Xcode" >&2; exit 1; }
command -v xcodebuild >/dev/null || { echo "build-xcframework.sh: xcodebuild not found (install Xcode)" >&2; exit 1; }
command -v cargo >/dev/null || { echo "build-xcframework.sh: cargo not found (install rustup)" >&2; exit 1; }

IOS=aarch64-apple-ios
SIMS=(aarch64-apple-ios-sim x86_64-apple-ios)
MACS=(aarch64-apple-darwin x86_64-apple-darwin)
OUT="$ROOT/ios/TaflKit/TaflCoreFFI.xcframework"
WORK="$ROOT/ios/build/xcframework"
LIB=libtafl_core.a

# Keep these in step with `platforms:` in ios/TaflKit/Package.swift and project.yml.
export IPHONEOS_DEPLOYMENT_TARGET=17.0
export MACOSX_DEPLOYMENT_TARGET=14.0

if command -v rustup >/dev/null; then
    rustup target add "$IOS" "${SIMS[@]}" "${MACS[@]}"
fi

cargo_flags=()
[[ $profile == mobile ]] && cargo_flags+=(--profile mobile)
for target in "$IOS" "${SIMS[@]}" "${MACS[@]}"; do
    echo "== cargo: $target ($profile)"
    # Only the static library: the crate also declares cdylib and rlib outputs.
    cargo rustc -p tafl-core --lib "${cargo_flags[@]}" --target "$target" --crate-type staticlib
done

lib() { echo "$ROOT/target/$1/$profile/$LIB"; }

rm -rf "$WORK" "$OUT"
mkdir -p "$WORK/headers" "$WORK/ios-simulator" "$WORK/macos"
# The generated header, and the module map that names the clang module TaflCoreFFI, which the
# generated TaflCore.swift imports.
cp "$ROOT/bindings/swift/TaflCoreFFI.h" "$ROOT/bindings/swift/module.modulemap" "$WORK/headers/"

sim_libs=()
for t in "${SIMS[@]}"; do sim_libs+=("$(lib "$t")"); done
mac_libs=()
for t in "${MACS[@]}"; do mac_libs+=("$(lib "$t")"); done
lipo -create "${sim_libs[@]}" -output "$WORK/ios-simulator/$LIB"
lipo -create "${mac_libs[@]}" -output "$WORK/macos/$LIB"

xcodebuild -create-xcframework \
    -library "$(lib "$IOS")" -headers "$WORK/headers" \
    -library "$WORK/ios-simulator/$LIB" -headers "$WORK/headers" \
    -library "$WORK/macos/$LIB" -headers "$WORK/headers" \
    -output "$OUT"

echo "wrote $OUT"
