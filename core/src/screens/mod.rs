//! The apps' one brain: every screen's behaviour, decided once for both shells.
//!
//! A shell forwards [`Event`]s (the buttons' own events, touches on the board, the device's
//! changes) and draws each [`Frame`]: the words and their order, what is enabled, the board and
//! the chart as drawing plans, the motion to animate and the effects to play. It keeps only what
//! its platform must do: lay out and draw, animate, play sounds and haptics, run the lifecycle,
//! and carry accessibility.
//!
//! - [`controller`]: the state machine (events in, frames out, work to run behind);
//! - [`play_screen`] (with [`puzzle_mode`]), [`review_screen`], [`pages`]: the game screen, the
//!   review screen, the simple pages;
//! - [`board_plan`], [`chart_plan`], [`plan`]: the drawings, as plans of simple operations;
//!   [`zoom`]: the part of a big board on screen; [`look`]: the design tokens;
//! - [`frame`]: what crosses to the shells; [`view`] and [`types`]: the game's view and values;
//! - [`work`] and [`runtime`]: the work behind (searches, the store, analyses) and its threads;
//! - [`reviewed_game`], [`storage`]: a game under review, and the database;
//! - [`ticks`]: time on screen, from the shell's ticks;
//! - [`trace`] and [`scenario`]: the parity scenarios both shells replay.

pub mod board_layout;
pub mod board_plan;
pub mod chart_plan;
pub mod config;
pub mod context;
pub mod controller;
pub mod frame;
pub mod game_clock;
pub mod look;
pub mod pages;
pub mod plan;
pub mod play_screen;
pub mod puzzle_mode;
pub mod review_screen;
pub mod reviewed_game;
mod run_screen;
pub mod runtime;
mod saved_exercise;
pub mod scenario;
pub mod setup;
pub mod showing;
pub mod storage;
pub mod ticks;
pub mod time_control;
pub mod trace;
pub mod types;
pub mod view;
pub mod words;
pub mod work;
pub mod zoom;

pub use config::{AppConfig, EngineConfig};
pub use controller::{Controller, SAVED_IMPORT_LIMIT};
pub use frame::*;
pub use plan::{Cap, DrawOp, DrawingPlan, Point};
pub use reviewed_game::IMPORT_LIMIT;
pub use runtime::{Listener, Runtime};
pub use scenario::{Scenario, ScenarioSetup};
pub use time_control::TimeControl;
pub use zoom::Window;
