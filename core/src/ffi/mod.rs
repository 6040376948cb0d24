//! The API the Android and iOS apps call, exported with UniFFI. A thin layer over
//! [`Session`](crate::session::Session), [`crate::ai`], [`crate::analysis`],
//! [`Store`](crate::store::Store), [`crate::texts`] and [`crate::look`]: it converts types,
//! keeps each game behind a lock so the UI can read it while the computer thinks on another
//! thread, saves behind on the store's thread, and turns every failure into a typed error.
//! Nothing here panics on bad input.
//!
//! - [`session`]: one game being played ([`GameSession`]);
//! - [`store`]: the database ([`TaflStore`]);
//! - [`review`]: a finished or pasted game under review, and its analysis;
//! - [`texts`]: the words and the look;
//! - [`view`]: what the apps draw, built from the core's state;
//! - [`types`]: the plain values that cross the boundary.

mod review;
mod session;
mod store;
mod texts;
mod types;
mod view;

use std::sync::{Arc, Mutex, MutexGuard};

use crate::ai::Control;

pub use review::{
    AnalysisListener, AnalysisView, GameReview, ImportError, MoveProblem, ReviewFrame, ReviewInfo,
    SwingView, import_game,
};
pub use session::{
    GameSession, MoveResult, Resigned, recommended_search_threads, resume_game, set_search_threads,
};
pub use store::TaflStore;
pub use texts::{TextEntry, Texts, language_for_locales, look};
pub use types::*;

pub use crate::look::{BoardColours, BoardMetrics, ChromeColours, Look, Motion, Theme};
pub use crate::texts::{Label, SquareState};

/// Locks a mutex even if a thread panicked while holding it: the data is still consistent,
/// since every change is made in one step.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Cancels a computer move, a hint or an analysis from any thread. A handle serves one
/// call: once cancelled it stays cancelled, so make a new one for each.
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

    /// Stops the search; the call returns `Cancelled` within milliseconds.
    pub fn cancel(&self) {
        self.control.cancel();
    }

    pub fn is_cancelled(&self) -> bool {
        self.control.is_cancelled()
    }
}

/// The core library's version, for the apps' about screens.
#[uniffi::export]
pub fn core_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
