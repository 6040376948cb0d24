import XCTest

/// The defects of issue 45 that only SwiftUI's layout and focus show, on the simulator (the Mac
/// workflow, .github/workflows/ios.yml): no model test can see them, because the model gives
/// the same frame whatever SwiftUI does with it. Elements are found by the identifiers the core
/// gives (never by their words, which follow the phone's language).
final class DeviceDefectTests: XCTestCase {
    override func setUp() {
        continueAfterFailure = false
    }

    /// The simulator keeps its orientation from one test to the next: upright again.
    override func tearDown() async throws {
        await MainActor.run { XCUIDevice.shared.orientation = .portrait }
    }

    /// Defect 4: sideways at the largest accessibility text size the turn bar, the lines and
    /// the four buttons beside the board are taller than the screen. Every button must still be
    /// reached, by scrolling that column (before the fix nothing scrolled and the lower buttons
    /// were off the screen for good).
    @MainActor
    func testSidewaysAtTheLargestTextSizeEveryButtonCanBeReached() throws {
        let app = XCUIApplication()
        app.launchArguments += ["-UIPreferredContentSizeCategoryName", "UICTContentSizeCategoryAccessibilityXXXL"]
        app.launch()
        let start = app.buttons["start"]
        XCTAssertTrue(start.waitForExistence(timeout: 20), "the start page offers a new game")
        start.tap()
        XCTAssertTrue(app.buttons["menu"].waitForExistence(timeout: 10), "the game screen has its controls")

        XCUIDevice.shared.orientation = .landscapeLeft

        for id in ["undo", "hint-button", "resign", "menu"] {
            let button = app.buttons[id]
            XCTAssertTrue(button.waitForExistence(timeout: 10), "\(id) is on the game screen")
            var swipes = 0
            while !button.isHittable, swipes < 12 {
                // The column that holds the buttons; absent when nothing scrolls, which fails here.
                let column = app.scrollViews.containing(.button, identifier: id).firstMatch
                XCTAssertTrue(column.exists, "\(id) is off the screen and nothing scrolls to it")
                column.swipeUp()
                swipes += 1
            }
            XCTAssertTrue(button.isHittable, "\(id) can be reached sideways at the largest text size")
        }
    }

    /// The import page's keyboard: its Return is a new line of the game's text, so it cannot
    /// close the keyboard; a tap beside the text field must (before the fix it stayed up and
    /// covered the page's buttons).
    @MainActor
    func testATapBesideTheImportTextTakesTheKeyboardDown() throws {
        let app = XCUIApplication()
        app.launch()
        let open = app.buttons["import"]
        XCTAssertTrue(open.waitForExistence(timeout: 20), "the start page offers the import")
        open.tap()
        let text = app.textViews.firstMatch
        XCTAssertTrue(text.waitForExistence(timeout: 10), "the import page has its text field")
        text.tap()
        XCTAssertTrue(Self.wait(for: text, keyboardFocus: true), "a tap in the field gives it the keyboard")

        // Just above the field: its caption (the page's, beside the text field; no button there).
        text.coordinate(withNormalizedOffset: CGVector(dx: 0.5, dy: 0)).withOffset(CGVector(dx: 0, dy: -12)).tap()
        XCTAssertTrue(Self.wait(for: text, keyboardFocus: false), "a tap beside the field takes the keyboard down")
    }

    /// Waits up to 5 s for the element to have (or lose) the keyboard's focus. The focus is
    /// asked of the element, not of the software keyboard, which a simulator with the Mac's
    /// keyboard attached does not show.
    @MainActor
    static func wait(for element: XCUIElement, keyboardFocus: Bool) -> Bool {
        let predicate = NSPredicate(format: keyboardFocus ? "hasKeyboardFocus == true" : "hasKeyboardFocus == false")
        let expectation = XCTNSPredicateExpectation(predicate: predicate, object: element)
        return XCTWaiter().wait(for: [expectation], timeout: 5) == .completed
    }
}
