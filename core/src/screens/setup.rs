//! The choices for the next game, as the start screen shows them and the settings keep them.

use serde::{Deserialize, Serialize};

use crate::engine::mode::Mode;
use crate::store::{ModeKind, Settings};

use super::types::{Level, Side, Variant};

/// The choices for the next game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub(crate) struct Setup {
    pub variant: Variant,
    pub vs_computer: bool,
    pub level: Level,
    pub side: Side,
}

impl Setup {
    pub fn from_settings(s: &Settings) -> Setup {
        Setup {
            variant: s.last_variant.into(),
            vs_computer: s.last_mode == ModeKind::VsComputer,
            level: s.last_level.into(),
            side: s.last_side.into(),
        }
    }

    pub fn mode(&self) -> Mode {
        if self.vs_computer {
            Mode::VsComputer {
                level: self.level.into(),
                human: self.side.into(),
            }
        } else {
            Mode::TwoPlayers
        }
    }
}
