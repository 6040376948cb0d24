//! The puzzle dashboard: solved and missed, the rating after each puzzle, the weakest and the
//! strongest theme, per game, from the results the store keeps (which survive reopening).

use tafl_core::VariantKind;
use tafl_core::learning::puzzles::dashboard::{Dashboard, PlayedPuzzle};
use tafl_core::learning::puzzles::{self, Puzzle, Theme};
use tafl_core::store::Store;
use tafl_core::texts::Language;

/// The first `n` shipped puzzles of a game and theme.
fn of(kind: VariantKind, theme: Theme, n: usize) -> Vec<&'static Puzzle> {
    let found: Vec<&Puzzle> = puzzles::shipped()
        .iter()
        .filter(|p| p.game.variant().kind == kind && p.theme == theme)
        .take(n)
        .collect();
    assert_eq!(found.len(), n, "{kind:?} {theme:?}");
    found
}

fn result(p: &Puzzle, solved: bool, rating: f64) -> PlayedPuzzle {
    PlayedPuzzle {
        key: p.key(),
        solved,
        rating,
    }
}

#[test]
fn the_dashboard_counts_one_game_and_ranks_its_themes() {
    let escape = of(VariantKind::Brandubh, Theme::Escape, 3);
    let capture = of(VariantKind::Brandubh, Theme::KingCapture, 2);
    let other_game = of(VariantKind::Tablut, Theme::Escape, 1);
    let results = vec![
        result(escape[0], true, 1600.0),
        result(other_game[0], false, 1550.0),
        result(capture[0], false, 1500.0),
        result(escape[1], true, 1580.0),
        result(capture[1], true, 1590.0),
        result(escape[2], false, 1540.0),
        // A puzzle this version does not ship counts by its key's game, with no theme.
        PlayedPuzzle {
            key: "brandubh:/7/7/7/3K3/7/7/7/:defenders".into(),
            solved: true,
            rating: 1560.0,
        },
    ];
    let d = Dashboard::of(VariantKind::Brandubh, &results);
    assert_eq!((d.solved, d.failed), (4, 2));
    assert_eq!(d.ratings, [1600.0, 1500.0, 1580.0, 1590.0, 1540.0, 1560.0]);
    // 1 of 2 king captures against 2 of 3 escapes.
    let weakest = d.weakest().unwrap();
    assert_eq!(
        (weakest.theme, weakest.solved, weakest.played),
        (Theme::KingCapture, 1, 2)
    );
    let strongest = d.strongest().unwrap();
    assert_eq!(
        (strongest.theme, strongest.solved, strongest.played),
        (Theme::Escape, 2, 3)
    );

    let t = Dashboard::of(VariantKind::Tablut, &results);
    assert_eq!((t.solved, t.failed), (0, 1));
    assert_eq!(t.weakest().map(|s| s.theme), Some(Theme::Escape));
    assert_eq!(t.strongest(), None, "one theme is not both");
    let c = Dashboard::of(VariantKind::Copenhagen, &results);
    assert!(c.ratings.is_empty() && c.weakest().is_none());

    // In words, in each language.
    for lang in Language::ALL {
        let cat = lang.catalog();
        let lines = puzzles::words::dashboard(cat, &d);
        assert_eq!(lines.len(), 5, "{lines:?}");
        assert!(lines[2].contains("1600 → 1500 → 1580"), "{lines:?}");
        assert!(
            lines[3].contains(puzzles::words::theme(cat, Theme::KingCapture)),
            "{lines:?}"
        );
        assert_eq!(puzzles::words::dashboard(cat, &c).len(), 2);
    }
}

/// Equal shares: the weakest is the theme played more, and no theme is the strongest.
#[test]
fn equal_shares_name_no_strongest() {
    let escape = of(VariantKind::Copenhagen, Theme::Escape, 2);
    let capture = of(VariantKind::Copenhagen, Theme::KingCapture, 1);
    let results = vec![
        result(capture[0], false, 1400.0),
        result(escape[0], false, 1300.0),
        result(escape[1], false, 1200.0),
    ];
    let d = Dashboard::of(VariantKind::Copenhagen, &results);
    assert_eq!(d.weakest().map(|s| s.theme), Some(Theme::Escape));
    assert_eq!(d.strongest(), None);
}

/// The results the dashboard is made of are the store's, in order, through a reopening.
#[test]
fn the_results_survive_reopening() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tafl.db");
    let played = of(VariantKind::Brandubh, Theme::Escape, 3);
    let mut ratings = Vec::new();
    {
        let (mut store, _) = Store::open(&db).unwrap();
        for (i, p) in played.iter().enumerate() {
            let after = store.record_puzzle(&p.key(), p.rating, i != 1).unwrap();
            ratings.push(after.rating);
        }
    }
    let store = Store::open_existing(&db).unwrap();
    let results = store.puzzle_results().unwrap();
    let keys: Vec<String> = results.iter().map(|r| r.key.clone()).collect();
    assert_eq!(keys, played.iter().map(|p| p.key()).collect::<Vec<_>>());
    let d = Dashboard::of(VariantKind::Brandubh, &results);
    assert_eq!((d.solved, d.failed), (2, 1));
    assert_eq!(d.ratings, ratings);
}
