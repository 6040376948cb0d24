//! The games of the tafl family: each starts as its diagram shows (drawn here by hand, apart
//! from the layouts in `variant.rs`), and its perft counts are pinned as regression data
//! (docs/variants.md gives them with the sources of each game).

use tafl_core::engine::perft::perft;
use tafl_core::{Game, Position, VariantKind};

/// Each game's starting position, top rank first: `a` attacker, `d` defender, `K` king.
const DIAGRAMS: &[(VariantKind, &str)] = &[
    (
        VariantKind::Copenhagen,
        "
        . . . a a a a a . . .
        . . . . . a . . . . .
        . . . . . . . . . . .
        a . . . . d . . . . a
        a . . . d d d . . . a
        a a . d d K d d . a a
        a . . . d d d . . . a
        a . . . . d . . . . a
        . . . . . . . . . . .
        . . . . . a . . . . .
        . . . a a a a a . . .",
    ),
    (
        VariantKind::Brandubh,
        "
        . . . a . . .
        . . . a . . .
        . . . d . . .
        a a d K d a a
        . . . d . . .
        . . . a . . .
        . . . a . . .",
    ),
    (
        VariantKind::Tablut,
        "
        . . . a a a . . .
        . . . . a . . . .
        . . . . d . . . .
        a . . . d . . . a
        a a d d K d d a a
        a . . . d . . . a
        . . . . d . . . .
        . . . . a . . . .
        . . . a a a . . .",
    ),
    (
        VariantKind::Fetlar,
        "
        . . . a a a a a . . .
        . . . . . a . . . . .
        . . . . . . . . . . .
        a . . . . d . . . . a
        a . . . d d d . . . a
        a a . d d K d d . a a
        a . . . d d d . . . a
        a . . . . d . . . . a
        . . . . . . . . . . .
        . . . . . a . . . . .
        . . . a a a a a . . .",
    ),
    (
        VariantKind::SeaBattle,
        "
        . . . a a a . . .
        . . . . a . . . .
        . . . . d . . . .
        a . . . d . . . a
        a a d d K d d a a
        a . . . d . . . a
        . . . . d . . . .
        . . . . a . . . .
        . . . a a a . . .",
    ),
    (
        VariantKind::Tawlbwrdd,
        "
        . . . . a a a . . . .
        . . . . a . a . . . .
        . . . . . a . . . . .
        . . . . . d . . . . .
        a a . . d d d . . a a
        a . a d d K d d a . a
        a a . . d d d . . a a
        . . . . . d . . . . .
        . . . . . a . . . . .
        . . . . a . a . . . .
        . . . . a a a . . . .",
    ),
    (
        VariantKind::ArdRi,
        "
        . . a a a . .
        . . . a . . .
        a . d d d . a
        a a d K d a a
        a . d d d . a
        . . . a . . .
        . . a a a . .",
    ),
    (
        VariantKind::Hnefatafl11,
        "
        . . . a a a a a . . .
        . . . . . a . . . . .
        . . . . . . . . . . .
        a . . . . d . . . . a
        a . . . d d d . . . a
        a a . d d K d d . a a
        a . . . d d d . . . a
        a . . . . d . . . . a
        . . . . . . . . . . .
        . . . . . a . . . . .
        . . . a a a a a . . .",
    ),
    (
        VariantKind::Hnefatafl13,
        "
        . . . . a a a a a . . . .
        . . . . . . a . . . . . .
        . . . . . . . . . . . . .
        . . . . . . d . . . . . .
        a . . . . . d . . . . . a
        a . . . . . d . . . . . a
        a a . d d d K d d d . a a
        a . . . . . d . . . . . a
        a . . . . . d . . . . . a
        . . . . . . d . . . . . .
        . . . . . . . . . . . . .
        . . . . . . a . . . . . .
        . . . . a a a a a . . . .",
    ),
    (
        VariantKind::KingsTable9,
        "
        . . . a a a . . .
        . . . . a . . . .
        . . . . d . . . .
        a . . . d . . . a
        a a d d K d d a a
        a . . . d . . . a
        . . . . d . . . .
        . . . . a . . . .
        . . . a a a . . .",
    ),
    (
        VariantKind::KingsTable11,
        "
        . . . a a a a a . . .
        . . . . . a . . . . .
        . . . . . . . . . . .
        a . . . . d . . . . a
        a . . . d d d . . . a
        a a . d d K d d . a a
        a . . . d d d . . . a
        a . . . . d . . . . a
        . . . . . . . . . . .
        . . . . . a . . . . .
        . . . a a a a a . . .",
    ),
    (
        VariantKind::AleaEvangelii,
        "
        . . a . . a . . . . . . . a . . a . .
        . . . . . . . . . . . . . . . . . . .
        a . . . . a . . . . . . . a . . . . a
        . . . . . . . a . a . a . . . . . . .
        . . . . . . a . d . d . a . . . . . .
        a . a . . a . . . . . . . a . . a . a
        . . . . a . . . . d . . . . a . . . .
        . . . a . . . . d . d . . . . a . . .
        . . . . d . . d . d . d . . d . . . .
        . . . a . . d . d K d . d . . a . . .
        . . . . d . . d . d . d . . d . . . .
        . . . a . . . . d . d . . . . a . . .
        . . . . a . . . . d . . . . a . . . .
        a . a . . a . . . . . . . a . . a . a
        . . . . . . a . d . d . a . . . . . .
        . . . . . . . a . a . a . . . . . . .
        a . . . . a . . . . . . . a . . . . a
        . . . . . . . . . . . . . . . . . . .
        . . a . . a . . . . . . . a . . a . .",
    ),
    (
        VariantKind::TablutCorners,
        "
        . . . a a a . . .
        . . . . a . . . .
        . . . . d . . . .
        a . . . d . . . a
        a a d d K d d a a
        a . . . d . . . a
        . . . . d . . . .
        . . . . a . . . .
        . . . a a a . . .",
    ),
];

