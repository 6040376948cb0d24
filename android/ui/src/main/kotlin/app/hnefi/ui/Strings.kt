package app.hnefi.ui

import app.hnefi.core.Level
import app.hnefi.core.Piece
import app.hnefi.core.Side
import app.hnefi.core.Variant
import java.util.Locale

// The app's texts in English, French and German. They are Kotlin tables rather than Android
// string resources so that the same source files serve the Android app and the desktop build
// that tests them. The app name in the launcher comes from the Android resources.

interface Strings {
    val appName: String
    val resume: String
    val newGame: String
    val start: String
    val records: String
    val rules: String
    val back: String
    val undo: String
    val resign: String
    val playAgain: String
    val menu: String
    val opponent: String
    val vsComputer: String
    val twoPlayers: String
    val level: String
    val yourSide: String
    val confirmNewGame: String
    val confirm: String
    val cancel: String
    val thinking: String
    val noRecords: String
    val wins: String
    val losses: String
    val draws: String
    val dataReset: String
    val storageFailed: String
    val ok: String

    fun variant(v: Variant): String
    fun variantSize(v: Variant): String
    fun level(l: Level): String
    /** "Attackers" / "Defenders" as a subject. */
    fun side(s: Side): String
    fun playSide(s: Side): String
    fun piece(p: Piece?): String

    // Turn bar
    fun sideToMove(s: Side): String
    fun yourMove(s: Side): String
    fun computerToMove(s: Side): String
    fun youWin(): String
    fun computerWins(): String
    fun sideWins(s: Side): String
    fun becauseKingEscaped(): String
    fun becauseKingCaptured(): String
    fun becauseEncircled(): String
    fun becauseExitFort(): String
    fun becauseRepetition(): String
    fun becauseNoMoves(loser: Side): String
    fun becauseResigned(loser: Side): String
    fun drawByMoveLimit(plies: Int): String

    // The king's open lines
    fun openLines(variant: Variant, count: Int): String

    // Accessibility: state of a square beyond its piece
    val selectedState: String
    val targetState: String
    val lastMoveState: String
    val capturedState: String
    val escapeState: String
    val openLineState: String

    fun rulesText(v: Variant): List<String>
}

/** The texts for the device's language (English when it is neither French nor German). */
fun stringsFor(locale: Locale = Locale.getDefault()): Strings = when (locale.language) {
    "fr" -> FrenchStrings
    "de" -> GermanStrings
    else -> EnglishStrings
}

object EnglishStrings : Strings {
    override val appName = "Hnefi"
    override val resume = "Resume game"
    override val newGame = "New game"
    override val start = "Start"
    override val records = "Records"
    override val rules = "Rules"
    override val back = "Back"
    override val undo = "Undo"
    override val resign = "Resign"
    override val playAgain = "New game"
    override val menu = "Menu"
    override val opponent = "Opponent"
    override val vsComputer = "Against the computer"
    override val twoPlayers = "Two players on this phone"
    override val level = "Level"
    override val yourSide = "You play"
    override val confirmNewGame = "Start a new game? The unfinished game ends; against the computer it counts as a loss."
    override val confirm = "Start new game"
    override val cancel = "Cancel"
    override val thinking = "The computer is thinking…"
    override val noRecords = "No games against the computer yet."
    override val wins = "Wins"
    override val losses = "Losses"
    override val draws = "Draws"
    override val dataReset = "The saved games could not be read. The damaged file was kept aside and a new one started."
    override val storageFailed = "The game could not be saved. You can play on; it may be lost when the app closes."
    override val ok = "OK"

