package app.hnefi.ui

import app.hnefi.core.Effect
import app.hnefi.core.Feedback

/**
 * What only the device can do with an effect: play a sound, vibrate, open the share sheet.
 * Announcements for screen readers are the screens' (a live region), not the device's.
 */
interface DeviceServices {
    fun playSound(feedback: Feedback)

    fun vibrate(feedback: Feedback)

    fun share(text: String, title: String)
}

/** A device without sound, vibration or sharing (previews, the desktop build). */
object NoDeviceServices : DeviceServices {
    override fun playSound(feedback: Feedback) = Unit

    override fun vibrate(feedback: Feedback) = Unit

    override fun share(text: String, title: String) = Unit
}

/** Hands an effect to the device; announcements go to [announce]. */
fun DeviceServices.perform(effect: Effect, announce: (String, Boolean) -> Unit) = when (effect) {
    is Effect.Sound -> playSound(effect.feedback)
    is Effect.Haptic -> vibrate(effect.feedback)
    is Effect.Share -> share(effect.text, effect.title)
    is Effect.Announce -> announce(effect.text, effect.assertive)
}
