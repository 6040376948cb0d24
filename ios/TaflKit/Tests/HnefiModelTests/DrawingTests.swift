import Foundation
import HnefiModel
import TaflCore
import XCTest

/// The board as docs/design.md draws it, the chart, touches on the board, and the layouts.
final class DrawingTests: XCTestCase {
    let light = look(theme: .light, colourBlind: false)

    private func board(_ variant: Variant = .brandubh, selected: String? = nil,
                       moves: [(String, String)] = []) throws -> BoardUi {
        let s = try GameSession.newGame(variant: variant, mode: .twoPlayers, exitForts: true, store: nil)
        for (from, to) in moves { _ = try s.play(from: Sq(from)!.coord, to: Sq(to)!.coord) }
        return BoardUi(s.view(language: .english, selected: selected.flatMap(Sq.init)?.coord, showThreats: true))
    }

    /// A board whose squares carry every mark, to see each drawn.
    private func marked(_ b: BoardUi, _ marks: [String: (inout Marks) -> Void]) -> BoardUi {
        BoardUi(size: b.size, squares: b.squares.map { s in
            var m = Marks(s)
            marks[s.name]?(&m)
            return m.view
        })
    }

    /// Brandubh's 7 squares on 716 points: with the frame's 0.08 of a square on each side,
    /// 7.16 squares across, so a square is 100 points and the squares start 8 points in.
    private let side = 716.0
    private var geometry: BoardGeometry { BoardGeometry(size: 7, side: side, metrics: light.metrics) }

    private func ops(_ b: BoardUi, threats: Bool = false, palette: Look? = nil, drag: BoardDrag? = nil) -> [BoardOp] {
        BoardPainter(look: palette ?? light, showThreats: threats)
            .paint(b, sprites: BoardMotion.resting(b), side: side, drag: drag)
    }

    func testLayersAreDrawnInTheDesignsOrder() throws {
        let b = marked(try board(), [
            "a1": { $0.ending = true }, "b2": { $0.threatened = true }, "c3": { $0.escapeRoute = true },
            "g7": { $0.kingOpenLine = true }, "a3": { $0.hintFrom = true }, "a2": { $0.hintTo = true },
            "d5": { $0.captured = true }, "e5": { $0.lastMoveTo = true }, "e6": { $0.lastMoveFrom = true },
        ])
        let all = ops(b, threats: true, drag: BoardDrag(from: Sq("a4")!, at: Point(50, 250), over: Sq("a5")!))
        XCTAssertEqual(all.map(\.layer), all.map(\.layer).sorted(), "bottom layer first")
        XCTAssertEqual(Set(all.map(\.layer)), Set(BoardLayer.allCases).subtracting([.selection, .target]))
        XCTAssertEqual(all.last?.layer, .dragged)
        // Each layer in its colour.
        func inks(_ layer: BoardLayer) -> Set<Argb> {
            Set(all.filter { $0.layer == layer }.map { op in
                switch op.ink { case let .fill(c), let .stroke(c, _): c }
            })
        }
        let c = light.board
        XCTAssertEqual(inks(.fill), [c.square, c.restricted])
        XCTAssertEqual(inks(.ending), [c.ending])
        XCTAssertEqual(inks(.openLine), [c.openLine])
        XCTAssertEqual(inks(.lastMove), [c.lastMove])
        XCTAssertEqual(inks(.dropTarget), [c.dropTarget])
        XCTAssertEqual(inks(.threat), [c.threat])
        XCTAssertEqual(inks(.escapeRoute), [c.escapeRoute])
        XCTAssertEqual(inks(.captured), [c.captured])
        XCTAssertEqual(inks(.hint), [c.hint])
        XCTAssertEqual(inks(.piece), [c.attacker, c.attackerEdge, c.defender, c.defenderEdge, c.king, c.kingEdge, c.kingMark])
    }

