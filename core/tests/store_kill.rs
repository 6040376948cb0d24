//! Killed at any moment, the app loses at most the move in flight.
//!
//! The test runs its own binary again as a child (only `child_process_entry`, which does
//! nothing unless `TAFL_KILL_DB` is set; the harness is `common/kill.rs`). The child resumes
//! the saved game, plays random moves and undos and records finished games, saving after each
//! step and printing `begin N` before and `done N` after each save. The parent kills it with SIGKILL after a
//! random delay, reopens the database and checks that it holds exactly the state after step
//! `N` or `N + 1` (the one in flight), where `N` is the last step the child reported done.
//! The child's choices are a function of the seed and the state it resumed from, so the
//! parent can replay them. Each save carries a clock whose times follow from the game saved
//! (`clock_for`), so a save whose clock and moves were not written together shows.

mod common;

use std::time::Instant;

use common::kill::{KillTest, Reached, WriteLog, reopened_intact};
use tafl_core::ai::rng::Rng;
use tafl_core::engine::clock::{GameClock, TimeControl};
use tafl_core::engine::notation::GameRecord;
use tafl_core::engine::session::Session;
use tafl_core::store::Store;
use tafl_core::{Game, Level, Mode, Side, VariantKind};

const KILL: KillTest = KillTest {
    db_var: "TAFL_KILL_DB",
    seed_var: "TAFL_KILL_SEED",
    early: 6,
    spread: 140,
};
const VARIANT: VariantKind = VariantKind::Brandubh;
const MODE: Mode = Mode::VsComputer {
    level: Level::Normal,
    human: Side::Attackers,
};
const ITERATIONS: u64 = 60;

/// The child's game and its choices.
struct Player {
    rng: Rng,
    game: Game,
}

/// What one step asks the store to do.
#[allow(clippy::large_enum_variant)] // one step at a time: the size does not matter
enum Step {
    /// Save the player's game (after a move or an undo).
    Save,
    /// Record this finished game; the player has started a new one.
    Finish(Game),
}

impl Player {
    fn new(seed: u64, resumed: Option<Game>) -> Player {
        Player {
            rng: Rng::new(seed),
            game: resumed.unwrap_or_else(|| Game::new(VARIANT)),
        }
    }

    fn step(&mut self) -> Step {
        if self.game.status().is_over() {
            return Step::Finish(std::mem::replace(&mut self.game, Game::new(VARIANT)));
        }
        if self.game.plies() > 0 && self.rng.below(5) == 0 {
            self.game.unmake();
        } else {
            let moves = self.game.legal_moves();
            self.game.make(moves[self.rng.below(moves.len())]);
        }
        Step::Save
    }
}

/// What the database holds that the steps change: the unfinished game with its clock, and
/// how many games were finished.
#[derive(Clone, PartialEq, Eq, Debug)]
struct State {
    current: Option<(GameRecord, Option<GameClock>)>,
    finished: usize,
}

/// The clock saved with `game`: times and warnings that change with every move and undo.
fn clock_for(game: &Game) -> Option<GameClock> {
    let plies = game.plies() as i64;
    GameClock::restored(
        TimeControl::Blitz,
        [plies * 1_000 + 7, 300_000 - plies * 37],
        [plies % 2 == 0, plies % 3 == 0],
    )
}

/// The state that saving `game` leaves (a finished game's clock is not read back).
fn saved(game: &Game) -> Option<(GameRecord, Option<GameClock>)> {
    let clock = clock_for(game).filter(|_| !game.status().is_over());
    Some((GameRecord::from_game(game), clock))
}

fn read_state(store: &Store) -> (State, Option<Game>) {
    let saved = store.load_current().expect("the unfinished game is intact");
    let finished = store.finished_games().expect("finished games").len();
    let records: u32 = store
        .records()
        .expect("records")
        .iter()
        .map(|r| r.wins + r.losses + r.draws)
        .sum();
    assert_eq!(
        records as usize, finished,
        "every finished game was counted"
    );
    if let Some(s) = &saved {
        assert_eq!(s.mode, MODE);
    }
    let current = saved
        .as_ref()
        .map(|s| (GameRecord::from_game(&s.game), s.clock));
    (State { current, finished }, saved.map(|s| s.game))
}

