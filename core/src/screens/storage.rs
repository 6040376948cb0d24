//! The app's database: every write happens behind, on the store's own thread; reads wait for
//! the writes queued before them, so they run off the thread that handles events.

use std::sync::Arc;

use crate::store::{GameToken, Store, StoreError, Writer};

use super::types::StoreNotice;

/// A token for a new or resumed game, unique across the handles on the file
/// (see [`GameToken`]).
pub(crate) fn next_token() -> GameToken {
    GameToken::fresh()
}

/// The database of the app: the unfinished game, finished games and their analyses, the
/// record against each level, and the settings.
pub struct TaflStore {
    pub(crate) writer: Writer,
    notice: Option<StoreNotice>,
}

impl TaflStore {
    /// Opens (or creates) the database at `path`. A damaged file is kept aside and replaced by
    /// a new one: see [`TaflStore::notice`]. A game left finished but not yet recorded (the app
    /// stopped on its last screen) is recorded now.
    pub fn open(path: String) -> Result<Arc<TaflStore>, StoreError> {
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

    /// Waits until every change made so far is written.
    pub fn flush(&self) {
        self.writer.flush();
    }

    /// Whether an unfinished game (one that goes on) is waiting to be resumed.
    pub fn has_unfinished_game(&self) -> Result<bool, StoreError> {
        self.writer.call(|s| {
            Ok(s.load_current()?
                .is_some_and(|saved| !saved.game.status().is_over()))
        })
    }
}