    override fun variant(v: Variant) = when (v) {
        Variant.COPENHAGEN -> "Copenhagen"
        Variant.BRANDUBH -> "Brandubh"
        Variant.TABLUT -> "Tablut"
    }
    override fun variantSize(v: Variant) = boardSize(v)
    override fun level(l: Level) = when (l) {
        Level.EASY -> "Easy"
        Level.NORMAL -> "Normal"
        Level.HARD -> "Hard"
    }
    override fun side(s: Side) = if (s == Side.ATTACKERS) "Attackers" else "Defenders"
    override fun playSide(s: Side) = if (s == Side.ATTACKERS) "Attackers" else "Defenders (king)"
    override fun piece(p: Piece?) = when (p) {
        Piece.ATTACKER -> "attacker"
        Piece.DEFENDER -> "defender"
        Piece.KING -> "king"
        null -> "empty"
    }

    override fun sideToMove(s: Side) = "${side(s)} to move"
    override fun yourMove(s: Side) = "Your move (${side(s).lowercase()})"
    override fun computerToMove(s: Side) = "Computer's move (${side(s).lowercase()})"
    override fun youWin() = "You win"
    override fun computerWins() = "The computer wins"
    override fun sideWins(s: Side) = "${side(s)} win"
    override fun becauseKingEscaped() = "the king escaped"
    override fun becauseKingCaptured() = "the king was captured"
    override fun becauseEncircled() = "the defenders are encircled"
    override fun becauseExitFort() = "the king built an exit fort"
    override fun becauseRepetition() = "the same position came up a third time"
    override fun becauseNoMoves(loser: Side) = "the ${side(loser).lowercase()} cannot move"
    override fun becauseResigned(loser: Side) = "the ${side(loser).lowercase()} resigned"
    override fun drawByMoveLimit(plies: Int) = "Draw: $plies moves without a capture"

    override fun openLines(variant: Variant, count: Int) = when {
        variant == Variant.TABLUT && count == 1 -> "Raichi! The king has an open line to the edge."
        variant == Variant.TABLUT -> "Tuichi! The king has two open lines to the edge."
        count == 1 -> "The king has an open line to a corner."
        else -> "The king has open lines to two corners."
    }

    override val selectedState = "selected"
    override val targetState = "possible move"
    override val lastMoveState = "last move"
    override val capturedState = "captured"
    override val escapeState = "escape square"
    override val openLineState = "open line for the king"

    override fun rulesText(v: Variant): List<String> = when (v) {
        Variant.COPENHAGEN -> listOf(
            "Copenhagen Hnefatafl is played on 11 by 11 squares. 24 attackers surround the king and his 12 defenders. The attackers move first.",
            "Every piece moves like a rook in chess: as far as it likes along a row or column, without jumping. Only the king may stop on the throne in the middle or on a corner; other pieces may cross the empty throne.",
            "You capture a piece by trapping it between two of your pieces on a row or column. A corner, and the empty throne, count as one of your pieces. Moving between two enemies is safe. A row of pieces along the edge can be taken at once when every one of them is blocked from the front and both ends are closed (shield wall).",
            "The king must be surrounded on all four sides (three and the throne, next to it); he cannot be captured on the edge. The king's side wins when he reaches a corner, or builds an unbreakable fort on the edge. The attackers win by capturing the king or by closing a ring around all defenders.",
            "A position that comes up a third time loses for the defenders. 160 moves in a row without a capture are a draw. A side that cannot move loses.",
        )
        Variant.BRANDUBH -> listOf(
            "Brandubh is the small Irish game on 7 by 7 squares: 8 attackers against the king and 4 defenders. The attackers move first.",
            "Pieces move like rooks. Only the king may stop on the throne in the middle or on a corner.",
            "A piece, the king included, is captured between two enemies on a row or column; corners and the empty throne help to capture. On the throne the king needs four attackers around him, next to it three.",
            "The king wins by reaching a corner. The attackers win by capturing him, or by surrounding all defenders. A third repetition loses for the defenders; 160 moves without a capture are a draw.",
        )
        Variant.TABLUT -> listOf(
            "Tablut is the Lapland game that Linnaeus wrote down in 1732: 9 by 9 squares, 16 attackers against the king and 8 defenders. The attackers move first.",
            "Pieces move like rooks. Only the king may stop on the throne; corners are ordinary squares.",
            "Pieces are captured between two enemies. The king too, except on the throne (four attackers) or next to it (three and the throne).",
            "The king wins by reaching any square on the edge. When he has one free line to the edge, that is raichi; two at once is tuichi, and the attackers cannot block both. A third repetition loses for the defenders; 160 moves without a capture are a draw.",
        )
    }
}

