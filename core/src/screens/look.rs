//! The look of the board and the app, as one table of design tokens that both apps draw
//! from: colours for a light, a dark and a colour-blind palette (the colour-blind one in a
//! light and a dark version, for players who also want dark mode), sizes of the board's
//! marks as fractions of a square, and the timings of the board's motion.
//!
//! Marks differ in shape as well as colour in every palette (frame, ring, dot, cross,
//! stripes, arrow, corner brackets, diamond, halo), so that no information rests on hue
//! alone; the colour-blind palette adds the Okabe–Ito colours and thicker strokes. How each
//! mark is drawn, and in which order, is written down in `docs/design.md`; the tests below
//! check the contrasts that make the board readable.

/// A colour as 0xAARRGGBB.
pub type Argb = u32;

/// Light or dark, as the system setting says.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Enum))]
pub enum Theme {
    Light,
    Dark,
}

/// The board's colours.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct BoardColours {
    /// Ordinary squares.
    pub square: Argb,
    /// The grid between squares, and the marks on the throne and corners.
    pub line: Argb,
    /// The frame around the board.
    pub frame: Argb,
    /// Fill of the squares only the king may stop on (throne, and corners where special).
    pub restricted: Argb,
    /// Fill of the edge squares where the king escapes when the whole edge counts (Tablut).
    pub escape_edge: Argb,
    pub attacker: Argb,
    pub attacker_edge: Argb,
    pub defender: Argb,
    pub defender_edge: Argb,
    pub king: Argb,
    pub king_edge: Argb,
    /// The cross on the king.
    pub king_mark: Argb,
    /// Ring around the picked-up piece.
    pub selection: Argb,
    /// Dots on the squares the picked-up piece may go to.
    pub target: Argb,
    /// Frames on the last move's squares.
    pub last_move: Argb,
    /// Cross where a piece was taken.
    pub captured: Argb,
    /// Stripes on the escape squares the king reaches in one move.
    pub open_line: Argb,
    /// Arrow of the suggested move.
    pub hint: Argb,
    /// Corner brackets around pieces that can be taken next move.
    pub threat: Argb,
    /// Diamonds on squares from which the king escapes next move.
    pub escape_route: Argb,
    /// Halo around the pieces of the ring or the fort that ended the game.
    pub ending: Argb,
    /// The square under a dragged piece.
    pub drop_target: Argb,
}

/// The colours of everything around the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct ChromeColours {
    pub background: Argb,
    pub on_background: Argb,
    pub surface: Argb,
    pub on_surface: Argb,
    /// Secondary text (captions, hints).
    pub on_surface_muted: Argb,
    pub surface_variant: Argb,
    pub primary: Argb,
    pub on_primary: Argb,
    pub primary_container: Argb,
    pub on_primary_container: Argb,
    pub outline: Argb,
    pub error: Argb,
    pub on_error: Argb,
    /// The bar above the board that says whose turn it is.
    pub turn_bar: Argb,
    pub on_turn_bar: Argb,
    /// The review's chart: the defenders' chance, its area, the grid, the marked errors.
    pub chart_line: Argb,
    pub chart_area: Argb,
    pub chart_grid: Argb,
    pub chart_mistake: Argb,
}

/// Sizes of the board's drawing, as fractions of a square's side.
#[derive(Clone, Copy, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct BoardMetrics {
    pub grid_stroke: f32,
    pub frame_stroke: f32,
    pub attacker_radius: f32,
    pub defender_radius: f32,
    pub king_radius: f32,
    pub piece_edge_stroke: f32,
    /// Half the length of each arm of the king's cross.
    pub king_mark_arm: f32,
    pub king_mark_stroke: f32,
    /// The diagonal cross on the throne and corners: inset from the square's sides.
    pub restricted_mark_inset: f32,
    pub selection_stroke: f32,
    pub target_radius: f32,
    pub last_move_from_stroke: f32,
    pub last_move_to_stroke: f32,
    pub captured_inset: f32,
    pub captured_stroke: f32,
    pub open_line_stroke: f32,
    /// Distance between the open line's stripes.
    pub open_line_spacing: f32,
    pub hint_stroke: f32,
    pub threat_stroke: f32,
    /// Length of each arm of the threat's corner brackets.
    pub threat_arm: f32,
    pub escape_route_radius: f32,
    pub ending_radius: f32,
    pub drop_target_stroke: f32,
}

/// The board's motion. Reduced-motion settings of the system turn all of it off.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct Motion {
    /// A piece sliding from its square to its target.
    pub slide_ms: u32,
    /// A taken piece fading out.
    pub fade_ms: u32,
    /// How far above the finger a dragged piece is drawn, in dp / points.
    pub drag_lift_dp: u32,
    /// How much larger a dragged piece is drawn, in percent.
    pub drag_scale_percent: u32,
}

