//! The crate's one way to take a lock: a mutex whose holder panicked is taken all the same.
//!
//! Every mutex of the crate guards data that is changed in one step (a value replaced, a
//! counter moved, a job queued), so a panic while holding it leaves the data consistent, and
//! refusing it (`PoisonError`) would turn one failure into many. It lives in the engine, the
//! lowest layer, so that every layer uses this one.

use std::sync::{Condvar, Mutex, MutexGuard};

/// Locks `m`, even if a thread panicked while holding it.
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Waits on `c` with the lock `guard` holds, as [`lock`] takes it.
pub fn wait<'a, T>(c: &Condvar, guard: MutexGuard<'a, T>) -> MutexGuard<'a, T> {
    c.wait(guard)
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}
