//! Every text the apps show, in English, French and German, from one source.
//!
//! The words live in `core/texts/{en,fr,de}.txt` (see [`catalog`]); the sentences are put
//! together here, from the engine's own values, so that both apps say the same thing in the
//! same situation and the rules' numbers (board size, move limit, pieces) come from the
//! variant data instead of being written into sentences. The apps reach this through the
//! `Texts` object of the FFI; the design is explained in `docs/texts.md`.

mod catalog;
mod phrases;

pub use catalog::{Catalog, Language, SyntaxError, placeholders};
pub use phrases::{JudgedMove, Label, SquareState};
