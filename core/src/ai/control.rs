//! Stopping a search from another thread.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Cancels a search from another thread. Clones share one flag.
#[derive(Clone, Debug, Default)]
pub struct Control {
    cancelled: Arc<AtomicBool>,
}

impl Control {
    pub fn new() -> Control {
        Control::default()
    }

    /// Asks the search to stop; it returns within milliseconds with `cancelled` set.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }
}
