//! The API the Android and iOS apps call, exported with UniFFI. A thin layer over
//! [`Session`], [`crate::ai`] and [`Store`]: it converts types, keeps the session behind a lock
//! so the UI can read it while the computer thinks on another thread, saves after every change,
//! and turns every failure into a [`TaflError`]. Nothing here panics on bad input.

mod types;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use crate::ai::{Control, Engine, SearchSettings};
use crate::game::{DRAW_PLIES, Game, Played};
use crate::mode::Mode;
use crate::movegen::Move;
use crate::notation::{GameRecord, format_move, square_name};
use crate::rules::king_open_lines;
use crate::session::Session;
use crate::store::{self, Store};
use crate::variant::RuleOptions;

pub use types::*;

/// Locks a mutex even if a thread panicked while holding it: the data is still consistent,
/// since every change is made in one step.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Cancels a computer move from any thread. A handle serves one computer move: once
/// cancelled it stays cancelled, so make a new one for each move.
#[derive(Debug, Default, uniffi::Object)]
pub struct CancelHandle {
    control: Control,
}

#[uniffi::export]
impl CancelHandle {
    #[uniffi::constructor]
    pub fn new() -> Arc<CancelHandle> {
        Arc::new(CancelHandle::default())
    }

    /// Stops the search; `computer_move` returns `Cancelled` within milliseconds.
    pub fn cancel(&self) {
        self.control.cancel();
    }

    pub fn is_cancelled(&self) -> bool {
        self.control.is_cancelled()
    }
}

/// The database of the app: the unfinished game, finished games, records and settings.
#[derive(uniffi::Object)]
pub struct TaflStore {
    /// The database, with the id of the session whose game it holds as the unfinished one
    /// (only that session may save it: an older session, say one whose computer move ends
    /// after a new game began, must not write over the new game).
    store: Mutex<(Store, u64)>,
    notice: Option<StoreNotice>,
}

/// Session ids, for [`TaflStore`]'s owner.
static NEXT_SESSION: AtomicU64 = AtomicU64::new(1);

#[uniffi::export]
impl TaflStore {
    /// Opens (or creates) the database at `path`, in the app's files folder. A damaged file is
    /// kept aside and replaced by a new one: see [`TaflStore::notice`].
    #[uniffi::constructor]
    pub fn open(path: String) -> Result<Arc<TaflStore>, TaflError> {
        let (store, warning) = Store::open(&path)?;
        Ok(Arc::new(TaflStore {
            store: Mutex::new((store, 0)),
            notice: warning.map(Into::into),
        }))
    }

    /// What to tell the player about opening the store, if anything.
    pub fn notice(&self) -> Option<StoreNotice> {
        self.notice.clone()
    }

    /// Whether an unfinished game is waiting to be resumed.
    pub fn has_unfinished_game(&self) -> Result<bool, TaflError> {
        Ok(lock(&self.store).0.load_current()?.is_some())
    }

    /// Wins, losses and draws against each level and side (six rows).
    pub fn records(&self) -> Result<Vec<RecordRow>, TaflError> {
        Ok(lock(&self.store)
            .0
            .records()?
            .into_iter()
            .map(|r| RecordRow {
                level: r.level.into(),
                side: r.side.into(),
                wins: r.wins,
                losses: r.losses,
                draws: r.draws,
            })
            .collect())
    }

    /// Finished games, newest first.
    pub fn finished_games(&self) -> Result<Vec<FinishedGame>, TaflError> {
        Ok(lock(&self.store)
            .0
            .finished_games()?
            .into_iter()
            .map(|g| FinishedGame {
                id: g.id,
                variant: g.variant.into(),
                mode: g.mode.into(),
                status: g.status.into(),
                plies: g.plies,
                finished_at: g.finished_at,
            })
            .collect())
    }

    /// A finished game as OpenTafl notation text.
    pub fn export_otn(&self, id: i64) -> Result<String, TaflError> {
        Ok(lock(&self.store).0.export_otn(id)?)
    }

    pub fn settings(&self) -> Result<Settings, TaflError> {
        Ok(lock(&self.store).0.settings()?.into())
    }

    pub fn save_settings(&self, settings: Settings) -> Result<(), TaflError> {
        let s = store::Settings::from(settings);
        Ok(lock(&self.store).0.save_settings(&s)?)
    }
}

struct State {
    /// This session's id (see [`TaflStore`]).
    id: u64,
    session: Session,
    /// The computer's search in progress, cancelled by undo, resign or a new move.
    search: Option<Control>,
    /// Counts changes, so that a search result for an older position is thrown away.
    generation: u64,
    save_error: Option<String>,
}

