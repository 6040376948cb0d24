//! OpenTafl notation (OTN): squares (`f6`), moves with captures (`g3-e3xe2`,
//! `c3-c1xd1/e1/f1`), positions (`/3ttttt3/5t5/11/...`, top rank first; `t` attacker,
//! `T` defender, `K` king) and game records.

use std::fmt;
use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::bits::Bits;
use crate::game::Game;
use crate::geometry::Geometry;
use crate::moves::Move;
use crate::position::{Piece, Position, PositionError, Side};
use crate::variant::{RuleOptions, Variant, VariantKind};

pub use crate::geometry::{parse_square, square_name};

/// Why a text is not valid notation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum NotationError {
    /// A square that is not on this board (or not a square at all).
    BadSquare(String),
    /// A move that is not `FROM-TO` with optional `xSQUARE...` captures.
    BadMove(String),
    /// A position string that does not describe this board.
    BadPosition(String),
    /// A game record that cannot be read.
    BadRecord(String),
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::BadSquare(s) => write!(f, "'{s}' is not a square of this board"),
            NotationError::BadMove(s) => {
                write!(f, "'{s}' is not a move (write it like d1-d3)")
            }
            NotationError::BadPosition(s) => write!(f, "bad position: {s}"),
            NotationError::BadRecord(s) => write!(f, "bad game record: {s}"),
        }
    }
}

impl std::error::Error for NotationError {}

/// Parses `FROM-TO` with optional captures (`xe2`, `xd1/e1/f1` or `xd1xe1xf1`). Returns the
/// move and the captures the text claims (`None` when it names none).
pub fn parse_move(g: &Geometry, text: &str) -> Result<(Move, Option<Bits>), NotationError> {
    let bad = || NotationError::BadMove(text.trim().to_string());
    let text = text.trim();
    let (squares, captures) = match text.find(['x', 'X']) {
        Some(i) => (&text[..i], Some(&text[i + 1..])),
        None => (text, None),
    };
    let (from, to) = squares.split_once('-').ok_or_else(bad)?;
    let square = |s: &str| parse_square(g, s).ok_or_else(|| NotationError::BadSquare(s.into()));
    let mv = Move::new(square(from)?, square(to)?);
    let captures = match captures {
        None => None,
        Some(list) => {
            let mut set = Bits::EMPTY;
            for name in list.split(['/', 'x', 'X']) {
                set.insert(square(name)?);
            }
            Some(set)
        }
    };
    Ok((mv, captures))
}

/// A move in OTN, with its captures if any: `c3-c1xd1/e1/f1`.
pub fn format_move(g: &Geometry, mv: Move, captured: Bits) -> String {
    let mut s = format!("{}-{}", square_name(g, mv.from), square_name(g, mv.to));
    for (i, sq) in captured.iter().enumerate() {
        s.push(if i == 0 { 'x' } else { '/' });
        s.push_str(&square_name(g, sq));
    }
    s
}

/// A position's piece placement, top rank first: `/3ttttt3/5t5/11/.../`.
pub fn format_position(pos: &Position) -> String {
    pos.placement()
}

/// Parses a piece placement for this variant, with the given side to move.
pub fn parse_position(
    variant: &'static Variant,
    text: &str,
    side: Side,
) -> Result<Position, NotationError> {
    let g = &variant.geometry;
    let bad = |why: String| NotationError::BadPosition(why);
    let rows: Vec<&str> = text.trim().trim_matches('/').split('/').collect();
    if rows.len() != g.size as usize {
        return Err(bad(format!(
            "{} ranks given, the {} board has {}",
            rows.len(),
            variant.kind.name(),
            g.size
        )));
    }
    let (mut attackers, mut defenders, mut king) = (Bits::EMPTY, Bits::EMPTY, None);
    for (i, row) in rows.iter().enumerate() {
        let rank = g.size - 1 - i as u8;
        let mut file: u32 = 0;
        let mut digits = String::new();
        let mut place = |c: char, file: &mut u32| -> Result<(), NotationError> {
            let sq = u8::try_from(*file)
                .ok()
                .and_then(|f| g.square(f, rank))
                .ok_or_else(|| bad(format!("rank {} is too long", rank + 1)))?;
            match Piece::from_letter(c) {
                Some(Piece::Attacker) => attackers.insert(sq),
                Some(Piece::Defender) => defenders.insert(sq),
                Some(Piece::King) if king.is_none() => king = Some(sq),
                Some(Piece::King) => return Err(bad("more than one king".into())),
                None => return Err(bad(format!("unknown piece '{c}'"))),
            }
            *file += 1;
            Ok(())
        };
        // A run of empty squares; any count beyond the board is refused, however many digits.
        let skip = |digits: &str, file: u32| {
            digits
                .parse::<u32>()
                .ok()
                .and_then(|n| file.checked_add(n))
                .filter(|&f| f <= g.size as u32)
                .ok_or_else(|| bad(format!("rank {} is too long", rank + 1)))
        };
        for c in row.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            if !digits.is_empty() {
                file = skip(&digits, file)?;
                digits.clear();
            }
            place(c, &mut file)?;
        }
        if !digits.is_empty() {
            file = skip(&digits, file)?;
        }
        if file != g.size as u32 {
            return Err(bad(format!(
                "rank {} has {file} squares, not {}",
                rank + 1,
                g.size
            )));
        }
    }
    let king = king.ok_or_else(|| bad("no king".into()))?;
    Position::from_parts(variant, attackers, defenders, king, side).map_err(|e| match e {
        // The squares come from this board, so none is off it; say so plainly if it happens.
        PositionError::OffBoard(_) => bad("a piece off the board".into()),
        PositionError::Overlap(sq) => bad(format!("two pieces on {}", square_name(g, sq))),
        PositionError::Restricted(sq) => {
            bad(format!("only the king may stand on {}", square_name(g, sq)))
        }
    })
}

