import Foundation
import TaflCore

// How pieces move on screen between two snapshots. The board at rest is always the core's
// snapshot: a motion only draws the way from the position shown before to the one shown now,
// and once its time is up (or a newer snapshot arrives) the snapshot alone is drawn. The views
// ask `sprites(resting:at:)` for each frame; nothing here blocks input.

/// A piece as drawn in one frame: where its centre is, in squares from the top-left square's
/// top-left corner (its centre is 0.5, 0.5; BoardGeometry turns this into points), and how
/// opaque it is.
public struct PieceSprite: Equatable, Sendable {
    public let piece: Piece
    public let x: Double
    public let y: Double
    public let opacity: Double
    /// The square it stands on in the snapshot; nil for a taken piece fading out.
    public let home: Sq?

    public init(piece: Piece, x: Double, y: Double, opacity: Double = 1, home: Sq?) {
        self.piece = piece
        self.x = x
        self.y = y
        self.opacity = opacity
        self.home = home
    }
}

/// One piece sliding from one square to another while the pieces it took fade (out when
/// played, in when taken back), over a board whose other pieces stand still.
public struct MotionStep: Equatable, Sendable {
    /// The pieces standing still during this step (the moving one excluded).
    public let still: [Sq: Piece]
    public let piece: Piece
    public let from: Sq
    public let to: Sq
    public let taken: [Sq: Piece]
    /// The taken pieces appear (a move taken back) rather than vanish.
    public let takenAppear: Bool
}

/// The way from the position shown before to the current snapshot: one step for a move, one
/// per move taken back for an undo (the latest first), each `slideMs` long.
public struct BoardMotion: Equatable, Sendable {
    public let size: Int
    public let steps: [MotionStep]
    public let slideMs: Int
    public let fadeMs: Int

    public var durationMs: Int { steps.count * slideMs }

    /// A move just played: `before` is the position shown before it (the taken pieces are read
    /// from it). Nil when there is nothing to show it from.
    public static func played(_ move: MoveView, before: BoardUi?, motion: Motion) -> BoardMotion? {
        guard let before, let piece = before.pieces[Sq(move.from)] else { return nil }
        var still = before.pieces
        still[Sq(move.from)] = nil
        var taken: [Sq: Piece] = [:]
        for c in move.captured {
            let sq = Sq(c)
            if let p = still.removeValue(forKey: sq) { taken[sq] = p }
        }
        let step = MotionStep(still: still, piece: piece, from: Sq(move.from), to: Sq(move.to),
                              taken: taken, takenAppear: false)
        return BoardMotion(size: before.size, steps: [step], slideMs: Int(motion.slideMs), fadeMs: Int(motion.fadeMs))
    }

    /// Moves taken back (`undone`, the latest first, as the core returns them) ending on
    /// `rest`, the snapshot after the undo. The positions in between are rebuilt from `rest`
    /// by playing the moves again, so every piece comes from a snapshot or a core move.
    public static func undone(_ undone: [MoveView], rest: BoardUi, motion: Motion) -> BoardMotion? {
        guard !undone.isEmpty else { return nil }
        // positions[i] is the board before move i is taken back; the last is `rest`.
        var boards: [[Sq: Piece]] = [rest.pieces]
        for move in undone.reversed() {
            var b = boards[0]
            guard let p = b.removeValue(forKey: Sq(move.from)) else { return nil }
            for c in move.captured { b[Sq(c)] = nil }
            b[Sq(move.to)] = p
            boards.insert(b, at: 0)
        }
        var steps: [MotionStep] = []
        for (i, move) in undone.enumerated() {
            let after = boards[i + 1]
            var still = boards[i]
            guard let piece = still.removeValue(forKey: Sq(move.to)) else { return nil }
            var taken: [Sq: Piece] = [:]
            for c in move.captured { taken[Sq(c)] = after[Sq(c)] }
            steps.append(MotionStep(still: still, piece: piece, from: Sq(move.to), to: Sq(move.from),
                                    taken: taken, takenAppear: true))
        }
        return BoardMotion(size: rest.size, steps: steps, slideMs: Int(motion.slideMs), fadeMs: Int(motion.fadeMs))
    }

    /// The pieces to draw `elapsedMs` after the motion began. Before it began it shows the
    /// position it starts from; once it is over, exactly `resting` (the snapshot).
    public func sprites(resting: BoardUi, at elapsedMs: Double) -> [PieceSprite] {
        guard slideMs > 0, elapsedMs < Double(durationMs), resting.size == size else {
            return BoardMotion.resting(resting)
        }
        let t = max(elapsedMs, 0)
        let index = min(Int(t / Double(slideMs)), steps.count - 1)
        let step = steps[index]
        let local = t - Double(index * slideMs)
        let progress = BoardMotion.easeOut(local / Double(slideMs))
        let fade = fadeMs > 0 ? min(local / Double(fadeMs), 1) : 1
        var out: [PieceSprite] = BoardMotion.inReadingOrder(step.still).map {
            sprite($0.value, at: $0.key, home: $0.key)
        }
        for (sq, piece) in BoardMotion.inReadingOrder(step.taken) {
            out.append(sprite(piece, at: sq, opacity: step.takenAppear ? fade : 1 - fade, home: nil))
        }
        let (fx, fy) = centre(step.from)
        let (tx, ty) = centre(step.to)
        out.append(PieceSprite(piece: step.piece, x: fx + (tx - fx) * progress, y: fy + (ty - fy) * progress,
                               home: index == steps.count - 1 ? step.to : nil))
        return out
    }

    /// The snapshot's pieces, each on its square.
    public static func resting(_ board: BoardUi) -> [PieceSprite] {
        board.squares.compactMap { s in
            s.piece.map { PieceSprite(piece: $0, x: Double(s.coord.file) + 0.5,
                                      y: Double(board.row(of: s.sq)) + 0.5, home: s.sq) }
        }
    }

    /// Top rank first, each rank from file a, as the snapshot lists squares.
    static func inReadingOrder(_ pieces: [Sq: Piece]) -> [(key: Sq, value: Piece)] {
        pieces.sorted { a, b in a.key.rank != b.key.rank ? a.key.rank > b.key.rank : a.key.file < b.key.file }
    }

    /// Fast at first, gentle at the end (cubic ease-out).
    static func easeOut(_ t: Double) -> Double {
        let c = min(max(t, 0), 1)
        return 1 - pow(1 - c, 3)
    }

    private func centre(_ sq: Sq) -> (Double, Double) {
        (Double(sq.file) + 0.5, Double(size - 1 - sq.rank) + 0.5)
    }

    private func sprite(_ piece: Piece, at sq: Sq, opacity: Double = 1, home: Sq?) -> PieceSprite {
        let (x, y) = centre(sq)
        return PieceSprite(piece: piece, x: x, y: y, opacity: opacity, home: home)
    }
}
