import Foundation
import HnefiModel
import TaflCore
import XCTest

/// What the iOS app shows, in every language, for every label and for one fixed scene of a
/// game (a Brandubh game between two players that ends on a capture), written to a JSON file
/// that tests/run.sh compares with the same dump from the Android view model, so the two apps
/// are checked to say the same thing in the same situation.
@MainActor
// @unchecked Sendable: XCTest on Linux hands the test case to the main actor (test glue).
final class AppTextsDumpTests: XCTestCase, @unchecked Sendable {
    /// Ends with f5-e5, which takes the defender on d5 between two attackers (as on Android).
    static let scene = ["b4-b5", "e4-e3", "b5-c5", "c4-b4", "f4-f5", "b4-b3", "f5-e5"]

    func testDumpWhatTheAppShowsForTheCrossAppComparison() async throws {
        var all: [(String, [String: String])] = []
        for (code, tags) in [("en", english), ("fr", french), ("de", german)] {
            all.append((code, await shown(tags)))
        }
        for (_, texts) in all {
            XCTAssertGreaterThan(texts.count, 100)
            XCTAssertTrue(texts.values.allSatisfy { !$0.isEmpty })
        }
        let json = "{\n" + all.map { code, texts in
            "  \(quote(code)): {\n" + texts.keys.sorted().map { "    \(quote($0)): \(quote(texts[$0]!))" }
                .joined(separator: ",\n") + "\n  }"
        }.joined(separator: ",\n") + "\n}\n"
        let path = ProcessInfo.processInfo.environment["HNEFI_APP_TEXTS"]
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("app-texts-ios.json").path
        try json.write(toFile: path, atomically: true, encoding: .utf8)
    }

    private func shown(_ languages: [String]) async -> [String: String] {
        let model = await makeModel(languages: languages)
        var texts: [String: String] = [:]
        // Every label (LanguageTests lists them all: the Swift enum cannot enumerate itself).
        for (label, _) in LanguageTests.labels {
            texts["label.\(snake(String(describing: label)))"] = model.texts[label]
        }
        model.startGame(.brandubh, vsComputer: false)
        model.playAll(Self.scene)
        guard let game = model.game else {
            XCTFail("no game")
            return texts
        }
        texts["scene.turn_bar"] = game.turnBar
        texts["scene.last_move"] = game.texts.lastMove
        texts["scene.announcement"] = game.texts.announcement
        for (i, c) in game.texts.captures.enumerated() { texts["scene.capture.\(i)"] = c }
        texts["scene.board"] = game.texts.board
        texts["scene.resign_question"] = game.texts.resignQuestion
        for square in game.snapshot.squares { texts["scene.square.\(square.name)"] = square.label }
        for variant in [Variant.copenhagen, .brandubh, .tablut] {
            model.send(.back)
            model.send(.showRules(variant))
            for (i, p) in model.state.rules.paragraphs.enumerated() {
                texts["rules.\(snake(String(describing: variant))).\(i)"] = p
            }
        }
        model.close()
        return texts
    }

    /// "actionUndo" as "action_undo", the spelling of the Kotlin enum's lower-cased name.
    private func snake(_ name: String) -> String {
        name.reduce(into: "") { out, ch in
            if ch.isUppercase {
                out += "_" + ch.lowercased()
            } else {
                out.append(ch)
            }
        }
    }

    private func quote(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}