object FrenchStrings : Strings {
    override val appName = "Hnefi"
    override val resume = "Reprendre la partie"
    override val newGame = "Nouvelle partie"
    override val start = "Commencer"
    override val records = "Bilan"
    override val rules = "Règles"
    override val back = "Retour"
    override val undo = "Annuler le coup"
    override val resign = "Abandonner"
    override val playAgain = "Nouvelle partie"
    override val menu = "Menu"
    override val opponent = "Adversaire"
    override val vsComputer = "Contre l'ordinateur"
    override val twoPlayers = "À deux sur ce téléphone"
    override val level = "Niveau"
    override val yourSide = "Vous jouez"
    override val confirmNewGame = "Commencer une nouvelle partie ? La partie en cours prend fin ; contre l'ordinateur, elle compte comme perdue."
    override val confirm = "Nouvelle partie"
    override val cancel = "Annuler"
    override val thinking = "L'ordinateur réfléchit…"
    override val noRecords = "Aucune partie contre l'ordinateur pour l'instant."
    override val wins = "Victoires"
    override val losses = "Défaites"
    override val draws = "Nulles"
    override val dataReset = "Les parties enregistrées étaient illisibles. Le fichier abîmé a été mis de côté et un nouveau a été créé."
    override val storageFailed = "La partie n'a pas pu être enregistrée. Vous pouvez continuer, mais elle sera peut-être perdue à la fermeture."
    override val ok = "OK"

    override fun variant(v: Variant) = when (v) {
        Variant.COPENHAGEN -> "Copenhague"
        Variant.BRANDUBH -> "Brandubh"
        Variant.TABLUT -> "Tablut"
    }
    override fun variantSize(v: Variant) = boardSize(v)
    override fun level(l: Level) = when (l) {
        Level.EASY -> "Facile"
        Level.NORMAL -> "Moyen"
        Level.HARD -> "Difficile"
    }
    override fun side(s: Side) = if (s == Side.ATTACKERS) "Attaquants" else "Défenseurs"
    override fun playSide(s: Side) = if (s == Side.ATTACKERS) "Attaquants" else "Défenseurs (roi)"
    override fun piece(p: Piece?) = when (p) {
        Piece.ATTACKER -> "attaquant"
        Piece.DEFENDER -> "défenseur"
        Piece.KING -> "roi"
        null -> "vide"
    }

    override fun sideToMove(s: Side) = "Aux ${side(s).lowercase()} de jouer"
    override fun yourMove(s: Side) = "À vous (${side(s).lowercase()})"
    override fun computerToMove(s: Side) = "À l'ordinateur (${side(s).lowercase()})"
    override fun youWin() = "Vous gagnez"
    override fun computerWins() = "L'ordinateur gagne"
    override fun sideWins(s: Side) = "Les ${side(s).lowercase()} gagnent"
    override fun becauseKingEscaped() = "le roi s'est échappé"
    override fun becauseKingCaptured() = "le roi a été pris"
    override fun becauseEncircled() = "les défenseurs sont encerclés"
    override fun becauseExitFort() = "le roi s'est retranché dans un fort"
    override fun becauseRepetition() = "la même position est revenue une troisième fois"
    override fun becauseNoMoves(loser: Side) = "les ${side(loser).lowercase()} ne peuvent plus jouer"
    override fun becauseResigned(loser: Side) = "les ${side(loser).lowercase()} ont abandonné"
    override fun drawByMoveLimit(plies: Int) = "Partie nulle : $plies coups sans prise"