    func testShapesAndSizesComeFromTheTokens() throws {
        let b = try board(selected: "a4")
        let all = ops(b)
        let s = geometry.s   // 100 points, to the float token's precision
        let m = light.metrics
        // The selection ring, radius 0.46, around a4 (column 0, row 3), 8 points in.
        let ring = all.first { $0.layer == .selection }!
        assertNear(ring.shape, .circle(centre: Point(58, 358), radius: 46))
        XCTAssertEqual(ring.ink, .stroke(light.board.selection, width: Double(m.selectionStroke) * s))
        // Target dots: a2, a3, a5, a6.
        let dots = all.filter { $0.layer == .target }
        XCTAssertEqual(dots.count, 4)
        XCTAssertTrue(dots.allSatisfy {
            if case let .circle(_, r) = $0.shape { return abs(r - Double(m.targetRadius) * s) < 1e-9 }
            return false
        })
        // The king: a disc of king_radius with a cross; the throne and corners crossed.
        let kingDisc = all.first { $0.layer == .piece && $0.ink == .fill(light.board.king) }!
        assertNear(kingDisc.shape, .circle(centre: Point(358, 358), radius: Double(m.kingRadius) * 100))
        XCTAssertEqual(all.filter { $0.layer == .restrictedMark }.count, 5)
        // Stripes of an open line are clipped to their square.
        let open = marked(b, ["g7": { $0.kingOpenLine = true }])
        let stripes = ops(open).first { $0.layer == .openLine }!
        assertNear(stripes.clip, Box(x: 608, y: 8, width: 100, height: 100))
        // The colour-blind palette draws thicker.
        let bold = look(theme: .light, colourBlind: true)
        let boldRing = ops(b, palette: bold).first { $0.layer == .selection }!
        XCTAssertEqual(boldRing.ink, .stroke(bold.board.selection, width: Double(bold.metrics.selectionStroke) * s))
        XCTAssertGreaterThan(bold.metrics.selectionStroke, m.selectionStroke)
    }

    func testTheGeometryLeavesTheFrameAMarginAroundTheSquares() {
        // Copenhagen on 440 points with the look's frame of 0.08 of a square on each side:
        // 11.16 squares across, so s = 440 / 11.16 = 11000/279 and the squares start
        // 0.08 × s = 880/279 points in. Android's BoardGeometry gives these numbers for the
        // same inputs (in Float, hence the tolerance).
        let m = light.metrics
        XCTAssertEqual(Double(m.frameStroke), 0.08, accuracy: 1e-7)
        let g = BoardGeometry(size: 11, side: 440, metrics: m)
        let s = 39.426_523   // 11000/279
        let origin = 3.154_122   // 880/279
        XCTAssertEqual(g.s, s, accuracy: 1e-5)
        XCTAssertEqual(g.origin, origin, accuracy: 1e-5)
        // The first square (a11, top left) and the last (k1, bottom right); k1 ends one
        // frame's width short of the drawing's edge: 121880/279 = 440 - 880/279.
        assertNear(g.box(column: 0, row: 0), Box(x: origin, y: origin, width: s, height: s))
        XCTAssertEqual(g.box(Sq("a11")!), g.box(column: 0, row: 0))
        assertNear(g.box(Sq("k1")!), Box(x: 397.419_355, y: 397.419_355, width: s, height: s))   // 12320/31
        XCTAssertEqual(g.box(Sq("k1")!).x + s, 440 - origin, accuracy: 1e-5)
        assertNear(g.squares, Box(x: origin, y: origin, width: 433.691_756, height: 433.691_756))   // 11 × s
        assertNear(g.centre(Sq("f6")!), Point(220, 220), "the throne is in the middle")
        assertNear(g.point(columns: 5.5, rows: 5.5), Point(220, 220))
        // The squares under points: none in the margin, on any side.
        for p in [Point(0, 0), Point(3.1, 3.1), Point(3.1, 220), Point(220, 3.1), Point(436.9, 220),
                  Point(220, 436.9), Point(439.9, 439.9), Point(440, 10), Point(-1, 10)] {
            XCTAssertNil(g.square(at: p), "(\(p.x), \(p.y)) is on the frame or off the board")
        }
        XCTAssertEqual(g.square(at: Point(3.2, 3.2)), Sq("a11"))
        XCTAssertEqual(g.square(at: Point(42.5, 3.2)), Sq("a11"))
        XCTAssertEqual(g.square(at: Point(42.6, 3.2)), Sq("b11"), "b11 starts at origin + s = 42.58")
        XCTAssertEqual(g.square(at: Point(436.8, 436.8)), Sq("k1"))
        XCTAssertEqual(g.square(at: Point(220, 220)), Sq("f6"))
        // Points no screen gives are off the board, never a crash.
        XCTAssertNil(g.square(at: Point(.nan, 10)))
        XCTAssertNil(g.square(at: Point(1e300, -1e300)))
        XCTAssertNil(BoardGeometry(size: 11, side: 0, metrics: m).square(at: Point(0, 0)))
    }

