//! One game being played, as the apps drive it: moves, undo, resignation, the computer's move,
//! hints, and the snapshot to draw. Saving happens behind, on the store's thread.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::ai::{Control, Engine, SearchSettings};
use crate::game::Game;
use crate::mode::{Level, Mode};
use crate::movegen::Move;
use crate::notation::GameRecord;
use crate::session::Session;
use crate::store::{GameToken, SaveReport};
use crate::texts::Language;
use crate::variant::RuleOptions;

use super::store::{TaflStore, next_token};
use super::types::*;
use super::view::{self, Extras};
use super::{CancelHandle, lock};

/// Threads a hard search may use, set once by the app for the device.
static SEARCH_THREADS: AtomicU32 = AtomicU32::new(1);

/// Sets how many threads the hard level's searches and hints use (the app passes
/// [`recommended_search_threads`] of the device's cores). Clamped to 1..=8. Easy and normal
/// search to a fixed depth and always use one.
#[uniffi::export]
pub fn set_search_threads(threads: u32) {
    SEARCH_THREADS.store(threads.clamp(1, 8), Ordering::Relaxed);
}

fn search_threads() -> usize {
    SEARCH_THREADS.load(Ordering::Relaxed) as usize
}

/// The thread count that suits a device with `cores` cores: all but one (the UI keeps one),
/// at least one, at most four.
#[uniffi::export]
pub fn recommended_search_threads(cores: u32) -> u32 {
    cores.saturating_sub(1).clamp(1, 4)
}

/// How long a hint may think by default: long enough for a good move, short enough to wait.
const HINT_TIME: Duration = Duration::from_millis(1500);

/// A hint's table: a hint thinks for a second or two, and its engine is made for the one search
/// (the game's own engine may be busy with the computer's move).
const HINT_TABLE_BYTES: usize = 8 << 20;

/// A search running without the lock, identified so that only its own end clears its slot.
struct Running {
    id: u64,
    control: Control,
}

struct State {
    session: Session,
    /// The computer's search in progress: undo, resignation, a new move cancel it.
    search: Option<Running>,
    /// A hint being looked for.
    hint_search: Option<Running>,
    /// Numbers the searches of this game.
    searches: u64,
    /// The hint shown for the current position.
    hint: Option<Move>,
    /// Counts changes, so that a search result for an older position is thrown away.
    generation: u64,
    /// The computer's engine, kept between moves; out while a search uses it.
    engine: Option<Engine>,
    /// The finished game has been handed to the store to record.
    concluded: bool,
}

/// One game being played. Every method may be called from any thread; the computer's move
/// and hints run without holding the lock, so the UI can keep reading snapshots meanwhile.
#[derive(uniffi::Object)]
pub struct GameSession {
    state: Mutex<State>,
    store: Option<Arc<TaflStore>>,
    /// This game's claim on the store's unfinished-game slot.
    token: GameToken,
    /// The outcome of this game's latest save.
    report: SaveReport,
}

#[uniffi::export]
impl GameSession {
    /// Starts a new game. With a store, the unfinished game there is ended first (against the
    /// computer that counts as a resignation: the app asks before) and the new game is saved;
    /// both happen behind, on the store's thread.
    #[uniffi::constructor]
    pub fn new_game(
        variant: Variant,
        mode: GameMode,
        exit_forts: bool,
        store: Option<Arc<TaflStore>>,
    ) -> Result<Arc<GameSession>, TaflError> {
        let session = Session::new(variant.into(), RuleOptions { exit_forts }, mode.into());
        let game = GameSession::wrap(session, store, next_token());
        if let Some(s) = &game.store {
            let st = lock(&game.state);
            s.writer.begin(game.token, &st.session, &game.report);
        }
        Ok(game)
    }

    /// Everything needed to draw the game now, in English, with nothing selected and the
    /// threats marked.
    pub fn snapshot(&self) -> GameSnapshot {
        self.view(Language::English, None, true)
    }

    /// Everything needed to draw the game now, its sentences in `language`, with the piece on
    /// `selected` picked up when it may move now (its targets marked), and the threats marked
    /// (and read out) when `show_threats` is on (the player's setting).
    pub fn view(
        &self,
        language: Language,
        selected: Option<Coord>,
        show_threats: bool,
    ) -> GameSnapshot {
        let st = lock(&self.state);
        let g = &st.session.game().variant().geometry;
        let selected = selected.and_then(|c| c.square(g).ok());
        view::snapshot(
            &st.session,
            Extras {
                language,
                selected,
                thinking: st.search.is_some(),
                hint: st.hint,
                hint_pending: st.hint_search.is_some(),
                show_threats,
                save_error: self.report.error().map(|e| e.to_string()),
            },
        )
    }

    /// Where the piece on `from` may move now (empty when it may not move).
    pub fn targets(&self, from: Coord) -> Result<Vec<Coord>, TaflError> {
        let st = lock(&self.state);
        let g = &st.session.game().variant().geometry;
        let sq = from.square(g)?;
        Ok(st
            .session
            .targets(sq)
            .iter()
            .map(|s| Coord::of(g, s))
            .collect())
    }

