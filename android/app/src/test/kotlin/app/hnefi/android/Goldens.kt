package app.hnefi.android

import android.graphics.Bitmap
import java.awt.image.BufferedImage
import java.io.File
import javax.imageio.IIOImage
import javax.imageio.ImageIO
import javax.imageio.ImageWriteParam
import kotlin.math.abs
import kotlin.math.max

/** A picture as its pixels (0xAARRGGBB, row by row). */
class Shot(val width: Int, val height: Int, val pixels: IntArray) {
    init {
        require(pixels.size == width * height) { "$width x $height needs ${width * height} pixels, not ${pixels.size}" }
    }

    fun copy() = Shot(width, height, pixels.copyOf())

    operator fun get(x: Int, y: Int) = pixels[y * width + x]

    operator fun set(x: Int, y: Int, argb: Int) {
        pixels[y * width + x] = argb
    }

    companion object {
        fun of(bitmap: Bitmap): Shot {
            val pixels = IntArray(bitmap.width * bitmap.height)
            bitmap.getPixels(pixels, 0, bitmap.width, 0, 0, bitmap.width, bitmap.height)
            return Shot(bitmap.width, bitmap.height, pixels)
        }
    }
}

/** What a comparison found: how many pixels differ by more than the tolerance, and by how much at most. */
class Comparison(val expected: Shot, val actual: Shot, val differing: Int, val largest: Int) {
    val sameSize get() = expected.width == actual.width && expected.height == actual.height
    val fraction get() = differing.toDouble() / (actual.width * actual.height)
    val passes get() = sameSize && fraction <= Goldens.MAX_DIFFERING_FRACTION

    override fun toString() =
        if (!sameSize) {
            "size ${actual.width}x${actual.height}, the reference is ${expected.width}x${expected.height}"
        } else {
            "%.4f%% of the pixels differ (%d of %d) by more than %d of 255 in a channel (allowed: %.4f%%); largest difference %d"
                .format(java.util.Locale.ROOT, fraction * 100, differing, actual.width * actual.height, Goldens.CHANNEL_TOLERANCE, Goldens.MAX_DIFFERING_FRACTION * 100, largest)
        }
}

/**
 * Screenshots of the real app against committed reference pictures (src/test/golden).
 *
 * The tolerance: a pixel differs when one of its channels is more than [CHANNEL_TOLERANCE] of
 * 255 away from the reference (antialiased edges of glyphs and discs may round otherwise with
 * another build of Skia's vector code; no two colours of the app are that close); a picture
 * fails when more than [MAX_DIFFERING_FRACTION] of its pixels differ: 92 pixels of a 720x1280
 * phone screen, a few stray edge pixels, while one square of the 11x11 board on the smallest
 * phone is some 2,100 and a word changed in body text some hundreds. Here the pictures are
 * the same to the bit from run to run; the references were made on Linux x86-64.
 *
 * On a failure the picture taken and a diff (the differing pixels red over a faded copy) are
 * written to the screenshots folder (system property hnefi.screenshots). HNEFI_UPDATE_GOLDENS=1
 * rewrites the references (system property hnefi.goldens names the source folder) where they
 * are missing or differ in any pixel.
 */
object Goldens {
    const val CHANNEL_TOLERANCE = 8
    const val MAX_DIFFERING_FRACTION = 0.0001

    /** The committed references; Gradle runs unit tests in the module's folder. */
    val folder: File get() = File(System.getProperty("hnefi.goldens") ?: "src/test/golden")

    /** Where pictures that do not match go. */
    val output: File get() = File(System.getProperty("hnefi.screenshots") ?: "build/goldens")

    val updating: Boolean get() = System.getenv("HNEFI_UPDATE_GOLDENS").let { it != null && it != "" && it != "0" }

    fun compare(expected: Shot, actual: Shot): Comparison {
        if (expected.width != actual.width || expected.height != actual.height) return Comparison(expected, actual, actual.pixels.size, 255)
        var differing = 0
        var largest = 0
        for (i in actual.pixels.indices) {
            val d = channelDifference(expected.pixels[i], actual.pixels[i])
            largest = max(largest, d)
            if (d > CHANNEL_TOLERANCE) differing++
        }
        return Comparison(expected, actual, differing, largest)
    }

