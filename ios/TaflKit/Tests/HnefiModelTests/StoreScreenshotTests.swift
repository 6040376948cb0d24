import Foundation
import HnefiModel
import TaflCore
import XCTest

/// The App Store's screenshots (ios/fastlane/screenshots/<locale>/), made from the scenes in
/// ios/fastlane/screenshot-scenes: each scene is played through the real model in the locale's
/// language, and its last frame is laid out at the size App Store Connect takes for the
/// 6.9-inch iPhone and the 13-inch iPad: the scene's caption, the turn bar, the board drawn by
/// the app's own interpreter (`PlanPainter`), the info lines in the core's styles (`infoStyle`)
/// and the taken pieces, and the controls split into rows as the app splits them
/// (`ButtonRows`), in the frame's words and the core's colours, rasterised by rsvg-convert as
/// the goldens are. It is a composition of the frame, not a capture of SwiftUI (which only a Mac
/// draws): the words, colours and board are the app's, the layout is this file's.
///
/// They are written on purpose (each is a 4-megapixel PNG), by ios/fastlane/make-screenshots.sh
/// (`HNEFI_STORE_SCREENSHOTS=1`), which then reduces them to 8-bit colour. On every other run
/// the test composes each one again and compares it with the committed file, both drawn down
/// to an eighth of their side by rsvg-convert (which reads the reduced PNG; drawing down
/// averages the reduction's dithering away, not a changed figure): a screenshot made before a
/// change of the core's words, colours, board or of this layout fails, and so does a scene
/// broken by a change of the core. tests/store-readiness/check-store-metadata.py checks the
/// files' languages, sizes and counts.
@MainActor
final class StoreScreenshotTests: XCTestCase, @unchecked Sendable {
    static let scenes = repositoryRoot.appendingPathComponent("ios/fastlane/screenshot-scenes")
    static let output = repositoryRoot.appendingPathComponent("ios/fastlane/screenshots")
    /// The comparison's side, as a share of the screenshot's (an eighth: 165 x 358 px for the
    /// iPhone, 258 x 344 for the iPad; the drawing-down averages the 8-bit reduction away: 0
    /// pixels differ between a written screenshot and its reduction).
    static let comparedShare: CGFloat = 0.125
    /// At most this share of the drawn-down pixels may differ (by more than the goldens'
    /// channel tolerance), about 6 of the iPhone's: three digits changed in one line make 27.
    static let pixelShare = 0.0001

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
        /// The space above the caption and below the buttons (the status bar's, the home bar's).
        let top: CGFloat
        let bottom: CGFloat
        let margin: CGFloat

