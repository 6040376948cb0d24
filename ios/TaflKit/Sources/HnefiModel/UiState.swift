import TaflCore

// Everything the screens draw, as value types. The model copies what it needs out of the core's
// GameSnapshot and adds the player's selection; it decides no rule of the game itself.

public enum Screen: Sendable, Equatable {
    case start, game, records, rules
}

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

    public var name: String {
        "\(Character(UnicodeScalar(UInt8(97 + file))))\(rank + 1)"
    }

    public var description: String { name }

    public var coord: Coord {
        Coord(file: UInt8(clamping: file), rank: UInt8(clamping: rank))
    }
}

/// The choices for the next game, remembered in the store's settings.
public struct Setup: Equatable, Sendable {
    public var variant: Variant = .copenhagen
    public var vsComputer = true
    public var level: Level = .normal
    public var side: Side = .defenders

    public init(variant: Variant = .copenhagen, vsComputer: Bool = true, level: Level = .normal, side: Side = .defenders) {
        self.variant = variant
        self.vsComputer = vsComputer
        self.level = level
        self.side = side
    }

    public var mode: GameMode { vsComputer ? .vsComputer(level: level, human: side) : .twoPlayers }
}

/// One square as drawn.
public struct SquareUi: Equatable, Sendable, Identifiable {
    public let sq: Sq
    public let piece: Piece?
    public let restricted: Bool
    public let escape: Bool
    public let lastMoveFrom: Bool
    public let lastMoveTo: Bool
    public let captured: Bool
    public let kingOpenLine: Bool
    /// The person may pick up the piece here now (the core decides).
    public let movable: Bool
    public let selected: Bool
    public let target: Bool

    public var id: Sq { sq }
    public var name: String { sq.name }
}

/// The game on screen. `squares` run rank by rank from the top, each rank from file a: the
/// board never rotates.
public struct GameUi: Equatable, Sendable {
    public let variant: Variant
    public let mode: GameMode
    public let size: Int
    public let squares: [SquareUi]
    public let sideToMove: Side
    public let status: GameStatus
    public let turn: TurnPrompt
    public let plies: Int
    public let drawLimit: Int
    public let kingOpenLines: Int
    public let canUndo: Bool
    public var thinking: Bool
    public let selected: Sq?
    public let lastMove: String?
    public let saveError: String?

    public var over: Bool { status != .ongoing }

    public func square(_ sq: Sq) -> SquareUi? {
        // squares[0] is a<size>; row r from the top holds rank size-1-r.
        let i = (size - 1 - sq.rank) * size + sq.file
        guard sq.file >= 0, sq.file < size, sq.rank >= 0, sq.rank < size, i < squares.count else { return nil }
        return squares[i].sq == sq ? squares[i] : squares.first { $0.sq == sq }
    }

    public func square(_ name: String) -> SquareUi? { Sq(name).flatMap(square) }

    public var rows: [[SquareUi]] {
        stride(from: 0, to: squares.count, by: max(size, 1)).map { Array(squares[$0..<min($0 + size, squares.count)]) }
    }
}

/// Wins, losses and draws against one level, playing one side.
public struct RecordUi: Equatable, Sendable {
    public let level: Level
    public let side: Side
    public let wins: Int
    public let losses: Int
    public let draws: Int
}

/// Something to tell the player about the saved data.
public enum Notice: Equatable, Sendable {
    case dataReset, storageFailed
}

public struct UiState: Equatable, Sendable {
    public var screen: Screen = .start
    public var setup = Setup()
    /// An unfinished game is waiting.
    public var canResume = false
    /// Starting a new game would end the unfinished one: the start screen asks first.
    public var confirmNewGame = false
    public var game: GameUi?
    public var records: [RecordUi] = []
    public var rulesVariant: Variant = .copenhagen
    public var notice: Notice?
    public var colourBlindPalette = false

    public init() {}
}

public enum UiEvent: Equatable, Sendable {
    case chooseVariant(Variant)
    case chooseOpponent(vsComputer: Bool)
    case chooseLevel(Level)
    case chooseSide(Side)
    /// The start screen's "New game": asks first when a game is unfinished.
    case newGame
    case confirmNewGame
    case cancelNewGame
    case resume
    case showRecords
    case showRules(Variant?)
    /// Back to the start screen (leaving a game stops the computer's search).
    case back
    case squareTapped(Sq)
    case undo
    case resign
    /// The end-of-game panel: the same setup again.
    case playAgain
    case dismissNotice
    case setColourBlindPalette(Bool)
    /// The app left the foreground (the phone was locked, another app came up): the computer
    /// stops thinking; the screen and the game stay as they are.
    case appBackgrounded
    /// The app is in front again: the computer takes up its turn if it is due.
    case appForegrounded
}

extension Side {
    public var other: Side { self == .attackers ? .defenders : .attackers }
}

extension GameUi {
    /// The core's snapshot as UI values, with the player's selection.
    public init(_ snap: GameSnapshot, selected: Sq?, targets: Set<Sq>, thinking: Bool) {
        self.init(
            variant: snap.variant,
            mode: snap.mode,
            size: Int(snap.size),
            squares: snap.squares.map { v in
                let sq = Sq(v.coord)
                return SquareUi(sq: sq, piece: v.piece, restricted: v.restricted, escape: v.escape,
                                lastMoveFrom: v.lastMoveFrom, lastMoveTo: v.lastMoveTo, captured: v.captured,
                                kingOpenLine: v.kingOpenLine, movable: v.movable, selected: sq == selected,
                                target: targets.contains(sq))
            },
            sideToMove: snap.sideToMove,
            status: snap.status,
            turn: snap.turn,
            plies: Int(snap.plies),
            drawLimit: Int(snap.drawLimit),
            kingOpenLines: snap.kingOpenLines.count,
            canUndo: snap.canUndo,
            thinking: thinking,
            selected: selected,
            lastMove: snap.lastMove?.notation,
            saveError: snap.saveError
        )
    }
}
