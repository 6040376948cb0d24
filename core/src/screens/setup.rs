//! The choices for the next game, as the start screen shows them and the settings keep them.

use serde::{Deserialize, Serialize};

use crate::engine::mode::{Level, Mode};
use crate::engine::position::Side;
use crate::engine::variant::VariantKind;
use crate::store::{ModeKind, Settings};

use super::time_control::TimeControl;

/// The choices for the next game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub(crate) struct Setup {
    pub variant: VariantKind,
    pub vs_computer: bool,
    pub level: Level,
    pub side: Side,
    /// The clock of a game between two players (a saved state from before clocks has none).
    #[serde(default)]
    pub clock: TimeControl,
}

impl Setup {
    pub fn from_settings(s: &Settings) -> Setup {
        Setup {
            variant: s.last_variant,
            vs_computer: s.last_mode == ModeKind::VsComputer,
            level: s.last_level,
            side: s.last_side,
            clock: s.last_time_control,
        }
    }

    /// The clock of the next game: only between two players.
    pub fn time_control(&self) -> TimeControl {
        if self.vs_computer {
            TimeControl::Off
        } else {
            self.clock
        }
    }

    pub fn mode(&self) -> Mode {
        if self.vs_computer {
            Mode::VsComputer {
                level: self.level,
                human: self.side,
            }
        } else {
            Mode::TwoPlayers
        }
    }
}
