import Foundation
import TaflCore

// The app's words in English, French and German, as a plain Swift table rather than .strings
// resources: Bundle.module localisation is not dependable with swift-corelibs-foundation on
// Linux, and a table can be checked for completeness by a test. The app's name on the home
// screen comes from the app target's InfoPlist.strings.

public enum Language: String, CaseIterable, Sendable {
    case en, fr, de

    /// The first of the user's preferred languages that the app speaks; English otherwise.
    public static func preferred(_ identifiers: [String] = Locale.preferredLanguages) -> Language {
        for id in identifiers {
            let code = id.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
            if let l = Language(rawValue: code) { return l }
        }
        return .en
    }
}

/// Every text of the app. Texts with a `{n}` take a number.
public enum TextKey: String, CaseIterable, Sendable {
    case appName, resume, newGame, records, rules, back, undo, resign, playAgain
    case opponent, vsComputer, twoPlayers, level, yourSide, variant
    case confirmNewGame, confirm, cancel, thinking, noRecords, wins, losses, draws
    case dataReset, storageFailed, ok, colourBlindPalette, settings, board, coreVersion
    case copenhagen, brandubh, tablut, copenhagenBoard, brandubhBoard, tablutBoard
    case easy, normal, hard
    case attackers, defenders, playAttackers, playDefenders
    case pieceAttacker, pieceDefender, pieceKing, pieceNone
    // turn bar
    case attackersToMove, defendersToMove, yourMoveAttackers, yourMoveDefenders
    case computerMoveAttackers, computerMoveDefenders
    case youWin, computerWins, attackersWin, defendersWin
    case whyKingEscaped, whyKingCaptured, whyExitFort, whyEncircled, whyRepetition
    case whyAttackersCannotMove, whyDefendersCannotMove, whyAttackersResigned, whyDefendersResigned
    case drawMoveLimit
    // the king's open lines
    case openLineCorner, openLinesCorners, raichi, tuichi
    // VoiceOver: a square's state beyond its piece
    case stateSelected, stateTarget, stateLastMove, stateCaptured, stateEscape, stateOpenLine, stateRestricted
}

public struct Texts: Sendable {
    public let language: Language

    public init(_ language: Language = .preferred()) {
        self.language = language
    }

    public subscript(_ key: TextKey) -> String {
        Texts.table[language]?[key] ?? Texts.table[.en]![key] ?? key.rawValue
    }

    public func callAsFunction(_ key: TextKey, _ n: Int) -> String {
        self[key].replacingOccurrences(of: "{n}", with: String(n))
    }

    public func variant(_ v: Variant) -> String {
        switch v {
        case .copenhagen: self[.copenhagen]
        case .brandubh: self[.brandubh]
        case .tablut: self[.tablut]
        }
    }

    public func boardSize(_ v: Variant) -> String {
        switch v {
        case .copenhagen: self[.copenhagenBoard]
        case .brandubh: self[.brandubhBoard]
        case .tablut: self[.tablutBoard]
        }
    }

    public func level(_ l: Level) -> String {
        switch l {
        case .easy: self[.easy]
        case .normal: self[.normal]
        case .hard: self[.hard]
        }
    }

    public func side(_ s: Side) -> String { self[s == .attackers ? .attackers : .defenders] }

    public func playSide(_ s: Side) -> String { self[s == .attackers ? .playAttackers : .playDefenders] }

    public func piece(_ p: Piece?) -> String {
        switch p {
        case .attacker: self[.pieceAttacker]
        case .defender: self[.pieceDefender]
        case .king: self[.pieceKing]
        case nil: self[.pieceNone]
        }
    }

    static let table: [Language: [TextKey: String]] = [.en: english, .fr: french, .de: german]