    /// Why the piece on `square` cannot be picked up now, or nothing when it can.
    pub fn refusal(&self, square: Coord) -> Result<Option<Refusal>, TaflError> {
        let st = lock(&self.state);
        let g = &st.session.game().variant().geometry;
        let sq = square.square(g)?;
        Ok(st.session.refusal(sq).map(|r| match r {
            crate::session::Refusal::Empty => Refusal::Empty,
            crate::session::Refusal::NotYourPiece(owner) => Refusal::NotYourPiece {
                owner: owner.into(),
            },
            crate::session::Refusal::Blocked => Refusal::Blocked,
            crate::session::Refusal::ComputerToMove if st.search.is_some() => {
                Refusal::ComputerThinking
            }
            crate::session::Refusal::ComputerToMove => Refusal::ComputerToMove,
            crate::session::Refusal::GameOver => Refusal::GameOver,
        }))
    }

    /// A person's move.
    pub fn play(&self, from: Coord, to: Coord) -> Result<MoveResult, TaflError> {
        let mut st = lock(&self.state);
        let g = &st.session.game().variant().geometry;
        let mv = Move::new(from.square(g)?, to.square(g)?);
        let before = st.session.game().position().clone();
        let played = st.session.play(mv)?;
        let mode = st.session.mode();
        let view = view::move_view(&before, mode, mv, Language::English.catalog());
        let feedback = st.session.feedback(played.captured).into();
        self.changed(&mut st);
        Ok(MoveResult {
            played: view,
            status: played.status.into(),
            feedback,
        })
    }

    /// Takes back a move (two players) or back to the person's previous turn (against the
    /// computer), cancelling a running search. Works after a game that ended on the board,
    /// not after a resignation. Returns the moves taken back, the latest first, so that the
    /// app can play them backwards.
    pub fn undo(&self) -> Result<Vec<MoveView>, TaflError> {
        let mut st = lock(&self.state);
        let mut old: Game = st.session.game().clone();
        let mode = st.session.mode();
        let undone = st.session.undo()?;
        let mut views = Vec::with_capacity(undone.len());
        for &mv in &undone {
            old.unmake();
            views.push(view::move_view(
                old.position(),
                mode,
                mv,
                Language::English.catalog(),
            ));
        }
        self.changed(&mut st);
        Ok(views)
    }

    /// The person (with two players, the side to move) gives up.
    pub fn resign(&self) -> Result<Resigned, TaflError> {
        let mut st = lock(&self.state);
        st.session.resign()?;
        let feedback = st.session.feedback(crate::bits::Bits::EMPTY).into();
        self.changed(&mut st);
        Ok(Resigned {
            status: st.session.game().status().into(),
            feedback,
        })
    }

    /// The players leave a finished game: it is recorded among the finished games (and in the
    /// records) behind. Nothing happens while the game goes on, nor a second time.
    pub fn conclude(&self) {
        let mut st = lock(&self.state);
        if st.concluded || !st.session.game().status().is_over() {
            return;
        }
        if let Some(store) = &self.store {
            store.writer.conclude(self.token, &st.session, &self.report);
        }
        st.concluded = true;
    }

    /// The game so far in OpenTafl notation.
    pub fn export_otn(&self) -> String {
        let st = lock(&self.state);
        GameRecord::from_game(st.session.game()).to_text()
    }

    /// The computer's move: a blocking call, to be run off the UI thread. `time_limit_ms`
    /// overrides the level's time cap (easy and normal usually finish well within it, at their
    /// fixed depth; hard uses all of it unless the result is forced). Cancelling `cancel` (or
    /// an undo, a resignation) makes it return `Cancelled` promptly without changing anything.
    pub fn computer_move(
        &self,
        cancel: Arc<CancelHandle>,
        time_limit_ms: Option<u32>,
    ) -> Result<ComputerMove, TaflError> {
        let (game, settings, generation, id, mut engine) = {
            let mut st = lock(&self.state);
            if st.session.game().status().is_over() {
                return Err(TaflError::GameOver);
            }
            let Mode::VsComputer { level, .. } = st.session.mode() else {
                return Err(TaflError::NotComputersTurn);
            };
            if !st.session.computer_to_move() {
                return Err(TaflError::NotComputersTurn);
            }
            let id = st.next_search_id();
            if let Some(old) = st.search.replace(Running {
                id,
                control: cancel.control.clone(),
            }) {
                old.control.cancel();
            }
            let settings = level_settings(level, st.generation, time_limit_ms);
            let engine = st.engine.take().unwrap_or_default();
            (
                st.session.game().clone(),
                settings,
                st.generation,
                id,
                engine,
            )
        };
        let result = engine.think(&game, &settings, &cancel.control);
        let mut st = lock(&self.state);
        if st.engine.is_none() {
            st.engine = Some(engine);
        }
        if st.search.as_ref().is_some_and(|r| r.id == id) {
            st.search = None;
        }
        let Some(mv) = result
            .best
            .filter(|_| !result.cancelled && st.generation == generation)
        else {
            return Ok(ComputerMove::Cancelled);
        };
        let before = st.session.game().position().clone();
        let mode = st.session.mode();
        let played = st.session.play_computer(mv)?;
        let view = view::move_view(&before, mode, mv, Language::English.catalog());
        let feedback = st.session.feedback(played.captured).into();
        self.changed(&mut st);
        Ok(ComputerMove::Played {
            played: view,
            status: played.status.into(),
            feedback,
        })
    }

