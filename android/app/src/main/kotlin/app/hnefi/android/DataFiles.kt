package app.hnefi.android

import android.content.Context
import java.io.File

/** Where the app keeps its data: one place for the names the activity and the backups share. */
object DataFiles {
    /** The core's database: records, finished games, ratings, lesson progress, settings. */
    fun database(context: Context): File = File(context.filesDir, "hnefi.db")

    /**
     * The database as one self-contained file, written for a backup to carry and put back
     * after a restore. The backup rules (`res/xml/data_extraction_rules.xml`,
     * `res/xml/backup_rules.xml`) name this path and nothing else.
     */
    fun backupCopy(context: Context): File = File(context.filesDir, "backup/hnefi-backup.db")
}
