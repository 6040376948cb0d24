package app.hnefi.ui

import app.hnefi.core.Label
import app.hnefi.core.Language
import app.hnefi.core.Level
import app.hnefi.core.Side
import app.hnefi.core.Texts
import app.hnefi.core.Variant
import app.hnefi.core.languageForLocales
import java.util.Locale
import java.util.concurrent.ConcurrentHashMap

/**
 * The fixed words of the app in one language, read once from the core's table (the app holds
 * no text of its own). Sentences about a game, a review or a history row come from the core
 * with their data; these are the labels, buttons and names around them.
 */
class Words private constructor(
    val language: Language,
    private val labels: Map<Label, String>,
    private val variants: Map<Variant, String>,
    private val boardSizes: Map<Variant, String>,
    private val levels: Map<Level, String>,
    private val sides: Map<Side, String>,
    private val playSides: Map<Side, String>,
    private val recordRows: Map<Pair<Level, Side>, String>,
    val engineVersion: String,
) {
    operator fun get(label: Label): String = labels.getValue(label)

    fun variant(v: Variant): String = variants.getValue(v)

    /** "11 × 11". */
    fun boardSize(v: Variant): String = boardSizes.getValue(v)

    fun level(l: Level): String = levels.getValue(l)

    fun side(s: Side): String = sides.getValue(s)

    /** The side to choose before a game: "Defenders and king". */
    fun playSide(s: Side): String = playSides.getValue(s)

    /** A row of the records: "Hard, playing the defenders". */
    fun recordRow(level: Level, side: Side): String = recordRows.getValue(level to side)

    companion object {
        private val cache = ConcurrentHashMap<Language, Words>()

        /** The words of [language], read from the core the first time they are needed. */
        fun of(language: Language): Words = cache.getOrPut(language) { read(language) }

        private fun read(language: Language): Words = Texts(language).use { t ->
            Words(
                language = language,
                labels = Label.entries.associateWith(t::label),
                variants = Variant.entries.associateWith(t::variantName),
                boardSizes = Variant.entries.associateWith(t::boardSize),
                levels = Level.entries.associateWith(t::levelName),
                sides = Side.entries.associateWith(t::sideName),
                playSides = Side.entries.associateWith(t::playSide),
                recordRows = Level.entries.flatMap { l -> Side.entries.map { s -> l to s } }
                    .associateWith { (l, s) -> t.recordRow(l, s) },
                engineVersion = t.engineVersion(),
            )
        }
    }
}

/**
 * The language of the JVM's default locale, the first of the app's three that matches or
 * English. On the desktop build this is the language; the Android app passes the device's
 * whole list of preferred languages to [languageForLocales] instead.
 */
fun defaultLocaleLanguage(): Language = languageForLocales(listOf(Locale.getDefault().toLanguageTag()))
