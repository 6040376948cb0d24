package app.hnefi.android

import android.app.Application
import app.hnefi.core.coreVersion

/** Starts loading the core's native library off the main thread, before the first screen asks. */
class HnefiApplication : Application() {
    override fun onCreate() {
        super.onCreate()
        // JNA reads and links the library on first use: a short thread takes that off the main
        // thread; the activity's first call waits for it if it comes first.
        Thread({ coreVersion() }, "hnefi-load").start()
    }
}
