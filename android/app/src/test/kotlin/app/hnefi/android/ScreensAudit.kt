package app.hnefi.android

import android.content.res.Configuration
import app.hnefi.core.Event
import app.hnefi.core.GameView
import app.hnefi.core.Language
import app.hnefi.core.ScreenView
import app.hnefi.core.SettingKind
import app.hnefi.core.Theme
import app.hnefi.core.look
import org.robolectric.RuntimeEnvironment
import org.robolectric.shadows.ShadowLooper

/**
 * Both audits, on the screen the app shows now:
 *
 * - accessibility, in English at the normal font size on a 360 x 640 dp phone, as TalkBack meets
 *   the screen: a finger on the centre of every node it stops on and across the whole window
 *   ([Explore]), live regions that would say one thing twice, ticks and arrows in the words,
 *   on a game the order of the swipes (turn bar, board rows, what happened, buttons) and the
 *   gestures to reach every square, and the contrast of every text and of the pieces in the
 *   light, dark and colour-blind looks ([Contrast]);
 * - layout ([Audit]), in English, French and German, at font scales 1.0, 1.3 and 2.0, on
 *   [SIZES]: nothing cut off or broken inside a word, every control reachable and a finger's
 *   size, the board's share of the screen, a tablet's room used.
 *
 * Every problem is kept with where it was found; [report] sums up what was covered.
 */
class ScreensAudit(private val app: AppRobot) {
    private val rule = app.rule
    private val talkBack = TalkBack(app.activity).also { it.start() }
    val problems = ArrayList<String>()
    private var screens = 0
    private var combinations = 0
    private var hovers = 0
    private val colourPairs = LinkedHashSet<Contrast.ColourPair>()

    private val density: Float get() = app.activity.resources.displayMetrics.density

    /** Audits the screen on show as [name]. */
    fun screen(name: String) {
        screens++
        accessibility(name)
        for (language in LANGUAGES) for (scale in SCALES) for ((w, h) in SIZES) {
            configure(language, scale, w, h)
            combinations++
            Audit.problems(rule, density).forEach { problems += "$name, $language, ${scale}x, ${w}x$h: $it" }
            if (language == "en-rUS" && scale == 1f && w > h && h < 600) swipeOrder("$name, ${w}x$h")
        }
        configure(LANGUAGES.first(), 1f, BASE.first, BASE.second)
    }

    private fun accessibility(name: String) {
        configure(LANGUAGES.first(), 1f, BASE.first, BASE.second)
        val explore = Explore(talkBack, rule, density)
        explore.centres().let { hovers += it.hovers; it.problems.forEach { p -> problems += "$name: $p" } }
        explore.grid().let { hovers += it.hovers; it.problems.forEach { p -> problems += "$name: $p" } }
        explore.liveRegions().forEach { problems += "$name: $it" }
        val said = explore.swipes().map { it.first }
        said.filter { w -> DECORATIONS.any { it in w } }.forEach { problems += "$name: a decoration is read: \"$it\"" }
        swipeOrder(name)
        for ((look, dark, colourBlind) in listOf(Triple("light", false, false), Triple("dark", true, false), Triple("colour-blind", false, true))) {
            setLook(dark, colourBlind)
            val contrast = Contrast.texts(app.frame.look, density)
            val pieces = Contrast.pieces(app.frame.look)
            colourPairs += contrast.pairs + pieces.pairs
            (contrast.problems + pieces.problems).forEach { problems += "$name, $look: $it" }
        }
        setLook(dark = false, colourBlind = false)
    }

