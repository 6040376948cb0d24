import Foundation
import TaflCore

/// A piece drawn away from its resting place during a motion: sliding, or fading.
public struct Sprite: Equatable, Sendable {
    public let piece: Piece
    public let at: Point
    public let alpha: Double

    public init(piece: Piece, at: Point, alpha: Double) {
        self.piece = piece
        self.at = at
        self.alpha = alpha
    }
}

/// The board at one moment of a motion: the resting pieces not drawn, and the pieces drawn
/// instead (after the others).
public struct MotionFrame: Equatable, Sendable {
    public let hidden: Set<Coord>
    public let moving: [Sprite]

    public init(hidden: Set<Coord>, moving: [Sprite]) {
        self.hidden = hidden
        self.moving = moving
    }
}

/// How the core's motion plan plays over time. The plan at rest is always the frame's board;
/// a motion only draws the way there, step after step: each slides its piece over `slideMs`
/// (not after a drop) while its taken pieces fade out (in, when moves are taken back) over
/// `fadeMs`. The positions before each step are rebuilt from the resting pieces by undoing the
/// steps that follow it, so nothing is guessed.
public enum BoardMotion {
    /// A motion plays when its id is new: not when a screen shows an old one again.
    public static func starts(_ motion: MotionPlan?, after shownId: UInt64?) -> Bool {
        motion.map { $0.id != shownId } ?? false
    }

    public static func stepMs(_ m: MotionPlan) -> Double {
        Double(max(m.slide ? m.slideMs : 0, m.fadeMs))
    }

    public static func durationMs(_ m: MotionPlan) -> Double {
        stepMs(m) * Double(m.steps.count)
    }

    /// The board `elapsedMs` into the motion, over the resting `pieces`; nil once it is over.
    public static func frame(_ m: MotionPlan, resting pieces: [PlacedPiece], elapsedMs: Double) -> MotionFrame? {
        let step = stepMs(m)
        guard step > 0, elapsedMs < durationMs(m) else { return nil }
        let t = max(elapsedMs, 0)
        let k = min(Int(t / step), m.steps.count - 1)
        let local = t - Double(k) * step
        // The board after step k, then before it.
        let resting = Dictionary(pieces.map { ($0.square, ($0.piece, $0.at)) }, uniquingKeysWith: { a, _ in a })
        var board = resting
        for s in m.steps[(k + 1)...].reversed() {
            undo(s, backwards: m.backwards, on: &board)
        }
        var before = board
        let s = m.steps[k]
        undo(s, backwards: m.backwards, on: &before)
        // Before the step the piece stands on `from` (on `to` when the move is taken back).
        let (p0, p1) = m.backwards ? (s.to, s.from) : (s.from, s.to)
        var still = before
        still[m.backwards ? s.toSquare : s.fromSquare] = nil
        for taken in s.taken { still[taken.square] = nil }

        let slide = m.slide && m.slideMs > 0 ? easeOut(local / Double(m.slideMs)) : 1
        let fade = m.fadeMs > 0 ? min(local / Double(m.fadeMs), 1) : 1
        var moving = still.filter { sq, v in resting[sq]?.0 != v.0 }
            .sorted { ($0.key.rank, $0.key.file) < ($1.key.rank, $1.key.file) }
            .map { Sprite(piece: $0.value.0, at: $0.value.1, alpha: 1) }
        for taken in s.taken {
            moving.append(Sprite(piece: taken.piece, at: taken.at, alpha: m.backwards ? fade : 1 - fade))
        }
        let at = Point(x: p0.x + (p1.x - p0.x) * Float(slide), y: p0.y + (p1.y - p0.y) * Float(slide))
        moving.append(Sprite(piece: s.piece, at: at, alpha: 1))
        let hidden = Set(pieces.filter { still[$0.square]?.0 != $0.piece }.map(\.square))
        return MotionFrame(hidden: hidden, moving: moving)
    }

    /// Turns the board after step `s` into the board before it.
    private static func undo(_ s: MotionStep, backwards: Bool, on board: inout [Coord: (Piece, Point)]) {
        if backwards {
            // The step took the move back: play it again.
            board[s.fromSquare] = nil
            board[s.toSquare] = (s.piece, s.to)
            for taken in s.taken { board[taken.square] = nil }
        } else {
            board[s.toSquare] = nil
            board[s.fromSquare] = (s.piece, s.from)
            for taken in s.taken { board[taken.square] = (taken.piece, taken.at) }
        }
    }

    /// Fast at first, gentle at the end (cubic ease-out).
    static func easeOut(_ t: Double) -> Double {
        let c = min(max(t, 0), 1)
        return 1 - pow(1 - c, 3)
    }
}
