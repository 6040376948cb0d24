//! The evaluation's weights as data: one set per game, read from `core/data/weights.json`
//! (embedded in the library) or from a file that `tafl tune` wrote in the same format.
//!
//! The file is JSON: `{"format": 1, "variants": {"copenhagen": {"attacker": 100, ...}, ...}}`,
//! with every game of [`VariantKind::ALL`] under its name and every weight of [`Weights`]
//! (integers, hundredths of a soldier); `level` may be left out and is then 0.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use super::score::Score;
use crate::engine::variant::VariantKind;

/// The weights the library ships.
pub const SHIPPED_JSON: &str = include_str!("../../data/weights.json");

/// The version of the file format this library reads and writes.
pub const FORMAT: u32 = 1;

/// One game's weights, each term from the defenders' point of view, in hundredths of a soldier.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weights {
    /// Per attacker and per defender on the board (the king not counted).
    pub attacker: Score,
    pub defender: Score,
    /// Escape squares the king reaches in two / three rook moves.
    pub escape_in_two: Score,
    pub escape_in_three: Score,
    /// Per square the king can move to.
    pub king_mobility: Score,
    /// Per attacker next to the king (a strong king on the edge earns it back once).
    pub king_pressure: Score,
    /// Per attacker on a square that guards a corner.
    pub corner_guard: Score,
    /// Per edge square the defenders can still reach through squares free of attackers.
    pub open_edge: Score,
    /// Per square of the defenders' room (every square they can reach through squares free of
    /// attackers): once the edge is sealed, shrinking it is the attackers' progress.
    pub room: Score,
    /// Per enemy piece the side to move can capture next move (a quarter of it per own piece
    /// the other side can capture).
    pub threat: Score,
    /// One escape square in reach when it is the defenders' turn is a win next move; when the
    /// attackers are to move, two are (they cannot block both): scored as this (or half of it).
    pub near_win: Score,
    /// One open line with the attackers to move: they must answer it.
    pub single_open_line: Score,
    /// Escape squares the king would reach in two / three moves if his own men stood aside:
    /// the approaches the attackers have left open, which a plan of several moves can use.
    pub approach_in_two: Score,
    pub approach_in_three: Score,
    /// A constant for the defenders: how much better their game is than the terms above say,
    /// as the results show (the armies' balance that no term measures). It changes no choice
    /// between two moves, only how a draw compares with playing on (see `ai::search`'s
    /// contempt). Files written before it existed read as 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub level: Score,
}

fn is_zero(level: &Score) -> bool {
    *level == 0
}

impl Weights {
    /// Material only: what the evaluation falls back to if the shipped file could not be read
    /// (it always can: a test reads it).
    pub const MATERIAL_ONLY: Weights = Weights {
        attacker: 100,
        defender: 150,
        escape_in_two: 0,
        escape_in_three: 0,
        king_mobility: 0,
        king_pressure: 0,
        corner_guard: 0,
        open_edge: 0,
        room: 0,
        threat: 0,
        near_win: 5_000,
        single_open_line: 0,
        approach_in_two: 0,
        approach_in_three: 0,
        level: 0,
    };
    /// Every weight by its name in the file, for the range check.
    fn named(&self) -> [(&'static str, Score); 15] {
        [
            ("attacker", self.attacker),
            ("defender", self.defender),
            ("escape_in_two", self.escape_in_two),
            ("escape_in_three", self.escape_in_three),
            ("king_mobility", self.king_mobility),
            ("king_pressure", self.king_pressure),
            ("corner_guard", self.corner_guard),
            ("open_edge", self.open_edge),
            ("room", self.room),
            ("threat", self.threat),
            ("near_win", self.near_win),
            ("single_open_line", self.single_open_line),
            ("approach_in_two", self.approach_in_two),
            ("approach_in_three", self.approach_in_three),
            ("level", self.level),
        ]
    }

    fn check_range(&self, game: VariantKind) -> Result<(), WeightsError> {
        match self
            .named()
            .into_iter()
            .find(|(_, value)| value.unsigned_abs() > MAX_WEIGHT.unsigned_abs())
        {
            Some((weight, value)) => Err(WeightsError::OutOfRange {
                game,
                weight: weight.to_string(),
                value,
            }),
            None => Ok(()),
        }
    }
}

/// The weights of every game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightSet {
    /// In [`VariantKind::ALL`] order.
    by_kind: Vec<Weights>,
}

