//! Killed at any moment, the puzzle records lose at most the write in flight: the best streak
//! and storm scores of each game and the puzzles played (what the dashboard is made of).
//!
//! As in `store_kill.rs`, the test runs its own binary again as a child (only
//! `child_process_entry`, which does nothing unless `TAFL_RUNS_KILL_DB` is set). The child
//! writes one record per step, a run's score (best kept only when higher) or a puzzle's
//! result, printing `begin N` before and `done N` after each write. The parent kills it with
//! SIGKILL after a random delay, reopens the database and checks that it holds exactly the
//! records after step `N` or `N + 1`, where `N` is the last step the child reported done. The
//! steps are a function of the seed alone, so the parent can replay them.

mod common;

use std::collections::BTreeMap;

use common::kill::{KillTest, Reached, WriteLog, reopened_intact};
use tafl_core::VariantKind;
use tafl_core::ai::rng::Rng;
use tafl_core::learning::puzzles::runs::RunKind;
use tafl_core::store::Store;

const KILL: KillTest = KillTest {
    db_var: "TAFL_RUNS_KILL_DB",
    seed_var: "TAFL_RUNS_KILL_SEED",
    early: 4,
    spread: 120,
};
const ITERATIONS: u64 = 40;
const GAMES: [VariantKind; 3] = [
    VariantKind::Copenhagen,
    VariantKind::Brandubh,
    VariantKind::Tablut,
];
const RUNS: [RunKind; 2] = [RunKind::Streak, RunKind::Storm];

/// One write.
#[derive(Clone, Debug)]
enum Step {
    /// A run ended with this score.
    Run(RunKind, VariantKind, u32),
    /// A puzzle was played to a result.
    Puzzle {
        key: String,
        grade: u32,
        solved: bool,
    },
}

/// The child's steps, in order, from its seed.
fn steps(seed: u64) -> impl Iterator<Item = Step> {
    let mut rng = Rng::new(seed);
    (1u64..).map(move |n| {
        if rng.below(2) == 0 {
            Step::Run(
                RUNS[rng.below(RUNS.len())],
                GAMES[rng.below(GAMES.len())],
                rng.below(80) as u32,
            )
        } else {
            Step::Puzzle {
                key: format!("kill-{seed}-{n}"),
                grade: 600 + 50 * rng.below(40) as u32,
                solved: rng.below(3) > 0,
            }
        }
    })
}

/// What the database holds that the steps change.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
struct State {
    bests: BTreeMap<(&'static str, &'static str), u32>,
    /// Every result, oldest first: the puzzle and whether it was solved.
    results: Vec<(String, bool)>,
}

impl State {
    fn apply(&mut self, step: &Step) {
        match step {
            Step::Run(run, game, score) => {
                let best = self.bests.entry((run.name(), game.name())).or_insert(0);
                *best = (*best).max(*score);
            }
            Step::Puzzle { key, solved, .. } => self.results.push((key.clone(), *solved)),
        }
    }
}

fn read_state(store: &Store) -> State {
    let mut bests = BTreeMap::new();
    for run in RUNS {
        for game in GAMES {
            let best = store.best_run(run, game).expect("the best score reads");
            if best > 0 {
                bests.insert((run.name(), game.name()), best);
            }
        }
    }
    let results = store
        .puzzle_results()
        .expect("the results read")
        .into_iter()
        .map(|r| (r.key, r.solved))
        .collect();
    State { bests, results }
}

/// The child: does nothing when run as an ordinary test.
#[test]
fn child_process_entry() {
    let Some((mut store, seed)) = KILL.child() else {
        return;
    };
    let mut log = WriteLog::stdout();
    for (n, step) in steps(seed).enumerate().take(1_000_000) {
        let n = n + 1;
        log.begin(n);
        match step {
            Step::Run(run, game, score) => {
                store.record_run(run, game, score).expect("recorded");
            }
            Step::Puzzle { key, grade, solved } => {
                store.record_puzzle(&key, grade, solved).expect("recorded");
            }
        }
        log.done(n);
    }
}

#[test]
fn kill_at_random_points_loses_at_most_the_record_in_flight() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("kill.db");
    let mut rng = Rng::new(0xB357);
    let (mut in_write, mut steps_done) = (0u64, 0usize);
    for iteration in 0..ITERATIONS {
        let start = if db.exists() {
            let (store, warning) = Store::open(&db).unwrap();
            assert_eq!(warning, None);
            read_state(&store)
        } else {
            State::default()
        };
        let seed = 500 + iteration;
        let delay = KILL.delay(iteration, &mut rng);
        let Reached { begun, done } = KILL.run_and_kill(&db, seed, delay);
        let actual = read_state(&reopened_intact(&db));
        // The state after the steps reported done, and after the one in flight.
        let mut state = start;
        let mut steps = steps(seed);
        for step in steps.by_ref().take(done) {
            state.apply(&step);
        }
        let mut in_flight = state.clone();
        in_flight.apply(&steps.next().expect("steps never end"));
        assert!(
            actual == state || actual == in_flight,
            "iteration {iteration}: after {done} writes reported done the database holds \
             {} results and the bests {:?}, not {} and {:?} (or the write in flight)",
            actual.results.len(),
            actual.bests,
            state.results.len(),
            state.bests
        );
        in_write += u64::from(begun > done);
        steps_done += done;
    }
    println!(
        "puzzle records kill test: {ITERATIONS} kills, {in_write} inside a write, {steps_done} writes"
    );
    assert!(
        in_write >= ITERATIONS / 10,
        "too few kills landed inside a write to show anything ({in_write})"
    );
}
