import Foundation
import TaflCore
import XCTest

/// "d4" -> Coord(file: 3, rank: 3).
func sq(_ name: String) -> Coord {
    let scalars = Array(name.unicodeScalars)
    let file = UInt8(scalars[0].value - UnicodeScalar("a").value)
    let rank = UInt8(Int(String(String.UnicodeScalarView(scalars.dropFirst())))! - 1)
    return Coord(file: file, rank: rank)
}

/// Plays "a4-a3"-style moves in order and returns the last result.
@discardableResult
func playAll(_ game: GameSession, _ moves: [String], file: StaticString = #filePath, line: UInt = #line) throws -> MoveResult? {
    var last: MoveResult?
    for m in moves {
        let parts = m.split(separator: "-").map(String.init)
        last = try game.play(from: sq(parts[0]), to: sq(parts[1]))
    }
    return last
}

/// Runs `body` on a new thread (not the main thread, not the cooperative pool) and returns its
/// result to the awaiting test.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { (k: CheckedContinuation<T, Error>) in
        let t = Thread {
            precondition(!Thread.isMainThread)
            do { k.resume(returning: try body()) } catch { k.resume(throwing: error) }
        }
        t.start()
    }
}

/// Asserts that `body` throws exactly the TaflError case `expected` (messages are not compared).
func assertTaflError<T>(_ expected: TaflError, _ body: @autoclosure () throws -> T,
                        file: StaticString = #filePath, line: UInt = #line) {
    do {
        _ = try body()
        XCTFail("expected \(expected), nothing was thrown", file: file, line: line)
    } catch let e as TaflError {
        XCTAssertEqual(caseName(e), caseName(expected), "\(e)", file: file, line: line)
    } catch {
        XCTFail("expected TaflError, got \(error)", file: file, line: line)
    }
}

/// The case of a TaflError without its message.
func caseName(_ e: TaflError) -> String {
    String(String(describing: e).prefix { $0 != "(" })
}

let brandubhKingEscapes = ["a4-a3", "e4-e3", "a3-a2", "d4-e4", "a2-a3", "e4-e7", "a3-a2", "e7-g7"]
let brandubhKingCaptured = ["a4-a3", "e4-e6", "a3-a2", "d4-e4", "a2-a3", "e4-e1", "f4-f1"]
let brandubhRepetition = ["a4-a3", "c4-c5", "a3-a4", "c5-c4", "a4-a3", "c4-c5", "a3-a4", "c5-c4"]

/// A fresh directory under the system's temporary folder, removed by the test case.
func makeTempDir() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("taflkit-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A lock-protected list the stress threads write their failures into.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ s: String) { lock.lock(); items.append(s); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return items }
}