    static let english: [TextKey: String] = [
        .appName: "Hnefi", .resume: "Resume game", .newGame: "New game", .records: "Records",
        .rules: "Rules", .back: "Back", .undo: "Undo", .resign: "Resign", .playAgain: "Play again",
        .opponent: "Opponent", .vsComputer: "Against the computer", .twoPlayers: "Two players",
        .level: "Level", .yourSide: "You play", .variant: "Game",
        .confirmNewGame: "Start a new game? The unfinished one ends; against the computer it counts as a loss.",
        .confirm: "Start new game", .cancel: "Cancel", .thinking: "The computer is thinking…",
        .noRecords: "No games against the computer yet.", .wins: "Wins", .losses: "Losses", .draws: "Draws",
        .dataReset: "Your saved games could not be read. The damaged file was set aside and a fresh one started.",
        .storageFailed: "The game could not be saved. You can play on, but it may be lost when the app closes.",
        .ok: "OK", .colourBlindPalette: "Colour-blind friendly colours", .settings: "Settings", .board: "Board",
        .coreVersion: "Engine version",
        .copenhagen: "Copenhagen", .brandubh: "Brandubh", .tablut: "Tablut",
        .copenhagenBoard: "11 × 11", .brandubhBoard: "7 × 7", .tablutBoard: "9 × 9",
        .easy: "Easy", .normal: "Normal", .hard: "Hard",
        .attackers: "Attackers", .defenders: "Defenders",
        .playAttackers: "Attackers", .playDefenders: "Defenders and king",
        .pieceAttacker: "attacker", .pieceDefender: "defender", .pieceKing: "king", .pieceNone: "empty",
        .attackersToMove: "Attackers to move", .defendersToMove: "Defenders to move",
        .yourMoveAttackers: "Your move (attackers)", .yourMoveDefenders: "Your move (defenders)",
        .computerMoveAttackers: "Computer's move (attackers)", .computerMoveDefenders: "Computer's move (defenders)",
        .youWin: "You win", .computerWins: "The computer wins",
        .attackersWin: "The attackers win", .defendersWin: "The defenders win",
        .whyKingEscaped: "the king reached safety", .whyKingCaptured: "the king was taken",
        .whyExitFort: "the king holds an unbreakable fort on the edge",
        .whyEncircled: "all the defenders are surrounded",
        .whyRepetition: "the same position appeared for the third time",
        .whyAttackersCannotMove: "the attackers have no move left",
        .whyDefendersCannotMove: "the defenders have no move left",
        .whyAttackersResigned: "the attackers gave up", .whyDefendersResigned: "the defenders gave up",
        .drawMoveLimit: "Draw: {n} moves in a row without a capture",
        .openLineCorner: "Watch out: the king has a free path to a corner.",
        .openLinesCorners: "The king has free paths to {n} corners.",
        .raichi: "Raichi: the king has a free path to the edge.",
        .tuichi: "Tuichi: the king has {n} free paths to the edge.",
        .stateSelected: "selected", .stateTarget: "possible move", .stateLastMove: "last move",
        .stateCaptured: "piece captured here", .stateEscape: "escape square",
        .stateOpenLine: "free path for the king", .stateRestricted: "king only",
    ]

    static let french: [TextKey: String] = [
        .appName: "Hnefi", .resume: "Reprendre la partie", .newGame: "Nouvelle partie", .records: "Bilan",
        .rules: "Règles", .back: "Retour", .undo: "Annuler le coup", .resign: "Abandonner", .playAgain: "Rejouer",
        .opponent: "Adversaire", .vsComputer: "Contre l'ordinateur", .twoPlayers: "À deux",
        .level: "Niveau", .yourSide: "Vous jouez", .variant: "Jeu",
        .confirmNewGame: "Commencer une nouvelle partie ? Celle en cours prend fin ; contre l'ordinateur, elle compte comme perdue.",
        .confirm: "Nouvelle partie", .cancel: "Annuler", .thinking: "L'ordinateur réfléchit…",
        .noRecords: "Pas encore de partie contre l'ordinateur.", .wins: "Victoires", .losses: "Défaites",
        .draws: "Nulles",
        .dataReset: "Vos parties enregistrées étaient illisibles. Le fichier abîmé a été mis de côté et un nouveau a été créé.",
        .storageFailed: "La partie n'a pas pu être enregistrée. Vous pouvez continuer, mais elle risque d'être perdue à la fermeture.",
        .ok: "OK", .colourBlindPalette: "Couleurs adaptées au daltonisme", .settings: "Réglages", .board: "Plateau",
        .coreVersion: "Version du moteur",
        .copenhagen: "Copenhague", .brandubh: "Brandubh", .tablut: "Tablut",
        .copenhagenBoard: "11 × 11", .brandubhBoard: "7 × 7", .tablutBoard: "9 × 9",
        .easy: "Facile", .normal: "Moyen", .hard: "Difficile",
        .attackers: "Attaquants", .defenders: "Défenseurs",
        .playAttackers: "Attaquants", .playDefenders: "Défenseurs et roi",
        .pieceAttacker: "attaquant", .pieceDefender: "défenseur", .pieceKing: "roi", .pieceNone: "vide",
        .attackersToMove: "Aux attaquants de jouer", .defendersToMove: "Aux défenseurs de jouer",
        .yourMoveAttackers: "À vous (attaquants)", .yourMoveDefenders: "À vous (défenseurs)",
        .computerMoveAttackers: "À l'ordinateur (attaquants)", .computerMoveDefenders: "À l'ordinateur (défenseurs)",
        .youWin: "Vous gagnez", .computerWins: "L'ordinateur gagne",
        .attackersWin: "Les attaquants gagnent", .defendersWin: "Les défenseurs gagnent",
        .whyKingEscaped: "le roi s'est mis à l'abri", .whyKingCaptured: "le roi a été pris",
        .whyExitFort: "le roi tient un fort imprenable sur le bord",
        .whyEncircled: "tous les défenseurs sont encerclés",
        .whyRepetition: "la même position est apparue une troisième fois",
        .whyAttackersCannotMove: "les attaquants n'ont plus de coup",
        .whyDefendersCannotMove: "les défenseurs n'ont plus de coup",
        .whyAttackersResigned: "les attaquants ont abandonné", .whyDefendersResigned: "les défenseurs ont abandonné",
        .drawMoveLimit: "Partie nulle : {n} coups de suite sans prise",
        .openLineCorner: "Attention : le roi a un chemin libre vers un coin.",
        .openLinesCorners: "Le roi a des chemins libres vers {n} coins.",
        .raichi: "Raichi : le roi a un chemin libre vers le bord.",
        .tuichi: "Tuichi : le roi a {n} chemins libres vers le bord.",
        .stateSelected: "sélectionné", .stateTarget: "coup possible", .stateLastMove: "dernier coup",
        .stateCaptured: "pièce prise ici", .stateEscape: "case de sortie",
        .stateOpenLine: "chemin libre pour le roi", .stateRestricted: "réservée au roi",
    ]

