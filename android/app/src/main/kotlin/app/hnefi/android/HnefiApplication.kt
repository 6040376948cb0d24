package app.hnefi.android

import android.app.Application
import android.util.Log
import app.hnefi.core.TaflException
import app.hnefi.core.TaflStore
import java.io.File

/** Holds the app's database, in the app's files folder, for as long as the process lives. */
class HnefiApplication : Application() {
    /** Null when the database cannot be opened at all: the app then plays in memory. */
    val store: TaflStore? by lazy {
        try {
            TaflStore.open(File(filesDir, "hnefi.db").path)
        } catch (e: TaflException) {
            Log.e("Hnefi", "cannot open the database", e)
            null
        }
    }
}
