import Foundation
import HnefiModel
import TaflCore
import XCTest

/// The iOS drawing goldens: the core's plans, drawn by the app's one interpreter
/// (`PlanPainter`) onto the SVG canvas, rasterised by a real SVG renderer (librsvg's
/// rsvg-convert, with DejaVu Sans for the coordinates) and compared with the PNGs in
/// `Goldens/`. Each golden's scene is `Goldens/NAME.scene.json` (a parity scenario and what to
/// draw of its last frame); the Android desktop suite plays the same files and compares the
/// Android drawing with these PNGs (android/ui/src/test/kotlin/app/hnefi/ui/
/// CrossPlatformBoardTest.kt, with its own tolerance for two renderers). `HNEFI_UPDATE_GOLDENS=1`
/// writes them anew.
///
/// Tolerance: a pixel differs when one of its channels differs by more than 16 of 255; a
/// scene matches when at most 0.5 % of its pixels differ. The same renderer reproduces a golden
/// exactly; the tolerance absorbs a renderer's anti-aliasing, never a changed colour or shape
/// (a piece of an 11 x 11 board covers about 0.5 % of it alone). No drawing may match another
/// scene's golden, so that two goldens swapped fail.
@MainActor
final class GoldenTests: XCTestCase, @unchecked Sendable {
    static let folder = repositoryRoot.appendingPathComponent("ios/TaflKit/Tests/HnefiModelTests/Goldens")
    static let channelTolerance = 16
    static let pixelShare = 0.005

    struct Scene {
        let name: String
        let svg: String
    }

    func testBoardsAndTheChartMatchTheirGoldens() async throws {
        let update = ProcessInfo.processInfo.environment["HNEFI_UPDATE_GOLDENS"] == "1"
        let all = try await scenes()
        XCTAssertGreaterThanOrEqual(all.count, 6)
        var problems: [String] = []
        var rendered: [String: RGBAImage] = [:]
        var goldens: [String: RGBAImage] = [:]
        for scene in all {
            let png = try render(scene)
            rendered[scene.name] = try RGBAImage(png: png)
            let golden = Self.folder.appendingPathComponent("\(scene.name).png")
            if update {
                try png.write(to: golden)
                continue
            }
            guard let data = try? Data(contentsOf: golden) else {
                problems.append("\(scene.name): no golden at \(golden.path) (HNEFI_UPDATE_GOLDENS=1 writes it)")
                continue
            }
            let expected = try RGBAImage(png: data)
            goldens[scene.name] = expected
            if let difference = Self.difference(rendered[scene.name]!, expected) {
                problems.append("\(scene.name): \(difference)")
            }
        }
        XCTAssertTrue(problems.isEmpty, "goldens differ:\n" + problems.joined(separator: "\n"))
        // No drawing matches another scene's golden: any two goldens swapped fail.
        for (name, image) in rendered {
            for (other, golden) in goldens where other != name {
                XCTAssertNotNil(Self.difference(image, golden), "\(name) matches the golden of \(other)")
            }
        }
        print("goldens (Swift): \(all.count) scenes within the tolerance")
    }

    /// Two scenes' goldens swapped: the comparison says so.
    func testASwappedGoldenIsCaught() async throws {
        let light = try await scene("copenhagen-light")
        let darkGolden = try Data(contentsOf: Self.folder.appendingPathComponent("copenhagen-dark.png"))
        let lightGolden = try Data(contentsOf: Self.folder.appendingPathComponent("copenhagen-light.png"))
        let png = try render(light)
        XCTAssertNil(try Self.difference(png, lightGolden))
        XCTAssertNotNil(try Self.difference(png, darkGolden))
        let selected = try await scene("brandubh-selected-light")
        let colourBlind = try Data(contentsOf: Self.folder.appendingPathComponent("brandubh-colour-blind-dark.png"))
        XCTAssertNotNil(try Self.difference(try render(selected), colourBlind))
    }

    /// Nil when the images match within the tolerance; otherwise how much they differ.
    static func difference(_ a: Data, _ b: Data) throws -> String? {
        difference(try RGBAImage(png: a), try RGBAImage(png: b))
    }

    static func difference(_ x: RGBAImage, _ y: RGBAImage, pixelShare: Double = GoldenTests.pixelShare) -> String? {
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
        try renderSVG(scene.svg)
    }

    // MARK: the scenes, each from the real core through the real model

    /// Every `Goldens/NAME.scene.json`: a parity scenario (setup and events, tests/scenarios'
    /// format) with a `draw` object saying what to draw of the frame it ends on and how large.
    /// The Android desktop suite plays the same files (android/ui/src/test/kotlin/app/hnefi/ui/
    /// CrossPlatformBoardTest.kt) and compares its drawing with these goldens.
    func scenes() async throws -> [Scene] {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".scene.json") }.map { String($0.dropLast(".scene.json".count)) }.sorted()
        var out: [Scene] = []
        for name in names {
            out.append(try await scene(name))
        }
        return out
    }

    /// What a scene file asks to draw.
    struct Draw: Decodable {
        /// "board" (the board of the game or review on screen) or "chart" (the review's chart).
        let what: String
        let width: Double
        let height: Double
        /// Draw the board this long into its motion (nil: at rest).
        let motion_ms: Double?
    }

    struct SceneFile: Decodable {
        let draw: Draw
    }

    func scene(_ name: String) async throws -> Scene {
        let json = try String(contentsOf: Self.folder.appendingPathComponent("\(name).scene.json"), encoding: .utf8)
        let draw = try JSONDecoder().decode(SceneFile.self, from: Data(json.utf8)).draw
        let setup = try XCTUnwrap(scenarioSetup(json: json), "\(name) is no scenario")
        let events = scenarioEvents(json: json)
        XCTAssertFalse(events.isEmpty, name)
        let database = setup.database ? try temporaryDatabase(self) : nil
        let (model, _) = try await makeModel(testConfig(database: database, language: setup.language,
                                                        dark: setup.dark, engine: setup.engine))
        for event in events {
            model.send(event)
            try await model.settle()
        }
        let look = model.frame.look
        switch draw.what {
        case "chart":
            let review = try XCTUnwrap(model.review, "\(name) ends on a review")
            let size = CGSize(width: draw.width, height: draw.height)
            var canvas = SVGCanvas(width: size.width, height: size.height, background: look.chrome.surface)
            PlanPainter(chart: review.chart.plan, size: size).draw(review.chart.plan.ops, on: &canvas)
            return Scene(name: name, svg: canvas.svg)
        default:
            let board = try XCTUnwrap(model.frame.board, "\(name) ends on a board")
            var motion: MotionFrame?
            if let ms = draw.motion_ms {
                let m = try XCTUnwrap(board.motion, "\(name): a motion")
                motion = BoardMotion.frame(m, resting: board.plan.pieces, elapsedMs: ms)
                XCTAssertNotNil(motion, "\(name): the motion still runs after \(ms) ms")
            }
            var canvas = SVGCanvas(width: draw.width, height: draw.height, background: look.chrome.background)
            PlanPainter(boardExtent: board.plan.extent, side: draw.width).draw(board: board.plan, motion: motion, on: &canvas)
            return Scene(name: name, svg: canvas.svg)
        }
    }
}