    func testTheFrameLiesInAMarginAroundTheSquares() throws {
        let all = ops(try board())
        let c = light.board
        // The first square's fill starts 8 points in, a square's side wide.
        let fill = all.first { $0.layer == .fill }
        assertNear(fill?.shape, .rect(Box(x: 8, y: 8, width: 100, height: 100)))
        // The frame's stroke, 8 points wide, is centred 4 points in: it runs from the
        // drawing's edge to the squares' and covers none of them.
        let frameInk = Ink.stroke(c.frame, width: Double(light.metrics.frameStroke) * geometry.s)
        let frames = all.filter { $0.layer == .grid && $0.ink == frameInk }
        XCTAssertEqual(frames.count, 1)
        assertNear(frames.first?.shape, .rect(Box(x: 4, y: 4, width: 708, height: 708)))
        XCTAssertEqual(geometry.origin, 8, accuracy: 1e-6)
        // Every square's outline lies on its square, inside the frame.
        let lineInk = Ink.stroke(c.line, width: Double(light.metrics.gridStroke) * geometry.s)
        let outlines = all.filter { $0.layer == .grid && $0.ink == lineInk }
        XCTAssertEqual(outlines.count, 49)
        assertNear(outlines.last?.shape, .rect(Box(x: 608, y: 608, width: 100, height: 100)), "g1, bottom right")
    }

    func testThreatsAreDrawnOnlyWhenTheSettingIsOn() throws {
        let b = marked(try board(), ["b2": { $0.threatened = true }, "c3": { $0.escapeRoute = true }])
        XCTAssertFalse(ops(b, threats: false).contains { $0.layer == .threat || $0.layer == .escapeRoute })
        XCTAssertEqual(ops(b, threats: true).filter { $0.layer == .threat }.count, 1)
        XCTAssertEqual(ops(b, threats: true).filter { $0.layer == .escapeRoute }.count, 1)
    }

    func testTheHintIsAnArrowEndingOnTheTarget() throws {
        let b = marked(try board(), ["a4": { $0.hintFrom = true }, "a2": { $0.hintTo = true }])
        let arrow = ops(b).filter { $0.layer == .hint }
        XCTAssertEqual(arrow.count, 2)
        guard case let .lines(line) = arrow[0].shape, case let .polygon(head) = arrow[1].shape else {
            return XCTFail("a line and a head")
        }
        assertNear(line.first, Point(58, 358))
        assertNear(head.first, Point(58, 558), "the head's tip is on a2's centre")
    }

    func testADraggedPieceIsLiftedAndEnlarged() throws {
        let b = try board(selected: "a4")
        let s = geometry.s
        let touch = BoardTouch(geometry: geometry, lift: Double(light.motion.dragLiftDp))
        // The finger on a4 (rows of 100 points from y = 8): the piece is drawn 44 points higher, on a5.
        let drag = touch.drag(from: Sq("a4")!, finger: Point(58, 298))
        XCTAssertEqual(drag.at, Point(58, 298 - Double(light.motion.dragLiftDp)))
        XCTAssertEqual(drag.over, Sq("a5"), "the square under the lifted piece, not under the finger")
        let all = ops(b, drag: drag)
        let lifted = all.filter { $0.layer == .dragged }
        assertNear(lifted.first?.shape,
                   .circle(centre: drag.at, radius: Double(light.metrics.attackerRadius) * 100
                           * Double(light.motion.dragScalePercent) / 100))
        XCTAssertFalse(all.contains {
            guard $0.layer == .piece, case let .circle(centre, _) = $0.shape else { return false }
            return near(centre, Point(58, 358))
        }, "the piece has left its square")
        let dropFrame = all.first { $0.layer == .dropTarget }
        XCTAssertEqual(dropFrame?.ink, .stroke(light.board.dropTarget, width: Double(light.metrics.dropTargetStroke) * s))
        let inset = Double(light.metrics.dropTargetStroke) * 100 / 2
        assertNear(dropFrame?.shape, .rect(Box(x: 8 + inset, y: 208 + inset, width: 100 - 2 * inset, height: 100 - 2 * inset)),
                   "on a5, the third row")
    }