    static let german: [TextKey: String] = [
        .appName: "Hnefi", .resume: "Partie fortsetzen", .newGame: "Neue Partie", .records: "Bilanz",
        .rules: "Regeln", .back: "Zurück", .undo: "Zug zurück", .resign: "Aufgeben", .playAgain: "Noch einmal",
        .opponent: "Gegner", .vsComputer: "Gegen den Computer", .twoPlayers: "Zu zweit",
        .level: "Stufe", .yourSide: "Du spielst", .variant: "Spiel",
        .confirmNewGame: "Neue Partie beginnen? Die laufende endet; gegen den Computer zählt sie als verloren.",
        .confirm: "Neue Partie", .cancel: "Abbrechen", .thinking: "Der Computer denkt nach …",
        .noRecords: "Noch keine Partie gegen den Computer.", .wins: "Siege", .losses: "Niederlagen",
        .draws: "Remis",
        .dataReset: "Die gespeicherten Partien waren nicht lesbar. Die beschädigte Datei wurde beiseitegelegt und eine neue angelegt.",
        .storageFailed: "Die Partie konnte nicht gespeichert werden. Du kannst weiterspielen, beim Schließen der App geht sie aber vielleicht verloren.",
        .ok: "OK", .colourBlindPalette: "Farben für Farbenblinde", .settings: "Einstellungen", .board: "Brett",
        .coreVersion: "Version der Spiel-Engine",
        .copenhagen: "Kopenhagen", .brandubh: "Brandubh", .tablut: "Tablut",
        .copenhagenBoard: "11 × 11", .brandubhBoard: "7 × 7", .tablutBoard: "9 × 9",
        .easy: "Leicht", .normal: "Mittel", .hard: "Schwer",
        .attackers: "Angreifer", .defenders: "Verteidiger",
        .playAttackers: "Angreifer", .playDefenders: "Verteidiger und König",
        .pieceAttacker: "Angreifer", .pieceDefender: "Verteidiger", .pieceKing: "König", .pieceNone: "leer",
        .attackersToMove: "Die Angreifer sind am Zug", .defendersToMove: "Die Verteidiger sind am Zug",
        .yourMoveAttackers: "Du bist am Zug (Angreifer)", .yourMoveDefenders: "Du bist am Zug (Verteidiger)",
        .computerMoveAttackers: "Der Computer ist am Zug (Angreifer)",
        .computerMoveDefenders: "Der Computer ist am Zug (Verteidiger)",
        .youWin: "Du gewinnst", .computerWins: "Der Computer gewinnt",
        .attackersWin: "Die Angreifer gewinnen", .defendersWin: "Die Verteidiger gewinnen",
        .whyKingEscaped: "der König hat sich in Sicherheit gebracht", .whyKingCaptured: "der König wurde geschlagen",
        .whyExitFort: "der König hält eine unangreifbare Festung am Rand",
        .whyEncircled: "alle Verteidiger sind eingekreist",
        .whyRepetition: "dieselbe Stellung kam zum dritten Mal vor",
        .whyAttackersCannotMove: "die Angreifer können nicht mehr ziehen",
        .whyDefendersCannotMove: "die Verteidiger können nicht mehr ziehen",
        .whyAttackersResigned: "die Angreifer haben aufgegeben", .whyDefendersResigned: "die Verteidiger haben aufgegeben",
        .drawMoveLimit: "Remis: {n} Züge nacheinander ohne Schlagen",
        .openLineCorner: "Achtung: Der König hat einen freien Weg in eine Ecke.",
        .openLinesCorners: "Der König hat freie Wege in {n} Ecken.",
        .raichi: "Raichi: Der König hat einen freien Weg zum Rand.",
        .tuichi: "Tuichi: Der König hat {n} freie Wege zum Rand.",
        .stateSelected: "ausgewählt", .stateTarget: "möglicher Zug", .stateLastMove: "letzter Zug",
        .stateCaptured: "hier wurde geschlagen", .stateEscape: "Fluchtfeld",
        .stateOpenLine: "freier Weg für den König", .stateRestricted: "nur für den König",
    ]
}