        var pixels: (width: Int, height: Int) { (Int(width * scale), Int(height * scale)) }
    }

    static let devices = [
        Device(name: "iphone", width: 440, height: 956, scale: 3, body: 17, boardMax: 440, top: 76, bottom: 50,
               margin: 20),
        Device(name: "ipad", width: 1032, height: 1376, scale: 2, body: 22, boardMax: 780, top: 80, bottom: 60,
               margin: 48),
    ]

    static let locales: [(store: String, language: String)] = [("en-US", "english"), ("fr-FR", "french"),
                                                                  ("de-DE", "german")]

    struct SceneFile: Decodable {
        let caption: [String: String]
    }

    func sceneNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Self.scenes.path)
            .filter { $0.hasSuffix(".scene.json") }.map { String($0.dropLast(".scene.json".count)) }.sorted()
    }

    /// Every scene, in every language, on every device: laid out without the words running
    /// under the buttons, and (unless they are being written) equal to the committed file.
    func testEveryScreenshotIsWhatItsSceneMakesNow() async throws {
        let write = ProcessInfo.processInfo.environment["HNEFI_STORE_SCREENSHOTS"] == "1"
        let names = try sceneNames()
        XCTAssertGreaterThanOrEqual(names.count, 2)
        var stale: [String] = []
        var compared = 0, written = 0
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
                for device in Self.devices {
                    let file = "\(locale.store)/\(name)-\(device.name).png"
                    let layout = Layout(game, look: frame.look, caption: caption, on: device)
                    XCTAssertLessThanOrEqual(layout.wordsBottom, layout.buttonsTop - device.body * 0.5,
                                             "\(file): the last line ends above the buttons")
                    XCTAssertGreaterThanOrEqual(layout.boardSide, 0.6 * min(layout.width, device.boardMax),
                                                "\(file): the board stays the picture's subject")
                    let png = try renderSVG(svg(layout, game, look: frame.look))
                    if write {
                        try png.write(to: Self.output.appendingPathComponent(file))
                        written += 1
                    } else if let difference = try compare(png, Self.output.appendingPathComponent(file), on: device) {
                        stale.append("\(file): \(difference)")
                    }
                    compared += 1
                }
            }
        }
        XCTAssertTrue(stale.isEmpty, "store screenshots that are not what their scenes make now "
            + "(run ios/fastlane/make-screenshots.sh):\n" + stale.joined(separator: "\n"))
        print(write ? "store screenshots: \(written) written" : "store screenshots: \(compared) compared")
    }

    /// Nil when the committed screenshot at `url` is `png`, drawn down; else how they differ.
    func compare(_ png: Data, _ url: URL, on device: Device) throws -> String? {
        guard let committed = try? Data(contentsOf: url) else { return "missing" }
        let w = Int(CGFloat(device.pixels.width) * Self.comparedShare)
        let h = Int(CGFloat(device.pixels.height) * Self.comparedShare)
        func drawnDown(_ data: Data) throws -> RGBAImage {
            let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
                + "width=\"\(w)\" height=\"\(h)\"><image x=\"0\" y=\"0\" width=\"\(w)\" height=\"\(h)\" "
                + "preserveAspectRatio=\"none\" xlink:href=\"shot.png\"/></svg>\n"
            return try RGBAImage(png: renderSVG(svg, images: ["shot.png": data]))
        }
        let size = try pngSize(committed)
        guard size == device.pixels else {
            return "\(size.width)x\(size.height), the composer makes \(device.pixels.width)x\(device.pixels.height)"
        }
        return GoldenTests.difference(try drawnDown(png), try drawnDown(committed), pixelShare: Self.pixelShare)
    }

    /// A PNG's width and height, from its header.
    func pngSize(_ data: Data) throws -> (width: Int, height: Int) {
        let b = [UInt8](data.prefix(24))
        guard b.count == 24 else { throw RGBAImage.Failure.notPNG }
        func be32(_ at: Int) -> Int { b[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    /// The comparison sees a screenshot whose last info line's figures changed (1 to 7: the
    /// rating a missed puzzle leaves, 3 digits), and sees nothing in the committed one.
    func testTheComparisonCatchesChangedFigures() async throws {
        let (frame, caption) = try await play("2-puzzle", language: "english", store: "en-US")
        guard case let .game(game) = frame.screen, let last = game.info.indices.last else {
            return XCTFail("the puzzle scene ends on a game with info lines")
        }
        let device = Self.devices[0]
        let url = Self.output.appendingPathComponent("en-US/2-puzzle-iphone.png")
        func drawn(_ g: GameView) throws -> Data {
            try renderSVG(svg(Layout(g, look: frame.look, caption: caption, on: device), g, look: frame.look))
        }
        XCTAssertNil(try compare(drawn(game), url, on: device), "the committed screenshot is the scene's")
        var info = game.info
        let figures = info[last].text.replacingOccurrences(of: "1", with: "7")
        XCTAssertNotEqual(figures, info[last].text, "the last line has figures")
        info[last] = InfoLine(kind: info[last].kind, text: figures)
        let changed = GameView(turn: game.turn, clock: game.clock, board: game.board, info: info, moves: game.moves,
                               taken: game.taken, controls: game.controls, question: game.question,
                               flash: game.flash)
        XCTAssertNotNil(try compare(drawn(changed), url, on: device), "a screenshot with other figures is stale")
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

    /// Where everything of a screenshot goes, worked out before anything is drawn: the caption,
    /// turn bar, info lines, taken pieces and buttons take the room they need, and the board
    /// gets what is left (up to the width), so that no line runs under the buttons however
    /// many lines a language needs.
    struct Layout {
        struct Line {
            let text: String
            let baseline: CGFloat
            let style: TextStyle
        }

        let device: Device
        let margin: CGFloat
        let width: CGFloat
        let caption: [(text: String, baseline: CGFloat)]
        let captionSize: CGFloat
        let barTop: CGFloat
        let barHeight: CGFloat
        let boardTop: CGFloat
        let boardSide: CGFloat
        let info: [Line]
        let takenBaseline: CGFloat
        /// Below the last line of words (its descent).
        let wordsBottom: CGFloat
        /// The buttons' indices, row by row, as the app splits them.
        let buttonRows: [[Int]]
        let buttonsTop: CGFloat
        let buttonHeight: CGFloat
        let buttonGap: CGFloat

        init(_ game: GameView, look: Look, caption text: String, on d: Device) {
            typealias M = StoreScreenshotTests
            device = d
            margin = d.margin
            width = d.width - 2 * d.margin
            let body = d.body, line = d.body * 1.35
            captionSize = d.body * 1.75
            var y = d.top
            var caption: [(text: String, baseline: CGFloat)] = []
            for part in M.wrap(text, size: captionSize, width: width, bold: true) {
                y += captionSize * 1.2
                caption.append((part, y))
            }
            self.caption = caption
            y += captionSize * 0.9
            barTop = y
            barHeight = body * 2.6
            y += barHeight + body * 0.6
            boardTop = y
            // The words under the board, measured from its bottom edge.
            var below = body * 0.8
            var info: [(String, CGFloat, TextStyle)] = []
            for infoLine in game.info {
                let style = infoStyle(look: look, kind: infoLine.kind)
                for part in M.wrap(infoLine.text, size: body, width: width, bold: style.bold) {
                    below += line
                    info.append((part, below, style))
                }
            }
            below += line
            let takenBelow = below
            below += body * 0.35
            // The buttons from the bottom up, split as the app splits them (each label on one line).
            buttonGap = 10
            buttonHeight = body * 2.6
            let widest = game.controls.map { M.width($0.label, size: body, bold: false) }.max() ?? 0
            buttonRows = ButtonRows.split(count: game.controls.count, widestWord: widest, width: width, gap: buttonGap,
                                          chrome: 24)
            buttonsTop = d.height - d.bottom - CGFloat(buttonRows.count) * (buttonHeight + buttonGap)
            let room = buttonsTop - body * 0.5 - below - boardTop
            boardSide = max(0, min(width, d.boardMax, room))
            let boardBottom = boardTop + boardSide
            self.info = info.map { Line(text: $0.0, baseline: boardBottom + $0.1, style: $0.2) }
            takenBaseline = boardBottom + takenBelow
            wordsBottom = boardBottom + below
        }
    }

    func svg(_ l: Layout, _ game: GameView, look: Look) -> String {
        let d = l.device, body = d.body
        var out: [String] = []
        for part in l.caption {
            out.append(text(part.text, x: d.width / 2, y: part.baseline, size: l.captionSize,
                            colour: look.chrome.onBackground, bold: true, anchor: "middle"))
        }
        out.append(rect(x: l.margin, y: l.barTop, w: l.width, h: l.barHeight, radius: 10, colour: look.chrome.turnBar))
        out.append(text(game.turn.text, x: d.width / 2, y: l.barTop + l.barHeight / 2 + body * 0.36, size: body * 1.1,
                        colour: look.chrome.onTurnBar, bold: true, anchor: "middle"))
        // The board, by the app's interpreter.
        var board = SVGCanvas(width: l.boardSide, height: l.boardSide, background: look.chrome.background)
        PlanPainter(boardWindow: game.board.window, side: l.boardSide).draw(board: game.board.plan, on: &board)
        out.append("<g transform=\"translate(\(n((d.width - l.boardSide) / 2)),\(n(l.boardTop)))\">")
        out.append(contentsOf: board.body)
        out.append("</g>")
        for line in l.info {
            out.append(text(line.text, x: l.margin, y: line.baseline, size: body, colour: line.style.colour,
                            bold: line.style.bold, anchor: "start"))
        }
        let small = body * 0.85
        out.append(text(game.taken.attackersText, x: l.margin, y: l.takenBaseline, size: small,
                        colour: look.chrome.onBackground, bold: false, anchor: "start"))
        out.append(text(game.taken.defendersText, x: l.margin + l.width / 2, y: l.takenBaseline, size: small,
                        colour: look.chrome.onBackground, bold: false, anchor: "start"))
        var top = l.buttonsTop
        for row in l.buttonRows {
            let w = (l.width - l.buttonGap * CGFloat(row.count - 1)) / CGFloat(row.count)
            for (i, index) in row.enumerated() {
                let b = game.controls[index], h = l.buttonHeight
                let x = l.margin + CGFloat(i) * (w + l.buttonGap)
                out.append(rect(x: x, y: top, w: w, h: h, radius: h / 2,
                                colour: b.primary ? look.chrome.primary : look.chrome.background,
                                stroke: look.chrome.outline))
                out.append(text(b.label, x: x + w / 2, y: top + h / 2 + body * 0.36, size: body,
                                colour: b.primary ? look.chrome.onPrimary : look.chrome.primary, bold: false,
                                anchor: "middle"))
            }
            top += l.buttonHeight + l.buttonGap
        }
        let px = d.pixels
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(px.width)\" "
            + "height=\"\(px.height)\" viewBox=\"0 0 \(n(d.width)) \(n(d.height))\">\n"
            + rect(x: 0, y: 0, w: d.width, h: d.height, radius: 0, colour: look.chrome.background) + "\n"
            + out.joined(separator: "\n") + "\n</svg>\n"
    }

    /// DejaVu Sans's average advance, in ems: enough to break lines before the edge.
    nonisolated static func width(_ s: String, size: CGFloat, bold: Bool) -> CGFloat {
        CGFloat(s.count) * size * (bold ? 0.64 : 0.58)
    }

    nonisolated static func wrap(_ s: String, size: CGFloat, width limit: CGFloat, bold: Bool) -> [String] {
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
