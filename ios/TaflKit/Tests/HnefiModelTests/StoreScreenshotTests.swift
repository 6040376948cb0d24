import Foundation
import HnefiModel
import TaflCore
import XCTest

/// The App Store's screenshots (ios/fastlane/screenshots/<locale>/), made from the scenes in
/// ios/fastlane/screenshot-scenes: each scene is played through the real model in the locale's
/// language, and its last frame is laid out at the size App Store Connect takes for the
/// 6.9-inch iPhone and the 13-inch iPad: the scene's caption, the turn bar, the board drawn by
/// the app's own interpreter (`PlanPainter`), the info lines and the taken pieces, and the
/// controls, in the frame's words and the core's colours, rasterised by rsvg-convert as the
/// goldens are. It is a composition of the frame, not a capture of SwiftUI (which only a Mac
/// draws): the words, colours and board are the app's, the layout is this file's.
///
/// They are written on purpose, not on every run (each is a 4-megapixel PNG):
/// `HNEFI_STORE_SCREENSHOTS=1 SWIFT_TEST_ARGS="--filter StoreScreenshotTests" ios/run-tests.sh`.
/// Without the variable the test checks that every scene still plays to a game screen, so
/// that a scene broken by a change of the core is found before the next release.
/// tests/store-readiness/check-store-metadata.py checks the files: languages, sizes, counts.
@MainActor
final class StoreScreenshotTests: XCTestCase, @unchecked Sendable {
    static let scenes = repositoryRoot.appendingPathComponent("ios/fastlane/screenshot-scenes")
    static let output = repositoryRoot.appendingPathComponent("ios/fastlane/screenshots")

    /// A device class of App Store Connect: its screen in points and its pixels per point.
    struct Device {
        let name: String
        let width: CGFloat
        let height: CGFloat
        let scale: CGFloat
        /// The size of body text, in points.
        let body: CGFloat
        /// The widest the board is drawn (an iPad's board leaves room for the text).
        let boardMax: CGFloat
    }

    static let devices = [
        Device(name: "iphone", width: 440, height: 956, scale: 3, body: 17, boardMax: 440),
        Device(name: "ipad", width: 1032, height: 1376, scale: 2, body: 22, boardMax: 780),
    ]

    static let locales: [(store: String, language: String)] = [("en-US", "english"), ("fr-FR", "french"),
                                                                  ("de-DE", "german")]

    struct SceneFile: Decodable {
        let caption: [String: String]
    }

