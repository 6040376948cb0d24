//! Puzzles as a player meets them: the winner's moves judged by the prover, the longest
//! defence in answer, the first try counted; the shipped puzzles chosen near a rating and one
//! a day; the rating kept in the store.

mod common;

use std::collections::HashSet;

use common::puzzle_tries::refuted_move;
use tafl_core::VariantKind;
use tafl_core::ai::Control;
use tafl_core::learning::puzzles::{
    self, Applied, Progress, Puzzle, PuzzleRun, Verdict, judge, judge_until,
};
use tafl_core::learning::rating::Rating;
use tafl_core::store::Store;

const BUDGET: u64 = 50_000_000;

/// A spread of the shipped puzzles: every k-th of each of the three games.
fn sample(per_game: usize) -> Vec<&'static Puzzle> {
    let mut out = Vec::new();
    for kind in [
        VariantKind::Copenhagen,
        VariantKind::Brandubh,
        VariantKind::Tablut,
    ] {
        let of: Vec<&Puzzle> = puzzles::shipped()
            .iter()
            .filter(|p| p.game.variant().kind == kind)
            .collect();
        let step = (of.len() / per_game).max(1);
        out.extend(of.into_iter().step_by(step).take(per_game));
    }
    out
}

/// The winner's moves of the main line, played through a run, meet the main line's replies
/// and solve the puzzle at the first try.
#[test]
fn the_main_line_solves_each_puzzle_at_the_first_try() {
    for p in sample(6) {
        let mut run = PuzzleRun::new(p.clone());
        let mut i = 0;
        while !run.is_over() {
            let mv = p.solution[i];
            let before = run.game().clone();
            // The prover, asked afresh, agrees with the line the file holds.
            let verdict = judge(run.game(), run.left(), mv, BUDGET);
            assert_eq!(run.known(mv), Some(verdict), "{}", p.key());
            assert_eq!(
                run.game().position(),
                before.position(),
                "judging changes nothing"
            );
            match run.apply(mv, verdict) {
                Applied::Played { reply } => {
                    assert_eq!(
                        reply,
                        p.solution.get(i + 1).copied(),
                        "{}: the longest defence",
                        p.key()
                    );
                }
                other => panic!("{}: {other:?} for the main line's {mv:?}", p.key()),
            }
            i += 2;
        }
        assert_eq!(
            run.progress(),
            Progress::Solved { first_try: true },
            "{}",
            p.key()
        );
        assert_eq!(run.played(), &p.solution[..], "{}", p.key());
        assert_eq!(run.game().status().winner(), Some(run.winner()));
    }
}

/// A wrong first move is refused with a defence that shows why, counts once, and the puzzle
/// then solved is not solved at the first try.
#[test]
fn a_wrong_move_is_refused_with_its_refutation_and_counts_once() {
    let mut refutations = 0;
    for p in sample(4) {
        let mut run = PuzzleRun::new(p.clone());
        let wrong = p
            .game
            .legal_moves()
            .iter()
            .copied()
            .find(|&m| {
                m != p.first
                    && !matches!(
                        judge(&p.game, p.plies, m, BUDGET),
                        Verdict::Solved | Verdict::Holds { .. }
                    )
            })
            .expect("a move that does not win");
        let verdict = run.judge(wrong, BUDGET);
        let Verdict::Wrong { refutation } = verdict else {
            panic!("{}: {verdict:?}", p.key())
        };
        if let Some(r) = refutation {
            // The refutation is a legal answer after which no win comes in time.
            let mut g = p.game.clone();
            g.play(wrong).unwrap();
            assert!(
                g.check(r.reply).is_ok(),
                "{}: the refutation is legal",
                p.key()
            );
            refutations += 1;
        }
        assert_eq!(
            run.apply(wrong, verdict),
            Applied::Refused {
                refutation,
                counts: true
            }
        );
        assert_eq!(
            run.game().position(),
            p.game.position(),
            "a refused move is not played"
        );
        let again = run.judge(wrong, BUDGET);
        assert!(matches!(
            run.apply(wrong, again),
            Applied::Refused { counts: false, .. }
        ));
        let mut i = 0;
        while !run.is_over() {
            let verdict = run.judge(p.solution[i], BUDGET);
            assert!(matches!(
                run.apply(p.solution[i], verdict),
                Applied::Played { .. }
            ));
            i += 2;
        }
        assert_eq!(run.progress(), Progress::Solved { first_try: false });
    }
    assert!(
        refutations > 0,
        "some wrong moves have a refutation to show"
    );
}

#[test]
fn a_proof_over_its_budget_plays_nothing() {
    let p = sample(3)
        .into_iter()
        .find(|p| p.plies >= 3)
        .expect("a longer puzzle");
    let mut run = PuzzleRun::new(p.clone());
    // Off the main line's knowledge: the prover alone, with no budget to speak of.
    let verdict = judge(run.game(), run.left(), p.first, 1);
    assert_eq!(verdict, Verdict::Unproven);
    assert_eq!(run.apply(p.first, verdict), Applied::Unproven);
    assert_eq!(run.progress(), Progress::Playing);
    assert!(run.played().is_empty());
}

#[test]
fn every_shipped_puzzle_reads_and_has_its_own_key() {
    let lines = puzzles::SHIPPED_CSV
        .lines()
        .filter(|l| !puzzles::is_skipped(l))
        .count();
    assert_eq!(puzzles::shipped().len(), lines);
    let keys: HashSet<String> = puzzles::shipped().iter().map(|p| p.key()).collect();
    assert_eq!(keys.len(), lines, "two puzzles share a key");
    let p = &puzzles::shipped()[17];
    assert_eq!(puzzles::find(&p.key()).map(|q| q.key()), Some(p.key()));
    assert!(puzzles::find("copenhagen:nothing:attackers").is_none());
}

