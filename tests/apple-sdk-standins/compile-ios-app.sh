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
# Availability: every top-level stand-in declaration carries Apple's `@available(iOS ...)`;
# one without fails the check. A declaration newer than the app's deployment target (iOS in
# ios/project.yml) is made unavailable before compiling, so that a view using it fails, as
# Xcode would fail it without an `if #available`. A probe shows that this refusal works.
#
# Apple's interface: check-api-list.py (host python3, before anything is compiled) compares
# every stand-in declaration with apple-api.txt, the list of Apple's symbols and the iOS version
# each was introduced in, and fails on a symbol the list lacks, an @available that differs, or
# a stand-in helper named by the app; a probe shows that it refuses both. On a Mac with Xcode
# the list itself is compared with the real iOS SDK's symbol graphs.
#
# Linux: runs in the Debian trixie chroot with swiftlang (tests/provision/swift.sh), like
# ios/run-tests.sh, after which HnefiModel is already built. macOS: the real SDK is there, so
# this builds HnefiUI with `swift build` (macOS 14) and, with Xcode and XcodeGen installed, the
# app for the iOS simulator with xcodebuild; no stand-ins, no root. The caller builds the core
# first (cargo build --release -p tafl-core --lib on Linux; ios/build-xcframework.sh on a Mac).
#
# Environment: TAFL_CACHE (default ~/.cache/tafl-toolchains), as for ios/run-tests.sh.
set -euo pipefail

# The stand-in modules, each after the modules it imports.
MODULES=(CoreGraphics UIKit SwiftUI Accessibility AVFoundation)

# The deployment target's major and minor version, from the XcodeGen spec.
deployment_target() {
    sed -n 's/^ *iOS: *"\{0,1\}\([0-9][0-9.]*\)"\{0,1\} *$/\1/p' "$1/ios/project.yml" | head -n 1
}

