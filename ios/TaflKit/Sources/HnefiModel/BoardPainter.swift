import TaflCore

// The board drawn as docs/design.md says, in its order, with the core's design tokens (`look`):
// the same marks in the same places and shapes as on Android. Sizes in the tokens are fractions
// of a square's side; here they become points, on the squares BoardGeometry lays out.

/// The layers of the board, bottom first (docs/design.md, "What is drawn, in order").
public enum BoardLayer: Int, Comparable, Sendable, CaseIterable {
    case fill = 1, grid, restrictedMark, ending, openLine, lastMove, dropTarget, piece
    case selection, threat, escapeRoute, target, captured
    /// Over the whole board: the hint's arrow.
    case hint
    /// The piece being dragged, lifted above the finger, over everything.
    case dragged

    public static func < (a: BoardLayer, b: BoardLayer) -> Bool { a.rawValue < b.rawValue }
}

public typealias BoardOp = DrawOp<BoardLayer>

/// A piece being dragged: where it is drawn (lifted above the finger) and the square under it.
public struct BoardDrag: Equatable, Sendable {
    public let from: Sq
    /// The lifted piece's centre, in points on the board.
    public let at: Point
    /// The square under the lifted piece, if it is over one.
    public let over: Sq?

    public init(from: Sq, at: Point, over: Sq?) {
        self.from = from
        self.at = at
        self.over = over
    }
}

public struct BoardPainter: Sendable {
    public let look: Look
    /// Draw the threatened pieces and the king's escape routes (the threats setting).
    public let showThreats: Bool

    public init(look: Look, showThreats: Bool) {
        self.look = look
        self.showThreats = showThreats
    }

    /// Everything to draw for `board` on a square of `side` points, with the pieces where
    /// `sprites` put them (the snapshot's, or a frame of a motion) and a piece being dragged.
    public func paint(_ board: BoardUi, sprites: [PieceSprite], side: Double, drag: BoardDrag? = nil) -> [BoardOp] {
        guard board.size > 0, side > 0 else { return [] }
        let c = look.board
        let m = look.metrics
        let g = BoardGeometry(size: board.size, side: side, metrics: m)
        let s = g.s
        var ops: [BoardOp] = []
        func box(_ sq: SquareView) -> Box { g.box(sq.sq) }
        func at(_ f: Float) -> Double { Double(f) * s }

        // 1. Fill.
        for sq in board.squares {
            let colour = sq.restricted ? c.restricted : sq.escape ? c.escapeEdge : c.square
            ops.append(BoardOp(.fill, .rect(box(sq)), .fill(colour)))
        }
        // 2. Grid and frame.
        for sq in board.squares {
            ops.append(BoardOp(.grid, .rect(box(sq)), .stroke(c.line, width: at(m.gridStroke))))
        }
        // The frame fills the margin around the squares: its stroke is centred half a frame out.
        let frameWidth = at(m.frameStroke)
        ops.append(BoardOp(.grid, .rect(g.squares.inset(-frameWidth / 2)), .stroke(c.frame, width: frameWidth)))
        // 3. Throne and corner marks.
        for sq in board.squares where sq.restricted {
            let b = box(sq).inset(at(m.restrictedMarkInset))
            ops.append(BoardOp(.restrictedMark, .lines(diagonals(b)), .stroke(c.line, width: at(m.gridStroke) * 1.5)))
        }
        // 4. The ring or the fort that ended the game.
        for sq in board.squares where sq.ending {
            ops.append(BoardOp(.ending, .circle(centre: box(sq).centre, radius: at(m.endingRadius)), .fill(c.ending)))
        }
        // 5. The king's open lines: stripes rising to the right.
        for sq in board.squares where sq.kingOpenLine {
            let b = box(sq)
            ops.append(BoardOp(.openLine, .lines(stripes(b, every: at(m.openLineSpacing))),
                               .stroke(c.openLine, width: at(m.openLineStroke)), clip: b))
        }
        // 6. The last move.
        for sq in board.squares where sq.lastMoveFrom || sq.lastMoveTo {
            let width = at(sq.lastMoveTo ? m.lastMoveToStroke : m.lastMoveFromStroke)
            ops.append(BoardOp(.lastMove, .rect(box(sq).inset(width / 2)), .stroke(c.lastMove, width: width)))
        }
        // 7. The square under a dragged piece.
        if let over = drag?.over, let sq = board.square(over) {
            let width = at(m.dropTargetStroke)
            ops.append(BoardOp(.dropTarget, .rect(box(sq).inset(width / 2)), .stroke(c.dropTarget, width: width)))
        }
        // 8. Pieces (the dragged one is drawn last, lifted).
        for sprite in sprites where drag == nil || sprite.home != drag?.from {
            ops += piece(sprite.piece, at: g.point(columns: sprite.x, rows: sprite.y), square: s, scale: 1,
                         opacity: sprite.opacity, layer: .piece)
        }
        // 9. Selection.
        for sq in board.squares where sq.selected {
            ops.append(BoardOp(.selection, .circle(centre: box(sq).centre, radius: 0.46 * s),
                               .stroke(c.selection, width: at(m.selectionStroke))))
        }
        if showThreats {
            // 10. Threatened pieces: brackets at the square's corners.
            for sq in board.squares where sq.threatened {
                let width = at(m.threatStroke)
                ops.append(BoardOp(.threat, .lines(brackets(box(sq).inset(width / 2), arm: at(m.threatArm))),
                                   .stroke(c.threat, width: width)))
            }
            // 11. Squares from which the king would escape next move.
            for sq in board.squares where sq.escapeRoute {
                ops.append(BoardOp(.escapeRoute, .polygon(diamond(box(sq).centre, at(m.escapeRouteRadius))),
                                   .fill(c.escapeRoute)))
            }
        }
        // 12. Targets.
        for sq in board.squares where sq.target {
            ops.append(BoardOp(.target, .circle(centre: box(sq).centre, radius: at(m.targetRadius)), .fill(c.target)))
        }
        // 13. Captured.
        for sq in board.squares where sq.captured {
            let b = box(sq).inset(at(m.capturedInset))
            ops.append(BoardOp(.captured, .lines(diagonals(b)), .stroke(c.captured, width: at(m.capturedStroke))))
        }
        // Over the board: the hint's arrow.
        if let from = board.squares.first(where: \.hintFrom), let to = board.squares.first(where: \.hintTo) {
            ops += arrow(from: g.centre(from.sq), to: g.centre(to.sq), width: at(m.hintStroke), colour: c.hint)
        }
        // The dragged piece, lifted and enlarged.
        if let drag, let sprite = sprites.first(where: { $0.home == drag.from }) {
            ops += piece(sprite.piece, at: drag.at, square: s, scale: Double(look.motion.dragScalePercent) / 100,
                         opacity: 1, layer: .dragged)
        }
        return ops
    }

