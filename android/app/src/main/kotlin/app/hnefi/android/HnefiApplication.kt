package app.hnefi.android

import android.app.Application
import android.util.Log
import app.hnefi.core.TaflException
import app.hnefi.core.TaflStore
import app.hnefi.core.recommendedSearchThreads
import app.hnefi.core.setSearchThreads
import java.io.File

/** Holds the app's database, in the app's files folder, for as long as the process lives. */
class HnefiApplication : Application() {
    override fun onCreate() {
        super.onCreate()
        // The hard level searches with all cores but the one the UI keeps.
        setSearchThreads(recommendedSearchThreads(Runtime.getRuntime().availableProcessors().toUInt()))
    }

    /**
     * The database, opened on first use. Opening reads the file, so only the view model's IO
     * dispatcher touches this. Null when the database cannot be opened at all: the app then
     * plays in memory.
     */
    val store: TaflStore? by lazy {
        try {
            TaflStore.open(File(filesDir, "hnefi.db").path)
        } catch (e: TaflException) {
            Log.e("Hnefi", "cannot open the database", e)
            null
        }
    }
}