    override fun openLines(variant: Variant, count: Int) = when {
        variant == Variant.TABLUT && count == 1 -> "Raichi ! Le roi a une ligne libre vers le bord."
        variant == Variant.TABLUT -> "Tuichi ! Le roi a deux lignes libres vers le bord."
        count == 1 -> "Le roi a une ligne libre vers un coin."
        else -> "Le roi a des lignes libres vers deux coins."
    }

    override val selectedState = "sélectionné"
    override val targetState = "coup possible"
    override val lastMoveState = "dernier coup"
    override val capturedState = "pris"
    override val escapeState = "case de sortie"
    override val openLineState = "ligne libre pour le roi"

    override fun rulesText(v: Variant): List<String> = when (v) {
        Variant.COPENHAGEN -> listOf(
            "Le hnefatafl de Copenhague se joue sur 11 cases sur 11. 24 attaquants entourent le roi et ses 12 défenseurs. Les attaquants commencent.",
            "Chaque pièce se déplace comme une tour aux échecs : d'autant de cases qu'elle veut sur une ligne ou une colonne, sans sauter. Seul le roi peut s'arrêter sur le trône au centre ou dans un coin ; les autres pièces peuvent traverser le trône vide.",
            "On prend une pièce en l'enfermant entre deux des siennes sur une ligne ou une colonne. Un coin, et le trône vide, comptent comme une de vos pièces. Se placer entre deux ennemis ne fait pas prendre. Une rangée de pièces le long du bord peut être prise d'un coup quand chacune est bloquée de face et que les deux bouts sont fermés (mur de boucliers).",
            "Le roi doit être entouré des quatre côtés (trois et le trône, à côté de celui-ci) ; il ne peut pas être pris sur le bord. Son camp gagne quand il atteint un coin, ou s'il bâtit sur le bord un fort imprenable. Les attaquants gagnent en prenant le roi ou en encerclant tous les défenseurs.",
            "Une position qui revient une troisième fois fait perdre les défenseurs. 160 coups de suite sans prise donnent une partie nulle. Un camp qui ne peut plus bouger perd.",
        )
        Variant.BRANDUBH -> listOf(
            "Le brandubh est le petit jeu irlandais sur 7 cases sur 7 : 8 attaquants contre le roi et 4 défenseurs. Les attaquants commencent.",
            "Les pièces se déplacent comme des tours. Seul le roi peut s'arrêter sur le trône au centre ou dans un coin.",
            "Une pièce, roi compris, est prise entre deux ennemis sur une ligne ou une colonne ; les coins et le trône vide aident à prendre. Sur le trône, il faut quatre attaquants autour du roi, à côté trois.",
            "Le roi gagne en atteignant un coin. Les attaquants gagnent en le prenant, ou en encerclant tous les défenseurs. Une troisième répétition fait perdre les défenseurs ; 160 coups sans prise donnent une partie nulle.",
        )
        Variant.TABLUT -> listOf(
            "Le tablut est le jeu lapon décrit par Linné en 1732 : 9 cases sur 9, 16 attaquants contre le roi et 8 défenseurs. Les attaquants commencent.",
            "Les pièces se déplacent comme des tours. Seul le roi peut s'arrêter sur le trône ; les coins sont des cases ordinaires.",
            "Les pièces sont prises entre deux ennemis. Le roi aussi, sauf sur le trône (quatre attaquants) ou à côté (trois et le trône).",
            "Le roi gagne en atteignant n'importe quelle case du bord. Une ligne libre vers le bord, c'est raichi ; deux à la fois, c'est tuichi, et les attaquants ne peuvent pas bloquer les deux. Une troisième répétition fait perdre les défenseurs ; 160 coups sans prise donnent une partie nulle.",
        )
    }
}

