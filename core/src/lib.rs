//! Rules engine, computer opponent and on-device storage for the tafl games of the app:
//! Copenhagen Hnefatafl 11x11, Brandubh 7x7, Tablut 9x9 and the rest of the tafl family on
//! boards from 7x7 to 19x19 (see `docs/variants.md`).
//!
//! The layers, from the bottom up (`docs/architecture.md` draws them; `core/tests/structure.rs`
//! checks that no layer imports from one above it):
//! - [`engine`]: the rules: squares, boards, variants, positions, moves, games, notation;
//! - [`ai`]: the computer opponent, the prover, and the analysis of a game;
//! - [`texts`]: the words both apps share, in English, French and German;
//! - [`learning`]: lessons, proven puzzles and the player's puzzle rating;
//! - [`store`]: on-device storage in SQLite;
//! - [`screens`]: every screen's behaviour, decided once for both apps (events in, frames out),
//!   with the design tokens both apps draw with;
//! - [`ffi`]: the API the apps call through UniFFI.

// No unsafe code anywhere in the crate, the FFI layer included. UniFFI's macros generate
// unsafe `extern "C"` functions, but from their own expansion, which the lint leaves to them.
#![forbid(unsafe_code)]

pub mod ai;
pub mod engine;
#[cfg(feature = "ffi")]
pub mod ffi;
pub mod learning;
pub mod screens;
pub mod store;
pub mod texts;

#[cfg(feature = "ffi")]
uniffi::setup_scaffolding!();

pub use engine::bits::{Bits, Square};
pub use engine::game::{DrawReason, Game, MoveError, Outcome, Played, Status, WinReason};
pub use engine::mode::{Level, Mode};
pub use engine::moves::{Move, MoveList};
pub use engine::position::{Position, Side};
pub use engine::variant::{RuleOptions, Variant, VariantKind};
