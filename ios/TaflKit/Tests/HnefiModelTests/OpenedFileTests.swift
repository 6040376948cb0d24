import Foundation
import HnefiModel
import TaflCore
import XCTest

/// Game files opened with the app ("Open in"): the model reads them behind and hands their
/// bytes to the core as they came; the core opens the review or shows the import's error. The
/// parity scenario `received-bad-text-then-a-file` holds both shells to the core's side.
@MainActor
final class OpenedFileTests: XCTestCase, @unchecked Sendable {
    /// core/tests/data/imports/hnefatafl-org.pgn: a real game, as hnefatafl.org's client writes it.
    func sample(_ name: String) throws -> Data {
        try Data(contentsOf: repositoryRoot.appendingPathComponent("core/tests/data/imports/\(name)"))
    }

    /// A file with these bytes in a folder of its own, removed when the test ends.
    func file(_ name: String, _ bytes: Data) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hnefi-open-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent(name)
        try bytes.write(to: url)
        return url
    }

    func plies(_ review: ReviewView) -> Int {
        review.moves.rows.reduce(0) { $0 + $1.cells.filter { !$0.text.isEmpty }.count }
    }

    /// The import page's text and its error.
    func importPage(_ model: AppModel) throws -> (text: String, error: String?) {
        let page = try XCTUnwrap(model.page, "a page, not \(model.frame.screen)")
        XCTAssertEqual(page.kind, .import)
        var text: String?
        var error: String?
        for item in page.items {
            switch item {
            case let .textField(field): text = field.text
            case let .error(message): error = message
            default: break
            }
        }
        return (try XCTUnwrap(text, "the import's text field"), error)
    }

    func testAGameFileOpenedWithTheAppOpensItsReview() async throws {
        let (model, _) = try await makeModel()
        for name in ["hnefatafl-org.pgn", "playtaflonline.json", "pasted.txt"] {
            await model.open(fileAt: try file(name, try sample(name)))
            try await model.settle()
            let review = try XCTUnwrap(model.review, "\(name): \(model.frame.screen)")
            XCTAssertGreaterThan(plies(review), 20, name)
            model.send(.back)
            XCTAssertEqual(try importPage(model).text, String(decoding: try sample(name), as: UTF8.self), name)
        }
    }

    /// A file an old Windows tool wrote (Windows-1252: the ö is one byte) reads as it was written.
    func testAFileInAnOldEncodingReadsAsItsToolWroteIt() async throws {
        let (model, _) = try await makeModel()
        var bytes = Data("[White \"J".utf8)
        bytes.append(0xF6)
        bytes.append(contentsOf: Array("rd\"]\n".utf8) + Array(try sample("hnefatafl-org.pgn")))
        await model.open(fileAt: try file("old.pgn", bytes))
        try await model.settle()
        XCTAssertNotNil(model.review, "\(model.frame.screen)")
        model.send(.back)
        XCTAssertTrue(try importPage(model).text.hasPrefix("[White \"Jörd\"]\n[Event \"Game 17\"]"))
    }

    /// A huge file is read only as far as the import's limit and one byte, and refused in the
    /// core's words; a file that is no text, and one that is gone, are named for what they are.
    func testHugeGarbageAndMissingFilesGetTheCoresWords() async throws {
        let limit = Int(importLimitBytes())
        let huge = try file("huge.pgn", Data(repeating: UInt8(ascii: "1"), count: 4 * limit))
        XCTAssertEqual(OpenedFile.bytes(at: huge, most: limit + 1)?.count, limit + 1)
        let (model, recorder) = try await makeModel()
        await model.open(fileAt: huge)
        try await model.settle()
        XCTAssertEqual(try importPage(model).error, "This is too long to be a game: the import reads up to 64 KB.")
        XCTAssertEqual(recorder.take().last, .announce(text: "This is too long to be a game: the import reads up to 64 KB.",
                                                       assertive: true))
        await model.open(fileAt: try file("photo.json", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D])))
        try await model.settle()
        XCTAssertEqual(try importPage(model).error, "This file is not text. Open a game record (.pgn, .txt or .json).")
        let gone = FileManager.default.temporaryDirectory.appendingPathComponent("hnefi-gone-\(UUID().uuidString).pgn")
        XCTAssertNil(OpenedFile.bytes(at: gone, most: limit + 1))
        await model.open(fileAt: gone)
        try await model.settle()
        XCTAssertEqual(try importPage(model).error, "This file could not be read. Share it again, or paste its text.")
        await model.open(fileAt: try file("bad.pgn", Data("1. b4-b1 zz-c7".utf8)))
        try await model.settle()
        XCTAssertEqual(try importPage(model).text, "1. b4-b1 zz-c7")
        XCTAssertEqual(try importPage(model).error, "Move 2 (zz-c7) cannot be played. That square is not on the board.")
    }

    /// A file opened while a game is on leaves it to resume, as Back would.
    func testAFileOpenedDuringAGameLeavesItToResume() async throws {
        let (model, _) = try await makeModel(testConfig(database: try temporaryDatabase(self)))
        model.send(.chooseVariant(variant: .brandubh))
        model.send(.chooseOpponent(vsComputer: false))
        model.send(.newGame)
        model.activate("b4")
        model.activate("b3")
        try await model.settle()
        await model.open(fileAt: try file("game.pgn", try sample("hnefatafl-org.pgn")))
        try await model.settle()
        XCTAssertNotNil(model.review)
        model.send(.back)
        model.send(.back)
        try await model.settle()
        let start = try XCTUnwrap(model.page)
        let resume = start.items.contains { item in
            switch item {
            case let .button(b): b.event == .resume
            case let .buttons(row): row.contains { $0.event == .resume }
            default: false
            }
        }
        XCTAssertTrue(resume, "the start page offers the unfinished game")
        model.send(.resume)
        try await model.settle()
        XCTAssertEqual(model.game?.moves.rows.first?.cells.first?.text, "b4-b3")
    }

    /// The system ends the app in the background with the import on screen: the text comes back.
    func testTheOpenedTextComesBackAfterTheAppIsEnded() async throws {
        let (model, _) = try await makeModel()
        await model.open(fileAt: try file("bad.pgn", Data("1. b4-b1 zz-c7".utf8)))
        try await model.settle()
        model.phase(.background)
        let saved = try XCTUnwrap(model.savedState)
        let (again, _) = try await makeModel(testConfig(saved: saved))
        XCTAssertEqual(try importPage(again).text, "1. b4-b1 zz-c7")
    }
}
