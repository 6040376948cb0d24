//! The two players: a base type, like squares and moves (the variant's rules say who moves
//! first). [`crate::engine::position`] re-exports it, where it always was.

use std::fmt;

use serde::{Deserialize, Serialize};

/// One of the two players.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ffi", derive(uniffi::Enum))]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The larger army ("black"), moving first.
    Attackers,
    /// The king and his guards ("white").
    Defenders,
}

impl Side {
    #[inline]
    pub const fn other(self) -> Side {
        match self {
            Side::Attackers => Side::Defenders,
            Side::Defenders => Side::Attackers,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Side::Attackers => "attackers",
            Side::Defenders => "defenders",
        }
    }

    pub fn parse(s: &str) -> Option<Side> {
        match s.trim().to_ascii_lowercase().as_str() {
            "attackers" | "attacker" | "black" | "a" => Some(Side::Attackers),
            "defenders" | "defender" | "white" | "d" => Some(Side::Defenders),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