/// Why a weights file cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    /// Not JSON, or not the shape of a weights file (a weight missing, misspelt or not an
    /// integer).
    Syntax(String),
    /// A format this library does not read.
    Format(u32),
    /// A game name no game has.
    UnknownGame(String),
    /// A game without weights.
    Missing(VariantKind),
    /// A weight beyond [`MAX_WEIGHT`] either way.
    OutOfRange {
        game: VariantKind,
        weight: String,
        value: Score,
    },
}

/// The largest weight a file may give, either way (a thousand soldiers). Far above any useful
/// weight, and low enough that no evaluation overflows: every count the evaluation weighs is
/// a count of squares, so with every weight at this bound a 19x19 position sums to less
/// than 15 x 361 x 100 000, well within an `i32` (and `eval::MAX_EVAL` then bounds it).
pub const MAX_WEIGHT: Score = 100_000;

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightsError::Syntax(e) => write!(f, "not a weights file: {e}"),
            WeightsError::Format(n) => {
                write!(f, "weights file format {n} (this program reads {FORMAT})")
            }
            WeightsError::UnknownGame(name) => write!(f, "weights for an unknown game '{name}'"),
            WeightsError::Missing(kind) => write!(f, "no weights for {}", kind.name()),
            WeightsError::OutOfRange {
                game,
                weight,
                value,
            } => write!(
                f,
                "{}: {weight} is {value}, beyond the limit of {MAX_WEIGHT} either way",
                game.name()
            ),
        }
    }
}

impl std::error::Error for WeightsError {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    format: u32,
    variants: BTreeMap<String, Weights>,
}

impl WeightSet {
    /// Reads a weights file.
    pub fn parse(text: &str) -> Result<WeightSet, WeightsError> {
        let file: File =
            serde_json::from_str(text).map_err(|e| WeightsError::Syntax(e.to_string()))?;
        if file.format != FORMAT {
            return Err(WeightsError::Format(file.format));
        }
        if let Some(name) = file
            .variants
            .keys()
            .find(|name| VariantKind::ALL.iter().all(|k| k.name() != name.as_str()))
        {
            return Err(WeightsError::UnknownGame(name.clone()));
        }
        let by_kind = VariantKind::ALL
            .iter()
            .map(|&kind| {
                file.variants
                    .get(kind.name())
                    .cloned()
                    .ok_or(WeightsError::Missing(kind))
            })
            .collect::<Result<Vec<_>, _>>()?;
        for (&game, w) in VariantKind::ALL.iter().zip(&by_kind) {
            w.check_range(game)?;
        }
        Ok(WeightSet { by_kind })
    }

    /// The file's text: one game a line, in [`VariantKind::ALL`] order.
    pub fn to_json(&self) -> String {
        let mut out = format!("{{\n  \"format\": {FORMAT},\n  \"variants\": {{\n");
        for (i, (kind, w)) in VariantKind::ALL.iter().zip(&self.by_kind).enumerate() {
            let body = serde_json::to_string(w).unwrap_or_default();
            let comma = if i + 1 < self.by_kind.len() { "," } else { "" };
            out.push_str(&format!("    \"{}\": {body}{comma}\n", kind.name()));
        }
        out.push_str("  }\n}\n");
        out
    }

    /// A game's weights.
    pub fn get(&self, kind: VariantKind) -> &Weights {
        self.by_kind
            .get(kind as usize)
            .unwrap_or(&Weights::MATERIAL_ONLY)
    }

    /// Replaces a game's weights.
    pub fn set(&mut self, kind: VariantKind, weights: Weights) {
        if let Some(slot) = self.by_kind.get_mut(kind as usize) {
            *slot = weights;
        }
    }
}

