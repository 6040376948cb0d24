//! Rules engine, computer opponent and on-device storage for the tafl games of the app:
//! Copenhagen Hnefatafl 11x11, Brandubh 7x7, Tablut 9x9 and the rest of the tafl family on
//! boards from 7x7 to 19x19 (see `docs/variants.md`).
//!
//! The layers, from the bottom up:
//! - [`bits`]: squares and sets of squares in three widths (up to 11x11, 13x13, 19x19);
//! - [`moves`]: a move from one square to another, and a list of moves; [`side`]: the two
//!   players;
//! - [`board`]: what the engine's generic code asks of a board width (it is compiled once per
//!   width), joining the two above;
//! - [`geometry`]: a board of a given size: its squares, steps and slides, and square names;
//! - [`variant`]: each game described as data (size, layout, special squares, which rules apply);
//! - [`position`]: pieces and side to move, with allocation-free make / unmake and captures;
//! - [`movegen`]: legal move generation;
//! - [`rules`]: the end-of-game checks (exit fort, encirclement, ...);
//! - [`game`]: a whole game with history, repetition, the draw counter and its status;
//! - [`notation`]: OpenTafl notation for squares, moves, positions and game records;
//!   [`otn_rules`]: OpenTafl rules strings, written for every game and read from other programs;
//! - [`session`]: a game with its players (who moves, undo for people, hints);
//! - [`explain`]: how each capture happened, for the apps to show;
//! - [`ai`]: the computer opponent; [`store`]: on-device storage;
//! - [`lessons`]: the interactive lessons of Copenhagen, Brandubh and Tablut, as data checked
//!   against the engine; [`puzzles`]: proven puzzles; [`rating`]: the player's puzzle rating;
//! - [`texts`] and [`look`]: the words and design tokens both apps share;
//! - [`app`]: every screen's behaviour, decided once for both apps (events in, frames out);
//! - [`ffi`]: the API the apps call through UniFFI.

// No unsafe code anywhere in the crate, the FFI layer included. UniFFI's macros generate
// unsafe `extern "C"` functions, but from their own expansion, which the lint leaves to them.
#![forbid(unsafe_code)]

pub mod ai;
pub mod analysis;
pub mod app;
pub mod bits;
pub mod board;
pub mod explain;
pub mod ffi;
pub mod game;
pub mod geometry;
pub mod import;
pub mod lessons;
pub mod look;
pub mod mode;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod otn_rules;
pub mod perft;
pub mod position;
pub mod puzzles;
pub mod rating;
pub mod replay;
pub mod rng;
pub mod rules;
pub mod session;
pub mod side;
pub mod store;
pub mod texts;
pub mod threats;
pub mod variant;
mod zobrist;

uniffi::setup_scaffolding!();

pub use bits::{Bits, Square};
pub use game::{DrawReason, Game, MoveError, Outcome, Played, Status, WinReason};
pub use mode::{Level, Mode};
pub use moves::{Move, MoveList};
pub use position::{Position, Side};
pub use variant::{RuleOptions, Variant, VariantKind};