# Copies the stand-ins of module $1 from $2 to $3, each declaration newer than iOS $4 made
# unavailable; fails on a top-level declaration without @available.
prepare() {
    local module="$1" from="$2" to="$3" target="$4"
    mkdir -p "$to/$module"
    local f
    for f in "$from/$module"/*.swift; do
        perl -e '
            my ($file, $target) = @ARGV;
            my ($tmaj, $tmin) = split /\./, "$target.0";
            open my $in, "<", $file or die "$file: $!";
            my ($depth, $pending, $line, $bad) = (0, 0, 0, 0);
            while (my $s = <$in>) {
                $line++;
                if ($s =~ /^(\s*)\@available\((?:iOS (\d+)(?:\.(\d+))?)?/) {
                    $pending = 1;
                    my ($maj, $min) = ($2 // 0, $3 // 0);
                    if ($maj > $tmaj || ($maj == $tmaj && $min > $tmin)) {
                        $s .= "$1\@available(*, unavailable, message: \"iOS $maj.$min: newer than the deployment target, iOS $target\")\n";
                    }
                } elsif ($s =~ /^\s*(?:\@\w+(?:\([^)]*\))?\s+)*(?:(?:public|open|nonisolated|final|static|class|mutating)\s+)*(?:struct|class|enum|protocol|extension|func|var|let|init|subscript|typealias)\b/) {
                    if ($depth == 0 && !$pending) {
                        print STDERR "$file:$line: no \@available on: $s";
                        $bad = 1;
                    }
                    $pending = 0;
                }
                my $code = $s;
                $code =~ s{//.*}{};
                $depth += () = $code =~ /\{/g;
                $depth -= () = $code =~ /\}/g;
                print $s;
            }
            exit $bad;
        ' "$f" "$target" >"$to/$module/$(basename "$f")"
    done
}

compile() {
    local root="$1" here="$1/tests/apple-sdk-standins" pkg="$1/ios/TaflKit"
    # Not local: the EXIT trap removes it after this function has returned.
    out="$(mktemp -d)"
    trap 'rm -rf "$out"' EXIT
    mkdir -p "$out/sdk" "$out/deps" "$out/obj" "$out/src"
    local target
    target="$(deployment_target "$root")"
    [[ -n "$target" ]] || { echo "compile-ios-app.sh: no iOS deployment target in ios/project.yml" >&2; return 1; }

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
        prepare "$m" "$here" "$out/src" "$target"
        swiftc -emit-module -parse-as-library -swift-version 6 -enable-library-evolution -suppress-warnings \
            -module-name "$m" -I "$out/sdk" -emit-module-path "$out/sdk/$m.swiftmodule" "$out/src/$m"/*.swift
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

    # The probe: an API one minor version past the deployment target, used by a view, must be
    # refused.
    mkdir -p "$out/probe/Probe"
    local major="${target%%.*}" minor=0
    [[ "$target" == *.* ]] && minor="${target#*.}" && minor="${minor%%.*}"
    local newer="$major.$((minor + 1))"
    printf '@available(iOS %s, *)\npublic func newerThanTheTarget() {}\n' "$newer" >"$out/probe/Probe/Probe.swift"
    prepare Probe "$out/probe" "$out/src" "$target"
    swiftc -emit-module -parse-as-library -swift-version 6 -suppress-warnings -module-name Probe \
        -emit-module-path "$out/sdk/Probe.swiftmodule" "$out/src/Probe/Probe.swift"
    printf 'import Probe\nfunc use() { newerThanTheTarget() }\n' >"$out/probe/use.swift"
    if swiftc -typecheck -swift-version 6 -I "$out/sdk" "$out/probe/use.swift" 2>"$out/probe.log"; then
        echo "compile-ios-app.sh: an API of iOS $newer was accepted with the deployment target iOS $target" >&2
        return 1
    fi
    grep -q "unavailable" "$out/probe.log" || { cat "$out/probe.log"; return 1; }
    echo "an API of iOS $newer is refused (deployment target iOS $target)"
}

# The stand-ins against apple-api.txt, with its probe; the app's sources may not name a helper
# that only the stand-ins have.
check_api_list() {
    local root="$1"
    python3 "$root/tests/apple-sdk-standins/check-api-list.py" --probe \
        --names "$root/ios/App" "$root/ios/TaflKit/Sources/HnefiUI"
}

# macOS: the real SDK. HnefiUI for macOS 14 with SwiftPM; the app for the iOS simulator when
# Xcode and XcodeGen are installed; apple-api.txt against the iOS SDK's symbol graphs.
compile_on_mac() {
    local root="$1"
    check_api_list "$root"
    local sdk
    if sdk="$(xcrun --sdk iphoneos --show-sdk-path 2>/dev/null)" && [[ -n "$sdk" ]]; then
        local graphs
        graphs="$(mktemp -d)"
        python3 "$root/tests/apple-sdk-standins/check-api-list.py" --sdk "$sdk" "arm64-apple-ios$(deployment_target "$root")" "$graphs" \
            || { rm -rf "$graphs"; return 1; }
        rm -rf "$graphs"
    else
        echo "no iOS SDK (Xcode): apple-api.txt was not compared with the real SDK (ios/README.md)"
    fi
    swift build --package-path "$root/ios/TaflKit" --target HnefiUI
    echo "HnefiUI builds against the macOS SDK"
    if command -v xcodebuild >/dev/null && command -v xcodegen >/dev/null; then
        (cd "$root/ios" && xcodegen generate --quiet)
        xcodebuild -quiet -project "$root/ios/Hnefi.xcodeproj" -scheme Hnefi \
            -destination 'generic/platform=iOS Simulator' CODE_SIGNING_ALLOWED=NO build
        echo "the app builds for the iOS simulator"
    else
        echo "xcodebuild or xcodegen missing: the app target was not built (ios/README.md)"
    fi
}

if [[ "${1:-}" == --in-chroot ]]; then
    compile "$2"
    exit 0
fi

ROOT="$(cd "${1:-$(dirname "$0")/../..}" && pwd)"
start=$SECONDS
if [[ "$(uname -s)" == Darwin ]]; then
    compile_on_mac "$ROOT"
    exit 0
fi
check_api_list "$ROOT" || { echo "the stand-ins FAILED the check against apple-api.txt" >&2; exit 1; }
CACHE="${TAFL_CACHE:-$HOME/.cache/tafl-toolchains}/swift"
LIB="$ROOT/target/release/libtafl_core.so"
[[ -f "$LIB" ]] || { echo "compile-ios-app.sh: $LIB is missing; run: cargo build --release -p tafl-core --lib" >&2; exit 2; }
"$ROOT/tests/provision/swift.sh" --check "$CACHE" || exit 2

if "$CACHE/swift-run.sh" "$ROOT" bash "$ROOT/tests/apple-sdk-standins/compile-ios-app.sh" --in-chroot "$ROOT"; then
    echo "the iOS views and app compile against the Apple SDK stand-ins ($((SECONDS - start)) s)"
else
    echo "the iOS views or app FAILED to compile against the Apple SDK stand-ins" >&2
    exit 1
fi
