package app.hnefi.ui

import androidx.compose.material3.ColorScheme
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.darkColorScheme
import androidx.compose.material3.lightColorScheme
import androidx.compose.runtime.Composable
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.runtime.staticCompositionLocalOf
import androidx.compose.ui.graphics.Color
import app.hnefi.core.ChromeColours
import app.hnefi.core.Look
import app.hnefi.core.Theme
import app.hnefi.core.look

// The app's colours all come from the core's design tokens (look(theme, colourBlind)): the
// board's from Look.board, the Material colour scheme around it from Look.chrome. Light or
// dark follows the system; the colour-blind palette is a setting.

/** A colour of the design tokens (0xAARRGGBB). */
fun argb(c: UInt): Color = Color(c.toInt())

/** The design tokens of the screen being drawn. */
val LocalLook = staticCompositionLocalOf<Look> { error("HnefiTheme provides the look") }

/** The look for the system's theme and the player's palette setting. */
fun lookFor(dark: Boolean, colourBlind: Boolean): Look = look(if (dark) Theme.DARK else Theme.LIGHT, colourBlind)

@Composable
fun HnefiTheme(look: Look, dark: Boolean, content: @Composable () -> Unit) {
    CompositionLocalProvider(LocalLook provides look) {
        MaterialTheme(colorScheme = colourScheme(look.chrome, dark), content = content)
    }
}

/** Material's colour roles from the chrome tokens; roles the tokens don't name reuse the nearest. */
private fun colourScheme(c: ChromeColours, dark: Boolean): ColorScheme {
    val primary = argb(c.primary)
    val onPrimary = argb(c.onPrimary)
    val container = argb(c.primaryContainer)
    val onContainer = argb(c.onPrimaryContainer)
    val surface = argb(c.surface)
    val onSurface = argb(c.onSurface)
    val variant = argb(c.surfaceVariant)
    val muted = argb(c.onSurfaceMuted)
    val outline = argb(c.outline)
    val inverse = argb(c.turnBar)
    val onInverse = argb(c.onTurnBar)
    return if (dark) {
        darkColorScheme(
            primary = primary, onPrimary = onPrimary, primaryContainer = container, onPrimaryContainer = onContainer,
            inversePrimary = primary, secondary = primary, onSecondary = onPrimary, secondaryContainer = container,
            onSecondaryContainer = onContainer, tertiary = primary, onTertiary = onPrimary, tertiaryContainer = container,
            onTertiaryContainer = onContainer, background = argb(c.background), onBackground = argb(c.onBackground),
            surface = surface, onSurface = onSurface, surfaceVariant = variant, onSurfaceVariant = muted,
            surfaceTint = primary, inverseSurface = inverse, inverseOnSurface = onInverse, error = argb(c.error),
            onError = argb(c.onError), errorContainer = argb(c.error), onErrorContainer = argb(c.onError),
            outline = outline, outlineVariant = outline, surfaceBright = variant, surfaceContainer = variant,
            surfaceContainerHigh = variant, surfaceContainerHighest = variant, surfaceContainerLow = surface,
            surfaceContainerLowest = surface, surfaceDim = surface,
        )
    } else {
        lightColorScheme(
            primary = primary, onPrimary = onPrimary, primaryContainer = container, onPrimaryContainer = onContainer,
            inversePrimary = container, secondary = primary, onSecondary = onPrimary, secondaryContainer = container,
            onSecondaryContainer = onContainer, tertiary = primary, onTertiary = onPrimary, tertiaryContainer = container,
            onTertiaryContainer = onContainer, background = argb(c.background), onBackground = argb(c.onBackground),
            surface = surface, onSurface = onSurface, surfaceVariant = variant, onSurfaceVariant = muted,
            surfaceTint = primary, inverseSurface = inverse, inverseOnSurface = onInverse, error = argb(c.error),
            onError = argb(c.onError), errorContainer = argb(c.error), onErrorContainer = argb(c.onError),
            outline = outline, outlineVariant = outline, surfaceBright = surface, surfaceContainer = variant,
            surfaceContainerHigh = variant, surfaceContainerHighest = variant, surfaceContainerLow = surface,
            surfaceContainerLowest = surface, surfaceDim = variant,
        )
    }
}