object GermanStrings : Strings {
    override val appName = "Hnefi"
    override val resume = "Partie fortsetzen"
    override val newGame = "Neue Partie"
    override val start = "Starten"
    override val records = "Bilanz"
    override val rules = "Regeln"
    override val back = "Zurück"
    override val undo = "Zug zurück"
    override val resign = "Aufgeben"
    override val playAgain = "Neue Partie"
    override val menu = "Menü"
    override val opponent = "Gegner"
    override val vsComputer = "Gegen den Computer"
    override val twoPlayers = "Zu zweit auf diesem Telefon"
    override val level = "Stufe"
    override val yourSide = "Du spielst"
    override val confirmNewGame = "Neue Partie beginnen? Die offene Partie endet; gegen den Computer zählt sie als verloren."
    override val confirm = "Neue Partie"
    override val cancel = "Abbrechen"
    override val thinking = "Der Computer denkt nach…"
    override val noRecords = "Noch keine Partien gegen den Computer."
    override val wins = "Siege"
    override val losses = "Niederlagen"
    override val draws = "Remis"
    override val dataReset = "Die gespeicherten Partien waren nicht lesbar. Die beschädigte Datei wurde beiseitegelegt und eine neue angelegt."
    override val storageFailed = "Die Partie konnte nicht gespeichert werden. Du kannst weiterspielen, sie geht aber beim Schließen vielleicht verloren."
    override val ok = "OK"

    override fun variant(v: Variant) = when (v) {
        Variant.COPENHAGEN -> "Kopenhagen"
        Variant.BRANDUBH -> "Brandubh"
        Variant.TABLUT -> "Tablut"
    }
    override fun variantSize(v: Variant) = boardSize(v)
    override fun level(l: Level) = when (l) {
        Level.EASY -> "Leicht"
        Level.NORMAL -> "Mittel"
        Level.HARD -> "Schwer"
    }
    override fun side(s: Side) = if (s == Side.ATTACKERS) "Angreifer" else "Verteidiger"
    override fun playSide(s: Side) = if (s == Side.ATTACKERS) "Angreifer" else "Verteidiger (König)"
    override fun piece(p: Piece?) = when (p) {
        Piece.ATTACKER -> "Angreifer"
        Piece.DEFENDER -> "Verteidiger"
        Piece.KING -> "König"
        null -> "leer"
    }

    override fun sideToMove(s: Side) = "${side(s)} am Zug"
    override fun yourMove(s: Side) = "Du bist am Zug (${side(s)})"
    override fun computerToMove(s: Side) = "Der Computer ist am Zug (${side(s)})"
    override fun youWin() = "Du gewinnst"
    override fun computerWins() = "Der Computer gewinnt"
    override fun sideWins(s: Side) = "Die ${side(s)} gewinnen"
    override fun becauseKingEscaped() = "der König ist entkommen"
    override fun becauseKingCaptured() = "der König wurde geschlagen"
    override fun becauseEncircled() = "die Verteidiger sind eingekreist"
    override fun becauseExitFort() = "der König hat eine Festung am Rand gebaut"
    override fun becauseRepetition() = "dieselbe Stellung kam zum dritten Mal"
    override fun becauseNoMoves(loser: Side) = "die ${side(loser)} können nicht mehr ziehen"
    override fun becauseResigned(loser: Side) = "die ${side(loser)} haben aufgegeben"
    override fun drawByMoveLimit(plies: Int) = "Remis: $plies Züge ohne Schlagen"

    override fun openLines(variant: Variant, count: Int) = when {
        variant == Variant.TABLUT && count == 1 -> "Raichi! Der König hat eine freie Linie zum Rand."
        variant == Variant.TABLUT -> "Tuichi! Der König hat zwei freie Linien zum Rand."
        count == 1 -> "Der König hat eine freie Linie zu einer Ecke."
        else -> "Der König hat freie Linien zu zwei Ecken."
    }