/// A hand-drawn diagram in OpenTafl placement notation (what `Position::placement` writes).
fn placement(diagram: &str) -> String {
    let mut out = String::from("/");
    for row in diagram.lines().map(str::trim).filter(|r| !r.is_empty()) {
        let mut empty = 0;
        for cell in row.split_whitespace() {
            let letter = match cell {
                "." => {
                    empty += 1;
                    continue;
                }
                "a" => 't',
                "d" => 'T',
                "K" => 'K',
                other => panic!("unknown cell {other}"),
            };
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            out.push(letter);
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        out.push('/');
    }
    out
}

#[test]
fn every_game_starts_as_its_diagram_shows() {
    let mut drawn: Vec<VariantKind> = DIAGRAMS.iter().map(|&(k, _)| k).collect();
    drawn.sort();
    let mut all = VariantKind::ALL.to_vec();
    all.sort();
    assert_eq!(drawn, all, "a diagram for every game");
    for &(kind, diagram) in DIAGRAMS {
        let start = Position::start(kind);
        assert_eq!(start.placement(), placement(diagram), "{kind:?}");
        assert_eq!(start.side_to_move(), kind.data().first, "{kind:?}");
    }
}

/// perft counts from each opening: depths 1 to 4 on boards up to 9x9, 1 to 3 on the larger
/// ones (Copenhagen's perft(4) is in perft.rs; docs/variants.md has the table).
const PERFT: &[(VariantKind, &[u64])] = &[
    (VariantKind::Copenhagen, &[116, 6_788, 806_344]),
    (VariantKind::Brandubh, &[40, 960, 39_512, 1_007_392]),
    (VariantKind::Tablut, &[80, 4_400, 353_200, 19_913_864]),
    (VariantKind::Fetlar, &[116, 6_788, 806_344]),
    (VariantKind::SeaBattle, &[80, 4_400, 353_200, 19_913_864]),
    (VariantKind::Tawlbwrdd, &[136, 7_620, 1_042_016]),
    (VariantKind::ArdRi, &[24, 184, 4_208, 41_368]),
    (VariantKind::Hnefatafl11, &[116, 6_788, 806_344]),
    (VariantKind::Hnefatafl13, &[156, 20_148, 3_210_320]),
    (VariantKind::KingsTable9, &[72, 3_944, 285_728, 15_951_824]),
    (VariantKind::KingsTable11, &[116, 6_788, 806_344]),
    (VariantKind::AleaEvangelii, &[580, 107_492, 62_185_588]),
    (
        VariantKind::TablutCorners,
        &[72, 3_944, 285_808, 15_955_360],
    ),
];

#[test]
fn perft_counts_are_pinned() {
    for &(kind, counts) in PERFT {
        let mut game = Game::new(kind);
        for (depth, &expected) in counts.iter().enumerate() {
            assert_eq!(
                perft(&mut game, depth as u32 + 1),
                expected,
                "{kind:?} perft({})",
                depth + 1
            );
        }
    }
}

#[test]
fn every_game_has_its_words_in_every_language() {
    use tafl_core::texts::Language;
    for lang in Language::ALL {
        let texts = lang.catalog();
        for kind in VariantKind::ALL {
            assert!(!texts.variant(kind).is_empty(), "{kind:?} {}", lang.code());
            let summary = texts.variant_summary(kind);
            assert!(summary.len() > 20, "{kind:?} {}: {summary}", lang.code());
            assert!(texts.rules(kind.rules(), true).len() >= 5, "{kind:?}");
        }
        let (title, paragraphs) = texts.about();
        assert!(!title.is_empty());
        assert_eq!(paragraphs.len(), 5, "{}", lang.code());
        assert!(paragraphs.iter().all(|p| p.len() > 100), "{}", lang.code());
    }
}

/// The move checker (what a tap or an imported record goes through) and the generator (what
/// the AI plays) agree in every game: along a seeded random game, every move between two
/// squares of the board passes the checker exactly when the generator lists it. In Ard Rí,
/// whose pieces step one square, this is also what keeps every longer slide out.
#[test]
fn the_checker_accepts_exactly_the_generated_moves() {
    use tafl_core::ai::rng::Rng;
    use tafl_core::{Move, Square};
    for kind in VariantKind::ALL {
        let mut game = Game::new(kind);
        let mut rng = Rng::new(31);
        let size = kind.data().size as u16;
        let board: Vec<Square> = (0..size * size).map(Square::from_index).collect();
        for _ in 0..30 {
            if game.status().is_over() {
                break;
            }
            let generated = game.legal_moves();
            let mine = game.position().pieces(game.side_to_move());
            for &from in board.iter().filter(|&&s| mine.contains(s)) {
                for &to in &board {
                    let mv = Move::new(from, to);
                    assert_eq!(
                        game.check(mv).is_ok(),
                        generated.contains(&mv),
                        "{kind:?} after {} plies: {mv:?}",
                        game.plies()
                    );
                }
            }
            let mv = generated[rng.below(generated.len())];
            game.make(mv);
        }
    }
}
