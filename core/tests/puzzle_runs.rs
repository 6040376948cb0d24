//! Puzzle streak and storm: the rules of a run, the storm's clock from the shell's ticks
//! (paused in the background), the next puzzle known before the one on show is answered, and
//! the best scores kept per game and kind through a reopening.

use std::collections::HashSet;

use tafl_core::VariantKind;
use tafl_core::learning::puzzles::runs::{
    FIRST_RATING, MISS_MS, RunKind, STORM_MS, Storm, Streak, TimeChange, combo_bonus_ms, run_rating,
};
use tafl_core::learning::puzzles::{self, Puzzle};
use tafl_core::store::Store;

#[test]
fn a_streak_rises_skips_once_and_ends_at_the_first_miss() {
    let mut s = Streak::new();
    assert_eq!(s.next_rating(), FIRST_RATING);
    s.answer(true);
    s.answer(true);
    assert_eq!(s.score(), 2);
    assert!(s.next_rating() > FIRST_RATING);
    let rating = s.next_rating();
    assert!(s.skip(), "the one skip");
    assert_eq!(s.next_rating(), rating, "a skipped puzzle is not a step up");
    assert!(!s.can_skip() && !s.skip(), "only one");
    s.answer(false);
    assert!(s.is_over());
    s.answer(true);
    assert_eq!(s.score(), 2, "nothing counts after the miss");
}

#[test]
fn the_storm_clock_runs_on_the_shells_ticks_and_stops_in_the_background() {
    let t0 = 1_000_000;
    let mut s = Storm::start(t0);
    s.tick(t0 + 30_000);
    assert_eq!(s.left_ms(), STORM_MS - 30_000);
    // In the background: ten minutes pass, the clock does not.
    s.pause(t0 + 40_000);
    assert!(s.is_paused());
    s.tick(t0 + 640_000);
    assert_eq!(s.left_ms(), STORM_MS - 40_000);
    s.resume(t0 + 640_000);
    s.tick(t0 + 641_000);
    assert_eq!(s.left_ms(), STORM_MS - 41_000);
    // Time that goes backwards is no time.
    s.tick(t0);
    assert_eq!(s.left_ms(), STORM_MS - 41_000);
    // A miss costs ten seconds and ends the combo.
    assert_eq!(s.answer(false, t0 + 641_000), TimeChange::Penalty(MISS_MS));
    assert_eq!(s.left_ms(), STORM_MS - 41_000 - MISS_MS);
    // Five right answers in a row give three seconds; twelve five more.
    let mut bonus = 0;
    for i in 0..12 {
        if let TimeChange::Bonus(ms) = s.answer(true, t0 + 641_000) {
            bonus += ms;
            assert!(i == 4 || i == 11, "a bonus after {} in a row", i + 1);
        }
    }
    assert_eq!(bonus, combo_bonus_ms(5) + combo_bonus_ms(12));
    assert_eq!((s.score(), s.combo(), s.best_combo()), (12, 12, 12));
    // The time runs out; then nothing counts.
    s.tick(t0 + 10_000_000);
    assert!(s.is_over() && !s.is_paused());
    assert_eq!(s.answer(true, t0 + 10_000_001), TimeChange::None);
    assert_eq!(s.score(), 12);
}

#[test]
fn a_storm_ends_on_a_miss_in_its_last_seconds() {
    let mut s = Storm::start(0);
    s.tick(STORM_MS - 4_000);
    assert_eq!(
        s.answer(false, STORM_MS - 4_000),
        TimeChange::Penalty(4_000)
    );
    assert!(s.is_over());
}

/// The next puzzle of a run is known before the one on show is answered: a proven puzzle of
/// each game near the next rating, new to the player.
#[test]
fn the_next_puzzle_is_ready_before_the_answer() {
    for kind in [
        VariantKind::Copenhagen,
        VariantKind::Brandubh,
        VariantKind::Tablut,
    ] {
        let mut s = Storm::start(0);
        let mut played = HashSet::new();
        for i in 0..20u64 {
            let next = s.next_rating();
            assert!(next > s.rating());
            let p: &Puzzle = puzzles::choose(kind, f64::from(next), &played, i).expect("a puzzle");
            assert!(played.insert(p.key()), "a new one");
            s.answer(true, 0);
            assert_eq!(s.rating(), next);
        }
    }
    assert!(run_rating(10_000) <= 2800);
}

#[test]
fn the_best_scores_are_kept_per_game_and_kind() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tafl.db");
    {
        let (mut store, _) = Store::open(&db).unwrap();
        assert_eq!(
            store
                .best_run(RunKind::Storm, VariantKind::Brandubh)
                .unwrap(),
            0
        );
        assert!(
            store
                .record_run(RunKind::Storm, VariantKind::Brandubh, 14)
                .unwrap()
        );
        assert!(
            !store
                .record_run(RunKind::Storm, VariantKind::Brandubh, 9)
                .unwrap()
        );
        assert!(
            store
                .record_run(RunKind::Streak, VariantKind::Brandubh, 3)
                .unwrap()
        );
        assert!(
            store
                .record_run(RunKind::Storm, VariantKind::Tablut, 5)
                .unwrap()
        );
    }
    let (store, _) = Store::open(&db).unwrap();
    assert_eq!(
        store
            .best_run(RunKind::Storm, VariantKind::Brandubh)
            .unwrap(),
        14
    );
    assert_eq!(
        store
            .best_run(RunKind::Streak, VariantKind::Brandubh)
            .unwrap(),
        3
    );
    assert_eq!(
        store.best_run(RunKind::Storm, VariantKind::Tablut).unwrap(),
        5
    );
    assert_eq!(
        store
            .best_run(RunKind::Streak, VariantKind::Copenhagen)
            .unwrap(),
        0
    );
    // The settings beside them are untouched.
    assert_eq!(store.settings().unwrap(), Default::default());
}
