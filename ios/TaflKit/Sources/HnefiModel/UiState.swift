import TaflCore

// Everything the screens draw, as values. Every word in it comes from the core in the app's
// language (the game's sentences in its snapshot, the rest from `Texts`); the model decides no
// rule of the game.

public enum Screen: Sendable, Equatable {
    case start, game, records, rules, history, review, importGame
}

/// The choices for the next game, remembered in the store's settings.
public struct Setup: Equatable, Sendable {
    public var variant: Variant
    public var vsComputer: Bool
    public var level: Level
    public var side: Side

    public init(variant: Variant, vsComputer: Bool, level: Level, side: Side) {
        self.variant = variant
        self.vsComputer = vsComputer
        self.level = level
        self.side = side
    }

    public init(_ s: Settings) {
        self.init(variant: s.lastVariant, vsComputer: s.lastModeVsComputer, level: s.lastLevel, side: s.lastSide)
    }

    public var mode: GameMode { vsComputer ? .vsComputer(level: level, human: side) : .twoPlayers }
}

/// The switches of the settings section, saved in the store.
public struct Prefs: Equatable, Sendable {
    public var sound: Bool
    public var haptics: Bool
    public var colourBlindPalette: Bool
    public var showThreats: Bool

    public init(_ s: Settings) {
        sound = s.sound
        haptics = s.haptics
        colourBlindPalette = s.colourBlindPalette
        showThreats = s.showThreats
    }
}

/// The game on screen: the core's snapshot in the app's language, and what the model adds
/// (its own searches, which it knows of before the core does).
public struct GameUi: Equatable, Sendable {
    public let snapshot: GameSnapshot
    public let board: BoardUi
    /// The computer's search is running.
    public let thinking: Bool
    /// A hint is being looked for.
    public let hintPending: Bool
    /// Whose turn, the computer thinking, or the result and why.
    public let turnBar: String
    /// "Looking for a good move…" while a hint is looked for.
    public let hintSearchText: String?

    public init(_ snapshot: GameSnapshot, thinking: Bool, hintPending: Bool, texts: Texts) {
        self.snapshot = snapshot
        board = BoardUi(snapshot)
        self.thinking = thinking
        self.hintPending = hintPending
        // The model starts the computer before the core's snapshot can say it thinks.
        turnBar = thinking && !snapshot.thinking ? texts[.turnThinking] : snapshot.texts.turnBar
        hintSearchText = hintPending ? texts[.turnHintThinking] : nil
    }

    public var texts: GameTexts { snapshot.texts }
    public var variant: Variant { snapshot.variant }
    public var mode: GameMode { snapshot.mode }
    public var turn: TurnPrompt { snapshot.turn }
    public var plies: Int { Int(snapshot.plies) }
    public var over: Bool { snapshot.status != .ongoing }
    public var canUndo: Bool { snapshot.canUndo }
    public var selected: Sq? { snapshot.selected.map(Sq.init) }

    /// A person may ask for a hint now: it is their move (either side, with two players).
    public var canHint: Bool {
        guard !over, !thinking else { return false }
        switch snapshot.turn {
        case .yourMove, .sideToMove: return true
        case .computerToMove, .gameOver: return false
        }
    }

    public func square(_ name: String) -> SquareView? { board.square(name) }
    public func square(_ sq: Sq) -> SquareView? { board.square(sq) }
}

/// A line of the message area under the board, which keeps its height whatever it shows.
public struct InfoLine: Equatable, Sendable, Identifiable {
    public enum Kind: Equatable, Sendable {
        /// A refusal or the captures of the last move, shown for a moment.
        case message
        case hintSearch, hint, ending, openLines, drawCountdown, repetition, hintsUsed
    }

    public let kind: Kind
    public let text: String
    public var id: Kind { kind }
}

/// A message shown for a moment (and announced): why a piece cannot move, how pieces were
/// taken. The views clear it with `UiEvent.messageExpired(id)`.
public struct Message: Equatable, Sendable {
    public let id: Int
    public let text: String
}

/// Wins, losses and draws against one level, playing one side.
public struct RecordUi: Equatable, Sendable, Identifiable {
    public let level: Level
    public let side: Side
    /// "Hard, playing the defenders".
    public let title: String
    public let wins: Int
    public let losses: Int
    public let draws: Int
    public var id: String { "\(level)-\(side)" }
}

/// A finished game in the history list, with its words.
public struct HistoryRow: Equatable, Sendable, Identifiable {
    public let game: FinishedGame
    public let texts: HistoryTexts
    public var id: Int64 { game.id }
}

/// The rules screen: the game chosen and its paragraphs.
public struct RulesUi: Equatable, Sendable {
    public let variant: Variant
    public let paragraphs: [String]
}

/// Something to tell the player about the saved data.
public enum Notice: Equatable, Sendable {
    case dataReset, storageFailed
}

public struct UiState: Equatable, Sendable {
    /// The store has been read (settings, the unfinished game): the start screen can show.
    public var ready = false
    public var screen: Screen = .start
    public var setup: Setup
    public var prefs: Prefs
    /// An unfinished game is waiting.
    public var canResume = false
    /// Starting a new game would end the unfinished one: the start screen asks first.
    public var confirmNewGame = false
    public var game: GameUi?
    /// Resign was pressed: the game screen asks first.
    public var confirmResign = false
    /// The latest thing that happened on the board, for animation, haptics, sound and the
    /// screen reader.
    public var event: BoardEvent?
    public var message: Message?
    public var records: [RecordUi] = []
    public var history: [HistoryRow] = []
    /// The history has been read since it was last asked for.
    public var historyLoaded = false
    public var rules: RulesUi
    public var review: ReviewUi?
    /// The pasted text on the import screen, and why it could not be read.
    public var importText = ""
    public var importError: String?
    public var notice: Notice?
    /// The system's reduce-motion setting: nothing animates.
    public var reduceMotion = false

    public init(settings: Settings, rules: RulesUi) {
        setup = Setup(settings)
        prefs = Prefs(settings)
        self.rules = rules
    }

    /// The message area's lines, most urgent first.
    public var infoLines: [InfoLine] {
        guard let game else { return [] }
        let t = game.texts
        var lines: [InfoLine] = []
        func add(_ kind: InfoLine.Kind, _ text: String?) {
            if let text, !text.isEmpty { lines.append(InfoLine(kind: kind, text: text)) }
        }
        add(.message, message?.text)
        add(.hintSearch, game.hintSearchText)
        add(.hint, t.hint)
        add(.ending, t.ending)
        add(.openLines, t.openLines)
        add(.repetition, t.repetitionWarning)
        add(.drawCountdown, t.drawCountdown)
        add(.hintsUsed, t.hintsUsed)
        return lines
    }
}