#[test]
fn puzzles_are_chosen_near_the_rating_and_new_ones_first() {
    for kind in [
        VariantKind::Copenhagen,
        VariantKind::Brandubh,
        VariantKind::Tablut,
    ] {
        let of: Vec<&Puzzle> = puzzles::shipped()
            .iter()
            .filter(|p| p.game.variant().kind == kind)
            .collect();
        for rating in [400.0, 1000.0, 1500.0, 2200.0] {
            let nearest = of
                .iter()
                .map(|p| (f64::from(p.rating) - rating).abs())
                .fold(f64::MAX, f64::min);
            for seed in 0..5 {
                let p = puzzles::choose(kind, rating, &HashSet::new(), seed).expect("a puzzle");
                assert_eq!(p.game.variant().kind, kind);
                let off = (f64::from(p.rating) - rating).abs();
                assert!(
                    off <= (150.0f64).max(nearest * 2.0),
                    "{kind:?} {rating}: {} is {off} away",
                    p.rating
                );
            }
        }
        // Done puzzles are passed over while others remain...
        let mut done = HashSet::new();
        for seed in 0..30 {
            let p = puzzles::choose(kind, 1500.0, &done, seed).unwrap();
            assert!(
                !done.contains(&p.key()),
                "{kind:?}: {} offered again",
                p.key()
            );
            done.insert(p.key());
        }
        // ...and offered again once all are done.
        let all: HashSet<String> = of.iter().map(|p| p.key()).collect();
        assert!(puzzles::choose(kind, 1500.0, &all, 3).is_some());
    }
    assert!(
        puzzles::choose(VariantKind::Fetlar, 1500.0, &HashSet::new(), 1).is_none(),
        "no Fetlar puzzles ship"
    );
}

#[test]
fn the_daily_puzzle_is_the_same_all_day_and_changes_from_day_to_day() {
    let day = 20_425; // 2025-12-03
    for kind in [
        VariantKind::Copenhagen,
        VariantKind::Brandubh,
        VariantKind::Tablut,
    ] {
        let today = puzzles::daily(kind, day).unwrap();
        assert_eq!(puzzles::daily(kind, day).unwrap().key(), today.key());
        assert_eq!(today.game.variant().kind, kind);
        let month: HashSet<String> = (0..30)
            .map(|d| puzzles::daily(kind, day + d).unwrap().key())
            .collect();
        assert!(
            month.len() >= 25,
            "{kind:?}: only {} puzzles in 30 days",
            month.len()
        );
    }
    assert!(
        puzzles::daily(VariantKind::Copenhagen, -5).is_some(),
        "any day has one"
    );
}

#[test]
fn the_store_keeps_the_rating_through_a_reopening() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hnefi.db");
    let p = &puzzles::shipped()[0];
    let q = &puzzles::shipped()[1];
    let (after_two, stats) = {
        let (mut store, _) = Store::open(&path).unwrap();
        assert_eq!(store.puzzle_stats().unwrap().rating, Rating::NEW);
        let first = store.record_puzzle(&p.key(), p.rating, true).unwrap();
        assert_eq!(first, Rating::NEW.after_puzzle(p.rating, true));
        let second = store.record_puzzle(&q.key(), q.rating, false).unwrap();
        assert_eq!(second, first.after_puzzle(q.rating, false));
        (second, store.puzzle_stats().unwrap())
    };
    assert_eq!(stats.played, 2);
    assert_eq!(stats.solved, 1);
    let (store, _) = Store::open(&path).unwrap();
    let again = store.puzzle_stats().unwrap();
    assert_eq!(again.rating, after_two);
    assert_eq!(again.played, 2);
    let played = store.puzzles_played().unwrap();
    assert!(played.contains(&p.key()) && played.contains(&q.key()) && played.len() == 2);
}

#[test]
fn a_damaged_rating_is_an_error_not_a_number() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hnefi.db");
    {
        let (mut store, _) = Store::open(&path).unwrap();
        store
            .record_puzzle("brandubh:x:attackers", 1200, true)
            .unwrap();
    }
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute("UPDATE puzzle_results SET deviation = -4", [])
        .unwrap();
    drop(conn);
    let (mut store, _) = Store::open(&path).unwrap();
    assert!(store.puzzle_stats().is_err());
    assert!(
        store
            .record_puzzle("brandubh:x:attackers", 1200, true)
            .is_err()
    );
    // The damaged row is still there: nothing was overwritten.
    let conn = rusqlite::Connection::open(&path).unwrap();
    let n: i64 = conn
        .query_row("SELECT COUNT(*) FROM puzzle_results", [], |r| r.get(0))
        .unwrap();
    assert_eq!(n, 1);
    assert!(
        store.record_puzzle("", 1200, true).is_err(),
        "a puzzle needs a name"
    );
}

/// A proof that is stopped gives up: the move is neither right nor wrong.
#[test]
fn a_stopped_judge_calls_the_move_unproven() {
    let stop = Control::new();
    stop.cancel();
    for p in sample(2) {
        let wrong = refuted_move(p, BUDGET);
        assert_eq!(
            judge_until(&p.game, p.plies, wrong, BUDGET, &stop),
            Verdict::Unproven,
            "{}",
            p.key()
        );
        let running = Control::new();
        assert!(matches!(
            judge_until(&p.game, p.plies, wrong, BUDGET, &running),
            Verdict::Wrong { .. }
        ));
    }
}