    /** The largest difference of the four channels. */
    fun channelDifference(a: Int, b: Int): Int {
        var d = 0
        for (shift in intArrayOf(0, 8, 16, 24)) d = max(d, abs((a ushr shift and 0xFF) - (b ushr shift and 0xFF)))
        return d
    }

    /** Fails, naming [name] and what differs, unless [actual] matches its reference. */
    fun check(name: String, actual: Shot) {
        val golden = File(folder, "$name.png")
        val expected = if (golden.exists()) read(golden) else null
        if (updating) {
            if (expected == null || !expected.pixels.contentEquals(actual.pixels) || expected.width != actual.width) {
                golden.parentFile.mkdirs()
                write(actual, golden)
                println("    golden $name rewritten: $golden (${golden.length()} bytes)")
            }
            return
        }
        val actualFile = File(output, "$name.actual.png")
        if (expected == null) {
            write(actual, actualFile)
            throw AssertionError("golden $name: no reference at $golden; the picture taken is $actualFile (HNEFI_UPDATE_GOLDENS=1 writes the references)")
        }
        val c = compare(expected, actual)
        if (!c.passes) {
            write(actual, actualFile)
            val diffFile = File(output, "$name.diff.png")
            if (c.sameSize) write(diff(expected, actual), diffFile)
            throw AssertionError(
                "golden $name differs from $golden: $c. The picture taken: $actualFile" +
                    (if (c.sameSize) ", the differences in red: $diffFile" else "") +
                    ". If the change is meant, HNEFI_UPDATE_GOLDENS=1 rewrites the references.",
            )
        }
        println("    golden $name matches: $c")
        // What an earlier failing run left there is no longer the case.
        actualFile.delete()
        File(output, "$name.diff.png").delete()
    }

    /** The differing pixels in red over a faded grey copy of the picture taken. */
    fun diff(expected: Shot, actual: Shot): Shot {
        val out = IntArray(actual.pixels.size)
        for (i in out.indices) {
            val a = actual.pixels[i]
            out[i] = if (channelDifference(expected.pixels[i], a) > CHANNEL_TOLERANCE) {
                0xFFFF0000.toInt()
            } else {
                val grey = ((a shr 16 and 0xFF) * 3 + (a shr 8 and 0xFF) * 6 + (a and 0xFF)) / 10
                val faded = 255 - (255 - grey) / 4
                (0xFF shl 24) or (faded shl 16) or (faded shl 8) or faded
            }
        }
        return Shot(actual.width, actual.height, out)
    }

    fun read(file: File): Shot {
        val image = ImageIO.read(file) ?: error("$file is not a picture ImageIO reads")
        val pixels = image.getRGB(0, 0, image.width, image.height, null, 0, image.width)
        return Shot(image.width, image.height, pixels)
    }

    /** A PNG at the strongest compression: 24 bits when every pixel is opaque. */
    fun write(shot: Shot, file: File) {
        file.parentFile?.mkdirs()
        val opaque = shot.pixels.all { it ushr 24 == 0xFF }
        val image = BufferedImage(shot.width, shot.height, if (opaque) BufferedImage.TYPE_INT_RGB else BufferedImage.TYPE_INT_ARGB)
        image.setRGB(0, 0, shot.width, shot.height, shot.pixels, 0, shot.width)
        val writer = ImageIO.getImageWritersByFormatName("png").next()
        val param = writer.defaultWriteParam
        if (param.canWriteCompressed()) {
            param.compressionMode = ImageWriteParam.MODE_EXPLICIT
            param.compressionQuality = 0f
        }
        val tmp = File(file.path + ".tmp")
        ImageIO.createImageOutputStream(tmp).use { stream ->
            writer.output = stream
            writer.write(null, IIOImage(image, null, null), param)
        }
        writer.dispose()
        if (!tmp.renameTo(file)) {
            file.delete()
            kotlin.check(tmp.renameTo(file)) { "cannot write $file" }
        }
    }
}