/// A whole game, as stored and exchanged. Serializes with serde, and as OTN-style text with
/// [`GameRecord::to_text`] / [`GameRecord::parse_text`].
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameRecord {
    pub variant: VariantKind,
    pub options: RuleOptions,
    /// The starting placement when it is not the variant's opening, with the side to move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<StartPosition>,
    /// The moves in OTN, captures included.
    pub moves: Vec<String>,
    /// `ongoing`, `attackers:REASON`, `defenders:REASON` or `draw:REASON`.
    pub result: String,
}

/// A starting position other than the opening.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct StartPosition {
    pub position: String,
    pub turn: Side,
}

impl GameRecord {
    /// The record of a game.
    pub fn from_game(game: &Game) -> GameRecord {
        let v = game.variant();
        let g = &v.geometry;
        let start = game.start();
        let standard = *start == Position::start(v.kind);
        GameRecord {
            variant: v.kind,
            options: game.options(),
            start: (!standard).then(|| StartPosition {
                position: format_position(start),
                turn: start.side_to_move(),
            }),
            moves: game
                .moves()
                .map(|(mv, captured)| format_move(g, mv, captured))
                .collect(),
            result: game.status().to_string(),
        }
    }

    /// OTN-style text: tag lines, then numbered move pairs.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "[variant \"{}\"]", self.variant.name());
        let _ = writeln!(
            out,
            "[exit-forts \"{}\"]",
            if self.options.exit_forts { "on" } else { "off" }
        );
        if let Some(s) = &self.start {
            let _ = writeln!(out, "[position \"{}\"]", s.position);
            let _ = writeln!(out, "[turn \"{}\"]", s.turn.name());
        }
        let _ = writeln!(out, "[result \"{}\"]", self.result);
        let first_mover = self.start.as_ref().map_or(Side::Attackers, |s| s.turn);
        let mut moves = self.moves.iter();
        let mut number = 1;
        if first_mover == Side::Defenders {
            if let Some(m) = moves.next() {
                let _ = writeln!(out, "{number}. ... {m}");
                number += 1;
            }
        }
        let rest: Vec<&String> = moves.collect();
        for pair in rest.chunks(2) {
            let _ = write!(out, "{number}.");
            for m in pair {
                let _ = write!(out, " {m}");
            }
            out.push('\n');
            number += 1;
        }
        out
    }

    /// Reads the text written by [`GameRecord::to_text`].
    pub fn parse_text(text: &str) -> Result<GameRecord, NotationError> {
        let bad = |why: &str| NotationError::BadRecord(why.to_string());
        let mut tags = Vec::new();
        let mut moves = Vec::new();
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
            if let Some(tag) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                let (name, value) = tag.split_once(' ').ok_or_else(|| bad(line))?;
                tags.push((
                    name.trim().to_string(),
                    value.trim().trim_matches('"').to_string(),
                ));
                continue;
            }
            for token in line.split_whitespace() {
                if token.ends_with('.') || token == "..." {
                    continue;
                }
                moves.push(token.to_string());
            }
        }
        let tag = |name: &str| {
            tags.iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_str())
        };
        let variant = tag("variant")
            .and_then(VariantKind::parse)
            .ok_or_else(|| bad("missing or unknown variant"))?;
        let exit_forts = !matches!(tag("exit-forts"), Some("off"));
        let start = match (tag("position"), tag("turn")) {
            (Some(position), turn) => Some(StartPosition {
                position: position.to_string(),
                turn: turn.and_then(Side::parse).unwrap_or(Side::Attackers),
            }),
            (None, _) => None,
        };
        Ok(GameRecord {
            variant,
            options: RuleOptions { exit_forts },
            start,
            moves,
            result: tag("result").unwrap_or("ongoing").to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip_on_every_board() {
        for kind in VariantKind::ALL {
            let g = &kind.rules().geometry;
            for sq in g.board {
                assert_eq!(parse_square(g, &square_name(g, sq)), Some(sq));
            }
        }
        let g = &VariantKind::Brandubh.rules().geometry;
        for bad in ["h1", "a8", "a0", "a", "", "1a", "a-1", "a01x"] {
            assert_eq!(parse_square(g, bad), None, "{bad}");
        }
    }

    #[test]
    fn moves_parse_with_both_capture_styles() {
        let g = &VariantKind::Copenhagen.rules().geometry;
        let sq = |s| parse_square(g, s).unwrap();
        let (mv, caps) = parse_move(g, "c3-c1xd1/e1/f1").unwrap();
        assert_eq!(mv, Move::new(sq("c3"), sq("c1")));
        let expected: Bits = [sq("d1"), sq("e1"), sq("f1")].into_iter().collect();
        assert_eq!(caps, Some(expected));
        assert_eq!(parse_move(g, "c3-c1xd1xe1xf1").unwrap().1, Some(expected));
        assert_eq!(format_move(g, mv, expected), "c3-c1xd1/e1/f1");
        assert_eq!(parse_move(g, "d1-d3").unwrap().1, None);
        assert!(parse_move(g, "d1d3").is_err());
        assert!(parse_move(g, "d1-z3").is_err());
    }

    #[test]
    fn opening_positions_round_trip() {
        for kind in VariantKind::ALL {
            let pos = Position::start(kind);
            let text = format_position(&pos);
            assert_eq!(
                parse_position(kind.rules(), &text, Side::Attackers).unwrap(),
                pos
            );
        }
        assert_eq!(
            format_position(&Position::start(VariantKind::Copenhagen)),
            "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/"
        );
    }

    #[test]
    fn bad_positions_are_refused() {
        let v = VariantKind::Brandubh.rules();
        for bad in ["/7/7/7/7/7/7/7/", "/7/7/7/3K3/7/7/", "/7/7/7/3K4/7/7/7/"] {
            assert!(parse_position(v, bad, Side::Attackers).is_err(), "{bad}");
        }
        // A soldier on a corner.
        assert!(parse_position(v, "/t6/7/7/3K3/7/7/7/", Side::Attackers).is_err());
        // Two kings: refused as such, not read as the last one.
        assert_eq!(
            parse_position(v, "/7/7/7/3K3/7/1K5/7/", Side::Attackers),
            Err(NotationError::BadPosition("more than one king".into()))
        );
    }

    #[test]
    fn records_number_their_moves_in_pairs_from_the_first_mover() {
        let v = VariantKind::Brandubh.rules();
        let play = |game: &mut Game, moves: &str| {
            for text in moves.split_whitespace() {
                let (mv, _) = parse_move(&v.geometry, text).expect("a move");
                game.play(mv).expect("legal");
            }
        };
        let moves_of = |game: &Game| -> Vec<String> {
            GameRecord::from_game(game)
                .to_text()
                .lines()
                .filter(|l| !l.starts_with('['))
                .map(str::to_string)
                .collect()
        };
        // From the opening the attackers move first: whole pairs, the last one half full.
        let mut game = Game::new(VariantKind::Brandubh);
        play(&mut game, "b4-b3 d5-e5 b3-b4 e5-d5 b4-b3");
        assert_eq!(
            moves_of(&game),
            ["1. b4-b3 d5-e5", "2. b3-b4 e5-d5", "3. b4-b3"]
        );
        // From a set-up position with the defenders to move, their first move stands alone.
        let start =
            parse_position(v, "/3t3/3t3/3T3/tt1KTtt/3T3/3t3/3t3/", Side::Defenders).expect("ok");
        let mut game = Game::from_position(start, RuleOptions::default());
        play(&mut game, "d5-e5 b4-b3 e5-d5 b3-b4");
        assert_eq!(
            moves_of(&game),
            ["1. ... d5-e5", "2. b4-b3 e5-d5", "3. b3-b4"]
        );
    }

    #[test]
    fn long_runs_of_digits_are_refused_without_overflow() {
        let v = VariantKind::Brandubh.rules();
        for bad in [
            // After a piece, a count that wraps a 32-bit file counter back to the same file.
            "/t4294967295T5/7/7/3K3/7/7/7/",
            "/4294967295/7/7/3K3/7/7/7/",
            "/99999999999999999999999999/7/7/3K3/7/7/7/",
            "/3K3/18446744073709551616t/7/7/7/7/7/",
        ] {
            assert!(parse_position(v, bad, Side::Attackers).is_err(), "{bad}");
        }
        // Counts that add up to the board's width are fine, however they are split.
        assert!(parse_position(v, "/007/7/7/3K3/7/7/7/", Side::Attackers).is_ok());
    }
}