/// One game being played. Every method may be called from any thread; the computer's move
/// runs without holding the lock, so the UI can keep reading snapshots meanwhile.
#[derive(uniffi::Object)]
pub struct GameSession {
    state: Mutex<State>,
    store: Option<Arc<TaflStore>>,
}

#[uniffi::export]
impl GameSession {
    /// Starts a new game. With a store, an unfinished game there is ended first (against the
    /// computer that counts as a resignation: the app asks before) and the new game is saved.
    #[uniffi::constructor]
    pub fn new_game(
        variant: Variant,
        mode: GameMode,
        exit_forts: bool,
        store: Option<Arc<TaflStore>>,
    ) -> Result<Arc<GameSession>, TaflError> {
        let session = Session::new(variant.into(), RuleOptions { exit_forts }, mode.into());
        let id = NEXT_SESSION.fetch_add(1, Ordering::Relaxed);
        if let Some(s) = &store {
            let mut guard = lock(&s.store);
            let (db, owner) = &mut *guard;
            db.abandon_current()?;
            db.save_current(session.mode(), session.game())?;
            *owner = id;
        }
        Ok(GameSession::wrap(id, session, store))
    }

    /// Everything needed to draw the game now.
    pub fn snapshot(&self) -> GameSnapshot {
        let st = lock(&self.state);
        snapshot(&st)
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

    /// A person's move.
    pub fn play(&self, from: Coord, to: Coord) -> Result<MoveResult, TaflError> {
        let mut st = lock(&self.state);
        let g = &st.session.game().variant().geometry;
        let mv = Move::new(from.square(g)?, to.square(g)?);
        let played = st.session.play(mv)?;
        Ok(self.after_move(&mut st, played))
    }

    /// Takes back a move (two players) or back to the person's previous turn (against the
    /// computer), cancelling the computer's search. Returns how many moves were taken back.
    pub fn undo(&self) -> Result<u32, TaflError> {
        let mut st = lock(&self.state);
        let undone = st.session.undo()?;
        self.changed(&mut st);
        Ok(undone.len() as u32)
    }

    /// The person (with two players, the side to move) gives up.
    pub fn resign(&self) -> Result<GameStatus, TaflError> {
        let mut st = lock(&self.state);
        st.session.resign()?;
        self.changed(&mut st);
        Ok(st.session.game().status().into())
    }

    /// The game so far in OpenTafl notation.
    pub fn export_otn(&self) -> String {
        let st = lock(&self.state);
        GameRecord::from_game(st.session.game()).to_text()
    }

    /// The computer's move: a blocking call, to be run off the UI thread. `time_limit_ms`
    /// overrides the level's time cap (easy and normal usually finish well within it, at their
    /// fixed depth; hard uses all of it unless the result is forced). Cancelling `cancel` (or an undo, a resignation)
    /// makes it return `Cancelled` promptly without changing anything.
    pub fn computer_move(
        &self,
        cancel: Arc<CancelHandle>,
        time_limit_ms: Option<u32>,
    ) -> Result<ComputerMove, TaflError> {
        let (game, settings, generation) = {
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
            if let Some(old) = st.search.replace(cancel.control.clone()) {
                old.cancel();
            }
            let mut settings = SearchSettings::for_level(level).with_seed(st.generation);
            if let Some(ms) = time_limit_ms {
                settings = settings.with_time(Duration::from_millis(ms.max(1) as u64));
            }
            (st.session.game().clone(), settings, st.generation)
        };
        let result = Engine::new(settings.table_bytes).think(&game, &settings, &cancel.control);
        let mut st = lock(&self.state);
        st.search = None;
        let Some(mv) = result
            .best
            .filter(|_| !result.cancelled && st.generation == generation)
        else {
            return Ok(ComputerMove::Cancelled);
        };
        let played = st.session.play_computer(mv)?;
        let MoveResult { played, status } = self.after_move(&mut st, played);
        Ok(ComputerMove::Played { played, status })
    }
}

/// A move played, and the status after it.
#[derive(Clone, PartialEq, Eq, Debug, uniffi::Record)]
pub struct MoveResult {
    pub played: MoveView,
    pub status: GameStatus,
}

impl GameSession {
    fn wrap(id: u64, session: Session, store: Option<Arc<TaflStore>>) -> Arc<GameSession> {
        Arc::new(GameSession {
            state: Mutex::new(State {
                id,
                session,
                search: None,
                generation: 0,
                save_error: None,
            }),
            store,
        })
    }

    fn after_move(&self, st: &mut State, played: Played) -> MoveResult {
        self.changed(st);
        let g = &st.session.game().variant().geometry;
        MoveResult {
            played: move_view(g, played.mv, played.captured),
            status: played.status.into(),
        }
    }