/// Everything the apps need to draw the board and its surroundings the same way.
#[derive(Clone, Copy, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct Look {
    pub board: BoardColours,
    pub chrome: ChromeColours,
    pub metrics: BoardMetrics,
    pub motion: Motion,
}

/// The look for a theme, with or without the colour-blind palette.
pub fn look(theme: Theme, colour_blind: bool) -> Look {
    let (board, chrome) = match (theme, colour_blind) {
        (Theme::Light, false) => (LIGHT_BOARD, LIGHT_CHROME),
        (Theme::Dark, false) => (DARK_BOARD, DARK_CHROME),
        (Theme::Light, true) => (COLOUR_BLIND_LIGHT_BOARD, LIGHT_CHROME),
        (Theme::Dark, true) => (COLOUR_BLIND_DARK_BOARD, DARK_CHROME),
    };
    Look {
        board,
        chrome,
        metrics: if colour_blind { BOLD_METRICS } else { METRICS },
        motion: MOTION,
    }
}

const LIGHT_BOARD: BoardColours = BoardColours {
    square: 0xFFF1E4C3,
    line: 0xFF8A7250,
    frame: 0xFF5C4630,
    restricted: 0xFFD8C296,
    escape_edge: 0xFFE6D3A6,
    attacker: 0xFF2A2522,
    attacker_edge: 0xFFF7F1E3,
    defender: 0xFFFCF9F2,
    defender_edge: 0xFF2A2522,
    king: 0xFFE9C46A,
    king_edge: 0xFF2A2522,
    king_mark: 0xFF2A2522,
    selection: 0xFF1B6FB3,
    target: 0xFF1B6FB3,
    last_move: 0xFFB06A00,
    captured: 0xFFC4411B,
    open_line: 0xFFB0528F,
    hint: 0xFF0B7F5E,
    threat: 0xFFC4411B,
    escape_route: 0xFFB0528F,
    ending: 0x993B8FD9,
    drop_target: 0xFF1B6FB3,
};

const DARK_BOARD: BoardColours = BoardColours {
    square: 0xFF3B3226,
    line: 0xFF8C7A5E,
    frame: 0xFF1C1712,
    restricted: 0xFF54462F,
    escape_edge: 0xFF4A3E2C,
    attacker: 0xFF121010,
    attacker_edge: 0xFFD8CCB6,
    defender: 0xFFEDE6D6,
    defender_edge: 0xFF121010,
    king: 0xFFE0B84F,
    king_edge: 0xFF121010,
    king_mark: 0xFF121010,
    selection: 0xFF6CB8F0,
    target: 0xFF6CB8F0,
    last_move: 0xFFF0B429,
    captured: 0xFFFF7A45,
    open_line: 0xFFE38FC0,
    hint: 0xFF3CCB9A,
    threat: 0xFFFF7A45,
    escape_route: 0xFFE38FC0,
    ending: 0x998FD3FF,
    drop_target: 0xFF6CB8F0,
};

/// Okabe–Ito colours on a neutral board: blue, orange, vermillion, reddish purple, bluish
/// green, sky blue and yellow stay apart for the common forms of colour blindness. On the
/// light board, orange, purple and green are taken a shade darker to reach 3:1 against it.
const COLOUR_BLIND_LIGHT_BOARD: BoardColours = BoardColours {
    square: 0xFFECE7DC,
    line: 0xFF6B6459,
    frame: 0xFF3D3932,
    restricted: 0xFFC9C1B0,
    escape_edge: 0xFFDCD5C6,
    attacker: 0xFF000000,
    attacker_edge: 0xFFFFFFFF,
    defender: 0xFFFFFFFF,
    defender_edge: 0xFF000000,
    king: 0xFFF0E442,
    king_edge: 0xFF000000,
    king_mark: 0xFF000000,
    selection: 0xFF0072B2,
    target: 0xFF0072B2,
    last_move: 0xFFB06A00,
    captured: 0xFFD55E00,
    open_line: 0xFFA8487F,
    hint: 0xFF007A5A,
    threat: 0xFFD55E00,
    escape_route: 0xFFA8487F,
    ending: 0x9956B4E9,
    drop_target: 0xFF0072B2,
};

