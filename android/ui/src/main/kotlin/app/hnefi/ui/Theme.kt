package app.hnefi.ui

import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.lightColorScheme
import androidx.compose.runtime.Composable
import androidx.compose.ui.graphics.Color

// One palette that colour-blind players can read: the pieces differ by lightness and shape
// (dark discs, light discs, a light disc with a cross), and every marker has its own shape
// (dot, frame, ring, cross, stripes) in Okabe-Ito colours, never by hue alone.
object Palette {
    val boardLight = Color(0xFFF3E6C6)
    val boardLine = Color(0xFF8A7250)
    val special = Color(0xFFC9B085) // throne and corners: only the king may stop there
    val escapeEdge = Color(0xFFE9D8AE) // escape squares on the edge (Tablut)
    val attacker = Color(0xFF1E1E1E)
    val defender = Color(0xFFFFFFFF)
    val pieceOutline = Color(0xFF1E1E1E)
    val selected = Color(0xFF0072B2) // blue frame
    val target = Color(0xFF0072B2) // blue dot
    val lastMove = Color(0xFFE69F00) // orange frame
    val captured = Color(0xFFD55E00) // vermillion cross
    val openLine = Color(0xFFCC79A7) // reddish-purple stripes
    val turnBar = Color(0xFF3B2F1E)
    val onTurnBar = Color(0xFFFFF8E8)
}

private val colours = lightColorScheme(
    primary = Color(0xFF6B4E16),
    onPrimary = Color.White,
    primaryContainer = Color(0xFFF7DFA6),
    onPrimaryContainer = Color(0xFF241A00),
    secondary = Color(0xFF0072B2),
    background = Color(0xFFFFFBF3),
    surface = Color(0xFFFFFBF3),
)

@Composable
fun HnefiTheme(content: @Composable () -> Unit) {
    MaterialTheme(colorScheme = colours, content = content)
}
