package app.hnefi.ui

import app.hnefi.core.AnalysisListener
import app.hnefi.core.AnalysisView
import app.hnefi.core.CancelHandle
import app.hnefi.core.GameReview
import app.hnefi.core.Texts
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext
import kotlin.coroutines.CoroutineContext

/**
 * A game under review: stepping through its positions on the main thread, and the engine's
 * analysis on [analysisContext], its points published as they are found.
 */
internal class Reviewing(
    private val review: GameReview,
    private val key: Long,
    private val fromHistory: Boolean,
    private val scope: CoroutineScope,
    private val analysisContext: CoroutineContext,
    private val host: Host,
) {
    interface Host {
        /** The texts of the current language (read from the analysing thread too). */
        val texts: Texts
        val words: Words
        /** Replaces the review on screen, if it is still this one ([ReviewUi.key]). */
        fun publish(key: Long, change: (ReviewUi) -> ReviewUi)
        fun show(review: ReviewUi)
    }

    private val info = review.info()
    private val total = info.plies.toInt()
    private var job: Job? = null
    private var cancel: CancelHandle? = null

    /** Opens the review at the last position, with the stored analysis or a new one running. */
    fun open() {
        val known = review.analysis()
        val opened = build(total, known)
        if (known != null) {
            host.show(opened)
            return
        }
        host.show(opened.copy(analysis = running(0.0)))
        launchAnalysis()
    }

    fun goTo(ply: Int) {
        val to = ply.coerceIn(0, total)
        val language = host.words.language
        host.publish(key) { it.copy(frame = review.frame(to.toUInt(), language), chartValue = chartLabel(to, it.chances)) }
    }

    /** The words again, in another language. */
    fun relabel(current: ReviewUi) {
        val analysis = review.analysis()
        host.show(
            build(current.ply, analysis).copy(
                chances = current.chances,
                analysis = when (val a = current.analysis) {
                    is AnalysisState.Running -> a.copy(text = host.texts.analysing(a.fraction))
                    else -> a
                },
                chartValue = chartLabel(current.ply, current.chances),
            ),
        )
    }

    /** Analyses the game again, from the start. */
    fun analyse() {
        if (job != null) return
        host.publish(key) {
            it.copy(chances = List(total + 1) { null }, swings = emptyList(), analysis = running(0.0))
        }
        launchAnalysis()
    }

    private fun launchAnalysis() {
        val handle = CancelHandle()
        cancel = handle
        val listener = object : AnalysisListener {
            // On the analysing thread: the state flow takes updates from any thread.
            override fun onPoint(ply: UInt, defendersChance: Double, analysed: UInt, total: UInt) {
                val fraction = analysed.toDouble() / total.toDouble()
                host.publish(key) { r ->
                    val chances = r.chances.toMutableList().also { c -> c[ply.toInt()] = defendersChance }
                    r.copy(chances = chances, analysis = running(fraction), chartValue = chartLabel(r.ply, chances))
                }
            }
        }
        job = scope.launch {
            val result = withContext(analysisContext) { review.analyse(listener, handle) }
            if (cancel !== handle) return@launch
            cancel = null
            job = null
            handle.close()
            host.publish(key) { r ->
                if (result.complete) {
                    r.copy(
                        chances = result.chances,
                        analysis = AnalysisState.Complete,
                        swings = swings(result),
                        chartValue = chartLabel(r.ply, result.chances),
                    )
                } else {
                    r.copy(analysis = AnalysisState.Stopped)
                }
            }
        }
    }

    fun cancelAnalysis() {
        val handle = cancel ?: return
        handle.cancel()
        cancel = null
        job?.cancel()
        job = null
        host.publish(key) { it.copy(analysis = AnalysisState.Stopped) }
    }

    fun otn(): String = review.otn()

    fun close() {
        cancel?.cancel()
        cancel = null
        job?.cancel()
        job = null
        review.close()
    }

    private fun build(ply: Int, analysis: AnalysisView?): ReviewUi {
        val language = host.words.language
        val chances: List<Double?> = analysis?.chances ?: List(total + 1) { null }
        return ReviewUi(
            key = key,
            info = info,
            frame = review.frame(ply.toUInt(), language),
            moves = review.moves(language).map { it.notation },
            chances = chances,
            analysis = if (analysis == null) AnalysisState.NotStarted else AnalysisState.Complete,
            swings = analysis?.let(::swings) ?: emptyList(),
            chartValue = chartLabel(ply, chances),
            fromHistory = fromHistory,
        )
    }

    private fun swings(analysis: AnalysisView): List<SwingUi> =
        analysis.swings.map { SwingUi(it.ply.toInt(), host.texts.swing(it)) }

    private fun running(fraction: Double) = AnalysisState.Running(fraction, host.texts.analysing(fraction))

    /** The chart's value at [ply] in words, once known. */
    private fun chartLabel(ply: Int, chances: List<Double?>): String? =
        chances.getOrNull(ply)?.let { host.texts.chartPoint(ply.toUInt(), it) }
}
