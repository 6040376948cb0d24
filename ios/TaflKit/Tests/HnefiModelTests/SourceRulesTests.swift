import Foundation
import XCTest

/// Rules the shell's sources keep, read from the files themselves (the views compile only
/// against stand-ins here, so these are checked as text).
final class SourceRulesTests: XCTestCase {
    let sources = ["ios/TaflKit/Sources/HnefiModel", "ios/TaflKit/Sources/HnefiUI", "ios/App"]

    /// Names that are not shown: the database's folder and file, the scene storage's key, the
    /// background task's name, the sound files, the launch screen's colour set.
    let allowed: Set<String> = ["Hnefi", "hnefi.sqlite", "hnefi.savedState", "hnefi.store",
                                "wav", "move", "capture", "win", "loss", "draw", "LaunchBackground"]

    func files() throws -> [URL] {
        try sources.flatMap { dir -> [URL] in
            let url = repositoryRoot.appendingPathComponent(dir)
            return try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "swift" }
        }
    }

    /// The string literals of Swift source, comments left out.
    func literals(_ text: String) -> [String] {
        var out: [String] = []
        var i = text.startIndex
        while i < text.endIndex {
            let rest = text[i...]
            if rest.hasPrefix("//") {
                i = rest.firstIndex(of: "\n") ?? text.endIndex
            } else if rest.hasPrefix("\"") {
                var j = text.index(after: i)
                var literal = ""
                while j < text.endIndex, text[j] != "\"" {
                    if text[j] == "\\" { j = text.index(after: j) }
                    if j < text.endIndex { literal.append(text[j]) }
                    j = text.index(after: j)
                }
                out.append(literal)
                i = j < text.endIndex ? text.index(after: j) : j
            } else {
                i = text.index(after: i)
            }
        }
        return out
    }

    func testNoWordsAreWrittenInTheShellEveryWordComesFromTheFrame() throws {
        var found: [String] = []
        for file in try files() {
            let text = try String(contentsOf: file, encoding: .utf8)
            for literal in literals(text) where literal.contains(where: \.isLetter) && !allowed.contains(literal) {
                found.append("\(file.lastPathComponent): \"\(literal)\"")
            }
        }
        XCTAssertEqual(found, [])
    }
}