const COLOUR_BLIND_DARK_BOARD: BoardColours = BoardColours {
    square: 0xFF2E2E2E,
    line: 0xFF9A9A9A,
    frame: 0xFF111111,
    restricted: 0xFF4A4A4A,
    escape_edge: 0xFF3C3C3C,
    attacker: 0xFF000000,
    attacker_edge: 0xFFFFFFFF,
    defender: 0xFFFFFFFF,
    defender_edge: 0xFF000000,
    king: 0xFFF0E442,
    king_edge: 0xFF000000,
    king_mark: 0xFF000000,
    selection: 0xFF56B4E9,
    target: 0xFF56B4E9,
    last_move: 0xFFE69F00,
    captured: 0xFFFF7A2F,
    open_line: 0xFFE08BC0,
    hint: 0xFF1FC79A,
    threat: 0xFFFF7A2F,
    escape_route: 0xFFE08BC0,
    ending: 0x99F0E442,
    drop_target: 0xFF56B4E9,
};

const LIGHT_CHROME: ChromeColours = ChromeColours {
    background: 0xFFFFFBF3,
    on_background: 0xFF1E1B16,
    surface: 0xFFFFFBF3,
    on_surface: 0xFF1E1B16,
    on_surface_muted: 0xFF5C5346,
    surface_variant: 0xFFF1E8D8,
    primary: 0xFF6B4E16,
    on_primary: 0xFFFFFFFF,
    primary_container: 0xFFF7DFA6,
    on_primary_container: 0xFF241A00,
    outline: 0xFF857560,
    error: 0xFFB3261E,
    on_error: 0xFFFFFFFF,
    turn_bar: 0xFF3B2F1E,
    on_turn_bar: 0xFFFFF8E8,
    chart_line: 0xFF1B6FB3,
    chart_area: 0x401B6FB3,
    chart_grid: 0xFFD6C9B1,
    chart_mistake: 0xFFC4411B,
};

const DARK_CHROME: ChromeColours = ChromeColours {
    background: 0xFF15120E,
    on_background: 0xFFEDE6D6,
    surface: 0xFF15120E,
    on_surface: 0xFFEDE6D6,
    on_surface_muted: 0xFFB8AD9B,
    surface_variant: 0xFF2C251C,
    primary: 0xFFE9C46A,
    on_primary: 0xFF2A1F00,
    primary_container: 0xFF4E3A0A,
    on_primary_container: 0xFFFBE7B5,
    outline: 0xFF9C8C74,
    error: 0xFFF2B8B5,
    on_error: 0xFF601410,
    turn_bar: 0xFF2C251C,
    on_turn_bar: 0xFFF5EBD5,
    chart_line: 0xFF6CB8F0,
    chart_area: 0x406CB8F0,
    chart_grid: 0xFF4A4032,
    chart_mistake: 0xFFFF7A45,
};

const METRICS: BoardMetrics = BoardMetrics {
    grid_stroke: 0.025,
    frame_stroke: 0.08,
    attacker_radius: 0.36,
    defender_radius: 0.34,
    king_radius: 0.42,
    piece_edge_stroke: 0.05,
    king_mark_arm: 0.22,
    king_mark_stroke: 0.08,
    restricted_mark_inset: 0.2,
    selection_stroke: 0.09,
    target_radius: 0.14,
    last_move_from_stroke: 0.05,
    last_move_to_stroke: 0.09,
    captured_inset: 0.14,
    captured_stroke: 0.1,
    open_line_stroke: 0.07,
    open_line_spacing: 0.2,
    hint_stroke: 0.12,
    threat_stroke: 0.08,
    threat_arm: 0.22,
    escape_route_radius: 0.13,
    ending_radius: 0.49,
    drop_target_stroke: 0.1,
};

/// The colour-blind palette's strokes are a third thicker, so marks read by shape alone.
const BOLD_METRICS: BoardMetrics = BoardMetrics {
    grid_stroke: 0.03,
    selection_stroke: 0.12,
    target_radius: 0.17,
    last_move_from_stroke: 0.07,
    last_move_to_stroke: 0.12,
    captured_stroke: 0.13,
    open_line_stroke: 0.09,
    hint_stroke: 0.15,
    threat_stroke: 0.11,
    escape_route_radius: 0.16,
    drop_target_stroke: 0.13,
    ..METRICS
};

const MOTION: Motion = Motion {
    slide_ms: 200,
    fade_ms: 180,
    drag_lift_dp: 44,
    drag_scale_percent: 130,
};

