import Foundation
import XCTest

/// rsvg-convert is missing or refused the SVG (tests/provision/swift.sh installs it).
struct RenderFailed: Error {
    let status: Int32
}

/// An SVG drawn to a PNG by rsvg-convert (librsvg, with DejaVu Sans for text), at the size the
/// SVG's width and height give: the goldens' renderer and the store screenshots'. `images` are
/// written beside the SVG, which names them in `<image href="NAME">` (librsvg loads no file
/// outside the SVG's folder).
func renderSVG(_ svg: String, images: [String: Data] = [:]) throws -> Data {
    #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
    // No processes on a simulator: the goldens are checked by `swift test` on Linux or macOS.
    throw XCTSkip("rsvg-convert runs on Linux and macOS only")
    #else
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hnefi-svg-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("drawing.svg"), png = dir.appendingPathComponent("drawing.png")
    try svg.write(to: file, atomically: true, encoding: .utf8)
    for (name, data) in images {
        try data.write(to: dir.appendingPathComponent(name))
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["rsvg-convert", "--format", "png", "--output", png.path, file.path]
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw RenderFailed(status: process.terminationStatus)
    }
    return try Data(contentsOf: png)
    #endif
}
