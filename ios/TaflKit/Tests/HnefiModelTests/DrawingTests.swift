import Foundation
import HnefiModel
import TaflCore
import XCTest

/// The plan interpreter, the motion helper and the scale, on plans made here.
final class DrawingTests: XCTestCase {
    let glyph = Glyph(piece: .attacker, ops: [.fillCircle(centre: Point(x: 0, y: 0), radius: 0.4, colour: 0xFF00_0000)])

    func plan(pieces: [PlacedPiece], lifted: LiftedPiece? = nil) -> BoardPlan {
        BoardPlan(size: 7, extent: 10, under: [.fillRect(x: 1, y: 1, w: 7, h: 7, colour: 0xFF11_2233)], drop: [],
                  pieces: pieces, glyphs: [glyph], over: [.strokeRect(x: 1, y: 1, w: 7, h: 7, colour: 0x8000_00FF, width: 0.1)],
                  lifted: lifted)
    }

    func testTheBoardIsScaledAndItsLayersDrawnInOrder() {
        let piece = PlacedPiece(square: Coord(file: 0, rank: 6), piece: .attacker, at: Point(x: 1.5, y: 1.5))
        var canvas = SVGCanvas(width: 100, height: 100)
        let lifted = LiftedPiece(piece: .attacker, at: Point(x: 5, y: 5), scale: 1.5)
        PlanPainter(boardExtent: 10, side: 100).draw(board: plan(pieces: [piece], lifted: lifted), on: &canvas)
        XCTAssertEqual(canvas.body, [
            ##"<rect x="10.00" y="10.00" width="70.00" height="70.00" fill="#112233" fill-opacity="1.000"/>"##,
            ##"<circle cx="15.00" cy="15.00" r="4.00" fill="#000000" fill-opacity="1.000"/>"##,
            ##"<rect x="10.00" y="10.00" width="70.00" height="70.00" fill="none" stroke="#0000ff" stroke-opacity="0.502" stroke-width="1.00"/>"##,
            ##"<circle cx="50.00" cy="50.00" r="6.00" fill="#000000" fill-opacity="1.000"/>"##,
        ])
    }

    func testAChartKeepsItsStrokesInPointsAndStretches() {
        let chart = DrawingPlan(width: 1, height: 1, strokesInPoints: true, ops: [
            .line(from: Point(x: 0.5, y: 0), to: Point(x: 0.5, y: 1), colour: 0xFF00_0000, width: 1.5, cap: .butt, dash: [4, 3]),
            .polyline(points: [Point(x: 0, y: 1), Point(x: 1, y: 0)], colour: 0xFF00_0000, width: 2, cap: .round),
        ])
        var canvas = SVGCanvas(width: 200, height: 50)
        PlanPainter(chart: chart, size: CGSize(width: 200, height: 50)).draw(chart.ops, on: &canvas)
        XCTAssertEqual(canvas.body, [
            ##"<line x1="100.00" y1="0.00" x2="100.00" y2="50.00" stroke="#000000" stroke-opacity="1.000" stroke-width="1.50" stroke-linecap="butt" stroke-dasharray="4.00 3.00"/>"##,
            ##"<polyline points="0.00,50.00 200.00,0.00" fill="none" stroke="#000000" stroke-opacity="1.000" stroke-width="2.00" stroke-linecap="round" stroke-linejoin="round"/>"##,
        ])
    }

    func testTouchesBecomePlanUnitsAndADragIsLifted() {
        let scale = PlanScale(extent: 8, side: 320)
        XCTAssertEqual(scale.plan(CGPoint(x: 40, y: 80)), Point(x: 1, y: 2))
        XCTAssertEqual(scale.plan(CGPoint(x: 40, y: 80), liftPoints: 40), Point(x: 1, y: 1))
        XCTAssertEqual(scale.square(x: 1, y: 2), CGRect(x: 40, y: 80, width: 40, height: 40))
        XCTAssertEqual(PlanScale.fraction(150, width: 300), 0.5)
        XCTAssertEqual(PlanScale.fraction(-5, width: 300), 0)
        XCTAssertEqual(PlanScale.fraction(400, width: 300), 1)
        XCTAssertEqual(PlanScale(extent: 8, side: 0).plan(CGPoint(x: 3, y: 3)), Point(x: 0, y: 0))
    }