    override val selectedState = "ausgewählt"
    override val targetState = "möglicher Zug"
    override val lastMoveState = "letzter Zug"
    override val capturedState = "geschlagen"
    override val escapeState = "Fluchtfeld"
    override val openLineState = "freie Linie für den König"

    override fun rulesText(v: Variant): List<String> = when (v) {
        Variant.COPENHAGEN -> listOf(
            "Kopenhagener Hnefatafl wird auf 11 mal 11 Feldern gespielt. 24 Angreifer umringen den König und seine 12 Verteidiger. Die Angreifer beginnen.",
            "Jeder Stein zieht wie der Turm im Schach: beliebig weit entlang einer Reihe oder Spalte, ohne zu springen. Nur der König darf auf dem Thron in der Mitte oder auf einer Ecke stehen bleiben; andere Steine dürfen über den leeren Thron ziehen.",
            "Geschlagen wird ein Stein, den man zwischen zwei eigenen Steinen in einer Reihe oder Spalte einschließt. Eine Ecke und der leere Thron zählen als eigener Stein. Wer selbst zwischen zwei Gegner zieht, ist sicher. Eine Reihe Steine am Rand kann auf einmal fallen, wenn jeder von vorn blockiert ist und beide Enden geschlossen sind (Schildwall).",
            "Der König muss von allen vier Seiten umstellt sein (neben dem Thron von drei Seiten und dem Thron); am Rand kann er nicht geschlagen werden. Seine Seite gewinnt, wenn er eine Ecke erreicht oder sich am Rand eine uneinnehmbare Festung baut. Die Angreifer gewinnen, wenn sie den König schlagen oder alle Verteidiger einkreisen.",
            "Kommt eine Stellung zum dritten Mal vor, verlieren die Verteidiger. 160 Züge hintereinander ohne Schlagen sind remis. Wer nicht mehr ziehen kann, verliert.",
        )
        Variant.BRANDUBH -> listOf(
            "Brandubh ist das kleine irische Spiel auf 7 mal 7 Feldern: 8 Angreifer gegen den König und 4 Verteidiger. Die Angreifer beginnen.",
            "Die Steine ziehen wie Türme. Nur der König darf auf dem Thron in der Mitte oder auf einer Ecke stehen bleiben.",
            "Ein Stein, auch der König, wird zwischen zwei Gegnern in einer Reihe oder Spalte geschlagen; Ecken und der leere Thron helfen dabei. Auf dem Thron braucht es vier Angreifer um den König, daneben drei.",
            "Der König gewinnt, wenn er eine Ecke erreicht. Die Angreifer gewinnen, wenn sie ihn schlagen oder alle Verteidiger einkreisen. Die dritte Wiederholung verlieren die Verteidiger; 160 Züge ohne Schlagen sind remis.",
        )
        Variant.TABLUT -> listOf(
            "Tablut ist das lappländische Spiel, das Linné 1732 aufschrieb: 9 mal 9 Felder, 16 Angreifer gegen den König und 8 Verteidiger. Die Angreifer beginnen.",
            "Die Steine ziehen wie Türme. Nur der König darf auf dem Thron stehen bleiben; die Ecken sind gewöhnliche Felder.",
            "Steine werden zwischen zwei Gegnern geschlagen. Der König auch, außer auf dem Thron (vier Angreifer) oder daneben (drei und der Thron).",
            "Der König gewinnt, wenn er irgendein Randfeld erreicht. Hat er eine freie Linie zum Rand, heißt das Raichi; zwei zugleich heißen Tuichi, und die Angreifer können nicht beide sperren. Die dritte Wiederholung verlieren die Verteidiger; 160 Züge ohne Schlagen sind remis.",
        )
    }
}

private fun boardSize(v: Variant) = when (v) {
    Variant.COPENHAGEN -> "11×11"
    Variant.BRANDUBH -> "7×7"
    Variant.TABLUT -> "9×9"
}
