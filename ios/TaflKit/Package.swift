// swift-tools-version:6.0
// TaflKit: everything of the iOS app that is not the app target itself.
//
//   TaflCoreFFI   the core's C interface (generated header + module map, symlinked from
//                 bindings/swift). Linux: a system library linked against the Rust cdylib
//                 target/release/libtafl_core.so. Apple: the XCFramework that
//                 ios/build-xcframework.sh makes (static library + the same header).
//   TaflCore      the generated Swift bindings (symlink to bindings/swift/TaflCore.swift).
//   HnefiModel    the app's logic: the @Observable game model, the start screen's model,
//                 texts in English, French and German, the rules text. No SwiftUI.
//   HnefiUI       thin SwiftUI views over HnefiModel, behind `#if canImport(SwiftUI)`.
//
// Tests: TaflCoreTests (the exported API against the real core) and HnefiModelTests.
// Swift 6 language mode (tools version 6.0).
import PackageDescription

var ffiTargets: [Target] = []
var coreLinkerSettings: [LinkerSetting] = []
#if os(Linux)
// Directory holding libtafl_core.so (`cargo build --release -p tafl-core --lib`).
// Override with TAFL_FFI_LIB_DIR.
let rustLibDir = Context.environment["TAFL_FFI_LIB_DIR"]
    ?? "\(Context.packageDirectory)/../../target/release"
ffiTargets.append(.systemLibrary(name: "TaflCoreFFI", path: "Sources/TaflCoreFFI"))
coreLinkerSettings = [
    .linkedLibrary("tafl_core"),
    .unsafeFlags(["-L", rustLibDir, "-Xlinker", "-rpath", "-Xlinker", rustLibDir]),
    // swiftlang/swift#75670: libswiftObservation.so on Linux has undefined symbols.
    .unsafeFlags(["-Xlinker", "--allow-shlib-undefined"]),
]
#else
// Made by ../build-xcframework.sh; it holds libtafl_core.a for iOS, the iOS simulator and
// macOS, and Headers/ with TaflCoreFFI.h and a module map for the module TaflCoreFFI. Declared
// only on Apple hosts: a path binary target whose artifact is missing breaks the manifest.
ffiTargets.append(.binaryTarget(name: "TaflCoreFFI", path: "TaflCoreFFI.xcframework"))
#endif

let package = Package(
    name: "TaflKit",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "TaflCore", targets: ["TaflCore"]),
        .library(name: "HnefiModel", targets: ["HnefiModel"]),
        .library(name: "HnefiUI", targets: ["HnefiUI"]),
    ],
    targets: ffiTargets + [
        .target(
            name: "TaflCore",
            dependencies: ["TaflCoreFFI"],
            linkerSettings: coreLinkerSettings
        ),
        .target(name: "HnefiModel", dependencies: ["TaflCore"]),
        .target(name: "HnefiUI", dependencies: ["HnefiModel"]),
        .testTarget(name: "TaflCoreTests", dependencies: ["TaflCore", "HnefiModel"]),
        // The goldens and their scenes are read by path (the Android desktop suite reads them too).
        .testTarget(name: "HnefiModelTests", dependencies: ["HnefiModel", "TaflCore"], exclude: ["Goldens"]),
    ]
)
