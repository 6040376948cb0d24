import TaflCore

// The rules, told in the app's own words, one list of paragraphs per game and language.

public enum RulesText {
    public static func paragraphs(_ variant: Variant, _ language: Language) -> [String] {
        switch (language, variant) {
        case (.en, .copenhagen): [
            "Copenhagen Hnefatafl is played on a board of 11 by 11 squares. The king starts on the throne in the middle with 12 defenders around him; 24 attackers wait at the edges. The attackers make the first move.",
            "Every piece slides any distance along a row or a column, like a rook in chess. Pieces never jump and never move diagonally. Only the king may stop on the throne or on one of the four corners; other pieces may pass over the empty throne.",
            "To take an enemy piece, trap it between two of yours on a row or a column. A corner counts as one of your pieces, and so does the empty throne. Stepping between two enemies yourself is safe. A line of pieces on the edge can be taken in one go when each of them is blocked from the front and both ends are closed (a shield wall).",
            "The king is taken only when attackers close him in on all four sides, or on three sides when he stands next to the throne. He cannot be taken on the edge.",
            "The defenders win when the king reaches a corner, or when he stands on the edge inside a fort that the attackers can never break. The attackers win by taking the king, or by closing a ring around the king and every defender.",
            "If the same position comes up a third time, the defenders lose. 160 moves in a row without a capture make a draw. A side that cannot move loses.",
        ]
        case (.en, .brandubh): [
            "Brandubh is the small Irish game: 7 by 7 squares, 8 attackers against the king and his 4 defenders. The attackers move first.",
            "Pieces slide along rows and columns like rooks. Only the king may stop on the throne in the middle or on a corner.",
            "Any piece, the king too, is taken when trapped between two enemies on a row or a column; corners and the empty throne help to trap. On the throne the king needs attackers on all four sides, and next to it on the three open sides.",
            "The king wins by reaching a corner. The attackers win by taking him or by surrounding all the defenders. A third repetition loses for the defenders, 160 moves without a capture are a draw, and a side that cannot move loses.",
        ]
        case (.en, .tablut): [
            "Tablut is the game Linnaeus saw played in Lapland in 1732: 9 by 9 squares, 16 attackers against the king and 8 defenders. The attackers move first.",
            "Pieces slide along rows and columns like rooks. Only the king may stop on the throne; the corners are ordinary squares here.",
            "Pieces are taken between two enemies on a row or a column. So is the king, except on the throne (four attackers needed) or beside it (three attackers and the throne).",
            "The king wins as soon as he reaches any square on the edge. One free path to the edge is called raichi; two at once is tuichi, and then the attackers cannot block both. A third repetition loses for the defenders; 160 moves without a capture are a draw.",
        ]
        case (.fr, .copenhagen): [
            "Le hnefatafl de Copenhague se joue sur un plateau de 11 cases sur 11. Le roi part du trône, au centre, entouré de 12 défenseurs ; 24 attaquants l'attendent sur les bords. Les attaquants jouent en premier.",
            "Chaque pièce glisse d'autant de cases qu'elle veut le long d'une ligne ou d'une colonne, comme la tour aux échecs, sans sauter ni aller en diagonale. Seul le roi peut s'arrêter sur le trône ou dans un des quatre coins ; les autres pièces peuvent traverser le trône vide.",
            "Pour prendre une pièce adverse, coincez-la entre deux des vôtres sur une ligne ou une colonne. Un coin compte comme une de vos pièces, le trône vide aussi. Se placer soi-même entre deux ennemis ne fait rien. Une rangée de pièces le long du bord peut être prise d'un coup quand chacune est bloquée par devant et que les deux bouts sont fermés (mur de boucliers).",
            "Le roi n'est pris que si des attaquants l'enferment des quatre côtés, ou des trois côtés libres quand il est à côté du trône. Il ne peut pas être pris sur le bord.",
            "Les défenseurs gagnent quand le roi atteint un coin, ou quand il se tient sur le bord dans un fort que les attaquants ne pourront jamais briser. Les attaquants gagnent en prenant le roi ou en refermant un cercle autour du roi et de tous les défenseurs.",
            "Si la même position revient une troisième fois, les défenseurs perdent. 160 coups de suite sans prise donnent une partie nulle. Un camp qui ne peut plus jouer perd.",
        ]
        case (.fr, .brandubh): [
            "Le brandubh est le petit jeu irlandais : 7 cases sur 7, 8 attaquants contre le roi et ses 4 défenseurs. Les attaquants commencent.",
            "Les pièces glissent le long des lignes et des colonnes comme des tours. Seul le roi peut s'arrêter sur le trône central ou dans un coin.",
            "Toute pièce, le roi compris, est prise quand elle est coincée entre deux ennemis sur une ligne ou une colonne ; les coins et le trône vide aident à la prise. Sur le trône, il faut quatre attaquants autour du roi ; à côté, trois.",
            "Le roi gagne en atteignant un coin. Les attaquants gagnent en le prenant ou en encerclant tous les défenseurs. Une troisième répétition fait perdre les défenseurs, 160 coups sans prise donnent la nulle, et un camp bloqué perd.",
        ]
        case (.fr, .tablut): [
            "Le tablut est le jeu que Linné a vu jouer en Laponie en 1732 : 9 cases sur 9, 16 attaquants contre le roi et 8 défenseurs. Les attaquants commencent.",
            "Les pièces glissent comme des tours. Seul le roi peut s'arrêter sur le trône ; ici, les coins sont des cases ordinaires.",
            "Les pièces sont prises entre deux ennemis sur une ligne ou une colonne. Le roi aussi, sauf sur le trône (quatre attaquants) ou à côté (trois attaquants et le trône).",
            "Le roi gagne dès qu'il atteint une case du bord. Un chemin libre vers le bord s'appelle raichi ; deux à la fois, tuichi : les attaquants ne peuvent pas fermer les deux. Une troisième répétition fait perdre les défenseurs ; 160 coups sans prise donnent la nulle.",
        ]
        case (.de, .copenhagen): [
            "Kopenhagener Hnefatafl wird auf einem Brett mit 11 mal 11 Feldern gespielt. Der König beginnt auf dem Thron in der Mitte, umgeben von 12 Verteidigern; 24 Angreifer stehen an den Rändern. Die Angreifer ziehen zuerst.",
            "Jede Figur zieht beliebig weit entlang einer Reihe oder Spalte, wie der Turm im Schach, ohne zu springen und nie schräg. Nur der König darf auf dem Thron oder einer der vier Ecken stehen bleiben; andere Figuren dürfen über den leeren Thron ziehen.",
            "Eine gegnerische Figur wird geschlagen, wenn du sie zwischen zwei deiner Figuren in einer Reihe oder Spalte einschließt. Eine Ecke zählt wie eine eigene Figur, der leere Thron ebenso. Selbst zwischen zwei Gegner zu ziehen ist ungefährlich. Eine Reihe von Figuren am Rand kann auf einmal geschlagen werden, wenn jede von vorn blockiert ist und beide Enden geschlossen sind (Schildwall).",
            "Der König ist erst geschlagen, wenn Angreifer ihn von allen vier Seiten einschließen, neben dem Thron von den drei freien Seiten. Am Rand kann er nicht geschlagen werden.",
            "Die Verteidiger gewinnen, wenn der König eine Ecke erreicht oder am Rand in einer Festung steht, die die Angreifer nie aufbrechen können. Die Angreifer gewinnen, wenn sie den König schlagen oder einen Ring um den König und alle Verteidiger schließen.",
            "Kommt dieselbe Stellung zum dritten Mal vor, verlieren die Verteidiger. 160 Züge nacheinander ohne Schlagen ergeben ein Remis. Wer nicht mehr ziehen kann, verliert.",
        ]
        case (.de, .brandubh): [
            "Brandubh ist das kleine irische Spiel: 7 mal 7 Felder, 8 Angreifer gegen den König und seine 4 Verteidiger. Die Angreifer ziehen zuerst.",
            "Die Figuren ziehen wie Türme entlang Reihen und Spalten. Nur der König darf auf dem Thron in der Mitte oder einer Ecke stehen bleiben.",
            "Jede Figur, auch der König, wird zwischen zwei Gegnern in einer Reihe oder Spalte geschlagen; Ecken und der leere Thron helfen dabei. Auf dem Thron braucht es vier Angreifer rund um den König, daneben drei.",
            "Der König gewinnt, wenn er eine Ecke erreicht. Die Angreifer gewinnen, wenn sie ihn schlagen oder alle Verteidiger einkreisen. Eine dritte Wiederholung verlieren die Verteidiger, 160 Züge ohne Schlagen sind remis, und wer nicht ziehen kann, verliert.",
        ]
        case (.de, .tablut): [
            "Tablut ist das Spiel, das Linné 1732 in Lappland aufschrieb: 9 mal 9 Felder, 16 Angreifer gegen den König und 8 Verteidiger. Die Angreifer ziehen zuerst.",
            "Die Figuren ziehen wie Türme. Nur der König darf auf dem Thron stehen bleiben; die Ecken sind hier gewöhnliche Felder.",
            "Figuren werden zwischen zwei Gegnern in einer Reihe oder Spalte geschlagen. Der König ebenso, außer auf dem Thron (vier Angreifer) oder daneben (drei Angreifer und der Thron).",
            "Der König gewinnt, sobald er irgendein Randfeld erreicht. Ein freier Weg zum Rand heißt Raichi, zwei zugleich Tuichi – dann können die Angreifer nicht beide sperren. Eine dritte Wiederholung verlieren die Verteidiger; 160 Züge ohne Schlagen sind remis.",
        ]
        }
    }
}
