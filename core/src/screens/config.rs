//! How the app starts: the database, the device's language and theme, and how the engine
//! thinks on this device.

use serde::{Deserialize, Serialize};

use crate::screens::look::{Theme, look};
use crate::texts::Language;

/// How the engine thinks in this app: the defaults for phones, or fixed work for tests.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
#[serde(default)]
pub struct EngineConfig {
    /// The computer's thinking time, instead of its level's.
    pub think_ms: Option<u32>,
    /// A fixed number of nodes for the computer and no clock (the same move on any machine).
    pub think_nodes: Option<u64>,
    pub hint_ms: Option<u32>,
    pub hint_nodes: Option<u64>,
    /// A pause before the computer thinks, so that the person's move is seen sliding first.
    pub pause_ms: u32,
    /// Threads for the hard level and hints (the device's cores but one, at most four).
    pub threads: u32,
    /// Each new game draws a seed from the system, kept with it, so that the computer's
    /// choices differ from game to game (the apps, through [`EngineConfig::for_device`]);
    /// otherwise the computer plays the same game every time, as tests need.
    #[cfg_attr(feature = "ffi", uniffi(default = false))]
    pub vary_games: bool,
}

impl EngineConfig {
    pub fn search_threads(&self) -> usize {
        self.threads.clamp(1, 8) as usize
    }

    /// The settings of the apps on a device with `cores` cores.
    pub fn for_device(cores: u32) -> EngineConfig {
        EngineConfig {
            threads: cores.saturating_sub(1).clamp(1, 4),
            pause_ms: look(Theme::Light, false).motion.slide_ms,
            vary_games: true,
            ..EngineConfig::default()
        }
    }
}

/// How the app starts.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct AppConfig {
    /// The database file; none plays in memory.
    pub database_path: Option<String>,
    pub language: Language,
    pub dark: bool,
    pub utc_offset_minutes: i32,
    pub engine: EngineConfig,
    /// What [`Controller::saved_state`] gave before the app was killed in the background.
    pub saved_state: Option<String>,
}
