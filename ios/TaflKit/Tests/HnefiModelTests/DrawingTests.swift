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

    private func ops(_ b: BoardUi, threats: Bool = false, palette: Look? = nil, drag: BoardDrag? = nil) -> [BoardOp] {
        BoardPainter(look: palette ?? light, showThreats: threats)
            .paint(b, sprites: BoardMotion.resting(b), side: 700, drag: drag)
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
        let s = 100.0   // 700 points over 7 squares
        let m = light.metrics
        // The selection ring, radius 0.46, around a4 (column 0, row 3).
        let ring = all.first { $0.layer == .selection }!
        XCTAssertEqual(ring.shape, .circle(centre: Point(50, 350), radius: 46))
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
        XCTAssertEqual(kingDisc.shape, .circle(centre: Point(350, 350), radius: Double(m.kingRadius) * s))
        XCTAssertEqual(all.filter { $0.layer == .restrictedMark }.count, 5)
        // Stripes of an open line are clipped to their square.
        let open = marked(b, ["g7": { $0.kingOpenLine = true }])
        let stripes = ops(open).first { $0.layer == .openLine }!
        XCTAssertEqual(stripes.clip, Box(x: 600, y: 0, width: 100, height: 100))
        // The colour-blind palette draws thicker.
        let bold = look(theme: .light, colourBlind: true)
        let boldRing = ops(b, palette: bold).first { $0.layer == .selection }!
        XCTAssertEqual(boldRing.ink, .stroke(bold.board.selection, width: Double(bold.metrics.selectionStroke) * s))
        XCTAssertGreaterThan(bold.metrics.selectionStroke, m.selectionStroke)
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
        XCTAssertEqual(line.first, Point(50, 350))
        XCTAssertEqual(head.first, Point(50, 550), "the head's tip is on a2's centre")
    }

    func testADraggedPieceIsLiftedAndEnlarged() throws {
        let b = try board(selected: "a4")
        let touch = BoardTouch(size: 7, side: 700, lift: Double(light.motion.dragLiftDp))
        let drag = touch.drag(from: Sq("a4")!, finger: Point(50, 290))
        XCTAssertEqual(drag.at, Point(50, 290 - Double(light.motion.dragLiftDp)))
        XCTAssertEqual(drag.over, Sq("a5"), "the square under the lifted piece, not under the finger")
        let all = ops(b, drag: drag)
        let lifted = all.filter { $0.layer == .dragged }
        XCTAssertEqual(lifted.first?.shape,
                       .circle(centre: drag.at, radius: Double(light.metrics.attackerRadius) * 100
                               * Double(light.motion.dragScalePercent) / 100))
        XCTAssertFalse(all.contains { $0.layer == .piece && $0.shape == .circle(centre: Point(50, 350),
                                                                               radius: Double(light.metrics.attackerRadius) * 100) },
                       "the piece has left its square")
        XCTAssertEqual(all.filter { $0.layer == .dropTarget }.first?.ink,
                       .stroke(light.board.dropTarget, width: Double(light.metrics.dropTargetStroke) * 100))
    }

    func testTouchesAreTapsOrDrags() {
        let touch = BoardTouch(size: 11, side: 440, lift: 44, slop: 8)
        XCTAssertEqual(touch.square(at: Point(1, 1)), Sq("a11"))
        XCTAssertEqual(touch.square(at: Point(439, 439)), Sq("k1"))
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
        XCTAssertNil(touch.ended(start: Point(-5, 20), end: Point(20, 30), dragged: false))
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
