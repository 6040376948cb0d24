import Foundation
import HnefiModel
import TaflCore
import XCTest

/// The iOS drawing goldens: the core's plans, drawn by the app's one interpreter
/// (`PlanPainter`) onto the SVG canvas, rasterised by a real SVG renderer (librsvg's
/// rsvg-convert, with DejaVu Sans for the coordinates) and compared with the PNGs in
/// `Goldens/`. `HNEFI_UPDATE_GOLDENS=1` writes them anew.
///
/// Tolerance: a pixel differs when one of its channels differs by more than 16 of 255; a
/// scene matches when at most 0.5 % of its pixels differ. The same renderer reproduces a golden
/// exactly; the tolerance absorbs a renderer's anti-aliasing, never a changed colour or shape
/// (a piece of an 11 x 11 board covers about 0.5 % of it alone).
@MainActor
final class GoldenTests: XCTestCase, @unchecked Sendable {
    static let folder = repositoryRoot.appendingPathComponent("ios/TaflKit/Tests/HnefiModelTests/Goldens")
    static let channelTolerance = 16
    static let pixelShare = 0.005

    /// rsvg-convert is missing or refused the SVG (tests/provision/swift.sh installs it).
    struct RenderFailed: Error {
        let status: Int32
    }

    struct Scene {
        let name: String
        let svg: String
    }

    func testBoardsAndTheChartMatchTheirGoldens() async throws {
        let update = ProcessInfo.processInfo.environment["HNEFI_UPDATE_GOLDENS"] == "1"
        let all = try await scenes()
        XCTAssertGreaterThanOrEqual(all.count, 6)
        var problems: [String] = []
        for scene in all {
            let png = try render(scene)
            let golden = Self.folder.appendingPathComponent("\(scene.name).png")
            if update {
                try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
                try png.write(to: golden)
                continue
            }
            guard let expected = try? Data(contentsOf: golden) else {
                problems.append("\(scene.name): no golden at \(golden.path) (HNEFI_UPDATE_GOLDENS=1 writes it)")
                continue
            }
            if let difference = try Self.difference(png, expected) {
                problems.append("\(scene.name): \(difference)")
            }
        }
        XCTAssertTrue(problems.isEmpty, "goldens differ:\n" + problems.joined(separator: "\n"))
    }

    /// Two scenes' goldens swapped: the comparison says so.
    func testASwappedGoldenIsCaught() async throws {
        let all = try await scenes()
        let light = try XCTUnwrap(all.first { $0.name == "copenhagen-light" })
        let darkGolden = try Data(contentsOf: Self.folder.appendingPathComponent("copenhagen-dark.png"))
        let lightGolden = try Data(contentsOf: Self.folder.appendingPathComponent("copenhagen-light.png"))
        let png = try render(light)
        XCTAssertNil(try Self.difference(png, lightGolden))
        XCTAssertNotNil(try Self.difference(png, darkGolden))
        let selected = try XCTUnwrap(all.first { $0.name == "brandubh-selected-light" })
        let colourBlind = try Data(contentsOf: Self.folder.appendingPathComponent("brandubh-colour-blind-dark.png"))
        XCTAssertNotNil(try Self.difference(try render(selected), colourBlind))
    }

    /// Nil when the images match within the tolerance; otherwise how much they differ.
    static func difference(_ a: Data, _ b: Data) throws -> String? {
        let x = try RGBAImage(png: a), y = try RGBAImage(png: b)
        guard x.width == y.width, x.height == y.height else {
            return "\(x.width)x\(x.height) against the golden's \(y.width)x\(y.height)"
        }
        var differing = 0
        for p in stride(from: 0, to: x.pixels.count, by: 4) {
            for k in 0..<4 where abs(Int(x.pixels[p + k]) - Int(y.pixels[p + k])) > channelTolerance {
                differing += 1
                break
            }
        }
        let share = Double(differing) / Double(x.width * x.height)
        return share > pixelShare ? String(format: "%d pixels (%.2f %%) differ", differing, share * 100) : nil
    }

