//! The app's database as the apps see it: every write happens behind, on the store's own
//! thread; reads wait for the writes queued before them, so call them off the UI thread.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::store::{self, GameToken, Store, Writer};

use super::review::GameReview;
use super::types::*;

/// Game tokens, unique in the process (see [`GameToken`]).
static NEXT_TOKEN: AtomicU64 = AtomicU64::new(1);

pub(crate) fn next_token() -> GameToken {
    GameToken(NEXT_TOKEN.fetch_add(1, Ordering::Relaxed))
}

/// The database of the app: the unfinished game, finished games and their analyses, the
/// record against each level, and the settings.
#[derive(uniffi::Object)]
pub struct TaflStore {
    pub(crate) writer: Writer,
    notice: Option<StoreNotice>,
}

#[uniffi::export]
impl TaflStore {
    /// Opens (or creates) the database at `path`, in the app's files folder. A damaged file is
    /// kept aside and replaced by a new one: see [`TaflStore::notice`]. A game left finished
    /// but not yet recorded (the app stopped on its last screen) is recorded now. Opening reads
    /// the file: call it off the UI thread.
    #[uniffi::constructor]
    pub fn open(path: String) -> Result<Arc<TaflStore>, TaflError> {
        let (mut store, warning) = Store::open(&path)?;
        store.conclude_stale()?;
        Ok(Arc::new(TaflStore {
            writer: Writer::start(store)?,
            notice: warning.map(Into::into),
        }))
    }

    /// What to tell the player about opening the store, if anything.
    pub fn notice(&self) -> Option<StoreNotice> {
        self.notice.clone()
    }

    /// Waits until every change made so far is written (the app going to the background, and
    /// tests, use it).
    pub fn flush(&self) {
        self.writer.flush();
    }

    /// Whether an unfinished game (one that goes on) is waiting to be resumed.
    pub fn has_unfinished_game(&self) -> Result<bool, TaflError> {
        Ok(self.writer.call(|s| {
            Ok(s.load_current()?
                .is_some_and(|saved| !saved.game.status().is_over()))
        })?)
    }

    /// Wins, losses and draws against each level and side (six rows).
    pub fn records(&self) -> Result<Vec<RecordRow>, TaflError> {
        let rows = self.writer.call(|s| s.records())?;
        Ok(rows
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
        let games = self.writer.call(|s| s.finished_games())?;
        Ok(games
            .into_iter()
            .map(|g| FinishedGame {
                id: g.id,
                variant: g.variant.into(),
                mode: g.mode.into(),
                status: g.status.into(),
                plies: g.plies,
                finished_at: g.finished_at,
                hints_used: g.hints,
                analysed: g.analysed,
            })
            .collect())
    }

    /// A finished game as OpenTafl notation text, to share.
    pub fn export_otn(&self, id: i64) -> Result<String, TaflError> {
        Ok(self.writer.call(move |s| s.export_otn(id))?)
    }

    /// A finished game opened for review, with its stored analysis if there is one.
    pub fn review(self: Arc<Self>, id: i64) -> Result<Arc<GameReview>, TaflError> {
        let (summary, record, analysis) = self.writer.call(move |s| {
            Ok((
                s.finished_game(id)?,
                s.finished_record(id)?,
                s.analysis(id)?,
            ))
        })?;
        GameReview::from_store(record, &summary, analysis, self)
    }

    pub fn settings(&self) -> Result<Settings, TaflError> {
        Ok(self.writer.call(|s| s.settings())?.into())
    }

    /// Saves the settings behind (a later `settings()` sees them).
    pub fn save_settings(&self, settings: Settings) {
        self.writer.save_settings(store::Settings::from(settings));
    }
}