    /// A hint: the engine's move for the side to move (the person's, against the computer),
    /// shown in the snapshot until the game changes. A blocking call, to be run off the UI
    /// thread; `time_limit_ms` caps the thinking (1.5 s by default). Cancelling `cancel`, or
    /// any change to the game, makes it return `Cancelled`.
    pub fn hint(
        &self,
        cancel: Arc<CancelHandle>,
        time_limit_ms: Option<u32>,
    ) -> Result<HintResult, TaflError> {
        let (game, settings, generation, id) = {
            let mut st = lock(&self.state);
            if st.session.game().status().is_over() {
                return Err(TaflError::GameOver);
            }
            if st.session.computer_to_move() {
                return Err(TaflError::NotYourTurn);
            }
            let id = st.next_search_id();
            if let Some(old) = st.hint_search.replace(Running {
                id,
                control: cancel.control.clone(),
            }) {
                old.control.cancel();
            }
            let time =
                time_limit_ms.map_or(HINT_TIME, |ms| Duration::from_millis(u64::from(ms.max(1))));
            let mut settings = SearchSettings::for_level(Level::Hard)
                .with_time(time)
                .with_seed(st.generation)
                .with_threads(search_threads());
            settings.table_bytes = HINT_TABLE_BYTES;
            (st.session.game().clone(), settings, st.generation, id)
        };
        let result = Engine::new(settings.table_bytes).think(&game, &settings, &cancel.control);
        let mut st = lock(&self.state);
        if st.hint_search.as_ref().is_some_and(|r| r.id == id) {
            st.hint_search = None;
        }
        let Some(mv) = result
            .best
            .filter(|_| !result.cancelled && st.generation == generation)
        else {
            return Ok(HintResult::Cancelled);
        };
        st.hint = Some(mv);
        st.session.note_hint();
        self.save(&st);
        let view = view::move_view(
            st.session.game().position(),
            st.session.mode(),
            mv,
            Language::English.catalog(),
        );
        Ok(HintResult::Found { hint: view })
    }
}

/// A resignation: the status after it, and how it should feel.
#[derive(Clone, Copy, PartialEq, Eq, Debug, uniffi::Record)]
pub struct Resigned {
    pub status: GameStatus,
    pub feedback: Feedback,
}

/// A move played, the status after it, and how it should feel.
#[derive(Clone, PartialEq, Eq, Debug, uniffi::Record)]
pub struct MoveResult {
    pub played: MoveView,
    pub status: GameStatus,
    pub feedback: Feedback,
}

impl State {
    fn next_search_id(&mut self) -> u64 {
        self.searches += 1;
        self.searches
    }
}

/// The search settings of a level, with the device's threads (hard only) and an optional time
/// cap.
fn level_settings(level: Level, seed: u64, time_limit_ms: Option<u32>) -> SearchSettings {
    let mut settings = SearchSettings::for_level(level).with_seed(seed);
    if level == Level::Hard {
        settings = settings.with_threads(search_threads());
    }
    if let Some(ms) = time_limit_ms {
        settings = settings.with_time(Duration::from_millis(u64::from(ms.max(1))));
    }
    settings
}

impl GameSession {
    fn wrap(session: Session, store: Option<Arc<TaflStore>>, token: GameToken) -> Arc<GameSession> {
        Arc::new(GameSession {
            state: Mutex::new(State {
                session,
                search: None,
                hint_search: None,
                searches: 0,
                hint: None,
                generation: 0,
                engine: None,
                concluded: false,
            }),
            store,
            token,
            report: SaveReport::new(),
        })
    }

    /// After any change: cancel the searches for the old position, forget its hint, save.
    fn changed(&self, st: &mut State) {
        st.generation += 1;
        st.hint = None;
        for running in [st.search.take(), st.hint_search.take()]
            .into_iter()
            .flatten()
        {
            running.control.cancel();
        }
        self.save(st);
    }

    /// Saves the game behind, on the store's thread.
    fn save(&self, st: &State) {
        if let Some(store) = &self.store {
            store.writer.persist(self.token, &st.session, &self.report);
        }
    }
}

/// The unfinished game in the store, if there is one that goes on, ready to continue. It
/// becomes the only game that saves. Reads the store: call it off the UI thread.
#[uniffi::export]
pub fn resume_game(store: Arc<TaflStore>) -> Result<Option<Arc<GameSession>>, TaflError> {
    let token = next_token();
    let saved = store.writer.call(move |s| s.resume(token))?;
    Ok(saved.filter(|s| !s.game.status().is_over()).map(|s| {
        let session = Session::from_game(s.game, s.mode).with_hints(s.hints);
        GameSession::wrap(session, Some(store), token)
    }))
}
