import XCTest

/// The app as a person meets it, on the simulator (the Mac workflow, .github/workflows/ios.yml):
/// it starts, a game starts from the start page, a move is played by VoiceOver's activation of
/// two squares, and Apple's accessibility audit passes on the start page, the game and the
/// rules page. Elements are found by the identifiers the core gives its buttons and squares
/// (never by their words, which follow the phone's language).
final class SmokeTests: XCTestCase {
    override func setUp() {
        continueAfterFailure = false
    }

    @MainActor
    func testStartPlayAndPassTheAccessibilityAudit() throws {
        let app = XCUIApplication()
        app.launch()

        let start = app.buttons["start"]
        XCTAssertTrue(start.waitForExistence(timeout: 20), "the start page offers a new game")
        try app.performAccessibilityAudit()

        start.tap()
        let menu = app.buttons["menu"]
        XCTAssertTrue(menu.waitForExistence(timeout: 10), "the game screen has its controls")
        // An attacker of Copenhagen (the default game) moves d1-d3: both squares activated as
        // VoiceOver activates them.
        let from = app.descendants(matching: .any)["d1"]
        let to = app.descendants(matching: .any)["d3"]
        XCTAssertTrue(from.waitForExistence(timeout: 10), "the board's squares are elements")
        from.tap()
        to.tap()
        let undo = app.buttons["undo"]
        XCTAssertTrue(undo.waitForExistence(timeout: 10))
        XCTAssertTrue(undo.isEnabled, "a move was played: it can be taken back")
        try app.performAccessibilityAudit { issue in
            // A square of an 11 x 11 board is smaller than Apple's 44 points on a phone; the core
            // aims a touch that misses at the nearest square that would do something, and the
            // rows rotor reaches every square (docs/shells.md, "Touches", "Accessibility").
            issue.auditType == .hitRegion && (issue.element.map { Self.isSquare($0.identifier) } ?? false)
        }

        menu.tap()
        XCTAssertTrue(app.buttons["resume"].waitForExistence(timeout: 10), "back on the start page, the game can go on")
        app.buttons["rules"].tap()
        try app.performAccessibilityAudit()
    }

    /// A square's identifier is its name: a file letter and a rank number ("d1", "k11").
    static func isSquare(_ id: String) -> Bool {
        guard let file = id.first, file.isLetter, id.count >= 2 else { return false }
        return Int(id.dropFirst()) != nil
    }
}