    /**
     * On a game: swiping goes turn bar, board, what happened, buttons; and every square is a
     * few gestures away (a heading jump per row, then swipes along it).
     */
    private fun swipeOrder(where: String) {
        val game = (app.frame.screen as? ScreenView.Game)?.game ?: return
        if (game.question != null) return
        val said = Explore(talkBack, rule, density).swipes()
        val words = said.map { it.first }
        fun at(texts: Collection<String>) = words.indices.filter { words[it] in texts }
        val turn = at(listOf(game.turn.text))
        // On a zoomed board, the squares the window shows (the others are panned to).
        val w = game.board.window
        val shown = game.board.squares.filter { it.x + 0.5f in w.x..(w.x + w.side) && it.y + 0.5f in w.y..(w.y + w.side) }
        val squares = at(shown.map { it.label }.toSet())
        val happened = at((game.info.map { it.text } + listOf(game.taken.attackersText, game.taken.defendersText)).toSet())
        val buttons = at(game.controls.map { it.label }.toSet())
        val parts = listOf("the turn bar" to turn, "the board" to squares, "what happened" to happened, "the buttons" to buttons).filter { it.second.isNotEmpty() }
        for ((a, b) in parts.zipWithNext()) {
            if (a.second.max() > b.second.min()) {
                problems += "$where: swiping reaches ${b.first} before the end of ${a.first} (${words.take(6).joinToString(" / ")} ...)"
            }
        }
        if (squares.size != shown.size) problems += "$where: swiping reaches ${squares.size} of ${shown.size} squares"
        reach(where, game, said)
    }

    /** The most gestures any square takes: heading jumps to its row, then swipes along it. */
    private fun reach(where: String, game: GameView, said: List<Pair<String, Boolean>>) {
        val labels = game.board.squares.map { it.label }.toSet()
        val headings = said.indices.filter { said[it].second }
        var most = 0
        for ((i, s) in said.withIndex()) {
            if (s.first !in labels) continue
            val row = headings.lastOrNull { it <= i }
            val jumps = if (row == null) i + 1 else headings.indexOf(row) + 1 + (i - row)
            most = maxOf(most, minOf(i + 1, jumps))
        }
        val size = kotlin.math.sqrt(game.board.squares.size.toDouble()).toInt()
        if (most > 2 * size + 2) problems += "$where: a square takes $most gestures to reach on a $size x $size board"
        maxReach = maxOf(maxReach, most)
    }

    /** The most gestures a square took on any board audited. */
    var maxReach = 0
        private set

    /** Whether the colour-blind palette is set (a setting of the app, not of the device). */
    private var colourBlind = false

    private fun setLook(dark: Boolean, colourBlind: Boolean) {
        if (this.colourBlind != colourBlind) {
            this.colourBlind = colourBlind
            app.activity.viewModel.onEvent(Event.SetSetting(SettingKind.COLOUR_BLIND, colourBlind))
        }
        configure(LANGUAGES.first(), 1f, BASE.first, BASE.second, night = dark)
    }

    /** The device's language, font scale and size (and night mode), as the system changes them. */
    fun configure(language: String, scale: Float, w: Int, h: Int, night: Boolean = false) {
        val orientation = if (w > h) "land" else "port"
        RuntimeEnvironment.setQualifiers("$language-w${w}dp-h${h}dp-$orientation${if (night) "-night" else "-notnight"}-xhdpi")
        RuntimeEnvironment.setFontScale(scale)
        app.controller.configurationChange(Configuration(RuntimeEnvironment.getApplication().resources.configuration))
        ShadowLooper.idleMainLooper()
        val wanted = when (language.take(2)) {
            "fr" -> Language.FRENCH
            "de" -> Language.GERMAN
            else -> Language.ENGLISH
        }
        val colours = look(if (night) Theme.DARK else Theme.LIGHT, colourBlind)
        app.waitUntil("the app in $language") { app.frame.language == wanted && app.frame.look == colours }
        rule.waitForIdle()
    }

    /** One line for the log: what the audit covered. */
    fun report(name: String): String =
        "audit $name: $screens screens x ${LANGUAGES.size} languages x ${SCALES.size} font scales x ${SIZES.size} sizes = " +
            "$combinations layouts; $hovers hovers; ${colourPairs.size} colour pairs (lowest %.2f:1); most gestures to a square: $maxReach"
                .format(java.util.Locale.ROOT, colourPairs.minOfOrNull { it.ratio } ?: 0.0)

    companion object {
        val LANGUAGES = listOf("en-rUS", "fr-rFR", "de-rDE")
        val SCALES = listOf(1f, 1.3f, 2f)

        /** Phones small and usual, a phone on its side, a tablet upright and on its side. */
        val SIZES = listOf(360 to 568, 360 to 640, 640 to 360, 800 to 1280, 1280 to 800)
        val BASE = 360 to 640

        /** Signs the shell must never add to the core's words. */
        val DECORATIONS = listOf('✓', '✔', '‹', '›', '←', '→')
    }
}