    func testTouchesAreTapsOrDrags() {
        // Copenhagen on 440 points: squares of 39.43 points from 3.15 points in (see the geometry's test).
        let touch = BoardTouch(geometry: BoardGeometry(size: 11, side: 440, metrics: light.metrics), lift: 44, slop: 8)
        XCTAssertEqual(touch.square(at: Point(5, 5)), Sq("a11"))
        XCTAssertEqual(touch.square(at: Point(435, 435)), Sq("k1"))
        XCTAssertNil(touch.square(at: Point(1, 1)), "on the frame")
        XCTAssertNil(touch.square(at: Point(439, 439)), "on the frame")
        XCTAssertNil(touch.square(at: Point(-1, 10)))
        XCTAssertNil(touch.square(at: Point(10, 440)))
        XCTAssertFalse(touch.isDrag(from: Point(100, 100), to: Point(105, 104)))
        XCTAssertTrue(touch.isDrag(from: Point(100, 100), to: Point(100, 120)))
        XCTAssertEqual(touch.ended(start: Point(20, 20), end: Point(22, 21), dragged: false), .squareTapped(Sq("a11")!))
        XCTAssertEqual(touch.dragStarted(at: Point(20, 420)), .dragStarted(Sq("a1")!))
        // Dropped with the finger on a1's row: the lifted piece is over the square above.
        XCTAssertEqual(touch.ended(start: Point(20, 420), end: Point(60, 420), dragged: true),
                       .dropped(from: Sq("a1")!, on: Sq("b2")!))
        // Dropped with the lifted piece off the board: it goes back.
        XCTAssertEqual(touch.ended(start: Point(20, 20), end: Point(20, 30), dragged: true),
                       .dropped(from: Sq("a11")!, on: nil))
        // Dropped with the lifted piece on the frame: it goes back too.
        XCTAssertEqual(touch.ended(start: Point(20, 20), end: Point(20, 46), dragged: true),
                       .dropped(from: Sq("a11")!, on: nil))
        XCTAssertNil(touch.ended(start: Point(-5, 20), end: Point(20, 30), dragged: false))
        XCTAssertNil(touch.ended(start: Point(2, 200), end: Point(2, 200), dragged: false), "a tap on the frame")
        XCTAssertNil(touch.dragStarted(at: Point(200, 438)), "a drag from the frame")
    }

    func testTheBoardIsTheLargestSquareThatFits() {
        // Phone upright: the width.
        let portrait = GameLayout.fit(width: 390, height: 760, chromeHeight: 250, panelWidth: 280)
        XCTAssertEqual(portrait, GameLayout(arrangement: .stacked, boardSide: 390))
        // Phone sideways: the full height, the rest beside it.
        let landscape = GameLayout.fit(width: 760, height: 360, chromeHeight: 250, panelWidth: 280)
        XCTAssertEqual(landscape, GameLayout(arrangement: .sideBySide, boardSide: 360))
        // A tablet of 800 x 1280 points, both ways: 11 x 11 squares of at least 56 points.
        for (w, h) in [(800.0, 1280.0), (1280.0, 800.0)] {
            let tablet = GameLayout.fit(width: w, height: h, chromeHeight: 250, panelWidth: 320)
            XCTAssertGreaterThanOrEqual(tablet.boardSide / 11, 56, "\(w) x \(h)")
        }
        // Tight space: never negative.
        XCTAssertEqual(GameLayout.fit(width: 100, height: 100, chromeHeight: 250, panelWidth: 280).boardSide, 0)
    }

