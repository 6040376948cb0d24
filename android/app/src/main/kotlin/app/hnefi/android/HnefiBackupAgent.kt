package app.hnefi.android

import android.app.backup.BackupAgent
import android.app.backup.BackupDataInput
import android.app.backup.BackupDataOutput
import android.app.backup.FullBackupDataOutput
import android.os.ParcelFileDescriptor
import android.util.Log
import app.hnefi.core.BackupException
import app.hnefi.core.backupDatabase
import app.hnefi.core.restoreDatabase

/**
 * Auto Backup and device-to-device transfer of the player's data. It all lives in the core's
 * database, which runs with a write-ahead log: the file alone may miss the last commits, and
 * the file and its log copied apart may not match. So the backup rules leave them out and
 * name one file, which this agent writes just before the system copies it: the core reads the
 * database in one transaction through SQLite's backup API into a copy that stands alone.
 * After a restore, the core checks that copy and puts it back as the database; a copy it
 * refuses (damaged, another app's, a newer version's) leaves the data as it was.
 *
 * The system runs these callbacks off the main thread.
 */
class HnefiBackupAgent : BackupAgent() {
    override fun onFullBackup(data: FullBackupDataOutput) {
        val copy = DataFiles.backupCopy(this)
        try {
            writeCopy()
            // The system copies what the rules include: the copy alone.
            super.onFullBackup(data)
        } finally {
            copy.delete()
        }
    }

    override fun onRestoreFinished() {
        restoreCopy()?.let { Log.w(TAG, "the restored backup was not put back: ${it.message}") }
    }

    /** Writes the database's copy where the rules look; `false` when there is no data yet. */
    fun writeCopy(): Boolean {
        val copy = DataFiles.backupCopy(this)
        copy.parentFile?.mkdirs()
        return try {
            backupDatabase(DataFiles.database(this).path, copy.path)
        } catch (e: BackupException) {
            // The database cannot be read now: no copy, and the system backs up nothing of it.
            Log.w(TAG, "no backup written: ${e.message}")
            copy.delete()
            false
        }
    }

    /**
     * Puts the restored copy back as the database, and removes it. `null` when it was put back
     * (or none came); the core's refusal otherwise, the database left as it was.
     */
    fun restoreCopy(): BackupException? {
        val copy = DataFiles.backupCopy(this)
        if (!copy.exists()) return null
        return try {
            restoreDatabase(copy.path, DataFiles.database(this).path)
            null
        } catch (e: BackupException) {
            e
        } finally {
            copy.delete()
        }
    }

    // The key-value backup of older Android is not used: fullBackupOnly in the manifest.
    override fun onBackup(oldState: ParcelFileDescriptor?, data: BackupDataOutput?, newState: ParcelFileDescriptor?) {}

    override fun onRestore(data: BackupDataInput?, appVersionCode: Int, newState: ParcelFileDescriptor?) {}

    private companion object {
        const val TAG = "HnefiBackup"
    }
}
