//! What the player learns from: the interactive [`lessons`] of Copenhagen, Brandubh and Tablut
//! (as data checked against the engine), the proven [`puzzles`], and the player's puzzle
//! [`rating`].

pub mod lessons;
pub mod puzzles;
pub mod rating;