    func testTheChartDrawsWhatIsKnown() {
        let chrome = light.chrome
        let painter = ChartPainter(chrome: chrome)
        let ops = painter.paint(chances: [0.5, 0.6, nil, 0.2, 0.75], swings: [3], current: 1, width: 400, height: 100)
        XCTAssertEqual(ops.map(\.layer), ops.map(\.layer).sorted())
        let lines = ops.filter { $0.layer == .line }
        XCTAssertEqual(lines.count, 2, "two runs, split by the unknown point")
        XCTAssertEqual(lines[0].shape, .polyline([Point(0, 50), Point(100, 40)]))
        XCTAssertEqual(lines[1].shape, .polyline([Point(300, 80), Point(400, 25)]))
        let mistakes = ops.filter { $0.layer == .mistake }
        XCTAssertEqual(mistakes.count, 2)
        XCTAssertEqual(mistakes[1].shape, .circle(centre: Point(300, 80), radius: 5))
        XCTAssertEqual(mistakes[1].ink, .fill(chrome.chartMistake))
        XCTAssertEqual(ops.last?.shape, .lines([Point(100, 0), Point(100, 100)]))
        XCTAssertTrue(painter.paint(chances: [], swings: [], current: 0, width: 400, height: 100).isEmpty)
    }

    func testColoursKeepTheirOpacityWhenFading() {
        XCTAssertEqual(Argb(0xFF12_3456).fading(0.5), 0x8012_3456)
        XCTAssertEqual(Argb(0x9912_3456).fading(1), 0x9912_3456)
        XCTAssertEqual(Argb(0xFF12_3456).fading(0), 0x0012_3456)
        XCTAssertEqual(Argb(0xFF00_FF00).green, 1)
    }
}

/// Points this close are the same point: the frame's token is a Float, so positions carry its
/// rounding.
func near(_ a: Point, _ b: Point, _ tolerance: Double = 1e-4) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

func near(_ a: Box, _ b: Box) -> Bool {
    near(Point(a.x, a.y), Point(b.x, b.y)) && near(Point(a.width, a.height), Point(b.width, b.height))
}

func near(_ a: DrawShape, _ b: DrawShape) -> Bool {
    func all(_ p: [Point], _ q: [Point]) -> Bool { p.count == q.count && zip(p, q).allSatisfy { near($0, $1) } }
    switch (a, b) {
    case let (.rect(p), .rect(q)): return near(p, q)
    case let (.circle(p, r), .circle(q, t)): return near(p, q) && abs(r - t) <= 1e-4
    case let (.lines(p), .lines(q)), let (.polyline(p), .polyline(q)), let (.polygon(p), .polygon(q)): return all(p, q)
    default: return false
    }
}

func assertNear(_ a: Point?, _ b: Point, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(a.map { near($0, b) } ?? false, "\(String(describing: a)) is not \(b) \(message)", file: file, line: line)
}

func assertNear(_ a: Box?, _ b: Box, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(a.map { near($0, b) } ?? false, "\(String(describing: a)) is not \(b) \(message)", file: file, line: line)
}

func assertNear(_ a: DrawShape?, _ b: DrawShape, _ message: String = "", file: StaticString = #filePath,
                line: UInt = #line) {
    XCTAssertTrue(a.map { near($0, b) } ?? false, "\(String(describing: a)) is not \(b) \(message)", file: file, line: line)
}

/// The marks of a square, to build test boards with marks the core would set in play.
struct Marks {
    var base: SquareView
    var ending = false, threatened = false, escapeRoute = false, kingOpenLine = false
    var hintFrom = false, hintTo = false, captured = false, lastMoveFrom = false, lastMoveTo = false

    init(_ s: SquareView) {
        base = s
        ending = s.ending
        threatened = s.threatened
        escapeRoute = s.escapeRoute
        kingOpenLine = s.kingOpenLine
        hintFrom = s.hintFrom
        hintTo = s.hintTo
        captured = s.captured
        lastMoveFrom = s.lastMoveFrom
        lastMoveTo = s.lastMoveTo
    }

    var view: SquareView {
        SquareView(coord: base.coord, name: base.name, piece: captured ? nil : base.piece, movable: base.movable,
                   restricted: base.restricted, escape: base.escape, lastMoveFrom: lastMoveFrom, lastMoveTo: lastMoveTo,
                   captured: captured, kingOpenLine: kingOpenLine, selected: base.selected, target: base.target,
                   hintFrom: hintFrom, hintTo: hintTo, threatened: threatened, escapeRoute: escapeRoute,
                   ending: ending, label: base.label)
    }
}