    func testAZoomedWindowShowsItsPartOfThePlanAndTouchesGoThroughIt() {
        // A window 4 units wide from (2, 3) over 320 points: 80 points a unit.
        let scale = PlanScale(window: Window(x: 2, y: 3, side: 4), side: 320)
        XCTAssertEqual(scale.plan(CGPoint(x: 40, y: 80)), Point(x: 2.5, y: 4))
        XCTAssertEqual(scale.points(Point(x: 2.5, y: 4)), CGPoint(x: 40, y: 80))
        XCTAssertEqual(scale.square(x: 3, y: 3), CGRect(x: 80, y: 0, width: 80, height: 80))
        var canvas = SVGCanvas(width: 320, height: 320)
        PlanPainter(boardWindow: Window(x: 2, y: 3, side: 4), side: 320)
            .draw([.fillRect(x: 3, y: 3, w: 1, h: 1, colour: 0xFF000000)], on: &canvas)
        XCTAssertEqual(canvas.body, [
            ##"<rect x="80.00" y="0.00" width="80.00" height="80.00" fill="#000000" fill-opacity="1.000"/>"##,
        ])
    }

    func testAPinchBecomesTheCoresZoomStepsEachItsOwnFactor() {
        var pinch = BoardPinch()
        let scale = PlanScale(window: Window(x: 2, y: 2, side: 10), side: 100)
        XCTAssertEqual(pinch.changed(magnification: 1.5, anchor: CGPoint(x: 50, y: 20), scale: scale),
                       .zoom(centre: Point(x: 7, y: 4), factor: 1.5, pan: Point(x: 0, y: 0)))
        XCTAssertEqual(pinch.changed(magnification: 3, anchor: CGPoint(x: 50, y: 20), scale: scale),
                       .zoom(centre: Point(x: 7, y: 4), factor: 2, pan: Point(x: 0, y: 0)))
        XCTAssertNil(pinch.changed(magnification: 3, anchor: CGPoint(x: 50, y: 20), scale: scale))
        XCTAssertNil(pinch.changed(magnification: .nan, anchor: .zero, scale: scale))
        pinch.ended()
        XCTAssertEqual(pinch.changed(magnification: 0.5, anchor: .zero, scale: scale),
                       .zoom(centre: Point(x: 2, y: 2), factor: 0.5, pan: Point(x: 0, y: 0)))
    }

    // MARK: motion

    let a4 = Coord(file: 0, rank: 3), a2 = Coord(file: 0, rank: 1), b2 = Coord(file: 1, rank: 1)
    let c2 = Coord(file: 2, rank: 1), g7 = Coord(file: 6, rank: 6), f7 = Coord(file: 5, rank: 6)

    func centre(_ c: Coord) -> Point { Point(x: Float(c.file) + 0.5, y: Float(6 - c.rank) + 0.5) }

    func placed(_ c: Coord, _ p: Piece) -> PlacedPiece { PlacedPiece(square: c, piece: p, at: centre(c)) }

    func step(_ p: Piece, _ from: Coord, _ to: Coord, taken: [(Coord, Piece)] = []) -> MotionStep {
        MotionStep(piece: p, from: centre(from), to: centre(to), fromSquare: from, toSquare: to,
                   taken: taken.map { TakenPiece(square: $0.0, piece: $0.1, at: centre($0.0)) })
    }

    func motion(_ steps: [MotionStep], backwards: Bool = false, slide: Bool = true) -> MotionPlan {
        MotionPlan(id: 7, steps: steps, backwards: backwards, slide: slide, slideMs: 200, fadeMs: 100)
    }

    func testAMoveSlidesAndItsCaptureFadesThenTheRestingBoardIsShown() throws {
        // a4-a2 took the defender on b2 (attackers on a2 and c2 after the move).
        let resting = [placed(a2, .attacker), placed(c2, .attacker)]
        let m = motion([step(.attacker, a4, a2, taken: [(b2, .defender)])])
        let start = try XCTUnwrap(BoardMotion.frame(m, resting: resting, elapsedMs: 0))
        XCTAssertEqual(start.hidden, [a2])
        XCTAssertEqual(start.moving, [Sprite(piece: .defender, at: centre(b2), alpha: 1),
                                      Sprite(piece: .attacker, at: centre(a4), alpha: 1)])
        // First the slide: the taken piece stays until the piece arrives.
        let sliding = try XCTUnwrap(BoardMotion.frame(m, resting: resting, elapsedMs: 50))
        XCTAssertEqual(sliding.moving[0].alpha, 1)
        XCTAssertEqual(sliding.moving[1].at.x, centre(a4).x)
        XCTAssertTrue(sliding.moving[1].at.y > centre(a4).y && sliding.moving[1].at.y < centre(a2).y)
        // Then the fade, with the piece on its square.
        let fading = try XCTUnwrap(BoardMotion.frame(m, resting: resting, elapsedMs: 250))
        XCTAssertEqual(fading.moving[0].alpha, 0.5, accuracy: 1e-9)
        XCTAssertEqual(fading.moving[1].at, centre(a2))
        XCTAssertNil(BoardMotion.frame(m, resting: resting, elapsedMs: 300), "over: the plan alone")
        XCTAssertEqual(BoardMotion.durationMs(m), 300, "the slide, then the fade")
    }

