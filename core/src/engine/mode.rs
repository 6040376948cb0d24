//! How a game is played: two players at one device, or a person against a computer level.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::engine::position::Side;

/// The computer's strength.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, PartialOrd, Ord)]
#[cfg_attr(feature = "ffi", derive(uniffi::Enum))]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Looks one move ahead; takes an immediate win, otherwise varies among good moves.
    Easy,
    /// Searches up to three plies.
    Normal,
    /// Searches as deep as its time allows.
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    pub fn parse(s: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Who plays.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Mode {
    /// Two people passing one device.
    TwoPlayers,
    /// A person (playing `human`) against the computer at `level`.
    VsComputer { level: Level, human: Side },
}

/// Who made a move, as the people at the device would say it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mover {
    /// The person playing against the computer.
    You,
    /// The computer.
    Computer,
    /// Two players: the side that moved.
    Side(Side),
}

impl Mode {
    /// Who a move of `side` is, for the people at the device.
    pub fn mover(self, side: Side) -> Mover {
        match self {
            Mode::TwoPlayers => Mover::Side(side),
            Mode::VsComputer { human, .. } if human == side => Mover::You,
            Mode::VsComputer { .. } => Mover::Computer,
        }
    }

    /// The side the computer plays, if any.
    pub fn computer_side(self) -> Option<Side> {
        match self {
            Mode::TwoPlayers => None,
            Mode::VsComputer { human, .. } => Some(human.other()),
        }
    }
}