/// The states after steps 0 (the start), 1, ..., `steps`.
fn expected_states(seed: u64, start: &State, resumed: Option<Game>, steps: usize) -> Vec<State> {
    let mut player = Player::new(seed, resumed);
    let mut state = start.clone();
    let mut out = vec![state.clone()];
    for _ in 0..steps {
        match player.step() {
            Step::Save => state.current = saved(&player.game),
            Step::Finish(_) => {
                state.current = None;
                state.finished += 1;
            }
        }
        out.push(state.clone());
    }
    out
}

/// The child: does nothing when run as an ordinary test.
#[test]
fn child_process_entry() {
    let Some((mut store, seed)) = KILL.child() else {
        return;
    };
    let resumed = store.load_current().expect("resume").map(|s| s.game);
    let mut player = Player::new(seed, resumed);
    let mut log = WriteLog::stdout();
    for n in 1..=1_000_000 {
        let step = player.step();
        log.begin(n);
        match step {
            Step::Save => {
                let session = Session::from_game(player.game.clone(), MODE)
                    .with_clock(clock_for(&player.game));
                store.save_session(&session).expect("saved")
            }
            Step::Finish(game) => {
                store.record_finished(MODE, &game).expect("recorded");
            }
        }
        log.done(n);
    }
}

#[derive(Default, Debug)]
struct Stats {
    kills: u64,
    /// The child had not reached its first save.
    before_first_save: u64,
    /// Killed inside a save (after `begin N`, before `done N`)...
    in_save: u64,
    /// ... of which the save had already committed.
    in_save_committed: u64,
    /// Killed between two saves.
    between_saves: u64,
    steps: u64,
    finished_games: usize,
}

#[test]
fn kill_at_random_points_loses_at_most_the_move_in_flight() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("kill.db");
    let mut rng = Rng::new(0x5EED);
    let mut stats = Stats::default();
    let started = Instant::now();
    for iteration in 0..ITERATIONS {
        // What the child will resume from.
        let (start, resumed) = if db.exists() {
            let (store, warning) = Store::open(&db).unwrap();
            assert_eq!(warning, None);
            read_state(&store)
        } else {
            (
                State {
                    current: None,
                    finished: 0,
                },
                None,
            )
        };
        let seed = 1000 + iteration;
        let delay = KILL.delay(iteration, &mut rng);
        let Reached { begun, done } = KILL.run_and_kill(&db, seed, delay);

        let (actual, _) = read_state(&reopened_intact(&db));
        let expected = expected_states(seed, &start, resumed, done + 1);
        let at = if actual == expected[done] {
            done
        } else if actual == expected[done + 1] {
            done + 1
        } else {
            let lost = expected[..done].iter().rposition(|s| *s == actual);
            panic!(
                "iteration {iteration}: after {done} saves reported done, the database holds \
                 {} (step {lost:?}), not step {done} or {}",
                actual.current.as_ref().map_or(0, |(r, _)| r.moves.len()),
                done + 1
            );
        };
        stats.kills += 1;
        stats.steps += done as u64;
        if begun == 0 {
            stats.before_first_save += 1;
        } else if begun > done {
            stats.in_save += 1;
            stats.in_save_committed += u64::from(at > done);
        } else {
            stats.between_saves += 1;
        }
        stats.finished_games = actual.finished;
    }
    println!(
        "kill test: {} kills in {:.1} s: {} before the first save, {} inside a save ({} of them \
         after its commit), {} between saves; {} steps saved, {} games finished",
        stats.kills,
        started.elapsed().as_secs_f64(),
        stats.before_first_save,
        stats.in_save,
        stats.in_save_committed,
        stats.between_saves,
        stats.steps,
        stats.finished_games
    );
    assert!(
        stats.in_save >= ITERATIONS / 10,
        "too few kills landed inside a save to show anything: {stats:?}"
    );
}
