import Foundation
import HnefiModel
import XCTest

/// The move list's start when it reveals a row: at a move number, never the tail of a move.
final class MoveListRevealTests: XCTestCase {
    let rows: [UInt32] = [1, 2, 3, 4, 5]
    let widths: [UInt32: CGFloat] = [1: 120, 2: 130, 3: 125, 4: 140, 5: 60]

    func plan(_ row: UInt32, _ widths: [UInt32: CGFloat]? = nil) -> MoveListReveal {
        MoveListReveal.plan(reveal: row, rows: rows, widths: widths ?? self.widths, viewport: 328, spacing: 16)
    }

    /// A row with enough after it sits at the leading edge, with no room added.
    func testARowWithEnoughAfterItStartsTheList() {
        XCTAssertEqual(plan(2), MoveListReveal(start: 2, room: 0, complete: true))
        XCTAssertEqual(plan(3), MoveListReveal(start: 3, room: 0, complete: true))
    }

    /// Near the end: the list starts at the first row from which the rest fits whole (rows 4
    /// and 5 take 140 + 16 + 60 = 216 of 328; row 3 would need 125 + 16 more), and the room
    /// after the last row makes up the rest (112), instead of showing the tail of row 3.
    func testNearTheEndTheListStartsAtTheFirstRowThatFitsWhole() {
        XCTAssertEqual(plan(5), MoveListReveal(start: 4, room: 112, complete: true))
        XCTAssertEqual(plan(4), MoveListReveal(start: 4, room: 112, complete: true))
    }

    /// A short game fits whole from its first row: no room, the list at its start.
    func testAGameThatFitsStartsAtItsFirstRow() {
        let short = MoveListReveal.plan(reveal: 2, rows: [1, 2], widths: [1: 120, 2: 60], viewport: 328, spacing: 16)
        XCTAssertEqual(short, MoveListReveal(start: 1, room: 0, complete: true))
    }

    /// Widths not measured yet give the plan so far, marked incomplete.
    func testUnmeasuredRowsAskForAnotherLook() {
        XCTAssertFalse(plan(5, [5: 60]).complete)
        XCTAssertEqual(plan(5, [4: 140, 5: 60]), MoveListReveal(start: 4, room: 112, complete: false))
    }
}