    /// After any change: cancel a search for the old position, and save.
    fn changed(&self, st: &mut State) {
        st.generation += 1;
        if let Some(search) = st.search.take() {
            search.cancel();
        }
        if let Some(store) = &self.store {
            let mut guard = lock(&store.store);
            let (db, owner) = &mut *guard;
            if *owner != st.id {
                // Another game has become the saved one since: this one plays on in memory.
                st.save_error = Some("a newer game has replaced this one in storage".into());
                return;
            }
            let (mode, game) = (st.session.mode(), st.session.game());
            let saved = if game.status().is_over() {
                db.record_finished(mode, game).map(|_| ())
            } else {
                db.save_current(mode, game)
            };
            st.save_error = saved.err().map(|e| e.to_string());
        }
    }
}

fn move_view(g: &crate::variant::Geometry, mv: Move, captured: crate::bits::Bits) -> MoveView {
    MoveView {
        from: Coord::of(g, mv.from),
        to: Coord::of(g, mv.to),
        captured: captured.iter().map(|s| Coord::of(g, s)).collect(),
        notation: format_move(g, mv, captured),
    }
}

fn snapshot(st: &State) -> GameSnapshot {
    let session = &st.session;
    let game: &Game = session.game();
    let pos = game.position();
    let v = pos.variant();
    let g = &v.geometry;
    let last = game.last_move();
    let open = if game.status().is_over() {
        crate::bits::Bits::EMPTY
    } else {
        king_open_lines(pos)
    };
    // The king is never lifted off the board; his capture is marked on his square.
    let king_taken = matches!(
        game.status(),
        crate::game::Status::Over(crate::game::Outcome::Win {
            reason: crate::game::WinReason::KingCaptured,
            ..
        })
    );
    let movable = session.movable();
    let mut squares = Vec::with_capacity(g.size as usize * g.size as usize);
    for rank in (0..g.size).rev() {
        for file in 0..g.size {
            let Some(sq) = g.square(file, rank) else {
                continue;
            };
            squares.push(SquareView {
                coord: Coord { file, rank },
                name: square_name(g, sq),
                piece: pos.piece_at(sq).map(|p| match p {
                    crate::position::Piece::Attacker => Piece::Attacker,
                    crate::position::Piece::Defender => Piece::Defender,
                    crate::position::Piece::King => Piece::King,
                }),
                movable: movable.contains(sq),
                restricted: v.restricted.contains(sq),
                escape: v.escape.contains(sq),
                last_move_from: last.is_some_and(|(m, _)| m.from == sq),
                last_move_to: last.is_some_and(|(m, _)| m.to == sq),
                captured: last.is_some_and(|(_, c)| c.contains(sq))
                    || (king_taken && sq == pos.king()),
                king_open_line: open.contains(sq),
            });
        }
    }
    let side = game.side_to_move().into();
    let turn = if game.status().is_over() {
        TurnPrompt::GameOver
    } else {
        match session.mode() {
            Mode::TwoPlayers => TurnPrompt::SideToMove { side },
            Mode::VsComputer { .. } if session.computer_to_move() => {
                TurnPrompt::ComputerToMove { side }
            }
            Mode::VsComputer { .. } => TurnPrompt::YourMove { side },
        }
    };
    GameSnapshot {
        variant: v.kind.into(),
        mode: session.mode().into(),
        size: g.size,
        squares,
        side_to_move: side,
        status: game.status().into(),
        turn,
        last_move: last.map(|(m, c)| move_view(g, m, c)),
        plies: game.plies() as u32,
        plies_since_capture: game.plies_since_capture() as u32,
        draw_limit: DRAW_PLIES as u32,
        repetitions: game.repetitions(),
        king_open_lines: open.iter().map(|s| Coord::of(g, s)).collect(),
        can_undo: session.can_undo(),
        exit_forts: game.options().exit_forts && v.exit_forts,
        save_error: st.save_error.clone(),
    }
}

/// The unfinished game in the store, if there is one, ready to go on.
#[uniffi::export]
pub fn resume_game(store: Arc<TaflStore>) -> Result<Option<Arc<GameSession>>, TaflError> {
    let id = NEXT_SESSION.fetch_add(1, Ordering::Relaxed);
    let saved = {
        let mut guard = lock(&store.store);
        let (db, owner) = &mut *guard;
        let saved = db.load_current()?;
        if saved.is_some() {
            *owner = id;
        }
        saved
    };
    Ok(saved.map(|s| GameSession::wrap(id, Session::from_game(s.game, s.mode), Some(store))))
}

/// The core library's version, for the apps' about screens.
#[uniffi::export]
pub fn core_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