    /// A piece: a disc with an edge, and the king's cross.
    func piece(_ piece: Piece, at centre: Point, square s: Double, scale: Double, opacity: Double,
               layer: BoardLayer) -> [BoardOp] {
        let c = look.board
        let m = look.metrics
        let (radius, fill, edge, edgeFactor): (Float, Argb, Argb, Double) = switch piece {
        case .attacker: (m.attackerRadius, c.attacker, c.attackerEdge, 0.6)
        case .defender: (m.defenderRadius, c.defender, c.defenderEdge, 1)
        case .king: (m.kingRadius, c.king, c.kingEdge, 1.4)
        }
        let r = Double(radius) * s * scale
        let edgeWidth = Double(m.pieceEdgeStroke) * edgeFactor * s * scale
        var ops = [
            BoardOp(layer, .circle(centre: centre, radius: r), .fill(fill.fading(opacity))),
            // The edge lies inside the disc, so every piece keeps its radius.
            BoardOp(layer, .circle(centre: centre, radius: max(r - edgeWidth / 2, 0)),
                    .stroke(edge.fading(opacity), width: edgeWidth)),
        ]
        if piece == .king {
            let arm = Double(m.kingMarkArm) * s * scale
            let cross = [Point(centre.x - arm, centre.y), Point(centre.x + arm, centre.y),
                         Point(centre.x, centre.y - arm), Point(centre.x, centre.y + arm)]
            ops.append(BoardOp(layer, .lines(cross),
                               .stroke(c.kingMark.fading(opacity), width: Double(m.kingMarkStroke) * s * scale)))
        }
        return ops
    }

    /// The two diagonals of a box: an X.
    func diagonals(_ b: Box) -> [Point] {
        [Point(b.x, b.y), Point(b.x + b.width, b.y + b.height),
         Point(b.x, b.y + b.height), Point(b.x + b.width, b.y)]
    }

    /// Lines rising to the right across a square, `every` points apart along its side; the
    /// caller clips them to the square.
    func stripes(_ b: Box, every spacing: Double) -> [Point] {
        guard spacing > 0 else { return [] }
        var out: [Point] = []
        // Each stripe runs from (x0, bottom) up to (x0 + side, top); x0 sweeps from one side
        // left of the square to its right edge, so the stripes cover it.
        var x0 = b.x - b.width + spacing / 2
        while x0 < b.x + b.width {
            out.append(Point(x0, b.y + b.height))
            out.append(Point(x0 + b.width, b.y))
            x0 += spacing
        }
        return out
    }

    /// Four L shapes at the corners of a box, each arm `arm` long.
    func brackets(_ b: Box, arm: Double) -> [Point] {
        let (l, t, r, btm) = (b.x, b.y, b.x + b.width, b.y + b.height)
        return [
            Point(l, t), Point(l + arm, t), Point(l, t), Point(l, t + arm),
            Point(r, t), Point(r - arm, t), Point(r, t), Point(r, t + arm),
            Point(l, btm), Point(l + arm, btm), Point(l, btm), Point(l, btm - arm),
            Point(r, btm), Point(r - arm, btm), Point(r, btm), Point(r, btm - arm),
        ]
    }

    /// A diamond of half-diagonal `r` around a centre.
    func diamond(_ c: Point, _ r: Double) -> [Point] {
        [Point(c.x, c.y - r), Point(c.x + r, c.y), Point(c.x, c.y + r), Point(c.x - r, c.y)]
    }

    /// A line from one centre to another with a filled head whose tip is on the target's
    /// centre: the head is three strokes long and as wide.
    func arrow(from a: Point, to b: Point, width: Double, colour: Argb) -> [BoardOp] {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return [] }
        let (ux, uy) = (dx / length, dy / length)
        let head = min(3 * width, length)
        let base = Point(b.x - ux * head, b.y - uy * head)
        let half = 1.5 * width
        return [
            BoardOp(.hint, .lines([a, base]), .stroke(colour, width: width)),
            BoardOp(.hint, .polygon([b, Point(base.x - uy * half, base.y + ux * half),
                                     Point(base.x + uy * half, base.y - ux * half)]), .fill(colour)),
        ]
    }
}