    func testAnUndoOfTwoMovesPlaysThemBackLatestFirst() throws {
        // Taken back: g7-f7 (the latest), then a4-a2 which had taken b2; at rest a4, g7, b2.
        let resting = [placed(a4, .attacker), placed(b2, .defender), placed(g7, .king)]
        let m = motion([step(.king, g7, f7), step(.attacker, a4, a2, taken: [(b2, .defender)])], backwards: true)
        let first = try XCTUnwrap(BoardMotion.frame(m, resting: resting, elapsedMs: 0))
        // The king slides back from f7; the attacker still stands on a2, b2 is empty yet.
        XCTAssertEqual(first.hidden, [a4, b2, g7])
        XCTAssertEqual(first.moving, [Sprite(piece: .attacker, at: centre(a2), alpha: 1),
                                      Sprite(piece: .king, at: centre(f7), alpha: 1)])
        // Each step has the slot of a slide and a fade (one of them took a piece): 300 ms.
        XCTAssertEqual(BoardMotion.durationMs(m), 600)
        let second = try XCTUnwrap(BoardMotion.frame(m, resting: resting, elapsedMs: 300))
        XCTAssertEqual(second.hidden, [a4, b2])
        XCTAssertEqual(second.moving, [Sprite(piece: .defender, at: centre(b2), alpha: 0),
                                       Sprite(piece: .attacker, at: centre(a2), alpha: 1)])
        // Taken back, the film runs in reverse: first the capture fades back in...
        let fading = try XCTUnwrap(BoardMotion.frame(m, resting: resting, elapsedMs: 350))
        XCTAssertEqual(fading.moving[0].alpha, 0.5, accuracy: 1e-9)
        XCTAssertEqual(fading.moving[1].at, centre(a2))
        let faded = try XCTUnwrap(BoardMotion.frame(m, resting: resting, elapsedMs: 400))
        XCTAssertEqual(faded.moving[0].alpha, 1, "faded in before the piece slides")
        // ...then the piece slides home.
        let sliding = try XCTUnwrap(BoardMotion.frame(m, resting: resting, elapsedMs: 500))
        XCTAssertTrue(sliding.moving[1].at.y < centre(a2).y && sliding.moving[1].at.y > centre(a4).y)
        XCTAssertNil(BoardMotion.frame(m, resting: resting, elapsedMs: 600))
    }

    func testAfterADropOnlyTheCaptureFades() throws {
        let resting = [placed(a2, .attacker), placed(c2, .attacker)]
        let m = motion([step(.attacker, a4, a2, taken: [(b2, .defender)])], slide: false)
        XCTAssertEqual(BoardMotion.durationMs(m), 100)
        let start = try XCTUnwrap(BoardMotion.frame(m, resting: resting, elapsedMs: 10))
        XCTAssertEqual(start.moving.last, Sprite(piece: .attacker, at: centre(a2), alpha: 1))
    }

    func testAMotionStartsOnlyWithANewId() {
        let m = motion([step(.attacker, a4, a2)])
        XCTAssertTrue(BoardMotion.starts(m, after: nil))
        XCTAssertTrue(BoardMotion.starts(m, after: 6))
        XCTAssertFalse(BoardMotion.starts(m, after: 7))
        XCTAssertFalse(BoardMotion.starts(nil, after: 7))
    }

    func testAFadingPieceMultipliesItsColoursAlpha() {
        let resting = [placed(a2, .attacker)]
        let m = motion([step(.attacker, a4, a2, taken: [(b2, .attacker)])])
        var canvas = SVGCanvas(width: 10, height: 10)
        let frame = BoardMotion.frame(m, resting: resting, elapsedMs: 250)
        PlanPainter(boardExtent: 10, side: 10).draw(board: plan(pieces: resting), motion: frame, on: &canvas)
        XCTAssertTrue(canvas.body.contains { $0.contains(#"fill-opacity="0.502""#) }, "\(canvas.body)")
    }
}
