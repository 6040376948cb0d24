//! The time controls a game between two players may be played on (see `super::game_clock`).

use serde::{Deserialize, Serialize};

use crate::texts::Catalog;

/// The time controls the start page offers for two players.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ffi", derive(uniffi::Enum))]
#[serde(rename_all = "kebab-case")]
pub enum TimeControl {
    /// No clock: the default, so that nothing changes for players who want none.
    #[default]
    Off,
    /// 5 minutes each, 3 seconds added after each move.
    Blitz,
    /// 10 minutes each, 5 seconds added after each move.
    Rapid,
    /// 30 minutes each, nothing added.
    Classical,
}

impl TimeControl {
    /// In the start page's order.
    pub const ALL: [TimeControl; 4] = [
        TimeControl::Off,
        TimeControl::Blitz,
        TimeControl::Rapid,
        TimeControl::Classical,
    ];

    /// Each side's minutes and the seconds added after each move; none without a clock.
    pub const fn preset(self) -> Option<(u32, u32)> {
        match self {
            TimeControl::Off => None,
            TimeControl::Blitz => Some((5, 3)),
            TimeControl::Rapid => Some((10, 5)),
            TimeControl::Classical => Some((30, 0)),
        }
    }

    /// Its name on the start page: "No clock", "5 min + 3 s", "30 min".
    pub fn label(self, texts: &Catalog) -> String {
        match self.preset() {
            None => texts.text("clock.off").to_string(),
            Some((minutes, 0)) => texts.fill("clock.minutes", &[("minutes", &minutes.to_string())]),
            Some((minutes, seconds)) => texts.fill(
                "clock.minutes_increment",
                &[
                    ("minutes", &minutes.to_string()),
                    ("seconds", &seconds.to_string()),
                ],
            ),
        }
    }
}