/// WCAG 2 relative luminance of an opaque colour.
pub fn luminance(c: Argb) -> f64 {
    let channel = |shift: u32| {
        let v = f64::from((c >> shift) & 0xFF) / 255.0;
        if v <= 0.039_28 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
}

/// WCAG 2 contrast ratio between two opaque colours, from 1 to 21.
pub fn contrast(a: Argb, b: Argb) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all() -> Vec<(String, Look)> {
        [Theme::Light, Theme::Dark]
            .into_iter()
            .flat_map(|t| [false, true].map(|cb| (format!("{t:?} colour-blind={cb}"), look(t, cb))))
            .collect()
    }

    #[test]
    fn pieces_stand_out_from_the_board() {
        for (name, l) in all() {
            let b = l.board;
            for (piece, edge) in [
                (b.attacker, b.attacker_edge),
                (b.defender, b.defender_edge),
                (b.king, b.king_edge),
            ] {
                // Either the fill or its edge carries the piece against the square.
                let best = contrast(piece, b.square).max(contrast(edge, b.square));
                assert!(
                    best >= 3.0,
                    "{name}: piece {piece:08X} on {:08X}: {best:.2}",
                    b.square
                );
                assert!(contrast(piece, edge) >= 4.5, "{name}: edge of {piece:08X}");
            }
            assert!(
                contrast(b.king_mark, b.king) >= 4.5,
                "{name}: the king's cross"
            );
        }
    }

    #[test]
    fn marks_are_visible_on_the_board() {
        for (name, l) in all() {
            let b = l.board;
            for (mark, colour) in [
                ("selection", b.selection),
                ("last move", b.last_move),
                ("captured", b.captured),
                ("open line", b.open_line),
                ("hint", b.hint),
                ("threat", b.threat),
            ] {
                let c = contrast(colour, b.square);
                assert!(c >= 3.0, "{name}: {mark} {colour:08X} on the board: {c:.2}");
            }
        }
    }

    /// The lines under the board are written alike in both apps, from the look: each
    /// readable on the background in every look, the hint in its arrow's colour and bold, a
    /// wrong move and a failed save as errors (issue 45: the apps coloured them differently).
    #[test]
    fn every_line_under_the_board_is_styled_by_the_look_and_readable() {
        use crate::screens::frame::InfoKind;
        let kinds = [
            InfoKind::LastMove,
            InfoKind::Hint,
            InfoKind::Capture,
            InfoKind::Ending,
            InfoKind::OpenLines,
            InfoKind::DrawCountdown,
            InfoKind::Repetition,
            InfoKind::HintsUsed,
            InfoKind::SaveError,
            InfoKind::Prompt,
            InfoKind::Wrong,
            InfoKind::Rating,
        ];
        for (name, l) in all() {
            for kind in kinds {
                let style = kind.style(&l);
                let r = contrast(style.colour, l.chrome.background);
                assert!(r >= 4.5, "{name}: {kind:?} line {r:.2}");
            }
            let hint = InfoKind::Hint.style(&l);
            assert_eq!((hint.colour, hint.bold), (l.board.hint, true), "{name}");
            assert_eq!(InfoKind::Wrong.style(&l).colour, l.chrome.error);
            assert_eq!(InfoKind::SaveError.style(&l).colour, l.chrome.error);
            assert!(InfoKind::LastMove.style(&l).bold && InfoKind::Prompt.style(&l).bold);
            assert_eq!(InfoKind::Capture.style(&l).colour, l.chrome.on_background);
        }
    }

    #[test]
    fn text_is_readable_on_every_surface() {
        for (name, l) in all() {
            let c = l.chrome;
            for (what, fg, bg) in [
                ("background", c.on_background, c.background),
                ("surface", c.on_surface, c.surface),
                ("muted", c.on_surface_muted, c.surface),
                ("primary", c.on_primary, c.primary),
                ("container", c.on_primary_container, c.primary_container),
                ("turn bar", c.on_turn_bar, c.turn_bar),
                ("error", c.on_error, c.error),
            ] {
                let r = contrast(fg, bg);
                assert!(r >= 4.5, "{name}: {what} text {r:.2}");
            }
        }
    }

    #[test]
    fn the_marks_of_one_kind_of_information_differ_in_colour() {
        // Marks that can stand on one square together must not share a colour: the last move
        // and the selection, the hint and the targets, a capture and the last move.
        for (name, l) in all() {
            let b = l.board;
            let pairs = [
                (b.selection, b.last_move),
                (b.hint, b.target),
                (b.captured, b.last_move),
                (b.open_line, b.last_move),
                (b.hint, b.last_move),
            ];
            for (a, c) in pairs {
                assert_ne!(a, c, "{name}");
            }
        }
    }

    #[test]
    fn the_colour_blind_palette_draws_thicker_marks() {
        let plain = look(Theme::Light, false).metrics;
        let bold = look(Theme::Light, true).metrics;
        assert!(bold.selection_stroke > plain.selection_stroke);
        assert!(bold.captured_stroke > plain.captured_stroke);
        assert_eq!(bold.king_radius, plain.king_radius);
    }
}