static SHIPPED: LazyLock<WeightSet> = LazyLock::new(|| {
    WeightSet::parse(SHIPPED_JSON).unwrap_or_else(|_| WeightSet {
        by_kind: VariantKind::ALL.map(|_| Weights::MATERIAL_ONLY).to_vec(),
    })
});

/// The weights the library ships (`core/data/weights.json`).
pub fn shipped() -> &'static WeightSet {
    &SHIPPED
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_file_loads_and_covers_every_game() {
        let set = WeightSet::parse(SHIPPED_JSON).expect("the shipped weights load");
        for kind in VariantKind::ALL {
            assert_ne!(set.get(kind), &Weights::MATERIAL_ONLY, "{kind:?}");
        }
        assert_eq!(shipped(), &set);
    }

    #[test]
    fn a_written_file_reads_back_the_same() {
        let mut set = shipped().clone();
        let mut w = set.get(VariantKind::Brandubh).clone();
        w.room = 7;
        set.set(VariantKind::Brandubh, w);
        assert_eq!(WeightSet::parse(&set.to_json()), Ok(set));
    }

    #[test]
    fn every_weight_is_range_checked_by_its_name_in_the_file() {
        let w = Weights {
            level: 1,
            ..shipped().get(VariantKind::Copenhagen).clone()
        };
        let written = serde_json::to_value(&w).expect("weights serialise");
        let in_file: Vec<&str> = written
            .as_object()
            .expect("an object")
            .keys()
            .map(String::as_str)
            .collect();
        let mut checked: Vec<&str> = w.named().iter().map(|(name, _)| *name).collect();
        checked.sort_unstable();
        assert_eq!(in_file, checked);
    }

    #[test]
    fn weights_beyond_the_limit_are_refused_by_name() {
        let text = shipped().to_json();
        for (bad, value) in [("\"room\":5,", 100_001), ("\"room\":5,", -2_147_483_648)] {
            let changed = text.replacen(bad, &format!("\"room\":{value},"), 1);
            assert_ne!(changed, text);
            assert_eq!(
                WeightSet::parse(&changed),
                Err(WeightsError::OutOfRange {
                    game: VariantKind::Copenhagen,
                    weight: "room".into(),
                    value,
                })
            );
        }
        let leveled = text.replace("\"level\":500", "\"level\":-100000");
        assert!(WeightSet::parse(&leveled).is_ok());
        let too_far = text.replace("\"level\":500", "\"level\":100001");
        assert!(
            WeightSet::parse(&too_far)
                .unwrap_err()
                .to_string()
                .contains("hnefatafl-13: level is 100001")
        );
    }

    #[test]
    fn a_level_is_written_only_where_there_is_one() {
        let text = shipped().to_json();
        let lines_with_level: Vec<&str> =
            text.lines().filter(|l| l.contains("\"level\"")).collect();
        assert_eq!(lines_with_level.len(), 1, "{text}");
        assert!(lines_with_level[0].contains("\"hnefatafl-13\""), "{text}");
        // A file from before levels existed reads with a level of 0.
        let without = text.replace(",\"level\":500", "");
        assert_ne!(without, text);
        let read = WeightSet::parse(&without).expect("a file without levels loads");
        assert_eq!(read.get(VariantKind::Hnefatafl13).level, 0);
    }

    #[test]
    fn bad_files_are_typed_errors() {
        assert!(matches!(
            WeightSet::parse("not json"),
            Err(WeightsError::Syntax(_))
        ));
        let text = shipped().to_json();
        assert_eq!(
            WeightSet::parse(&text.replace("\"format\": 1", "\"format\": 2")),
            Err(WeightsError::Format(2))
        );
        assert_eq!(
            WeightSet::parse(&text.replace("\"brandubh\"", "\"brandubx\"")),
            Err(WeightsError::UnknownGame("brandubx".into()))
        );
        assert!(matches!(
            WeightSet::parse(&text.replace("\"room\"", "\"rooms\"")),
            Err(WeightsError::Syntax(_))
        ));
        let without_tablut: String = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("\"tablut\""))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(
            WeightSet::parse(&without_tablut),
            Err(WeightsError::Missing(VariantKind::Tablut))
        );
    }
}
