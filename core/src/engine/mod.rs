//! The rules of the tafl family, from the bottom up:
//! - [`bits`]: squares and sets of squares in three widths (up to 11x11, 13x13, 19x19);
//! - [`moves`]: a move from one square to another, and a list of moves; [`side`]: the two
//!   players;
//! - [`board`]: what the engine's generic code asks of a board width (it is compiled once per
//!   width), joining the two above;
//! - [`geometry`]: a board of a given size: its squares, steps and slides, and square names;
//! - [`variant`]: each game described as data (size, layout, special squares, which rules apply);
//! - [`position`]: pieces and side to move, with allocation-free make / unmake and captures
//!   ([`zobrist`]: its hash);
//! - [`movegen`]: legal move generation; [`perft`]: counting its leaves;
//! - [`rules`]: the end-of-game checks (exit fort, encirclement, ...);
//! - [`game`]: a whole game with history, repetition, the draw counter and its status;
//! - [`notation`]: OpenTafl notation for squares, moves, positions and game records;
//!   [`otn_rules`]: OpenTafl rules strings, written for every game and read from other programs;
//!   [`replay`] and [`import`]: game records of other programs read back;
//! - [`mode`]: who plays (two people, or a person against a level of the computer);
//!   [`session`]: a game with its players (who moves, undo for people, hints, its
//!   [`clock`] for two players);
//! - [`explain`]: how each capture happened, for the apps to show; [`threats`]: what each side
//!   threatens.

pub mod bits;
pub mod board;
pub mod clock;
pub mod explain;
pub mod game;
pub mod geometry;
pub mod import;
pub mod lock;
pub mod mode;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod otn_rules;
pub mod perft;
pub mod position;
pub mod replay;
pub mod rules;
pub mod session;
pub mod side;
pub mod threats;
pub mod variant;
mod zobrist;
