#!/usr/bin/env bash
# Builds the core library and writes its Kotlin and Swift bindings into bindings/kotlin and
# bindings/swift (or into OUT_DIR/kotlin and OUT_DIR/swift when given, for the staleness check).
#
#   bindings/generate.sh [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-bindings}"
cargo build --release -p tafl-core --lib
# The generator runs for a second: build it unoptimised (an optimised build of its dependencies
# takes minutes longer on a cold machine).
cargo build -p uniffi-bindgen
lib="target/release/libtafl_core.so"
[[ "$(uname)" == Darwin ]] && lib="target/release/libtafl_core.dylib"
rm -rf "$out/kotlin" "$out/swift"
# In library mode the generator reads core/uniffi.toml by itself.
target/debug/uniffi-bindgen generate --library "$lib" --language kotlin \
    --out-dir "$out/kotlin" --no-format
target/debug/uniffi-bindgen generate --library "$lib" --language swift \
    --out-dir "$out/swift" --no-format
# SwiftPM wants the module map under this exact name.
mv "$out/swift/TaflCoreFFI.modulemap" "$out/swift/module.modulemap"
echo "bindings written to $out/kotlin and $out/swift"
