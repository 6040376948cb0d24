package app.hnefi.android

import android.app.Activity
import android.content.Intent
import android.media.AudioAttributes
import android.media.SoundPool
import android.os.Build
import android.view.HapticFeedbackConstants
import app.hnefi.core.Feedback
import app.hnefi.ui.DeviceServices

/**
 * Sounds through SoundPool (the WAV files in res/raw, made by core/tests/sounds.rs), vibration
 * through the window's haptic feedback (no permission needed, and it follows the system's touch
 * feedback setting), and the share sheet. Release it with the activity.
 */
class AndroidDeviceServices(private val activity: Activity) : DeviceServices {
    internal val pool: SoundPool = SoundPool.Builder()
        .setMaxStreams(2)
        .setAudioAttributes(
            AudioAttributes.Builder()
                .setUsage(AudioAttributes.USAGE_GAME)
                .setContentType(AudioAttributes.CONTENT_TYPE_SONIFICATION)
                .build(),
        )
        .build()

    /** The sound of each feedback, loaded in the background by SoundPool. */
    private val sounds: Map<Feedback, Int> = Feedback.entries.associateWith { feedback ->
        val raw = when (feedback) {
            Feedback.MOVE -> R.raw.move
            Feedback.CAPTURE -> R.raw.capture
            Feedback.WIN -> R.raw.win
            Feedback.LOSS -> R.raw.loss
            Feedback.DRAW -> R.raw.draw
        }
        pool.load(activity, raw, 1)
    }

    override fun playSound(feedback: Feedback) {
        val id = sounds[feedback] ?: 0
        if (id != 0) pool.play(id, 1f, 1f, 1, 0, 1f)
    }

    /** A light tick for a move, a firmer one for a capture, a short pattern at the end. */
    override fun vibrate(feedback: Feedback) {
        val view = activity.window.decorView
        for ((delayMs, effect) in pattern(feedback)) {
            view.postDelayed({ view.performHapticFeedback(effect) }, delayMs)
        }
    }

    override fun share(text: String, title: String) {
        val send = Intent(Intent.ACTION_SEND).setType("text/plain").putExtra(Intent.EXTRA_TEXT, text)
        activity.startActivity(Intent.createChooser(send, title))
    }

    fun release() = pool.release()

    private fun pattern(feedback: Feedback): List<Pair<Long, Int>> {
        val confirm = if (Build.VERSION.SDK_INT >= 30) HapticFeedbackConstants.CONFIRM else HapticFeedbackConstants.CONTEXT_CLICK
        val reject = if (Build.VERSION.SDK_INT >= 30) HapticFeedbackConstants.REJECT else HapticFeedbackConstants.LONG_PRESS
        return when (feedback) {
            Feedback.MOVE -> listOf(0L to HapticFeedbackConstants.CLOCK_TICK)
            Feedback.CAPTURE -> listOf(0L to HapticFeedbackConstants.CONTEXT_CLICK, 60L to HapticFeedbackConstants.CLOCK_TICK)
            Feedback.WIN -> listOf(0L to confirm, 140L to HapticFeedbackConstants.CONTEXT_CLICK, 280L to confirm)
            Feedback.LOSS -> listOf(0L to reject, 220L to reject)
            Feedback.DRAW -> listOf(0L to HapticFeedbackConstants.CONTEXT_CLICK, 200L to HapticFeedbackConstants.CONTEXT_CLICK)
        }
    }
}
