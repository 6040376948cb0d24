import Foundation
import XCTest

/// No word a player could see is written in the app's Swift sources: every text comes from the
/// core (docs/texts.md). The check reads the sources of HnefiModel, HnefiUI and the app target
/// and fails on any string literal with a letter in it, except a few that no player sees
/// (thread names, file names, SF Symbols names, sound resources).
final class SourceTextsTests: XCTestCase {
    /// Literals that are names, not words, wherever they appear.
    static let allowed: Set<String> = [
        // Threads (seen in a debugger only).
        "hnefi.computer", "hnefi.hint", "hnefi.analysis", "hnefi.store", "hnefi.flush", "hnefi.import",
        // The database's folder and file, and the range of file letters in square names.
        "Hnefi", "hnefi.sqlite", "a", "z",
        // The sound files in the app's bundle (ios/App/Sounds/*.wav).
        "move", "capture", "win", "loss", "draw",
    ]

    /// A literal right after one of these argument labels names a resource, not a text.
    static let resourceLabels = ["systemName:", "forResource:", "withExtension:"]

    func testNoTextIsWrittenInTheAppsSources() throws {
        let here = URL(fileURLWithPath: #filePath)
        let package = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folders = [package.appendingPathComponent("Sources/HnefiModel"),
                       package.appendingPathComponent("Sources/HnefiUI"),
                       package.deletingLastPathComponent().appendingPathComponent("App")]
        var files: [URL] = []
        for folder in folders {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            files += names.filter { $0.hasSuffix(".swift") }.map { folder.appendingPathComponent($0) }
        }
        XCTAssertGreaterThanOrEqual(files.count, 15, "the sources were found")
        var found: [String] = []
        for file in files {
            let source = try String(contentsOf: file, encoding: .utf8)
            for literal in Self.wordLiterals(in: source) {
                found.append("\(file.lastPathComponent): \"\(literal)\"")
            }
        }
        XCTAssertEqual(found, [], "texts belong in core/texts/*.txt")
    }

    /// The check itself finds what it is meant to.
    func testTheCheckFindsWords() {
        XCTAssertEqual(Self.wordLiterals(in: #"Button("Undo") { model.send(.undo) }"#), ["Undo"])
        XCTAssertEqual(Self.wordLiterals(in: #"Text("\(n) moves left")"#), [#"\(n) moves left"#])
        XCTAssertEqual(Self.wordLiterals(in: #".accessibilityLabel("Board") // "not this""#), ["Board"])
        XCTAssertEqual(Self.wordLiterals(in: #"let s = "say \"hi\"""#), [#"say \"hi\""#])
        XCTAssertEqual(Self.wordLiterals(in: "/* \"Hidden\" */ Text(verbatim: \"\\(a) · \\(b)\")"), [])
        XCTAssertEqual(Self.wordLiterals(in: #"Image(systemName: "chevron.left")"#), [])
        XCTAssertEqual(Self.wordLiterals(in: #"thread.name = "hnefi.computer""#), [])
    }

    /// The string literals of a Swift source that hold a letter outside an interpolation,
    /// leaving out comments, allowed names and resource names.
    static func wordLiterals(in source: String) -> [String] {
        let chars = Array(source)
        var out: [String] = []
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "/" && i + 1 < chars.count && chars[i + 1] == "/" {
                while i < chars.count && chars[i] != "\n" { i += 1 }
            } else if c == "/" && i + 1 < chars.count && chars[i + 1] == "*" {
                i += 2
                while i + 1 < chars.count && !(chars[i] == "*" && chars[i + 1] == "/") { i += 1 }
                i += 2
            } else if c == "\"" {
                let start = i
                i += 1
                var literal = ""
                var outside = ""   // the literal without its interpolations
                var depth = 0
                while i < chars.count {
                    let d = chars[i]
                    if d == "\\" && i + 1 < chars.count {
                        if chars[i + 1] == "(" { depth += 1 }
                        literal.append(d)
                        literal.append(chars[i + 1])
                        i += 2
                        continue
                    }
                    if depth > 0 {
                        if d == "(" { depth += 1 }
                        if d == ")" { depth -= 1 }
                    } else if d == "\"" || d == "\n" {
                        break
                    } else {
                        outside.append(d)
                    }
                    literal.append(d)
                    i += 1
                }
                i += 1
                let before = String(chars[max(0, start - 40)..<start]).trimmingCharacters(in: .whitespaces)
                let isResource = resourceLabels.contains { before.hasSuffix($0) }
                if outside.contains(where: \.isLetter) && !allowed.contains(literal) && !isResource {
                    out.append(literal)
                }
            } else {
                i += 1
            }
        }
        return out
    }
}