    func testEveryScreenshotSceneEndsOnAGameInEachLanguage() async throws {
        let write = ProcessInfo.processInfo.environment["HNEFI_STORE_SCREENSHOTS"] == "1"
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.scenes.path)
            .filter { $0.hasSuffix(".scene.json") }.map { String($0.dropLast(".scene.json".count)) }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 2)
        var written = 0
        for locale in Self.locales {
            let folder = Self.output.appendingPathComponent(locale.store)
            if write {
                try? FileManager.default.removeItem(at: folder)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            for name in names {
                let (frame, caption) = try await play(name, language: locale.language, store: locale.store)
                guard case let .game(game) = frame.screen else {
                    XCTFail("\(name) (\(locale.store)) ends on a game screen")
                    continue
                }
                XCTAssertFalse(caption.isEmpty, "\(name) has a caption in \(locale.store)")
                guard write else { continue }
                for device in Self.devices {
                    let svg = compose(game, look: frame.look, caption: caption, on: device)
                    let png = try renderSVG(svg)
                    try png.write(to: folder.appendingPathComponent("\(name)-\(device.name).png"))
                    written += 1
                }
            }
        }
        if write { print("store screenshots: \(written) written") }
    }

    /// The scene's last frame in `language`, and its caption for the store's locale.
    func play(_ name: String, language: String, store: String) async throws -> (Frame, String) {
        let url = Self.scenes.appendingPathComponent("\(name).scene.json")
        var json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var setupJSON = try XCTUnwrap(json["setup"] as? [String: Any], "\(name): a setup")
        setupJSON["language"] = language
        json["setup"] = setupJSON
        let text = String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self)
        let caption = try JSONDecoder().decode(SceneFile.self, from: Data(contentsOf: url)).caption[store] ?? ""
        let setup = try XCTUnwrap(scenarioSetup(json: text), "\(name) is no scenario")
        let (model, _) = try await makeModel(testConfig(database: setup.database ? try temporaryDatabase(self) : nil,
                                                        language: setup.language, dark: setup.dark,
                                                        engine: setup.engine))
        for event in scenarioEvents(json: text) {
            model.send(event)
            try await model.settle()
        }
        return (model.frame, caption)
    }

    // MARK: the composition, in points

    func compose(_ game: GameView, look: Look, caption: String, on d: Device) -> String {
        let margin: CGFloat = d.name == "ipad" ? 48 : 20
        let width = d.width - 2 * margin
        var out: [String] = []
        var y: CGFloat = d.name == "ipad" ? 80 : 76
        // The caption: large, centred.
        let captionSize = d.body * 1.75
        for line in wrap(caption, size: captionSize, width: width, bold: true) {
            y += captionSize * 1.2
            out.append(text(line, x: d.width / 2, y: y, size: captionSize, colour: look.chrome.onBackground,
                            bold: true, anchor: "middle"))
        }
        y += captionSize * 0.9
        // The turn bar.
        let bar = d.body * 2.6
        out.append(rect(x: margin, y: y, w: width, h: bar, radius: 10, colour: look.chrome.turnBar))
        out.append(text(game.turn.text, x: d.width / 2, y: y + bar / 2 + d.body * 0.36, size: d.body * 1.1,
                        colour: look.chrome.onTurnBar, bold: true, anchor: "middle"))
        y += bar + d.body * 0.6
        // The board, by the app's interpreter.
        let side = min(width, d.boardMax)
        var board = SVGCanvas(width: side, height: side, background: look.chrome.background)
        PlanPainter(boardWindow: game.board.window, side: side).draw(board: game.board.plan, on: &board)
        out.append("<g transform=\"translate(\(n((d.width - side) / 2)),\(n(y)))\">")
        out.append(contentsOf: board.body)
        out.append("</g>")
        y += side + d.body * 0.8
        // The info lines, then the taken pieces.
        for line in game.info {
            for part in wrap(line.text, size: d.body, width: width, bold: false) {
                y += d.body * 1.35
                out.append(text(part, x: margin, y: y, size: d.body, colour: infoColour(line.kind, look), bold: false,
                                anchor: "start"))
            }
        }
        y += d.body * 1.35
        let small = d.body * 0.85
        out.append(text(game.taken.attackersText, x: margin, y: y, size: small, colour: look.chrome.onBackground,
                        bold: false, anchor: "start"))
        out.append(text(game.taken.defendersText, x: margin + width / 2, y: y, size: small,
                        colour: look.chrome.onBackground, bold: false, anchor: "start"))
        // The controls along the bottom, two by two when four do not fit in a row.
        let controls = game.controls
        if !controls.isEmpty {
            let perRow = controls.count <= 2 || fits(controls, size: d.body, width: width) ? controls.count : 2
            let rows = (controls.count + perRow - 1) / perRow
            let h = d.body * 2.6, gap: CGFloat = 10
            var top = d.height - (d.name == "ipad" ? 60 : 50) - CGFloat(rows) * (h + gap)
            for row in 0..<rows {
                let buttons = controls[(row * perRow)..<min(controls.count, (row + 1) * perRow)]
                let w = (width - gap * CGFloat(perRow - 1)) / CGFloat(perRow)
                for (i, b) in buttons.enumerated() {
                    let x = margin + CGFloat(i) * (w + gap)
                    out.append(rect(x: x, y: top, w: w, h: h, radius: h / 2,
                                    colour: b.primary ? look.chrome.primary : look.chrome.background,
                                    stroke: look.chrome.outline))
                    out.append(text(b.label, x: x + w / 2, y: top + h / 2 + d.body * 0.36, size: d.body,
                                    colour: b.primary ? look.chrome.onPrimary : look.chrome.primary, bold: false,
                                    anchor: "middle"))
                }
                top += h + gap
            }
        }
        let px = { (v: CGFloat) in String(Int(v)) }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(px(d.width * d.scale))\" "
            + "height=\"\(px(d.height * d.scale))\" viewBox=\"0 0 \(n(d.width)) \(n(d.height))\">\n"
            + rect(x: 0, y: 0, w: d.width, h: d.height, radius: 0, colour: look.chrome.background) + "\n"
            + out.joined(separator: "\n") + "\n</svg>\n"
    }

    /// The colour of an info line, as the game screen gives it.
    func infoColour(_ kind: InfoKind, _ look: Look) -> UInt32 {
        switch kind {
        case .saveError, .wrong: look.chrome.error
        default: look.chrome.onBackground
        }
    }

    /// DejaVu Sans's average advance, in ems: enough to break lines before the edge.
    func width(_ s: String, size: CGFloat, bold: Bool) -> CGFloat {
        CGFloat(s.count) * size * (bold ? 0.64 : 0.58)
    }

    func wrap(_ s: String, size: CGFloat, width limit: CGFloat, bold: Bool) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in s.split(separator: " ") {
            let next = line.isEmpty ? String(word) : line + " " + word
            if !line.isEmpty, width(next, size: size, bold: bold) > limit {
                lines.append(line)
                line = String(word)
            } else {
                line = next
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    func fits(_ buttons: [ButtonView], size: CGFloat, width limit: CGFloat) -> Bool {
        let each = (limit - 10 * CGFloat(buttons.count - 1)) / CGFloat(buttons.count)
        return buttons.allSatisfy { width($0.label, size: size, bold: false) + 24 <= each }
    }

    func text(_ s: String, x: CGFloat, y: CGFloat, size: CGFloat, colour: UInt32, bold: Bool, anchor: String) -> String {
        let escaped = s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        return "<text x=\"\(n(x))\" y=\"\(n(y))\" font-family=\"DejaVu Sans\" font-size=\"\(n(size))\" "
            + "font-weight=\"\(bold ? "bold" : "normal")\" text-anchor=\"\(anchor)\" \(fill(colour))>\(escaped)</text>"
    }

    func rect(x: CGFloat, y: CGFloat, w: CGFloat, h: CGFloat, radius: CGFloat, colour: UInt32,
              stroke: UInt32? = nil) -> String {
        let line = stroke.map { String(format: " stroke=\"#%06x\" stroke-width=\"1.5\"", Int($0 & 0xFF_FFFF)) } ?? ""
        return "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(w))\" height=\"\(n(h))\" rx=\"\(n(radius))\" "
            + "\(fill(colour))\(line)/>"
    }

    func fill(_ c: UInt32) -> String {
        String(format: "fill=\"#%06x\" fill-opacity=\"%.3f\"", Int(c & 0xFF_FFFF), Double(c >> 24) / 255)
    }

    func n(_ v: CGFloat) -> String { String(format: "%.2f", Double(v)) }
}
