package app.hnefi.android

import android.content.ContentResolver
import android.content.Intent
import android.net.Uri
import android.os.Build
import java.io.ByteArrayOutputStream
import java.io.IOException
import java.io.InputStream

/**
 * A game that another app hands Hnefi: a text shared to it (the share sheet's EXTRA_TEXT), or a
 * file shared to it (EXTRA_STREAM) or opened with it (ACTION_VIEW). The core decides what the
 * bytes are and what to do with them (`Event.Received`); this only gets them off the intent.
 */
sealed interface Arrival {
    data class Text(val text: String) : Arrival

    data class File(val uri: Uri) : Arrival

    /** The bytes to hand the core: at most [limit] + 1 (so that the core can say "too long"); none when unreadable. */
    fun bytes(resolver: ContentResolver, limit: Int): ByteArray? = when (this) {
        is Text -> text.toByteArray(Charsets.UTF_8)
        is File -> readAtMost(resolver, uri, limit + 1)
    }

    companion object {
        /** What [intent] brings, if it is a share or an "open with" (a file shared wins over its caption). */
        fun of(intent: Intent?): Arrival? = when (intent?.action) {
            Intent.ACTION_SEND -> intent.stream()?.let(::File)
                ?: intent.getCharSequenceExtra(Intent.EXTRA_TEXT)?.toString()?.let(::Text)
            Intent.ACTION_VIEW -> intent.data?.let(::File)
            else -> null
        }

        private fun Intent.stream(): Uri? =
            if (Build.VERSION.SDK_INT >= 33) {
                getParcelableExtra(Intent.EXTRA_STREAM, Uri::class.java)
            } else {
                @Suppress("DEPRECATION")
                getParcelableExtra(Intent.EXTRA_STREAM)
            }
    }
}

/**
 * Reads at most [most] bytes of the file behind [uri]: a huge file is never read whole, only
 * far enough to know it is too long. Null when the file cannot be opened or read (gone, or its
 * permission revoked). Blocks: never on the main thread.
 */
fun readAtMost(resolver: ContentResolver, uri: Uri, most: Int): ByteArray? =
    try {
        resolver.openInputStream(uri)?.use { readAtMost(it, most) }
    } catch (_: IOException) {
        null
    } catch (_: SecurityException) {
        null
    } catch (_: IllegalArgumentException) {
        // A URI no provider serves, or of an unknown scheme.
        null
    } catch (_: UnsupportedOperationException) {
        null
    }

/** The first [most] bytes of [input] (all of it when shorter). */
fun readAtMost(input: InputStream, most: Int): ByteArray {
    val out = ByteArrayOutputStream()
    val buffer = ByteArray(8 * 1024)
    var left = most
    while (left > 0) {
        val n = input.read(buffer, 0, minOf(buffer.size, left))
        if (n < 0) break
        out.write(buffer, 0, n)
        left -= n
    }
    return out.toByteArray()
}
