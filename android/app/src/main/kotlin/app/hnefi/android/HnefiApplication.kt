package app.hnefi.android

import android.app.Application
import app.hnefi.core.coreVersion

/** Starts loading the core's native library off the main thread, before the first screen asks. */
open class HnefiApplication : Application() {
    val core = CoreLoading()

    override fun onCreate() {
        super.onCreate()
        core.start(::loadCore)
    }

    /** The first call into the core: JNA finds and links the library then. */
    protected open fun loadCore() {
        coreVersion()
    }
}
