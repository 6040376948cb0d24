package app.hnefi.ui

import app.hnefi.core.Feedback

/**
 * What the screens ask of the device: sounds, vibration and the share sheet. The Android app
 * implements it with SoundPool, the view's haptic feedback and a share Intent; the desktop
 * build and the tests use [NoDeviceServices] or a recorder. The view model never calls it: it
 * emits [UiEffect]s, which [HnefiApp] hands over here.
 */
interface DeviceServices {
    fun playSound(feedback: Feedback)

    fun vibrate(feedback: Feedback)

    /** Offers [text] to the platform's share sheet, with [title] above the choices. */
    fun share(text: String, title: String)
}

/** A device without sound, vibration or sharing. */
object NoDeviceServices : DeviceServices {
    override fun playSound(feedback: Feedback) = Unit

    override fun vibrate(feedback: Feedback) = Unit

    override fun share(text: String, title: String) = Unit
}

/** Hands one effect to the device. */
fun DeviceServices.perform(effect: UiEffect) = when (effect) {
    is UiEffect.Sound -> playSound(effect.feedback)
    is UiEffect.Haptic -> vibrate(effect.feedback)
    is UiEffect.Share -> share(effect.text, effect.title)
}
