//! The player's puzzles of one game at a glance: solved and missed, the rating after each,
//! and the themes they do worst and best at. Built from the results the store keeps
//! (`Store::puzzle_results`), so it needs nothing stored of its own.

use std::collections::HashMap;
use std::sync::LazyLock;

use crate::engine::variant::VariantKind;

use super::{Theme, shipped};

/// One puzzle played to a result, as the store keeps it.
#[derive(Clone, PartialEq, Debug)]
pub struct PlayedPuzzle {
    /// The puzzle's key ([`super::Puzzle::key`]).
    pub key: String,
    /// Solved at the first try.
    pub solved: bool,
    /// The player's rating after it.
    pub rating: f64,
}

/// How the player does at one theme.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ThemeScore {
    pub theme: Theme,
    pub solved: u32,
    pub played: u32,
}

impl ThemeScore {
    /// Compares the share solved without dividing: `a/b < c/d` as `a*d < c*b`.
    fn share_cmp(&self, other: &ThemeScore) -> std::cmp::Ordering {
        (u64::from(self.solved) * u64::from(other.played))
            .cmp(&(u64::from(other.solved) * u64::from(self.played)))
    }
}

/// The dashboard of one game.
#[derive(Clone, PartialEq, Debug)]
pub struct Dashboard {
    pub kind: VariantKind,
    /// Puzzles of the game solved at the first try.
    pub solved: u32,
    /// Puzzles of the game missed (a wrong move first, or given up).
    pub failed: u32,
    /// The player's rating after each puzzle of the game, oldest first.
    pub ratings: Vec<f64>,
    /// Every theme played, the weakest first: the smallest share solved, and among equal
    /// shares the one played more (it is the surer finding).
    pub themes: Vec<ThemeScore>,
}

/// The game and theme of every shipped puzzle, by key.
static SHIPPED_KEYS: LazyLock<HashMap<String, (VariantKind, Theme)>> = LazyLock::new(|| {
    shipped()
        .iter()
        .map(|p| (p.key(), (p.game.variant().kind, p.theme)))
        .collect()
});

impl Dashboard {
    /// The dashboard of `kind` from every result the player had, oldest first. A result of a
    /// puzzle this version does not ship counts by the game its key names, with no theme.
    pub fn of(kind: VariantKind, results: &[PlayedPuzzle]) -> Dashboard {
        let mut out = Dashboard {
            kind,
            solved: 0,
            failed: 0,
            ratings: Vec::new(),
            themes: Vec::new(),
        };
        for r in results {
            let (game, theme) = match SHIPPED_KEYS.get(&r.key) {
                Some(&(game, theme)) => (Some(game), Some(theme)),
                None => (r.key.split(':').next().and_then(VariantKind::parse), None),
            };
            if game != Some(kind) {
                continue;
            }
            if r.solved {
                out.solved += 1;
            } else {
                out.failed += 1;
            }
            out.ratings.push(r.rating);
            if let Some(theme) = theme {
                let score = match out.themes.iter_mut().find(|s| s.theme == theme) {
                    Some(score) => score,
                    None => {
                        out.themes.push(ThemeScore {
                            theme,
                            solved: 0,
                            played: 0,
                        });
                        out.themes.last_mut().expect("just pushed")
                    }
                };
                score.played += 1;
                score.solved += u32::from(r.solved);
            }
        }
        out.themes
            .sort_by(|a, b| a.share_cmp(b).then(b.played.cmp(&a.played)));
        out
    }

    /// The theme the player does worst at, when any was played.
    pub fn weakest(&self) -> Option<ThemeScore> {
        self.themes.first().copied()
    }

    /// The theme the player does best at: a larger share solved than the weakest's.
    pub fn strongest(&self) -> Option<ThemeScore> {
        let weakest = self.weakest()?;
        self.themes
            .iter()
            .copied()
            .filter(|s| s.share_cmp(&weakest).is_gt())
            .max_by(|a, b| a.share_cmp(b).then(a.played.cmp(&b.played)))
    }
}