    /// The scene as a PNG, drawn by rsvg-convert.
    func render(_ scene: Scene) throws -> Data {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hnefi-golden-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let svg = dir.appendingPathComponent("scene.svg"), png = dir.appendingPathComponent("scene.png")
        try scene.svg.write(to: svg, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["rsvg-convert", "--format", "png", "--output", png.path, svg.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw RenderFailed(status: process.terminationStatus)
        }
        return try Data(contentsOf: png)
    }

    // MARK: the scenes, each from the real core through the real model

    func scenes() async throws -> [Scene] {
        var out: [Scene] = []
        out.append(try await board("copenhagen-light", variant: .copenhagen))
        out.append(try await board("copenhagen-dark", variant: .copenhagen, dark: true))
        out.append(try await board("brandubh-selected-light", variant: .brandubh, moves: ["b4"]))
        out.append(try await board("brandubh-colour-blind-dark", variant: .brandubh, dark: true,
                                   settings: [(.colourBlind, true)], moves: ["b4", "b3"]))
        out.append(try await board("tablut-no-coordinates-light", variant: .tablut, settings: [(.coordinates, false)]))
        // Brandubh: "f5-e5" takes the defender on d5; drawn halfway through the slide.
        out.append(try await board("brandubh-capture-in-flight-light", variant: .brandubh,
                                   moves: ["b4", "b5", "e4", "e3", "b5", "c5", "c4", "b4", "f4", "f5", "b4", "b3", "f5", "e5"],
                                   inFlight: 0.5))
        out.append(try await chart())
        return out
    }

    /// A game's board after `moves` (squares activated in turn), drawn 360 points wide.
    func board(_ name: String, variant: Variant, dark: Bool = false, settings: [(SettingKind, Bool)] = [],
               moves: [String] = [], inFlight: Double? = nil) async throws -> Scene {
        let (model, _) = try await makeModel(testConfig(dark: dark))
        for (setting, on) in settings { model.send(.setSetting(setting: setting, on: on)) }
        model.send(.chooseVariant(variant: variant))
        model.send(.chooseOpponent(vsComputer: false))
        model.send(.newGame)
        for square in moves { model.activate(square) }
        try await model.settle()
        let game = try XCTUnwrap(model.game, name)
        let plan = game.board.plan
        var motion: MotionFrame?
        if let fraction = inFlight {
            let m = try XCTUnwrap(game.board.motion, "\(name): a motion")
            XCTAssertFalse(m.steps[0].taken.isEmpty, "\(name): the move takes a piece")
            motion = BoardMotion.frame(m, resting: plan.pieces, elapsedMs: Double(m.slideMs) * fraction)
            XCTAssertNotNil(motion)
        }
        var canvas = SVGCanvas(width: 360, height: 360, background: model.frame.look.chrome.background)
        PlanPainter(boardExtent: plan.extent, side: 360).draw(board: plan, motion: motion, on: &canvas)
        return Scene(name: name, svg: canvas.svg)
    }

    /// The review's chart of an analysed game (the scenario that analyses one), 360 x 140.
    func chart() async throws -> Scene {
        let json = try String(contentsOf: repositoryRoot.appendingPathComponent(
            "tests/scenarios/analyse-pressed-again-runs-again.events.json"), encoding: .utf8)
        let setup = try XCTUnwrap(scenarioSetup(json: json))
        let (model, _) = try await makeModel(testConfig(database: try temporaryDatabase(self), engine: setup.engine))
        for event in scenarioEvents(json: json) {
            model.send(event)
            try await model.settle()
        }
        let review = try XCTUnwrap(model.review, "the scenario ends on a review")
        var canvas = SVGCanvas(width: 360, height: 140, background: model.frame.look.chrome.surface)
        PlanPainter(chart: review.chart.plan, size: CGSize(width: 360, height: 140)).draw(review.chart.plan.ops, on: &canvas)
        return Scene(name: "review-chart-light", svg: canvas.svg)
    }
}
