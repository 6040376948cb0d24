import TaflCore

// The board as the screens hold it: the core's squares, found by name. The core decides every
// mark on them (selection, targets, hints, threats, endings) and every label a screen reader
// says; the app only draws them (BoardPainter) and moves pieces between two of them
// (BoardMotion).

/// A square by file and rank from 0 (a1 is 0, 0), as the core counts them.
public struct Sq: Hashable, Sendable, CustomStringConvertible {
    public let file: Int
    public let rank: Int

    public init(file: Int, rank: Int) {
        self.file = file
        self.rank = rank
    }

    public init(_ c: Coord) {
        self.init(file: Int(c.file), rank: Int(c.rank))
    }

    /// "f6" -> Sq(5, 5); nil for anything else.
    public init?(_ name: String) {
        guard let f = name.unicodeScalars.first, ("a"..."z").contains(f),
              let r = Int(name.dropFirst()), r >= 1 else { return nil }
        self.init(file: Int(f.value - UnicodeScalar("a").value), rank: r - 1)
    }

    /// The square's name in notation ("f6"), for tests and logs; the screens show the core's.
    public var name: String {
        "\(Character(UnicodeScalar(UInt8(97 + min(max(file, 0), 25)))))\(rank + 1)"
    }

    public var description: String { name }

    public var coord: Coord {
        Coord(file: UInt8(clamping: file), rank: UInt8(clamping: rank))
    }
}

extension SquareView: Identifiable {
    public var sq: Sq { Sq(coord) }
    public var id: Sq { sq }
}

/// The squares of one position, top rank first, each rank from file a, as the core sends them:
/// the board never turns.
public struct BoardUi: Equatable, Sendable {
    public let size: Int
    public let squares: [SquareView]

    public init(size: Int, squares: [SquareView]) {
        self.size = size
        self.squares = squares
    }

    public init(_ snapshot: GameSnapshot) {
        self.init(size: Int(snapshot.size), squares: snapshot.squares)
    }

    public init(_ frame: ReviewFrame) {
        self.init(size: Int(frame.size), squares: frame.squares)
    }

    public func square(_ sq: Sq) -> SquareView? {
        guard sq.file >= 0, sq.file < size, sq.rank >= 0, sq.rank < size else { return nil }
        let i = row(of: sq) * size + sq.file
        guard i < squares.count else { return nil }
        return squares[i].sq == sq ? squares[i] : squares.first { $0.sq == sq }
    }

    public func square(_ name: String) -> SquareView? { Sq(name).flatMap(square) }

    /// The row on screen, from the top, of a square.
    public func row(of sq: Sq) -> Int { size - 1 - sq.rank }

    /// The square on screen at a row (from the top) and column.
    public func sq(row: Int, column: Int) -> Sq { Sq(file: column, rank: size - 1 - row) }

    /// The pieces standing on the board.
    public var pieces: [Sq: Piece] {
        var out: [Sq: Piece] = [:]
        for s in squares { if let p = s.piece { out[s.sq] = p } }
        return out
    }

    public var rows: [[SquareView]] {
        stride(from: 0, to: squares.count, by: max(size, 1)).map { Array(squares[$0..<min($0 + size, squares.count)]) }
    }
}

extension Side {
    public var other: Side { self == .attackers ? .defenders : .attackers }
}

extension Language {
    public static let all: [Language] = [.english, .french, .german]
}

extension Variant {
    /// Every game, in the core's order (`VariantKind::ALL`).
    public static let all: [Variant] = [
        .copenhagen, .brandubh, .tablut, .fetlar, .seaBattle, .tawlbwrdd, .ardRi, .hnefatafl11,
        .hnefatafl13, .kingsTable9, .kingsTable11, .aleaEvangelii, .tablutCorners,
    ]
}

extension Level {
    public static let all: [Level] = [.easy, .normal, .hard]
}
