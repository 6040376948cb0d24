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
/// a motion only draws the way there, step after step, each in a slot of its own: the piece
/// slides over `slideMs` (eased; not after a drop), then the pieces it took fade out over
/// `fadeMs` (every step gets the fade's time when any step takes a piece). Moves taken back run
/// the same film in reverse: the taken pieces fade back in, then the piece slides home. The
/// Android shell plays the same film (android/ui's Motion.kt), so that the two apps show the
/// same board at the same moment (the goldens' motion scenes hold both to it). The positions
/// before each step are rebuilt from the resting pieces by undoing the steps that follow it,
/// so nothing is guessed.
public enum BoardMotion {
    /// A motion plays when its id is new: not when a screen shows an old one again.
    public static func starts(_ motion: MotionPlan?, after shownId: UInt64?) -> Bool {
        motion.map { $0.id != shownId } ?? false
    }

    /// One step's slot: its slide (none after a drop), then the fade (when pieces are taken).
    public static func stepMs(_ m: MotionPlan) -> Double {
        Double(m.slide ? m.slideMs : 0) + (m.steps.contains { !$0.taken.isEmpty } ? Double(m.fadeMs) : 0)
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
        // The forward film's path: from `from` to `to` (taken back, the film runs from its end).
        let (p0, p1) = (s.from, s.to)
        var still = before
        still[m.backwards ? s.toSquare : s.fromSquare] = nil
        for taken in s.taken { still[taken.square] = nil }

        // Time in the forward film: taken back, the film runs from its end.
        let film = m.backwards ? step - local : local
        let slideMs = m.slide ? Double(m.slideMs) : 0
        let slide = slideMs > 0 ? easeOut(film / slideMs) : 1
        let fade = step > slideMs ? min(max((film - slideMs) / (step - slideMs), 0), 1) : 1
        var moving = still.filter { sq, v in resting[sq]?.0 != v.0 }
            .sorted { ($0.key.rank, $0.key.file) < ($1.key.rank, $1.key.file) }
            .map { Sprite(piece: $0.value.0, at: $0.value.1, alpha: 1) }
        for taken in s.taken {
            moving.append(Sprite(piece: taken.piece, at: taken.at, alpha: 1 - fade))
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
